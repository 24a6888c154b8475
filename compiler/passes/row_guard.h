// How many work-items at the start of a row can do anything in a region.
//
// A tree reduction in local memory halves its active work-items at each
// step: `if (lid < s) x[lid] += x[lid + s]; barrier(...)`. A row of region
// packets (work_group_loops.cpp, packetRows) ran every packet of the row,
// most of them only to find every lane turned away: the bench's reduction
// as region packets was 1.2x PoCL, against 6.5x for work-item loops ended
// at min(local size, s).
//
// The bound is found on the scalar region, before anything a work-item
// does that another could tell apart:
// from the entry, through blocks that only compute (no stores, atomics,
// volatile accesses or calls that are not pure intrinsics; stores of the
// same value to the same address for every work-item are repeated once
// more before the first packet, which changes nothing) and branch on
// values the same for every work-item, to a branch on `lid.x < u` (u the
// same for every work-item; also `u > lid.x`, `lid.x >= u` with the ways
// swapped, and `lid.x == 0`). Work-items at or past u then take the other
// way, and a row can stop at the first packet wholly past u when what
// that way reaches writes nothing a work-item could tell apart: no stores
// but the same value to the same address for every work-item (the group
// slots a region fills for the next), no atomics, no calls that are not
// pure intrinsics. Every path the prefix takes is the same for every
// work-item of the row, so the bound computed once, before the row's
// first packet, holds for each of them; a load in the prefix reads what
// every work-item reads, unless another work-item of the group writes it
// in the same region, which OpenCL calls a data race.
#ifndef CORECL_COMPILER_PASSES_ROW_GUARD_H
#define CORECL_COMPILER_PASSES_ROW_GUARD_H

namespace llvm {
class Function;
} // namespace llvm

namespace corecl::compiler {

/// A new internal function with `region`'s parameters returning, as i64,
/// the number of work-items at the start of a row (local id `dimension`
/// below it; a column's for dimension 1) that may do anything in the
/// region: all work-items (UINT64_MAX) where the region reaches no such
/// guard. Its result does not depend on that local id. Null when `region`
/// has no guard of that shape, so every row runs whole.
llvm::Function *rowActiveBound(llvm::Function &region, unsigned dimension);

} // namespace corecl::compiler

#endif
