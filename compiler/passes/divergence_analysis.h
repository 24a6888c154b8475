// WorkItemDivergence (divergence.h) as a new-pass-manager analysis, and a
// printer pass for tests: `corecl_opt -passes='corecl-kernel-body,
// function(print<corecl-divergence>)'` lists, for every kernel body, each
// block that only some work-items may reach and each value that may differ
// between work-items.
#pragma once
#include "compiler/passes/divergence.h"

#include <llvm/IR/PassManager.h>

#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace corecl::compiler {

/// The divergence of a kernel body (a function KernelBodyPass made); no
/// result (std::nullopt) for other functions, which have no work-item
/// parameters to start from.
class WorkItemDivergenceAnalysis : public llvm::AnalysisInfoMixin<WorkItemDivergenceAnalysis> {
  friend llvm::AnalysisInfoMixin<WorkItemDivergenceAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = std::optional<WorkItemDivergence>;
  Result run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

class WorkItemDivergencePrinterPass : public llvm::PassInfoMixin<WorkItemDivergencePrinterPass> {
public:
  explicit WorkItemDivergencePrinterPass(llvm::raw_ostream &out) : out_(out) {}
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &out_;
};

} // namespace corecl::compiler
