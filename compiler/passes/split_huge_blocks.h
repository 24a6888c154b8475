// Splits basic blocks too long for code generation to handle in linear
// time (split_huge_blocks.cpp). Run last, just before code generation.
#pragma once
#include <llvm/IR/PassManager.h>

namespace corecl::compiler {

struct SplitHugeBlocksPass : llvm::PassInfoMixin<SplitHugeBlocksPass> {
  /// Blocks longer than this many instructions are split into pieces of
  /// this many. A cut costs more than a branch: MachineSink moves a
  /// piece's arithmetic into the next piece where its results are used,
  /// but not its loads (the cut's inline asm has side effects), and every
  /// loaded value is then live across the cut. Pieces of 250 cut the rows
  /// of CLBlast XgemmDirect's compute packet in two, 90 spills and reloads
  /// of 32 bytes per row; pieces of 500 leave it whole and build a
  /// 4,000-statement kernel as fast (8,000: 6.7 against 7.9 s).
  static constexpr unsigned kPieceSize = 500;
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
};

} // namespace corecl::compiler
