// Step 3 of work-group formation: barriers.
//
// A barrier splits the kernel body into regions. Every region becomes a
// function that runs one work-item from its start (the kernel entry or just
// after a barrier) to the next barrier it reaches, and returns that
// barrier's number (or -1 at the end of the kernel). The work-group function
// runs region r for every work-item, then continues with the region the
// work-items returned; OpenCL requires all work-items of a group to reach
// the same barrier, so barriers inside loops and uniform conditionals work.
//
// State that must survive a barrier moves to per-work-item storage
// (ctx->wi_storage, passed as `wi.base`): every private variable left in
// memory (alloca) and every SSA value used on the far side of a barrier.
// Values computable from the parameters alone are recomputed instead.
//
// The storage is laid out slot by slot (structure of arrays): slot s of
// work-item i lives at base + offset(s) * items + i * size(s), so the
// copies of one value for consecutive work-items are adjacent and the
// vectorised work-item loop reads and writes them with full-width loads and
// stores instead of gathers and scatters.
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>

#include <set>

namespace corecl::compiler {
namespace {

bool isBarrier(const llvm::Instruction &inst) {
  auto *call = llvm::dyn_cast<llvm::CallInst>(&inst);
  if (!call || !call->getCalledFunction())
    return false;
  llvm::StringRef name = call->getCalledFunction()->getName();
  return name == "_Z7barrierj" || name == "_Z18work_group_barrierj" ||
         name == "_Z18work_group_barrierj12memory_scope";
}

struct BarrierBlocks {
  std::vector<llvm::BasicBlock *> barrier;      // [k-1]: holds barrier k and a branch
  std::vector<llvm::BasicBlock *> continuation; // [k-1]: where region k starts
};

/// Gives every barrier a block of its own: {barrier call; br continuation}.
BarrierBlocks isolateBarriers(llvm::Function &f) {
  std::vector<llvm::Instruction *> barriers;
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &inst : bb)
      if (isBarrier(inst))
        barriers.push_back(&inst);
  BarrierBlocks blocks;
  for (llvm::Instruction *call : barriers) {
    llvm::BasicBlock *bb = call->getParent()->splitBasicBlock(call, "barrier");
    llvm::BasicBlock *cont = bb->splitBasicBlock(call->getNextNode(), "after.barrier");
    blocks.barrier.push_back(bb);
    blocks.continuation.push_back(cont);
  }
  return blocks;
}

/// True if a path from the definition of `def` to `use` passes a barrier.
bool crossesBarrier(llvm::Instruction &def, llvm::Use &use,
                    const std::set<llvm::BasicBlock *> &barrierBlocks) {
  auto *user = llvm::cast<llvm::Instruction>(use.getUser());
  llvm::BasicBlock *defBlock = def.getParent();
  llvm::BasicBlock *start = user->getParent();
  if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user))
    start = phi->getIncomingBlock(use);
  if (start == defBlock)
    return false; // same block: barriers sit in blocks of their own
  std::vector<llvm::BasicBlock *> work(llvm::pred_begin(start), llvm::pred_end(start));
  std::set<llvm::BasicBlock *> seen;
  while (!work.empty()) {
    llvm::BasicBlock *bb = work.back();
    work.pop_back();
    if (bb == defBlock || !seen.insert(bb).second)
      continue;
    if (barrierBlocks.count(bb))
      return true;
    work.insert(work.end(), llvm::pred_begin(bb), llvm::pred_end(bb));
  }
  return false;
}

/// Values the region functions can recompute from their parameters.
bool canRecompute(llvm::Value *v, llvm::Argument *ctx, int depth = 0) {
  if (llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::Constant>(v))
    return true;
  if (depth > 8)
    return false;
  auto *inst = llvm::dyn_cast<llvm::Instruction>(v);
  if (!inst)
    return false;
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(inst)) {
    // The context is read-only while a kernel runs.
    return !load->isVolatile() &&
           llvm::getUnderlyingObject(load->getPointerOperand()) == ctx &&
           canRecompute(load->getPointerOperand(), ctx, depth + 1);
  }
  if (!llvm::isa<llvm::GetElementPtrInst>(inst) && !llvm::isa<llvm::CastInst>(inst) &&
      !llvm::isa<llvm::BinaryOperator>(inst) && !llvm::isa<llvm::CmpInst>(inst) &&
      !llvm::isa<llvm::SelectInst>(inst))
    return false;
  for (llvm::Value *op : inst->operands())
    if (!canRecompute(op, ctx, depth + 1))
      return false;
  return true;
}

