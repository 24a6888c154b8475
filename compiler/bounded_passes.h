// Keeps LLVM passes whose time grows with the square of a block's length
// off blocks so long that they would dominate a build. Generated
// straight-line kernels of thousands of statements become one block of
// tens of thousands of instructions in the work-item loop, which also
// holds every loop of the kernel.
#pragma once

namespace llvm {
class Function;
class PassInstrumentationCallbacks;
} // namespace llvm

namespace corecl::compiler {

/// Whether `f` has a block longer than the quadratic passes are given.
bool hasHugeBlock(const llvm::Function &f);

/// Skips those passes (see bounded_passes.cpp) on functions with a huge
/// block, and the loop passes quadratic in a loop nest's size inside huge
/// nests, for every pass manager run with `callbacks`.
void skipQuadraticPassesOnHugeBlocks(llvm::PassInstrumentationCallbacks &callbacks);

} // namespace corecl::compiler
