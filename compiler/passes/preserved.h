// What a pass that changes instructions but never the control flow keeps.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

/// Everything if nothing `changed`, else the analyses of the control flow.
inline llvm::PreservedAnalyses keptUnlessInstructionsChanged(bool changed) {
  if (!changed)
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses kept;
  kept.preserveSet<llvm::CFGAnalyses>();
  return kept;
}

} // namespace corecl::compiler