llvm::Value *recompute(llvm::Value *v, llvm::Instruction *before) {
  auto *inst = llvm::dyn_cast<llvm::Instruction>(v);
  if (!inst)
    return v;
  llvm::Instruction *copy = inst->clone();
  for (unsigned i = 0; i < copy->getNumOperands(); ++i)
    copy->setOperand(i, recompute(copy->getOperand(i), before));
  copy->insertBefore(before);
  return copy;
}

llvm::Instruction *insertionPointFor(llvm::Use &use) {
  auto *user = llvm::cast<llvm::Instruction>(use.getUser());
  if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user))
    return phi->getIncomingBlock(use)->getTerminator();
  return user;
}

class StorageLayout {
public:
  uint64_t allocate(uint64_t size, uint64_t align) {
    align = std::max<uint64_t>(align, 1);
    offset_ = (offset_ + align - 1) / align * align;
    uint64_t at = offset_;
    offset_ += size;
    return at;
  }
  uint64_t size() const { return (offset_ + 15) / 16 * 16; }

private:
  uint64_t offset_ = 0;
};

/// Address of this work-item's copy of the slot at `offset` of `size` bytes.
llvm::Value *slotAddress(llvm::IRBuilder<> &b, llvm::Function &f, uint64_t offset, uint64_t size,
                         const llvm::Twine &name = "") {
  WorkItemParams p{unsigned(f.arg_size() - WorkItemParams::kCount)};
  llvm::Value *index = b.CreateAdd(
      b.CreateMul(b.CreateAdd(b.CreateMul(f.getArg(p.localId(2)), f.getArg(p.localSize(1))),
                              f.getArg(p.localId(1))),
                  f.getArg(p.localSize(0))),
      f.getArg(p.localId(0)));
  llvm::Value *items = b.CreateMul(
      b.CreateMul(f.getArg(p.localSize(0)), f.getArg(p.localSize(1))), f.getArg(p.localSize(2)));
  llvm::Value *byteOffset =
      b.CreateAdd(b.CreateMul(items, b.getInt64(offset)), b.CreateMul(index, b.getInt64(size)));
  return b.CreateInBoundsGEP(b.getInt8Ty(), f.getArg(p.wiBase()), byteOffset, name);
}

/// Private variables left in memory live in per-work-item storage.
void moveAllocasToStorage(llvm::Function &f, StorageLayout &layout) {
  const llvm::DataLayout &dl = f.getParent()->getDataLayout();
  std::vector<llvm::AllocaInst *> allocas;
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &inst : bb)
      if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&inst))
        allocas.push_back(a);
  llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
  for (llvm::AllocaInst *a : allocas) {
    uint64_t count = 1;
    if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(a->getArraySize()))
      count = c->getZExtValue();
    // Rounded to the alignment, so every work-item's copy stays aligned.
    uint64_t align = std::max<uint64_t>(a->getAlign().value(), 16);
    uint64_t size = (dl.getTypeAllocSize(a->getAllocatedType()) * count + align - 1) / align * align;
    uint64_t offset = layout.allocate(size, align);
    llvm::Value *addr = slotAddress(b, f, offset, size, a->getName() + ".wi");
    if (addr->getType() != a->getType())
      addr = b.CreateAddrSpaceCast(addr, a->getType());
    a->replaceAllUsesWith(addr);
    a->eraseFromParent();
  }
}

/// Stores `def` to its slot after it is computed and reloads it before
/// every use on the far side of a barrier.
void demote(llvm::Instruction &def, const std::vector<llvm::Use *> &uses, StorageLayout &layout) {
  const llvm::DataLayout &dl = def.getModule()->getDataLayout();
  llvm::Type *type = def.getType();
  uint64_t align = dl.getABITypeAlign(type).value();
  uint64_t size = (dl.getTypeAllocSize(type) + align - 1) / align * align;
  uint64_t offset = layout.allocate(size, align);
  llvm::Function &f = *def.getFunction();
  llvm::Instruction *after = llvm::isa<llvm::PHINode>(def)
                                 ? &*def.getParent()->getFirstInsertionPt()
                                 : def.getNextNode();
  llvm::IRBuilder<> b(after);
  llvm::Value *slot = slotAddress(b, f, offset, size);
  b.CreateStore(&def, slot);
  for (llvm::Use *use : uses) {
    llvm::IRBuilder<> at(insertionPointFor(*use));
    llvm::Value *reload = slotAddress(at, f, offset, size);
    use->set(at.CreateLoad(type, reload, def.getName() + ".reload"));
  }
}

