// Keeps each work-item's own memory accesses in program order through
// LLVM's loop vectoriser.
//
// Work-item loops carry llvm.loop.parallel_accesses: iterations (work-items)
// do not depend on each other. For such a loop LLVM's loop access analysis
// skips dependence checking altogether, and the vectoriser then takes "no
// dependence recorded" to mean that accesses of one iteration may be
// reordered too. That matters for interleave groups: strided accesses of
// neighbouring work-items (a record of four words per work-item: a private
// array in per-work-item storage, a struct in local memory) are combined
// into wide loads, emitted at the group's first load, and wide stores,
// emitted at its last store. A store moved below a read of the same word,
// or a load moved above a store to it, reads stale data (tests/fuzz seed
// 3484; tests/kernels/same_item_memory_order_test.cpp).
//
// This pass stands in for the dependences LLVM does not compute: a strided
// access that a group could move (a store down to its last possible
// partner, a load up to its first, in the order the vectoriser linearises
// the body) over an access that may touch the same memory (for a load: a
// store) is hidden from stride analysis with a freeze of its address. It
// then stays where it is, as a gather or scatter; everything else keeps
// its interleave groups (a float4 read-modify-write per work-item moves
// nothing over anything it aliases).
#include "compiler/passes/keep_item_order.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/LoopAccessAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/LoopIterator.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/Debug.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <algorithm>
#include <vector>

#define DEBUG_TYPE "corecl-keep-item-order"

STATISTIC(NumHidden, "Strided accesses kept in place by hiding their stride");

namespace corecl::compiler {
namespace {

// Alias queries per loop before the pass assumes the worst for the rest.
constexpr unsigned kQueryBudget = 200000;

struct Access {
  llvm::Instruction *inst;
  bool isStore;
  int64_t strideBytes; // 0 unless a candidate for an interleave group
  const llvm::SCEV *address;
};

llvm::Value *pointerOf(llvm::Instruction *inst) {
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(inst))
    return load->getPointerOperand();
  return llvm::cast<llvm::StoreInst>(inst)->getPointerOperand();
}

llvm::Type *accessedType(llvm::Instruction *inst) {
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(inst))
    return load->getType();
  return llvm::cast<llvm::StoreInst>(inst)->getValueOperand()->getType();
}

/// Loads and stores of `loop` in the order the vectoriser visits them.
std::vector<Access> accessesInOrder(llvm::Loop &loop, llvm::LoopInfo &loops,
                                    llvm::PredicatedScalarEvolution &pse) {
  const llvm::DataLayout &dl = loop.getHeader()->getDataLayout();
  llvm::LoopBlocksRPO order(&loop);
  order.perform(&loops);
  std::vector<Access> accesses;
  for (llvm::BasicBlock *bb : order)
    for (llvm::Instruction &inst : *bb) {
      if (!llvm::isa<llvm::LoadInst>(inst) && !llvm::isa<llvm::StoreInst>(inst))
        continue;
      // The vectoriser's own question, with its own options (stride
      // predicates assumed, wrapping not checked).
      llvm::Type *type = accessedType(&inst);
      std::optional<int64_t> stride = llvm::getPtrStride(pse, type, pointerOf(&inst), &loop, {},
                                                         /*Assume=*/true,
                                                         /*ShouldCheckWrap=*/false);
      int64_t strideBytes = 0;
      if (stride && (*stride > 1 || *stride < -1))
        strideBytes = *stride * int64_t(dl.getTypeAllocSize(type).getFixedValue());
      accesses.push_back(
          {&inst, llvm::isa<llvm::StoreInst>(inst), strideBytes, pse.getSCEV(pointerOf(&inst))});
    }
  return accesses;
}

/// Finds what the vectoriser could move, and over what. An interleave
/// group joins accesses of one kind whose addresses lie a constant
/// distance apart, less than the stride; a store group is written where
/// its last member stood, a load group read where its first did. So a
/// strided store may sink to its last possible partner, a strided load
/// rise to its first; an access in between that may touch the same memory
/// (for a load: a store) pins it.
class PinFinder {
public:
  PinFinder(const std::vector<Access> &accesses, llvm::ScalarEvolution &se, llvm::AAResults &aa)
      : accesses_(accesses), se_(se), aa_(aa) {}

