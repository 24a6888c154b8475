// Checks shared by the enqueue entry points.
#pragma once
#include "src/objects/memory.h"
#include "src/objects/queue.h"

namespace corecl {

/// Resolves the queue and checks the wait list against its context.
inline cl_int resolveQueue(cl_command_queue handle, cl_uint numEvents, const cl_event *waitList,
                           CommandQueue *&queue) {
  queue = CommandQueue::fromHandle(handle);
  if (!queue)
    return CL_INVALID_COMMAND_QUEUE;
  return validateWaitList(queue->context(), numEvents, waitList);
}

/// Resolves a buffer used by a command on `queue`.
inline cl_int resolveBuffer(const CommandQueue &queue, cl_mem handle, MemObject *&mem) {
  mem = MemObject::fromHandle(handle);
  if (!mem || mem->type() != CL_MEM_OBJECT_BUFFER)
    return CL_INVALID_MEM_OBJECT;
  if (&mem->context() != &queue.context())
    return CL_INVALID_CONTEXT;
  return CL_SUCCESS;
}

/// True if [offset, offset + size) lies inside a buffer of `total` bytes.
inline bool inBounds(size_t offset, size_t size, size_t total) {
  return offset <= total && size <= total - offset;
}

} // namespace corecl
