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
/// (retiring work-items, packets). Otherwise nothing.
struct ItemExtents {
  uint64_t x, y;
};
std::optional<ItemExtents> extentsForEitherOrder(llvm::Function &body);

/// True if `f` (a kernel body) costs clearly less with its accesses
/// vectorised along y than along x: weighted by loop depth, five percent
/// in favour of x. CORECL_ITEM_ORDER=xy or yx decides instead.
bool prefersColumns(llvm::Function &f, const ItemExtents &extents);

/// prefersColumns's answer for a kernel body when one order costs at
/// least five percent less than the other (or the order is forced), else
/// nothing: too close for an estimate over the whole body to tell.
std::optional<bool> clearPreference(llvm::Function &body, const ItemExtents &extents);

/// Whether a kernel's order is forced for experiments (CORECL_ITEM_ORDER).
bool itemOrderForced();

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

/// The order decision prefersColumns makes, from costs.
bool prefersColumns(const OrderCosts &costs);

/// The cost in the order prefersColumns picks.
uint64_t costInPreferredOrder(const OrderCosts &costs);

} // namespace corecl::compiler
