// Work-item loops whose whole body is guarded by `lid < u`, u the same for
// every work-item, iterate up to min(local size, u) instead of the local
// size.
//
// A tree reduction in local memory halves its active work-items at each
// step: `for (s = size / 2; s > 0; s >>= 1) { if (lid < s) x[lid] += x[lid
// + s]; barrier(...); }`. Each step is a region whose work-item loop runs
// over the whole group and masks off all but the first s work-items: for
// a group of 256, eight steps of 256 iterations where 255 would do. On an
// AVX2 machine (four lanes of 64-bit indices) the bench's reduction spent
// most of its time there, 0.9x PoCL.
//
// The loop must be exactly that shape: its header's only phi is the
// induction variable (0, step 1), the header ends in the guard, whose
// other side is the latch, and the latch only counts. Work the header does
// before the guard is kept exact: it may compute values used in the loop
// only and store loop-invariant values to loop-invariant addresses (the
// uniform values work-group formation records for the next region), which
// is the same done once or many times. The loop still runs at least once
// so that such stores happen when no work-item passes the guard.
#include "compiler/passes/clamp_guarded_item_loops.h"
#include "compiler/passes/owned_memory.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/MemoryLocation.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Support/Debug.h>

#include <vector>

#define DEBUG_TYPE "corecl-clamp-guarded-item-loops"

STATISTIC(NumClamped, "Work-item loops ended at the first work-item their guard turns away");

namespace corecl::compiler {
namespace {

using namespace llvm::PatternMatch;

/// A loop CoreCL's work-group formation marked as running work-items in
/// parallel (its accesses need not all be in the group: isAnnotatedParallel
/// would be stricter than the clamp needs).
bool isWorkItemLoop(const llvm::Loop &loop) {
  return llvm::findOptionMDForLoop(&loop, "llvm.loop.parallel_accesses") != nullptr;
}

/// The address `inst` writes through, if it is a plain write to one.
llvm::Value *writtenAddress(llvm::Instruction &inst) {
  if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
    return store->getPointerOperand();
  if (auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&inst))
    return rmw->getPointerOperand();
  if (auto *cmpxchg = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&inst))
    return cmpxchg->getPointerOperand();
  if (auto *transfer = llvm::dyn_cast<llvm::AnyMemIntrinsic>(&inst))
    return transfer->getRawDest();
  return nullptr;
}

/// Whether a write by `other` cannot reach per-work-item storage: it goes
/// to memory found through a kernel argument or another context field
/// (global or local memory), or to the stack. Alias analysis cannot tell
/// two pointers loaded from the context apart.
bool missesStorage(llvm::Instruction &other, const OwnedBases &owned) {
  llvm::Value *address = writtenAddress(other);
  if (!address)
    return false;
  llvm::Value *object = llvm::getUnderlyingObject(address, 0);
  if (llvm::isa<llvm::AllocaInst>(object))
    return true;
  auto known = owned.find(object);
  if (known != owned.end())
    return known->second != Owned::Storage;
  auto *load = llvm::dyn_cast<llvm::LoadInst>(object);
  llvm::Function *f = other.getFunction();
  return load && llvm::getUnderlyingObject(load->getPointerOperand(), 0) == f->getArg(0);
}

/// Whether running `inst` (in the header, before the guard) fewer times,
/// but at least once, changes nothing. A store must be the only write to
/// its location in the loop: one in the body would otherwise be last.
bool isRepeatable(llvm::Instruction &inst, const llvm::Loop &loop, llvm::AAResults &aliases,
                  const OwnedBases &owned) {
  if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
    if (!store->isSimple() || !loop.isLoopInvariant(store->getValueOperand()) ||
        !loop.isLoopInvariant(store->getPointerOperand()))
      return false;
    llvm::MemoryLocation location = llvm::MemoryLocation::get(store);
    auto base = owned.find(llvm::getUnderlyingObject(store->getPointerOperand(), 0));
    bool toStorage = base != owned.end() && base->second == Owned::Storage;
    // The header's other stores are repeatable ones too, in a fixed order.
    for (llvm::BasicBlock *block : loop.blocks())
      for (llvm::Instruction &other : *block)
        if (block != loop.getHeader() && other.mayWriteToMemory() &&
            llvm::isModSet(aliases.getModRefInfo(&other, location)) &&
            !(toStorage && missesStorage(other, owned)))
          return false;
    return true;
  }
  if (inst.mayHaveSideEffects())
    return false;
  for (const llvm::User *user : inst.users())
    if (!loop.contains(llvm::cast<llvm::Instruction>(user)))
      return false;
  return true;
}

