// OpenCL 1.x atomic functions (atomic_*) and the cl_khr_*_atomics forms
// (atom_*), for 32-bit integers in global and local memory and 64-bit
// integers (cl_khr_int64_base/extended_atomics). Each is one hardware atomic
// read-modify-write; 1.x atomics carry no ordering beyond their own
// atomicity, so they are relaxed.
#include "builtins.h"

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#define RELAXED __ATOMIC_RELAXED

#define ATOMIC_RMW(prefix, AS, T)                                                              \
  OVERLOAD T prefix##_add(volatile AS T *p, T v) { return __atomic_fetch_add(p, v, RELAXED); } \
  OVERLOAD T prefix##_sub(volatile AS T *p, T v) { return __atomic_fetch_sub(p, v, RELAXED); } \
  OVERLOAD T prefix##_xchg(volatile AS T *p, T v) { return __atomic_exchange_n(p, v, RELAXED); } \
  OVERLOAD T prefix##_inc(volatile AS T *p) { return __atomic_fetch_add(p, (T)1, RELAXED); }   \
  OVERLOAD T prefix##_dec(volatile AS T *p) { return __atomic_fetch_sub(p, (T)1, RELAXED); }   \
  OVERLOAD T prefix##_cmpxchg(volatile AS T *p, T expected, T desired) {                       \
    __atomic_compare_exchange_n(p, &expected, desired, false, RELAXED, RELAXED);               \
    return expected;                                                                           \
  }                                                                                            \
  OVERLOAD T prefix##_min(volatile AS T *p, T v) { return __atomic_fetch_min(p, v, RELAXED); } \
  OVERLOAD T prefix##_max(volatile AS T *p, T v) { return __atomic_fetch_max(p, v, RELAXED); } \
  OVERLOAD T prefix##_and(volatile AS T *p, T v) { return __atomic_fetch_and(p, v, RELAXED); } \
  OVERLOAD T prefix##_or(volatile AS T *p, T v) { return __atomic_fetch_or(p, v, RELAXED); }   \
  OVERLOAD T prefix##_xor(volatile AS T *p, T v) { return __atomic_fetch_xor(p, v, RELAXED); }

#define ATOMIC_ALL_SPACES(prefix, T)                                                           \
  ATOMIC_RMW(prefix, __global, T)                                                              \
  ATOMIC_RMW(prefix, __local, T)

ATOMIC_ALL_SPACES(atomic, int)
ATOMIC_ALL_SPACES(atomic, uint)
ATOMIC_ALL_SPACES(atom, int)
ATOMIC_ALL_SPACES(atom, uint)
ATOMIC_ALL_SPACES(atom, long)
ATOMIC_ALL_SPACES(atom, ulong)

// atomic_xchg on float swaps the bits.
#define ATOMIC_XCHG_FLOAT(AS)                                                                  \
  OVERLOAD float atomic_xchg(volatile AS float *p, float v) {                                  \
    return as_float(__atomic_exchange_n((volatile AS uint *)p, as_uint(v), RELAXED));          \
  }
ATOMIC_XCHG_FLOAT(__global)
ATOMIC_XCHG_FLOAT(__local)
