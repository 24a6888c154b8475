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
// stores instead of gathers and scatters. A vector value gets one slot per
// component for the same reason.
//
// A value every work-item computes alike (divergence.h) is kept once per
// group instead: work-items store it to the slot's `next` copy, reloads read
// its `current` copy, and the work-group function copies next to current
// after each region that defines it (the "corecl.uniform-commit" list on
// the region). Two copies because a region may define the value that it
// reloads (a loop's counter), and the work-items run the region one after
// another: a reload must not see what an earlier work-item stored in the
// same pass. The reloads are then the same for every work-item and leave
// the work-item loop, so what is computed from them stays scalar. Nothing in
// a region writes a current copy, which alias-scope metadata tells LLVM.
#include "compiler/llvm_init.h"
#include "compiler/passes/divergence.h"
#include "compiler/passes/item_order.h"
#include "compiler/passes/packetize.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/shared_slots.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

namespace corecl::compiler {
namespace {

struct BarrierBlocks {
  std::vector<llvm::BasicBlock *> barrier;      // [k-1]: holds barrier k and a branch
  std::vector<llvm::BasicBlock *> continuation; // [k-1]: where region k starts
};

/// Gives every barrier a block of its own: {barrier call; br continuation}.
BarrierBlocks isolateBarriers(llvm::Function &f) {
  std::vector<llvm::Instruction *> barriers;
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &inst : bb)
      if (isBarrierCall(inst))
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


/// Sets each of `uses` to the value `make(insertion point)` returns for it.
/// A phi may use a value twice from one predecessor (a switch with two
/// cases leading to the same block); such uses must get the same value, so
/// they share the first one made.
template <class Make> void replaceUses(const std::vector<llvm::Use *> &uses, Make make) {
  std::map<std::pair<llvm::PHINode *, llvm::BasicBlock *>, llvm::Value *> perEdge;
  for (llvm::Use *use : uses) {
    auto *phi = llvm::dyn_cast<llvm::PHINode>(use->getUser());
    if (!phi) {
      use->set(make(reloadPointFor(*use)));
      continue;
    }
    auto [it, fresh] = perEdge.try_emplace({phi, phi->getIncomingBlock(*use)}, nullptr);
    if (fresh)
      it->second = make(reloadPointFor(*use));
    use->set(it->second);
  }
}

/// True if some path from `def` reaches `use` without a barrier: the use
/// may then run in the same pass of a region as the definition.
bool reachedWithoutBarrier(llvm::Instruction &def, llvm::Use &use,
                           const std::set<llvm::BasicBlock *> &barrierBlocks) {
  llvm::BasicBlock *target = reloadPointFor(use)->getParent();
  std::vector<llvm::BasicBlock *> work(llvm::succ_begin(def.getParent()),
                                       llvm::succ_end(def.getParent()));
  std::set<llvm::BasicBlock *> seen;
  while (!work.empty()) {
    llvm::BasicBlock *bb = work.back();
    work.pop_back();
    if (barrierBlocks.count(bb) || !seen.insert(bb).second)
      continue;
    if (bb == target)
      return true;
    work.insert(work.end(), llvm::succ_begin(bb), llvm::succ_end(bb));
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
    return !load->isVolatile() && llvm::getUnderlyingObject(load->getPointerOperand()) == ctx &&
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

llvm::Value *workItemCount(llvm::IRBuilder<> &b, llvm::Function &f) {
  WorkItemParams p{unsigned(f.arg_size() - WorkItemParams::kCount)};
  return b.CreateMul(b.CreateMul(f.getArg(p.localSize(0)), f.getArg(p.localSize(1))),
                     f.getArg(p.localSize(2)));
}

/// Address of this work-item's copy of the slot at `offset` of `size` bytes.
llvm::Value *slotAddress(llvm::IRBuilder<> &b, llvm::Function &f, uint64_t offset, uint64_t size,
                         const llvm::Twine &name = "") {
  WorkItemParams p{unsigned(f.arg_size() - WorkItemParams::kCount)};
  // The dimension the work-item loops vectorise across varies fastest, so
  // that neighbouring lanes' copies of a slot are side by side.
  unsigned inner = 0, outer = 1;
  if (f.getFnAttribute(attr::kItemOrder).getValueAsString() == "yx")
    std::swap(inner, outer);
  llvm::Value *index = b.CreateAdd(
      b.CreateMul(b.CreateAdd(b.CreateMul(f.getArg(p.localId(2)), f.getArg(p.localSize(outer))),
                              f.getArg(p.localId(outer))),
                  f.getArg(p.localSize(inner))),
      f.getArg(p.localId(inner)));
  llvm::Value *byteOffset = b.CreateAdd(b.CreateMul(workItemCount(b, f), b.getInt64(offset)),
                                        b.CreateMul(index, b.getInt64(size)));
  return b.CreateInBoundsGEP(b.getInt8Ty(), f.getArg(p.wiBase()), byteOffset, name);
}

/// Address of the group's copy of a uniform slot: `offset` as for
/// slotAddress, plus `extra` bytes (the next copy follows the current one).
llvm::Value *uniformSlotAddress(llvm::IRBuilder<> &b, llvm::Function &f, uint64_t offset,
                                uint64_t extra) {
  WorkItemParams p{unsigned(f.arg_size() - WorkItemParams::kCount)};
  llvm::Value *byteOffset =
      b.CreateAdd(b.CreateMul(workItemCount(b, f), b.getInt64(offset)), b.getInt64(extra));
  return b.CreateInBoundsGEP(b.getInt8Ty(), f.getArg(p.wiBase()), byteOffset);
}

/// Lifetime markers belong to stack objects. On a per-work-item slot they
/// would tell LLVM that the slot's contents die and are born again, and
/// the slot outlives the region (the reason it is a slot), so they go.
void dropLifetimeMarkers(llvm::AllocaInst &a) {
  std::vector<llvm::Instruction *> markers;
  for (llvm::User *user : a.users())
    if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user))
      if (intrinsic->isLifetimeStartOrEnd())
        markers.push_back(intrinsic);
  for (llvm::Instruction *marker : markers)
    marker->eraseFromParent();
}

/// The accesses of an alloca that can be laid out lane-interleaved: every
/// use loads or stores one element, at the alloca itself or through a GEP
/// that picks an element by index (lifetime markers aside). Null if some
/// use does anything else (passes the address on, reads across elements).
struct ElementAccesses {
  llvm::Type *element = nullptr;
  std::vector<llvm::Instruction *> direct;        // loads and stores of element 0
  // Element pointers and the index of the element each picks.
  std::vector<std::pair<llvm::GetElementPtrInst *, llvm::Value *>> indexed;
  std::vector<llvm::Instruction *> lifetimes;
};

bool isElementAccess(llvm::User *user, llvm::Value *ptr, llvm::Type *element) {
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(user))
    return load->getType() == element;
  if (auto *store = llvm::dyn_cast<llvm::StoreInst>(user))
    return store->getPointerOperand() == ptr && store->getValueOperand()->getType() == element;
  return false;
}

bool isZero(llvm::Value *v) {
  auto *c = llvm::dyn_cast<llvm::ConstantInt>(v);
  return c && c->isZero();
}

/// The element a GEP into an array of `element`s picks, or null:
/// `gep [K x T], %a, 0, %i`, `gep T, %a, %i`, or (as InstCombine writes a
/// constant index) `gep i8, %a, C` with C a multiple of the element size.
llvm::Value *elementIndex(llvm::GetElementPtrInst &gep, llvm::Type *allocated,
                          llvm::Type *element) {
  llvm::Type *source = gep.getSourceElementType();
  if (source == allocated && allocated->isArrayTy() && gep.getNumIndices() == 2 &&
      isZero(gep.getOperand(1)))
    return gep.getOperand(2);
  if (source == element && gep.getNumIndices() == 1)
    return gep.getOperand(1);
  auto *bytes = llvm::dyn_cast<llvm::ConstantInt>(gep.getOperand(1));
  uint64_t size = gep.getDataLayout().getTypeAllocSize(element);
  if (source->isIntegerTy(8) && gep.getNumIndices() == 1 && bytes && size &&
      bytes->getSExtValue() % int64_t(size) == 0)
    return llvm::ConstantInt::get(bytes->getType(), bytes->getSExtValue() / int64_t(size));
  return nullptr;
}

std::optional<ElementAccesses> elementAccesses(llvm::AllocaInst &a) {
  ElementAccesses result;
  llvm::Type *type = a.getAllocatedType();
  result.element = type->isArrayTy() ? type->getArrayElementType() : type;
  if (!result.element->isSingleValueType() || result.element->isVectorTy() ||
      !llvm::isa<llvm::ConstantInt>(a.getArraySize()))
    return std::nullopt;
  for (llvm::User *user : a.users()) {
    if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user);
        intrinsic && intrinsic->isLifetimeStartOrEnd()) {
      result.lifetimes.push_back(intrinsic);
      continue;
    }
    if (isElementAccess(user, &a, result.element)) {
      result.direct.push_back(llvm::cast<llvm::Instruction>(user));
      continue;
    }
    auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(user);
    if (!gep || gep->getPointerOperand() != &a)
      return std::nullopt;
    llvm::Value *index = elementIndex(*gep, type, result.element);
    if (!index)
      return std::nullopt;
    for (llvm::User *access : gep->users())
      if (!isElementAccess(access, gep, result.element))
        return std::nullopt;
    result.indexed.emplace_back(gep, index);
  }
  return result;
}

