// Runs a compiled kernel over an NDRange: a tbb::parallel_for over the
// linear work-group index, each task calling the work-group function for a
// slice of consecutive groups with this worker's scratch memory.
#pragma once
#include "corecl/device_enqueue_abi.h"
#include "corecl/kernel_abi.h"

#include <cstddef>
#include <cstdint>

namespace corecl::rt {

struct NDRange {
  uint32_t workDim = 1;
  uint64_t globalSize[3] = {1, 1, 1};
  uint64_t globalOffset[3] = {0, 0, 0};
  uint64_t localSize[3] = {1, 1, 1}; // enqueued local size
  uint64_t localMemBytes = 0;        // static __local variables + __local arguments
  uint64_t wiStoragePerItem = 0;     // per work-item bytes live across barriers
  uint64_t nsPerKiloItems = 0;       // measured cost (launch_timing.h), 0 if unknown
  char *printfBuffer = nullptr;      // runtime/printf_buffer.h; null if the kernel never prints
  uint64_t printfCapacity = 0;
  uint32_t subGroupWidth = 1; // work-items per sub-group (kernel_abi.h)
  // Device-side enqueue (corecl_wg_ctx's fields of the same names).
  const corecl_device_services *deviceServices = nullptr;
  void *deviceLaunch = nullptr;
  void *defaultQueue = nullptr;
};

/// Whether runNDRange runs `range` on the calling thread alone (a small
/// range), starting no parallel algorithm: no task of any arena can then
/// run on the calling thread while it waits.
bool runsOnCallingThread(const NDRange &range);

/// Runs every work-group; blocks until done. Must be called on a thread of
/// the arena the work should use (a command's worker).
void runNDRange(corecl_wg_fn entry, const void *args, const NDRange &range);

} // namespace corecl::rt
