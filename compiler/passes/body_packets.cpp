// Kernels without barriers, several work-items at a time
// (corecl-body-packets).
//
// A kernel body without barriers is the only region its work-group
// function runs (barrier_regions.cpp), so a packet of it (packetize.h;
// lane = the local id of dimension 0) is a packet of that region, which
// the work-group function runs for the full packets of each row of
// work-items (region_packets.cpp describes the loops). Its loops stay
// whole in the packet, and a divergent loop runs there with every lane
// that agrees (Mandelbrot's escape loop: 2.6x faster on Zen 3 than masked
// in lock step across the group, as the loop passes that went did).
//
// Every body gets a packet, with loops or without. Straight-line bodies
// run as fast as the loop vectoriser made them (Zen 4, the whole bench:
// Black-Scholes 7.68 -> 7.56 ms, CLBlast's Xaxpy and the helpers of its
// GEMM within noise) and build as fast, a row's packets not unrolled
// (work_group_loops.cpp; the math-heavy cold build 282 -> 292 ms); one
// that is a few long chains of dependent operations per work-item
// (clpeak's int, float4, double8, unrolled by clpeak) gets wider packets
// as a latency-bound loop does (packet_width.h), and rows kept in source
// order: clpeak int 223 -> 311 GIOPS, float4 486 -> 543 GFLOP/s against
// the loop vectoriser's work-item loops, clFFT single 16 -> 21 GFLOP/s. A
// packet is refused where it would lose to the loop vectoriser's ways:
// where half or more of the accesses
// run most often are in loops and not consecutive between neighbouring
// work-items (a work-item walking a row of its own, a private array
// indexed by data): they would gather and scatter in every iteration,
// where the loop vectoriser widens the loop within the work-item instead
// (a row per work-item: 3x slower as a packet). A loop bound by the
// latency of its chains of dependent operations (dependent_chains.h,
// clpeak's) gets wider packets besides, for the rows long enough to run
// them: one packet of a register kept one chain in flight per register
// (clpeak float on Zen 4: 68 GFLOP/s as such a packet, 407 as the loop
// passes' work-item loops inside the loop, 524 with 256 lanes).
//
// Short OpenCL vectors are split into components before packetising (as
// optimize.cpp does before the loop vectoriser), so that lanes side by
// side hold one component each: N-body's float4 positions become three
// registers of eight work-items, not shuffles at every component access
// (1.6x faster than the loop vectoriser's code).
#include "compiler/kernel_metadata.h"
#include "compiler/passes/packet_width.h"
#include "compiler/passes/packetize.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/sub_group_lanes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/ADT/bit.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Support/Debug.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#define DEBUG_TYPE "corecl-body-packets"

STATISTIC(NumBodyPackets, "Kernel bodies run through packets of work-items");

