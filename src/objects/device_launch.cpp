#include "src/objects/device_launch.h"

#include "runtime/aligned_memory.h"
#include "src/objects/device.h"
#include "src/objects/kernel.h"
#include "src/objects/launch_run.h"
#include "src/objects/queue.h"

#include <CL/cl.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <new>
#include <vector>

namespace corecl {
namespace {

// OpenCL C's return codes (opencl-c-base.h), which no host header has.
constexpr int32_t kClkSuccess = 0;
constexpr int32_t kClkEnqueueFailure = -101;
constexpr int32_t kClkInvalidQueue = -102;
constexpr int32_t kClkInvalidNdrange = -160;
constexpr int32_t kClkInvalidEventWaitList = -57;
constexpr int32_t kClkDeviceQueueFull = -161;
constexpr int32_t kClkInvalidArgSize = -51;
constexpr int32_t kClkOutOfResources = -5;
constexpr int32_t kClkProfilingCommandExecTime = 1;

uint64_t roundUp128(uint64_t n) {
  return (n + 127) / 128 * 128;
}

/// The on-device queue a queue_t names, or null.
CommandQueue *deviceQueue(void *handle) {
  CommandQueue *q = CommandQueue::fromHandle(static_cast<cl_command_queue>(handle));
  return q && q->onDevice() ? q : nullptr;
}

/// Gives back a child's hold on `parent`'s completion. The last one
/// finishes the parent, whose own finish gives back its hold on its
/// parent, and so on up a chain of launches that may be millions deep (a
/// kernel that enqueues its next step): done as a loop on this thread, not
/// as a recursion that would run off the stack.
void releaseParent(rt::Command *parent) {
  // A pointer, constant-initialised: no allocation on a thread's first use.
  thread_local std::vector<rt::Command *> *cascade = nullptr;
  if (cascade) { // inside the loop below: it takes this one next
    cascade->push_back(parent);
    return;
  }
  std::vector<rt::Command *> pending{parent};
  cascade = &pending;
  while (!pending.empty()) {
    rt::Command *next = pending.back();
    pending.pop_back();
    next->releaseCompletion(); // may finish it, which may push its parent
    next->releaseCommand();
  }
  cascade = nullptr;
}

/// The index of kernel `name` in `exe`, or -1.
long kernelIndex(const compiler::Executable &exe, const char *name) {
  const std::vector<compiler::KernelDesc> &kernels = exe.kernels();
  for (size_t i = 0; i < kernels.size(); ++i)
    if (kernels[i].name == name)
      return long(i);
  return -1;
}

/// The code of kernel `index` of `exe`, generated if need be (a block's
/// kernel is first needed here); nullptr if that failed. Called from
/// compiled kernels, so nothing may throw: lack of memory is a failure too.
const compiler::KernelCode *codeOf(const compiler::Executable &exe, size_t index) noexcept {
  try {
    return exe.code(index);
  } catch (...) {
    return nullptr;
  }
}

} // namespace

/// A command enqueued from the device: a block's kernel over a range, a
/// marker (no work), or a user event (never runs; set_user_event_status
/// finishes it). Its address is the clk_event_t the kernel sees.
class DeviceCommand final : public rt::Command {
public:
  enum class Kind { Kernel, Marker, User };

  DeviceCommand(Kind kind, std::shared_ptr<const LaunchFamily> family)
      : kind_(kind), family_(std::move(family)) {}

  static DeviceCommand *fromHandle(void *handle) {
    auto *c = static_cast<DeviceCommand *>(handle);
    return c && c->magic_ == kMagic ? c : nullptr;
  }

  void retainCommand() override { refs_.fetch_add(1, std::memory_order_relaxed); }
  void releaseCommand() override {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }

  Kind kind() const { return kind_; }

  /// What a Kernel command runs.
  struct Work {
    using Aligned = std::unique_ptr<char, decltype(&rt::freeAligned)>;
    size_t index = 0;
    Aligned block{nullptr, &rt::freeAligned}; // the literal's copy (128-byte aligned)
    Aligned args{nullptr, &rt::freeAligned};  // the args block
    rt::NDRange range;
  };
  void setWork(std::unique_ptr<Work> work) { work_ = std::move(work); }

  /// Its completion holds `parent`'s, and it takes a place in `queue`.
  void setParent(rt::Command &parent, CommandQueue &queue) {
    parent.retainCommand();
    parent.holdCompletion();
    parent_ = &parent;
    queue_ = Ref<CommandQueue>(&queue);
  }

