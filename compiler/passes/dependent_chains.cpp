// One chain of dependent operations (see the header): the operations of an
// innermost loop against the longest path, in operations, from a header
// phi's value in one iteration to its value in the next.
#include "compiler/passes/dependent_chains.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/LoopIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>
#include <map>

namespace corecl::compiler {
namespace {

/// True for an instruction that takes an execution unit's latency:
/// arithmetic, comparisons, selects, math intrinsics.
bool computes(const llvm::Instruction &inst) {
  if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
    return !intrinsic->isAssumeLikeIntrinsic() && !intrinsic->isLifetimeStartOrEnd();
  return llvm::isa<llvm::BinaryOperator>(inst) || llvm::isa<llvm::UnaryOperator>(inst) ||
         llvm::isa<llvm::CmpInst>(inst) || llvm::isa<llvm::SelectInst>(inst);
}

/// Operations a value of `type` counts for: its elements if a vector.
unsigned elementsOf(llvm::Type *type) {
  auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type);
  return vector ? unsigned(vector->getNumElements()) : 1;
}

/// `loop`'s operations per iteration, and whether most are floating
/// point. A vector operation is as many operations as it has elements:
/// each element is a chain of its own (an int4 multiply-add, kept whole).
ChainShape countOperations(const llvm::Loop &loop) {
  unsigned operations = 0, floatingPoint = 0;
  for (llvm::BasicBlock *bb : loop.getBlocks())
    for (llvm::Instruction &inst : *bb) {
      if (!computes(inst))
        continue;
      llvm::Type *type = inst.getType();
      unsigned elements = elementsOf(type);
      operations += elements;
      if (type->getScalarType()->isFloatingPointTy())
        floatingPoint += elements;
    }
  return {operations, 0, 2 * floatingPoint > operations};
}

/// Operations on floating point and on 32-bit integers (a work-item's own
/// arithmetic: addresses and loop counters are 64-bit) in `blocks`, in an
/// order with definitions before uses, counted by elements; chains start
/// anywhere (phis pass nothing on), and the longest is kept.
template <typename Blocks> ChainShape longestChain(Blocks &&blocks) {
  auto chained = [](const llvm::Instruction &inst) -> unsigned {
    llvm::Type *type = inst.getType();
    bool arithmetic = type->isFPOrFPVectorTy() || type->getScalarType()->isIntegerTy(32);
    return computes(inst) && arithmetic ? elementsOf(type) : 0;
  };
  ChainShape shape;
  unsigned floatingPoint = 0;
  std::map<const llvm::Value *, unsigned> depth;
  for (llvm::BasicBlock *bb : blocks)
    for (llvm::Instruction &inst : *bb) {
      if (llvm::isa<llvm::PHINode>(inst))
        continue;
      unsigned deepest = 0;
      for (llvm::Value *op : inst.operands())
        if (auto it = depth.find(op); it != depth.end())
          deepest = std::max(deepest, it->second);
      unsigned own = chained(inst);
      shape.operations += own;
      if (inst.getType()->isFPOrFPVectorTy())
        floatingPoint += own;
      unsigned d = depth[&inst] = deepest + (own ? 1 : 0);
      shape.chain = std::max(shape.chain, d);
    }
  shape.floatingPoint = 2 * floatingPoint > shape.operations;
  return shape;
}

} // namespace

ChainShape iterationShape(llvm::Loop &loop, llvm::LoopInfo &loops) {
  if (!loop.isInnermost())
    return {};
  llvm::LoopBlocksRPO order(&loop);
  order.perform(&loops);
  return longestChain(order);
}

ChainShape straightLineShape(llvm::Function &f, llvm::LoopInfo &loops) {
  if (!loops.empty())
    return {};
  return longestChain(llvm::ReversePostOrderTraversal<llvm::Function *>(&f));
}

ChainShape chainShape(llvm::Loop &loop, llvm::LoopInfo &loops) {
  llvm::BasicBlock *latch = loop.getLoopLatch();
  if (!loop.isInnermost() || !latch)
    return {};
  ChainShape shape = countOperations(loop);
  // Per loop-carried value: the operations on the way from its value in
  // one iteration to its value in the next (an induction variable: 1).
  llvm::LoopBlocksRPO order(&loop);
  order.perform(&loops);
  for (llvm::PHINode &phi : loop.getHeader()->phis()) {
    std::map<const llvm::Value *, unsigned> depth{{&phi, 0}};
    for (llvm::BasicBlock *bb : order) // definitions before uses
      for (llvm::Instruction &inst : *bb) {
        if (&inst == &phi)
          continue;
        unsigned deepest = 0;
        bool reached = false;
        for (llvm::Value *op : inst.operands())
          if (auto it = depth.find(op); it != depth.end())
            deepest = std::max(deepest, it->second), reached = true;
        if (reached)
          depth[&inst] = deepest + computes(inst);
      }
    if (auto it = depth.find(phi.getIncomingValueForBlock(latch)); it != depth.end())
      shape.chain = std::max(shape.chain, it->second);
  }
  return shape;
}

} // namespace corecl::compiler
