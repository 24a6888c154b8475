#include "compiler/passes/divergence_analysis.h"

#include "compiler/passes/pass_registry.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/raw_ostream.h>

namespace corecl::compiler {

llvm::AnalysisKey WorkItemDivergenceAnalysis::Key;

WorkItemDivergenceAnalysis::Result
WorkItemDivergenceAnalysis::run(llvm::Function &f, llvm::FunctionAnalysisManager &) {
  if (f.isDeclaration() || !f.hasFnAttribute(attr::kBodyOf))
    return std::nullopt;
  return WorkItemDivergence(f);
}

llvm::PreservedAnalyses
WorkItemDivergencePrinterPass::run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses) {
  const auto &divergence = analyses.getResult<WorkItemDivergenceAnalysis>(f);
  if (!divergence)
    return llvm::PreservedAnalyses::all();
  out_ << "Work-item divergence of '" << f.getName() << "':\n";
  for (llvm::BasicBlock &bb : f) {
    out_ << "  block " << bb.getName();
    if (divergence->isDivergentlyReachedByLive(&bb))
      out_ << ": divergently reached\n";
    else if (divergence->isDivergentlyReached(&bb))
      out_ << ": reached by every work-item that has not returned\n";
    else
      out_ << ":\n";
    for (llvm::Instruction &inst : bb) {
      if (inst.getType()->isVoidTy() && !inst.isTerminator())
        continue;
      // A terminator is listed by the uniformity of its condition.
      const llvm::Value *decided = &inst;
      if (auto *br = llvm::dyn_cast<llvm::BranchInst>(&inst)) {
        if (!br->isConditional())
          continue;
        decided = br->getCondition();
      } else if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(&inst)) {
        decided = sw->getCondition();
      } else if (inst.isTerminator()) {
        continue;
      }
      out_ << (divergence->isUniform(decided) ? "    uniform: " : "    varying: ") << inst << "\n";
    }
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