/// Private variables left in memory live in per-work-item storage. An
/// array accessed element by element is laid out lane-interleaved: element
/// j of every work-item side by side, so the same element of neighbouring
/// work-items is one vector load. Other allocas get a slot of their own
/// size per work-item (also side by side for a scalar).
void moveAllocasToStorage(llvm::Function &f, StorageLayout &layout) {
  const llvm::DataLayout &dl = f.getParent()->getDataLayout();
  std::vector<llvm::AllocaInst *> allocas;
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &inst : bb)
      if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&inst))
        allocas.push_back(a);
  for (llvm::AllocaInst *a : allocas) {
    uint64_t count = 1;
    if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(a->getArraySize()))
      count = c->getZExtValue();
    uint64_t align = a->getAlign().value();
    if (std::optional<ElementAccesses> accesses = elementAccesses(*a)) {
      uint64_t elementSize = dl.getTypeAllocSize(accesses->element);
      uint64_t elements = dl.getTypeAllocSize(a->getAllocatedType()) * count / elementSize;
      align = std::min<uint64_t>(align, dl.getABITypeAlign(accesses->element).value());
      uint64_t offset = layout.allocate(elements * elementSize, align);
      // Element j of this work-item: the slot at offset + j * elementSize.
      auto elementAddress = [&](llvm::IRBuilder<> &b, llvm::Value *j) {
        llvm::Value *slot = slotAddress(b, f, offset, elementSize, a->getName() + ".wi");
        llvm::Value *addr = slot;
        if (!isZero(j))
          addr = b.CreateGEP(b.getInt8Ty(), slot,
                             b.CreateMul(b.CreateSExtOrTrunc(j, b.getInt64Ty()),
                                         b.CreateMul(workItemCount(b, f),
                                                     b.getInt64(elementSize))));
        return addr->getType() == a->getType() ? addr : b.CreateAddrSpaceCast(addr, a->getType());
      };
      // A work-item's element is only as aligned as the element: the
      // alloca's own alignment (64 for a struct with a long8 member, kept
      // by SROA on its pieces) no longer holds, and a packet's vector
      // access of several work-items' elements at that alignment faults.
      auto clampAlignment = [&](llvm::Instruction *access) {
        if (auto *load = llvm::dyn_cast<llvm::LoadInst>(access))
          load->setAlignment(std::min(load->getAlign(), llvm::Align(align)));
        else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(access))
          store->setAlignment(std::min(store->getAlign(), llvm::Align(align)));
      };
      for (llvm::Instruction *lifetime : accesses->lifetimes)
        lifetime->eraseFromParent();
      for (auto [gep, index] : accesses->indexed) {
        for (llvm::User *access : gep->users())
          clampAlignment(llvm::cast<llvm::Instruction>(access));
        llvm::IRBuilder<> b(gep);
        gep->replaceAllUsesWith(elementAddress(b, index));
        gep->eraseFromParent();
      }
      for (llvm::Instruction *access : accesses->direct) {
        clampAlignment(access);
        llvm::IRBuilder<> b(access);
        access->replaceUsesOfWith(a, elementAddress(b, b.getInt64(0)));
      }
      a->eraseFromParent();
      continue;
    }
    // The address is computed where the alloca stood, which dominates its
    // uses. The builder must not outlive its insertion point: that point
    // may be the next alloca, erased below.
    llvm::IRBuilder<> b(a);
    // Rounded to the alignment, so every work-item's copy stays aligned.
    uint64_t size =
        (dl.getTypeAllocSize(a->getAllocatedType()) * count + align - 1) / align * align;
    uint64_t offset = layout.allocate(size, align);
    llvm::Value *addr = slotAddress(b, f, offset, size, a->getName() + ".wi");
    if (addr->getType() != a->getType())
      addr = b.CreateAddrSpaceCast(addr, a->getType());
    dropLifetimeMarkers(*a);
    a->replaceAllUsesWith(addr);
    a->eraseFromParent();
  }
}


