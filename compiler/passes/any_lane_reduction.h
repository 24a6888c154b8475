// Folds "is any lane of this mask set" written lane by lane into one
// reduction (any_lane_reduction.cpp). Run after LLVM's loop vectoriser.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct AnyLaneReductionPass : llvm::PassInfoMixin<AnyLaneReductionPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