  /// capture_event_profiling_info: the two times are written at `out`
  /// when the command completes (at once if it has).
  void captureProfiling(void *out) {
    std::lock_guard lock(profilingMutex_);
    if (finished())
      writeProfiling(out);
    else
      profilingOut_ = out;
  }

private:
  static constexpr uint64_t kMagic = 0x636c6b4576656e74; // "clkEvent"

  ~DeviceCommand() override { magic_ = 0; }

  int execute() override {
    if (kind_ != Kind::Kernel)
      return CL_SUCCESS;
    // Generated when the command was enqueued.
    const compiler::KernelCode &code = *family_->exe->code(work_->index);
    DeviceLaunch launch(family_, *this);
    rt::NDRange range = work_->range;
    launch.attach(range);
    cl_int result;
    try {
      result = runLaunch(code.entry, work_->args.get(), range, code.usesPrintf, nullptr, 0);
    } catch (const std::bad_alloc &) {
      result = CL_OUT_OF_HOST_MEMORY;
    } catch (...) {
      result = CL_OUT_OF_RESOURCES;
    }
    // The block's copy and the args are done with, though the command
    // lives on until its children complete (a chain a million deep holds a
    // million commands).
    work_.reset();
    return result;
  }

  void onStatus(int newStatus) override {
    if (newStatus > rt::status::kComplete)
      return;
    {
      std::lock_guard lock(profilingMutex_);
      if (profilingOut_)
        writeProfiling(profilingOut_);
      profilingOut_ = nullptr;
    }
    if (queue_)
      queue_->giveDeviceSlot();
    if (rt::Command *parent = std::exchange(parent_, nullptr))
      releaseParent(parent);
  }

  /// CLK_PROFILING_COMMAND_EXEC_TIME: end - start, then complete - start.
  void writeProfiling(void *out) const {
    uint64_t start = timestamp(rt::Stage::Started), ended = timestamp(rt::Stage::Ended);
    uint64_t executed = timestamp(rt::Stage::Executed);
    uint64_t times[2] = {(executed ? executed : ended) - start, ended - start};
    if (!start)
      times[0] = times[1] = 0; // it never ran (a marker that failed, a user event)
    std::memcpy(out, times, sizeof times);
  }

