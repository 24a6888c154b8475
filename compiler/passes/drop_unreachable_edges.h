// Takes away the edges into blocks that only reach `unreachable`
// (drop_unreachable_edges.cpp).
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct DropUnreachableEdgesPass : llvm::PassInfoMixin<DropUnreachableEdgesPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
