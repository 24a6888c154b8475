// Kernels tuned for GPUs flatten the local id and split it again to give
// each work-item a different piece of a tile to copy: CLBlast's GEMM
// computes `tid = lid0 + MDIMC * lid1` and copies A at
// `(tid % MDIMA, tid / MDIMA)`. With reqd_work_group_size the work-item
// loops know lid0 < MDIMC (work_group_loops.cpp assumes it), so when
// MDIMA is a multiple of MDIMC the column is lid0 plus a part that does not
// change along the x loop, and the accesses are consecutive across
// work-items. LLVM's InstCombine sees that for some of these expressions
// and not for others (`(lid0 | lid1 << 3) & 15` stays as it is), and the
// loop vectoriser's scalar evolution cannot look through a mask or a shift
// of a sum: it then computes every address lane by lane and copies the
// tile with scalar loads and stores.
//
// This pass distributes a mask or a right shift over the operands of a
// bitwise or (also through a truncation):
//
//   (a | b) & m  ->  (a & m) | (b & m)      (a & m is a when a fits in m)
//   (a | b) >> k ->  (a >> k) | (b >> k)    (a >> k is 0 when a < 2^k)
//
// both exact for any a and b. It rewrites only where known bits (the
// assumptions included) drop a mask or a whole operand, so every rewrite
// leaves the work-item's id outside the mask or shift, where scalar
// evolution sees it as part of a sum (`or disjoint` is an add there).
#include "compiler/passes/distribute_bit_masks.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Support/Debug.h>
#include <llvm/Support/KnownBits.h>

#include <vector>

#define DEBUG_TYPE "corecl-distribute-bit-masks"

STATISTIC(NumDistributed, "Masks and shifts distributed over the parts of an or");

namespace corecl::compiler {
namespace {

using namespace llvm::PatternMatch;

// Operands of nested ors looked through; deeper ones count as one part.
constexpr unsigned kMaxDepth = 4;

class Distributor {
public:
  Distributor(const llvm::DataLayout &layout, llvm::AssumptionCache &assumptions,
              llvm::DominatorTree &dominators)
      : layout_(layout), assumptions_(assumptions), dominators_(dominators) {}

  /// `value & mask` or `value >> shift` (one of them given) as the or of
  /// its parts' results, at `at`; null unless a part's mask or shift
  /// disappears.
  llvm::Value *distribute(llvm::Instruction *at, llvm::Value *value, const llvm::APInt *mask,
                          unsigned shift) {
    std::vector<Part> parts;
    llvm::Type *type = value->getType();
    bool disjoint = true;
    collect(value, 0, parts, disjoint);
    if (parts.size() < 2)
      return nullptr;
    bool progress = false;
    for (Part &part : parts) {
      unsigned width = part.value->getType()->getScalarSizeInBits();
      unsigned used = type->getScalarSizeInBits();
      llvm::KnownBits known =
          llvm::computeKnownBits(part.value, layout_, 0, &assumptions_, at, &dominators_);
      // Bits of the part that reach the result (a truncation drops the rest).
      llvm::APInt reaching = llvm::APInt::getLowBitsSet(width, std::min(width, used));
      llvm::APInt possible = ~known.Zero & reaching;
      if (mask) {
        llvm::APInt wideMask = mask->zextOrTrunc(width);
        if ((possible & ~wideMask).isZero())
          part.whole = true, progress = true; // fits in the mask
        else if ((possible & wideMask).isZero())
          part.gone = true, progress = true; // nothing left under the mask
      } else if (possible.lshr(shift).isZero()) {
        part.gone = true, progress = true; // below the shift
      }
    }
    if (!progress)
      return nullptr;
    llvm::IRBuilder<> b(at);
    llvm::Value *result = nullptr;
    for (Part &part : parts) {
      if (part.gone)
        continue;
      llvm::Value *v = part.value;
      if (v->getType() != type)
        v = b.CreateTrunc(v, type);
      if (mask && !part.whole)
        v = b.CreateAnd(v, llvm::ConstantInt::get(type, *mask));
      else if (!mask)
        v = b.CreateLShr(v, shift);
      // Masked or shifted right, disjoint parts stay disjoint.
      if (!result) {
        result = v;
        continue;
      }
      result = b.CreateOr(result, v);
      if (auto *orInst = llvm::dyn_cast<llvm::PossiblyDisjointInst>(result))
        orInst->setIsDisjoint(disjoint);
    }
    return result ? result : llvm::Constant::getNullValue(type);
  }

private:
  struct Part {
    llvm::Value *value; // wider than the result where a truncation was
    bool whole = false; // fits in the mask: no mask needed
    bool gone = false;  // contributes no bit to the result
  };

