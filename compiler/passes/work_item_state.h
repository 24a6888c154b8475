// The extra parameters CoreCL appends to a kernel body when it turns the
// kernel into work-group code. Work-item functions (get_local_id, ...) are
// rewritten to read these instead of calling anything.
#pragma once

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace corecl::compiler {

/// SPIR's address space of __local memory (the kernel IR's numbering).
constexpr unsigned kLocalAddressSpace = 3;

/// Positions, after the kernel's own parameters, of the appended ones.
struct WorkItemParams {
  unsigned firstExtra; // index of `ctx`
  // Order: ctx, group id x/y/z, local id x/y/z, local size x/y/z, and the
  // base of the group's per-work-item storage (barrier_regions.cpp).
  static constexpr unsigned kCount = 11;
  unsigned ctx() const { return firstExtra; }
  unsigned groupId(unsigned d) const { return firstExtra + 1 + d; }
  unsigned localId(unsigned d) const { return firstExtra + 4 + d; }
  unsigned localSize(unsigned d) const { return firstExtra + 7 + d; }
  unsigned wiBase() const { return firstExtra + 10; }
};

/// Field indices of corecl_wg_ctx (include/corecl/kernel_abi.h) as an LLVM
/// struct: { [3 x i64] global_size, [3 x i64] global_offset,
///           [3 x i64] local_size, [3 x i64] num_groups, i64 group_begin,
///           i64 group_end, i32 work_dim, i32 sub_group_width, ptr local_arena,
///           ptr wi_storage, ptr printf_buffer, i64 printf_capacity,
///           i64 local_arena_size, i64 wi_storage_size, ptr private_low,
///           ptr private_high, ptr group_scratch }
namespace ctxfield {
enum : unsigned {
  GlobalSize = 0,
  GlobalOffset,
  LocalSize,
  NumGroups,
  GroupBegin,
  GroupEnd,
  WorkDim,
  SubGroupWidth,
  LocalArena,
  WiStorage,
  PrintfBuffer,
  PrintfCapacity,
  LocalArenaSize,
  WiStorageSize,
  PrivateLow,
  PrivateHigh,
  GroupScratch,
  DeviceServices,
  DeviceLaunch,
  DefaultQueue,
};
} // namespace ctxfield

/// Metadata on the load of the launch's sub-group width
/// (corecl_wg_ctx.sub_group_width): a packet whose lanes are one sub-group
/// knows its value (sub_group_lanes.cpp).
inline constexpr const char *kSubGroupWidthLoad = "corecl.sub_group_width";

} // namespace corecl::compiler
