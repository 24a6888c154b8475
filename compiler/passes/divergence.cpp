#include "compiler/passes/divergence.h"

#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <map>
#include <set>
#include <vector>

namespace corecl::compiler {
namespace {

/// Instructions whose result may differ between work-items even when every
/// operand is uniform.
bool isSourceOfVariation(const llvm::Instruction &inst) {
  if (llvm::isa<llvm::AllocaInst>(inst) || llvm::isa<llvm::AtomicRMWInst>(inst) ||
      llvm::isa<llvm::AtomicCmpXchgInst>(inst))
    return true;
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
    return load->isVolatile() || load->isAtomic();
  if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
    if (call->getType()->isVoidTy())
      return false;
    // Only intrinsics are known pure here: everything user-visible is
    // inlined, and what is left (work-item queries not yet lowered,
    // sub-group functions) may depend on the work-item.
    return !llvm::isa<llvm::IntrinsicInst>(call) || call->mayWriteToMemory() ||
           call->mayHaveSideEffects();
  }
  return false;
}

/// True if a work-item at `start` can only run to the kernel's end: no
/// block reachable from it is in a loop or holds a barrier.
bool leadsOnlyToTheEnd(llvm::BasicBlock *start, const llvm::LoopInfo &loops) {
  std::set<llvm::BasicBlock *> seen;
  std::vector<llvm::BasicBlock *> work = {start};
  while (!work.empty()) {
    llvm::BasicBlock *bb = work.back();
    work.pop_back();
    if (!seen.insert(bb).second)
      continue;
    if (loops.getLoopFor(bb))
      return false;
    for (llvm::Instruction &inst : *bb)
      if (isBarrierCall(inst))
        return false;
    work.insert(work.end(), llvm::succ_begin(bb), llvm::succ_end(bb));
  }
  return true;
}

/// Adds to `reached` the blocks reachable from `start`, not going on past
/// `stop` (which is added when reached).
void addReachable(llvm::BasicBlock *start, const llvm::BasicBlock *stop,
                  std::set<llvm::BasicBlock *> &reached) {
  std::vector<llvm::BasicBlock *> walk = {start};
  while (!walk.empty()) {
    llvm::BasicBlock *x = walk.back();
    walk.pop_back();
    if (reached.insert(x).second && x != stop)
      walk.insert(walk.end(), llvm::succ_begin(x), llvm::succ_end(x));
  }
}

/// The control-flow analyses the propagation needs.
struct DivergenceState {
  llvm::DominatorTree dt;
  llvm::LoopInfo loops;
  llvm::PostDominatorTree pdt;
  explicit DivergenceState(llvm::Function &f) : dt(f), loops(dt), pdt(f) {}
};

} // namespace

WorkItemDivergence::WorkItemDivergence(llvm::Function &body) {
  WorkItemParams p{unsigned(body.arg_size() - WorkItemParams::kCount)};
  for (unsigned d = 0; d < 3; ++d)
    varying_.insert(body.getArg(p.localId(d)));
  for (llvm::BasicBlock &bb : body)
    for (llvm::Instruction &inst : bb)
      if (isSourceOfVariation(inst))
        varying_.insert(&inst);
  propagate(body);
}

