// Groups of one work-item, several at a time (corecl-group-packets).
//
// A kernel launched with one work-item per group (hashcat runs all its
// kernels so, and tasks look the same) gives the loop vectoriser nothing:
// the work-item loop has one iteration, and each group is one dependent
// chain of instructions, latency-bound. Consecutive groups are as
// independent as work-items of a group, so this pass makes a packet of the
// function a group of one runs (the serial copy of the body, or the only
// region of a kernel without barriers) over `width` consecutive groups,
// with the group id of dimension 0 as the lane parameter
// (packetize.h). The work-group function runs the packet when the enqueued
// local size is 1 and `width` groups of one row remain, and the scalar
// function otherwise. Opt-in for now (options.packetWidth, from
// CORECL_PACKET_WIDTH in optimize.cpp): a packet doubles the build time of
// a large kernel.
//
// The width fills one SIMD register with the widest value a work-item
// loads, stores or computes with; a work-item already computing with
// full-register vectors (hashcat's uint8 on AVX2) gets two to four lanes,
// independent chains to interleave.
#include "compiler/kernel_metadata.h"
#include "compiler/passes/packetize.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Debug.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#define DEBUG_TYPE "corecl-group-packets"

STATISTIC(NumNotPacketised, "Kernels whose groups of one stay one at a time");

namespace corecl::compiler {
namespace {

/// Loads of the launch context's enqueued local size (corecl_wg_ctx):
/// the packet runs only where it is 1 in every dimension.
std::map<const llvm::Instruction *, llvm::Constant *> localSizeOfOne(llvm::Function &f,
                                                                     llvm::Argument *ctx) {
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  auto *type = wgContextType(f.getContext());
  const llvm::StructLayout *fields = layout.getStructLayout(type);
  uint64_t first = fields->getElementOffset(ctxfield::LocalSize);
  std::map<const llvm::Instruction *, llvm::Constant *> known;
  for (llvm::Instruction &inst : llvm::instructions(f)) {
    auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
    if (!load || !load->isSimple() || !load->getType()->isIntegerTy(64))
      continue;
    llvm::APInt offset(layout.getIndexTypeSizeInBits(load->getPointerOperandType()), 0);
    const llvm::Value *base =
        load->getPointerOperand()->stripAndAccumulateConstantOffsets(layout, offset, true);
    if (base == ctx && offset.getZExtValue() >= first && offset.getZExtValue() < first + 24 &&
        offset.getZExtValue() % 8 == 0)
      known[load] = llvm::ConstantInt::get(load->getType(), 1);
  }
  return known;
}

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

/// Lanes per packet for `f` on registers of `simdBytes` (1: no packet).
unsigned chooseWidth(llvm::Function &f, llvm::Argument *ctx, unsigned simdBytes) {
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  uint64_t widest = 0;
  for (llvm::Instruction &inst : llvm::instructions(f)) {
    llvm::Type *type = inst.getType();
    llvm::Value *ptr = llvm::getLoadStorePointerOperand(&inst);
    if (ptr && llvm::getUnderlyingObject(ptr) == ctx)
      continue; // the launch's sizes and offsets
    if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
      type = store->getValueOperand()->getType();
    else if (!llvm::isa<llvm::LoadInst>(inst) && !type->isVectorTy())
      continue;
    if (type->isSized() && !type->isPointerTy() && !type->isAggregateType())
      widest = std::max<uint64_t>(widest, layout.getTypeStoreSize(type));
  }
  if (!widest)
    widest = 4;
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
  uint64_t budget = 56 * uint64_t(simdBytes);
  while (width > 1 && live * width > budget)
    width /= 2;
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << f.getName() << ": peak live " << live << " bytes, widest " << widest
                 << ", width " << width << "\n";
  return width;
}

} // namespace

llvm::PreservedAnalyses GroupPacketsPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  if (options.packetWidth == 1)
    return llvm::PreservedAnalyses::all();
  std::map<std::string, llvm::Function *> scalarOf;
  std::map<std::string, llvm::Function *> kernels;
  for (llvm::Function &f : module) {
    if (isKernel(f))
      kernels[f.getName().str()] = &f;
    if (f.hasFnAttribute(attr::kSerialOf))
      scalarOf[f.getFnAttribute(attr::kSerialOf).getValueAsString().str()] = &f;
  }
  for (llvm::Function &f : module)
    if (f.hasFnAttribute(attr::kRegionOf) &&
        f.getFnAttribute(attr::kRegionIndex).getValueAsString() == "0") {
      std::string kernel = f.getFnAttribute(attr::kRegionOf).getValueAsString().str();
      auto it = kernels.find(kernel);
      if (it != kernels.end() && !scalarOf.count(kernel) &&
          it->second->getFnAttribute(attr::kBarriers).getValueAsString() == "0")
        scalarOf[kernel] = &f;
    }
  bool changed = false;
  for (auto &[kernel, scalar] : scalarOf) {
    if (!kernels.count(kernel) || scalar->arg_size() < WorkItemParams::kCount)
      continue;
    WorkItemParams params{unsigned(scalar->arg_size() - WorkItemParams::kCount)};
    std::string whyNot;
    llvm::Function *packet = nullptr;
    if (!scalar->getArg(params.wiBase())->use_empty()) {
      whyNot = "per-work-item storage";
    } else {
      llvm::Argument *ctx = scalar->getArg(params.ctx());
      unsigned width =
          options.packetWidth ? options.packetWidth : chooseWidth(*scalar, ctx, options.simdBytes);
      if (width < 2)
        whyNot = "too many values live for more than one lane";
      else
        packet = packetizeFunction(*scalar, width, {params.groupId(0)},
                                   localSizeOfOne(*scalar, ctx), whyNot);
      if (packet) {
        packet->addFnAttr(attr::kPacketOf, kernel);
        packet->addFnAttr(attr::kPacketWidth, std::to_string(width));
        changed = true;
      }
    }
    if (!packet) {
      ++NumNotPacketised;
      LLVM_DEBUG(llvm::dbgs() << "no packet for " << kernel << ": " << whyNot << "\n");
    }
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
