// Slot sharing for loop-carried values kept across barriers (see the
// header). Groups grow by union over phi edges; a merge is taken only if
// every pair of the two groups' members is free of interference.
#include "compiler/passes/shared_slots.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Transforms/Utils/Local.h>

#include <set>

namespace corecl::compiler {

llvm::Instruction *storePointFor(llvm::Instruction &def) {
  return llvm::isa<llvm::PHINode>(def) ? &*def.getParent()->getFirstInsertionPt()
                                       : def.getNextNode();
}

llvm::Instruction *reloadPointFor(llvm::Use &use) {
  auto *user = llvm::cast<llvm::Instruction>(use.getUser());
  if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user))
    return phi->getIncomingBlock(use)->getTerminator();
  return user;
}

namespace {

// Past this many values in phi groups the pairwise checks are not worth
// their time (generated kernels with thousands of values kept).
constexpr size_t kMaxCandidates = 512;
// Blocks walked per check before giving up (and keeping slots apart).
constexpr size_t kMaxBlocksWalked = 4096;

/// True if a path from `from`'s store reaches one of `to`'s reloads
/// without passing `to`'s definition (or the walk grows too long to tell).
bool storeReachesReload(const KeptValue &from, const KeptValue &to) {
  std::set<llvm::Instruction *> reloads;
  for (llvm::Use *use : to.second)
    reloads.insert(reloadPointFor(*use));
  llvm::Instruction *killer = to.first;
  // For a phi the definition is the whole phi group at the block's top.
  llvm::BasicBlock *killerBlock = killer->getParent();
  bool killerIsPhi = llvm::isa<llvm::PHINode>(killer);
  // Scans `bb` from `start`; true if a reload comes first, and sets
  // `stopped` if the definition does.
  auto scan = [&](llvm::BasicBlock::iterator start, llvm::BasicBlock *bb, bool &stopped) {
    stopped = false;
    if (killerIsPhi && bb == killerBlock && start == bb->begin()) {
      stopped = true;
      return false;
    }
    for (auto it = start; it != bb->end(); ++it) {
      if (&*it == killer) {
        stopped = true;
        return false;
      }
      if (reloads.count(&*it))
        return true;
    }
    return false;
  };
  llvm::Instruction *begin = storePointFor(*from.first);
  llvm::BasicBlock *first = begin->getParent();
  bool stopped = false;
  if (scan(begin->getIterator(), first, stopped))
    return true;
  if (stopped)
    return false;
  std::vector<llvm::BasicBlock *> work(llvm::succ_begin(first), llvm::succ_end(first));
  std::set<llvm::BasicBlock *> seen;
  while (!work.empty()) {
    llvm::BasicBlock *bb = work.back();
    work.pop_back();
    if (!seen.insert(bb).second)
      continue;
    if (seen.size() > kMaxBlocksWalked)
      return true;
    if (scan(bb->begin(), bb, stopped))
      return true;
    if (!stopped)
      work.insert(work.end(), llvm::succ_begin(bb), llvm::succ_end(bb));
  }
  return false;
}

bool interfere(const KeptValue &a, const KeptValue &b) {
  return storeReachesReload(a, b) || storeReachesReload(b, a);
}

} // namespace

