// Rebuilds the loop vectoriser's deinterleaving loads of float4s, int4s
// and double2s as transposes within 128-bit lanes (deinterleave_in_lanes.cpp).
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct DeinterleaveInLanesPass : llvm::PassInfoMixin<DeinterleaveInLanesPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
