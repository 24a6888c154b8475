// How many lanes a packet (packetize.h) of a work-item function gets.
#pragma once
#include <cstdint>

namespace llvm {
class Argument;
class Function;
} // namespace llvm

namespace corecl::compiler {

/// Lanes per packet of `f` on registers of `simdBytes` (1: no packet worth
/// making): enough to fill a register with the widest value `f` loads,
/// stores or computes with (accesses through `ctx`, the launch context,
/// aside), and no more than keep its live values within the registers.
/// `componentsSplit`: short vectors (up to four elements) were split into
/// components for computing, and only move through memory whole.
/// How far the live values limit the lanes.
enum class LiveLimit {
  Registers,         // within 56 registers
  NotBelowARegister, // the same, but a register's worth of lanes at least
  None,              // as many lanes as fill a register, whatever is live
};
/// `lane`, if given: the parameter the lanes differ in; accesses whose
/// address does not depend on it (a group's slot of a uniform loop
/// counter) are the same for every lane and leave the width alone.
/// `vectorRegisters`: how many registers of `simdBytes` the target has
/// (16 or 32).
unsigned choosePacketWidth(llvm::Function &f, llvm::Argument *ctx, unsigned simdBytes,
                           unsigned vectorRegisters, bool componentsSplit = false,
                           LiveLimit limit = LiveLimit::Registers,
                           const llvm::Argument *lane = nullptr);

/// The lanes a packet of `f` (of `width` lanes chosen by choosePacketWidth)
/// should have to keep enough chains in flight through its most
/// latency-bound loop (dependent_chains.h), or through a body without
/// loops that is a few long chains (straightLineShape): `width` times a power of two,
/// within the live registers and the private arrays' stack, or `width`
/// when no loop of `f` is latency bound. clpeak's float (one chain of
/// multiply-adds per work-item): 16 registers of lanes, where one waited
/// on every operation's latency (68 against 524 GFLOP/s on Zen 4).
unsigned latencyPacketWidth(llvm::Function &f, unsigned width, unsigned simdBytes);

/// True if `f` loads or stores OpenCL vectors of more than four elements
/// and half a register of `registerBits` or more: split into components,
/// they would have to be put back together from eight- or sixteen-way
/// interleaved accesses (optimize.cpp's scalariser leaves such functions
/// whole).
bool movesWideVectors(llvm::Function &f, unsigned registerBits);

/// The most bytes of values (pointers aside) live at once anywhere in `f`.
uint64_t peakLiveBytes(llvm::Function &f);

} // namespace corecl::compiler
