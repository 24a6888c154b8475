// Reorders long straight-line code that holds more independent dependence
// chains than the vector registers can (chain_groups.cpp). Runs after the
// vectorisers, before code generation.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct ChainGroupsPass : llvm::PassInfoMixin<ChainGroupsPass> {
  /// The target's vector registers: their count and width in bits. Zero
  /// asks the target (TargetTransformInfo).
  explicit ChainGroupsPass(unsigned registers = 0, unsigned registerBits = 0)
      : registers(registers), registerBits(registerBits) {}
  /// Runs of fewer movable instructions are left as they are.
  static constexpr unsigned kMinRun = 64;
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
  unsigned registers, registerBits;
};

} // namespace corecl::compiler