uint64_t slotSize(const llvm::DataLayout &dl, llvm::Type *type, uint64_t &align) {
  align = dl.getABITypeAlign(type).value();
  return (dl.getTypeAllocSize(type) + align - 1) / align * align;
}

/// Stores `def` to its per-work-item slots after it is computed and reloads
/// it before every use on the far side of a barrier. A vector is stored
/// component by component, each component in a slot of its own. Returns the
/// slots' offsets.
std::vector<uint64_t> demote(llvm::Instruction &def, const std::vector<llvm::Use *> &uses,
                             StorageLayout &layout, std::vector<uint64_t> *shared = nullptr) {
  const llvm::DataLayout &dl = def.getModule()->getDataLayout();
  llvm::Type *type = def.getType();
  auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type);
  unsigned parts = vector ? vector->getNumElements() : 1;
  llvm::Type *partType = vector ? vector->getElementType() : type;
  // Flags are kept as bytes: the vectoriser loads and stores <N x i8>
  // whole, but takes <N x i1> in memory apart lane by lane.
  bool flag = partType->isIntegerTy(1);
  llvm::Type *storedType = flag ? llvm::Type::getInt8Ty(def.getContext()) : partType;
  uint64_t align = 0;
  uint64_t size = slotSize(dl, storedType, align);
  std::vector<uint64_t> offsets;
  if (shared && !shared->empty())
    offsets = *shared; // shared_slots.h: a loop-carried value's group
  for (unsigned i = offsets.size(); i < parts; ++i)
    offsets.push_back(layout.allocate(size, align));
  if (shared)
    *shared = offsets;
  llvm::Function &f = *def.getFunction();
  llvm::IRBuilder<> b(storePointFor(def));
  auto tag = [&](llvm::Instruction *access, unsigned i) {
    access->setMetadata(kSlotTag,
                        llvm::MDNode::get(def.getContext(),
                                          {llvm::ConstantAsMetadata::get(b.getInt64(offsets[i]))}));
    return access;
  };
  for (unsigned i = 0; i < parts; ++i) {
    llvm::Value *part = vector ? b.CreateExtractElement(&def, i) : &def;
    tag(b.CreateStore(flag ? b.CreateZExt(part, storedType) : part,
                      slotAddress(b, f, offsets[i], size)),
        i);
  }
  replaceUses(uses, [&](llvm::Instruction *before) {
    llvm::IRBuilder<> at(before);
    llvm::Value *value = llvm::PoisonValue::get(type);
    for (unsigned i = 0; i < parts; ++i) {
      llvm::Value *part = tag(at.CreateLoad(storedType, slotAddress(at, f, offsets[i], size),
                                            def.getName() + ".reload"),
                              i);
      if (flag)
        part = at.CreateTrunc(part, partType);
      value = vector ? at.CreateInsertElement(value, part, i) : part;
    }
    return value;
  });
  return offsets;
}

