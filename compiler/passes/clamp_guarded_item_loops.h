// Ends a work-item loop at the first work-item its guard turns away
// (clamp_guarded_item_loops.cpp). A function pass of its own header, run
// just before LLVM's loop vectoriser.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct ClampGuardedItemLoopsPass : llvm::PassInfoMixin<ClampGuardedItemLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
