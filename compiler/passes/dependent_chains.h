// Loops bound by the latency of their chains of dependent operations
// (dependent_chains.cpp): fewer than four operations per step of their
// longest loop-carried chain, as clpeak's compute kernels are (each
// multiply-add on the result of the last, one chain per component). Such a
// loop is bound by latency, not by throughput, and runs fast only with
// many work-items' chains in flight: its packets get as many lanes as
// keep enough chains going (packet_width.h, latencyPacketWidth), and it is
// not unrolled (unroll_small_loops.cpp).
#pragma once

namespace llvm {
class Function;
class Loop;
class LoopInfo;
} // namespace llvm

namespace corecl::compiler {

/// An innermost loop's operations (arithmetic, comparisons, selects, math
/// intrinsics; a vector operation counts its elements) per iteration, and the longest loop-carried
/// chain among them: the operations from a header phi's value in one iteration to its value in the
/// next. Zeros for a loop that is not innermost or has no single latch.
struct ChainShape {
  unsigned operations = 0, chain = 0;
  bool floatingPoint = false; // most operations are on floating point
  /// Fewer than `parallelism` operations per step of the chain (and at
  /// least eight operations).
  bool latencyBound(unsigned parallelism) const {
    return operations >= 8 && chain > 0 && operations < parallelism * chain;
  }
};
ChainShape chainShape(llvm::Loop &loop, llvm::LoopInfo &loops);

/// An innermost loop's operations per iteration on floating point and on
/// 32-bit integers (as chainShape counts operations), with
/// `chain` the longest chain of them within one iteration wherever it
/// starts (a work-item loop's iterations are independent: what counts is
/// how many chains one runs side by side). Zeros for a loop not innermost.
ChainShape iterationShape(llvm::Loop &loop, llvm::LoopInfo &loops);

/// The same for a function without loops, whose body is one iteration of
/// its work-item loop (clpeak's int kernels: one chain of 32-bit
/// multiply-adds per work-item, unrolled). Zeros if `f` has a loop.
ChainShape straightLineShape(llvm::Function &f, llvm::LoopInfo &loops);

/// A chain shorter than this ends before its latency matters.
constexpr unsigned kLatencyChain = 64;

/// Operations per step of a loop's chain below which it waits on latency:
/// an FMA takes four cycles on each of two pipes. clpeak's float2 (two
/// chains of 16 multiply-adds per trip) ran at half its float's rate as a
/// packet when the line was at two.
constexpr unsigned kLatencyParallelism = 4;

/// True if innermost `loop` is bound by its chains' latency.
inline bool isLatencyBound(llvm::Loop &loop, llvm::LoopInfo &loops) {
  return chainShape(loop, loops).latencyBound(kLatencyParallelism);
}

} // namespace corecl::compiler
