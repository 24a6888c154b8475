#include "compiler/passes/loop_body.h"

#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

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

void keepSerialCopy(llvm::Function &body) {
  std::string name = body.getName().str() + ".serial";
  if (body.getParent()->getFunction(name))
    return; // kept by the pass before
  for (llvm::BasicBlock &bb : body)
    for (llvm::Instruction &inst : bb)
      if (isBarrierCall(inst))
        return; // regions are needed anyway
  llvm::ValueToValueMapTy map;
  llvm::Function *copy = llvm::CloneFunction(&body, map);
  copy->setName(name);
  copy->addFnAttr(attr::kSerialOf, body.getFnAttribute(attr::kBodyOf).getValueAsString());
  copy->removeFnAttr(attr::kBodyOf);
  copy->addFnAttr(llvm::Attribute::AlwaysInline);
}

} // namespace corecl::compiler