/// Region `index` as a function returning the number of the barrier it
/// stops at, or -1 when the kernel ends.
llvm::Function *cloneRegion(llvm::Function &body, unsigned index, const BarrierBlocks &blocks) {
  llvm::LLVMContext &context = body.getContext();
  auto *i32 = llvm::Type::getInt32Ty(context);
  auto *type = llvm::FunctionType::get(i32, body.getFunctionType()->params(), false);
  auto *region = llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                                        body.getName() + ".region" + std::to_string(index),
                                        body.getParent());
  llvm::ValueToValueMapTy map;
  for (llvm::Argument &a : body.args()) {
    region->getArg(a.getArgNo())->setName(a.getName());
    map[&a] = region->getArg(a.getArgNo());
  }
  llvm::SmallVector<llvm::ReturnInst *, 4> returns;
  llvm::CloneFunctionInto(region, &body, map, llvm::CloneFunctionChangeType::LocalChangesOnly,
                          returns);
  for (llvm::ReturnInst *ret : returns) {
    llvm::ReturnInst::Create(context, llvm::ConstantInt::get(i32, -1), ret->getIterator());
    ret->eraseFromParent();
  }
  for (size_t k = 0; k < blocks.barrier.size(); ++k) {
    auto *bb = llvm::cast<llvm::BasicBlock>(map[blocks.barrier[k]]);
    // The barrier block ends the region: drop the call, return k + 1.
    while (!bb->empty())
      bb->back().eraseFromParent();
    llvm::ReturnInst::Create(context, llvm::ConstantInt::get(i32, k + 1), bb);
  }
  if (index > 0) {
    auto *start = llvm::cast<llvm::BasicBlock>(map[blocks.continuation[index - 1]]);
    auto *entry = llvm::BasicBlock::Create(context, "region.entry", region, &region->front());
    llvm::BranchInst::Create(start, entry);
  }
  llvm::removeUnreachableBlocks(*region);
  region->addFnAttr(llvm::Attribute::AlwaysInline);
  return region;
}

} // namespace

Regions formBarrierRegions(llvm::Function &body) {
  Regions regions;
  bool any = false;
  for (llvm::BasicBlock &bb : body)
    for (llvm::Instruction &inst : bb)
      any |= isBarrier(inst);
  if (!any) {
    regions.functions.push_back(&body);
    body.addFnAttr(llvm::Attribute::AlwaysInline);
    return regions;
  }
  regions.hasBarriers = true;
  WorkItemParams p{unsigned(body.arg_size() - WorkItemParams::kCount)};
  llvm::Argument *ctx = body.getArg(p.ctx());

  BarrierBlocks blocks = isolateBarriers(body);
  std::set<llvm::BasicBlock *> barrierSet(blocks.barrier.begin(), blocks.barrier.end());
  StorageLayout layout;
  moveAllocasToStorage(body, layout);

  // Find every (value, use) pair that crosses a barrier first, then rewrite.
  std::vector<std::pair<llvm::Instruction *, std::vector<llvm::Use *>>> crossing;
  for (llvm::BasicBlock &bb : body)
    for (llvm::Instruction &inst : bb) {
      if (inst.getType()->isVoidTy())
        continue;
      std::vector<llvm::Use *> uses;
      for (llvm::Use &u : inst.uses())
        if (crossesBarrier(inst, u, barrierSet))
          uses.push_back(&u);
      if (!uses.empty())
        crossing.emplace_back(&inst, std::move(uses));
    }
  for (auto &[def, uses] : crossing) {
    if (canRecompute(def, ctx)) {
      for (llvm::Use *u : uses)
        u->set(recompute(def, insertionPointFor(*u)));
    } else {
      demote(*def, uses, layout);
    }
  }
  regions.wiStorageBytes = layout.size();
  for (size_t r = 0; r <= blocks.barrier.size(); ++r)
    regions.functions.push_back(cloneRegion(body, unsigned(r), blocks));
  body.eraseFromParent();
  return regions;
}


llvm::PreservedAnalyses BarrierRegionsPass::run(llvm::Module &module,
                                                llvm::ModuleAnalysisManager &) {
  for (llvm::Function *body : kernelBodies(module)) {
    llvm::Function *kernel = kernelOfBody(*body);
    std::string name = kernel->getName().str();
    Regions regions = formBarrierRegions(*body);
    for (size_t i = 0; i < regions.functions.size(); ++i) {
      llvm::Function *region = regions.functions[i];
      region->removeFnAttr(attr::kBodyOf);
      region->addFnAttr(attr::kRegionOf, name);
      region->addFnAttr(attr::kRegionIndex, std::to_string(i));
    }
    kernel->addFnAttr(attr::kWiStorage, std::to_string(regions.wiStorageBytes));
    kernel->addFnAttr(attr::kBarriers, regions.hasBarriers ? "1" : "0");
  }
  return llvm::PreservedAnalyses::none();
}

} // namespace corecl::compiler
