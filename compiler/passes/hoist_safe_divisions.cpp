// LLVM 19's loop vectoriser never speculates a division by a variable (it
// may trap), so one in a conditional block of a work-item loop runs under
// the work-items' mask. When the division is the same for every work-item
// (its operands do not change in the loop), the vectoriser computes it
// once, but only if the first work-item of the vector is active, and
// otherwise uses poison: a store whose address depends on it then wrote
// to no address at all when the first work-item took the other branch
// (random program, fuzz seed 17061: `if (lid % 3) a[K / (group | 1) & 3]
// = v;` after a divergent loop).
//
// A division by a divisor that cannot be zero cannot trap either, so when
// its operands do not change in a loop it can run before the loop, once.
// This pass moves such unsigned divisions and remainders (with the
// operands they need) to the loop's preheader. The divisors it knows are
// safe_division.cpp's `select(d == 0, 1, d)` and those LLVM can prove
// non-zero.
#include "compiler/passes/hoist_safe_divisions.h"
#include "compiler/passes/preserved.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PatternMatch.h>

#define DEBUG_TYPE "corecl-hoist-safe-divisions"

namespace corecl::compiler {
namespace {

/// True if `divisor` is never zero.
bool neverZero(llvm::Value *divisor, const llvm::DataLayout &layout) {
  using namespace llvm::PatternMatch;
  llvm::Value *d = nullptr, *other = nullptr;
  llvm::CmpInst::Predicate predicate;
  const llvm::APInt *c = nullptr;
  // safe_division.cpp: select(d == 0, C, d) with C != 0 (or its mirror).
  if (match(divisor,
            m_Select(m_ICmp(predicate, m_Value(d), m_Zero()), m_APInt(c), m_Value(other))) &&
      predicate == llvm::CmpInst::ICMP_EQ && other == d && !c->isZero())
    return true;
  if (match(divisor,
            m_Select(m_ICmp(predicate, m_Value(d), m_Zero()), m_Value(other), m_APInt(c))) &&
      predicate == llvm::CmpInst::ICMP_NE && other == d && !c->isZero())
    return true;
  return llvm::isKnownNonZero(divisor, llvm::SimplifyQuery(layout));
}

bool hoistFrom(llvm::Loop &loop, const llvm::DataLayout &layout) {
  llvm::BasicBlock *preheader = loop.getLoopPreheader();
  if (!preheader)
    return false;
  llvm::Instruction *before = preheader->getTerminator();
  bool changed = false;
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : llvm::make_early_inc_range(*bb)) {
      unsigned op = inst.getOpcode();
      if (op != llvm::Instruction::UDiv && op != llvm::Instruction::URem)
        continue;
      bool invariant = true;
      for (llvm::Value *operand : inst.operands())
        invariant = invariant && loop.makeLoopInvariant(operand, changed, before);
      if (!invariant || !neverZero(inst.getOperand(1), layout))
        continue;
      inst.moveBefore(before);
      changed = true;
    }
  return changed;
}

} // namespace

llvm::PreservedAnalyses HoistSafeDivisionsPass::run(llvm::Function &f,
                                                    llvm::FunctionAnalysisManager &analyses) {
  llvm::LoopInfo &loops = analyses.getResult<llvm::LoopAnalysis>(f);
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  bool changed = false;
  // Inner loops first: what leaves one may leave the loop around it too.
  llvm::SmallVector<llvm::Loop *, 8> order = loops.getLoopsInPreorder();
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    changed |= hoistFrom(**it, layout);
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
