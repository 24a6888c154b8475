// Which local-id dimension a kernel's work-item loops vectorise across
// (item_order.cpp): x by default, y where the kernel's memory accesses
// are consecutive or uniform along y and scattered along x.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace corecl::compiler {

/// The x and y extents of `body`'s work-groups (a kernel body with
/// work-item parameters, before barrier regions) if its work-items may run
/// in either order: its kernel requires a work-group size whose y extent
/// fills a vector, in one layer, and nothing in it depends on x-major order
/// (packets). Otherwise nothing.
struct ItemExtents {
  uint64_t x, y;
};
std::optional<ItemExtents> extentsForEitherOrder(llvm::Function &body);

/// Whether a kernel body's accesses (weighted by loop depth) cost clearly
/// less along y (true) or along x (false): one order at least five
/// percent cheaper, or the order forced by CORECL_ITEM_ORDER=xy or yx.
/// Nothing when the two are too close for an estimate over the whole body
/// to tell.
std::optional<bool> clearPreference(llvm::Function &body, const ItemExtents &extents);

/// Estimated vector costs of a region along x and along y.
struct OrderCosts {
  uint64_t x = 0, y = 0;
};

/// The loop depth that weighs a block's accesses.
using LoopDepth = std::function<unsigned(const llvm::BasicBlock &)>;

/// The costs of the loads and stores of `region` (a region function, its
/// per-work-item storage accesses included), each block weighted by
/// `loopDepth`: the number of loops that multiply its runs (barrier_regions
/// counts the loops around the region's start that leave the region and
/// the loops around the block wholly inside it).
OrderCosts regionCosts(llvm::Function &region, const ItemExtents &extents,
                       const LoopDepth &loopDepth);

/// True if a region with these costs runs along y: five percent in favour
/// of x (or CORECL_ITEM_ORDER decides).
bool prefersColumns(const OrderCosts &costs);

/// The cost in the order prefersColumns picks.
uint64_t costInPreferredOrder(const OrderCosts &costs);

} // namespace corecl::compiler
