// Packet widths (packet_width.h): the registers a work-item's values fill,
// and how many work-items fit side by side.
#include "compiler/passes/packet_width.h"

#include "compiler/kernel_metadata.h"
#include "compiler/passes/dependent_chains.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MathExtras.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

namespace corecl::compiler {

/// The most bytes of values (pointers aside) live at once anywhere in
/// `f`: an estimate of a work-item's register pressure, which a packet of
/// W lanes multiplies by W.
uint64_t peakLiveBytes(llvm::Function &f) {
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  auto bytes = [&](llvm::Value *v) -> uint64_t {
    llvm::Type *type = v->getType();
    if (type->isPointerTy() || type->isVoidTy() || !type->isSized() || type->isAggregateType())
      return 0;
    return layout.getTypeStoreSize(type);
  };
  auto counted = [](llvm::Value *v) {
    return llvm::isa<llvm::Instruction>(v) || llvm::isa<llvm::Argument>(v);
  };
  // Live-out sets by the usual backward iteration; a phi's operand is live
  // out of its incoming block only.
  std::map<llvm::BasicBlock *, std::set<llvm::Value *>> liveIn, liveOut;
  std::vector<llvm::BasicBlock *> order;
  for (llvm::BasicBlock *bb : llvm::post_order(&f))
    order.push_back(bb);
  bool changed = true;
  for (int round = 0; changed && round < 20; ++round) {
    changed = false;
    for (llvm::BasicBlock *bb : order) {
      std::set<llvm::Value *> out;
      for (llvm::BasicBlock *succ : llvm::successors(bb)) {
        for (llvm::Value *v : liveIn[succ])
          if (!(llvm::isa<llvm::PHINode>(v) && llvm::cast<llvm::PHINode>(v)->getParent() == succ))
            out.insert(v);
        for (llvm::PHINode &phi : succ->phis())
          if (llvm::Value *v = phi.getIncomingValueForBlock(bb); counted(v))
            out.insert(v);
      }
      std::set<llvm::Value *> in = out;
      for (llvm::Instruction &inst : llvm::reverse(*bb)) {
        in.erase(&inst);
        if (!llvm::isa<llvm::PHINode>(inst))
          for (llvm::Value *op : inst.operands())
            if (counted(op))
              in.insert(op);
      }
      for (llvm::PHINode &phi : bb->phis())
        in.insert(&phi);
      if (in != liveIn[bb] || out != liveOut[bb]) {
        liveIn[bb] = std::move(in);
        liveOut[bb] = std::move(out);
        changed = true;
      }
    }
  }
  uint64_t peak = 0;
  for (llvm::BasicBlock *bb : order) {
    std::set<llvm::Value *> live = liveOut[bb];
    uint64_t total = 0;
    for (llvm::Value *v : live)
      total += bytes(v);
    peak = std::max(peak, total);
    for (llvm::Instruction &inst : llvm::reverse(*bb)) {
      if (live.erase(&inst))
        total -= bytes(&inst);
      if (llvm::isa<llvm::PHINode>(inst))
        continue;
      for (llvm::Value *op : inst.operands())
        if (counted(op) && live.insert(op).second)
          total += bytes(op);
      peak = std::max(peak, total);
    }
  }
  return peak;
}

namespace {

/// Whether `v` is computed from `lane` (through any operands, phis too).
bool dependsOn(const llvm::Value *v, const llvm::Argument *lane,
               std::map<const llvm::Value *, bool> &known) {
  if (v == lane)
    return true;
  auto *inst = llvm::dyn_cast<llvm::Instruction>(v);
  if (!inst)
    return false;
  auto [it, fresh] = known.try_emplace(v, false); // false while on the way: a cycle
  if (!fresh)
    return it->second;
  bool depends = false;
  for (const llvm::Value *op : inst->operands())
    if ((depends = dependsOn(op, lane, known)))
      break;
  return known[v] = depends;
}

/// Each lane of a packet gets its own copy of the private arrays, on the
/// worker's stack, which the work-group function, a packet it calls and
/// their scalar copies share (runtime/executor.cpp: 64 MiB, for the
/// device's 2 MiB per work-item): a packet's lanes together keep at most
/// kPacketPrivateBytes. 16 lanes of 2 MiB arrays (AVX-512, ints), inlined
/// into a packet of groups that also called another, ran off the stack.
constexpr uint64_t kPacketPrivateBytes = 8u << 20;

/// Lanes whose private arrays together fit kPacketPrivateBytes (at most
/// `most`, a power of two as register fills are).
unsigned privateMemoryLanes(const llvm::Function &f, unsigned most = 16) {
  uint64_t bytes = std::max<uint64_t>(staticPrivateBytes(f), 1);
  unsigned lanes = most;
  while (lanes > 1 && bytes * lanes > kPacketPrivateBytes)
    lanes /= 2;
  return lanes;
}

/// The registers a packet's live values may fill (of a target's 16 or 32,
/// spills included: see choosePacketWidth).
constexpr uint64_t kLiveRegisters = 56;

/// Vectors of independent chains a latency-bound loop needs in flight. An
/// FMA takes four cycles on each of two pipes, so eight is the least;
/// clpeak on Zen 4 (AVX-512) measured 464 GFLOP/s with eight registers of
/// float lanes, 524 with sixteen (double 237 and 259; thirty-two float2
/// registers, 445, spilled).
constexpr unsigned kChainsInFlight = 16;

/// The most lanes a packet gets.
constexpr unsigned kMostLanes = 256;

} // namespace

unsigned latencyPacketWidth(llvm::Function &f, unsigned width, unsigned simdBytes) {
  llvm::DominatorTree dominators(f);
  llvm::LoopInfo loops(dominators);
  // Chains side by side in a work-item's iteration of its most
  // latency-bound loop (a float2's two components: two), and the bytes the
  // latency-bound loops carry from one iteration to the next: the chains'
  // values, which the lanes multiply (counters aside, the same for every
  // lane where the loop is: the other values live in such a loop are
  // few, and an estimate over the whole function, which counts the local
  // ids live across it, halved clpeak's float lanes).
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  uint64_t sideBySide = 0, carried = 0;
  for (llvm::Loop *loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost())
      continue;
    ChainShape shape = chainShape(*loop, loops);
    if (!shape.latencyBound(kLatencyParallelism))
      continue;
    uint64_t side = std::max<uint64_t>(1, (shape.operations + shape.chain / 2) / shape.chain);
    sideBySide = sideBySide ? std::min(sideBySide, side) : side;
    uint64_t bytes = 0;
    for (llvm::PHINode &phi : loop->getHeader()->phis()) {
      auto *step =
          llvm::dyn_cast<llvm::BinaryOperator>(phi.getIncomingValueForBlock(loop->getLoopLatch()));
      bool counter = phi.getType()->isIntegerTy() && step &&
                     step->getOpcode() == llvm::Instruction::Add && step->getOperand(0) == &phi &&
                     llvm::isa<llvm::Constant>(step->getOperand(1));
      if (!counter && phi.getType()->isSized() && !phi.getType()->isPointerTy())
        bytes += layout.getTypeStoreSize(phi.getType());
    }
    carried = std::max(carried, bytes);
  }
  // A body without loops is one iteration of the work-item loop: a long
  // chain of a work-item's (clpeak's int kernels, unrolled) waits on each
  // operation in turn in a packet of one register; wider packets put more
  // chains in flight. The values the chains hold are what is live.
  if (ChainShape line = straightLineShape(f, loops);
      line.chain >= kLatencyChain && line.latencyBound(2 * kLatencyParallelism)) {
    sideBySide = std::max<uint64_t>(1, (line.operations + line.chain / 2) / line.chain);
    carried = peakLiveBytes(f);
  }
  if (!sideBySide || width < 2)
    return width;
  uint64_t wanted = width * llvm::PowerOf2Ceil((kChainsInFlight + sideBySide - 1) / sideBySide);
  uint64_t live = std::max<uint64_t>(carried, 1);
  uint64_t most = privateMemoryLanes(f, kMostLanes);
  uint64_t lanes = width;
  while (lanes * 2 <= std::min(wanted, most) &&
         live * lanes * 2 <= kLiveRegisters * uint64_t(simdBytes))
    lanes *= 2;
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << f.getName() << ": chains bound by latency, " << sideBySide << " side by side, "
                 << lanes << " lanes (carrying " << live << " bytes)\n";
  return unsigned(lanes);
}

