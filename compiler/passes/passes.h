// The work-group formation steps, applied in this order to each kernel of
// a module whose user functions are already inlined into the kernels:
//
//  1. makeKernelBody: clone the kernel into a body function taking the
//     work-item parameters (work_item_state.h) and rewrite every work-item
//     function call to use them.
//  2. lowerLocalMemory: kernel-scope __local variables become offsets into
//     the worker's local arena.
//  3. formBarrierRegions: split the body at barriers into region functions;
//     values live across a barrier move to per-work-item storage.
//  4. buildWorkGroupFunction: the corecl_wg_fn entry that loops over the
//     work-groups of a slice and, per region, runs its packets of
//     work-items (body_packets.cpp, region_packets.cpp) and loops over the
//     work-items the packets leave, marked so that a loop-free region
//     vectorises across work-items.
#pragma once
#include "compiler/passes/item_order.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class StringRef;
class Function;
class Instruction;
class Module;
class StructType;
class LLVMContext;
} // namespace llvm

namespace corecl::compiler {

struct KernelDesc;

llvm::StructType *wgContextType(llvm::LLVMContext &context);

/// Image and sampler values become `ptr addrspace(1)` (to a corecl_image)
/// and `i32` (sampler bits) throughout `module` (lower_images.cpp).
/// Returns true if it changed anything.
bool lowerImages(llvm::Module &module);

/// Marks the kernels Clang made for enqueued blocks (the API does not list
/// them; compiler::KernelDesc::blockKernel).
inline constexpr const char *kBlockKernelMetadata = "corecl.block_kernel";

/// Device-side enqueue's calls become calls of CoreCL's builtins, naming
/// the block kernels (lower_device_enqueue.cpp). False, with a line in
/// `log`, for a block it cannot trace.
bool lowerDeviceEnqueue(llvm::Module &module, std::string &log);

/// Divisors that would trap (0, or -1 under INT_MIN) become 1. Returns
/// true if `f` divides at all.
bool makeDivisionSafe(llvm::Function &f);

/// Step 1. Returns the body function; the kernel itself is left unchanged.
llvm::Function *makeKernelBody(llvm::Function &kernel);

/// Step 1b. printf calls append records to the launch's printf buffer.
/// Returns true if the body prints.
bool lowerPrintf(llvm::Function &body);

/// Step 2. Returns the bytes of static local memory the body uses.
uint64_t lowerLocalMemory(llvm::Function &body);

struct Regions {
  std::vector<llvm::Function *> functions; // region i starts at barrier i (0: entry)
  uint64_t wiStorageBytes = 0;             // per work-item
  bool hasBarriers = false;
  bool barrierInLoop = false; // a barrier inside a loop of the body
  // Per region (as `functions`), when formed with item extents: its
  // accesses' estimated costs along x and along y (item_order.h).
  std::vector<OrderCosts> orderCosts;
  // The function groups of one run (the only region) over
  // packetWidth consecutive groups at once (group_packets.cpp; one lane: a
  // copy kept apart from the work-item loops' scalariser), or null.
  llvm::Function *packet = nullptr;
  unsigned packetWidth = 0;
  // Per region (as `functions`): a packet of regionPacketWidths[i]
  // consecutive work-items of a row (region_packets.cpp), or null.
  std::vector<llvm::Function *> regionPackets;
  std::vector<unsigned> regionPacketWidths;
  // Per region: for a packet whose lanes are one sub-group, its twin with
  // the lanes past the row off (sub_group_lanes.h), which runs a row's
  // last, narrower sub-group; else null.
  std::vector<llvm::Function *> subGroupTails;
};

/// True for the mangled names of barrier and work_group_barrier.
bool isBarrierFunctionName(llvm::StringRef name);

/// True for a call of barrier or work_group_barrier.
bool isBarrierCall(const llvm::Instruction &inst);

/// Step 3. Consumes `body` (it is erased). With `orderExtents`, also
/// estimates each region's order costs (Regions::orderCosts).
Regions formBarrierRegions(llvm::Function &body, const ItemExtents *orderExtents = nullptr);

/// Step 4. Emits `<kernel name>.wg` and returns it.
llvm::Function *buildWorkGroupFunction(llvm::Function &kernel, const Regions &regions,
                                       const KernelDesc &desc);

/// Name of the work-group function of `kernelName`.
std::string workGroupFunctionName(const std::string &kernelName);

/// The body functions KernelBodyPass made, and the kernel of each.
std::vector<llvm::Function *> kernelBodies(llvm::Module &module);
llvm::Function *kernelOfBody(llvm::Function &body);

} // namespace corecl::compiler
