// The work-group collective functions of OpenCL C 2.0/3.0
// (__opencl_c_work_group_collective_functions): work_group_all/any,
// work_group_broadcast and work_group_reduce/scan_inclusive/
// scan_exclusive_<add|min|max>.
//
// A work-group runs on one thread as loops over its work-items, cut at each
// barrier (compiler/passes/barrier_regions). A collective is two such cuts:
// every work-item writes its value to its slot of the group's scratch row
// (a plain store, so a vectorised loop writes a whole vector of work-items
// at once), then work-item 0 combines the row in order on its own (reduce:
// the result goes to slot n; scans: in place), then every work-item reads
// its answer. The reads need no cut after them: the next collective writes
// only a work-item's own slot (which it has read already) before its first
// cut, and slot n only after it. A broadcast is the exception: its chosen
// work-item writes slot 0, which every work-item reads, so a broadcast ends
// with a third cut, lest the next broadcast's write overtake a read.
//
// The scratch row (kernel_abi.h, corecl_wg_ctx.group_scratch) holds one
// 8-byte slot per work-item of the group, plus two.
#include "builtins.h"

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Lowered by the compiler to the launch context's scratch row.
local void *__corecl_group_scratch(void);

static size_t group_items(void) {
  return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

#define SYNC() work_group_barrier(CLK_LOCAL_MEM_FENCE)

// Every collective's first step: `value` into this work-item's slot of the
// row (of T), then the cut; leaves `row`, `n` and `lid` for the rest.
#define WRITE_ROW(T, value)                                                                    \
  local T *row = (local T *)__corecl_group_scratch();                                         \
  size_t n = group_items(), lid = get_local_linear_id();                                       \
  row[lid] = value;                                                                            \
  SYNC();

#define ADD(a, b) ((a) + (b))
#define IMIN(a, b) min(a, b)
#define IMAX(a, b) max(a, b)
#define FMIN(a, b) fmin(a, b)
#define FMAX(a, b) fmax(a, b)

// reduce and both scans for op OP with identity ID on type T.
#define COLLECTIVE(T, name, OP, ID)                                                            \
  OVERLOAD T work_group_reduce_##name(T x) {                                                   \
    WRITE_ROW(T, x)                                                                            \
    if (lid == 0) {                                                                            \
      T acc = row[0];                                                                          \
      for (size_t k = 1; k < n; ++k)                                                           \
        acc = OP(acc, row[k]);                                                                 \
      row[n] = acc;                                                                            \
    }                                                                                          \
    SYNC();                                                                                    \
    return row[n];                                                                             \
  }                                                                                            \
  OVERLOAD T work_group_scan_inclusive_##name(T x) {                                           \
    WRITE_ROW(T, x)                                                                            \
    if (lid == 0) {                                                                            \
      T acc = row[0];                                                                          \
      for (size_t k = 1; k < n; ++k)                                                           \
        row[k] = acc = OP(acc, row[k]);                                                        \
    }                                                                                          \
    SYNC();                                                                                    \
    return row[lid];                                                                           \
  }                                                                                            \
  OVERLOAD T work_group_scan_exclusive_##name(T x) {                                           \
    WRITE_ROW(T, x)                                                                            \
    if (lid == 0) {                                                                            \
      T acc = ID;                                                                              \
      for (size_t k = 0; k < n; ++k) {                                                         \
        T next = OP(acc, row[k]);                                                              \
        row[k] = acc;                                                                          \
        acc = next;                                                                            \
      }                                                                                        \
    }                                                                                          \
    SYNC();                                                                                    \
    return row[lid];                                                                           \
  }

// The identities the spec names: 0 for add, the type's largest value for
// min and smallest for max (+INF and -INF for floating point).
#define INTEGER_COLLECTIVES(T, TMIN, TMAX)                                                     \
  COLLECTIVE(T, add, ADD, (T)0)                                                                \
  COLLECTIVE(T, min, IMIN, TMAX)                                                               \
  COLLECTIVE(T, max, IMAX, TMIN)
#define FLOAT_COLLECTIVES(T)                                                                   \
  COLLECTIVE(T, add, ADD, (T)0)                                                                \
  COLLECTIVE(T, min, FMIN, (T)INFINITY)                                                        \
  COLLECTIVE(T, max, FMAX, (T)-INFINITY)

INTEGER_COLLECTIVES(int, INT_MIN, INT_MAX)
INTEGER_COLLECTIVES(uint, 0u, UINT_MAX)
INTEGER_COLLECTIVES(long, LONG_MIN, LONG_MAX)
INTEGER_COLLECTIVES(ulong, 0ul, ULONG_MAX)
FLOAT_COLLECTIVES(float)
FLOAT_COLLECTIVES(double)

// all/any: a reduction of the predicates' truth.
#define PREDICATE(name, START, COMBINE)                                                        \
  OVERLOAD int work_group_##name(int predicate) {                                              \
    WRITE_ROW(int, predicate != 0)                                                             \
    if (lid == 0) {                                                                            \
      int acc = START;                                                                         \
      for (size_t k = 0; k < n; ++k)                                                           \
        acc = acc COMBINE row[k];                                                              \
      row[n] = acc;                                                                            \
    }                                                                                          \
    SYNC();                                                                                    \
    return row[n];                                                                             \
  }
PREDICATE(all, 1, &)
PREDICATE(any, 0, |)

// broadcast: the chosen work-item writes slot 0, every work-item reads it.
#define BROADCAST(T)                                                                           \
  static T broadcast_linear_##T(T a, size_t from) {                                            \
    local T *row = (local T *)__corecl_group_scratch();                                       \
    if (get_local_linear_id() == from)                                                         \
      row[0] = a;                                                                              \
    SYNC();                                                                                    \
    T result = row[0];                                                                         \
    SYNC();                                                                                    \
    return result;                                                                             \
  }                                                                                            \
  OVERLOAD T work_group_broadcast(T a, size_t x) { return broadcast_linear_##T(a, x); }       \
  OVERLOAD T work_group_broadcast(T a, size_t x, size_t y) {                                   \
    return broadcast_linear_##T(a, y * get_local_size(0) + x);                                 \
  }                                                                                            \
  OVERLOAD T work_group_broadcast(T a, size_t x, size_t y, size_t z) {                         \
    return broadcast_linear_##T(a, (z * get_local_size(1) + y) * get_local_size(0) + x);       \
  }
BROADCAST(int)
BROADCAST(uint)
BROADCAST(long)
BROADCAST(ulong)
BROADCAST(float)
BROADCAST(double)
