// Keeps LLVM 19's x86 back end from folding a vector select over bitwise
// logic into one masked VPTERNLOG (avoid_masked_ternlog.cpp). A function
// pass of its own header, the last before code generation.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct AvoidMaskedTernlogPass : llvm::PassInfoMixin<AvoidMaskedTernlogPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
