// Turns the vectoriser's masked loads and stores of memory the work-group
// call owns (per-work-item storage, local memory) into plain ones
// (unmask_owned_memory.cpp). A function pass of its own header, run after
// LLVM's loop vectoriser.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct UnmaskOwnedMemoryPass : llvm::PassInfoMixin<UnmaskOwnedMemoryPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
