// Before work-group formation: a loop that does nothing but step values,
// in registers or kept in memory at fixed addresses (`for (p->g = -15;
// p->g != 6; p->g += 9) {}`, 2.9 billion trips, in a random program whose
// result depends only on the value left at the end) has its values in
// memory promoted to registers (LICM), their exit values computed from the
// trip count (IndVarSimplify), and is deleted when nothing else is left in
// it (LoopDeletion).
//
// Why now and not in the final optimisation: while a work-item's accesses
// are its own, the promotion is plain. After work-group formation a packet
// reaches its lanes' copies of such a value (a private struct that lives
// across a barrier) through a gather and a scatter per trip, which nothing
// promotes, so the packet runs every trip where the scalar work-item loop
// would have dropped the loop.
//
// The same holds for such a loop whose values are in registers: a packet's
// values are vectors, whose trip counts scalar evolution cannot follow.
//
// Only loops of that shape, and whose trip count and exit values scalar
// evolution knows, are touched, so that LICM's hoisting and
// IndVarSimplify's rewriting do not change the shapes that work-group
// formation and the packetiser see in any other loop.
#include "compiler/passes/fold_step_only_loops.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Scalar/IndVarSimplify.h>
#include <llvm/Transforms/Scalar/LICM.h>
#include <llvm/Transforms/Scalar/LoopDeletion.h>

namespace corecl::compiler {
namespace {

/// True if every instruction of `loop` computes without side effects, or
/// is a simple load or store at an address that does not change inside
/// it; `stores` tells whether there is such a store.
bool onlyStepsValues(const llvm::Loop &loop, bool &stores) {
  stores = false;
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : *bb) {
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
        if (!load->isSimple() || !loop.isLoopInvariant(load->getPointerOperand()))
          return false;
        continue;
      }
      if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
        if (!store->isSimple() || !loop.isLoopInvariant(store->getPointerOperand()))
          return false;
        stores = true;
        continue;
      }
      // Debug records and assumptions are no work; any other call (a
      // barrier, an atomic builtin, printf, a work-item function) or
      // memory access is.
      if (llvm::isa<llvm::DbgInfoIntrinsic>(inst) || llvm::isa<llvm::AssumeInst>(inst))
        continue;
      if (llvm::isa<llvm::CallBase>(inst) || inst.mayReadOrWriteMemory() ||
          inst.mayHaveSideEffects())
        return false;
    }
  return true;
}

/// True if scalar evolution knows how often `loop` runs and every value it
/// leaves to the code after it: then nothing needs the trips themselves.
bool exitValuesAreKnown(const llvm::Loop &loop, llvm::ScalarEvolution &se) {
  if (llvm::isa<llvm::SCEVCouldNotCompute>(se.getBackedgeTakenCount(&loop)))
    return false;
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : *bb)
      for (const llvm::User *user : inst.users()) {
        auto *use = llvm::cast<llvm::Instruction>(user);
        if (loop.contains(use))
          continue;
        if (!se.isSCEVable(inst.getType()))
          return false;
        const llvm::SCEV *end = se.getSCEVAtScope(&inst, loop.getParentLoop());
        if (llvm::isa<llvm::SCEVCouldNotCompute>(end) || !se.isLoopInvariant(end, &loop))
          return false;
      }
  return true;
}

} // namespace

llvm::PreservedAnalyses FoldStepOnlyLoopsPass::run(llvm::Loop &loop,
                                                   llvm::LoopAnalysisManager &analyses,
                                                   llvm::LoopStandardAnalysisResults &ar,
                                                   llvm::LPMUpdater &updater) {
  bool stores = false;
  if (!loop.isInnermost() || !onlyStepsValues(loop, stores))
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses kept = llvm::PreservedAnalyses::all();
  // Values stepped in memory become values in registers (the stores move
  // after the loop), which scalar evolution can follow; it is told to
  // forget what it found before (no trip count, the exit compared a
  // load), which LICM's promotion does not make it do.
  if (stores) {
    kept.intersect(llvm::LICMPass(llvm::LICMOptions()).run(loop, analyses, ar, updater));
    ar.SE.forgetLoop(&loop);
  }
  if (!exitValuesAreKnown(loop, ar.SE))
    return kept;
  kept.intersect(llvm::IndVarSimplifyPass(/*WidenIndVars=*/false).run(loop, analyses, ar, updater));
  kept.intersect(llvm::LoopDeletionPass().run(loop, analyses, ar, updater));
  return kept;
}

} // namespace corecl::compiler
