// cl_khr_command_buffer 0.9.8 (a provisional extension): create, record,
// finalize, enqueue and query command-buffers. The functions are reached
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
#include "src/objects/queue.h"

#include <CL/cl_ext.h>

#include <cstring>
#include <string>
#include <vector>

using namespace corecl;

namespace {

using CommandProperties = cl_properties; // cl_command_properties_khr (0.9.5+)

constexpr cl_int kInvalidCommandBuffer = -1138;   // CL_INVALID_COMMAND_BUFFER_KHR
constexpr cl_int kInvalidSyncPointList = -1139;   // CL_INVALID_SYNC_POINT_WAIT_LIST_KHR
constexpr cl_int kIncompatibleQueue = -1140;      // CL_INCOMPATIBLE_COMMAND_QUEUE_KHR
constexpr cl_uint kCommandBufferContext = 0x1299; // CL_COMMAND_BUFFER_CONTEXT_KHR

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
                      CommandBuffer *&buffer, std::vector<cl_uint> &waits, const char *entry) {
  if (cl_int err = resolve(command_buffer, buffer, entry))
    return err;
  if (!buffer->recording())
    return apiError(entry, CL_INVALID_OPERATION, "the command-buffer is finalized");
  if (command_queue)
    return apiError(entry, CL_INVALID_COMMAND_QUEUE,
                    "command_queue must be NULL (no cl_khr_command_buffer_multi_device)");
  if (properties && properties[0] != 0)
    return apiError(entry, CL_INVALID_VALUE, "property 0x%llx: no command properties exist",
                    (unsigned long long)properties[0]);
  if (mutableHandle)
    return apiError(entry, CL_INVALID_VALUE,
                    "mutable_handle must be NULL (no cl_khr_command_buffer_mutable_dispatch)");
  if ((numSyncPoints > 0) != (syncPoints != nullptr))
    return apiError(entry, kInvalidSyncPointList, "num_sync_points_in_wait_list %u with a %s list",
                    numSyncPoints, syncPoints ? "non-NULL" : "NULL");
  const size_t recorded = buffer->size();
  for (cl_uint i = 0; i < numSyncPoints; ++i) {
    if (syncPoints[i] == 0 || syncPoints[i] > recorded)
      return apiError(entry, kInvalidSyncPointList,
                      "sync point %u is of no command recorded before", syncPoints[i]);
    waits.push_back(syncPoints[i]);
  }
  return CL_SUCCESS;
}

