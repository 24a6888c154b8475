// The work-group formation steps as new-pass-manager module passes, one per
// file, registered by name (passes.def lists every pass, its name and
// file, once) so that each can run alone on an IR file (tests/passes,
// through the corecl_opt test tool) and be checked with FileCheck.
//
// The steps hand their results on through the IR itself: each kernel body
// carries "corecl.body-of"; facts about a kernel ("corecl.local-bytes",
// "corecl.printf", "corecl.wi-storage", "corecl.barriers") are string
// attributes on the kernel and end up on its work-group function; region
// functions carry "corecl.region-of" and "corecl.region-index".
#pragma once
#include "compiler/passes/inline_image_accesses.h"
#include "compiler/passes/packet_width.h"

#include <llvm/IR/PassManager.h>

#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace corecl::compiler {

// Passes without isRequired() are optimisations: LLVM's -opt-bisect-limit
// (CORECL_LLVM_OPTIONS) may skip them, never the others.
template <class Pass> struct RequiredPass : llvm::PassInfoMixin<Pass> {
  static bool isRequired() { return true; }
};

/// Integer division and remainder that cannot trap (safe_division.cpp);
/// runs before the optimiser can exploit the undefined cases.
struct SafeDivisionPass : RequiredPass<SafeDivisionPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

/// Images and samplers as a pointer to their descriptor and an i32 of
/// sampler bits (lower_images.cpp); runs before the kernels are described
/// and the builtins linked.
struct LowerImagesPass : RequiredPass<LowerImagesPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

struct KernelBodyPass : RequiredPass<KernelBodyPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

/// The sub-group reads left after the packets are made become their value:
/// what runs one work-item at a time runs with sub-groups of one
/// (sub_group_lanes.cpp).
struct SubGroupReadsPass : RequiredPass<SubGroupReadsPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

struct PrintfLoweringPass : RequiredPass<PrintfLoweringPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

struct LocalMemoryPass : RequiredPass<LocalMemoryPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

struct BarrierRegionsPass : RequiredPass<BarrierRegionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

/// Kernels whose regions are made packets of work-items (region_packets.cpp):
/// none, those whose source has a barrier (the default of a build), or all
/// (a loop-free region of a kernel without barriers too).
enum class RegionPacketKernels { None, WithBarriers, All };

/// A packet of more than this many instructions in which at least two
/// thirds of the loads and stores went lane by lane or became gathers and
/// scatters is refused (body_packets.cpp): its lanes mostly take turns,
/// and it costs the build two to three times the region's code a second
/// time. Random programs keep a large private struct across their
/// barriers (CLSmith's globals), each work-item's copy apart from the
/// next: regions of 20,000-120,000 instructions with 72-99 % of their
/// accesses lane by lane gave packets of 57,000-236,000 instructions, and
/// builds of 10-60 s where PoCL 3.1 ran the whole program in 6-18 s.
/// Darktable's largest packets (up to 44,000 instructions) have at most
/// half of their accesses lane by lane (gathers of image texels among
/// them).
inline constexpr unsigned kLaneByLanePacketLimit = 16000;

struct WorkGroupLoopsOptions {
  /// Widest SIMD register in bytes: sets the reported vector width.
  unsigned simdBytes = 16;
  /// Vector registers the target has: 16 (SSE, AVX2) or 32 (AVX-512,
  /// AArch64's NEON and SVE). More registers keep more lanes' values.
  unsigned vectorRegisters = 16;
  /// Lanes of a packet of groups of one (group_packets.cpp): 0 chooses
  /// from the kernel's types, 1 makes no packets.
  unsigned packetWidth = 0;
  /// Which kernels' regions get packets of the work-items of a group
  /// (region_packets.cpp), and their lanes (0: chosen per region).
  RegionPacketKernels regionPackets = RegionPacketKernels::None;
  unsigned regionPacketWidth = 0;
  /// Packets of the bodies of kernels without barriers (body_packets.cpp).
  bool bodyPackets = false;
  /// Instructions of image accesses a kernel may have inlined
  /// (inline_image_accesses.cpp), for tests of that pass.
  unsigned inlinedImageAccessBudget = kInlinedImageAccessBudget;
  /// Instructions above which a packet mostly lane by lane is refused
  /// (body_packets.cpp), for tests of that choice.
  unsigned laneByLanePacketLimit = kLaneByLanePacketLimit;
};

/// A packet of `region` (a kernel body or region) over consecutive
/// work-items of a row (`dimension` 0, lane = local id x) or of a column
/// (1, lane = local id y), made from a copy with short vectors split into
/// components; its width comes from the options or the region
/// (packet_width.h), no wider than the row `kernel` requires (its
/// reqd_work_group_size along `dimension`). Null, with the reason, where
/// none is made, also where the accesses it runs most often are mostly in
/// loops and not consecutive between lanes. `limit`: how far the live
/// values limit the lanes (packet_width.h). `wider`, if given, receives
/// packets of more lanes (twice, four times ... as many) where a loop of
/// the region waits on its chains' latency (latencyPacketWidth), for the
/// rows long enough to run them.
llvm::Function *packetizeRegion(llvm::Module &module, llvm::ModuleAnalysisManager &analyses,
                                llvm::Function &region, const llvm::Function &kernel,
                                unsigned dimension, const WorkGroupLoopsOptions &options,
                                std::string &whyNot, LiveLimit limit = LiveLimit::Registers,
                                std::vector<llvm::Function *> *wider = nullptr);

/// The local-id dimension along which `region`'s work-items run side by
/// side, as a packet's lanes or in the vectorised work-item loop: 1 for a
/// region that runs them along y (attr::kLoopOrder "yx", whose per-work-item
/// storage is laid out y-fastest), else 0.
unsigned laneDimension(const llvm::Function &region);
void setLaneDimension(llvm::Function &region, unsigned dimension);

