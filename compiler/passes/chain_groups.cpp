// Straight-line code with many independent dependence chains keeps the
// order its source wrote it in: step by step across all the chains.
// clpeak's float16 kernel is 16 components, each two values updated by a
// fused multiply-add 128 times, unrolled; vectorised across 8 work-items,
// each of the 32 values is a register, where AVX2 has 16, and the register
// allocator spilled around almost every instruction (8,929 stack accesses
// for 4,096 FMAs). LLVM's schedulers see blocks of 500 instructions
// (split_huge_blocks.cpp) and keep the pressure of the order they get.
//
// One chain at a time needs two registers, but then every instruction
// waits for the one before it (an FMA takes four cycles, and two can start
// each cycle). So the pass runs G chains side by side, an instruction of
// each in turn, with G as large as their registers allow: enough
// independent work to fill the pipelines, few enough live values to stay
// in registers.
//
// Chains are the connected parts of the def-use graph of a run of movable
// instructions (no memory access, no side effect), found with union-find;
// an instruction that combines two long chains (a final sum over the
// components) starts a part of its own instead of joining them. Every
// dependence is kept: a chain whose next instruction waits for another
// chain lets the others go first, and when none can go on, the earliest
// instruction left in the original order goes (its operands all precede
// it). The new order replaces the old one only if the old one needs more
// vector registers than there are and the new one needs fewer.
#include "compiler/passes/chain_groups.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <vector>

#define DEBUG_TYPE "corecl-chain-groups"