/// A commit: after the work-items ran a region, `size` bytes of a uniform
/// slot move from its next copy to its current copy.
struct UniformCommit {
  uint64_t offset;
  uint64_t size;
};

/// Stores uniform `def` to the group's next copy and reloads the current
/// copy before every use across a barrier; returns the commit that makes
/// the next copy current.
UniformCommit demoteUniform(llvm::Instruction &def, const std::vector<llvm::Use *> &uses,
                            StorageLayout &layout, llvm::MDNode *currentScope) {
  const llvm::DataLayout &dl = def.getModule()->getDataLayout();
  llvm::Type *type = def.getType();
  uint64_t align = 0;
  uint64_t size = slotSize(dl, type, align);
  // Twice the size per work-item: room for both copies with one item.
  uint64_t offset = layout.allocate(2 * size, align);
  llvm::Function &f = *def.getFunction();
  llvm::IRBuilder<> b(storePointFor(def));
  b.CreateStore(&def, uniformSlotAddress(b, f, offset, size));
  replaceUses(uses, [&](llvm::Instruction *before) {
    llvm::IRBuilder<> at(before);
    llvm::LoadInst *reload =
        at.CreateLoad(type, uniformSlotAddress(at, f, offset, 0), def.getName() + ".uniform");
    reload->setMetadata(llvm::LLVMContext::MD_alias_scope, currentScope);
    return reload;
  });
  return {offset, size};
}

/// Blocks of each region: those reachable from its start without passing
/// a barrier.
std::vector<std::set<llvm::BasicBlock *>> regionBlocks(llvm::Function &f,
                                                       const BarrierBlocks &blocks) {
  std::set<llvm::BasicBlock *> barriers(blocks.barrier.begin(), blocks.barrier.end());
  std::vector<std::set<llvm::BasicBlock *>> regions;
  for (size_t r = 0; r <= blocks.barrier.size(); ++r) {
    std::set<llvm::BasicBlock *> seen;
    std::vector<llvm::BasicBlock *> work = {r == 0 ? &f.getEntryBlock()
                                                   : blocks.continuation[r - 1]};
    while (!work.empty()) {
      llvm::BasicBlock *bb = work.back();
      work.pop_back();
      if (barriers.count(bb) || !seen.insert(bb).second)
        continue;
      work.insert(work.end(), llvm::succ_begin(bb), llvm::succ_end(bb));
    }
    regions.push_back(std::move(seen));
  }
  return regions;
}

/// Promises LLVM that no store or call in `f` writes a current copy.
void markCurrentCopiesUnwritten(llvm::Function &f, llvm::MDNode *currentScope) {
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &inst : bb)
      if (inst.mayWriteToMemory())
        inst.setMetadata(llvm::LLVMContext::MD_noalias,
                         llvm::MDNode::concatenate(inst.getMetadata(llvm::LLVMContext::MD_noalias),
                                                   currentScope));
}

