// Step 2a of work-group formation: loops that work-items leave after
// different iterations run in lock step, masked.
//
// A loop whose exit depends on the work-item (Mandelbrot's escape loop)
// keeps the work-item loop outside it, so it runs one work-item at a time
// and never vectorises. Rewritten, every work-item runs the loop until none
// wants another iteration:
//
//   active = true
//   loop:                          <- barrier here
//     if (!corecl.group.any(active)) goto exit  (the same for the group)
//     if (active) { one iteration of the original loop;
//                   active = it did not leave }
//     goto loop
//
// The barrier at the top makes each round a region of its own, in which the
// work-item loop runs the masked iteration for every work-item and
// vectorises (the vectoriser if-converts `if (active)`). corecl.group.any,
// right after a barrier, is the OR of its operand over the group, which the
// work-group function computes before the region runs (barrier_regions.cpp). Values the loop
// carries and its results for the code after it become phis of the new loop; a work-item that has
// left keeps them unchanged.
//
// Taken are innermost loops with a varying exit that every work-item
// reaches (all enclosing loops uniform, entered without a varying branch),
// with one exit block, and no call, atomic or barrier inside, in bodies
// whose loops do not run in packets (loopsRunInPackets, pass_registry.h:
// a body packet or the region packets of a kernel with barriers in its
// source run such a loop as vectors while their lanes agree).
#include "compiler/passes/divergence.h"
#include "compiler/passes/loop_body.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <functional>
#include <set>

namespace corecl::compiler {
namespace {

/// The loop's one exit, not counting blocks that end in `unreachable`
/// (a switch's impossible default); null if there are several.
llvm::BasicBlock *exitBlock(const llvm::Loop &loop) {
  llvm::SmallVector<llvm::BasicBlock *, 4> exits;
  loop.getUniqueExitBlocks(exits);
  llvm::BasicBlock *exit = nullptr;
  for (llvm::BasicBlock *bb : exits) {
    if (llvm::isa<llvm::UnreachableInst>(bb->getTerminator()) && bb->phis().empty())
      continue;
    if (exit)
      return nullptr;
    exit = bb;
  }
  return exit;
}

/// The block before a rotated loop that tests its condition once first:
/// the header's only predecessor outside the loop, branching either into
/// the loop or to the loop's exit. Null if there is none.
llvm::BranchInst *rotationGuard(const llvm::Loop &loop) {
  llvm::BasicBlock *exit = exitBlock(loop);
  llvm::BasicBlock *outside = nullptr;
  for (llvm::BasicBlock *pred : llvm::predecessors(loop.getHeader()))
    if (!loop.contains(pred)) {
      if (outside)
        return nullptr;
      outside = pred;
    }
  auto *br = outside ? llvm::dyn_cast<llvm::BranchInst>(outside->getTerminator()) : nullptr;
  if (!exit || !br || !br->isConditional())
    return nullptr;
  bool toHeader =
      br->getSuccessor(0) == loop.getHeader() || br->getSuccessor(1) == loop.getHeader();
  bool toExit = br->getSuccessor(0) == exit || br->getSuccessor(1) == exit;
  return toHeader && toExit ? br : nullptr;
}

class DivergentLoopFinder {
public:
  explicit DivergentLoopFinder(llvm::Function &body) : analyses_(body), divergence_(body) {}

  /// One loop to rewrite, or null. (The rewrite changes the function, so
  /// the caller finds again after each.)
  llvm::Loop *find() {
    for (llvm::Loop *loop : analyses_.loops.getTopLevelLoops())
      if (llvm::Loop *found = search(*loop))
        return found;
    return nullptr;
  }

private:
  llvm::Loop *search(llvm::Loop &loop) {
    if (!enteredByAll(loop) || containsBarrier(loop))
      return nullptr;
    if (!exitsUniformly(loop))
      return loop.getSubLoops().empty() && qualifies(loop) &&
                     !walksARowPerWorkItem(loop, analyses_.se)
                 ? &loop
                 : nullptr;
    for (llvm::Loop *sub : loop.getSubLoops())
      if (llvm::Loop *found = search(*sub))
        return found;
    return nullptr;
  }

