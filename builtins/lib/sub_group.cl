// Sub-groups (OpenCL C 3.0's __opencl_c_subgroups and the extended
// sub-group extensions: extended types, non-uniform vote, ballot,
// non-uniform arithmetic, shuffle, shuffle relative, clustered reduce; not
// the cl_khr_subgroups extension, which asks for independent forward
// progress between sub-groups).
//
// CoreCL's sub-groups have one work-item each (get_max_sub_group_size() is
// 1, and CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE says so). A sub-group of
// one is uniform wherever it runs, so every sub-group function is exact in
// any control flow and needs no communication between work-items: a reduce
// or inclusive scan is the value itself, an exclusive scan the operation's
// identity, a broadcast or shuffle the value (the only valid source is the
// work-item itself), a ballot the predicate in bit 0. The vectorised
// work-item loop runs these as plain lane-wise code. (Mapping sub-groups to
// the vector lanes, so that sub-groups have 8 or 16 work-items, is work
// still to do: docs/conformance.md.)
#include "builtins.h"

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Work-item functions.
OVERLOAD uint get_sub_group_size(void) { return 1; }
OVERLOAD uint get_max_sub_group_size(void) { return 1; }
OVERLOAD uint get_sub_group_local_id(void) { return 0; }
OVERLOAD uint get_sub_group_id(void) { return (uint)get_local_linear_id(); }
OVERLOAD uint get_num_sub_groups(void) {
  return (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
}
OVERLOAD uint get_enqueued_num_sub_groups(void) {
  return (uint)(get_enqueued_local_size(0) * get_enqueued_local_size(1) *
                get_enqueued_local_size(2));
}

// A barrier of one work-item only orders its memory operations.
OVERLOAD void sub_group_barrier(cl_mem_fence_flags flags) {
  __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
}
OVERLOAD void sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope) {
  __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
}

// Votes.
OVERLOAD int sub_group_all(int predicate) { return predicate != 0; }
OVERLOAD int sub_group_any(int predicate) { return predicate != 0; }
OVERLOAD int sub_group_non_uniform_all(int predicate) { return predicate != 0; }
OVERLOAD int sub_group_non_uniform_any(int predicate) { return predicate != 0; }
OVERLOAD int sub_group_elect(void) { return 1; }

// broadcast, shuffles, reduce and scans of op on type T.
#define MOVES(T)                                                                               \
  OVERLOAD T sub_group_broadcast(T x, uint id) { return x; }                                   \
  OVERLOAD T sub_group_non_uniform_broadcast(T x, uint id) { return x; }                       \
  OVERLOAD T sub_group_broadcast_first(T x) { return x; }                                      \
  OVERLOAD T sub_group_shuffle(T x, uint id) { return x; }                                     \
  OVERLOAD T sub_group_shuffle_xor(T x, uint mask) { return x; }                               \
  OVERLOAD T sub_group_shuffle_up(T x, uint delta) { return x; }                               \
  OVERLOAD T sub_group_shuffle_down(T x, uint delta) { return x; }                             \
  OVERLOAD int sub_group_non_uniform_all_equal(T x) { return 1; }

// Every operation on type T, with its identity for the exclusive scan.
#define OP(T, op, IDENTITY)                                                                    \
  OVERLOAD T sub_group_non_uniform_reduce_##op(T x) { return x; }                              \
  OVERLOAD T sub_group_non_uniform_scan_inclusive_##op(T x) { return x; }                      \
  OVERLOAD T sub_group_non_uniform_scan_exclusive_##op(T x) { return IDENTITY; }               \
  OVERLOAD T sub_group_clustered_reduce_##op(T x, uint clustersize) { return x; }

// The uniform forms exist for add, min and max only.
#define UNIFORM_OP(T, op, IDENTITY)                                                            \
  OVERLOAD T sub_group_reduce_##op(T x) { return x; }                                          \
  OVERLOAD T sub_group_scan_inclusive_##op(T x) { return x; }                                  \
  OVERLOAD T sub_group_scan_exclusive_##op(T x) { return IDENTITY; }

#define ARITHMETIC(T, LOWEST, HIGHEST)                                                         \
  MOVES(T)                                                                                     \
  UNIFORM_OP(T, add, (T)0)                                                                     \
  UNIFORM_OP(T, min, HIGHEST)                                                                  \
  UNIFORM_OP(T, max, LOWEST)                                                                   \
  OP(T, add, (T)0)                                                                             \
  OP(T, mul, (T)1)                                                                             \
  OP(T, min, HIGHEST)                                                                          \
  OP(T, max, LOWEST)