std::string commitList(const std::vector<UniformCommit> &commits) {
  std::string text;
  for (const UniformCommit &c : commits)
    text += (text.empty() ? "" : ",") + std::to_string(c.offset) + ":" + std::to_string(c.size);
  return text;
}

/// Region `index` as a function returning the number of the barrier it
/// stops at, or -1 when the kernel ends: a copy of the blocks it reaches
/// before a barrier (`reached`, regionBlocks), not of the whole body, so
/// that a long body with many barriers costs its length once, not once per
/// region (an 8,000-statement kernel with a barrier every 500: 16 s of
/// copying and deleting). Whatever a copied block takes from outside the
/// region was demoted or recomputed before (formBarrierRegions); a phi's
/// edges from outside the region go.
llvm::Function *cloneRegion(llvm::Function &body, unsigned index, const BarrierBlocks &blocks,
                            const std::set<llvm::BasicBlock *> &reached,
                            std::map<const llvm::BasicBlock *, llvm::BasicBlock *> &origin) {
  llvm::LLVMContext &context = body.getContext();
  auto *i32 = llvm::Type::getInt32Ty(context);
  auto *type = llvm::FunctionType::get(i32, body.getFunctionType()->params(), false);
  auto *region =
      llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                             body.getName() + ".region" + std::to_string(index), body.getParent());
  region->copyAttributesFrom(&body);
  // Not the body's subprogram: one function holds it. The copies keep
  // their locations in it, which inlining into the work-group function
  // places inside that function's own (work_group_loops.cpp).
  llvm::SmallVector<std::pair<unsigned, llvm::MDNode *>, 4> attached;
  body.getAllMetadata(attached);
  for (auto [kind, node] : attached)
    if (kind != llvm::LLVMContext::MD_dbg)
      region->setMetadata(kind, node);
  llvm::ValueToValueMapTy map;
  for (llvm::Argument &a : body.args()) {
    region->getArg(a.getArgNo())->setName(a.getName());
    map[&a] = region->getArg(a.getArgNo());
  }
  llvm::BasicBlock *entry = nullptr;
  if (index > 0)
    entry = llvm::BasicBlock::Create(context, "region.entry", region);
  std::vector<llvm::BasicBlock *> copies;
  for (llvm::BasicBlock &bb : body)
    if (reached.count(&bb)) {
      llvm::BasicBlock *copy = llvm::CloneBasicBlock(&bb, map, "", region);
      map[&bb] = copy;
      origin[copy] = &bb;
      copies.push_back(copy);
    }
  // The barrier blocks the region reaches end it: `return k + 1`.
  for (size_t k = 0; k < blocks.barrier.size(); ++k) {
    bool ends = false;
    for (llvm::BasicBlock *pred : llvm::predecessors(blocks.barrier[k]))
      ends |= reached.count(pred) != 0;
    if (!ends)
      continue;
    auto *stop = llvm::BasicBlock::Create(context, "barrier", region);
    llvm::ReturnInst::Create(context, llvm::ConstantInt::get(i32, k + 1), stop);
    map[blocks.barrier[k]] = stop;
  }
  llvm::remapInstructionsInBlocks(copies, map);
  if (entry)
    llvm::BranchInst::Create(llvm::cast<llvm::BasicBlock>(map[blocks.continuation[index - 1]]),
                             entry);
  for (llvm::BasicBlock *copy : copies) {
    if (auto *ret = llvm::dyn_cast<llvm::ReturnInst>(copy->getTerminator())) {
      llvm::ReturnInst::Create(context, llvm::ConstantInt::get(i32, -1), ret->getIterator());
      ret->eraseFromParent();
    }
    // As removeUnreachableBlocks would: a phi left one value is that value.
    // (Every phi of a block lists the same edges, one per edge.)
    std::vector<llvm::BasicBlock *> outside;
    if (auto *phi = llvm::dyn_cast<llvm::PHINode>(&copy->front()))
      for (llvm::BasicBlock *from : phi->blocks())
        if (from->getParent() != region)
          outside.push_back(from);
    for (llvm::BasicBlock *from : outside)
      copy->removePredecessor(from);
  }
  region->addFnAttr(llvm::Attribute::AlwaysInline);
  return region;
}

/// Instructions the region functions would hold together: each region is a
/// copy of every block it reaches before a barrier.
size_t regionInstructions(llvm::Function &body, const BarrierBlocks &blocks) {
  size_t total = 0;
  for (const std::set<llvm::BasicBlock *> &region : regionBlocks(body, blocks))
    for (llvm::BasicBlock *bb : region)
      total += bb->size();
  return total;
}

} // namespace

bool isBarrierFunctionName(llvm::StringRef name) {
  return name == "_Z7barrierj" || name == "_Z18work_group_barrierj" ||
         name == "_Z18work_group_barrierj12memory_scope";
}

