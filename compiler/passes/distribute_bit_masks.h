// Splits bit masks and shifts of a flattened local id into its parts, so
// that an index computed from `lid.x + 8 * lid.y` stays consecutive along
// the work-item loop (distribute_bit_masks.cpp).
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct DistributeBitMasksPass : llvm::PassInfoMixin<DistributeBitMasksPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
