// Which local-id dimension a kernel's work-item loops vectorise across
// (item_order.cpp): x by default, y where the kernel's memory accesses
// are consecutive or uniform along y and scattered along x.
#pragma once

namespace llvm {
class Function;
}

namespace corecl::compiler {

/// True if `body` (a kernel body with work-item parameters, before barrier
/// regions) should run its work-items with y innermost: its kernel
/// requires a work-group size whose y extent fills a vector, nothing in
/// it depends on x-major order (retiring work-items, packets), and its
/// accesses, weighted by loop depth, cost clearly less as vectors along
/// y than along x. CORECL_ITEM_ORDER=xy or yx decides instead where the
/// kernel allows either.
bool prefersColumnOrder(llvm::Function &body);

} // namespace corecl::compiler