/// The shared body of the clCommand*KHR entry points: the checks, then
/// `enqueue(recording queue)` recorded as one command.
template <class F>
cl_int recordCommand(cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
                     const CommandProperties *properties, cl_uint numSyncPoints,
                     const cl_sync_point_khr *syncPoints, cl_sync_point_khr *syncPoint,
                     cl_mutable_command_khr *mutableHandle, bool barrier, const char *entry,
                     F &&enqueue) {
  CommandBuffer *buffer;
  std::vector<cl_uint> waits;
  if (cl_int err = checkRecording(command_buffer, command_queue, properties, numSyncPoints,
                                  syncPoints, mutableHandle, buffer, waits, entry))
    return err;
  return guarded([&] { return buffer->record(waits, barrier, enqueue, syncPoint); });
}

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
    bool seenFlags = false;
    for (; props[i] != 0; i += 2) {
      if (props[i] != CL_COMMAND_BUFFER_FLAGS_KHR || seenFlags)
        return fail(apiError(entry, CL_INVALID_VALUE, "property 0x%llx unknown or repeated",
                             (unsigned long long)props[i]));
      seenFlags = true;
      if (props[i + 1] != 0)
        return fail(apiError(entry, CL_INVALID_VALUE,
                             "CL_COMMAND_BUFFER_FLAGS_KHR 0x%llx: no flag is supported",
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
  if (buffer->recording())
    return apiError(entry, CL_INVALID_OPERATION, "the command-buffer is not finalized");
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

cl_int CL_API_CALL commandBarrier(cl_command_buffer_khr command_buffer,
                                  cl_command_queue command_queue,
                                  const CommandProperties *properties, cl_uint num_sync_points,
                                  const cl_sync_point_khr *sync_points,
                                  cl_sync_point_khr *sync_point,
                                  cl_mutable_command_khr *mutable_handle) {
  return recordCommand(
      command_buffer, command_queue, properties, num_sync_points, sync_points, sync_point,
      mutable_handle, /*barrier=*/true, "clCommandBarrierWithWaitListKHR",
      [&](cl_command_queue q) { return clEnqueueBarrierWithWaitList(q, 0, nullptr, nullptr); });
}

cl_int CL_API_CALL commandCopyBuffer(cl_command_buffer_khr command_buffer,
                                     cl_command_queue command_queue,
                                     const CommandProperties *properties, cl_mem src, cl_mem dst,
                                     size_t src_offset, size_t dst_offset, size_t size,
                                     cl_uint num_sync_points, const cl_sync_point_khr *sync_points,
                                     cl_sync_point_khr *sync_point,
                                     cl_mutable_command_khr *mutable_handle) {
  return recordCommand(
      command_buffer, command_queue, properties, num_sync_points, sync_points, sync_point,
      mutable_handle, false, "clCommandCopyBufferKHR", [&](cl_command_queue q) {
        return clEnqueueCopyBuffer(q, src, dst, src_offset, dst_offset, size, 0, nullptr, nullptr);
      });
}

cl_int CL_API_CALL commandCopyBufferRect(
    cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_mem src, cl_mem dst, const size_t *src_origin,
    const size_t *dst_origin, const size_t *region, size_t src_row_pitch, size_t src_slice_pitch,
    size_t dst_row_pitch, size_t dst_slice_pitch, cl_uint num_sync_points,
    const cl_sync_point_khr *sync_points, cl_sync_point_khr *sync_point,
    cl_mutable_command_khr *mutable_handle) {
  return recordCommand(command_buffer, command_queue, properties, num_sync_points, sync_points,
                       sync_point, mutable_handle, false, "clCommandCopyBufferRectKHR",
                       [&](cl_command_queue q) {
                         return clEnqueueCopyBufferRect(
                             q, src, dst, src_origin, dst_origin, region, src_row_pitch,
                             src_slice_pitch, dst_row_pitch, dst_slice_pitch, 0, nullptr, nullptr);
                       });
}

cl_int CL_API_CALL commandCopyBufferToImage(cl_command_buffer_khr command_buffer,
                                            cl_command_queue command_queue,
                                            const CommandProperties *properties, cl_mem src,
                                            cl_mem dst, size_t src_offset, const size_t *dst_origin,
                                            const size_t *region, cl_uint num_sync_points,
                                            const cl_sync_point_khr *sync_points,
                                            cl_sync_point_khr *sync_point,
                                            cl_mutable_command_khr *mutable_handle) {
  return recordCommand(command_buffer, command_queue, properties, num_sync_points, sync_points,
                       sync_point, mutable_handle, false, "clCommandCopyBufferToImageKHR",
                       [&](cl_command_queue q) {
                         return clEnqueueCopyBufferToImage(q, src, dst, src_offset, dst_origin,
                                                           region, 0, nullptr, nullptr);
                       });
}

cl_int CL_API_CALL commandCopyImage(cl_command_buffer_khr command_buffer,
                                    cl_command_queue command_queue,
                                    const CommandProperties *properties, cl_mem src, cl_mem dst,
                                    const size_t *src_origin, const size_t *dst_origin,
                                    const size_t *region, cl_uint num_sync_points,
                                    const cl_sync_point_khr *sync_points,
                                    cl_sync_point_khr *sync_point,
                                    cl_mutable_command_khr *mutable_handle) {
  return recordCommand(
      command_buffer, command_queue, properties, num_sync_points, sync_points, sync_point,
      mutable_handle, false, "clCommandCopyImageKHR", [&](cl_command_queue q) {
        return clEnqueueCopyImage(q, src, dst, src_origin, dst_origin, region, 0, nullptr, nullptr);
      });
}

cl_int CL_API_CALL
commandCopyImageToBuffer(cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
                         const CommandProperties *properties, cl_mem src, cl_mem dst,
                         const size_t *src_origin, const size_t *region, size_t dst_offset,
                         cl_uint num_sync_points, const cl_sync_point_khr *sync_points,
                         cl_sync_point_khr *sync_point, cl_mutable_command_khr *mutable_handle) {
  return recordCommand(command_buffer, command_queue, properties, num_sync_points, sync_points,
                       sync_point, mutable_handle, false, "clCommandCopyImageToBufferKHR",
                       [&](cl_command_queue q) {
                         return clEnqueueCopyImageToBuffer(q, src, dst, src_origin, region,
                                                           dst_offset, 0, nullptr, nullptr);
                       });
}

cl_int CL_API_CALL commandFillBuffer(
    cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_mem buffer, const void *pattern, size_t pattern_size,
    size_t offset, size_t size, cl_uint num_sync_points, const cl_sync_point_khr *sync_points,
    cl_sync_point_khr *sync_point, cl_mutable_command_khr *mutable_handle) {
  return recordCommand(command_buffer, command_queue, properties, num_sync_points, sync_points,
                       sync_point, mutable_handle, false, "clCommandFillBufferKHR",
                       [&](cl_command_queue q) {
                         return clEnqueueFillBuffer(q, buffer, pattern, pattern_size, offset, size,
                                                    0, nullptr, nullptr);
                       });
}

cl_int CL_API_CALL commandFillImage(
    cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_mem image, const void *fill_color, const size_t *origin,
    const size_t *region, cl_uint num_sync_points, const cl_sync_point_khr *sync_points,
    cl_sync_point_khr *sync_point, cl_mutable_command_khr *mutable_handle) {
  return recordCommand(
      command_buffer, command_queue, properties, num_sync_points, sync_points, sync_point,
      mutable_handle, false, "clCommandFillImageKHR", [&](cl_command_queue q) {
        return clEnqueueFillImage(q, image, fill_color, origin, region, 0, nullptr, nullptr);
      });
}

cl_int CL_API_CALL commandNDRangeKernel(
    cl_command_buffer_khr command_buffer, cl_command_queue command_queue,
    const CommandProperties *properties, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_sync_points, const cl_sync_point_khr *sync_points, cl_sync_point_khr *sync_point,
    cl_mutable_command_khr *mutable_handle) {
  return recordCommand(
      command_buffer, command_queue, properties, num_sync_points, sync_points, sync_point,
      mutable_handle, false, "clCommandNDRangeKernelKHR", [&](cl_command_queue q) {
        return clEnqueueNDRangeKernel(q, kernel, work_dim, global_work_offset, global_work_size,
                                      local_work_size, 0, nullptr, nullptr);
      });
}

cl_int CL_API_CALL commandSVMMemcpy(cl_command_buffer_khr command_buffer,
                                    cl_command_queue command_queue,
                                    const CommandProperties *properties, void *dst, const void *src,
                                    size_t size, cl_uint num_sync_points,
                                    const cl_sync_point_khr *sync_points,
                                    cl_sync_point_khr *sync_point,
                                    cl_mutable_command_khr *mutable_handle) {
  return recordCommand(
      command_buffer, command_queue, properties, num_sync_points, sync_points, sync_point,
      mutable_handle, false, "clCommandSVMMemcpyKHR", [&](cl_command_queue q) {
        return clEnqueueSVMMemcpy(q, CL_FALSE, dst, src, size, 0, nullptr, nullptr);
      });
}

cl_int CL_API_CALL commandSVMMemFill(cl_command_buffer_khr command_buffer,
                                     cl_command_queue command_queue,
                                     const CommandProperties *properties, void *svm_ptr,
                                     const void *pattern, size_t pattern_size, size_t size,
                                     cl_uint num_sync_points, const cl_sync_point_khr *sync_points,
                                     cl_sync_point_khr *sync_point,
                                     cl_mutable_command_khr *mutable_handle) {
  return recordCommand(
      command_buffer, command_queue, properties, num_sync_points, sync_points, sync_point,
      mutable_handle, false, "clCommandSVMMemFillKHR", [&](cl_command_queue q) {
        return clEnqueueSVMMemFill(q, svm_ptr, pattern, pattern_size, size, 0, nullptr, nullptr);
      });
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
          return put(cl_command_buffer_state_khr(b->recording()
                                                     ? CL_COMMAND_BUFFER_STATE_RECORDING_KHR
                                                     : CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR));
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
      {"clCommandBarrierWithWaitListKHR", reinterpret_cast<void *>(&commandBarrier)},
      {"clCommandCopyBufferKHR", reinterpret_cast<void *>(&commandCopyBuffer)},
      {"clCommandCopyBufferRectKHR", reinterpret_cast<void *>(&commandCopyBufferRect)},
      {"clCommandCopyBufferToImageKHR", reinterpret_cast<void *>(&commandCopyBufferToImage)},
      {"clCommandCopyImageKHR", reinterpret_cast<void *>(&commandCopyImage)},
      {"clCommandCopyImageToBufferKHR", reinterpret_cast<void *>(&commandCopyImageToBuffer)},
      {"clCommandFillBufferKHR", reinterpret_cast<void *>(&commandFillBuffer)},
      {"clCommandFillImageKHR", reinterpret_cast<void *>(&commandFillImage)},
      {"clCommandNDRangeKernelKHR", reinterpret_cast<void *>(&commandNDRangeKernel)},
      {"clCommandSVMMemcpyKHR", reinterpret_cast<void *>(&commandSVMMemcpy)},
      {"clCommandSVMMemFillKHR", reinterpret_cast<void *>(&commandSVMMemFill)},
      {"clGetCommandBufferInfoKHR", reinterpret_cast<void *>(&getCommandBufferInfo)},
  };
  for (const Entry &f : kFunctions)
    if (std::strcmp(f.name, name) == 0)
      return f.address;
  return nullptr;
}

} // namespace corecl
