// clEnqueueNDRangeKernel and clEnqueueTask: validation, the local size
// CoreCL picks when the application leaves it to the driver, and the
// command that runs the work-group function over the range.
#include "runtime/clock.h"
#include "runtime/launch_timing.h"
#include "runtime/ndrange.h"
#include "runtime/printf_buffer.h"
#include "src/api_util.h"
#include "src/enqueue_util.h"
#include "src/objects/device_launch.h"
#include "src/objects/kernel.h"
#include "src/objects/launch_run.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>
#include <vector>

using namespace corecl;

namespace {

cl_int validateLocalSize(const char *entry, const Kernel &kernel, const compiler::KernelCode &code,
                         cl_uint dims, const size_t *global, const size_t *local, bool nonUniform) {
  const compiler::KernelDesc &desc = kernel.desc();
  size_t total = 1;
  for (cl_uint d = 0; d < dims; ++d) {
    if (local[d] == 0)
      return apiError(entry, CL_INVALID_WORK_GROUP_SIZE, "local_work_size[%u] is 0", d);
    if (local[d] > Device::kMaxWorkGroupSize)
      return apiError(entry, CL_INVALID_WORK_ITEM_SIZE,
                      "local_work_size[%u] %zu is above CL_DEVICE_MAX_WORK_ITEM_SIZES' %zu", d,
                      local[d], size_t(Device::kMaxWorkGroupSize));
    if (!nonUniform && global[d] % local[d] != 0)
      return apiError(entry, CL_INVALID_WORK_GROUP_SIZE,
                      "local_work_size[%u] %zu does not divide global_work_size[%u] %zu, and the "
                      "program's work-groups must be uniform (OpenCL C below 2.0, or "
                      "-cl-uniform-work-group-size)",
                      d, local[d], d, global[d]);
    total *= local[d];
  }
  if (total > Kernel::maxWorkGroupSizeOf(code))
    return apiError(entry, CL_INVALID_WORK_GROUP_SIZE,
                    "%zu work-items per group, above the kernel's CL_KERNEL_WORK_GROUP_SIZE %zu",
                    total, Kernel::maxWorkGroupSizeOf(code));
  if (desc.reqdWorkGroupSize[0])
    for (cl_uint d = 0; d < 3; ++d)
      if ((d < dims ? local[d] : 1) != desc.reqdWorkGroupSize[d])
        return apiError(entry, CL_INVALID_WORK_GROUP_SIZE,
                        "the kernel requires work-groups of %llu x %llu x %llu "
                        "(reqd_work_group_size); dimension %u is %zu",
                        (unsigned long long)desc.reqdWorkGroupSize[0],
                        (unsigned long long)desc.reqdWorkGroupSize[1],
                        (unsigned long long)desc.reqdWorkGroupSize[2], d,
                        d < dims ? local[d] : size_t(1));
  return CL_SUCCESS;
}

// The most work-items one launch may have (exclusive).
constexpr uint64_t kMaxWorkItems = uint64_t(1) << 63;

/// Whether launches pick second executables built on first use (group
/// packets, narrower vectors): not when CORECL_PACKET_WIDTH is set, which
/// decides for every build then.
bool secondExecutablesOnDemand() {
  static const bool onDemand = std::getenv("CORECL_PACKET_WIDTH") == nullptr;
  return onDemand;
}

/// A launch with one work-item per group and enough groups in a row for
/// packets to pay their one-time build (compiler::buildWithGroupPackets).
bool groupsOfOneWorthPackets(const rt::NDRange &range) {
  for (cl_uint d = 0; d < 3; ++d)
    if (range.localSize[d] != 1)
      return false;
  return secondExecutablesOnDemand() && range.globalSize[0] >= 64;
}

/// The vector bytes that fit a launch's rows of work-items (4-byte lanes,
/// four at least), if fewer than the kernel's packets fill: such rows
/// would run lane by lane (an application's 8 x 8 groups, packets of 16
/// floats with AVX-512), and an executable compiled for narrower vectors
/// runs them as packets (compiler::buildWithNarrowerVectors). 0 where the
/// rows are wide enough or the kernel requires its size (its packets fit
/// its rows already).
uint32_t narrowerVectorBytes(const compiler::KernelDesc &desc, const compiler::KernelCode &code,
                             const rt::NDRange &range) {
  const size_t row = range.localSize[0];
  if (!secondExecutablesOnDemand() || desc.reqdWorkGroupSize[0] || row < 4 ||
      row >= code.vectorWidth)
    return 0;
  return uint32_t(4 * std::bit_floor(row));
}

/// One launch in flight. The executable stays alive with the command even
/// if the kernel and program are released right after the enqueue.
struct LaunchState {
  Kernel::Launch launch;
  std::shared_ptr<compiler::Executable> exe;
  corecl_wg_fn entry = nullptr;
  rt::NDRange range;
  bool prints = false;
  std::shared_ptr<rt::LaunchTiming> timing;
  uint64_t workItems = 0;
  /// For a kernel that enqueues kernels (device-side enqueue).
  std::shared_ptr<const LaunchFamily> family;

