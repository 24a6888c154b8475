#include "compiler/passes/loop_body.h"

#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/TargetParser/Triple.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <set>

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

LoopAnalyses::LoopAnalyses(llvm::Function &f)
    : dt(f), loops(dt), tlii(llvm::Triple(f.getParent()->getTargetTriple())), tli(tlii),
      assumptions(f), se(f, tli, assumptions, dt, loops) {}

namespace {

/// True if `v` is computed from the work-item's x local id.
bool dependsOnLocalIdX(llvm::Value *v, llvm::Argument *localIdX, std::set<llvm::Value *> &seen) {
  if (v == localIdX)
    return true;
  auto *inst = llvm::dyn_cast<llvm::Instruction>(v);
  if (!inst || !seen.insert(v).second)
    return false;
  for (llvm::Value *op : inst->operands())
    if (dependsOnLocalIdX(op, localIdX, seen))
      return true;
  return false;
}

} // namespace

bool walksARowPerWorkItem(const llvm::Loop &loop, llvm::ScalarEvolution &se) {
  llvm::Function &f = *loop.getHeader()->getParent();
  WorkItemParams p{unsigned(f.arg_size() - WorkItemParams::kCount)};
  llvm::Argument *localIdX = f.getArg(p.localId(0));
  const llvm::DataLayout &dl = f.getParent()->getDataLayout();
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : *bb) {
      llvm::Value *ptr = nullptr;
      llvm::Type *type = nullptr;
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
        ptr = load->getPointerOperand();
        type = load->getType();
      } else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
        ptr = store->getPointerOperand();
        type = store->getValueOperand()->getType();
      }
      if (!ptr)
        continue;
      auto *walk = llvm::dyn_cast<llvm::SCEVAddRecExpr>(se.getSCEV(ptr));
      if (!walk || walk->getLoop() != &loop)
        continue;
      auto *step = llvm::dyn_cast<llvm::SCEVConstant>(walk->getStepRecurrence(se));
      int64_t size = int64_t(dl.getTypeStoreSize(type));
      if (!step ||
          (step->getAPInt().getSExtValue() != size && step->getAPInt().getSExtValue() != -size))
        continue;
      std::set<llvm::Value *> seen;
      if (dependsOnLocalIdX(ptr, localIdX, seen))
        return true;
    }
  return false;
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
