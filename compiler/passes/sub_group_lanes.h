// Sub-groups in the lanes of a packet (builtins/lib/sub_group.cl).
//
// A sub-group is W consecutive work-items of a row, W the kernel's
// sub-group width: a register of floats (8 lanes with AVX2, 16 with
// AVX-512). The builtins exchange values between the work-items of a
// sub-group through one primitive, __corecl_sub_group_read_u32/u64(x,
// lane). A region (or kernel body) that calls it runs only as packets of W
// lanes along x whose lanes are one sub-group (Lanes::OneSubGroup): there
// the read is a lane extract or a permute. Code that runs one work-item at
// a time runs with sub-groups of one, where the read is `x` itself
// (SubGroupReadsPass). The runtime chooses W for a launch only where W
// divides the x size of each of its groups, so that every sub-group is a
// whole packet, or where the launch's groups are single rows (the row's
// last sub-group then runs as the packet with its trailing lanes off);
// otherwise the launch's sub-groups have one work-item and the packets of
// such regions do not run (work_group_loops.cpp).
#pragma once

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace corecl::compiler {

/// A call of __corecl_sub_group_read_u32/u64(x, lane).
bool isSubGroupRead(const llvm::Instruction &inst);

/// Whether `f` calls the read primitive.
bool readsSubGroupLanes(const llvm::Function &f);

/// The name of a sub-group packet's twin with the lanes past the row off
/// (packetize.h), after the packet's own.
inline constexpr const char *kSubGroupTailSuffix = ".tail";

/// The sub-group width of a kernel compiled for `simdBytes`-byte vectors.
inline unsigned subGroupWidthFor(unsigned simdBytes) {
  return simdBytes / 4 >= 2 ? simdBytes / 4 : 1;
}

} // namespace corecl::compiler
