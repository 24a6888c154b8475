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
// work-group function runs every row's full packets (packetRows, inlined
// into it), then the region one work-item at a time for the rest of each
// row.
//
// By default only kernels without barriers run so (body_packets.cpp,
// before the loop passes), and long regions without loops, whose packets
// the work-group function calls (isLongStraightLine); this pass, for the
// regions of every kernel, is not yet the default (options.regionPackets,
// from CORECL_REGION_PACKETS). On Zen 3, interleaved with the work-item
// loops (docs/performance.md, seventeenth session): the tiled matrix
// products, a reduction tree, CLBlast's SGEMM and DGEMM as fast; a scan, a
// convolution over local tiles and CLBlast's SGEMV faster (1.5-1.8x); a
// histogram of local atomics 4 % and CLBlast's GemmDirect slower (its
// compute region's packet spills: accumulators and interleaved loads'
// halves live at once); and
// a packet is a second copy of each region, which doubles a barrier-free
// kernel's cold build (so a default would be for kernels with barriers).
// Kernels whose work-items may retire early keep their loops: each
// work-item's region result is kept apart there, which a packet does not
// return.
#include "compiler/kernel_metadata.h"
#include "compiler/passes/packetize.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Debug.h>

#include <map>
#include <string>

#define DEBUG_TYPE "corecl-region-packets"

STATISTIC(NumRegionPackets, "Regions run through packets of work-items");
STATISTIC(NumRegionsKept, "Regions left to the work-item loops");

namespace corecl::compiler {

llvm::PreservedAnalyses RegionPacketsPass::run(llvm::Module &module,
                                               llvm::ModuleAnalysisManager &analyses) {
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
    // A long loop-free region gets a packet whatever the options, called
    // rather than inlined (body_packets.cpp, isLongStraightLine).
    bool outline = !region->hasFnAttribute(attr::kPacketised) && isLongStraightLine(*region);
    if (!options.regionPackets && !outline)
      continue;
    std::string whyNot;
    llvm::Function *packet = nullptr;
    if (it->second->hasFnAttribute(attr::kRegionResultSlot)) {
      whyNot = "work-items may retire early";
    } else if (region->hasFnAttribute(attr::kPacketised)) {
      continue; // a body packet already (body_packets.cpp)
    } else {
      packet = packetizeRegion(module, analyses, *region, options, whyNot,
                               outline ? LiveLimit::None : LiveLimit::NotBelowARegister);
    }
    tracePacketChoice(*region, packet, whyNot);
    if (!packet) {
      ++NumRegionsKept;
      LLVM_DEBUG(llvm::dbgs() << "no packet for " << region->getName() << ": " << whyNot << "\n");
      continue;
    }
    ++NumRegionPackets;
    packet->addFnAttr(attr::kRegionPacketOf, kernel);
    packet->addFnAttr(attr::kRegionIndex,
                      region->getFnAttribute(attr::kRegionIndex).getValueAsString());
    if (outline)
      packet->addFnAttr(attr::kOutlined);
    changed = true;
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
