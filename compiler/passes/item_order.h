// Which local-id dimension a kernel's work-item loops vectorise across
// (item_order.cpp): x by default, y where the kernel's memory accesses
// are consecutive or uniform along y and scattered along x.
#pragma once
#include <cstdint>
#include <optional>

namespace llvm {
class Function;
}

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

} // namespace corecl::compiler
