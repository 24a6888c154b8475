// The OpenCL C 2.0/3.0 atomic functions (atomic_init, atomic_load,
// atomic_store, atomic_exchange, atomic_compare_exchange_*,
// atomic_fetch_<key>, atomic_flag_*, atomic_work_item_fence) on __global,
// __local and generic objects, in their plain, order-only and
// order-and-scope forms.
//
// Every form is a host atomic with the requested memory order (Clang turns
// a non-constant order into a switch that folds once the caller's constant
// is inlined). Scopes need no code of their own: a host atomic is ordered
// for every thread of the process, which covers the work-item, work-group,
// device and all-devices scopes alike, so the device reports every order
// and scope (CL_DEVICE_ATOMIC_*_CAPABILITIES).
//
// Compiled for x86-64 like atomics_host.cl (the spir64 target has no
// lock-free atomics); the signatures are scalar, so their IR is the same
// under both ABIs.
#include "builtins.h"

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#define SEQ_CST __ATOMIC_SEQ_CST

// atomic_init, load, store and exchange, for an atomic type A holding T.
#define C11_LOAD_STORE(AS, A, T)                                                               \
  OVERLOAD void atomic_init(volatile AS A *p, T v) { __c11_atomic_init(p, v); }               \
  OVERLOAD void atomic_store(volatile AS A *p, T v) { __c11_atomic_store(p, v, SEQ_CST); }    \
  OVERLOAD void atomic_store_explicit(volatile AS A *p, T v, memory_order o) {                 \
    __c11_atomic_store(p, v, o);                                                               \
  }                                                                                            \
  OVERLOAD void atomic_store_explicit(volatile AS A *p, T v, memory_order o, memory_scope s) { \
    __c11_atomic_store(p, v, o);                                                               \
  }                                                                                            \
  OVERLOAD T atomic_load(volatile AS A *p) { return __c11_atomic_load(p, SEQ_CST); }          \
  OVERLOAD T atomic_load_explicit(volatile AS A *p, memory_order o) {                          \
    return __c11_atomic_load(p, o);                                                            \
  }                                                                                            \
  OVERLOAD T atomic_load_explicit(volatile AS A *p, memory_order o, memory_scope s) {          \
    return __c11_atomic_load(p, o);                                                            \
  }                                                                                            \
  OVERLOAD T atomic_exchange(volatile AS A *p, T v) {                                          \
    return __c11_atomic_exchange(p, v, SEQ_CST);                                               \
  }                                                                                            \
  OVERLOAD T atomic_exchange_explicit(volatile AS A *p, T v, memory_order o) {                 \
    return __c11_atomic_exchange(p, v, o);                                                     \
  }                                                                                            \
  OVERLOAD T atomic_exchange_explicit(volatile AS A *p, T v, memory_order o, memory_scope s) { \
    return __c11_atomic_exchange(p, v, o);                                                     \
  }

// compare_exchange with `expected` in address space EAS. The exchange runs
// on a private copy of *expected, which is written back only on failure,
// as C11 says (a write on success could race with the owner of *expected).
#define C11_CMPXCHG_ONE(kind, weak, AS, EAS, A, T)                                             \
  OVERLOAD bool atomic_compare_exchange_##kind##_explicit(                                     \
      volatile AS A *p, EAS T *expected, T desired, memory_order success,                      \
      memory_order failure, memory_scope s) {                                                  \
    T seen = *expected;                                                                        \
    bool done =                                                                                \
        weak ? __c11_atomic_compare_exchange_weak(p, &seen, desired, success, failure)         \
             : __c11_atomic_compare_exchange_strong(p, &seen, desired, success, failure);      \
    if (!done)                                                                                 \
      *expected = seen;                                                                        \
    return done;                                                                               \
  }                                                                                            \
  OVERLOAD bool atomic_compare_exchange_##kind##_explicit(                                     \
      volatile AS A *p, EAS T *expected, T desired, memory_order success,                      \
      memory_order failure) {                                                                  \
    return atomic_compare_exchange_##kind##_explicit(p, expected, desired, success, failure,   \
                                                     memory_scope_device);                     \
  }                                                                                            \
  OVERLOAD bool atomic_compare_exchange_##kind(volatile AS A *p, EAS T *expected, T desired) { \
    return atomic_compare_exchange_##kind##_explicit(p, expected, desired, SEQ_CST, SEQ_CST,   \
                                                     memory_scope_device);                     \
  }

#define C11_CMPXCHG(AS, A, T)                                                                  \
  C11_CMPXCHG_ONE(strong, false, AS, __global, A, T)                                           \
  C11_CMPXCHG_ONE(strong, false, AS, __local, A, T)                                            \
  C11_CMPXCHG_ONE(strong, false, AS, __private, A, T)                                          \
  C11_CMPXCHG_ONE(weak, true, AS, __global, A, T)                                              \
  C11_CMPXCHG_ONE(weak, true, AS, __local, A, T)                                               \
  C11_CMPXCHG_ONE(weak, true, AS, __private, A, T)

