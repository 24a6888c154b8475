// Asynchronous copies between global and local memory, and prefetch.
//
// Every work-item of the group makes the same call; each copies a share of
// the elements (work-item i takes i, i + items, i + 2 * items, ...), so the
// copy is spread over the group and vectorises like any work-item loop.
// wait_group_events is a work-group barrier: after it every work-item sees
// the whole copy. The returned event carries nothing: the copy is done when
// the call returns, and waiting only needs the barrier.
#include "builtins.h"

static inline size_t groupItems(void) {
  return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

// prefetch() is a hint: the cache lines of the first 4 KiB of the range
// are requested for reading (x86 prefetcht0), the rest left alone.
static inline void prefetchBytes(const __global char *p, size_t bytes) {
  size_t end = bytes < 4096 ? bytes : 4096;
  for (size_t i = 0; i < end; i += 64)
    __builtin_prefetch(p + i, 0, 3);
}

// One direction of the strided copy: element i goes from src[i * SRC_STEP]
// to dst[i * DST_STEP] (one of the steps is the stride, the other 1).
#define ASYNC_STRIDED(T, DST_AS, SRC_AS, DST_STEP, SRC_STEP)                                   \
  OVERLOAD event_t async_work_group_strided_copy(DST_AS T *dst, const SRC_AS T *src, size_t n, \
                                                 size_t stride, event_t event) {              \
    for (size_t i = get_local_linear_id(); i < n; i += groupItems())                           \
      dst[i * (DST_STEP)] = src[i * (SRC_STEP)];                                               \
    return event;                                                                              \
  }                                                                                            \
  OVERLOAD event_t async_work_group_copy(DST_AS T *dst, const SRC_AS T *src, size_t n,         \
                                         event_t event) {                                     \
    return async_work_group_strided_copy(dst, src, n, 1, event);                               \
  }

#define ASYNC_COPY(T)                                                                          \
  ASYNC_STRIDED(T, __local, __global, 1, stride)                                               \
  ASYNC_STRIDED(T, __global, __local, stride, 1)                                               \
  OVERLOAD void prefetch(const __global T *p, size_t n) {                                     \
    prefetchBytes((const __global char *)p, n * sizeof(T));                                     \
  }

#define ASYNC_COPY_ALL_WIDTHS(T)                                                               \
  ASYNC_COPY(T)                                                                                \
  ASYNC_COPY(T##2) ASYNC_COPY(T##3) ASYNC_COPY(T##4) ASYNC_COPY(T##8) ASYNC_COPY(T##16)

ASYNC_COPY_ALL_WIDTHS(char)
ASYNC_COPY_ALL_WIDTHS(uchar)
ASYNC_COPY_ALL_WIDTHS(short)
ASYNC_COPY_ALL_WIDTHS(ushort)
ASYNC_COPY_ALL_WIDTHS(int)
ASYNC_COPY_ALL_WIDTHS(uint)
ASYNC_COPY_ALL_WIDTHS(long)
ASYNC_COPY_ALL_WIDTHS(ulong)
ASYNC_COPY_ALL_WIDTHS(float)
ASYNC_COPY_ALL_WIDTHS(double)

// Programs for OpenCL C 2.0 and later pass a generic pointer; 1.x programs
// a private one.
OVERLOAD void wait_group_events(int count, event_t *events) {
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
OVERLOAD void wait_group_events(int count, __private event_t *events) {
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