bool isBarrierCall(const llvm::Instruction &inst) {
  auto *call = llvm::dyn_cast<llvm::CallInst>(&inst);
  return call && call->getCalledFunction() &&
         isBarrierFunctionName(call->getCalledFunction()->getName());
}

/// How many loops multiply the runs of `block` in the region that starts
/// at `start` and holds `reached`: the loops around the start that leave
/// the region (a barrier in them: the region runs once per trip), and the
/// loops around the block that lie wholly inside the region (it goes
/// around them itself). A loop around a block but not wholly inside the
/// region, not around its start, runs the block once: the first tile's
/// copy, before a multiply's loop comes back to it through a barrier. A
/// loop around the start that leaves the region but not around the block
/// does not multiply it either: CLBlast's XgemmDirect reaches the loop
/// over the K remainder from the region after its tile loop's last
/// barrier, once, on the way out of the tile loop.
unsigned timesRun(const llvm::LoopInfo &loops, llvm::BasicBlock *start, llvm::BasicBlock *block,
                  const std::set<llvm::BasicBlock *> &reached) {
  auto inside = [&](const llvm::Loop *loop) {
    return llvm::all_of(loop->blocks(), [&](llvm::BasicBlock *bb) { return reached.count(bb); });
  };
  unsigned depth = 0;
  for (const llvm::Loop *loop = loops.getLoopFor(start); loop; loop = loop->getParentLoop())
    depth += !inside(loop) && loop->contains(block);
  for (const llvm::Loop *loop = loops.getLoopFor(block); loop; loop = loop->getParentLoop())
    depth += inside(loop);
  return depth;
}

/// Leaves `runs` of each block of `region` on its terminator
/// (kTimesRun), for the packetiser to tell a region's hot accesses from
/// those it runs once (packetize.h, PacketReport).
void markTimesRun(llvm::Function &region, const LoopDepth &runs) {
  llvm::LLVMContext &context = region.getContext();
  for (llvm::BasicBlock &bb : region)
    if (llvm::Instruction *end = bb.getTerminator())
      end->setMetadata(
          kTimesRun,
          llvm::MDNode::get(context, {llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(
                                         llvm::Type::getInt32Ty(context), runs(bb)))}));
}

namespace {

bool hasBarrier(llvm::Function &f) {
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &inst : bb)
      if (isBarrierCall(inst))
        return true;
  return false;
}

/// A value defined before a barrier and the uses of it after one.
using CrossingValues = std::vector<std::pair<llvm::Instruction *, std::vector<llvm::Use *>>>;

/// Every value used across a barrier, found before anything is rewritten.
CrossingValues valuesCrossingBarriers(llvm::Function &body,
                                      const std::set<llvm::BasicBlock *> &barrierSet) {
  CrossingValues crossing;
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
  return crossing;
}

/// Carries each crossing value over its barriers the cheapest way that
/// applies: recomputed where it is used (ids, sizes, arguments), kept once
/// for the group when every work-item has the same value, else kept per
/// work-item in the storage `layout` (values never live at once share
/// slots). Returns, per region, the group-uniform values it commits.
std::vector<std::vector<UniformCommit>>
carryAcrossBarriers(llvm::Function &body, const CrossingValues &crossing,
                    const std::set<llvm::BasicBlock *> &barrierSet,
                    const std::vector<std::set<llvm::BasicBlock *>> &blocksOf,
                    StorageLayout &layout) {
  WorkItemParams p{unsigned(body.arg_size() - WorkItemParams::kCount)};
  llvm::Argument *ctx = body.getArg(p.ctx());
  // Uniformity is decided before any rewriting.
  WorkItemDivergence divergence(body);
  std::vector<std::vector<UniformCommit>> commits(blocksOf.size());
  llvm::MDBuilder md(body.getContext());
  llvm::MDNode *domain = md.createAnonymousAliasScopeDomain("corecl.uniform");
  llvm::MDNode *currentScope = llvm::MDNode::get(
      body.getContext(), {md.createAnonymousAliasScope(domain, "corecl.uniform.current")});
  bool anyUniform = false;
  auto keptOnce = [&](llvm::Instruction *def, const std::vector<llvm::Use *> &uses) {
    return divergence.isUniform(def) && def->getType()->isSingleValueType() &&
           std::none_of(uses.begin(), uses.end(),
                        [&](llvm::Use *u) { return reachedWithoutBarrier(*def, *u, barrierSet); });
  };
  // Decided before any rewriting, as the reloads change the uses.
  std::vector<KeptValue> perItem;
  for (auto &[def, uses] : crossing)
    if (!canRecompute(def, ctx) && !keptOnce(def, uses))
      perItem.emplace_back(def, uses);
  std::map<llvm::Instruction *, llvm::Instruction *> leaders = sharedSlotLeaders(perItem);
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << body.getName() << ": " << leaders.size() << " of " << perItem.size()
                 << " values kept per work-item share another's slots\n";
  std::set<llvm::Instruction *> groupLeaders;
  for (auto &[member, leader] : leaders)
    groupLeaders.insert(leader);
  std::map<llvm::Instruction *, std::vector<uint64_t>> groupSlots;
  for (auto &[def, uses] : crossing) {
    if (canRecompute(def, ctx)) {
      replaceUses(uses, [&](llvm::Instruction *before) { return recompute(def, before); });
    } else if (keptOnce(def, uses)) {
      UniformCommit commit = demoteUniform(*def, uses, layout, currentScope);
      for (size_t r = 0; r < blocksOf.size(); ++r)
        if (blocksOf[r].count(def->getParent()))
          commits[r].push_back(commit);
      anyUniform = true;
    } else {
      auto leader = leaders.find(def);
      llvm::Instruction *key = leader != leaders.end() ? leader->second : def;
      demote(*def, uses, layout, groupLeaders.count(key) ? &groupSlots[key] : nullptr);
    }
  }
  if (anyUniform)
    markCurrentCopiesUnwritten(body, currentScope);
  return commits;
}