// atomic_fetch_<key> on an atomic type A holding T, with an operand of type
// V (T itself, or the other-signed type for the intptr/uintptr forms).
#define C11_FETCH_ONE(key, AS, A, T, V)                                                        \
  OVERLOAD T atomic_fetch_##key(volatile AS A *p, V v) {                                       \
    return __c11_atomic_fetch_##key(p, (T)v, SEQ_CST);                                         \
  }                                                                                            \
  OVERLOAD T atomic_fetch_##key##_explicit(volatile AS A *p, V v, memory_order o) {            \
    return __c11_atomic_fetch_##key(p, (T)v, o);                                               \
  }                                                                                            \
  OVERLOAD T atomic_fetch_##key##_explicit(volatile AS A *p, V v, memory_order o,              \
                                           memory_scope s) {                                   \
    return __c11_atomic_fetch_##key(p, (T)v, o);                                               \
  }

#define C11_FETCH(AS, A, T, V)                                                                 \
  C11_FETCH_ONE(add, AS, A, T, V)                                                              \
  C11_FETCH_ONE(sub, AS, A, T, V)                                                              \
  C11_FETCH_ONE(or, AS, A, T, V)                                                               \
  C11_FETCH_ONE(xor, AS, A, T, V)                                                              \
  C11_FETCH_ONE(and, AS, A, T, V)                                                              \
  C11_FETCH_ONE(min, AS, A, T, V)                                                              \
  C11_FETCH_ONE(max, AS, A, T, V)

// atomic_flag is an atomic_int that is either 0 (clear) or 1 (set).
#define C11_FLAG(AS)                                                                           \
  OVERLOAD bool atomic_flag_test_and_set_explicit(volatile AS atomic_flag *p, memory_order o,  \
                                                  memory_scope s) {                            \
    return __c11_atomic_exchange(p, 1, o) != 0;                                                \
  }                                                                                            \
  OVERLOAD bool atomic_flag_test_and_set_explicit(volatile AS atomic_flag *p, memory_order o) { \
    return __c11_atomic_exchange(p, 1, o) != 0;                                                \
  }                                                                                            \
  OVERLOAD bool atomic_flag_test_and_set(volatile AS atomic_flag *p) {                         \
    return __c11_atomic_exchange(p, 1, SEQ_CST) != 0;                                          \
  }                                                                                            \
  OVERLOAD void atomic_flag_clear_explicit(volatile AS atomic_flag *p, memory_order o,         \
                                           memory_scope s) {                                   \
    __c11_atomic_store(p, 0, o);                                                               \
  }                                                                                            \
  OVERLOAD void atomic_flag_clear_explicit(volatile AS atomic_flag *p, memory_order o) {       \
    __c11_atomic_store(p, 0, o);                                                               \
  }                                                                                            \
  OVERLOAD void atomic_flag_clear(volatile AS atomic_flag *p) {                                \
    __c11_atomic_store(p, 0, SEQ_CST);                                                         \
  }

// OP for each atomic type of OpenCL C with its value type.
#define C11_EACH_TYPE(OP, AS)                                                                  \
  OP(AS, atomic_int, int)                                                                      \
  OP(AS, atomic_uint, uint)                                                                    \
  OP(AS, atomic_long, long)                                                                    \
  OP(AS, atomic_ulong, ulong) OP(AS, atomic_float, float) OP(AS, atomic_double, double)

// A generic atomic object takes a generic `expected` only.
#define C11_CMPXCHG_GENERIC(AS, A, T)                                                          \
  C11_CMPXCHG_ONE(strong, false, AS, __generic, A, T)                                          \
  C11_CMPXCHG_ONE(weak, true, AS, __generic, A, T)

#define C11_ALL(AS, CMPXCHG)                                                                   \
  C11_EACH_TYPE(C11_LOAD_STORE, AS)                                                            \
  C11_EACH_TYPE(CMPXCHG, AS)                                                                   \
  C11_FETCH(AS, atomic_int, int, int)                                                          \
  C11_FETCH(AS, atomic_uint, uint, uint)                                                       \
  C11_FETCH(AS, atomic_long, long, long)                                                       \
  C11_FETCH(AS, atomic_ulong, ulong, ulong)                                                    \
  /* atomic_uintptr_t with a ptrdiff_t/intptr_t operand, atomic_intptr_t   */                  \
  /* with a uintptr_t operand.                                              */                  \
  C11_FETCH(AS, atomic_ulong, ulong, long)                                                     \
  C11_FETCH(AS, atomic_long, long, ulong)                                                      \
  C11_FLAG(AS)

C11_ALL(__global, C11_CMPXCHG)
C11_ALL(__local, C11_CMPXCHG)
C11_ALL(__generic, C11_CMPXCHG_GENERIC)

// A fence for this work-item's accesses in `flags`' address spaces. On the
// host one thread fence orders them all; a relaxed fence orders nothing.
OVERLOAD void atomic_work_item_fence(cl_mem_fence_flags flags, memory_order o, memory_scope s) {
  if (o != __ATOMIC_RELAXED)
    __c11_atomic_thread_fence(o);
}
