// Step 2b of work-group formation: loops every work-item runs the same
// number of times get a barrier at the top of their header.
//
// The work-item loop is the outermost loop of the work-group function, and
// LLVM vectorises only innermost loops. A kernel whose body is itself a loop
// (N-body's loop over the other bodies, naive matrix multiply's dot
// product) would run one work-item at a time through its own loop, which
// does not vectorise either (its reductions may not be reordered).
//
// When a loop is uniform - reached by every work-item (that has not
// returned early: `if (i >= n) return;` before it, see kRetiring) and left
// by every work-item after the same iteration, because its exit conditions are the
// same for all (divergence.h) - a barrier at the top of its header changes
// nothing a kernel can observe: without barriers OpenCL promises no order
// between work-items. Barrier regions (barrier_regions.cpp) then turn each
// iteration into a loop over the work-items: the work-item loop moves
// inside the uniform loop, where it vectorises, with values carried from
// one iteration to the next in per-work-item storage, or once per group
// when they are uniform too (the loop counter).
//
// Taken are the innermost such loops whose body holds no call and no atomic
// (neither would vectorise). Loops with a small constant trip count are
// gone by now: they were unrolled before work-group formation
// (prepareForWorkGroups), and what is left stays a loop in LLVM's hands
// too, which would keep the work-item loop outside it. Bodies whose loops
// run in packets (loopsRunInPackets, pass_registry.h) are left whole.
#include "compiler/passes/divergence.h"
#include "compiler/passes/loop_body.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace corecl::compiler {
namespace {

class UniformLoopFinder {
public:
  explicit UniformLoopFinder(llvm::Function &body) : analyses_(body), divergence_(body) {}

  /// The innermost uniform loops whose enclosing loops are uniform too
  /// (every work-item must reach the new barrier equally often).
  std::vector<llvm::Loop *> find() {
    std::vector<llvm::Loop *> chosen;
    for (llvm::Loop *loop : analyses_.loops.getTopLevelLoops())
      collect(*loop, chosen);
    return chosen;
  }

  /// Returns true if `loop` or a loop inside it was chosen. A loop with
  /// barriers of its own is split by them already, but the uniform loops
  /// inside it still need theirs: the K loop of a tiled matrix multiply
  /// holds barriers and, between them, the loop over the tile.
  bool collect(llvm::Loop &loop, std::vector<llvm::Loop *> &chosen) {
    if (!isUniform(loop))
      return false;
    bool inner = false;
    for (llvm::Loop *sub : loop.getSubLoops())
      inner |= collect(*sub, chosen);
    if (!inner && !containsBarrier(loop) && hasVectorisableBody(loop) &&
        !walksARowPerWorkItem(loop, analyses_.se)) {
      chosen.push_back(&loop);
      return true;
    }
    return inner;
  }

  /// Whether a chosen loop is reached only by the work-items that have not
  /// retired (an early return before it).
  bool needsRetiring(const std::vector<llvm::Loop *> &chosen) const {
    for (llvm::Loop *loop : chosen)
      if (divergence_.isDivergentlyReached(loop->getHeader()))
        return true;
    return false;
  }

private:
  /// Reached and left alike by every work-item that has not retired.
  bool isUniform(llvm::Loop &loop) const {
    if (divergence_.isDivergentlyReachedByLive(loop.getHeader()))
      return false;
    llvm::SmallVector<llvm::BasicBlock *, 4> exiting;
    loop.getExitingBlocks(exiting);
    for (llvm::BasicBlock *bb : exiting) {
      if (divergence_.isDivergentlyReachedByLive(bb))
        return false;
      auto *br = llvm::dyn_cast<llvm::BranchInst>(bb->getTerminator());
      if (!br || !br->isConditional() || !divergence_.isUniform(br->getCondition()))
        return false;
    }
    return true;
  }

  LoopAnalyses analyses_;
  WorkItemDivergence divergence_;
};

} // namespace

unsigned splitUniformLoops(llvm::Function &body) {
  std::vector<llvm::BasicBlock *> headers;
  bool retiring = false;
  {
    UniformLoopFinder finder(body);
    std::vector<llvm::Loop *> chosen = finder.find();
    for (llvm::Loop *loop : chosen)
      headers.push_back(loop->getHeader());
    retiring = finder.needsRetiring(chosen);
  }
  if (!headers.empty())
    keepSerialCopy(body);
  // Some work-items return before the new barriers: the work-group
  // function must let them skip the regions after it.
  if (retiring)
    body.addFnAttr(attr::kRetiring);
  for (llvm::BasicBlock *header : headers)
    insertBarrier(&*header->getFirstInsertionPt());
  return unsigned(headers.size());
}

llvm::PreservedAnalyses UniformLoopsPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  bool changed = false;
  for (llvm::Function *body : kernelBodies(module))
    if (!loopsRunInPackets(*body, options))
      changed |= splitUniformLoops(*body) > 0;
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