/// Clones region r of the rewritten body into a function of its own and
/// marks it: how often each block runs, the costs of its work-item orders
/// (with `orderExtents`), and the uniform values it commits.
void addRegion(Regions &regions, llvm::Function &body, unsigned r, const BarrierBlocks &blocks,
               const std::set<llvm::BasicBlock *> &blocksOfRegion, const llvm::LoopInfo &loops,
               const std::vector<UniformCommit> &commits, const ItemExtents *orderExtents) {
  std::map<const llvm::BasicBlock *, llvm::BasicBlock *> origin;
  llvm::Function *region = cloneRegion(body, r, blocks, blocksOfRegion, origin);
  regions.functions.push_back(region);
  dropStoresOfUnchangedSlots(*region);
  llvm::BasicBlock *start = r == 0 ? &body.getEntryBlock() : blocks.continuation[r - 1];
  auto runs = [&](const llvm::BasicBlock &bb) {
    auto found = origin.find(&bb);
    return found == origin.end() ? 0u : timesRun(loops, start, found->second, blocksOfRegion);
  };
  markTimesRun(*region, runs);
  if (orderExtents)
    regions.orderCosts.push_back(regionCosts(*region, *orderExtents, runs));
  if (!commits.empty())
    region->addFnAttr(attr::kUniformCommit, commitList(commits));
}

/// Erases the body once its regions are cloned. A value of the body a
/// region still names (debug records of values not kept across a barrier)
/// names nothing once the body goes.
void eraseBody(llvm::Function &body) {
  for (llvm::BasicBlock &bb : body)
    for (llvm::Instruction &inst : bb)
      if (!inst.use_empty())
        inst.replaceAllUsesWith(llvm::PoisonValue::get(inst.getType()));
  body.eraseFromParent();
}

} // namespace

Regions formBarrierRegions(llvm::Function &body, const ItemExtents *orderExtents) {
  Regions regions;
  if (!hasBarrier(body)) {
    regions.functions.push_back(&body);
    body.addFnAttr(llvm::Attribute::AlwaysInline);
    return regions;
  }
  BarrierBlocks blocks = isolateBarriers(body);
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << body.getName() << ": regions hold " << regionInstructions(body, blocks)
                 << " instructions for a body of " << body.getInstructionCount() << "\n";
  regions.hasBarriers = true;
  std::set<llvm::BasicBlock *> barrierSet(blocks.barrier.begin(), blocks.barrier.end());
  // Valid to the end: storage and demotion add instructions, not blocks.
  llvm::DominatorTree dt(body);
  llvm::LoopInfo loops(dt);
  regions.barrierInLoop = llvm::any_of(
      blocks.barrier, [&](llvm::BasicBlock *bb) { return loops.getLoopFor(bb) != nullptr; });
  StorageLayout layout;
  moveAllocasToStorage(body, layout);
  CrossingValues crossing = valuesCrossingBarriers(body, barrierSet);
  std::vector<std::set<llvm::BasicBlock *>> blocksOf = regionBlocks(body, blocks);
  std::vector<std::vector<UniformCommit>> commits =
      carryAcrossBarriers(body, crossing, barrierSet, blocksOf, layout);
  regions.wiStorageBytes = layout.size();
  // (Demoting values added no blocks: blocksOf and loops still hold.)
  for (size_t r = 0; r <= blocks.barrier.size(); ++r)
    addRegion(regions, body, unsigned(r), blocks, blocksOf[r], loops, commits[r], orderExtents);
  eraseBody(body);
  return regions;
}

