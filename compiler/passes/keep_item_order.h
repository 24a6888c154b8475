// Keeps each work-item's own memory accesses in program order through the
// loop vectoriser (keep_item_order.cpp). A function pass of its own header,
// run just before LLVM's loop vectoriser.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct KeepWorkItemOrderPass : llvm::PassInfoMixin<KeepWorkItemOrderPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
  /// Without it the vectoriser may compute wrong results.
  static bool isRequired() { return true; }
};

} // namespace corecl::compiler
