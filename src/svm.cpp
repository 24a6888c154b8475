// Shared virtual memory. CoreCL's devices run in the application's own
// address space, so every kind of SVM comes naturally: an SVM buffer is
// host memory the context keeps track of (Context::svmAllocate), fine-grain
// buffers and system allocations need no mapping, and SVM atomics are the
// host's. The commands below therefore move or fill bytes, or only order
// themselves in the queue (map, unmap, migrate), as the spec defines.
#include "runtime/aligned_memory.h"
#include "runtime/transfer.h"
#include "src/api_util.h"
#include "src/enqueue_util.h"

#include <array>
#include <bit>
#include <cstring>
#include <vector>

using namespace corecl;

namespace {

constexpr cl_svm_mem_flags kAccessFlags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;

/// Whether [a, a + n) and [b, b + n) share a byte.
bool overlap(const void *a, const void *b, size_t n) {
  auto x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
  return x < y + n && y < x + n;
}

} // namespace

extern "C" {

CL_API_ENTRY void *CL_API_CALL clSVMAlloc(cl_context context, cl_svm_mem_flags flags, size_t size,
                                          cl_uint alignment) {
  const char *entry = __func__;
  Context *c;
  if (resolve(context, c, entry))
    return nullptr;
  // clSVMAlloc has no error code: a refusal is NULL, told to CORECL_DEBUG.
  auto refuse = [&](const char *why) {
    apiError(entry, CL_INVALID_VALUE, "%s", why);
    return nullptr;
  };
  constexpr cl_svm_mem_flags known =
      kAccessFlags | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS;
  if (flags & ~known)
    return refuse("flags has bits no SVM flag defines");
  if (std::popcount(flags & kAccessFlags) > 1)
    return refuse("flags has more than one of CL_MEM_READ_WRITE, _WRITE_ONLY, _READ_ONLY");
  if ((flags & CL_MEM_SVM_ATOMICS) && !(flags & CL_MEM_SVM_FINE_GRAIN_BUFFER))
    return refuse("CL_MEM_SVM_ATOMICS without CL_MEM_SVM_FINE_GRAIN_BUFFER");
  if (size == 0 || size > c->maxMemAllocSize())
    return refuse("size is 0 or larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE");
  // Up to the largest OpenCL C type (long16, 128 bytes), which every
  // allocation meets anyway.
  if (alignment != 0 && (!std::has_single_bit(alignment) || alignment > rt::kBufferAlignment))
    return refuse("alignment is not a power of two up to 128");
  try {
    void *p = c->svmAllocate(size, flags);
    if (!p)
      apiError(entry, CL_OUT_OF_HOST_MEMORY, "no memory for %zu bytes", size);
    return p;
  } catch (const std::bad_alloc &) {
    return nullptr;
  }
}

CL_API_ENTRY void CL_API_CALL clSVMFree(cl_context context, void *svm_pointer) {
  Context *c;
  if (!svm_pointer || resolve(context, c, __func__))
    return;
  if (!c->svmFree(svm_pointer))
    apiError(__func__, CL_INVALID_VALUE, "%p is not an SVM allocation of the context", svm_pointer);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMFree(
    cl_command_queue command_queue, cl_uint num_svm_pointers, void *svm_pointers[],
    void(CL_CALLBACK *pfn_free_func)(cl_command_queue, cl_uint, void *[], void *), void *user_data,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  if ((num_svm_pointers == 0) != (svm_pointers == nullptr))
    return apiError(__func__, CL_INVALID_VALUE,
                    "num_svm_pointers %u and svm_pointers %p disagree on whether there are any",
                    num_svm_pointers, static_cast<void *>(svm_pointers));
  return guarded([&] {
    // The list is the caller's only until the call returns.
    std::vector<void *> pointers(svm_pointers, svm_pointers + num_svm_pointers);
    Ref<CommandQueue> queue(q);
    Event *e = q->enqueue(
        CL_COMMAND_SVM_FREE,
        [=]() mutable {
          if (pfn_free_func)
            pfn_free_func(queue->handle(), cl_uint(pointers.size()), pointers.data(), user_data);
          else
            for (void *p : pointers)
              queue->context().svmFree(p);
          return CL_SUCCESS;
        },
        num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue command_queue,
                                                   cl_bool blocking_copy, void *dst_ptr,
                                                   const void *src_ptr, size_t size,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  if (!dst_ptr || !src_ptr)
    return apiError(__func__, CL_INVALID_VALUE, "dst_ptr or src_ptr is NULL");
  if (overlap(dst_ptr, src_ptr, size))
    return apiError(__func__, CL_MEM_COPY_OVERLAP, "source and destination overlap");
  return guarded([&] {
    Event *e = q->enqueue(
        CL_COMMAND_SVM_MEMCPY,
        [=] {
          std::memcpy(dst_ptr, src_ptr, size);
          return CL_SUCCESS;
        },
        num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, blocking_copy);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue command_queue, void *svm_ptr,
                                                    const void *pattern, size_t pattern_size,
                                                    size_t size, cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  const char *entry = __func__;
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  if (!svm_ptr)
    return apiError(entry, CL_INVALID_VALUE, "svm_ptr is NULL");
  if (cl_int err = checkFillPattern(pattern, pattern_size, entry))
    return err;
  if (reinterpret_cast<uintptr_t>(svm_ptr) % pattern_size || size % pattern_size)
    return apiError(entry, CL_INVALID_VALUE,
                    "svm_ptr %p or size %zu is not a multiple of pattern_size %zu", svm_ptr, size,
                    pattern_size);
  return guarded([&] {
    std::array<unsigned char, 128> bytes;
    std::memcpy(bytes.data(), pattern, pattern_size);
    Event *e = q->enqueue(
        CL_COMMAND_SVM_MEMFILL,
        [=] {
          rt::fillPattern(static_cast<char *>(svm_ptr), size, bytes.data(), pattern_size);
          return CL_SUCCESS;
        },
        num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

namespace {

/// Map, unmap and migrate: the device reads and writes SVM where it is, so
/// these commands only take their place in the queue's order.
cl_int enqueueOrderOnly(CommandQueue *q, cl_command_type type, bool blocking, cl_uint numEvents,
                        const cl_event *waitList, cl_event *event) {
  return guarded([&] {
    Event *e = q->enqueue(
        type, [] { return CL_SUCCESS; }, numEvents, waitList);
    return completeEnqueue(e, event, blocking);
  });
}

} // namespace

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue command_queue,
                                                cl_bool blocking_map, cl_map_flags flags,
                                                void *svm_ptr, size_t size,
                                                cl_uint num_events_in_wait_list,
                                                const cl_event *event_wait_list, cl_event *event) {
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  if (!svm_ptr || size == 0)
    return apiError(__func__, CL_INVALID_VALUE, "svm_ptr is NULL or size is 0");
  if (cl_int err = checkMapFlagBits(flags, __func__))
    return err;
  return enqueueOrderOnly(q, CL_COMMAND_SVM_MAP, blocking_map, num_events_in_wait_list,
                          event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue command_queue, void *svm_ptr,
                                                  cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event) {
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  if (!svm_ptr)
    return apiError(__func__, CL_INVALID_VALUE, "svm_ptr is NULL");
  return enqueueOrderOnly(q, CL_COMMAND_SVM_UNMAP, false, num_events_in_wait_list, event_wait_list,
                          event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMigrateMem(
    cl_command_queue command_queue, cl_uint num_svm_pointers, const void **svm_pointers,
    const size_t *sizes, cl_mem_migration_flags flags, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  const char *entry = __func__;
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  if (num_svm_pointers == 0 || !svm_pointers)
    return apiError(entry, CL_INVALID_VALUE, "num_svm_pointers is 0 or svm_pointers is NULL");
  if (flags &
      ~cl_mem_migration_flags(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
    return apiError(entry, CL_INVALID_VALUE, "flags 0x%llx has unknown bits",
                    (unsigned long long)flags);
  for (cl_uint i = 0; i < num_svm_pointers; ++i) {
    if (!svm_pointers[i])
      return apiError(entry, CL_INVALID_VALUE, "svm_pointers[%u] is NULL", i);
    // A range must lie inside one allocation (system memory has no known
    // bounds and is taken as it comes).
    if (auto owner = q->context().svmAllocationOf(svm_pointers[i])) {
      size_t offset = static_cast<const char *>(svm_pointers[i]) - owner->base;
      size_t size = sizes ? sizes[i] : 0;
      if (size > owner->size - offset)
        return apiError(entry, CL_INVALID_VALUE,
                        "svm_pointers[%u] + sizes[%u] %zu runs past its allocation", i, i, size);
    }
  }
  return enqueueOrderOnly(q, CL_COMMAND_SVM_MIGRATE_MEM, false, num_events_in_wait_list,
                          event_wait_list, event);
}

} // extern "C"