namespace corecl::compiler {

namespace {

/// A packet of more than this many instructions that is also more than
/// kMaxGrowth times its function is refused: such a packet is mostly code
/// run lane by lane (scattered accesses, calls, control flow kept apart
/// per lane), and LLVM's build time grows faster than the code. A random
/// program's regions of 1,700-2,700 instructions gave packets of
/// 21,000-38,000 and a build of 150 s, against 1.9 s with the work-item
/// loops; the packets of bench/ and CLBlast grow 2-7 times, those above
/// 2,000 instructions at most 4 times.
constexpr unsigned kLargePacket = 4000, kMaxGrowth = 8;

/// Whether `packet` is refused as mostly lane by lane, longer than `limit`
/// (kLaneByLanePacketLimit).
bool isMostlyLaneByLane(const llvm::Function &packet, const PacketReport &report, unsigned limit) {
  return packet.getInstructionCount() > limit &&
         uint64_t(report.scattered) * 3 >= uint64_t(report.accesses) * 2;
}

/// Loop-free bodies of this many instructions or more get a packet, which
/// the work-group function calls instead of inlining. Inlined into the
/// work-item loop, such a body costs the loop vectoriser and the register
/// allocator time that grows faster than its length: a generated kernel of
/// 8,000 statements like `out[j*G+g] = in[(7*j%n)*G+g] * m + in[j*G+g]`
/// (about 50,000 instructions) spent 28 of its 56 s of build in the loop
/// vectoriser (the teardown of its plan is quadratic in the users of one
/// value) and much of the rest allocating registers for the thousands of
/// invariants LICM hoists out of the loop. A packet has no loop around it:
/// its code is straight, and what is invariant is simply computed in it.
/// A call per packet is nothing next to such a body.
constexpr size_t kOutlineInstructions = 6000;

/// At least that long (CORECL_OUTLINE_INSTRUCTIONS=N sets the length: a
/// low one sends short random programs down this path, to test it).
bool isLong(const llvm::Function &f) {
  static const size_t threshold = [] {
    const char *set = std::getenv("CORECL_OUTLINE_INSTRUCTIONS");
    return set && *set ? size_t(std::strtoull(set, nullptr, 10)) : kOutlineInstructions;
  }();
  return f.getInstructionCount() >= threshold;
}

} // namespace

bool isLongStraightLine(llvm::Function &f) {
  if (!isLong(f))
    return false;
  llvm::DominatorTree dominators(f);
  return llvm::LoopInfo(dominators).empty();
}

unsigned laneDimension(const llvm::Function &region) {
  return region.getFnAttribute(attr::kLoopOrder).getValueAsString() == "yx" ? 1 : 0;
}

void setLaneDimension(llvm::Function &region, unsigned dimension) {
  if (dimension)
    region.addFnAttr(attr::kLoopOrder, "yx");
  else
    region.removeFnAttr(attr::kLoopOrder);
}

unsigned packetDimension(const llvm::Function &region) {
  if (!region.hasFnAttribute(attr::kPacketOrder))
    return laneDimension(region);
  return region.getFnAttribute(attr::kPacketOrder).getValueAsString() == "yx" ? 1 : 0;
}

llvm::Function *packetizeRegion(llvm::Module &module, llvm::ModuleAnalysisManager &analyses,
                                llvm::Function &region, const llvm::Function &kernel,
                                unsigned dimension, const WorkGroupLoopsOptions &options,
                                std::string &whyNot, LiveLimit limit,
                                std::vector<llvm::Function *> *wider) {
  WorkItemParams params{unsigned(region.arg_size() - WorkItemParams::kCount)};
  region.removeFnAttr(attr::kLaneByLane); // set below if so along `dimension`
  if (readsSubGroupLanes(region)) {
    // One sub-group per packet, or none (sub_group_lanes.h): the width is
    // the kernel's sub-group width, whatever a packet's cost.
    unsigned width = subGroupWidthFor(options.simdBytes);
    if (dimension != 0 || width < 2) {
      whyNot = "sub-group functions run in packets along x only";
      return nullptr;
    }
    llvm::Function *packet =
        packetizeFunction(region, width, {params.localId(0)}, {}, Lanes::OneSubGroup, whyNot);
    // A row's last sub-group where the row is not a multiple of W: the
    // same packet with the lanes past the row off.
    llvm::Function *tail =
        packet ? packetizeFunction(region, width, {params.localId(0)}, {}, Lanes::OneSubGroup,
                                   whyNot, nullptr, int(params.localSize(0)))
               : nullptr;
    if (packet && !tail) {
      packet->eraseFromParent();
      return nullptr;
    }
    if (packet) {
      packet->setName(region.getName() + ".packet" + std::to_string(width));
      tail->setName(packet->getName() + kSubGroupTailSuffix);
      for (llvm::Function *made : {packet, tail}) {
        made->addFnAttr(attr::kPacketWidth, std::to_string(width));
        made->addFnAttr(attr::kSubGroupPacket, std::to_string(width));
      }
    }
    return packet;
  }
  // The packet is made from a copy with short vectors split; the region
  // itself stays as it is for the rest of a row.
  llvm::Function *source = &region;
  llvm::Function *split = nullptr;
  if (!movesWideVectors(region, options.simdBytes * 8)) {
    llvm::ValueToValueMapTy map;
    split = llvm::CloneFunction(&region, map);
    // Loads and stores stay whole: a work-item's float4 is consecutive
    // with its neighbour's, one wide access for the packet, where four
    // components would be four gathers 16 bytes apart.
    llvm::ScalarizerPassOptions components;
    components.ScalarizeLoadStore = false;
    auto &functions =
        analyses.getResult<llvm::FunctionAnalysisManagerModuleProxy>(module).getManager();
    functions.invalidate(*split, llvm::ScalarizerPass(components).run(*split, functions));
    source = split;
  }
  unsigned width = options.regionPacketWidth
                       ? options.regionPacketWidth
                       : choosePacketWidth(*source, source->getArg(params.ctx()), options.simdBytes,
                                           options.vectorRegisters, split != nullptr, limit,
                                           source->getArg(params.localId(dimension)));
  // A row narrower than the packet would run lane by lane
  // (work_group_loops.cpp): CLBlast's Xgemm (8 x 8 work-items) got packets
  // of 16 with AVX-512 and ran every row as scalar code.
  if (uint64_t row = requiredWorkGroupSize(kernel, dimension); row && !options.regionPacketWidth)
    width = unsigned(std::min<uint64_t>(width, llvm::bit_floor(row)));
  llvm::Function *packet = nullptr;
  PacketReport report;
  if (width < 2)
    whyNot = "too many values live for more than one lane";
  else
    packet = packetizeFunction(*source, width, {params.localId(dimension)}, {}, Lanes::OfOneGroup,
                               whyNot, &report);
  if (packet && std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << region.getName() << " along " << (dimension ? "y" : "x") << ": "
                 << report.hottestScattered << " of the " << report.hottestAccesses
                 << " accesses run most often (" << report.hottestRuns
                 << " loops) in loops and not consecutive between lanes; " << report.scattered
                 << " of all " << report.accesses << " lane by lane or gathered, "
                 << packet->getInstructionCount() << " instructions from "
                 << source->getInstructionCount() << "\n";
  // Mostly lane-by-lane code (kMaxGrowth).
  if (packet && packet->getInstructionCount() > kLargePacket &&
      packet->getInstructionCount() > kMaxGrowth * source->getInstructionCount()) {
    whyNot = "a packet of " + std::to_string(packet->getInstructionCount()) +
             " instructions from " + std::to_string(source->getInstructionCount());
    packet->eraseFromParent();
    packet = nullptr;
  }
  if (packet && isMostlyLaneByLane(*packet, report, options.laneByLanePacketLimit)) {
    whyNot = "a packet of " + std::to_string(packet->getInstructionCount()) + " instructions, " +
             std::to_string(report.scattered) + " of its " + std::to_string(report.accesses) +
             " loads and stores lane by lane";
    packet->eraseFromParent();
    packet = nullptr;
    region.addFnAttr(attr::kLaneByLane);
  }
  // A loop whose accesses are not consecutive between lanes (a work-item
  // walking a row of its own, a private array indexed by data) runs better
  // widened within each work-item by the loop vectoriser (a row per
  // work-item as region packets: 0.27x against 1.1x PoCL), where such
  // accesses are half or more of those the function runs most often. A
  // loop run less often than the rest does not decide: CLBlast's
  // XgemmDirect copies its tiles once per trip of its tile loop and runs
  // its K remainder loop (gathers) once after it.
  if (packet && report.hottestScattered && report.hottestScattered * 2 >= report.hottestAccesses) {
    whyNot = std::to_string(report.hottestScattered) + " of the " +
             std::to_string(report.hottestAccesses) +
             " accesses run most often in loops, not consecutive between lanes";
    packet->eraseFromParent();
    packet = nullptr;
  }
  auto nameByLanes = [&](llvm::Function &made, unsigned lanes) {
    made.setName(region.getName() + ".packet" + std::to_string(lanes));
    made.addFnAttr(attr::kPacketWidth, std::to_string(lanes));
  };
  if (packet)
    nameByLanes(*packet, width);
  // Wider packets for the rows long enough, where a loop waits on its
  // chains' latency (latencyPacketWidth): the row runs the widest that
  // fit, then narrower ones (work_group_loops.cpp, packetRows).
  if (packet && wider && !options.regionPacketWidth) {
    unsigned widest = latencyPacketWidth(*source, width, options.simdBytes);
    if (uint64_t row = requiredWorkGroupSize(kernel, dimension))
      widest = unsigned(std::min<uint64_t>(widest, llvm::bit_floor(row)));
    for (unsigned lanes = width * 2; lanes <= widest; lanes *= 2) {
      std::string whyNotWider;
      llvm::Function *tier = packetizeFunction(*source, lanes, {params.localId(dimension)}, {},
                                               Lanes::OfOneGroup, whyNotWider);
      if (!tier)
        break;
      // Each is another copy for the build to compile, and what runs lane
      // by lane grows with the lanes: random programs' integer loops gave
      // packets of 2,500-5,500 instructions and three wider ones each.
      if (tier->getInstructionCount() > kLargePacket) {
        tier->eraseFromParent();
        break;
      }
      nameByLanes(*tier, lanes);
      wider->push_back(tier);
    }
  }
  if (split) {
    // The functions' analyses go with them.
    analyses.getResult<llvm::FunctionAnalysisManagerModuleProxy>(module).getManager().clear(
        *split, split->getName());
    split->eraseFromParent();
  }
  return packet;
}

llvm::PreservedAnalyses BodyPacketsPass::run(llvm::Module &module,
                                             llvm::ModuleAnalysisManager &analyses) {
  if (!options.bodyPackets)
    return llvm::PreservedAnalyses::all();
  bool changed = false;
  for (llvm::Function *body : kernelBodies(module)) {
    bool barriers = false;
    for (llvm::Instruction &inst : llvm::instructions(*body))
      barriers |= isBarrierCall(inst);
    if (barriers || body->arg_size() < WorkItemParams::kCount)
      continue;
    // A long straight-line body's packet stays a call.
    bool outline = isLongStraightLine(*body);
    std::string whyNot;
    std::vector<llvm::Function *> wider;
    // A body that reads sub-group lanes runs them along x (sub_group_lanes.h).
    if (readsSubGroupLanes(*body))
      setLaneDimension(*body, 0);
    llvm::Function *packet =
        packetizeRegion(module, analyses, *body, *kernelOfBody(*body), laneDimension(*body),
                        options, whyNot, outline ? LiveLimit::None : LiveLimit::Registers, &wider);
    tracePacketChoice(*body, packet, whyNot);
    if (!packet) {
      LLVM_DEBUG(llvm::dbgs() << "no packet for " << body->getName() << ": " << whyNot << "\n");
      continue;
    }
    ++NumBodyPackets;
    wider.push_back(packet);
    for (llvm::Function *tier : wider) {
      tier->addFnAttr(attr::kRegionPacketOf, kernelOfBody(*body)->getName());
      tier->addFnAttr(attr::kRegionIndex, "0");
      if (outline)
        tier->addFnAttr(attr::kOutlined);
    }
    body->addFnAttr(attr::kPacketised);
    changed = true;
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
