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
// This pass gives the vectoriser the dependences it does not compute: for
// every store followed (in the order the vectoriser linearises the body)
// by an access that may alias it, where either is strided, the strided
// ones are hidden from stride analysis with a freeze of their address. They
// then stay where they are, as gathers or scatters; everything else keeps
// its interleave groups. A load followed by a store needs nothing: LLVM
// never moves a load below, or a store above, another access.
#include "compiler/passes/keep_item_order.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/LoopAccessAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/LoopIterator.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/Debug.h>

#include <set>
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
  bool strided; // a candidate for an interleave group
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
  llvm::LoopBlocksRPO order(&loop);
  order.perform(&loops);
  std::vector<Access> accesses;
  for (llvm::BasicBlock *bb : order)
    for (llvm::Instruction &inst : *bb) {
      if (!llvm::isa<llvm::LoadInst>(inst) && !llvm::isa<llvm::StoreInst>(inst))
        continue;
      // The vectoriser's own question, with its own options (stride
      // predicates assumed, wrapping not checked).
      std::optional<int64_t> stride =
          llvm::getPtrStride(pse, accessedType(&inst), pointerOf(&inst), &loop, {},
                             /*Assume=*/true, /*ShouldCheckWrap=*/false);
      bool strided = stride && (*stride > 1 || *stride < -1);
      accesses.push_back({&inst, llvm::isa<llvm::StoreInst>(inst), strided});
    }
  return accesses;
}

/// The strided accesses of `loop` that must stay in place.
std::set<llvm::Instruction *> accessesToPin(const std::vector<Access> &accesses,
                                            llvm::AAResults &aa) {
  std::set<llvm::Instruction *> pinned;
  unsigned queries = 0;
  for (size_t a = 0; a < accesses.size(); ++a) {
    const Access &first = accesses[a];
    if (!first.isStore)
      continue;
    for (size_t b = a + 1; b < accesses.size(); ++b) {
      const Access &second = accesses[b];
      if (!first.strided && !second.strided)
        continue;
      if ((!first.strided || pinned.count(first.inst)) &&
          (!second.strided || pinned.count(second.inst)))
        continue; // nothing left to decide for this pair
      bool mayAlias = true;
      if (++queries <= kQueryBudget)
        mayAlias = !aa.isNoAlias(llvm::MemoryLocation::get(first.inst),
                                 llvm::MemoryLocation::get(second.inst));
      if (!mayAlias)
        continue;
      LLVM_DEBUG(llvm::dbgs() << "keep-item-order: " << *first.inst << "\n  before "
                              << *second.inst << "\n");
      if (first.strided)
        pinned.insert(first.inst);
      if (second.strided)
        pinned.insert(second.inst);
    }
  }
  return pinned;
}

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
    llvm::PredicatedScalarEvolution pse(se, *loop);
    for (llvm::Instruction *access : accessesToPin(accessesInOrder(*loop, loops, pse), aa)) {
      pin(access);
      changed = true;
    }
  }
  if (!changed)
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses kept;
  kept.preserveSet<llvm::CFGAnalyses>();
  return kept;
}

} // namespace corecl::compiler