  cl_int run() {
    // The cost measured by now (a recorded command-buffer launch runs long
    // after it was described): it decides whether the groups need a
    // parallel algorithm at all.
    rt::NDRange now = range;
    now.nsPerKiloItems = timing->nsPerKiloItems();
    rt::Command *owner = rt::Command::running();
    if (!family || !owner)
      return runLaunch(entry, launch.args(), now, prints, timing.get(), workItems);
    // What the groups enqueue is committed when they have all run, and
    // this command completes when that has (device_launch.h).
    DeviceLaunch device(family, *owner);
    device.attach(now);
    return runLaunch(entry, launch.args(), now, prints, timing.get(), workItems);
  }
};

/// The state of the wait list's events: whether all have finished, and
/// whether one of them failed.
struct WaitListState {
  bool allFinished = true;
  bool anyFailed = false;
};
WaitListState waitListState(cl_uint count, const cl_event *list) {
  WaitListState state;
  for (cl_uint i = 0; i < count; ++i) {
    int s = Event::fromHandle(list[i])->status();
    state.allFinished &= s <= CL_COMPLETE;
    state.anyFailed |= s < 0;
  }
  return state;
}

/// Checks the global range: every offset + size within SIZE_MAX, fewer
/// than 2^63 work-items. Sets *empty for a NULL or zero global size
/// (OpenCL 2.1+: a command that only completes once its wait list has).
cl_int validateGlobalRange(const char *entry, cl_uint dims, const size_t *offset,
                           const size_t *global, bool *empty) {
  *empty = global == nullptr;
  uint64_t totalWorkItems = 1;
  for (cl_uint d = 0; d < dims && !*empty; ++d) {
    *empty |= global[d] == 0;
    size_t start = offset ? offset[d] : 0;
    if (global[d] > std::numeric_limits<size_t>::max() - start)
      return apiError(entry, CL_INVALID_GLOBAL_OFFSET,
                      "global_work_offset[%u] + global_work_size[%u] exceeds SIZE_MAX", d, d);
    // CoreCL counts work-items and work-groups in 64 bits with room to
    // spare: a range of 2^63 work-items or more is refused, not wrapped
    // to nothing (docs/conformance.md, limits).
    if (__builtin_mul_overflow(totalWorkItems, uint64_t(global[d]), &totalWorkItems) ||
        totalWorkItems >= kMaxWorkItems)
      return apiError(entry, CL_INVALID_GLOBAL_WORK_SIZE, "2^63 work-items or more in the range");
  }
  return CL_SUCCESS;
}

/// The work-group size of a launch: the application's (`given`), checked,
/// or one CoreCL chooses.
cl_int resolveLocalSize(const char *entry, const Kernel &k, const compiler::KernelCode &code,
                        cl_uint dims, const size_t *global, const size_t *given, size_t local[3]) {
  bool nonUniform = k.program().nonUniformWorkGroups();
  if (given) {
    std::copy(given, given + dims, local);
    return validateLocalSize(entry, k, code, dims, global, local, nonUniform);
  }
  chooseLocalSize(k.desc(), code, dims, global, nonUniform, local);
  // A required size is the only one allowed, chosen or given: it must fit
  // the range's dimensions and, in uniform programs, divide it.
  if (k.desc().reqdWorkGroupSize[0])
    return validateLocalSize(entry, k, code, dims, global, local, nonUniform);
  return CL_SUCCESS;
}

/// Refuses a launch whose __local or private memory exceeds the limits.
cl_int checkMemoryLimits(const char *entry, const Kernel &k, const compiler::KernelCode &code,
                         const Kernel::Launch &launch, const size_t local[3]) {
  // The limit counts what the kernel asked for; the arena adds the
  // alignment padding on top (at most 127 bytes per argument).
  if (launch.localMemRequested > Device::kLocalMemSize)
    return apiError(entry, CL_OUT_OF_RESOURCES,
                    "%llu bytes of __local memory (variables and arguments), above "
                    "CL_DEVICE_LOCAL_MEM_SIZE %llu",
                    (unsigned long long)launch.localMemRequested,
                    (unsigned long long)Device::kLocalMemSize);
  // Private arrays stay on the worker's stack where a group is one
  // work-item (the body run as it is, or packets of such groups) or the
  // kernel has no barrier; with barriers they move to per-work-item
  // storage, bounded by the work-group size limit instead.
  const bool privateOnStack = local[0] * local[1] * local[2] == 1 || !code.hasBarriers;
  if (privateOnStack && k.desc().privateMemSize > Device::kMaxPrivateMemSize)
    return apiError(entry, CL_OUT_OF_RESOURCES, // docs/conformance.md, "Limits"
                    "%llu bytes of private memory per work-item, above CoreCL's %llu",
                    (unsigned long long)k.desc().privateMemSize,
                    (unsigned long long)Device::kMaxPrivateMemSize);
  return CL_SUCCESS;
}

/// The range the runtime runs (sizes of 1 where the range is empty).
rt::NDRange describeRange(const Kernel &k, const compiler::KernelCode &code,
                          const Kernel::Launch &launch, cl_uint dims, const size_t *offset,
                          const size_t *global, const size_t local[3], bool empty) {
  rt::NDRange range;
  range.workDim = dims;
  for (cl_uint d = 0; d < dims && !empty; ++d) {
    range.globalSize[d] = global[d];
    range.globalOffset[d] = offset ? offset[d] : 0;
    range.localSize[d] = local[d];
  }
  range.localMemBytes = launch.localMemBytes;
  range.wiStoragePerItem = code.wiStoragePerItem;
  const uint64_t row = range.localSize[0], rest = range.globalSize[0] % row;
  range.subGroupWidth = Kernel::subGroupWidthOf(code, row, rest ? rest : row,
                                                range.localSize[1] * range.localSize[2]);
  range.nsPerKiloItems = k.timing()->nsPerKiloItems();
  return range;
}

/// The code a launch runs: its work-group function and the executable
/// that holds it.
struct LaunchCode {
  corecl_wg_fn entry;
  std::shared_ptr<compiler::Executable> exe;
  bool prints = false; // the kernel calls printf
};

/// The kernel's own code, or a second executable built on first use
/// that suits the range better: group packets where groups are one
/// work-item (hashcat's launches), narrower vectors where rows are
/// shorter than the kernel's packets.
LaunchCode chooseCode(Kernel &k, const compiler::KernelCode &own, const rt::NDRange &range,
                      const Device &device) {
  LaunchCode code{own.entry, k.executable(), own.usesPrintf};
  // Program-scope variables are per device, in each device's executable
  // (entry null if its code could not be generated).
  if (k.program().sharesGlobalVariables()) {
    std::shared_ptr<compiler::Executable> mine = k.program().executableFor(device);
    if (!mine)
      throw std::bad_alloc(); // loading the code again failed for lack of memory
    return {mine->entry(k.index()), std::move(mine), own.usesPrintf};
  }
  // A second executable whose code cannot be generated leaves the launch
  // to the kernel's own code.
  if (groupsOfOneWorthPackets(range))
    if (std::shared_ptr<compiler::Executable> packets = k.program().groupPacketExecutable())
      if (corecl_wg_fn entry = packets->entry(k.index()))
        code = {entry, std::move(packets), own.usesPrintf};
  // Sub-groups of more than one work-item are packets of the kernel's own
  // executable (a narrower one has narrower packets).
  bool ownPackets = own.readsSubGroupLanes && range.subGroupWidth > 1;
  if (uint32_t bytes = ownPackets ? 0 : narrowerVectorBytes(k.desc(), own, range))
    if (std::shared_ptr<compiler::Executable> narrower = k.program().narrowerExecutable(bytes))
      if (corecl_wg_fn entry = narrower->entry(k.index()))
        code = {entry, std::move(narrower), own.usesPrintf};
  return code;
}

/// Runs a launch nobody can wait on or ask about right now, on the calling
/// thread, without a command, if the queue is idle and the wait list done.
/// (Only a range that starts no parallel algorithm: the queue is locked
/// meanwhile, and a thread waiting in one may pick up other tasks.)
/// Returns whether it ran; *result is then the launch's outcome.
bool runWithoutCommand(CommandQueue &q, Kernel &k, const LaunchCode &code,
                       const Kernel::Launch &launch, const rt::NDRange &range, uint64_t workItems,
                       cl_uint numEvents, const cl_event *waitList, cl_int *result) {
  WaitListState deps = waitListState(numEvents, waitList);
  if (!deps.allFinished)
    return false;
  *result = CL_SUCCESS;
  return q.runNowIfIdle([&] {
    // A failed wait-list event fails the command: it never runs.
    if (deps.anyFailed)
      return;
    try {
      rt::LaunchTiming &timing = *k.timing();
      *result = runLaunch(code.entry, launch.args(), range, code.prints,
                          timing.shouldTime(workItems) ? &timing : nullptr, workItems);
    } catch (const std::bad_alloc &) {
      *result = CL_OUT_OF_HOST_MEMORY;
    } catch (...) {
      *result = CL_OUT_OF_RESOURCES;
    }
  });
}

/// The command's work: everything it needs in one allocation, so the
/// closure holds only the pointer, which fits std::function's inline
/// storage.
Event::Work launchWork(const Kernel &k, const CommandQueue &q, LaunchCode code,
                       Kernel::Launch launch, const rt::NDRange &range, uint64_t workItems) {
  auto state = std::make_shared<LaunchState>();
  if (k.desc().usesDeviceEnqueue) {
    auto family = std::make_shared<LaunchFamily>();
    family->exe = code.exe;
    family->device = Ref<Device>(&q.device());
    family->defaultQueue = q.context().defaultDeviceQueue(q.device());
    family->nonUniformWorkGroups = k.program().nonUniformWorkGroups();
    state->family = std::move(family);
  }
  launch.holdBuffers(); // the command may run after the call returns
  state->launch = std::move(launch);
  state->exe = std::move(code.exe);
  state->entry = code.entry;
  state->range = range;
  state->prints = code.prints;
  state->timing = k.timing();
  state->workItems = workItems;
  return [state] { return state->run(); };
}

cl_int enqueueKernel(cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
                     const size_t *global_work_offset, const size_t *global_work_size,
                     const size_t *local_work_size, cl_uint num_events_in_wait_list,
                     const cl_event *event_wait_list, cl_event *event, cl_command_type type) {
  const char *entry = type == CL_COMMAND_TASK ? "clEnqueueTask" : "clEnqueueNDRangeKernel";
  CommandQueue *q;
  Kernel *k;
  if (cl_int err = resolve(command_queue, q, entry))
    return err;
  if (cl_int err = resolve(kernel, k, entry))
    return err;
  if (&k->context() != &q->context())
    return apiError(entry, CL_INVALID_CONTEXT, "the kernel's context is not the command queue's");
  if (!k->builtFor(q->device()))
    return apiError(entry, CL_INVALID_PROGRAM_EXECUTABLE,
                    "the kernel's program has no executable for the queue's device");
  if (work_dim < 1 || work_dim > 3)
    return apiError(entry, CL_INVALID_WORK_DIMENSION, "work_dim %u is not 1, 2 or 3", work_dim);
  if (cl_int err = validateWaitList(q->context(), num_events_in_wait_list, event_wait_list, entry))
    return err;
  bool empty = false;
  if (cl_int err =
          validateGlobalRange(entry, work_dim, global_work_offset, global_work_size, &empty))
    return err;

  return guarded([&]() -> cl_int {
    // What work-group formation decided for the kernel: its code comes
    // once the launch has chosen which code runs (a launch whose rows are
    // narrower than the kernel's packets runs a narrower executable's,
    // and the kernel's own need not be generated for it).
    const compiler::KernelCode *own;
    if (cl_int err = k->formedCode(entry, own))
      return err;
    // The arguments as they are now (CL_INVALID_KERNEL_ARGS if one is unset).
    Kernel::Launch launch;
    std::string why;
    if (cl_int err = k->snapshot(*own, launch, &why))
      return apiError(entry, err, "%s", why.c_str());
    size_t local[3] = {1, 1, 1};
    if (!empty)
      if (cl_int err =
              resolveLocalSize(entry, *k, *own, work_dim, global_work_size, local_work_size, local))
        return err;
    if (cl_int err = checkMemoryLimits(entry, *k, *own, launch, local))
      return err;
    rt::NDRange range = describeRange(*k, *own, launch, work_dim, global_work_offset,
                                      global_work_size, local, empty);
    const uint64_t workItems = range.globalSize[0] * range.globalSize[1] * range.globalSize[2];
    LaunchCode code = empty ? LaunchCode{own->entry, k->executable(), own->usesPrintf}
                            : chooseCode(*k, *own, range, q->device());
    if (!empty && !code.entry && code.exe == k->executable()) {
      // The kernel's own code runs: generated on its first such launch.
      const compiler::KernelCode *generated;
      if (cl_int err = k->generatedCode(entry, generated))
        return err;
      code.entry = generated->entry;
    }
    if (!empty && !code.entry)
      return apiError(entry, CL_OUT_OF_RESOURCES,
                      "the code of kernel '%s' for this device could not be generated",
                      k->desc().name.c_str());
    // Shorter than handing the launch to a worker: it runs on this thread.
    const bool runInline = !empty && k->timing()->predictsShorterThan(workItems) &&
                           k->desc().privateMemSize <= Device::kMaxInlinePrivateMemSize;
    // A kernel that enqueues kernels needs a command: its children hold
    // the command's completion.
    if (runInline && !event && !q->profiling() && rt::runsOnCallingThread(range) &&
        !k->desc().usesDeviceEnqueue) {
      cl_int result;
      if (runWithoutCommand(*q, *k, code, launch, range, workItems, num_events_in_wait_list,
                            event_wait_list, &result)) {
        // As for a command that fails while running: the enqueue itself
        // succeeded, the context's callback hears of the failure.
        if (result < 0)
          reportCommandFailure(q->context(), type, result);
        return CL_SUCCESS;
      }
    }
    Event::Work work;
    if (!empty)
      work = launchWork(*k, *q, std::move(code), std::move(launch), range, workItems);
    Event *e = q->enqueue(type, std::move(work), num_events_in_wait_list, event_wait_list,
                          CommandQueue::Ordering::Normal, runInline);
    return completeEnqueue(e, event, false);
  });
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(
    cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size,
    const size_t *local_work_size, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return enqueueKernel(command_queue, kernel, work_dim, global_work_offset, global_work_size,
                       local_work_size, num_events_in_wait_list, event_wait_list, event,
                       CL_COMMAND_NDRANGE_KERNEL);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue, cl_kernel kernel,
                                              cl_uint num_events_in_wait_list,
                                              const cl_event *event_wait_list, cl_event *event) {
  const size_t one = 1;
  return enqueueKernel(command_queue, kernel, 1, nullptr, &one, &one, num_events_in_wait_list,
                       event_wait_list, event, CL_COMMAND_TASK);
}

} // extern "C"
