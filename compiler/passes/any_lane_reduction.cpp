// One reduction for "any lane of the mask is set".
//
// A store of a uniform value under a varying condition (a work-item loop
// whose work-items then wrote the next value of a uniform loop counter) is
// vectorised by LLVM's loop vectoriser as one scalar store guarded by the
// or of every lane of the mask: eight extractelements and seven ors for
// AVX2. The x86 back end keeps that shape, a test and branch per lane in
// the hot loop (the guarded N-body step had sixteen instructions of it per
// eight work-items), where llvm.vector.reduce.or is one vmovmskps and a
// test. The same shape folds anywhere else it appears.
#include "compiler/passes/any_lane_reduction.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/Statistic.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Support/Debug.h>
#include <llvm/Transforms/Utils/Local.h>

#include <vector>

#define DEBUG_TYPE "corecl-any-lane-reduction"

STATISTIC(NumFolded, "Lane-by-lane ors of a mask folded into one reduction");

namespace corecl::compiler {
namespace {

/// The vector whose every lane, each exactly once, `root` ors together
/// through single-use ors of i1; null if it is not that.
llvm::Value *orOfAllLanes(llvm::Instruction *root) {
  llvm::Value *vector = nullptr;
  llvm::SmallVector<bool, 16> seen;
  llvm::SmallVector<llvm::Value *, 16> work = {root->getOperand(0), root->getOperand(1)};
  while (!work.empty()) {
    llvm::Value *value = work.pop_back_val();
    using namespace llvm::PatternMatch;
    llvm::Value *lhs, *rhs, *source;
    uint64_t lane;
    if (match(value, m_OneUse(m_Or(m_Value(lhs), m_Value(rhs))))) {
      work.push_back(lhs);
      work.push_back(rhs);
      continue;
    }
    if (!match(value, m_ExtractElt(m_Value(source), m_ConstantInt(lane))))
      return nullptr;
    auto *type = llvm::dyn_cast<llvm::FixedVectorType>(source->getType());
    if (!type || (vector && source != vector) || lane >= type->getNumElements())
      return nullptr;
    if (!vector) {
      vector = source;
      seen.assign(type->getNumElements(), false);
    }
    if (seen[lane])
      return nullptr;
    seen[lane] = true;
  }
  for (bool lane : seen)
    if (!lane)
      return nullptr;
  return vector;
}

} // namespace

llvm::PreservedAnalyses AnyLaneReductionPass::run(llvm::Function &f,
                                                  llvm::FunctionAnalysisManager &) {
  std::vector<std::pair<llvm::Instruction *, llvm::Value *>> folds;
  for (llvm::Instruction &inst : llvm::instructions(f))
    if (inst.getOpcode() == llvm::Instruction::Or && inst.getType()->isIntegerTy(1))
      if (llvm::Value *vector = orOfAllLanes(&inst))
        folds.emplace_back(&inst, vector);
  for (auto [root, vector] : folds) {
    llvm::IRBuilder<> b(root);
    llvm::Value *any = b.CreateOrReduce(vector);
    any->takeName(root);
    root->replaceAllUsesWith(any);
    llvm::RecursivelyDeleteTriviallyDeadInstructions(root);
    ++NumFolded;
  }
  return keptUnlessInstructionsChanged(!folds.empty());
}

} // namespace corecl::compiler