  /// Every work-item that reaches the loop's parent reaches the loop, or
  /// its rotation guard, whose test becomes the first round's.
  bool enteredByAll(llvm::Loop &loop) const {
    llvm::BranchInst *guard = rotationGuard(loop);
    for (llvm::BasicBlock *pred : llvm::predecessors(loop.getHeader())) {
      if (loop.contains(pred))
        continue;
      if (divergence_.isDivergentlyReached(pred))
        return false;
      auto *br = llvm::dyn_cast<llvm::BranchInst>(pred->getTerminator());
      if (!br || (br != guard && br->isConditional() && !divergence_.isUniform(br->getCondition())))
        return false;
    }
    return true;
  }

  bool exitsUniformly(llvm::Loop &loop) const {
    llvm::SmallVector<llvm::BasicBlock *, 4> exiting;
    loop.getExitingBlocks(exiting);
    for (llvm::BasicBlock *bb : exiting) {
      llvm::Instruction *term = bb->getTerminator();
      llvm::Value *condition = nullptr;
      if (auto *br = llvm::dyn_cast<llvm::BranchInst>(term))
        condition = br->isConditional() ? br->getCondition() : nullptr;
      else if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(term))
        condition = sw->getCondition();
      else
        return false;
      if ((condition && !divergence_.isUniform(condition)) || divergence_.isDivergentlyReached(bb))
        return false;
    }
    return true;
  }

  static bool qualifies(llvm::Loop &loop) {
    llvm::BasicBlock *exit = exitBlock(loop);
    if (!exit || !hasVectorisableBody(loop))
      return false;
    // Branches and switches, each with one edge to the exit and to the
    // header at most (edges are split one by one).
    for (llvm::BasicBlock *bb : loop.blocks()) {
      llvm::Instruction *term = bb->getTerminator();
      if (!llvm::isa<llvm::BranchInst>(term) && !llvm::isa<llvm::SwitchInst>(term))
        return false;
      unsigned toExit = 0, toHeader = 0;
      for (llvm::BasicBlock *succ : llvm::successors(bb)) {
        toExit += succ == exit;
        toHeader += succ == loop.getHeader();
      }
      if (toExit > 1 || toHeader > 1)
        return false;
    }
    return true;
  }

  LoopAnalyses analyses_;
  WorkItemDivergence divergence_;
};

llvm::FunctionCallee groupAnyFunction(llvm::Module &module) {
  auto *i1 = llvm::Type::getInt1Ty(module.getContext());
  return module.getOrInsertFunction(kGroupAnyName, llvm::FunctionType::get(i1, {i1}, false));
}

/// The rewrite described at the top of the file.
void maskLoop(llvm::Function &body, llvm::Loop &loop) {
  llvm::LLVMContext &context = body.getContext();
  llvm::BasicBlock *header = loop.getHeader();
  llvm::BasicBlock *exit = exitBlock(loop);
  std::set<llvm::BasicBlock *> inLoop(loop.block_begin(), loop.block_end());
  // A rotation guard's test decides who is active in the first round; its
  // edge to the exit goes, its values for the exit's phis start the
  // carried results. Any other way into the exit from outside keeps it:
  // the loop's edges and the guard's then get an exit block of their own.
  // (The guard must stay one: its test may be varying, and a work-item
  // that skipped the loop would otherwise miss the barrier the rewrite
  // adds. The two loops of an if/else both leaving to the join are the
  // usual shape.)
  llvm::BranchInst *guard = rotationGuard(loop);
  std::vector<llvm::BasicBlock *> fromLoop;
  bool shared = false;
  for (llvm::BasicBlock *pred : llvm::predecessors(exit))
    if (inLoop.count(pred) || (guard && pred == guard->getParent()))
      fromLoop.push_back(pred);
    else
      shared = true;
  if (shared)
    exit = llvm::SplitBlockPredecessors(exit, fromLoop, ".loopexit");
  std::vector<llvm::BasicBlock *> outsidePreds, latches, exiting;
  for (llvm::BasicBlock *pred : llvm::predecessors(header))
    (inLoop.count(pred) ? latches : outsidePreds).push_back(pred);
  for (llvm::BasicBlock *pred : llvm::predecessors(exit))
    if (inLoop.count(pred))
      exiting.push_back(pred);
  // Values of the loop used after it (other than by the exit's phis).
  std::vector<llvm::Instruction *> liveOut;
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : *bb)
      for (llvm::User *user : inst.users()) {
        auto *userInst = llvm::cast<llvm::Instruction>(user);
        if (!inLoop.count(userInst->getParent()) &&
            !(userInst->getParent() == exit && llvm::isa<llvm::PHINode>(userInst))) {
          liveOut.push_back(&inst);
          break;
        }
      }
  // Every edge back to the header and out of the loop gets a block of its
  // own, so the new latch tells them apart.
  std::vector<llvm::BasicBlock *> continues, leaves;
  for (llvm::BasicBlock *latch : latches)
    continues.push_back(llvm::SplitEdge(latch, header));
  for (llvm::BasicBlock *from : exiting)
    leaves.push_back(llvm::SplitEdge(from, exit));

