// Groups of one work-item, several at a time (corecl-group-packets).
//
// A kernel launched with one work-item per group (hashcat runs all its
// kernels so, and tasks look the same) gives the loop vectoriser nothing:
// the work-item loop has one iteration, and each group is one dependent
// chain of instructions, latency-bound. Consecutive groups are as
// independent as work-items of a group, so this pass makes a packet of the
// function a group of one runs (the only region of a kernel without
// barriers) over `width` consecutive groups,
// with the group id of dimension 0 as the lane parameter
// (packetize.h). The work-group function runs the packet when the enqueued
// local size is 1 and `width` groups of one row remain, and the scalar
// function otherwise. Made only in the build for launches of groups of one
// (options.packetWidth, optimize.cpp): a packet doubles the build time of a
// large kernel. A kernel the packetiser does not take, or whose values
// would not fit the registers for two lanes, gets a packet of one lane: its
// function called as it is, out of the scalariser's reach.
//
// The width fills one SIMD register with the widest value a work-item
// loads, stores or computes with; a work-item already computing with
// full-register vectors (hashcat's uint8 on AVX2) gets two to four lanes,
// independent chains to interleave.
#include "compiler/kernel_metadata.h"
#include "compiler/passes/packet_width.h"
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
#include <llvm/Transforms/Utils/Cloning.h>

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

/// A packet of one lane: `scalar` as it is, called (not inlined) for each
/// group of one. Inlined into the work-group function it would share that
/// function's treatment for work-item loops: the scalariser splits vectors
/// of up to four elements there so that the loop vectoriser widens them
/// across work-items, which a group of one never gets. Kept whole, a
/// hashcat SHA-512 work-item (ulong4, one group per work-item) computes in
/// ymm registers instead of four times as many scalar ones that spill.
llvm::Function *singleGroupCopy(llvm::Function &scalar) {
  llvm::ValueToValueMapTy map;
  llvm::Function *copy = llvm::CloneFunction(&scalar, map);
  copy->setName(scalar.getName() + ".single");
  copy->setLinkage(llvm::GlobalValue::InternalLinkage);
  for (const char *key : {attr::kRegionOf, attr::kRegionIndex})
    copy->removeFnAttr(key);
  copy->removeFnAttr(llvm::Attribute::AlwaysInline);
  copy->addFnAttr(llvm::Attribute::NoInline);
  return copy;
}

} // namespace

llvm::PreservedAnalyses GroupPacketsPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  if (options.packetWidth == 1)
    return llvm::PreservedAnalyses::all();
  std::map<std::string, llvm::Function *> scalarOf;
  std::map<std::string, llvm::Function *> kernels;
  for (llvm::Function &f : module)
    if (isKernel(f))
      kernels[f.getName().str()] = &f;
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
    auto kernelIt = kernels.find(kernel);
    if (kernelIt == kernels.end() || kernelIt->second->hasFnAttribute(attr::kNoGroupPacket) ||
        scalar->arg_size() < WorkItemParams::kCount)
      continue;
    WorkItemParams params{unsigned(scalar->arg_size() - WorkItemParams::kCount)};
    std::string whyNot;
    llvm::Function *packet = nullptr;
    if (!scalar->getArg(params.wiBase())->use_empty()) {
      whyNot = "per-work-item storage";
    } else {
      llvm::Argument *ctx = scalar->getArg(params.ctx());
      // Called rather than inlined, as body_packets.cpp does, and as wide
      // as the loop vectoriser would have made it.
      bool outline = isLongStraightLine(*scalar);
      unsigned width =
          options.packetWidth
              ? options.packetWidth
              : choosePacketWidth(*scalar, ctx, options.simdBytes, options.vectorRegisters, false,
                                  outline ? LiveLimit::None : LiveLimit::Registers);
      if (width < 2)
        whyNot = "too many values live for more than one lane";
      else
        packet = packetizeFunction(*scalar, width, {params.groupId(0)},
                                   localSizeOfOne(*scalar, ctx), Lanes::OfGroups, whyNot);
      if (!packet) {
        ++NumNotPacketised;
        LLVM_DEBUG(llvm::dbgs() << "no packet for " << kernel << ": " << whyNot << "\n");
        packet = singleGroupCopy(*scalar);
        width = 1;
      }
      packet->addFnAttr(attr::kPacketOf, kernel);
      packet->addFnAttr(attr::kPacketWidth, std::to_string(width));
      if (outline)
        packet->addFnAttr(attr::kOutlined);
      changed = true;
    }
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
