// Removes loops whose only work is stepping values (in registers or at
// fixed addresses) towards an end, before work-group formation
// (fold_step_only_loops.cpp). A loop pass
// of its own header, so that the other passes' users need no loop-pass
// headers.
#pragma once
#include <llvm/Transforms/Scalar/LoopPassManager.h>

namespace corecl::compiler {

struct FoldStepOnlyLoopsPass : llvm::PassInfoMixin<FoldStepOnlyLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Loop &loop, llvm::LoopAnalysisManager &analyses,
                              llvm::LoopStandardAnalysisResults &ar, llvm::LPMUpdater &updater);
};

} // namespace corecl::compiler