  /// The parts of `value`, looking through ors and truncations; `disjoint`
  /// is cleared when an or on the way may have common bits.
  static void collect(llvm::Value *value, unsigned depth, std::vector<Part> &parts,
                      bool &disjoint) {
    llvm::Value *inner = value;
    while (auto *trunc = llvm::dyn_cast<llvm::TruncInst>(inner))
      inner = trunc->getOperand(0);
    auto *orInst = llvm::dyn_cast<llvm::BinaryOperator>(inner);
    if (depth < kMaxDepth && orInst && orInst->getOpcode() == llvm::Instruction::Or) {
      if (!llvm::cast<llvm::PossiblyDisjointInst>(orInst)->isDisjoint())
        disjoint = false;
      collect(orInst->getOperand(0), depth + 1, parts, disjoint);
      collect(orInst->getOperand(1), depth + 1, parts, disjoint);
      return;
    }
    parts.push_back({inner});
  }

  const llvm::DataLayout &layout_;
  llvm::AssumptionCache &assumptions_;
  llvm::DominatorTree &dominators_;
};

} // namespace

llvm::PreservedAnalyses DistributeBitMasksPass::run(llvm::Function &f,
                                                    llvm::FunctionAnalysisManager &analyses) {
  auto &assumptions = analyses.getResult<llvm::AssumptionAnalysis>(f);
  auto &dominators = analyses.getResult<llvm::DominatorTreeAnalysis>(f);
  Distributor distributor(f.getDataLayout(), assumptions, dominators);
  std::vector<llvm::Instruction *> candidates;
  for (llvm::Instruction &inst : llvm::instructions(f))
    if (match(&inst, m_And(m_Or(m_Value(), m_Value()), m_ConstantInt())) ||
        match(&inst, m_LShr(m_Or(m_Value(), m_Value()), m_ConstantInt())) ||
        match(&inst, m_And(m_Trunc(m_Or(m_Value(), m_Value())), m_ConstantInt())) ||
        match(&inst, m_LShr(m_Trunc(m_Or(m_Value(), m_Value())), m_ConstantInt())))
      candidates.push_back(&inst);
  bool changed = false;
  for (llvm::Instruction *inst : candidates) {
    if (inst->getType()->isVectorTy())
      continue;
    llvm::Value *replacement = nullptr;
    const llvm::APInt *mask = nullptr;
    if (match(inst, m_And(m_Value(), m_APInt(mask))))
      replacement = distributor.distribute(inst, inst->getOperand(0), mask, 0);
    else if (auto *amount = llvm::dyn_cast<llvm::ConstantInt>(inst->getOperand(1));
             amount && amount->getValue().ult(inst->getType()->getScalarSizeInBits()))
      replacement = distributor.distribute(inst, inst->getOperand(0), nullptr,
                                           unsigned(amount->getZExtValue()));
    if (!replacement)
      continue;
    LLVM_DEBUG(llvm::dbgs() << "distribute-bit-masks: " << *inst << "\n");
    replacement->takeName(inst);
    inst->replaceAllUsesWith(replacement);
    inst->eraseFromParent();
    ++NumDistributed;
    changed = true;
  }
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
