// Work-item loops whose iterations are long chains of dependent
// floating-point operations with few side by side get an interleave count
// for the loop vectoriser (interleave_long_chains.cpp). A function pass of
// its own header, run just before LLVM's loop vectoriser.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct InterleaveLongChainsPass : llvm::PassInfoMixin<InterleaveLongChainsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
