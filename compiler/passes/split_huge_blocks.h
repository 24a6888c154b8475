// Splits basic blocks too long for code generation to handle in linear
// time (split_huge_blocks.cpp). Run last, just before code generation.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct SplitHugeBlocksPass : llvm::PassInfoMixin<SplitHugeBlocksPass> {
  /// Blocks longer than this many instructions are split into pieces of
  /// this many.
  static constexpr unsigned kPieceSize = 250;
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
