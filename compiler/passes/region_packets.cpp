// Work-items of a group, several at a time (corecl-region-packets).
//
// The work-group function runs each region (barrier_regions.cpp) in loops
// over the work-items, and leaves the x loop to LLVM's loop vectoriser.
// That works for the shapes the vectoriser knows: a loop inside the region
// has to be interchanged with the x loop first (divergent_loops.cpp,
// uniform_loops.cpp), and what it cannot widen (calls, wide OpenCL vectors,
// control flow it will not if-convert) stays one work-item at a time. This
// pass makes a packet of each region instead (packetize.h), with the local
// id of dimension 0 as the lane parameter: `width` consecutive work-items
// of a row side by side, whatever the region's control flow. The
// work-group function runs it for each full packet of a row, and the
// region one work-item at a time for the rest of the row.
//
// Not yet the default (options.regionPackets, from CORECL_REGION_PACKETS):
// the packetiser runs lanes that disagree at a branch one after the other
// where the loop passes mask them, so a kernel like Mandelbrot's would be
// slower. Kernels whose work-items may retire early keep their loops: each
// work-item's region result is kept apart there, which a packet does not
// return.
#include "compiler/kernel_metadata.h"
#include "compiler/passes/packet_width.h"
#include "compiler/passes/packetize.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Support/Debug.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>

#include <cstdlib>
#include <map>
#include <string>

#define DEBUG_TYPE "corecl-region-packets"

STATISTIC(NumRegionPackets, "Regions run through packets of work-items");
STATISTIC(NumRegionsKept, "Regions left to the work-item loops");

namespace corecl::compiler {

llvm::PreservedAnalyses RegionPacketsPass::run(llvm::Module &module,
                                               llvm::ModuleAnalysisManager &analyses) {
  if (!options.regionPackets)
    return llvm::PreservedAnalyses::all();
  std::map<std::string, llvm::Function *> kernels;
  std::vector<llvm::Function *> regions;
  for (llvm::Function &f : module) {
    if (isKernel(f))
      kernels[f.getName().str()] = &f;
    if (f.hasFnAttribute(attr::kRegionOf))
      regions.push_back(&f);
  }
  bool changed = false;
  for (llvm::Function *region : regions) {
    std::string kernel = region->getFnAttribute(attr::kRegionOf).getValueAsString().str();
    auto it = kernels.find(kernel);
    if (it == kernels.end() || region->arg_size() < WorkItemParams::kCount)
      continue;
    std::string whyNot;
    llvm::Function *packet = nullptr;
    unsigned width = 0;
    if (it->second->hasFnAttribute(attr::kRegionResultSlot)) {
      whyNot = "work-items may retire early";
    } else {
      WorkItemParams params{unsigned(region->arg_size() - WorkItemParams::kCount)};
      // Short OpenCL vectors split into components first (as optimize.cpp
      // does before the loop vectoriser): lanes side by side then give
      // one register per component (N-body's float4 positions), where
      // kept whole they would need shuffles for every component access.
      if (!movesWideVectors(*region, options.simdBytes * 8)) {
        llvm::ScalarizerPassOptions split;
        split.ScalarizeLoadStore = true;
        auto &functions =
            analyses.getResult<llvm::FunctionAnalysisManagerModuleProxy>(module).getManager();
        functions.invalidate(*region, llvm::ScalarizerPass(split).run(*region, functions));
      }
      width = options.regionPacketWidth
                  ? options.regionPacketWidth
                  : choosePacketWidth(*region, region->getArg(params.ctx()), options.simdBytes);
      if (width < 2)
        whyNot = "too many values live for more than one lane";
      else
        packet = packetizeFunction(*region, width, {params.localId(0)}, {}, Lanes::OfOneGroup,
                                   whyNot);
    }
    if (std::getenv("CORECL_PACKET_TRACE"))
      llvm::errs() << region->getName() << ": "
                   << (packet ? "packet of " + std::to_string(width) : "no packet, " + whyNot)
                   << "\n";
    if (!packet) {
      ++NumRegionsKept;
      LLVM_DEBUG(llvm::dbgs() << "no packet for " << region->getName() << ": " << whyNot << "\n");
      continue;
    }
    ++NumRegionPackets;
    packet->addFnAttr(attr::kRegionPacketOf, kernel);
    packet->addFnAttr(attr::kRegionIndex, region->getFnAttribute(attr::kRegionIndex).getValueAsString());
    packet->addFnAttr(attr::kPacketWidth, std::to_string(width));
    changed = true;
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
