#include "compiler/passes/row_guard.h"

#include "compiler/passes/divergence.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/DepthFirstIterator.h>
#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <map>
#include <optional>
#include <set>
#include <vector>

#define DEBUG_TYPE "corecl-row-guard"

STATISTIC(NumRowGuards, "Regions whose rows of packets stop at a guard on lid.x");

namespace corecl::compiler {
namespace {

using namespace llvm::PatternMatch;

/// Whether `inst` may change anything but its own result: a store, an
/// atomic, a volatile access, a call other than a pure intrinsic.
bool hasEffect(const llvm::Instruction &inst) {
  if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
    return !llvm::isa<llvm::IntrinsicInst>(call) || call->mayHaveSideEffects();
  return inst.mayHaveSideEffects();
}

/// A branch on the lanes' local id against a value u the same for every
/// work-item: the work-items whose id is below u (below 1 for `lid == 0`)
/// take `active`, the others `idle`.
struct Guard {
  llvm::BasicBlock *active;
  llvm::BasicBlock *idle;
  llvm::Value *u; // null for `lid == 0`
  bool isSigned;  // u compared as a signed number
};

class GuardFinder {
public:
  GuardFinder(llvm::Function &region, unsigned dimension)
      : region_(region), divergence_(region),
        lidX_(region.getArg(
            WorkItemParams{unsigned(region.arg_size() - WorkItemParams::kCount)}.localId(
                dimension))) {}

  /// The blocks from the entry that only compute and branch alike for every
  /// work-item, and the guards that end some of them.
  void walk();

  std::vector<llvm::BasicBlock *> prefix; // in the order found, entry first
  std::map<llvm::BasicBlock *, Guard> guards;

private:
  /// The lanes' local id (lid.x, or lid.y for a column) itself, or a cast
  /// of it at least 32 bits wide (local ids are below 2^31).
  bool isLidX(llvm::Value *v) const;
  std::optional<Guard> guardOf(llvm::BranchInst &branch) const;
  /// Whether `inst` has no effect a work-item could tell apart from the
  /// same done by another: none, or a store of the same value to the same
  /// address for every work-item.
  bool actsUniformly(llvm::Instruction &inst) const;
  /// Whether every instruction reachable from `start` acts uniformly.
  bool writesOnlyUniformly(llvm::BasicBlock *start) const;
  /// Adds `bb` to the prefix if it only computes or acts uniformly (and
  /// records the guard that ends it, if one does); true if the prefix goes
  /// on to its successors.
  bool extendsPrefix(llvm::BasicBlock *bb, const llvm::LoopInfo &loops);

  llvm::Function &region_;
  WorkItemDivergence divergence_;
  llvm::Value *lidX_;
};

bool GuardFinder::isLidX(llvm::Value *v) const {
  if (auto *cast = llvm::dyn_cast<llvm::CastInst>(v))
    if (llvm::isa<llvm::TruncInst>(cast) || llvm::isa<llvm::ZExtInst>(cast) ||
        llvm::isa<llvm::SExtInst>(cast))
      return cast->getType()->getScalarSizeInBits() >= 32 && isLidX(cast->getOperand(0));
  return v == lidX_;
}

std::optional<Guard> GuardFinder::guardOf(llvm::BranchInst &branch) const {
  auto *compare = llvm::dyn_cast<llvm::ICmpInst>(branch.getCondition());
  if (!compare || !branch.isConditional())
    return std::nullopt;
  llvm::Value *a = compare->getOperand(0), *b = compare->getOperand(1);
  llvm::CmpInst::Predicate predicate = compare->getPredicate();
  if (!isLidX(a)) {
    std::swap(a, b);
    predicate = llvm::CmpInst::getSwappedPredicate(predicate);
  }
  if (!isLidX(a) || !divergence_.isUniform(b))
    return std::nullopt;
  llvm::BasicBlock *onTrue = branch.getSuccessor(0), *onFalse = branch.getSuccessor(1);
  if (onTrue == onFalse)
    return std::nullopt;
  switch (predicate) {
  case llvm::CmpInst::ICMP_ULT:
  case llvm::CmpInst::ICMP_SLT:
    return Guard{onTrue, onFalse, b, llvm::CmpInst::isSigned(predicate)};
  case llvm::CmpInst::ICMP_UGE:
  case llvm::CmpInst::ICMP_SGE:
    return Guard{onFalse, onTrue, b, llvm::CmpInst::isSigned(predicate)};
  case llvm::CmpInst::ICMP_EQ:
  case llvm::CmpInst::ICMP_NE:
    if (!match(b, m_Zero()))
      return std::nullopt;
    return predicate == llvm::CmpInst::ICMP_EQ ? Guard{onTrue, onFalse, nullptr, false}
                                               : Guard{onFalse, onTrue, nullptr, false};
  default:
    return std::nullopt;
  }
}

bool GuardFinder::actsUniformly(llvm::Instruction &inst) const {
  if (!hasEffect(inst))
    return true;
  auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst);
  return store && store->isSimple() && divergence_.isUniform(store->getPointerOperand()) &&
         divergence_.isUniform(store->getValueOperand());
}

bool GuardFinder::writesOnlyUniformly(llvm::BasicBlock *start) const {
  for (llvm::BasicBlock *bb : llvm::depth_first(start))
    for (llvm::Instruction &inst : *bb)
      if (!actsUniformly(inst))
        return false;
  return true;
}

bool GuardFinder::extendsPrefix(llvm::BasicBlock *bb, const llvm::LoopInfo &loops) {
  // A loop would run again for the bound; what it computes is left to the
  // packets.
  if (loops.getLoopFor(bb))
    return false;
  // The bound's copy of the prefix repeats its uniform stores (the group
  // slots of values the next region reads) before the row's first packet:
  // the same as one more work-item doing them.
  for (llvm::Instruction &inst : *bb)
    if (!inst.isTerminator() && !actsUniformly(inst))
      return false;
  llvm::Instruction *end = bb->getTerminator();
  if (auto *branch = llvm::dyn_cast<llvm::BranchInst>(end);
      branch && branch->isConditional() && !divergence_.isUniform(branch->getCondition())) {
    if (std::optional<Guard> guard = guardOf(*branch); guard && writesOnlyUniformly(guard->idle)) {
      prefix.push_back(bb);
      guards[bb] = *guard;
    }
    return false;
  }
  if (auto *choice = llvm::dyn_cast<llvm::SwitchInst>(end);
      choice && !divergence_.isUniform(choice->getCondition()))
    return false;
  if (!llvm::isa<llvm::BranchInst>(end) && !llvm::isa<llvm::SwitchInst>(end) &&
      !llvm::isa<llvm::ReturnInst>(end))
    return false;
  prefix.push_back(bb);
  return true;
}

void GuardFinder::walk() {
  llvm::DominatorTree dominators(region_);
  llvm::LoopInfo loops(dominators);
  llvm::BasicBlock *entry = &region_.getEntryBlock();
  for (auto it = llvm::df_begin(entry), end = llvm::df_end(entry); it != end;) {
    if (extendsPrefix(*it, loops))
      ++it;
    else
      it.skipChildren();
  }
}

/// Whether `id` (or a cast of it) is compared with anything: only then can
/// a guard exist, and the divergence analysis be worth running (a long
/// generated region's packet gets here too).
bool isCompared(llvm::Value *id) {
  for (llvm::User *user : id->users())
    if (llvm::isa<llvm::ICmpInst>(user) || (llvm::isa<llvm::CastInst>(user) && isCompared(user)))
      return true;
  return false;
}

} // namespace

