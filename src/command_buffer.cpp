// cl_khr_command_buffer 0.9.8 and cl_khr_command_buffer_mutable_dispatch
// 0.9.5 (provisional extensions): create, record, finalize, enqueue, query
// and update command-buffers. The functions are reached
// through clGetExtensionFunctionAddressForPlatform (icd/dispatch.cpp), under
// the signatures of the current Khronos headers: Debian's cl_ext.h
// declares an older revision, whose prototypes these do not share, so they
// are defined here under their own names (commandBufferFunction).
//
// Each clCommand*KHR checks what is the command-buffer's (its state, the
// queue argument, properties, sync points, the mutable handle), then
// records by calling its clEnqueue* counterpart on the buffer's recording
// queue (src/objects/command_buffer.h), which validates the rest exactly as
// for an enqueue.
#include "src/objects/command_buffer.h"
#include "src/api_util.h"
#include "src/enqueue_util.h"
#include "src/info_util.h"
#include "src/objects/kernel.h"
#include "src/objects/queue.h"

#include <CL/cl_ext.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace corecl;

namespace {

using CommandProperties = cl_properties; // cl_command_properties_khr (0.9.5+)

constexpr cl_int kInvalidCommandBuffer = -1138;   // CL_INVALID_COMMAND_BUFFER_KHR
constexpr cl_int kInvalidSyncPointList = -1139;   // CL_INVALID_SYNC_POINT_WAIT_LIST_KHR
constexpr cl_int kIncompatibleQueue = -1140;      // CL_INCOMPATIBLE_COMMAND_QUEUE_KHR
constexpr cl_uint kCommandBufferContext = 0x1299; // CL_COMMAND_BUFFER_CONTEXT_KHR
// cl_khr_command_buffer_mutable_dispatch 0.9.5, newer than Debian's cl_ext.h.
constexpr cl_command_buffer_state_khr kStateFinalized = 2; // ..._STATE_FINALIZED_KHR
constexpr cl_properties kUpdatableFields = 0x12B1; // CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR
constexpr cl_properties kDispatchAsserts = 0x12B8; // CL_MUTABLE_DISPATCH_ASSERTS_KHR
constexpr cl_properties kBufferAsserts = 0x12B7;   // CL_COMMAND_BUFFER_MUTABLE_DISPATCH_ASSERTS_KHR
constexpr cl_bitfield kAssertNoAdditionalWorkGroups = 1; // ..._ASSERT_NO_ADDITIONAL_WORK_GROUPS
constexpr cl_bitfield kAllFields = 0x1f;                 // offset, global, local, args, exec info
constexpr cl_uint kDispatchConfig = 0;           // CL_STRUCTURE_TYPE_MUTABLE_DISPATCH_CONFIG_KHR
constexpr cl_int kInvalidMutableCommand = -1141; // CL_INVALID_MUTABLE_COMMAND_KHR

/// cl_mutable_dispatch_config_khr as 0.9.5 lays it out (Debian's cl_ext.h
/// has an older layout, with a type and a next pointer first).
struct DispatchConfig {
  cl_mutable_command_khr command;
  cl_uint num_args;
  cl_uint num_svm_args;
  cl_uint num_exec_infos;
  cl_uint work_dim;
  const cl_mutable_dispatch_arg_khr *arg_list;
  const cl_mutable_dispatch_arg_khr *arg_svm_list;
  const cl_mutable_dispatch_exec_info_khr *exec_info_list;
  const size_t *global_work_offset;
  const size_t *global_work_size;
  const size_t *local_work_size;
};

/// Whether a command-buffer recorded for `a` may run on `b`: any queue of
/// the same device will do (the commands keep the order they were recorded
/// with; CoreCL requires no queue property).
bool compatibleQueues(const CommandQueue &a, const CommandQueue &b) {
  return &a.device() == &b.device();
}

/// What every clCommand*KHR checks before recording: the buffer, its
/// state, `command_queue` (NULL without cl_khr_command_buffer_multi_device),
/// the properties (none are defined), the mutable handle (no mutable
/// dispatch), and the sync points (each one of a command recorded before).
cl_int checkRecording(cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
                      const CommandProperties *properties, cl_uint numSyncPoints,
                      const cl_sync_point_khr *syncPoints, cl_mutable_command_khr *mutableHandle,
                      CommandBuffer *&buffer, const char *entry, bool kernelCommand = false) {
  if (cl_int err = resolve(command_buffer, buffer, entry))
    return err;
  if (!buffer->recording())
    return apiError(entry, CL_INVALID_OPERATION, "the command-buffer is finalized");
  if (command_queue)
    return apiError(entry, CL_INVALID_COMMAND_QUEUE,
                    "command_queue must be NULL (no cl_khr_command_buffer_multi_device)");
  // Kernel commands' properties are checked by commandNDRangeKernel.
  if (!kernelCommand && properties && properties[0] != 0)
    return apiError(entry, CL_INVALID_VALUE, "property 0x%llx: no command properties exist",
                    (unsigned long long)properties[0]);
  if (mutableHandle && (!kernelCommand || !buffer->mutableCommands()))
    return apiError(entry, CL_INVALID_VALUE,
                    "mutable_handle: only kernel commands of a command-buffer made with "
                    "CL_COMMAND_BUFFER_MUTABLE_KHR can be mutable");
  if ((numSyncPoints > 0) != (syncPoints != nullptr))
    return apiError(entry, kInvalidSyncPointList, "num_sync_points_in_wait_list %u with a %s list",
                    numSyncPoints, syncPoints ? "non-NULL" : "NULL");
  const size_t recorded = buffer->size();
  for (cl_uint i = 0; i < numSyncPoints; ++i) {
    if (syncPoints[i] == 0 || syncPoints[i] > recorded)
      return apiError(entry, kInvalidSyncPointList,
                      "sync point %u is of no command recorded before", syncPoints[i]);
  }
  return CL_SUCCESS;
}

/// The shared body of the clCommand*KHR entry points: the checks, then
/// `enqueue(recording queue)` recorded as one command.
template <class F>
cl_int recordCommand(cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
                     const CommandProperties *properties, cl_uint numSyncPoints,
                     const cl_sync_point_khr *syncPoints, cl_sync_point_khr *syncPoint,
                     cl_mutable_command_khr *mutableHandle, const char *entry, F &&enqueue) {
  CommandBuffer *buffer;
  if (cl_int err = checkRecording(command_buffer, command_queue, properties, numSyncPoints,
                                  syncPoints, mutableHandle, buffer, entry))
    return err;
  return guarded([&] { return buffer->record(enqueue, syncPoint); });
}

/// clCommand<X>KHR for a command whose arguments are clEnqueue<X>'s between
/// the queue and the wait list: it records `Enqueue(queue, args..., 0,
/// NULL, NULL)`. `Entry` names it in refusals.
template <const char *Entry, auto Enqueue, class... Args>
cl_int CL_API_CALL recorded(cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
                            const CommandProperties *properties, Args... args,
                            cl_uint num_sync_points, const cl_sync_point_khr *sync_points,
                            cl_sync_point_khr *sync_point, cl_mutable_command_khr *mutable_handle) {
  return recordCommand(command_buffer, command_queue, properties, num_sync_points, sync_points,
                       sync_point, mutable_handle, Entry, [&](cl_command_queue q) {
                         return Enqueue(q, args..., 0, nullptr, nullptr);
                       });
}

// The host calls whose arguments differ from the commands'.
cl_int barrierOf(cl_command_queue q, cl_uint n, const cl_event *list, cl_event *event) {
  return clEnqueueBarrierWithWaitList(q, n, list, event);
}
cl_int svmMemcpyOf(cl_command_queue q, void *dst, const void *src, size_t size, cl_uint n,
                   const cl_event *list, cl_event *event) {
  return clEnqueueSVMMemcpy(q, CL_FALSE, dst, src, size, n, list, event);
}

constexpr char kBarrier[] = "clCommandBarrierWithWaitListKHR";
constexpr char kCopyBuffer[] = "clCommandCopyBufferKHR";
constexpr char kCopyBufferRect[] = "clCommandCopyBufferRectKHR";
constexpr char kCopyBufferToImage[] = "clCommandCopyBufferToImageKHR";
constexpr char kCopyImage[] = "clCommandCopyImageKHR";
constexpr char kCopyImageToBuffer[] = "clCommandCopyImageToBufferKHR";
constexpr char kFillBuffer[] = "clCommandFillBufferKHR";
constexpr char kFillImage[] = "clCommandFillImageKHR";
constexpr char kSvmMemcpy[] = "clCommandSVMMemcpyKHR";
constexpr char kSvmMemFill[] = "clCommandSVMMemFillKHR";

cl_command_buffer_khr CL_API_CALL createCommandBuffer(cl_uint num_queues,
                                                      const cl_command_queue *queues,
                                                      const cl_command_buffer_properties_khr *props,
                                                      cl_int *errcode_ret) {
  const char *entry = "clCreateCommandBufferKHR";
  auto fail = [&](cl_int code) { return withError<_cl_command_buffer_khr>(errcode_ret, code); };
  if (num_queues != 1 || !queues)
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "num_queues %u / queues %s: exactly one queue is supported", num_queues,
                         queues ? "non-NULL" : "NULL"));
  CommandQueue *q;
  if (cl_int err = resolve(queues[0], q, entry))
    return fail(err);
  if (q->properties() & ~q->device().queueProperties())
    return fail(apiError(entry, kIncompatibleQueue, "the queue's properties cannot record"));
  CommandBuffer::Properties list;
  if (props) {
    size_t i = 0;
    bool seenFlags = false, seenAsserts = false;
    for (; props[i] != 0; i += 2) {
      if (props[i] == kBufferAsserts && !seenAsserts) {
        // Promises about later updates (no additional work-groups): CoreCL
        // needs none of them, and holds none against the application.
        seenAsserts = true;
        if (props[i + 1] & ~kAssertNoAdditionalWorkGroups)
          return fail(apiError(entry, CL_INVALID_VALUE,
                               "CL_COMMAND_BUFFER_MUTABLE_DISPATCH_ASSERTS_KHR 0x%llx: unknown",
                               (unsigned long long)props[i + 1]));
        continue;
      }
      if (props[i] != CL_COMMAND_BUFFER_FLAGS_KHR || seenFlags)
        return fail(apiError(entry, CL_INVALID_VALUE, "property 0x%llx unknown or repeated",
                             (unsigned long long)props[i]));
      seenFlags = true;
      if (props[i + 1] & ~(CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR | CL_COMMAND_BUFFER_MUTABLE_KHR))
        return fail(apiError(entry, CL_INVALID_VALUE,
                             "CL_COMMAND_BUFFER_FLAGS_KHR 0x%llx: unknown flags",
                             (unsigned long long)props[i + 1]));
    }
    list.assign(props, props + i + 1);
  }
  return guardedCreate(errcode_ret, [&] {
    auto *buffer = new CommandBuffer(*q, std::move(list));
    return withError(errcode_ret, CL_SUCCESS, static_cast<cl_command_buffer_khr>(buffer));
  });
}