  std::vector<llvm::Instruction *> find() {
    std::vector<llvm::Instruction *> pinned;
    for (size_t a = 0; a < accesses_.size(); ++a) {
      if (!accesses_[a].strideBytes)
        continue;
      bool moves = accesses_[a].isStore ? sinksOverAlias(a) : risesOverStore(a);
      if (moves) {
        LLVM_DEBUG(llvm::dbgs() << "keep-item-order: pinned " << *accesses_[a].inst << "\n");
        pinned.push_back(accesses_[a].inst);
      }
    }
    return pinned;
  }

private:
  bool partners(size_t a, size_t b) {
    const Access &x = accesses_[a], &y = accesses_[b];
    if (x.isStore != y.isStore || !y.strideBytes || x.address->getType() != y.address->getType())
      return false;
    if (++budget_ > kQueryBudget)
      return true; // out of budget: assume the worst
    auto *distance = llvm::dyn_cast<llvm::SCEVConstant>(se_.getMinusSCEV(y.address, x.address));
    if (!distance)
      return false;
    int64_t d = distance->getAPInt().getSExtValue();
    int64_t span = std::max(std::abs(x.strideBytes), std::abs(y.strideBytes));
    return d > -span && d < span;
  }

  bool mayAlias(size_t a, size_t b) {
    if (++budget_ > kQueryBudget)
      return true;
    return !aa_.isNoAlias(llvm::MemoryLocation::get(accesses_[a].inst),
                          llvm::MemoryLocation::get(accesses_[b].inst));
  }

  bool sinksOverAlias(size_t a) {
    size_t last = a;
    for (size_t b = a + 1; b < accesses_.size(); ++b)
      if (partners(a, b))
        last = b;
    for (size_t b = a + 1; b <= last; ++b)
      if (mayAlias(a, b))
        return true;
    return false;
  }

  bool risesOverStore(size_t a) {
    size_t first = a;
    for (size_t b = 0; b < a; ++b)
      if (partners(a, b)) {
        first = b;
        break;
      }
    for (size_t b = first; b < a; ++b)
      if (accesses_[b].isStore && mayAlias(a, b))
        return true;
    return false;
  }

  const std::vector<Access> &accesses_;
  llvm::ScalarEvolution &se_;
  llvm::AAResults &aa_;
  unsigned budget_ = 0;
};

/// Hides the address of `access` from stride analysis. The freeze changes
/// no value (an address that is used is never poison) and is gone after
/// the vectoriser, at the next InstCombine.
void pin(llvm::Instruction *access) {
  unsigned operand = llvm::isa<llvm::LoadInst>(access) ? 0 : 1;
  llvm::Value *address = access->getOperand(operand);
  auto *frozen = new llvm::FreezeInst(address, address->getName() + ".pinned", access->getIterator());
  access->setOperand(operand, frozen);
  ++NumHidden;
}

} // namespace

llvm::PreservedAnalyses KeepWorkItemOrderPass::run(llvm::Function &f,
                                                   llvm::FunctionAnalysisManager &analyses) {
  llvm::LoopInfo &loops = analyses.getResult<llvm::LoopAnalysis>(f);
  llvm::ScalarEvolution &se = analyses.getResult<llvm::ScalarEvolutionAnalysis>(f);
  llvm::AAResults &aa = analyses.getResult<llvm::AAManager>(f);
  bool changed = false;
  for (llvm::Loop *loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost() || !loop->isAnnotatedParallel())
      continue;
    // A loop the vectoriser is told to leave (the rest of a row after its
    // packets, a region run lane by lane) forms no interleave groups.
    if (llvm::hasVectorizeTransformation(loop) & llvm::TM_Disable)
      continue;
    llvm::PredicatedScalarEvolution pse(se, *loop);
    std::vector<Access> accesses = accessesInOrder(*loop, loops, pse);
    for (llvm::Instruction *access : PinFinder(accesses, se, aa).find()) {
      pin(access);
      changed = true;
    }
  }
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