namespace corecl::compiler {
namespace {

/// A chain this long or longer is not merged into another one.
constexpr unsigned kLongChain = 8;
/// A value with more users than this is an input shared by chains (a
/// work-item's id, a constant vector), not a link of one chain.
constexpr unsigned kSharedUses = 4;

bool isMovable(const llvm::Instruction &inst) {
  if (inst.isTerminator() || llvm::isa<llvm::PHINode>(inst) || llvm::isa<llvm::AllocaInst>(inst) ||
      inst.mayReadOrWriteMemory() || inst.mayHaveSideEffects())
    return false;
  // Calls only of intrinsics (fma, min, ...): a call to a function stays where
  // it is.
  return !llvm::isa<llvm::CallBase>(inst) || llvm::isa<llvm::IntrinsicInst>(inst);
}

class RegisterCost {
public:
  explicit RegisterCost(unsigned registerBits) : bits_(registerBits) {}
  /// Vector registers a value of `type` occupies: scalars of floating
  /// point one, integers none (they live in the general registers).
  unsigned of(llvm::Type *type) const {
    if (auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type))
      return unsigned(std::max<uint64_t>(
          1, (vector->getPrimitiveSizeInBits().getFixedValue() + bits_ - 1) / bits_));
    return type->isFloatingPointTy() ? 1 : 0;
  }

private:
  unsigned bits_;
};

/// Peak vector registers live over `order`: a value from its definition to
/// its last use in `order`, or to the end if something after uses it.
/// Values from before `order` are not counted: the loop-invariant ones
/// (broadcast constants) live in every order, and the register allocator
/// reloads them where they are used.
unsigned peakPressure(const std::vector<llvm::Instruction *> &order, const RegisterCost &cost) {
  llvm::DenseMap<const llvm::Value *, unsigned> position;
  for (unsigned p = 0; p < order.size(); ++p)
    position[order[p]] = p;
  const unsigned end = unsigned(order.size());
  std::vector<int> delta(order.size() + 1, 0);
  for (unsigned p = 0; p < order.size(); ++p) {
    llvm::Instruction *inst = order[p];
    unsigned c = cost.of(inst->getType());
    if (!c || inst->use_empty())
      continue;
    unsigned last = p;
    for (llvm::User *user : inst->users()) {
      auto found = position.find(user);
      last = std::max(last, found == position.end() ? end : found->second);
    }
    delta[p] += int(c);
    delta[last] -= int(c);
  }
  int live = 0, peak = 0;
  for (int d : delta)
    peak = std::max(peak, live += d);
  return unsigned(peak);
}

/// True if more than kSharedUses instructions use `value`.
bool isShared(const llvm::Value &value) {
  llvm::SmallPtrSet<const llvm::User *, kSharedUses + 1> users;
  for (const llvm::User *user : value.users())
    if (users.insert(user).second && users.size() > kSharedUses)
      return true;
  return false;
}

class UnionFind {
public:
  explicit UnionFind(size_t n) : parent_(n), size_(n, 1) {
    std::iota(parent_.begin(), parent_.end(), 0u);
  }
  unsigned root(unsigned i) {
    while (parent_[i] != i)
      i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  unsigned size(unsigned i) { return size_[root(i)]; }
  void unite(unsigned a, unsigned b) {
    a = root(a), b = root(b);
    if (a == b)
      return;
    if (size_[a] < size_[b])
      std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
  }

private:
  std::vector<unsigned> parent_, size_;
};

/// A connected part of a run: its instructions' indices, in order.
struct Part {
  std::vector<unsigned> members;
  /// A long chain of its own; otherwise a short part (values computed
  /// once) or one that combines chains (a sum over them).
  bool isChain = false;
};

/// The parts of `run`, in the order of their first instruction.
std::vector<Part> findParts(const std::vector<llvm::Instruction *> &run,
                            const llvm::DenseMap<const llvm::Value *, unsigned> &index) {
  UnionFind parts(run.size());
  std::vector<bool> combines(run.size(), false); // of a root
  for (unsigned i = 0; i < run.size(); ++i) {
    std::vector<unsigned> roots;
    for (llvm::Value *operand : run[i]->operands()) {
      auto found = index.find(operand);
      if (found == index.end() || isShared(*operand))
        continue; // a value many chains read ties none of them together
      unsigned r = parts.root(found->second);
      if (std::find(roots.begin(), roots.end(), r) == roots.end())
        roots.push_back(r);
    }
    unsigned longOnes = 0;
    bool combining = false;
    for (unsigned r : roots) {
      longOnes += parts.size(r) >= kLongChain;
      combining = combining || combines[r];
    }
    if (longOnes >= 2 || (longOnes == 1 && combining)) {
      combines[i] = true; // a part of its own, not the chain's
      continue;
    }
    for (unsigned r : roots)
      parts.unite(i, r);
    combines[parts.root(i)] = combining;
  }
  std::vector<Part> result;
  llvm::DenseMap<unsigned, unsigned> partOfRoot;
  for (unsigned i = 0; i < run.size(); ++i) {
    unsigned root = parts.root(i);
    auto [it, fresh] = partOfRoot.try_emplace(root, unsigned(result.size()));
    if (fresh)
      result.push_back({{}, parts.size(root) >= kLongChain && !combines[root]});
    result[it->second].members.push_back(i);
  }
  return result;
}

/// `run` with `width` chains side by side (see the top of the file).
std::vector<llvm::Instruction *>
interleave(const std::vector<llvm::Instruction *> &run,
           const llvm::DenseMap<const llvm::Value *, unsigned> &index,
           const std::vector<Part> &parts, unsigned width) {
  std::vector<bool> emitted(run.size(), false);
  std::vector<size_t> next(parts.size(), 0);
  std::vector<llvm::Instruction *> order;
  order.reserve(run.size());
  auto nextOf = [&](unsigned c) -> int {
    const std::vector<unsigned> &members = parts[c].members;
    while (next[c] < members.size() && emitted[members[next[c]]])
      ++next[c];
    return next[c] < members.size() ? int(members[next[c]]) : -1;
  };
  auto ready = [&](unsigned i) {
    for (llvm::Value *operand : run[i]->operands()) {
      auto found = index.find(operand);
      if (found != index.end() && !emitted[found->second])
        return false;
    }
    return true;
  };
  auto emit = [&](unsigned i) {
    emitted[i] = true;
    order.push_back(run[i]);
  };
  // Short parts (what combines the chains, values computed once) go as
  // soon as they can: a sum over the chains then takes each chain's result
  // when it is ready instead of keeping them all. Long chains take turns,
  // `width` of them able to go at a time.
  std::vector<unsigned> active, waiting;
  for (unsigned c = 0; c < parts.size(); ++c)
    (parts[c].isChain ? waiting : active).push_back(c);
  auto isLong = [&](unsigned c) { return parts[c].isChain; };
  size_t admitted = 0, earliest = 0;
  auto runShortParts = [&] {
    for (bool progress = true; progress;) {
      progress = false;
      for (unsigned c : active) {
        int i = isLong(c) ? -1 : nextOf(c);
        if (i >= 0 && ready(unsigned(i))) {
          emit(unsigned(i));
          progress = true;
        }
      }
    }
  };
  while (order.size() < run.size()) {
    runShortParts(); // before counting: a chain may wait for one of them
    if (order.size() == run.size())
      break;
    unsigned canGo = 0;
    for (unsigned c : active)
      canGo += isLong(c) && nextOf(c) >= 0 && ready(unsigned(nextOf(c)));
    while (canGo < width && admitted < waiting.size()) {
      unsigned c = waiting[admitted++];
      active.push_back(c);
      canGo += ready(unsigned(nextOf(c)));
    }
    bool progress = false;
    for (unsigned c : active) {
      int i = nextOf(c);
      if (i >= 0 && ready(unsigned(i))) {
        emit(unsigned(i));
        progress = true;
      }
    }
    llvm::erase_if(active, [&](unsigned c) { return nextOf(c) < 0; });
    if (progress)
      continue;
    if (admitted < waiting.size()) {
      active.push_back(waiting[admitted++]);
      continue;
    }
    while (emitted[earliest])
      ++earliest;
    emit(unsigned(earliest));
  }
  return order;
}

/// Reorders `run` if that lowers its register pressure below the
/// registers' count; true if it did.
bool regroup(const std::vector<llvm::Instruction *> &run, llvm::Instruction *end,
             const RegisterCost &cost, unsigned registers) {
  unsigned before = peakPressure(run, cost);
  if (before <= registers)
    return false;
  llvm::DenseMap<const llvm::Value *, unsigned> index;
  for (unsigned i = 0; i < run.size(); ++i)
    index[run[i]] = i;
  std::vector<Part> parts = findParts(run, index);
  unsigned longChains = 0, perChain = 1;
  for (const Part &part : parts) {
    if (!part.isChain)
      continue;
    ++longChains;
    std::vector<llvm::Instruction *> alone;
    for (unsigned i : part.members)
      alone.push_back(run[i]);
    perChain = std::max(perChain, peakPressure(alone, cost));
  }
  // All the registers: on Zen 3, clpeak's float16 ran at 170 GFLOP/s with
  // 8 chains of two values on 16 registers, 88 with 6 (a few spills cost
  // less than FMAs waiting for their operands).
  unsigned width = std::max(1u, registers / perChain);
  if (longChains <= width)
    return false; // they fit as they are
  std::vector<llvm::Instruction *> order = interleave(run, index, parts, width);
  unsigned after = peakPressure(order, cost);
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << end->getFunction()->getName() << ": " << run.size() << " instructions of "
                 << longChains << " chains need " << before << " vector registers; " << width
                 << " chains side by side need " << after
                 << (after < before ? "\n" : ", kept as they are\n");
  if (after >= before)
    return false;
  for (llvm::Instruction *inst : order)
    inst->moveBefore(end);
  return true;
}

} // namespace

llvm::PreservedAnalyses ChainGroupsPass::run(llvm::Function &f,
                                             llvm::FunctionAnalysisManager &analyses) {
  unsigned count = registers, bits = registerBits;
  if (!count || !bits) {
    const llvm::TargetTransformInfo &tti = analyses.getResult<llvm::TargetIRAnalysis>(f);
    count = tti.getNumberOfRegisters(tti.getRegisterClassForType(/*Vector=*/true));
    bits = unsigned(
        tti.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector).getFixedValue());
  }
  if (!count || !bits)
    return llvm::PreservedAnalyses::all();
  RegisterCost cost(bits);
  bool changed = false;
  for (llvm::BasicBlock &bb : f) {
    std::vector<llvm::Instruction *> run;
    for (llvm::Instruction &inst : bb) {
      if (isMovable(inst)) {
        run.push_back(&inst);
        continue;
      }
      if (run.size() >= kMinRun)
        changed |= regroup(run, &inst, cost, count);
      run.clear();
    }
  }
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