/// The dimension `region`'s own accesses prefer for a packet's lanes
/// (attr::kPacketOrder), else laneDimension.
unsigned packetDimension(const llvm::Function &region);

/// True for a function without loops and of so many instructions that
/// the work-group function calls its packets instead of inlining them
/// into its loops (body_packets.cpp, attr::kOutlined).
bool isLongStraightLine(llvm::Function &f);

/// A pass of the work-group formation, configured by the options.
template <class Pass> struct WorkGroupPass : llvm::PassInfoMixin<Pass> {
  explicit WorkGroupPass(WorkGroupLoopsOptions options = {}) : options(options) {}
  WorkGroupLoopsOptions options;
};

/// Packets of kernel bodies without barriers (body_packets.cpp).
struct BodyPacketsPass : WorkGroupPass<BodyPacketsPass> {
  using WorkGroupPass::WorkGroupPass;
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

/// Packets of consecutive groups of one work-item (group_packets.cpp).
struct GroupPacketsPass : WorkGroupPass<GroupPacketsPass> {
  using WorkGroupPass::WorkGroupPass;
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

/// Packets of consecutive work-items of a group (region_packets.cpp).
struct RegionPacketsPass : WorkGroupPass<RegionPacketsPass> {
  using WorkGroupPass::WorkGroupPass;
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
};

/// The work-group function around each kernel's body or regions
/// (work_group_loops.cpp).
struct WorkGroupLoopsPass : WorkGroupPass<WorkGroupLoopsPass> {
  using WorkGroupPass::WorkGroupPass;
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// The whole work-group formation, in order: passes.def's
/// CORECL_WORK_GROUP_PASS entries as a pipeline string.
std::string workGroupPipeline();

/// Lets `builder` parse every name of passes.def in pipeline strings.
void registerCoreCLPasses(llvm::PassBuilder &builder, WorkGroupLoopsOptions options = {});

namespace attr {
inline constexpr const char *kBodyOf = "corecl.body-of";
inline constexpr const char *kLocalBytes = "corecl.local-bytes";
inline constexpr const char *kPrintf = "corecl.printf";
inline constexpr const char *kWiStorage = "corecl.wi-storage";
inline constexpr const char *kBarriers = "corecl.barriers";
/// On a kernel: a barrier sits inside a loop (a tiled product's K loop),
/// so its groups read panels of their inputs that neighbouring groups
/// share (work_group_loops.cpp takes such groups in column strips).
inline constexpr const char *kBarrierInLoop = "corecl.barrier-in-loop";
inline constexpr const char *kRegionOf = "corecl.region-of";
inline constexpr const char *kRegionIndex = "corecl.region-index";
/// On a region: the uniform slots it defines, "offset:size,..." (see
/// barrier_regions.cpp), which the work-group function commits after it.
inline constexpr const char *kUniformCommit = "corecl.uniform-commit";
inline constexpr const char *kVectorWidth = "corecl.vector-width";
/// On a packet (group_packets.cpp): its kernel's name, and its lanes.
inline constexpr const char *kPacketOf = "corecl.packet-of";
inline constexpr const char *kPacketWidth = "corecl.packet-width";
/// On a function holding a region's rows of packets (work_group_loops.cpp,
/// packetRows): its instructions are scheduled for register pressure
/// before register allocation (llvm_init.cpp), not in source order.
inline constexpr const char *kPressureScheduling = "corecl.pressure-scheduling";
/// On a kernel: no packet of its groups of one in this build (a packet
/// build makes them only for the kernels launched that way).
inline constexpr const char *kNoGroupPacket = "corecl.no-group-packet";
/// On a packet of a region's work-items (region_packets.cpp): its kernel's
/// name (with kRegionIndex and kPacketWidth).
inline constexpr const char *kRegionPacketOf = "corecl.region-packet-of";
/// On a packet of a kernel body too long to inline into the work-group
/// function's loops (body_packets.cpp): the packet and the body stay
/// functions, called once per packet and per remaining work-item.
inline constexpr const char *kOutlined = "corecl.outlined";
/// On a region refused a packet because it would run mostly lane by lane
/// (body_packets.cpp): its work-item loops are left scalar, the loop
/// vectoriser would gather and scatter the same accesses.
inline constexpr const char *kLaneByLane = "corecl.lane-by-lane";
/// On a kernel body with a packet (body_packets.cpp): region_packets.cpp
/// leaves it alone.
inline constexpr const char *kPacketised = "corecl.packetised";
/// On a kernel body and its kernel: "yx" when per-work-item storage is
/// laid out y-fastest, as its regions run y innermost (item_order.h).
inline constexpr const char *kItemOrder = "corecl.item-order";
/// On a region: "yx" when its work-item loops run y innermost, "xy" else.
inline constexpr const char *kLoopOrder = "corecl.loop-order";
/// On a region of a kernel with barriers: "yx" when its own accesses,
/// per-work-item storage included, cost less along y, "xy" else; its
/// packet's lanes run along that dimension (region_packets.cpp), and its
/// loop order follows the packet's.
inline constexpr const char *kPacketOrder = "corecl.packet-order";
/// On a packet whose lanes are one sub-group (sub_group_lanes.h): it runs
/// only in launches whose sub-group width is its width.
inline constexpr const char *kSubGroupPacket = "corecl.sub-group-packet";
/// On a work-group function: its kernel's sub-group width, and "1" in
/// kSubGroupReads if its code exchanges values between lanes.
inline constexpr const char *kSubGroupWidth = "corecl.sub-group-width";
inline constexpr const char *kSubGroupReads = "corecl.sub-group-reads";
} // namespace attr

} // namespace corecl::compiler