#define INTEGER(T, LOWEST, HIGHEST)                                                            \
  ARITHMETIC(T, LOWEST, HIGHEST)                                                               \
  OP(T, and, (T) ~(T)0)                                                                        \
  OP(T, or, (T)0)                                                                              \
  OP(T, xor, (T)0)

INTEGER(char, (char)CHAR_MIN, (char)CHAR_MAX)
INTEGER(uchar, (uchar)0, (uchar)UCHAR_MAX)
INTEGER(short, (short)SHRT_MIN, (short)SHRT_MAX)
INTEGER(ushort, (ushort)0, (ushort)USHRT_MAX)
INTEGER(int, INT_MIN, INT_MAX)
INTEGER(uint, 0u, UINT_MAX)
INTEGER(long, LONG_MIN, LONG_MAX)
INTEGER(ulong, 0ul, ULONG_MAX)
ARITHMETIC(float, -INFINITY, INFINITY)
ARITHMETIC(double, -(double)INFINITY, (double)INFINITY)

// Logical operations on int predicates: the truth of the value.
#define LOGICAL(op, IDENTITY)                                                                  \
  OVERLOAD int sub_group_non_uniform_reduce_logical_##op(int predicate) {                      \
    return predicate != 0;                                                                     \
  }                                                                                            \
  OVERLOAD int sub_group_non_uniform_scan_inclusive_logical_##op(int predicate) {              \
    return predicate != 0;                                                                     \
  }                                                                                            \
  OVERLOAD int sub_group_non_uniform_scan_exclusive_logical_##op(int predicate) {              \
    return IDENTITY;                                                                           \
  }                                                                                            \
  OVERLOAD int sub_group_clustered_reduce_logical_##op(int predicate, uint clustersize) {      \
    return predicate != 0;                                                                     \
  }
LOGICAL(and, 1)
LOGICAL(or, 0)
LOGICAL(xor, 0)

// Vector broadcasts (cl_khr_subgroup_extended_types, and the non-uniform
// broadcast of cl_khr_subgroup_ballot).
#define VECTOR_BROADCAST(T, N)                                                                 \
  OVERLOAD T##N sub_group_broadcast(T##N x, uint id) { return x; }                             \
  OVERLOAD T##N sub_group_non_uniform_broadcast(T##N x, uint id) { return x; }
#define VECTOR_BROADCASTS(T)                                                                   \
  VECTOR_BROADCAST(T, 2)                                                                       \
  VECTOR_BROADCAST(T, 3)                                                                       \
  VECTOR_BROADCAST(T, 4) VECTOR_BROADCAST(T, 8) VECTOR_BROADCAST(T, 16)
VECTOR_BROADCASTS(char)
VECTOR_BROADCASTS(uchar)
VECTOR_BROADCASTS(short)
VECTOR_BROADCASTS(ushort)
VECTOR_BROADCASTS(int)
VECTOR_BROADCASTS(uint)
VECTOR_BROADCASTS(long)
VECTOR_BROADCASTS(ulong)
VECTOR_BROADCASTS(float)
VECTOR_BROADCASTS(double)

// Ballots: a sub-group's bit mask has bit 0 only.
OVERLOAD uint4 sub_group_ballot(int predicate) { return (uint4)(predicate != 0, 0, 0, 0); }
OVERLOAD int sub_group_inverse_ballot(uint4 value) { return value.x & 1; }
OVERLOAD int sub_group_ballot_bit_extract(uint4 value, uint index) {
  uint word = index < 32 ? value.x : index < 64 ? value.y : index < 96 ? value.z : value.w;
  return (word >> (index & 31)) & 1;
}
OVERLOAD uint sub_group_ballot_bit_count(uint4 value) { return value.x & 1; }
OVERLOAD uint sub_group_ballot_inclusive_scan(uint4 value) { return value.x & 1; }
OVERLOAD uint sub_group_ballot_exclusive_scan(uint4 value) { return 0; }
// Only bit 0 lies in the sub-group; the spec leaves the answer open when it
// is clear.
OVERLOAD uint sub_group_ballot_find_lsb(uint4 value) { return 0; }
OVERLOAD uint sub_group_ballot_find_msb(uint4 value) { return 0; }
OVERLOAD uint4 get_sub_group_eq_mask(void) { return (uint4)(1, 0, 0, 0); }
OVERLOAD uint4 get_sub_group_ge_mask(void) { return (uint4)(1, 0, 0, 0); }
OVERLOAD uint4 get_sub_group_gt_mask(void) { return (uint4)(0, 0, 0, 0); }
OVERLOAD uint4 get_sub_group_le_mask(void) { return (uint4)(1, 0, 0, 0); }
OVERLOAD uint4 get_sub_group_lt_mask(void) { return (uint4)(0, 0, 0, 0); }
