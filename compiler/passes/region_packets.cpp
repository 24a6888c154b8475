// Work-items of a group, several at a time (corecl-region-packets).
//
// The work-group function runs each region (barrier_regions.cpp) in loops
// over the work-items, and leaves the x loop to LLVM's loop vectoriser,
// which widens a loop-free region but not one with loops of its own (it
// vectorises innermost loops only) nor what it will not if-convert. This
// pass makes a packet of each region instead (packetize.h), with the local
// id of dimension 0 as the lane parameter: `width` consecutive work-items
// of a row side by side, whatever the region's control flow, its loops
// kept whole. The work-group function runs every row's full packets
// (packetRows, inlined into it), then the region one work-item at a time
// for the rest of each row.
//
// Which kernels (options.regionPackets, RegionPacketKernels): by default
// those with a barrier in their source; kernels without barriers are body
// packets already (body_packets.cpp). Long regions without loops get
// packets whatever the kernel, called by the work-group function
// (isLongStraightLine). CORECL_REGION_PACKETS=0 turns them off,
// =1 makes them for every kernel. On Zen 3, interleaved with the work-item
// loops the loop passes then prepared (CHANGES.md, seventeenth
// and eighteenth sessions): the tiled matrix products, a reduction tree,
// CLBlast's SGEMM, DGEMM and GemmDirect as fast; a scan, a convolution
// over local tiles and CLBlast's SGEMV faster (1.5-1.8x); a histogram of
// local atomics within 4 %; on Zen 4 the convolution, its tile copy a loop
// of a trip count that differs between work-items, 1.45x faster than cut
// at a barrier per iteration. The CTS's test_basic, test_atomics and
// test_c11_atomics give the same results either way; a barrier kernel's
// cold build takes up to 1.6 times as long (CLBlast's GEMM program:
// 2.3-4.1 s -> 3.6-4.8 s, PoCL 8.0-8.4). A region refused a packet runs
// its loops one work-item at a time.
//
// A packet's lanes run along the dimension the region's own accesses
// prefer (attr::kPacketOrder, barrier_regions.cpp), and the region's rows
// then follow its packet, whatever the layout of per-work-item storage
// (those accesses are strided then, and counted so in the preference):
// CLBlast's XgemmDirectTN lays storage out along y for its multiply, and
// its tile copies, one wide load and one wide store along x against
// gathers and scatters along y (CHANGES.md, nineteenth
// session). The work-item loops of a region refused a packet keep the
// body's order: the same copies run along x by the work-item loops were
// half as fast (barrier_regions.cpp).
#include "compiler/kernel_metadata.h"
#include "compiler/passes/packetize.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/sub_group_lanes.h"
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
    // A region that reads sub-group lanes has sub-groups of more than one
    // work-item only through a packet (sub_group_lanes.h).
    bool reads = readsSubGroupLanes(*region);
    bool wanted = options.regionPackets == RegionPacketKernels::All ||
                  (options.regionPackets == RegionPacketKernels::WithBarriers &&
                   it->second->getFnAttribute(attr::kBarriers).getValueAsString() == "1") ||
                  (reads && options.regionPackets != RegionPacketKernels::None);
    if (!wanted && !outline)
      continue;
    std::string whyNot;
    llvm::Function *packet = nullptr;
    std::vector<llvm::Function *> wider;
    if (region->hasFnAttribute(attr::kPacketised)) {
      continue; // a body packet already (body_packets.cpp)
    } else {
      // Along the dimension the region's own accesses prefer, else along
      // its work-item loops' (a packet of the other is refused where its
      // loops would gather).
      LiveLimit limit = outline ? LiveLimit::None : LiveLimit::NotBelowARegister;
      unsigned loops = laneDimension(*region), own = packetDimension(*region);
      if (reads) {
        // Along x, the sub-groups' dimension.
        setLaneDimension(*region, 0);
        loops = own = 0;
      }
      packet = packetizeRegion(module, analyses, *region, *it->second, own, options, whyNot, limit,
                               &wider);
      if (!packet && own != loops)
        packet = packetizeRegion(module, analyses, *region, *it->second, loops, options, whyNot,
                                 limit, &wider);
      else if (packet && own != loops)
        setLaneDimension(*region, own);
    }
    tracePacketChoice(*region, packet, whyNot);
    if (!packet) {
      ++NumRegionsKept;
      LLVM_DEBUG(llvm::dbgs() << "no packet for " << region->getName() << ": " << whyNot << "\n");
      continue;
    }
    ++NumRegionPackets;
    wider.push_back(packet);
    for (llvm::Function *tier : wider) {
      tier->addFnAttr(attr::kRegionPacketOf, kernel);
      tier->addFnAttr(attr::kRegionIndex,
                      region->getFnAttribute(attr::kRegionIndex).getValueAsString());
      if (outline)
        tier->addFnAttr(attr::kOutlined);
    }
    changed = true;
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
