// Marks loops with a small constant trip count for full unrolling before
// work-group formation (unroll_small_loops.cpp). A loop pass of its own
// header, so that the other passes' users need no loop-pass headers.
#pragma once
#include <llvm/Transforms/Scalar/LoopPassManager.h>

namespace corecl::compiler {

struct MarkSmallLoopsForUnrollPass : llvm::PassInfoMixin<MarkSmallLoopsForUnrollPass> {
  llvm::PreservedAnalyses run(llvm::Loop &loop, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &ar, llvm::LPMUpdater &);
};

} // namespace corecl::compiler