/// The bound `guard` puts on `iv` (iterations with iv >= bound skip the
/// body), as a value for the preheader, or null.
llvm::Value *guardBound(llvm::ICmpInst *guard, llvm::PHINode *iv, const llvm::Loop &loop,
                        llvm::IRBuilder<> &b) {
  // `int lid = get_local_id(0)`: the guard sees the induction variable cut
  // to 32 bits (or masked to them), which loses nothing (a work-item loop
  // counts fewer than 2^31 work-items), so the bound widens instead.
  auto isNarrowed = [&](llvm::Value *v) {
    const llvm::APInt *mask;
    return (match(v, m_Trunc(m_Specific(iv))) && v->getType()->getIntegerBitWidth() >= 32) ||
           (match(v, m_And(m_Specific(iv), m_APInt(mask))) && mask->isMask() &&
            mask->getActiveBits() >= 31);
  };
  llvm::CmpInst::Predicate predicate = guard->getPredicate();
  llvm::Value *lhs = guard->getOperand(0), *rhs = guard->getOperand(1);
  if (rhs == iv || isNarrowed(rhs)) {
    std::swap(lhs, rhs);
    predicate = llvm::CmpInst::getSwappedPredicate(predicate);
  }
  bool narrowed = lhs != iv && isNarrowed(lhs);
  if ((lhs != iv && !narrowed) || !loop.isLoopInvariant(rhs))
    return nullptr;
  narrowed = narrowed && lhs->getType() != iv->getType();
  // `lid == 0`: the first work-item only.
  if (predicate == llvm::CmpInst::ICMP_EQ && match(rhs, m_Zero()))
    return llvm::ConstantInt::get(iv->getType(), 1);
  if (predicate == llvm::CmpInst::ICMP_ULT)
    return narrowed ? b.CreateZExt(rhs, iv->getType()) : rhs;
  if (predicate == llvm::CmpInst::ICMP_SLT) { // a negative bound admits no one
    llvm::Value *bound = narrowed ? b.CreateSExt(rhs, iv->getType()) : rhs;
    return b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, bound,
                                   llvm::ConstantInt::get(bound->getType(), 0));
  }
  return nullptr;
}

bool clamp(llvm::Loop &loop, llvm::AAResults &aliases, const OwnedBases &owned) {
  llvm::BasicBlock *header = loop.getHeader(), *latch = loop.getLoopLatch();
  llvm::BasicBlock *preheader = loop.getLoopPreheader();
  if (!preheader || !latch || latch == header || !loop.getExitingBlock() ||
      loop.getExitingBlock() != latch)
    return false;
  // The induction variable: the header's only phi, 0 then iv + 1.
  auto *iv = llvm::dyn_cast<llvm::PHINode>(&header->front());
  if (!iv || header->getFirstNonPHI() != iv->getNextNode() || !iv->getType()->isIntegerTy() ||
      !match(iv->getIncomingValueForBlock(preheader), m_Zero()))
    return false;
  llvm::Value *next = iv->getIncomingValueForBlock(latch);
  if (!match(next, m_Add(m_Specific(iv), m_One())))
    return false;
  // The latch: the increment, the exit test against an invariant count.
  auto *exitBranch = llvm::dyn_cast<llvm::BranchInst>(latch->getTerminator());
  llvm::ICmpInst::Predicate exitPredicate;
  llvm::Value *count;
  if (!exitBranch || !exitBranch->isConditional() ||
      !match(exitBranch->getCondition(), m_ICmp(exitPredicate, m_Specific(next), m_Value(count))) ||
      !loop.isLoopInvariant(count))
    return false;
  bool continuesWhile = exitBranch->getSuccessor(0) == header;
  if (!((exitPredicate == llvm::ICmpInst::ICMP_ULT && continuesWhile) ||
        (exitPredicate == llvm::ICmpInst::ICMP_NE && continuesWhile) ||
        (exitPredicate == llvm::ICmpInst::ICMP_EQ && !continuesWhile)))
    return false;
  for (const llvm::Instruction &inst : *latch)
    if (&inst != next && &inst != exitBranch->getCondition() && &inst != exitBranch)
      return false;
  // The header: repeatable work, then the guard with the latch on its
  // other side.
  auto *guardBranch = llvm::dyn_cast<llvm::BranchInst>(header->getTerminator());
  if (!guardBranch || !guardBranch->isConditional() || guardBranch->getSuccessor(1) != latch ||
      guardBranch->getSuccessor(0) == latch)
    return false;
  auto *guard = llvm::dyn_cast<llvm::ICmpInst>(guardBranch->getCondition());
  if (!guard)
    return false;
  for (llvm::Instruction &inst : *header)
    if (&inst != iv && &inst != guardBranch && !isRepeatable(inst, loop, aliases, owned))
      return false;
  // Nothing computed in the loop may be seen after it: the last iteration
  // changes.
  for (llvm::BasicBlock *block : loop.blocks())
    for (const llvm::Instruction &inst : *block)
      for (const llvm::User *user : inst.users())
        if (!loop.contains(llvm::cast<llvm::Instruction>(user)))
          return false;
  llvm::IRBuilder<> b(preheader->getTerminator());
  llvm::Value *bound = guardBound(guard, iv, loop, b);
  if (!bound || bound->getType() != count->getType())
    return false;
  // min(count, bound), and at least one iteration.
  llvm::Value *clamped = b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, count, bound);
  clamped = b.CreateBinaryIntrinsic(llvm::Intrinsic::umax, clamped,
                                    llvm::ConstantInt::get(count->getType(), 1), nullptr,
                                    "guarded.count");
  auto *test = llvm::cast<llvm::ICmpInst>(exitBranch->getCondition());
  test->setOperand(test->getOperand(0) == next ? 1 : 0, clamped);
  ++NumClamped;
  return true;
}

} // namespace

llvm::PreservedAnalyses ClampGuardedItemLoopsPass::run(llvm::Function &f,
                                                       llvm::FunctionAnalysisManager &analyses) {
  llvm::LoopInfo &loops = analyses.getResult<llvm::LoopAnalysis>(f);
  std::vector<llvm::Loop *> candidates;
  for (llvm::Loop *loop : loops.getLoopsInPreorder())
    if (loop->isInnermost() && isWorkItemLoop(*loop))
      candidates.push_back(loop);
  if (candidates.empty())
    return llvm::PreservedAnalyses::all();
  llvm::AAResults &aliases = analyses.getResult<llvm::AAManager>(f);
  OwnedBases owned = ownedBases(f);
  bool changed = false;
  for (llvm::Loop *loop : candidates)
    changed |= clamp(*loop, aliases, owned);
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