  uint64_t magic_ = kMagic;
  std::atomic<uint32_t> refs_{1};
  const Kind kind_;
  std::shared_ptr<const LaunchFamily> family_;
  std::unique_ptr<Work> work_;
  rt::Command *parent_ = nullptr;
  Ref<CommandQueue> queue_;
  std::mutex profilingMutex_;
  void *profilingOut_ = nullptr;
};

DeviceLaunch::DeviceLaunch(std::shared_ptr<const LaunchFamily> family, rt::Command &owner)
    : family_(std::move(family)), owner_(owner) {}

DeviceLaunch::~DeviceLaunch() {
  commitChildren();
}

void DeviceLaunch::attach(rt::NDRange &range) {
  range.deviceServices = &deviceServices();
  range.deviceLaunch = this;
  range.defaultQueue = family_->defaultQueue ? family_->defaultQueue->handle() : nullptr;
}

void DeviceLaunch::commitChildren() {
  std::vector<DeviceCommand *> children;
  {
    std::lock_guard lock(mutex_);
    children.swap(children_);
  }
  for (DeviceCommand *child : children) {
    child->commit(&family_->device->executor());
    child->releaseCommand(); // adopt's; the command holds itself while in flight
  }
}

int32_t DeviceLaunch::adopt(DeviceCommand *command, CommandQueue &queue, uint32_t numEvents,
                            void *const *events, void **eventRet) {
  auto fail = [&](int32_t code) {
    command->releaseCommand();
    return code;
  };
  if ((numEvents > 0) != (events != nullptr))
    return fail(kClkInvalidEventWaitList);
  for (uint32_t i = 0; i < numEvents; ++i)
    if (!DeviceCommand::fromHandle(events[i]))
      return fail(kClkInvalidEventWaitList);
  if (!queue.takeDeviceSlot())
    return fail(kClkDeviceQueueFull);
  for (uint32_t i = 0; i < numEvents; ++i)
    command->addDependency(*DeviceCommand::fromHandle(events[i]));
  command->setParent(owner_, queue);
  if (eventRet) {
    command->retainCommand(); // the kernel's, until release_event
    *eventRet = command;
  }
  std::lock_guard lock(mutex_);
  children_.push_back(command);
  return kClkSuccess;
}

int32_t DeviceLaunch::enqueueKernel(const corecl_enqueue_request &r) {
  CommandQueue *queue = deviceQueue(r.queue);
  if (!queue)
    return kClkInvalidQueue;
  const compiler::Executable &exe = *family_->exe;
  long index = kernelIndex(exe, r.kernel_name);
  if (index < 0 || !r.range || !r.block)
    return kClkEnqueueFailure;
  const compiler::KernelDesc &desc = exe.kernels()[index];
  const compiler::KernelCode *code = codeOf(exe, size_t(index));
  if (!code)
    return kClkOutOfResources;

  // The range: 1 to 3 dimensions of work; local sizes all given or none.
  const corecl_ndrange &nd = *r.range;
  if (nd.work_dim < 1 || nd.work_dim > 3)
    return kClkInvalidNdrange;
  size_t global[3] = {1, 1, 1}, local[3] = {1, 1, 1}, offset[3] = {0, 0, 0};
  bool localGiven = false, localMissing = false;
  uint64_t groupItems = 1;
  for (uint32_t d = 0; d < nd.work_dim; ++d) {
    global[d] = nd.global_size[d];
    offset[d] = nd.global_offset[d];
    local[d] = nd.local_size[d];
    if (global[d] == 0 || offset[d] + global[d] < offset[d])
      return kClkInvalidNdrange;
    (local[d] ? localGiven : localMissing) = true;
    groupItems *= std::max<uint64_t>(1, local[d]);
  }
  const size_t maxGroup = Kernel::maxWorkGroupSizeOf(*code);
  if (localGiven && localMissing)
    return kClkInvalidNdrange;
  if (localGiven) {
    if (groupItems > maxGroup)
      return kClkInvalidNdrange;
    for (uint32_t d = 0; d < nd.work_dim; ++d)
      if (!family_->nonUniformWorkGroups && global[d] % local[d])
        return kClkInvalidNdrange;
  } else {
    chooseLocalSize(desc, *code, nd.work_dim, global, family_->nonUniformWorkGroups, local);
  }

  // The arguments: the block's copy, then its __local pointers.
  if (desc.args.empty() || desc.args[0].kind != compiler::ArgKind::Buffer)
    return kClkEnqueueFailure;
  uint32_t localArgs = 0;
  for (size_t i = 1; i < desc.args.size(); ++i) {
    if (desc.args[i].kind != compiler::ArgKind::LocalPointer)
      return kClkEnqueueFailure;
    ++localArgs;
  }
  if (r.num_local_sizes != localArgs || (localArgs && !r.local_sizes))
    return kClkInvalidArgSize;
  auto work = std::make_unique<DeviceCommand::Work>();
  work->index = size_t(index);
  uint32_t blockSize;
  std::memcpy(&blockSize, r.block, sizeof blockSize); // the literal's first field
  if (blockSize < sizeof blockSize)
    return kClkEnqueueFailure;
  // Aligned as buffers are (the literal may hold any type).
  const size_t argsSize = std::max<uint32_t>(desc.argsBlockSize, 16);
  work->block.reset(static_cast<char *>(rt::allocateAligned(blockSize)));
  work->args.reset(static_cast<char *>(rt::allocateAligned(argsSize)));
  if (!work->block || !work->args)
    return kClkOutOfResources;
  char *block = work->block.get(), *args = work->args.get();
  std::memcpy(block, r.block, blockSize);
  std::memset(args, 0, argsSize);
  std::memcpy(args + desc.args[0].offset, &block, sizeof block);
  uint64_t localOffset = roundUp128(code->staticLocalMemSize);
  uint64_t localRequested = code->staticLocalMemSize;
  for (uint32_t i = 0; i < localArgs; ++i) {
    uint64_t size = r.local_sizes[i];
    if (size == 0)
      return kClkInvalidArgSize;
    if (size > Device::kLocalMemSize)
      return kClkOutOfResources;
    std::memcpy(args + desc.args[i + 1].offset, &localOffset, sizeof localOffset);
    localOffset += roundUp128(size);
    localRequested += size;
  }
  if (localRequested > Device::kLocalMemSize)
    return kClkOutOfResources;

  rt::NDRange &range = work->range;
  range.workDim = nd.work_dim;
  for (int d = 0; d < 3; ++d) {
    range.globalSize[d] = global[d];
    range.globalOffset[d] = offset[d];
    range.localSize[d] = local[d];
  }
  range.localMemBytes = localOffset;
  range.wiStoragePerItem = code->wiStoragePerItem;
  const uint64_t row = local[0], rest = global[0] % row;
  range.subGroupWidth = Kernel::subGroupWidthOf(*code, row, rest ? rest : row, local[1] * local[2]);

  auto *command = new DeviceCommand(DeviceCommand::Kind::Kernel, family_);
  command->setWork(std::move(work));
  return adopt(command, *queue, r.num_events, r.events, r.event_ret);
}

int32_t DeviceLaunch::enqueueMarker(void *queueHandle, uint32_t numEvents, void *const *events,
                                    void **eventRet) {
  CommandQueue *queue = deviceQueue(queueHandle);
  if (!queue)
    return kClkInvalidQueue;
  if (numEvents == 0 || !events)
    return kClkInvalidEventWaitList; // a marker waits for its list
  return adopt(new DeviceCommand(DeviceCommand::Kind::Marker, family_), *queue, numEvents, events,
               eventRet);
}

uint64_t DeviceLaunch::blockKernelQuery(const char *kernelName, uint32_t what,
                                        const corecl_ndrange *range) {
  const compiler::Executable &exe = *family_->exe;
  long index = kernelIndex(exe, kernelName);
  if (index < 0)
    return 0;
  const compiler::KernelDesc &desc = exe.kernels()[index];
  const compiler::KernelCode *code = codeOf(exe, size_t(index));
  if (!code)
    return 0;
  switch (what) {
  case CORECL_BLOCK_WORK_GROUP_SIZE:
    return Kernel::maxWorkGroupSizeOf(*code);
  case CORECL_BLOCK_PREFERRED_MULTIPLE:
    return code->vectorWidth;
  case CORECL_BLOCK_MAX_SUB_GROUP_SIZE:
  case CORECL_BLOCK_SUB_GROUP_COUNT: {
    if (!range || range->work_dim < 1 || range->work_dim > 3)
      return 0;
    size_t global[3] = {1, 1, 1}, local[3] = {1, 1, 1};
    bool given = true;
    for (uint32_t d = 0; d < range->work_dim; ++d) {
      global[d] = std::max<uint64_t>(1, range->global_size[d]);
      local[d] = range->local_size[d];
      given &= local[d] != 0;
    }
    if (!given) {
      std::fill(local, local + 3, 1);
      chooseLocalSize(desc, *code, range->work_dim, global, family_->nonUniformWorkGroups, local);
    }
    uint64_t width = Kernel::subGroupWidthOf(*code, local[0], local[0], local[1] * local[2]);
    if (what == CORECL_BLOCK_MAX_SUB_GROUP_SIZE)
      return width;
    return (local[0] + width - 1) / width * local[1] * local[2];
  }
  default:
    return 0;
  }
}

namespace {

// The table's functions: C calls from compiled kernels, so nothing may
// throw through them.

DeviceLaunch *launchOf(void *launch) {
  return static_cast<DeviceLaunch *>(launch);
}

int32_t enqueueKernelService(void *launch, const corecl_enqueue_request *request) {
  try {
    return launch && request ? launchOf(launch)->enqueueKernel(*request) : kClkEnqueueFailure;
  } catch (...) {
    return kClkOutOfResources;
  }
}

int32_t enqueueMarkerService(void *launch, void *queue, uint32_t numEvents, void *const *events,
                             void **eventRet) {
  try {
    return launch ? launchOf(launch)->enqueueMarker(queue, numEvents, events, eventRet)
                  : kClkEnqueueFailure;
  } catch (...) {
    return kClkOutOfResources;
  }
}

void *createUserEventService(void *) {
  auto *event = new (std::nothrow) DeviceCommand(DeviceCommand::Kind::User, nullptr);
  if (event)
    event->commit(nullptr); // no executor: it finishes when its status is set
  return event;
}

void retainEventService(void *event) {
  if (DeviceCommand *c = DeviceCommand::fromHandle(event))
    c->retainCommand();
}

void releaseEventService(void *event) {
  if (DeviceCommand *c = DeviceCommand::fromHandle(event))
    c->releaseCommand();
}

void setUserEventStatusService(void *event, int32_t status) {
  DeviceCommand *c = DeviceCommand::fromHandle(event);
  // CL_COMPLETE or an error; other values are not final (ignored).
  if (c && c->kind() == DeviceCommand::Kind::User && status <= CL_COMPLETE)
    c->finishExternally(status);
}

void captureProfilingService(void *event, int32_t name, void *value) {
  DeviceCommand *c = DeviceCommand::fromHandle(event);
  if (c && value && name == kClkProfilingCommandExecTime)
    c->captureProfiling(value);
}

uint64_t blockKernelQueryService(void *launch, const char *kernelName, uint32_t what,
                                 const corecl_ndrange *range) {
  try {
    return launch && kernelName ? launchOf(launch)->blockKernelQuery(kernelName, what, range) : 0;
  } catch (...) {
    return 0;
  }
}

} // namespace

const corecl_device_services &deviceServices() {
  static const corecl_device_services services = {
      enqueueKernelService,    enqueueMarkerService,    createUserEventService,
      retainEventService,      releaseEventService,     setUserEventStatusService,
      captureProfilingService, blockKernelQueryService,
  };
  return services;
}

} // namespace corecl