namespace {

/// Estimated cost of running `regions` in the order each prefers.
uint64_t orderedCost(const Regions &regions) {
  uint64_t total = 0;
  for (const OrderCosts &costs : regions.orderCosts)
    total += costInPreferredOrder(costs);
  return total;
}

void eraseRegions(Regions &regions) {
  for (llvm::Function *region : regions.functions)
    region->eraseFromParent();
  regions.functions.clear();
}

/// Regions of `body` with per-work-item storage laid out along the
/// dimension its accesses prefer (item_order.h), each region marked with
/// the order its own accesses, storage included, prefer. When the body's
/// estimate is too close to call, both layouts are formed and the one
/// whose regions cost less in their preferred orders is kept: a tiled
/// matrix multiply wants both orders, as CLBlast's Xgemm copies its tiles
/// consecutively along x and multiplies with A uniform along y, and its
/// accumulators are in storage, touched by the multiply only
/// (shared_slots.h); which layout serves the regions better is known
/// only once they exist.
Regions formRegionsInCheaperOrder(llvm::Function &body, const ItemExtents &extents) {
  std::optional<bool> clear = clearPreference(body, extents);
  bool columns = clear.value_or(false);
  std::string name = body.getName().str();
  llvm::Function *other = nullptr;
  if (!clear) {
    llvm::ValueToValueMapTy map;
    other = llvm::CloneFunction(&body, map);
    other->setName(name + ".other-order");
    other->addFnAttr(attr::kItemOrder, "yx");
  }
  if (columns)
    body.addFnAttr(attr::kItemOrder, "yx");
  // The region estimates decide only between the two layouts.
  Regions regions = formBarrierRegions(body, &extents);
  if (other && !regions.hasBarriers) {
    other->eraseFromParent();
  } else if (other) {
    Regions alternative = formBarrierRegions(*other, &extents);
    uint64_t cost = orderedCost(regions), otherCost = orderedCost(alternative);
    if (std::getenv("CORECL_PACKET_TRACE"))
      llvm::errs() << name << ": regions cost " << cost << " with storage along x, " << otherCost
                   << " along y\n";
    if (otherCost < cost) {
      eraseRegions(regions);
      for (size_t i = 0; i < alternative.functions.size(); ++i)
        alternative.functions[i]->setName(name + ".region" + std::to_string(i));
      regions = std::move(alternative);
      columns = true;
    } else {
      eraseRegions(alternative);
    }
  }
  // With a clear preference, every region's work-item loops follow the
  // body: CLBlast's XgemmDirectTN (y 14 % cheaper) ran its tile copies
  // along x, where the region estimate sent them, at half the speed
  // (DGEMM 1024 12.4 -> 6.0 GFLOP/s, work-item loops). A region's packet
  // follows the region's own accesses whatever the layout
  // (region_packets.cpp): XgemmDirectTN's copies are one wide load and one
  // wide store along x there, gathers and scatters along y.
  for (size_t i = 0; i < regions.functions.size(); ++i) {
    if (!clear && regions.hasBarriers ? prefersColumns(regions.orderCosts[i]) : columns)
      regions.functions[i]->addFnAttr(attr::kLoopOrder, "yx");
    if (regions.hasBarriers)
      regions.functions[i]->addFnAttr(attr::kPacketOrder,
                                      prefersColumns(regions.orderCosts[i]) ? "yx" : "xy");
  }
  return regions;
}

} // namespace

llvm::PreservedAnalyses BarrierRegionsPass::run(llvm::Module &module,
                                                llvm::ModuleAnalysisManager &) {
  for (llvm::Function *body : kernelBodies(module)) {
    llvm::Function *kernel = kernelOfBody(*body);
    std::string name = kernel->getName().str();
    // item_order.h: per-work-item storage along the dimension that costs
    // less, each region's loops along its own.
    std::optional<ItemExtents> extents = extentsForEitherOrder(*body);
    Regions regions =
        extents ? formRegionsInCheaperOrder(*body, *extents) : formBarrierRegions(*body);
    if (!regions.functions.empty() &&
        regions.functions.front()->getFnAttribute(attr::kItemOrder).getValueAsString() == "yx")
      kernel->addFnAttr(attr::kItemOrder, "yx");
    for (size_t i = 0; i < regions.functions.size(); ++i) {
      llvm::Function *region = regions.functions[i];
      region->removeFnAttr(attr::kBodyOf);
      region->addFnAttr(attr::kRegionOf, name);
      region->addFnAttr(attr::kRegionIndex, std::to_string(i));
    }
    kernel->addFnAttr(attr::kWiStorage, std::to_string(regions.wiStorageBytes));
    kernel->addFnAttr(attr::kBarriers, regions.hasBarriers ? "1" : "0");
    if (regions.barrierInLoop)
      kernel->addFnAttr(attr::kBarrierInLoop, "1");
  }
  return llvm::PreservedAnalyses::none();
}

} // namespace corecl::compiler
