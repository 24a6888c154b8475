// Checks shared by the enqueue entry points.
#pragma once
#include "src/api_util.h"
#include "src/objects/memory.h"
#include "src/objects/queue.h"

namespace corecl {

/// Resolves the queue and checks the wait list against its context.
inline cl_int resolveQueue(cl_command_queue handle, cl_uint numEvents, const cl_event *waitList,
                           CommandQueue *&queue, const char *entry = __builtin_FUNCTION()) {
  if (cl_int err = resolve(handle, queue, entry))
    return err;
  return validateWaitList(queue->context(), numEvents, waitList, entry);
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

/// The opening of the commands on one buffer: the queue and its wait
/// list, then the buffer.
inline cl_int resolveQueueBuffer(cl_command_queue queueHandle, cl_uint numEvents,
                                 const cl_event *waitList, cl_mem bufferHandle,
                                 CommandQueue *&queue, MemObject *&mem,
                                 const char *entry = __builtin_FUNCTION()) {
  if (cl_int err = resolveQueue(queueHandle, numEvents, waitList, queue, entry))
    return err;
  return resolveBuffer(*queue, bufferHandle, mem, entry);
}

/// Resolves a memory object (of any type) used by a command on `queue`;
/// `name` is the argument's, for the reason of a refusal.
inline cl_int resolveMemObject(const CommandQueue &queue, cl_mem handle, MemObject *&mem,
                               const char *name, cl_uint index, const char *entry) {
  mem = MemObject::fromHandle(handle);
  if (!mem)
    return apiError(entry, CL_INVALID_MEM_OBJECT, "%s[%u] %p is not a live memory object", name,
                    index, static_cast<const void *>(handle));
  if (&mem->context() != &queue.context())
    return apiError(entry, CL_INVALID_CONTEXT, "%s[%u] is of another context than the queue's",
                    name, index);
  return CL_SUCCESS;
}

/// A fill's pattern: not NULL, and 1, 2, 4, ... or 128 bytes
/// (clEnqueueFillBuffer, clEnqueueSVMMemFill).
inline cl_int checkFillPattern(const void *pattern, size_t patternSize, const char *entry) {
  if (!pattern)
    return apiError(entry, CL_INVALID_VALUE, "pattern is NULL");
  if (!patternSize || patternSize > 128 || (patternSize & (patternSize - 1)))
    return apiError(entry, CL_INVALID_VALUE, "pattern_size %zu is not 1, 2, 4, ... or 128",
                    patternSize);
  return CL_SUCCESS;
}

/// True if [offset, offset + size) lies inside a buffer of `total` bytes.
inline bool inBounds(size_t offset, size_t size, size_t total) {
  return offset <= total && size <= total - offset;
}

/// clEnqueueMap*'s map_flags: known bits, CL_MAP_WRITE_INVALIDATE_REGION
/// alone, and host access that `mem`'s flags allow (`kind`: "buffer",
/// "image", for the reason).
/// map_flags' bits alone: known ones, CL_MAP_WRITE_INVALIDATE_REGION alone
/// (clEnqueueSVMMap too).
inline cl_int checkMapFlagBits(cl_map_flags flags, const char *entry) {
  constexpr cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if ((flags & ~known) ||
      ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE))))
    return apiError(entry, CL_INVALID_VALUE,
                    "map_flags 0x%llx: unknown bits, or CL_MAP_WRITE_INVALIDATE_REGION with "
                    "CL_MAP_READ or CL_MAP_WRITE",
                    (unsigned long long)flags);
  return CL_SUCCESS;
}

inline cl_int checkMapFlags(const MemObject &mem, cl_map_flags flags, const char *kind,
                            const char *entry) {
  if (cl_int err = checkMapFlagBits(flags, entry))
    return err;
  if (((flags & CL_MAP_READ) && !mem.hostCanRead()) ||
      ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) && !mem.hostCanWrite()))
    return apiError(entry, CL_INVALID_OPERATION,
                    "map_flags 0x%llx ask for host access the %s's flags forbid",
                    (unsigned long long)flags, kind);
  return CL_SUCCESS;
}

} // namespace corecl