  auto *newHeader = llvm::BasicBlock::Create(context, "masked.header", &body, header);
  auto *step = llvm::BasicBlock::Create(context, "masked.step", &body, header);
  auto *newLatch = llvm::BasicBlock::Create(context, "masked.latch", &body, header);
  auto *done = llvm::BasicBlock::Create(context, "masked.exit", &body, exit);
  llvm::IRBuilder<> head(newHeader), latchBuilder(newLatch);
  auto *i1 = llvm::Type::getInt1Ty(context);
  llvm::Constant *yes = llvm::ConstantInt::getTrue(context);
  llvm::Constant *no = llvm::ConstantInt::getFalse(context);

  // A value carried around the new loop: `initial` on entry, then what
  // the new latch merges from its three kinds of predecessor.
  auto carried = [&](llvm::Type *type, const llvm::Twine &name,
                     const std::function<llvm::Value *(llvm::BasicBlock *)> &initial) {
    llvm::PHINode *phi = head.CreatePHI(type, outsidePreds.size() + 1, name);
    for (llvm::BasicBlock *pred : outsidePreds)
      phi->addIncoming(initial(pred), pred);
    return phi;
  };
  size_t latchPreds = 1 + continues.size() + leaves.size();
  auto merged = [&](llvm::Type *type, const llvm::Twine &name, llvm::Value *inactive,
                    const std::function<llvm::Value *(llvm::BasicBlock *)> &onContinue,
                    const std::function<llvm::Value *(llvm::BasicBlock *)> &onLeave) {
    llvm::PHINode *phi = latchBuilder.CreatePHI(type, latchPreds, name);
    phi->addIncoming(inactive, step);
    for (llvm::BasicBlock *bb : continues)
      phi->addIncoming(onContinue(bb), bb);
    for (llvm::BasicBlock *bb : leaves)
      phi->addIncoming(onLeave(bb), bb);
    return phi;
  };

  llvm::Value *enter = yes;
  if (guard) {
    enter = guard->getCondition();
    if (guard->getSuccessor(0) != header)
      enter = llvm::BinaryOperator::CreateNot(enter, "enter", guard->getIterator());
  }
  llvm::PHINode *active = carried(i1, "active", [&](llvm::BasicBlock *) { return enter; });
  std::vector<std::pair<llvm::PHINode *, llvm::PHINode *>> headerPhis; // old, carried
  for (llvm::PHINode &phi : header->phis())
    headerPhis.emplace_back(
        &phi, carried(phi.getType(), phi.getName() + ".carried",
                      [&](llvm::BasicBlock *pred) { return phi.getIncomingValueForBlock(pred); }));
  std::vector<std::pair<llvm::Instruction *, llvm::PHINode *>> results;
  for (llvm::Instruction *inst : liveOut)
    results.emplace_back(
        inst, carried(inst->getType(), inst->getName() + ".result",
                      [&](llvm::BasicBlock *) { return llvm::PoisonValue::get(inst->getType()); }));
  std::vector<std::pair<llvm::PHINode *, llvm::PHINode *>> exitPhis;
  for (llvm::PHINode &phi : exit->phis())
    exitPhis.emplace_back(&phi, carried(phi.getType(), phi.getName() + ".result",
                                        [&](llvm::BasicBlock *pred) -> llvm::Value * {
                                          if (guard && pred == guard->getParent())
                                            return phi.getIncomingValueForBlock(pred);
                                          return llvm::PoisonValue::get(phi.getType());
                                        }));
  llvm::CallInst *anyActive =
      head.CreateCall(groupAnyFunction(*body.getParent()), {active}, "any.active");
  head.CreateCondBr(anyActive, step, done);
  insertBarrier(anyActive); // the round starts at the barrier, then the OR
  llvm::BranchInst::Create(header, newLatch, active, step);
  llvm::BranchInst::Create(exit, done);

