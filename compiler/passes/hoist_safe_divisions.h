// Moves divisions that cannot trap and do not change inside a loop out of
// it, before the loop vectoriser (hoist_safe_divisions.cpp).
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct HoistSafeDivisionsPass : llvm::PassInfoMixin<HoistSafeDivisionsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
