// Turns the vectoriser's masked loads and stores of per-work-item storage
// into plain ones (unmask_item_storage.cpp). A function pass of its own
// header, run after LLVM's loop vectoriser.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct UnmaskItemStoragePass : llvm::PassInfoMixin<UnmaskItemStoragePass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