std::map<llvm::Instruction *, llvm::Instruction *>
sharedSlotLeaders(const std::vector<KeptValue> &kept) {
  std::map<llvm::Instruction *, size_t> indexOf;
  for (size_t i = 0; i < kept.size(); ++i)
    indexOf[kept[i].first] = i;
  // Phi edges between kept values of one type; flags (i1) keep their own
  // slots.
  std::vector<std::pair<size_t, size_t>> edges;
  for (size_t i = 0; i < kept.size(); ++i) {
    auto *phi = llvm::dyn_cast<llvm::PHINode>(kept[i].first);
    if (!phi || phi->getType()->isIntOrIntVectorTy(1))
      continue;
    for (llvm::Value *incoming : phi->incoming_values()) {
      auto *inst = llvm::dyn_cast<llvm::Instruction>(incoming);
      auto found = inst ? indexOf.find(inst) : indexOf.end();
      if (found != indexOf.end() && found->second != i)
        edges.emplace_back(i, found->second);
    }
  }
  std::map<llvm::Instruction *, llvm::Instruction *> leaders;
  if (edges.empty() || edges.size() > kMaxCandidates)
    return leaders;
  std::vector<size_t> group(kept.size());
  for (size_t i = 0; i < group.size(); ++i)
    group[i] = i;
  std::map<size_t, std::vector<size_t>> members;
  auto find = [&](size_t i) {
    while (group[i] != i)
      i = group[i] = group[group[i]];
    return i;
  };
  auto membersOf = [&](size_t root) -> std::vector<size_t> & {
    auto [it, fresh] = members.try_emplace(root);
    if (fresh)
      it->second.push_back(root);
    return it->second;
  };
  for (auto [a, b] : edges) {
    size_t ra = find(a), rb = find(b);
    if (ra == rb)
      continue;
    std::vector<size_t> &ma = membersOf(ra), &mb = membersOf(rb);
    bool clash = false;
    for (size_t x : ma)
      for (size_t y : mb)
        clash = clash || interfere(kept[x], kept[y]);
    if (clash)
      continue;
    // The earlier one leads, so that its slots are allocated first.
    if (rb < ra)
      std::swap(ra, rb);
    std::vector<size_t> &into = membersOf(ra), &from = membersOf(rb);
    into.insert(into.end(), from.begin(), from.end());
    members.erase(rb);
    group[rb] = ra;
  }
  for (size_t i = 0; i < kept.size(); ++i)
    if (size_t root = find(i); root != i)
      leaders[kept[i].first] = kept[root].first;
  return leaders;
}

namespace {

/// The slot offset a tagged access names, or -1.
int64_t slotOf(const llvm::Instruction &access) {
  const llvm::MDNode *tag = access.getMetadata(kSlotTag);
  if (!tag || tag->getNumOperands() != 1)
    return -1;
  auto *offset = llvm::mdconst::dyn_extract<llvm::ConstantInt>(tag->getOperand(0));
  return offset ? offset->getSExtValue() : -1;
}

/// `v` through phis all of whose incoming values are one value.
llvm::Value *throughTrivialPhis(llvm::Value *v) {
  for (unsigned depth = 0; depth < 8; ++depth) {
    auto *phi = llvm::dyn_cast<llvm::PHINode>(v);
    if (!phi || phi->getNumIncomingValues() == 0)
      return v;
    llvm::Value *same = phi->getIncomingValue(0);
    for (llvm::Value *incoming : phi->incoming_values())
      if (incoming != same)
        return v;
    v = same;
  }
  return v;
}

/// The scalar `v` stands for: through trivial phis, and for a component
/// extracted from a vector put together with insertelement (a vector kept
/// across a barrier is stored and reloaded component by component), the
/// component inserted.
llvm::Value *storedScalar(llvm::Value *v) {
  v = throughTrivialPhis(v);
  auto *extract = llvm::dyn_cast<llvm::ExtractElementInst>(v);
  auto *index = extract ? llvm::dyn_cast<llvm::ConstantInt>(extract->getIndexOperand()) : nullptr;
  if (!index)
    return v;
  llvm::Value *vector = throughTrivialPhis(extract->getVectorOperand());
  while (auto *insert = llvm::dyn_cast<llvm::InsertElementInst>(vector)) {
    auto *at = llvm::dyn_cast<llvm::ConstantInt>(insert->getOperand(2));
    if (!at)
      return v;
    if (at->getZExtValue() == index->getZExtValue())
      return throughTrivialPhis(insert->getOperand(1));
    vector = insert->getOperand(0);
  }
  return v;
}

} // namespace

void dropStoresOfUnchangedSlots(llvm::Function &region) {
  std::map<int64_t, std::vector<llvm::StoreInst *>> stores;
  for (llvm::BasicBlock &bb : region)
    for (llvm::Instruction &inst : bb)
      if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
        if (int64_t slot = slotOf(*store); slot >= 0)
          stores[slot].push_back(store);
  // With one store to the slot in the whole region, and that store writing
  // what a load of the same slot read, the slot never changes: the store
  // writes the value it already holds, whatever ran in between.
  for (auto &[slot, list] : stores) {
    if (list.size() != 1)
      continue;
    auto *load = llvm::dyn_cast<llvm::LoadInst>(storedScalar(list.front()->getValueOperand()));
    llvm::Value *stored = list.front()->getValueOperand();
    if (!load || slotOf(*load) != slot || load->getType() != stored->getType())
      continue;
    list.front()->eraseFromParent();
    llvm::RecursivelyDeleteTriviallyDeadInstructions(stored);
  }
}

} // namespace corecl::compiler
