#include "compiler/passes/loop_body.h"

#include "compiler/passes/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

namespace corecl::compiler {

bool hasVectorisableBody(const llvm::Loop &loop) {
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : *bb) {
      if (llvm::isa<llvm::AtomicRMWInst>(inst) || llvm::isa<llvm::AtomicCmpXchgInst>(inst))
        return false;
      if (llvm::isa<llvm::CallBase>(inst) && !llvm::isa<llvm::IntrinsicInst>(inst))
        return false;
    }
  return true;
}

bool containsBarrier(const llvm::Loop &loop) {
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : *bb)
      if (isBarrierCall(inst))
        return true;
  return false;
}

} // namespace corecl::compiler
