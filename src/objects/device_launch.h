// Device-side enqueue (OpenCL C 2.0's enqueue_kernel, enqueue_marker and
// clk_event_t): what a running kernel asks for through the launch context
// (include/corecl/device_enqueue_abi.h) becomes commands in the device's
// dependency graph (runtime/command.h), run by the same executor as the
// host's commands.
//
// Every launch that may enqueue runs with a DeviceLaunch. What its
// work-items enqueue is collected while its groups run and committed once
// they all have: a child never starts before its parent has executed,
// which is what CLK_ENQUEUE_FLAGS_WAIT_KERNEL asks and what
// WAIT_WORK_GROUP and NO_WAIT allow. Each child holds its parent's
// completion (rt::Command::holdCompletion), so the parent's event (the
// host's, or a clk_event_t) completes only when every command it
// enqueued has, recursively. A child runs its block's kernel from the
// parent's executable, with the block literal copied at the enqueue.
#pragma once
#include "compiler/compiler.h"
#include "corecl/device_enqueue_abi.h"
#include "runtime/command.h"
#include "runtime/ndrange.h"
#include "src/objects/object.h"

#include <memory>
#include <mutex>
#include <vector>

namespace corecl {

class CommandQueue;
class Device;
class DeviceCommand;

/// What a host launch and everything enqueued from it share: the code (a
/// block's kernel is in the executable of the kernel that enqueues it) and
/// where it all runs.
struct LaunchFamily {
  std::shared_ptr<compiler::Executable> exe;
  Ref<Device> device;
  Ref<CommandQueue> defaultQueue; // get_default_queue(); may be null
  bool nonUniformWorkGroups = true;
};

/// The device-side requests of one launch while it runs.
class DeviceLaunch {
public:
  /// `owner`: the command whose work the launch is; what the launch
  /// enqueues holds its completion.
  DeviceLaunch(std::shared_ptr<const LaunchFamily> family, rt::Command &owner);
  /// Commits what was not committed yet (a launch that threw).
  ~DeviceLaunch();
  DeviceLaunch(const DeviceLaunch &) = delete;
  DeviceLaunch &operator=(const DeviceLaunch &) = delete;

  /// Points the range's device-enqueue fields (the launch context's) here.
  void attach(rt::NDRange &range);
  /// After every group has run: hands what they enqueued to the executor.
  void commitChildren();

  // The services of device_enqueue_abi.h; each returns a CLK_* code.
  int32_t enqueueKernel(const corecl_enqueue_request &request);
  int32_t enqueueMarker(void *queue, uint32_t numEvents, void *const *events, void **eventRet);
  uint64_t blockKernelQuery(const char *kernelName, uint32_t what, const corecl_ndrange *range);

private:
  /// Links a new command (holding one reference, ours) to its wait list,
  /// its queue's room and this launch's owner, and keeps it for
  /// commitChildren; releases it on failure.
  int32_t adopt(DeviceCommand *command, CommandQueue &queue, uint32_t numEvents,
                void *const *events, void **eventRet);

  std::shared_ptr<const LaunchFamily> family_;
  rt::Command &owner_;
  std::mutex mutex_;
  std::vector<DeviceCommand *> children_; // each with the reference adopt took
};

/// The table a launch context points to.
const corecl_device_services &deviceServices();

} // namespace corecl
