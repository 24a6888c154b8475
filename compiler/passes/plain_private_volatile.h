// Makes volatile accesses to private variables whose address never leaves
// the work-item plain ones (plain_private_volatile.cpp).
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct PlainPrivateVolatilePass : llvm::PassInfoMixin<PlainPrivateVolatilePass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