llvm::Function *rowActiveBound(llvm::Function &region, unsigned dimension) {
  if (region.isDeclaration() || region.arg_size() < WorkItemParams::kCount)
    return nullptr;
  WorkItemParams params{unsigned(region.arg_size() - WorkItemParams::kCount)};
  if (!isCompared(region.getArg(params.localId(dimension))))
    return nullptr;
  GuardFinder finder(region, dimension);
  finder.walk();
  if (finder.guards.empty())
    return nullptr;
  llvm::LLVMContext &context = region.getContext();
  auto *i64 = llvm::Type::getInt64Ty(context);
  llvm::Function *bound = llvm::Function::Create(
      llvm::FunctionType::get(i64, region.getFunctionType()->params(), false),
      llvm::GlobalValue::InternalLinkage, region.getName() + ".row-bound", region.getParent());
  llvm::ValueToValueMapTy map;
  for (llvm::Argument &arg : region.args())
    map[&arg] = bound->getArg(arg.getArgNo());
  std::set<llvm::BasicBlock *> inPrefix(finder.prefix.begin(), finder.prefix.end());
  std::vector<llvm::BasicBlock *> copies;
  for (llvm::BasicBlock *bb : finder.prefix)
    copies.push_back(llvm::CloneBasicBlock(bb, map, "", bound));
  llvm::BasicBlock *everyone = llvm::BasicBlock::Create(context, "no.guard", bound);
  llvm::ReturnInst::Create(context, llvm::ConstantInt::get(i64, ~uint64_t(0)), everyone);
  // Edges kept: from a block of the prefix that is not a guard to another.
  auto kept = [&](llvm::BasicBlock *from, llvm::BasicBlock *to) {
    return inPrefix.count(from) && !finder.guards.count(from) && inPrefix.count(to);
  };
  for (size_t i = 0; i < copies.size(); ++i) {
    llvm::BasicBlock *original = finder.prefix[i], *copy = copies[i];
    for (llvm::PHINode &phi : copy->phis())
      for (unsigned in = phi.getNumIncomingValues(); in-- > 0;)
        if (!kept(phi.getIncomingBlock(in), original))
          phi.removeIncomingValue(in, /*DeletePHIIfEmpty=*/false);
    llvm::Instruction *end = copy->getTerminator();
    llvm::IRBuilder<> b(end);
    if (auto guard = finder.guards.find(original); guard != finder.guards.end()) {
      llvm::Value *count = llvm::ConstantInt::get(i64, 1);
      if (llvm::Value *u = guard->second.u) {
        if (llvm::Value *copy = map.lookup(u))
          u = copy;
        if (guard->second.isSigned)
          count = b.CreateIntrinsic(llvm::Intrinsic::smax, {i64},
                                    {b.CreateSExtOrTrunc(u, i64), b.getInt64(0)});
        else
          count = b.CreateZExtOrTrunc(u, i64);
      }
      b.CreateRet(count);
      end->eraseFromParent();
      continue;
    }
    if (llvm::isa<llvm::ReturnInst>(end)) {
      b.CreateBr(everyone);
      end->eraseFromParent();
      continue;
    }
    for (unsigned s = 0; s < end->getNumSuccessors(); ++s)
      if (!inPrefix.count(end->getSuccessor(s)))
        end->setSuccessor(s, everyone);
  }
  // Successors still name the region's blocks; phis their incoming blocks.
  llvm::SmallVector<llvm::BasicBlock *, 16> blocks(copies.begin(), copies.end());
  for (size_t i = 0; i < copies.size(); ++i)
    map[finder.prefix[i]] = copies[i];
  llvm::remapInstructionsInBlocks(blocks, map);
  ++NumRowGuards;
  return bound;
}

} // namespace corecl::compiler
