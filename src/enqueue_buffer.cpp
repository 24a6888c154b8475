// Buffer commands: read, write, copy (linear and rectangular), fill, map,
// unmap and migrate.
#include "runtime/transfer.h"
#include "src/api_util.h"
#include "src/enqueue_copy.h"
#include "src/enqueue_rect.h"
#include "src/enqueue_util.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <initializer_list>
#include <utility>

using namespace corecl;

namespace {

/// The queue and the two buffers of a copy between buffers.
struct CopyEnds {
  CommandQueue *q;
  MemObject *src, *dst;
};

/// The opening of the copies between two buffers: the queue and its wait
/// list, then the source and destination buffers.
cl_int resolveCopy(cl_command_queue command_queue, cl_uint numEvents, const cl_event *waitList,
                   cl_mem srcBuffer, cl_mem dstBuffer, CopyEnds &ends,
                   const char *entry = __builtin_FUNCTION()) {
  if (cl_int err = resolveQueueBuffer(command_queue, numEvents, waitList, srcBuffer, ends.q,
                                      ends.src, entry))
    return err;
  return resolveBuffer(*ends.q, dstBuffer, ends.dst, entry);
}

cl_int copyOverlap(const char *entry) {
  return apiError(entry, CL_MEM_COPY_OVERLAP,
                  "the source and destination regions share bytes of one buffer");
}

/// Whether two rectangles in one allocation share a byte, for any pitches:
/// each rectangle's rows are disjoint and ascending, so one merge-walk over
/// both row lists decides. `aBase`/`bBase` place each layout in the storage.
bool rowsOverlap(size_t aBase, const rt::RectLayout &a, size_t bBase, const rt::RectLayout &b,
                 const size_t region[3]) {
  size_t rows = region[1] * region[2], i = 0, j = 0;
  auto start = [&](size_t base, const rt::RectLayout &l, size_t k) {
    return base + l.offset() + (k / region[1]) * l.slicePitch + (k % region[1]) * l.rowPitch;
  };
  while (i < rows && j < rows) {
    size_t x = start(aBase, a, i), y = start(bBase, b, j);
    if (x < y + region[0] && y < x + region[0])
      return true;
    if (x < y)
      ++i;
    else
      ++j;
  }
  return false;
}

/// Spans in the root allocation, for the copy-overlap rule across sub-buffers.
bool sameStorageOverlap(const MemObject &a, size_t aOff, const MemObject &b, size_t bOff,
                        size_t size) {
  if (&a.root() != &b.root() || size == 0)
    return false;
  size_t x = a.offset() + aOff, y = b.offset() + bOff;
  return x < y + size && y < x + size;
}

/// clEnqueueReadBuffer (`toHost`) and clEnqueueWriteBuffer: the checks
/// both make, then a command that copies `size` bytes between the buffer
/// at `offset` and `ptr`.
cl_int enqueueHostCopy(cl_command_queue command_queue, cl_mem buffer, bool toHost, bool blocking,
                       size_t offset, size_t size, void *ptr, cl_uint numEvents,
                       const cl_event *waitList, cl_event *event) {
  const char *entry = toHost ? "clEnqueueReadBuffer" : "clEnqueueWriteBuffer";
  CommandQueue *q;
  MemObject *mem;
  if (cl_int err = resolveQueueBuffer(command_queue, numEvents, waitList, buffer, q, mem, entry))
    return err;
  if (!ptr)
    return apiError(entry, CL_INVALID_VALUE, "ptr is NULL");
  if (!inBounds(offset, size, mem->size()))
    return apiError(entry, CL_INVALID_VALUE, "offset %zu + size %zu exceeds the buffer's %zu bytes",
                    offset, size, mem->size());
  if (!(toHost ? mem->hostCanRead() : mem->hostCanWrite()))
    return apiError(entry, CL_INVALID_OPERATION, "the buffer's flags forbid the host to %s it",
                    toHost ? "read" : "write");
  return guarded([&] {
    Ref<MemObject> keep(mem);
    Event *e = q->enqueue(
        toHost ? CL_COMMAND_READ_BUFFER : CL_COMMAND_WRITE_BUFFER,
        [keep, offset, size, ptr, toHost] {
          char *inBuffer = keep->data() + offset;
          if (toHost)
            std::memcpy(ptr, inBuffer, size);
          else
            std::memcpy(inBuffer, ptr, size);
          return CL_SUCCESS;
        },
        numEvents, waitList);
    return completeEnqueue(e, event, blocking);
  });
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                    cl_bool blocking_read, size_t offset,
                                                    size_t size, void *ptr,
                                                    cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  return enqueueHostCopy(command_queue, buffer, /*toHost=*/true, blocking_read, offset, size, ptr,
                         num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                     cl_bool blocking_write, size_t offset,
                                                     size_t size, const void *ptr,
                                                     cl_uint num_events_in_wait_list,
                                                     const cl_event *event_wait_list,
                                                     cl_event *event) {
  // The command only reads through `ptr`.
  return enqueueHostCopy(command_queue, buffer, /*toHost=*/false, blocking_write, offset, size,
                         const_cast<void *>(ptr), num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue command_queue,
                                                    cl_mem src_buffer, cl_mem dst_buffer,
                                                    size_t src_offset, size_t dst_offset,
                                                    size_t size, cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  CopyEnds ends;
  if (cl_int err = resolveCopy(command_queue, num_events_in_wait_list, event_wait_list, src_buffer,
                               dst_buffer, ends))
    return err;
  auto [q, src, dst] = ends;
  if (size == 0)
    return apiError(__func__, CL_INVALID_VALUE, "size is 0");
  if (!inBounds(src_offset, size, src->size()) || !inBounds(dst_offset, size, dst->size()))
    return apiError(__func__, CL_INVALID_VALUE,
                    "src_offset %zu / dst_offset %zu + size %zu exceeds the source's %zu or the "
                    "destination's %zu bytes",
                    src_offset, dst_offset, size, src->size(), dst->size());
  if (sameStorageOverlap(*src, src_offset, *dst, dst_offset, size))
    return copyOverlap(__func__);
  return guarded([&] {
    Ref<MemObject> s(src), d(dst);
    Event *e = q->enqueue(CL_COMMAND_COPY_BUFFER, [s, d, src_offset, dst_offset, size] {
      std::memcpy(d->data() + dst_offset, s->data() + src_offset, size);
      return CL_SUCCESS;
    }, num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

} // extern "C"

namespace {

/// clEnqueueReadBufferRect and clEnqueueWriteBufferRect: the same checks,
/// then a rectangular copy between the buffer and host memory in the
/// direction `toHost` says.
cl_int enqueueHostRect(cl_command_queue command_queue, cl_mem buffer, bool toHost,
                       cl_bool blocking, const size_t *buffer_origin, const size_t *host_origin,
                       const size_t *region, size_t buffer_row_pitch, size_t buffer_slice_pitch,
                       size_t host_row_pitch, size_t host_slice_pitch, void *ptr,
                       cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                       cl_event *event) {
  const char *entry = toHost ? "clEnqueueReadBufferRect" : "clEnqueueWriteBufferRect";
  CommandQueue *q;
  MemObject *mem;
  if (cl_int err = resolveQueueBuffer(command_queue, num_events_in_wait_list, event_wait_list,
                                      buffer, q, mem, entry))
    return err;
  if (cl_int err = checkRectArgs(
          {{"ptr", ptr}, {"buffer_origin", buffer_origin}, {"host_origin", host_origin}}, region,
          entry))
    return err;
  rt::RectLayout bufferLayout{}, hostLayout{};
  if (cl_int err = resolveRect(buffer_origin, region, buffer_row_pitch, buffer_slice_pitch,
                               mem->size(), bufferLayout, "buffer", entry))
    return err;
  // Host memory: CoreCL cannot know its size, only that the rectangle
  // must not wrap around the address space.
  if (cl_int err =
          resolveRect(host_origin, region, host_row_pitch, host_slice_pitch,
                      SIZE_MAX - reinterpret_cast<uintptr_t>(ptr), hostLayout, "host", entry))
    return err;
  if (toHost ? !mem->hostCanRead() : !mem->hostCanWrite())
    return apiError(entry, CL_INVALID_OPERATION, "the buffer's flags forbid the host to %s it",
                    toHost ? "read" : "write");
  return enqueueHostRectCopy(
      *q, toHost ? CL_COMMAND_READ_BUFFER_RECT : CL_COMMAND_WRITE_BUFFER_RECT, mem, bufferLayout,
      ptr, hostLayout, {region[0], region[1], region[2]}, toHost, blocking, num_events_in_wait_list,
      event_wait_list, event, entry);
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, void *ptr, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return enqueueHostRect(command_queue, buffer, true, blocking_read, buffer_origin, host_origin,
                         region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                         host_slice_pitch, ptr, num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, const void *ptr, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  // The host memory is only read; the shared helper takes it as void *.
  return enqueueHostRect(command_queue, buffer, false, blocking_write, buffer_origin,
                         host_origin, region, buffer_row_pitch, buffer_slice_pitch,
                         host_row_pitch, host_slice_pitch, const_cast<void *>(ptr),
                         num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
    const size_t *src_origin, const size_t *dst_origin, const size_t *region,
    size_t src_row_pitch, size_t src_slice_pitch, size_t dst_row_pitch, size_t dst_slice_pitch,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  const char *entry = __func__;
  CopyEnds ends;
  if (cl_int err = resolveCopy(command_queue, num_events_in_wait_list, event_wait_list, src_buffer,
                               dst_buffer, ends))
    return err;
  auto [q, src, dst] = ends;
  if (cl_int err =
          checkRectArgs({{"src_origin", src_origin}, {"dst_origin", dst_origin}}, region, entry))
    return err;
  rt::RectLayout srcLayout{}, dstLayout{};
  if (cl_int err = resolveRect(src_origin, region, src_row_pitch, src_slice_pitch, src->size(),
                               srcLayout, "src", entry))
    return err;
  if (cl_int err = resolveRect(dst_origin, region, dst_row_pitch, dst_slice_pitch, dst->size(),
                               dstLayout, "dst", entry))
    return err;
  // The spec refuses one buffer with both pitches different; one of them
  // different is a legal copy.
  if (src == dst && srcLayout.rowPitch != dstLayout.rowPitch &&
      srcLayout.slicePitch != dstLayout.slicePitch)
    return apiError(entry, CL_INVALID_VALUE,
                    "one buffer, with different row pitches (%zu, %zu) and slice pitches (%zu, "
                    "%zu)",
                    srcLayout.rowPitch, dstLayout.rowPitch, srcLayout.slicePitch,
                    dstLayout.slicePitch);
  // The same buffer, or sub-buffers (or a sub-buffer and its parent) of
  // one: overlap is decided row by row, so rows that wrap are exact too.
  if (&src->root() == &dst->root() &&
      rowsOverlap(src->offset(), srcLayout, dst->offset(), dstLayout, region))
    return copyOverlap(entry);
  return enqueueRectCopy(*q, CL_COMMAND_COPY_BUFFER_RECT, src, srcLayout, dst, dstLayout,
                         {region[0], region[1], region[2]}, num_events_in_wait_list,
                         event_wait_list, event, entry);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                    const void *pattern, size_t pattern_size,
                                                    size_t offset, size_t size,
                                                    cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  const char *entry = __func__;
  CommandQueue *q;
  MemObject *mem;
  if (cl_int err = resolveQueueBuffer(command_queue, num_events_in_wait_list, event_wait_list,
                                      buffer, q, mem))
    return err;
  if (cl_int err = checkFillPattern(pattern, pattern_size, entry))
    return err;
  if (offset % pattern_size || size % pattern_size)
    return apiError(entry, CL_INVALID_VALUE,
                    "offset %zu or size %zu is not a multiple of pattern_size %zu", offset, size,
                    pattern_size);
  if (!inBounds(offset, size, mem->size()))
    return apiError(entry, CL_INVALID_VALUE, "offset %zu + size %zu exceeds the buffer's %zu bytes",
                    offset, size, mem->size());
  return guarded([&] {
    Ref<MemObject> keep(mem);
    std::array<unsigned char, 128> bytes;
    std::memcpy(bytes.data(), pattern, pattern_size);
    Event *e = q->enqueue(CL_COMMAND_FILL_BUFFER, [=] {
      rt::fillPattern(keep->data() + offset, size, bytes.data(), pattern_size);
      return CL_SUCCESS;
    }, num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                  cl_bool blocking_map, cl_map_flags map_flags,
                                                  size_t offset, size_t size,
                                                  cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event, cl_int *errcode_ret) {
  const char *entry = __func__;
  auto fail = [&](cl_int code) { return withError<void>(errcode_ret, code); };
  CommandQueue *q;
  MemObject *mem;
  if (cl_int err = resolveQueueBuffer(command_queue, num_events_in_wait_list, event_wait_list,
                                      buffer, q, mem))
    return fail(err);
  if (cl_int err = checkMapFlags(*mem, map_flags, "buffer", entry))
    return fail(err);
  if (size == 0 || !inBounds(offset, size, mem->size()))
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "offset %zu + size %zu is empty or exceeds the buffer's %zu bytes", offset,
                         size, mem->size()));
  try {
    // Zero-copy: the mapped pointer is the buffer's own storage (the
    // application's pointer for CL_MEM_USE_HOST_PTR). The command only
    // orders the map against the queue.
    Event *e = q->enqueue(CL_COMMAND_MAP_BUFFER, nullptr, num_events_in_wait_list,
                          event_wait_list);
    cl_int err = completeEnqueue(e, event, blocking_map);
    if (err != CL_SUCCESS)
      return fail(err);
    return withError<void>(errcode_ret, CL_SUCCESS, mem->addMapping(offset, size));
  } catch (const std::bad_alloc &) {
    return fail(caught(entry, CL_OUT_OF_HOST_MEMORY, "out of host memory"));
  }
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue command_queue,
                                                        cl_mem memobj, void *mapped_ptr,
                                                        cl_uint num_events_in_wait_list,
                                                        const cl_event *event_wait_list,
                                                        cl_event *event) {
  const char *entry = __func__;
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  MemObject *mem;
  if (cl_int err = resolveMemObject(*q, memobj, mem, "memobj", 0, entry))
    return err;
  return guarded([&] {
    if (!mem->removeMapping(mapped_ptr))
      return apiError(entry, CL_INVALID_VALUE, "mapped_ptr %p is not a mapping of memobj",
                      mapped_ptr);
    Event *e = q->enqueue(CL_COMMAND_UNMAP_MEM_OBJECT, nullptr, num_events_in_wait_list,
                          event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemObjects(
    cl_command_queue command_queue, cl_uint num_mem_objects, const cl_mem *mem_objects,
    cl_mem_migration_flags flags, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  const char *entry = __func__;
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q))
    return err;
  if (num_mem_objects == 0 || !mem_objects)
    return apiError(entry, CL_INVALID_VALUE, "num_mem_objects is %u and mem_objects is %s",
                    num_mem_objects, mem_objects ? "not NULL" : "NULL");
  if (flags & ~cl_mem_migration_flags(CL_MIGRATE_MEM_OBJECT_HOST |
                                      CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
    return apiError(entry, CL_INVALID_VALUE, "flags 0x%llx: unknown migration flags",
                    (unsigned long long)flags);
  for (cl_uint i = 0; i < num_mem_objects; ++i) {
    MemObject *m;
    if (cl_int err = resolveMemObject(*q, mem_objects[i], m, "mem_objects", i, entry))
      return err;
  }
  // Host and device share memory: migration only orders the queue.
  return guarded([&] {
    Event *e = q->enqueue(CL_COMMAND_MIGRATE_MEM_OBJECTS, nullptr, num_events_in_wait_list,
                          event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

} // extern "C"
