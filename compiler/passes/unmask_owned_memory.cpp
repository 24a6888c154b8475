// Plain vector accesses instead of masked ones for the memory a
// work-group call owns: per-work-item storage and local memory.
//
// When some work-items of a loop skip a block (they took the other side of
// a branch), LLVM's loop vectoriser
// if-converts the block and its loads and stores become llvm.masked.load
// and llvm.masked.store. For global memory that is required: a skipped
// work-item must not touch it, and other threads may be writing next to
// it. Per-work-item storage (the values CoreCL keeps across barriers,
// ctx->wi_storage) and the local-memory arena (ctx->local_arena) are
// different: they belong to the thread running the work-group, nobody else
// reads or writes them during the call, and the kernel ABI (kernel_abi.h)
// leaves slack around both so that a whole vector next to any valid
// address is ours. A masked store there can be a load, a blend and a
// store, which writes the skipped lanes back unchanged in the same
// instant; a masked load can be a plain load.
//
// That matters on AMD's cores, where a masked store is microcode costing
// tens of cycles. On Zen 3, a guarded N-body step (as the work-item loops
// then ran it, its accumulators through storage under the live mask) ran at 0.9x
// PoCL against 5x for the unguarded kernel, and a tree reduction in local
// memory (`if (lid < s) scratch[lid] += scratch[lid + s]`) at 0.9x.
//
// A lane's address is only known to be valid when the lane is active:
// with no lane active the access goes to the start of the memory instead.
// Storage slots addressed from the loop's induction variable and values
// from outside the loop only are valid in every iteration and keep their
// address.
#include "compiler/passes/unmask_owned_memory.h"
#include "compiler/passes/owned_memory.h"
#include "compiler/passes/preserved.h"
#include "corecl/kernel_abi.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Debug.h>

#include <optional>
#include <vector>

#define DEBUG_TYPE "corecl-unmask-owned-memory"

STATISTIC(NumStores, "Masked stores to owned memory made blends");
STATISTIC(NumLoads, "Masked loads from owned memory made plain");

namespace corecl::compiler {
namespace {

/// The widest access rewritten: the slack the kernel ABI guarantees before
/// and after the storage and the arena.
constexpr uint64_t kSlackBytes = CORECL_OWNED_MEMORY_SLACK;

/// Whether `address` is computed, inside `loop`, from the loop's induction
/// variables and values defined outside it only: no loaded data.
bool isDataIndependent(llvm::Value *address, const llvm::Loop &loop) {
  llvm::SmallVector<llvm::Value *, 16> work = {address};
  llvm::SmallPtrSet<llvm::Value *, 16> seen;
  while (!work.empty()) {
    auto *inst = llvm::dyn_cast<llvm::Instruction>(work.pop_back_val());
    if (!inst || !loop.contains(inst) || !seen.insert(inst).second)
      continue;
    // Header phis are induction variables if their step is data-free too.
    bool induction = llvm::isa<llvm::PHINode>(inst) && inst->getParent() == loop.getHeader();
    if (seen.size() > 64 ||
        !(induction ||
          llvm::isa<llvm::GetElementPtrInst, llvm::BinaryOperator, llvm::CastInst>(inst)))
      return false;
    for (llvm::Value *operand : inst->operands())
      work.push_back(operand);
  }
  return true;
}

} // namespace

llvm::PreservedAnalyses UnmaskOwnedMemoryPass::run(llvm::Function &f,
                                                   llvm::FunctionAnalysisManager &analyses) {
  OwnedBases bases = ownedBases(f);
  if (bases.empty())
    return llvm::PreservedAnalyses::all();
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  llvm::LoopInfo &loops = analyses.getResult<llvm::LoopAnalysis>(f);
  std::vector<llvm::IntrinsicInst *> masked;
  for (llvm::Instruction &inst : llvm::instructions(f))
    if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
      if (call->getIntrinsicID() == llvm::Intrinsic::masked_store ||
          call->getIntrinsicID() == llvm::Intrinsic::masked_load)
        masked.push_back(call);
  // One "any lane active" per mask.
  llvm::DenseMap<llvm::Value *, llvm::Value *> anyActive;
  bool changed = false;
  for (llvm::IntrinsicInst *call : masked) {
    bool isStore = call->getIntrinsicID() == llvm::Intrinsic::masked_store;
    llvm::Value *pointer = call->getArgOperand(isStore ? 1 : 0);
    llvm::Value *base = llvm::getUnderlyingObject(pointer, 0);
    auto owned = bases.find(base);
    if (owned == bases.end())
      continue;
    llvm::Type *type = isStore ? call->getArgOperand(0)->getType() : call->getType();
    if (layout.getTypeStoreSize(type).getFixedValue() > kSlackBytes)
      continue;
    llvm::Align align(
        llvm::cast<llvm::ConstantInt>(call->getArgOperand(isStore ? 2 : 1))->getZExtValue());
    llvm::Value *mask = call->getArgOperand(isStore ? 3 : 2);
    llvm::IRBuilder<> b(call);
    llvm::Value *address = pointer;
    llvm::Loop *loop = loops.getLoopFor(call->getParent());
    bool alwaysValid = owned->second == Owned::Storage && loop && isDataIndependent(pointer, *loop);
    if (!alwaysValid) {
      llvm::Value *any = anyActive.lookup(mask);
      if (!any) {
        // Next to the mask's definition, so that every access under the
        // same mask, in whatever block, shares the test.
        auto *maskInst = llvm::dyn_cast<llvm::Instruction>(mask);
        std::optional<llvm::BasicBlock::iterator> where =
            maskInst ? maskInst->getInsertionPointAfterDef()
                     : std::optional(f.getEntryBlock().getFirstInsertionPt());
        if (where)
          b.SetInsertPoint(*where);
        any = b.CreateOrReduce(mask);
        any->setName("owned.any.active");
        if (where)
          anyActive[mask] = any;
        b.SetInsertPoint(call);
      }
      // `any` may sit in another block than an access sharing its mask; it
      // dominates the access through the mask's own definition.
      address = b.CreateSelect(any, pointer, base, "owned.address");
    }
    // The new accesses keep the masked one's alias scopes.
    auto keepScopes = [&](llvm::Instruction *access) {
      access->copyMetadata(*call,
                           {llvm::LLVMContext::MD_alias_scope, llvm::LLVMContext::MD_noalias});
    };
    if (isStore) {
      llvm::LoadInst *old = b.CreateAlignedLoad(type, address, align, "owned.old");
      llvm::Value *blend = b.CreateSelect(mask, call->getArgOperand(0), old);
      keepScopes(old);
      keepScopes(b.CreateAlignedStore(blend, address, align));
      ++NumStores;
    } else {
      llvm::LoadInst *load = b.CreateAlignedLoad(type, address, align, "owned.load");
      keepScopes(load);
      llvm::Value *passThrough = call->getArgOperand(3);
      llvm::Value *value = llvm::isa<llvm::PoisonValue, llvm::UndefValue>(passThrough)
                               ? load
                               : b.CreateSelect(mask, load, passThrough);
      call->replaceAllUsesWith(value);
      ++NumLoads;
    }
    call->eraseFromParent();
    changed = true;
  }
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