  // The new latch: who is still in the loop, and what each carries.
  llvm::PHINode *stillActive = merged(
      i1, "active.next", no, [&](llvm::BasicBlock *) { return yes; },
      [&](llvm::BasicBlock *) { return no; });
  active->addIncoming(stillActive, newLatch);
  for (auto &[old, phi] : headerPhis) {
    llvm::PHINode *carriedPhi = phi;
    llvm::PHINode *next = merged(
        old->getType(), old->getName() + ".next", carriedPhi,
        [&](llvm::BasicBlock *bb) { return old->getIncomingValueForBlock(bb); },
        [&](llvm::BasicBlock *) { return carriedPhi; });
    phi->addIncoming(next, newLatch);
  }
  for (auto &[inst, phi] : results) {
    llvm::Instruction *value = inst;
    llvm::PHINode *carriedPhi = phi;
    phi->addIncoming(merged(
                         inst->getType(), inst->getName() + ".out", carriedPhi,
                         [&](llvm::BasicBlock *) { return carriedPhi; },
                         [&](llvm::BasicBlock *) { return value; }),
                     newLatch);
  }
  for (auto &[old, phi] : exitPhis) {
    llvm::PHINode *carriedPhi = phi;
    phi->addIncoming(merged(
                         old->getType(), old->getName() + ".out", carriedPhi,
                         [&](llvm::BasicBlock *) { return carriedPhi; },
                         [&](llvm::BasicBlock *bb) { return old->getIncomingValueForBlock(bb); }),
                     newLatch);
  }
  latchBuilder.CreateBr(newHeader);

  // Rewire: enter through the new header; continue and leave through the
  // new latch; the code after the loop sees the carried results.
  if (guard) {
    for (llvm::PHINode &phi : exit->phis())
      phi.removeIncomingValue(guard->getParent(), /*DeletePHIIfEmpty=*/false);
    llvm::BranchInst::Create(newHeader, guard->getIterator());
    guard->eraseFromParent();
  }
  for (llvm::BasicBlock *pred : outsidePreds)
    pred->getTerminator()->replaceSuccessorWith(header, newHeader);
  for (llvm::BasicBlock *bb : continues)
    bb->getTerminator()->replaceSuccessorWith(header, newLatch);
  for (llvm::BasicBlock *bb : leaves)
    bb->getTerminator()->replaceSuccessorWith(exit, newLatch);
  for (auto &[old, phi] : headerPhis) {
    old->replaceAllUsesWith(phi);
    old->eraseFromParent();
  }
  for (auto &[old, phi] : exitPhis) {
    old->replaceAllUsesWith(phi);
    old->eraseFromParent();
  }
  std::set<llvm::BasicBlock *> newBlocks = {newHeader, step, newLatch, done};
  for (auto &[inst, phi] : results) {
    llvm::PHINode *result = phi;
    inst->replaceUsesWithIf(result, [&](llvm::Use &use) {
      auto *user = llvm::cast<llvm::Instruction>(use.getUser());
      return !inLoop.count(user->getParent()) && !newBlocks.count(user->getParent());
    });
  }
}

} // namespace

unsigned maskDivergentLoops(llvm::Function &body) {
  unsigned count = 0;
  // Each rewrite adds a barrier loop, which the search skips next time.
  for (; count < 16; ++count) {
    DivergentLoopFinder finder(body);
    llvm::Loop *loop = finder.find();
    if (!loop)
      break;
    keepSerialCopy(body);
    maskLoop(body, *loop);
  }
  return count;
}

llvm::PreservedAnalyses DivergentLoopsPass::run(llvm::Module &module,
                                                llvm::ModuleAnalysisManager &) {
  bool changed = false;
  for (llvm::Function *body : kernelBodies(module))
    if (!loopsRunInPackets(*body, options))
      changed |= maskDivergentLoops(*body) > 0;
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