void WorkItemDivergence::propagate(llvm::Function &body) {
  DivergenceState state(body);
  std::vector<const llvm::Value *> work(varying_.begin(), varying_.end());
  auto mark = [&](const llvm::Value *v) {
    if (varying_.insert(v).second)
      work.push_back(v);
  };
  // A branch that sends work-items different ways: phis where the ways
  // meet again merge different values, and a loop it leaves is left after
  // different iterations, so values defined in the loop differ outside it.
  auto divergentBranch = [&](const llvm::BasicBlock *branchBlock) {
    if (!divergentBranches_.insert(branchBlock).second)
      return;
    auto *bb = const_cast<llvm::BasicBlock *>(branchBlock);
    llvm::DomTreeNode *node = state.pdt.getNode(bb);
    llvm::BasicBlock *join = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
    // Work-items that go a way leading only to the end retire: if all but
    // one way do, the work-items still running all go that one way.
    unsigned staying = 0;
    std::set<llvm::BasicBlock *> retiringWay; // blocks the retiring work-items pass
    for (llvm::BasicBlock *succ : llvm::successors(bb)) {
      if (!leadsOnlyToTheEnd(succ, state.loops)) {
        ++staying;
        continue;
      }
      addReachable(succ, nullptr, retiringWay);
    }
    // Only an early return outside loops: a loop's exit is a way out of an
    // iteration the others go on with, which the loop rules below handle.
    bool survivorsAgree = staying == 1 && !state.loops.getLoopFor(bb);
    // Which ways reach each block before the join: a phi merges different
    // work-items' values only where two ways meet. A block that one way
    // alone reaches (a loop header inside one way, the join of an inner
    // uniform branch) merges values of the work-items on that way only:
    // XgemmDirect's K loop inside `if (idm < ...)` keeps a uniform counter.
    // Blocks of a loop around the branch keep the old rule (every phi where
    // paths meet): work-items leave such a loop after different iterations.
    std::map<llvm::BasicBlock *, unsigned> ways;
    std::set<llvm::BasicBlock *> distinctSuccessors(llvm::succ_begin(bb), llvm::succ_end(bb));
    for (llvm::BasicBlock *way : distinctSuccessors) {
      std::set<llvm::BasicBlock *> reached;
      addReachable(way, join, reached);
      for (llvm::BasicBlock *x : reached)
        ++ways[x];
    }
    std::set<llvm::BasicBlock *> seen;
    std::vector<llvm::BasicBlock *> blocks(llvm::succ_begin(bb), llvm::succ_end(bb));
    while (!blocks.empty()) {
      llvm::BasicBlock *x = blocks.back();
      blocks.pop_back();
      if (!seen.insert(x).second)
        continue;
      // Where the ways meet, a phi merges values of different work-items;
      // where only the survivors' way leads, not.
      llvm::Loop *around = state.loops.getLoopFor(x);
      bool mergesWays = ways[x] > 1 || (around && around->contains(bb));
      if (!x->hasNPredecessors(1) && mergesWays && (!survivorsAgree || retiringWay.count(x)))
        for (llvm::PHINode &phi : x->phis())
          mark(&phi);
      if (x == join)
        continue;
      divergentBlocks_.insert(x);
      if (!survivorsAgree)
        liveDivergentBlocks_.insert(x);
      blocks.insert(blocks.end(), llvm::succ_begin(x), llvm::succ_end(x));
    }
    for (llvm::Loop *loop = state.loops.getLoopFor(bb); loop; loop = loop->getParentLoop()) {
      if (join && loop->contains(join))
        break;
      // The value itself is marked (not only its outside users): a slot
      // shared by the group would otherwise hold a later iteration's value.
      for (llvm::BasicBlock *inLoop : loop->blocks())
        for (llvm::Instruction &inst : *inLoop)
          for (llvm::User *user : inst.users())
            if (auto *userInst = llvm::dyn_cast<llvm::Instruction>(user))
              if (!loop->contains(userInst->getParent()))
                mark(&inst);
    }
  };
  while (!work.empty()) {
    const llvm::Value *v = work.back();
    work.pop_back();
    for (const llvm::User *user : v->users()) {
      auto *inst = llvm::dyn_cast<llvm::Instruction>(user);
      if (!inst)
        continue;
      if (inst->isTerminator()) {
        if (inst->getNumSuccessors() > 1)
          divergentBranch(inst->getParent());
        continue;
      }
      if (llvm::isa<llvm::StoreInst>(inst))
        continue; // stores make no value (see the header on loads)
      mark(inst);
    }
  }
}

} // namespace corecl::compiler