unsigned choosePacketWidth(llvm::Function &f, llvm::Argument *ctx, unsigned simdBytes,
                           unsigned vectorRegisters, bool componentsSplit, LiveLimit limit,
                           const llvm::Argument *lane) {
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  uint64_t widest = 0;
  std::map<const llvm::Value *, bool> dependence;
  for (llvm::Instruction &inst : llvm::instructions(f)) {
    llvm::Type *type = inst.getType();
    llvm::Value *ptr = llvm::getLoadStorePointerOperand(&inst);
    if (ptr && llvm::getUnderlyingObject(ptr) == ctx)
      continue; // the launch's sizes and offsets
    // A value loaded from such an address is the same for every lane too,
    // unless another lane stores there meanwhile: a data race.
    if (ptr && lane && !dependsOn(ptr, lane, dependence))
      continue; // the same for every lane
    if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
      type = store->getValueOperand()->getType();
    else if (!llvm::isa<llvm::LoadInst>(inst) && !type->isVectorTy())
      continue;
    // Split into components, a short vector is only loaded and stored
    // whole: its components are what lanes compute with.
    if (auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type);
        vector && componentsSplit && vector->getNumElements() <= 4)
      type = vector->getElementType();
    if (type->isSized() && !type->isPointerTy() && !type->isAggregateType())
      widest = std::max<uint64_t>(widest, layout.getTypeStoreSize(type));
  }
  if (!widest)
    widest = 4;
  unsigned fill = unsigned(std::clamp<uint64_t>(simdBytes / widest, 1, 16));
  const unsigned privateLanes = privateMemoryLanes(f);
  if (limit == LiveLimit::None)
    return std::min(fill, privateLanes);
  // Enough lanes to fill a register; where a work-item's own vectors fill
  // one already, up to four registers' worth, for independent chains to
  // interleave. Either way no more lanes than keep the values live at
  // once (peakLiveBytes, times the lanes) within 56 registers: spilling
  // some pays while chains interleave, much does not. Measured with
  // hashcat -b on Zen 3, AVX2, uint8 (MH/s, without packets / 2 lanes /
  // 4 lanes): MD5 (432 live bytes) 185 / 232 / 327; SHA-1 (1348) 126 / 84
  // / 54; SHA-256 (944) 41 / 25 / 38. SHA-512 (928, ulong4) gains from
  // 2 lanes (3.6 -> 11.4) but is not told apart from SHA-256 by this
  // estimate and stays without packets.
  unsigned width = unsigned(simdBytes / widest);
  if (width < 4)
    width = std::clamp(unsigned(4 * simdBytes / widest), 2u, 4u);
  width = std::min(width, 16u);
  uint64_t live = std::max<uint64_t>(peakLiveBytes(f), 1);
  uint64_t budget = kLiveRegisters * uint64_t(simdBytes);
  // A packet of work-items of a group (region_packets.cpp) keeps at least
  // a register's worth, as the loop vectoriser does for the same region:
  // half a register halves every operation's throughput, where spills cost
  // loads from the cache (the bench's 32x32 tiled SGEMM, 344 live bytes
  // per lane: 4 lanes 5.3x PoCL, 8 lanes 9.4x).
  unsigned floor = limit == LiveLimit::NotBelowARegister ? std::min(fill, width) : 1;
  while (width > floor && live * width > budget)
    width /= 2;
  // With 32 registers (AVX-512's, AArch64's; AVX2 has 16), a work-item whose own
  // vectors fill one still gets two lanes where they keep twice the budget
  // (one lane keeps within it):
  // the two lanes' chains interleave and the spills are reloaded from the
  // cache. hashcat on Zen 4, two lanes against one: SHA-1 (2,324 live
  // bytes) 382 -> 598 MH/s, salted SHA-256 (1,796) 217 -> 311; four
  // lanes of SHA-256 (1,780), within twice the budget too, spilled.
  // NEON's 32 registers of 16 bytes hold a work-item's uint4s the same way.
  if (width == 1 && fill == 1 && vectorRegisters >= 32 && live <= budget)
    width = 2;
  width = std::min(width, privateLanes);
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << f.getName() << ": peak live " << live << " bytes, widest " << widest
                 << ", width " << width << "\n";
  return width;
}

bool movesWideVectors(llvm::Function &f, unsigned registerBits) {
  for (llvm::Instruction &inst : llvm::instructions(f)) {
    llvm::Type *type = nullptr;
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
      type = load->getType();
    else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
      type = store->getValueOperand()->getType();
    auto *vector = llvm::dyn_cast_or_null<llvm::FixedVectorType>(type);
    if (vector && vector->getNumElements() > 4 &&
        vector->getPrimitiveSizeInBits().getFixedValue() * 2 >= registerBits)
      return true;
  }
  return false;
}

} // namespace corecl::compiler
