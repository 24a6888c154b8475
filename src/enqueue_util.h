// Checks shared by the enqueue entry points.
#pragma once
#include "src/api_util.h"
#include "src/objects/memory.h"
#include "src/objects/queue.h"

namespace corecl {

/// Resolves the queue and checks the wait list against its context.
inline cl_int resolveQueue(cl_command_queue handle, cl_uint numEvents, const cl_event *waitList,
                           CommandQueue *&queue, const char *entry = __builtin_FUNCTION()) {
  queue = CommandQueue::fromHandle(handle);
  if (!queue)
    return notALiveObject<CommandQueue>(entry, handle);
  if (cl_int err = validateWaitList(queue->context(), numEvents, waitList))
    return apiError(entry, err,
                    "event_wait_list (%u events at %p) is not a list of live events of the "
                    "queue's context",
                    numEvents, static_cast<const void *>(waitList));
  return CL_SUCCESS;
}

/// Resolves a buffer used by a command on `queue`.
inline cl_int resolveBuffer(const CommandQueue &queue, cl_mem handle, MemObject *&mem,
                            const char *entry = __builtin_FUNCTION()) {
  mem = MemObject::fromHandle(handle);
  if (!mem || mem->type() != CL_MEM_OBJECT_BUFFER)
    return apiError(entry, CL_INVALID_MEM_OBJECT, "%p is not a live buffer",
                    static_cast<const void *>(handle));
  if (&mem->context() != &queue.context())
    return apiError(entry, CL_INVALID_CONTEXT, "the buffer's context is not the queue's");
  return CL_SUCCESS;
}

/// True if [offset, offset + size) lies inside a buffer of `total` bytes.
inline bool inBounds(size_t offset, size_t size, size_t total) {
  return offset <= total && size <= total - offset;
}

} // namespace corecl