cl_int CL_API_CALL finalizeCommandBuffer(cl_command_buffer_khr command_buffer) {
  const char *entry = "clFinalizeCommandBufferKHR";
  CommandBuffer *buffer;
  if (cl_int err = resolve(command_buffer, buffer, entry))
    return err;
  if (!buffer->finalize())
    return apiError(entry, CL_INVALID_OPERATION, "the command-buffer is finalized already");
  return CL_SUCCESS;
}

cl_int CL_API_CALL retainCommandBuffer(cl_command_buffer_khr command_buffer) {
  return retainHandle<CommandBuffer>(command_buffer);
}

cl_int CL_API_CALL releaseCommandBuffer(cl_command_buffer_khr command_buffer) {
  return releaseHandle<CommandBuffer>(command_buffer);
}

cl_int CL_API_CALL enqueueCommandBuffer(cl_uint num_queues, cl_command_queue *queues,
                                        cl_command_buffer_khr command_buffer,
                                        cl_uint num_events_in_wait_list,
                                        const cl_event *event_wait_list, cl_event *event) {
  const char *entry = "clEnqueueCommandBufferKHR";
  CommandBuffer *buffer;
  if (cl_int err = resolve(command_buffer, buffer, entry))
    return err;
  if (!buffer->executable())
    return apiError(entry, CL_INVALID_OPERATION,
                    "the command-buffer is not finalized, or a mutable command of it lacks "
                    "arguments");
  if ((num_queues == 0) != (queues == nullptr) || num_queues > 1)
    return apiError(entry, CL_INVALID_VALUE, "num_queues %u with %s queues", num_queues,
                    queues ? "non-NULL" : "NULL");
  CommandQueue *q = &buffer->queue();
  if (queues) {
    if (cl_int err = resolve(queues[0], q, entry))
      return err;
    if (&q->context() != &buffer->context())
      return apiError(entry, CL_INVALID_CONTEXT, "the queue's context is not the buffer's");
    if (!compatibleQueues(*q, buffer->queue()))
      return apiError(entry, kIncompatibleQueue,
                      "the queue's device or properties differ from the recording queue's");
  }
  if (cl_int err = validateWaitList(q->context(), num_events_in_wait_list, event_wait_list, entry))
    return err;
  return guarded([&] {
    Event *e = buffer->enqueue(*q, num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

/// Records `m`'s kernel over its range, in a new place or (`index` >= 0)
/// in command `index`'s.
cl_int recordMutable(
    CommandBuffer &buffer, MutableCommand &m,
    const std::function<cl_int(const std::function<cl_int(cl_command_queue)> &)> &record) {
  return record([&](cl_command_queue q) {
    return clEnqueueNDRangeKernel(q, m.kernel().handle(), m.dims,
                                  m.offsetGiven ? m.offset : nullptr, m.global,
                                  m.localGiven ? m.local : nullptr, 0, nullptr, nullptr);
  });
}

cl_int CL_API_CALL commandNDRangeKernel(
    cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_sync_points, const cl_sync_point_khr *sync_points, cl_sync_point_khr *sync_point,
    cl_mutable_command_khr *mutable_handle) {
  const char *entry = "clCommandNDRangeKernelKHR";
  CommandBuffer *buffer;
  if (cl_int err = checkRecording(command_buffer, command_queue, properties, num_sync_points,
                                  sync_points, mutable_handle, buffer, entry,
                                  /*kernelCommand=*/true))
    return err;
  // Properties: which fields an update may change (mutable commands).
  cl_bitfield updatable = kAllFields;
  std::vector<cl_properties> list;
  if (properties) {
    size_t i = 0;
    for (; properties[i] != 0; i += 2) {
      if (properties[i] == kUpdatableFields && (properties[i + 1] & ~kAllFields) == 0)
        updatable = properties[i + 1];
      else if (properties[i] != kDispatchAsserts)
        return apiError(entry, CL_INVALID_VALUE, "property 0x%llx (value 0x%llx) unknown",
                        (unsigned long long)properties[i], (unsigned long long)properties[i + 1]);
    }
    list.assign(properties, properties + i + 1);
  }
  if (!mutable_handle)
    return guarded([&] {
      return buffer->record(
          [&](cl_command_queue q) {
            return clEnqueueNDRangeKernel(q, kernel, work_dim, global_work_offset, global_work_size,
                                          local_work_size, 0, nullptr, nullptr);
          },
          sync_point);
    });
  Kernel *k;
  if (cl_int err = resolve(kernel, k, entry))
    return err;
  if (work_dim < 1 || work_dim > 3)
    return apiError(entry, CL_INVALID_WORK_DIMENSION, "work_dim %u is not 1, 2 or 3", work_dim);
  if (!global_work_size)
    return apiError(entry, CL_INVALID_GLOBAL_WORK_SIZE, "global_work_size is NULL");
  return guarded([&]() -> cl_int {
    // A clone holds the arguments as they are now; updates change the clone.
    Kernel *clone = k->clone();
    auto *m = new MutableCommand(*buffer, *k, clone, updatable, std::move(list));
    m->dims = work_dim;
    for (cl_uint d = 0; d < work_dim; ++d) {
      m->global[d] = global_work_size[d];
      m->offset[d] = global_work_offset ? global_work_offset[d] : 0;
      m->local[d] = local_work_size ? local_work_size[d] : 0;
    }
    m->offsetGiven = global_work_offset != nullptr;
    m->localGiven = local_work_size != nullptr;
    Kernel::Launch probe;
    cl_int err = CL_SUCCESS;
    cl_sync_point_khr point = 0; // its place, whatever other threads record meanwhile
    if (clone->snapshot(compiler::KernelCode{}, probe) != CL_SUCCESS &&
        (updatable & CL_MUTABLE_DISPATCH_ARGUMENTS_KHR)) {
      // Arguments still unset: an update must set them before it can run.
      buffer->recordIncomplete(&point);
    } else {
      err = recordMutable(*buffer, *m,
                          [&](const auto &enqueue) { return buffer->record(enqueue, &point); });
    }
    if (err != CL_SUCCESS) {
      m->releasePublic();
      return err;
    }
    m->placeAt(point - 1);
    if (sync_point)
      *sync_point = point;
    *mutable_handle = buffer->adoptMutable(m)->handle();
    return CL_SUCCESS;
  });
}

/// One dispatch config of clUpdateMutableCommandsKHR applied to its command.
cl_int applyDispatchConfig(CommandBuffer &buffer, const DispatchConfig &c, const char *entry) {
  MutableCommand *m;
  if (cl_int err = resolve(c.command, m, entry))
    return err;
  if (&m->buffer() != &buffer)
    return apiError(entry, kInvalidMutableCommand, "the command is of another command-buffer");
  const cl_bitfield fields = m->updatable();
  auto refuse = [&](const char *what) {
    return apiError(entry, CL_INVALID_OPERATION, "the command's %s may not be updated", what);
  };
  if ((c.num_args || c.num_svm_args) && !(fields & CL_MUTABLE_DISPATCH_ARGUMENTS_KHR))
    return refuse("arguments");
  if (c.num_exec_infos && !(fields & CL_MUTABLE_DISPATCH_EXEC_INFO_KHR))
    return refuse("exec info");
  if (c.global_work_offset && !(fields & CL_MUTABLE_DISPATCH_GLOBAL_OFFSET_KHR))
    return refuse("global offset");
  if (c.global_work_size && !(fields & CL_MUTABLE_DISPATCH_GLOBAL_SIZE_KHR))
    return refuse("global size");
  if (c.local_work_size && !(fields & CL_MUTABLE_DISPATCH_LOCAL_SIZE_KHR))
    return refuse("local size");
  if ((c.num_args && !c.arg_list) || (c.num_svm_args && !c.arg_svm_list) ||
      (c.num_exec_infos && !c.exec_info_list))
    return apiError(entry, CL_INVALID_VALUE, "a count without its list");
  if (c.work_dim != 0 && c.work_dim != m->dims)
    return apiError(entry, CL_INVALID_VALUE, "work_dim %u is not the command's %u", c.work_dim,
                    m->dims);
  cl_kernel k = m->kernel().handle();
  for (cl_uint i = 0; i < c.num_args; ++i)
    if (cl_int err = clSetKernelArg(k, c.arg_list[i].arg_index, c.arg_list[i].arg_size,
                                    c.arg_list[i].arg_value))
      return err;
  for (cl_uint i = 0; i < c.num_svm_args; ++i)
    if (cl_int err =
            clSetKernelArgSVMPointer(k, c.arg_svm_list[i].arg_index, c.arg_svm_list[i].arg_value))
      return err;
  for (cl_uint i = 0; i < c.num_exec_infos; ++i)
    if (cl_int err = clSetKernelExecInfo(k, c.exec_info_list[i].param_name,
                                         c.exec_info_list[i].param_value_size,
                                         c.exec_info_list[i].param_value))
      return err;
  for (cl_uint d = 0; d < m->dims; ++d) {
    if (c.global_work_offset)
      m->offset[d] = c.global_work_offset[d];
    if (c.global_work_size)
      m->global[d] = c.global_work_size[d];
    if (c.local_work_size)
      m->local[d] = c.local_work_size[d];
  }
  m->offsetGiven |= c.global_work_offset != nullptr;
  m->localGiven |= c.local_work_size != nullptr;
  Kernel::Launch probe;
  if (m->kernel().snapshot(compiler::KernelCode{}, probe) != CL_SUCCESS)
    return CL_SUCCESS; // still waiting for arguments (deferred arguments)
  return recordMutable(buffer, *m,
                       [&](const auto &enqueue) { return buffer.rerecord(m->index(), enqueue); });
}

cl_int CL_API_CALL updateMutableCommands(cl_command_buffer_khr command_buffer, cl_uint num_configs,
                                         const cl_uint *config_types, const void **configs) {
  const char *entry = "clUpdateMutableCommandsKHR";
  CommandBuffer *buffer;
  if (cl_int err = resolve(command_buffer, buffer, entry))
    return err;
  if (buffer->recording())
    return apiError(entry, CL_INVALID_OPERATION, "the command-buffer is not finalized");
  if (!buffer->mutableCommands())
    return apiError(entry, CL_INVALID_OPERATION,
                    "the command-buffer was made without CL_COMMAND_BUFFER_MUTABLE_KHR");
  if ((num_configs > 0) != (config_types != nullptr) || (num_configs > 0) != (configs != nullptr))
    return apiError(entry, CL_INVALID_VALUE, "num_configs %u with its lists %s", num_configs,
                    config_types ? "given" : "missing");
  for (cl_uint i = 0; i < num_configs; ++i)
    if (config_types[i] != kDispatchConfig || !configs[i])
      return apiError(entry, CL_INVALID_VALUE, "config %u: unknown type %u or NULL", i,
                      config_types[i]);
  return guarded([&]() -> cl_int {
    for (cl_uint i = 0; i < num_configs; ++i)
      if (cl_int err =
              applyDispatchConfig(*buffer, *static_cast<const DispatchConfig *>(configs[i]), entry))
        return err;
    return CL_SUCCESS;
  });
}

cl_int CL_API_CALL getMutableCommandInfo(cl_mutable_command_khr command, cl_uint param_name,
                                         size_t param_value_size, void *param_value,
                                         size_t *param_value_size_ret) {
  return answerInfo<MutableCommand>(
      command, param_name, param_value_size, param_value, param_value_size_ret,
      [&](MutableCommand *m, auto put) -> cl_int {
        std::vector<size_t> sizes;
        switch (param_name) {
        case CL_MUTABLE_COMMAND_COMMAND_QUEUE_KHR:
          return put(cl_command_queue(m->buffer().queue().handle()));
        case CL_MUTABLE_COMMAND_COMMAND_BUFFER_KHR:
          return put(cl_command_buffer_khr(&m->buffer()));
        case 0x12AD: // CL_MUTABLE_COMMAND_COMMAND_TYPE_KHR
          return put(cl_command_type(CL_COMMAND_NDRANGE_KERNEL));
        case CL_MUTABLE_DISPATCH_PROPERTIES_ARRAY_KHR:
          return put(m->properties());
        case CL_MUTABLE_DISPATCH_KERNEL_KHR:
          return put(cl_kernel(m->original().handle()));
        case CL_MUTABLE_DISPATCH_DIMENSIONS_KHR:
          return put(m->dims);
        case CL_MUTABLE_DISPATCH_GLOBAL_WORK_OFFSET_KHR:
          return put(std::vector<size_t>(m->offset, m->offset + m->dims));
        case CL_MUTABLE_DISPATCH_GLOBAL_WORK_SIZE_KHR:
          return put(std::vector<size_t>(m->global, m->global + m->dims));
        case CL_MUTABLE_DISPATCH_LOCAL_WORK_SIZE_KHR:
          return put(std::vector<size_t>(m->local, m->local + m->dims));
        default:
          return CL_INVALID_VALUE;
        }
      },
      "clGetMutableCommandInfoKHR");
}

cl_int CL_API_CALL getCommandBufferInfo(cl_command_buffer_khr command_buffer,
                                        cl_command_buffer_info_khr param_name,
                                        size_t param_value_size, void *param_value,
                                        size_t *param_value_size_ret) {
  return answerInfo<CommandBuffer>(
      command_buffer, param_name, param_value_size, param_value, param_value_size_ret,
      [&](CommandBuffer *b, auto put) -> cl_int {
        switch (param_name) {
        case CL_COMMAND_BUFFER_QUEUES_KHR:
          return put(cl_command_queue(b->queue().handle()));
        case CL_COMMAND_BUFFER_NUM_QUEUES_KHR:
          return put(cl_uint(1));
        case CL_COMMAND_BUFFER_REFERENCE_COUNT_KHR:
          return put(b->publicRefCount());
        case CL_COMMAND_BUFFER_STATE_KHR:
          return put(
              cl_command_buffer_state_khr(b->recording()    ? CL_COMMAND_BUFFER_STATE_RECORDING_KHR
                                          : b->executable() ? CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR
                                                            : kStateFinalized));
        case CL_COMMAND_BUFFER_PROPERTIES_ARRAY_KHR:
          return put(b->properties());
        case kCommandBufferContext:
          return put(cl_context(b->context().handle()));
        default:
          return CL_INVALID_VALUE;
        }
      },
      "clGetCommandBufferInfoKHR");
}

} // namespace

namespace corecl {

void *commandBufferFunction(const char *name) {
  struct Entry {
    const char *name;
    void *address;
  };
  static const Entry kFunctions[] = {
      {"clCreateCommandBufferKHR", reinterpret_cast<void *>(&createCommandBuffer)},
      {"clFinalizeCommandBufferKHR", reinterpret_cast<void *>(&finalizeCommandBuffer)},
      {"clRetainCommandBufferKHR", reinterpret_cast<void *>(&retainCommandBuffer)},
      {"clReleaseCommandBufferKHR", reinterpret_cast<void *>(&releaseCommandBuffer)},
      {"clEnqueueCommandBufferKHR", reinterpret_cast<void *>(&enqueueCommandBuffer)},
      {kBarrier, reinterpret_cast<void *>(&recorded<kBarrier, barrierOf>)},
      {kCopyBuffer,
       reinterpret_cast<void *>(
           &recorded<kCopyBuffer, clEnqueueCopyBuffer, cl_mem, cl_mem, size_t, size_t, size_t>)},
      {kCopyBufferRect,
       reinterpret_cast<void *>(
           &recorded<kCopyBufferRect, clEnqueueCopyBufferRect, cl_mem, cl_mem, const size_t *,
                     const size_t *, const size_t *, size_t, size_t, size_t, size_t>)},
      {kCopyBufferToImage,
       reinterpret_cast<void *>(&recorded<kCopyBufferToImage, clEnqueueCopyBufferToImage, cl_mem,
                                          cl_mem, size_t, const size_t *, const size_t *>)},
      {kCopyImage,
       reinterpret_cast<void *>(&recorded<kCopyImage, clEnqueueCopyImage, cl_mem, cl_mem,
                                          const size_t *, const size_t *, const size_t *>)},
      {kCopyImageToBuffer,
       reinterpret_cast<void *>(&recorded<kCopyImageToBuffer, clEnqueueCopyImageToBuffer, cl_mem,
                                          cl_mem, const size_t *, const size_t *, size_t>)},
      {kFillBuffer, reinterpret_cast<void *>(&recorded<kFillBuffer, clEnqueueFillBuffer, cl_mem,
                                                       const void *, size_t, size_t, size_t>)},
      {kFillImage,
       reinterpret_cast<void *>(&recorded<kFillImage, clEnqueueFillImage, cl_mem, const void *,
                                          const size_t *, const size_t *>)},
      {"clCommandNDRangeKernelKHR", reinterpret_cast<void *>(&commandNDRangeKernel)},
      {kSvmMemcpy,
       reinterpret_cast<void *>(&recorded<kSvmMemcpy, svmMemcpyOf, void *, const void *, size_t>)},
      {kSvmMemFill,
       reinterpret_cast<void *>(
           &recorded<kSvmMemFill, clEnqueueSVMMemFill, void *, const void *, size_t, size_t>)},
      {"clGetCommandBufferInfoKHR", reinterpret_cast<void *>(&getCommandBufferInfo)},
      {"clUpdateMutableCommandsKHR", reinterpret_cast<void *>(&updateMutableCommands)},
      {"clGetMutableCommandInfoKHR", reinterpret_cast<void *>(&getMutableCommandInfo)},
  };
  for (const Entry &f : kFunctions)
    if (std::strcmp(f.name, name) == 0)
      return f.address;
  return nullptr;
}

} // namespace corecl
