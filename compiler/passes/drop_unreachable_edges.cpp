// Edges into a block that does nothing but `unreachable` are never taken:
// taking one is undefined behaviour. SimplifyCFG removes such edges from
// conditional branches but keeps them as a switch's default, its mark of a
// switch whose cases cover every value the condition takes (clang's
// cleanup switches after inlining: hashcat's `find_hash`, inlined sixteen
// times into each of its kernels).
//
// To the packetiser (packetize.h) such an edge is a path that never meets
// the others again: the `unreachable` block is a root of the
// post-dominator tree, so a divergent switch gets no join, and its lanes
// run the rest of the function one at a time, a copy of the rest for each
// such switch. A hashcat SHA-256 kernel of 4,900 instructions made a
// packet of 185,000 (34 copies of its main loop) and was refused it.
//
// This pass, run before work-group formation, gives such a switch one of
// its cases as the default instead (the case's edge then is the default's)
// and turns a conditional branch into such a block into an unconditional
// one to the other side. Blocks left without predecessors are erased.
#include "compiler/passes/drop_unreachable_edges.h"

#include <llvm/ADT/SetVector.h>
#include <llvm/ADT/Statistic.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/Debug.h>

#define DEBUG_TYPE "corecl-drop-unreachable-edges"

STATISTIC(NumDropped, "Edges into unreachable blocks taken away");

namespace corecl::compiler {
namespace {

/// A block whose only instruction (phis and debug records aside) is
/// `unreachable`.
bool onlyUnreachable(const llvm::BasicBlock &bb) {
  return llvm::isa<llvm::UnreachableInst>(bb.getFirstNonPHIOrDbg());
}

} // namespace

llvm::PreservedAnalyses DropUnreachableEdgesPass::run(llvm::Function &f,
                                                      llvm::FunctionAnalysisManager &) {
  llvm::SmallSetVector<llvm::BasicBlock *, 4> dead;
  for (llvm::BasicBlock &bb : f) {
    llvm::Instruction *term = bb.getTerminator();
    if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(term)) {
      llvm::BasicBlock *deadEnd = sw->getDefaultDest();
      if (!onlyUnreachable(*deadEnd) || sw->getNumCases() == 0)
        continue;
      auto last = std::prev(sw->case_end());
      llvm::BasicBlock *taken = last->getCaseSuccessor();
      if (onlyUnreachable(*taken))
        continue; // SimplifyCFG's business
      deadEnd->removePredecessor(&bb);
      // The case's edge becomes the default's: the phis of `taken` keep
      // one entry for it.
      sw->setDefaultDest(taken);
      sw->removeCase(last);
      dead.insert(deadEnd);
      ++NumDropped;
    } else if (auto *br = llvm::dyn_cast<llvm::BranchInst>(term); br && br->isConditional()) {
      for (unsigned side = 0; side < 2; ++side) {
        llvm::BasicBlock *deadEnd = br->getSuccessor(side);
        llvm::BasicBlock *other = br->getSuccessor(1 - side);
        if (!onlyUnreachable(*deadEnd) || other == deadEnd)
          continue;
        deadEnd->removePredecessor(&bb);
        llvm::BranchInst::Create(other, br->getIterator());
        br->eraseFromParent();
        dead.insert(deadEnd);
        ++NumDropped;
        break;
      }
    }
  }
  if (dead.empty())
    return llvm::PreservedAnalyses::all();
  for (llvm::BasicBlock *bb : dead)
    if (llvm::pred_empty(bb) && &f.getEntryBlock() != bb) {
      LLVM_DEBUG(llvm::dbgs() << "erasing " << bb->getName() << "\n");
      bb->eraseFromParent();
    }
  return llvm::PreservedAnalyses::none();
}

} // namespace corecl::compiler
