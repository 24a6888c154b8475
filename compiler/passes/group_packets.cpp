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
// function otherwise.
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

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Debug.h>

#include <algorithm>
#include <map>

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

/// Lanes per packet for `f` on registers of `simdBytes`.
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
  // interleave (hashcat's MD5 on uint8 with AVX2: 1.3x with two lanes,
  // 1.45x with four, 1.0x with eight, which spill).
  unsigned width = unsigned(simdBytes / widest);
  if (width < 4)
    width = std::clamp(unsigned(4 * simdBytes / widest), 2u, 4u);
  return std::min(width, 16u);
}

} // namespace

llvm::PreservedAnalyses GroupPacketsPass::run(llvm::Module &module,
                                              llvm::ModuleAnalysisManager &) {
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
      unsigned width = options.packetWidth ? options.packetWidth
                                           : chooseWidth(*scalar, ctx, options.simdBytes);
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
