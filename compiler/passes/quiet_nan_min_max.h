// fmin and fmax return the other operand when one is a NaN, a signalling
// one too (OpenCL C treats signalling NaNs as quiet). LLVM's minnum and
// maxnum leave signalling NaNs open, and AArch64's FMINNM/FMAXNM return a
// quiet NaN for them where x86's lowering returns the other operand:
// quiet_nan_min_max.cpp quiets, on AArch64, the operands that may be
// signalling NaNs. A function pass of its own header.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct QuietNaNMinMaxPass : llvm::PassInfoMixin<QuietNaNMinMaxPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
