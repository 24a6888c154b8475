// Sub-groups (OpenCL C 3.0's __opencl_c_subgroups and the extended
// sub-group extensions: extended types, non-uniform vote, ballot,
// non-uniform arithmetic, shuffle, shuffle relative, clustered reduce; not
// the cl_khr_subgroups extension, which asks for independent forward
// progress between sub-groups).
//
// A sub-group is W consecutive work-items of a row (dimension 0), W being
// the launch's sub-group width (__corecl_sub_group_width(), lowered to the
// launch context's field): the runtime chooses the kernel's packet width
// where each group is one row or the width divides every row, else 1
// (compiler/passes/sub_group_lanes.h, docs/architecture.md). A row's last
// sub-group may be narrower. With W > 1 the regions that exchange values
// between work-items run only as packets of W lanes, one sub-group per
// packet (the last with its trailing lanes off); with W = 1 they run one
// work-item at a time.
//
// Every exchange goes through one primitive, __corecl_sub_group_read_*(x,
// lane): the value `x` has in lane `lane` of the sub-group. The packetiser
// lowers it to a lane extract or permute; in code run one work-item at a
// time it is `x` itself. Reductions and scans below are loops over the
// lanes in lane order, as the CTS's references compute them, each step
// kept by a select where its lane lies in the sub-group (a branch on the
// sub-group's size would be one the packetiser cannot tell uniform); inside
// a packet W is a constant and the loops unroll into straight vector code.
// Every lane of a packet that reaches such a call is active (a call under a
// branch the lanes may take apart keeps the kernel at W = 1), so the
// non-uniform forms equal the uniform ones.
#include "builtins.h"

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// Lowered by the compiler: the launch's sub-group width, and a lane's
// value (see above).
uint __corecl_sub_group_width(void);
uint __corecl_sub_group_read_u32(uint x, uint lane);
ulong __corecl_sub_group_read_u64(ulong x, uint lane);

// The width is a power of two (kernel_abi.h): lanes and sub-group indices
// are a mask and a shift, where a division by a width only known at run
// time cost every work-item a scalar division (an add of
// get_sub_group_local_id() to a copy ran 6 times slower).
static uint width(void) { return __corecl_sub_group_width(); }
static uint width_log2(void) { return ctz(width()); }
static uint lane_id(void) { return (uint)get_local_id(0) & (width() - 1); }
// This sub-group's work-items: W, or fewer for a row's last.
static uint size(void) {
  return min(width(), (uint)get_local_size(0) - ((uint)get_local_id(0) - lane_id()));
}
static uint per_row(uint row) { return (row + width() - 1) >> width_log2(); }
// The same size where lanes exchange values anyway: from lane 0's local id,
// a value the packet holds once (the arithmetic above is the same in every
// lane, but the packetiser cannot tell), so the loops below stay scalar.
static uint lanes_in(void) {
  uint first = __corecl_sub_group_read_u32((uint)get_local_id(0), 0);
  return min(width(), (uint)get_local_size(0) - first);
}

// Work-item functions.
OVERLOAD uint get_sub_group_size(void) { return size(); }
OVERLOAD uint get_max_sub_group_size(void) { return width(); }
OVERLOAD uint get_sub_group_local_id(void) { return lane_id(); }
OVERLOAD uint get_sub_group_id(void) {
  uint row = (uint)get_local_id(2) * (uint)get_local_size(1) + (uint)get_local_id(1);
  return row * per_row((uint)get_local_size(0)) + ((uint)get_local_id(0) >> width_log2());
}
OVERLOAD uint get_num_sub_groups(void) {
  return (uint)(per_row((uint)get_local_size(0)) * get_local_size(1) * get_local_size(2));
}
OVERLOAD uint get_enqueued_num_sub_groups(void) {
  return (uint)(per_row((uint)get_enqueued_local_size(0)) * get_enqueued_local_size(1) *
                get_enqueued_local_size(2));
}

// The lanes of a sub-group run in one packet, one instruction for all of
// them: their memory operations are ordered by program order. The read
// (of nothing) makes the code around the barrier a sub-group packet's like
// any exchange: run one work-item at a time, the first would read what its
// neighbours had not yet written.
static void sub_group_sync(void) {
  __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
  (void)__corecl_sub_group_read_u32(0u, 0u);
  __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
}
OVERLOAD void sub_group_barrier(cl_mem_fence_flags flags) { sub_group_sync(); }
OVERLOAD void sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope) {
  sub_group_sync();
}

// A lane's value of each scalar type.
#define READ_32(T)                                                                             \
  static T read_##T(T x, uint lane) { return (T)__corecl_sub_group_read_u32((uint)x, lane); }
READ_32(char)
READ_32(uchar)
READ_32(short)
READ_32(ushort)
READ_32(int)
READ_32(uint)
static long read_long(long x, uint lane) {
  return (long)__corecl_sub_group_read_u64((ulong)x, lane);
}
static ulong read_ulong(ulong x, uint lane) { return __corecl_sub_group_read_u64(x, lane); }
static float read_float(float x, uint lane) {
  return as_float(__corecl_sub_group_read_u32(as_uint(x), lane));
}
static double read_double(double x, uint lane) {
  return as_double(__corecl_sub_group_read_u64(as_ulong(x), lane));
}
static half read_half(half x, uint lane) {
  return as_half((ushort)__corecl_sub_group_read_u32(as_ushort(x), lane));
}

// Votes.
static int all_lanes(int predicate) {
  int all = 1;
  uint n = lanes_in();
  for (uint l = 0; l < width(); ++l)
    all &= read_int(predicate, l) != 0 || l >= n;
  return all;
}
static int any_lane(int predicate) {
  int any = 0;
  uint n = lanes_in();
  for (uint l = 0; l < width(); ++l)
    any |= read_int(predicate, l) != 0 && l < n;
  return any;
}
OVERLOAD int sub_group_all(int predicate) { return all_lanes(predicate); }
OVERLOAD int sub_group_any(int predicate) { return any_lane(predicate); }
OVERLOAD int sub_group_non_uniform_all(int predicate) { return all_lanes(predicate); }
OVERLOAD int sub_group_non_uniform_any(int predicate) { return any_lane(predicate); }
// The first lane that runs it: lane 0 in a packet, where every lane runs
// it, or the work-item itself. Through a read, so that a call under a
// branch the lanes take apart keeps the kernel at sub-groups of one.
OVERLOAD int sub_group_elect(void) {
  return lane_id() == __corecl_sub_group_read_u32(lane_id(), 0);
}

// broadcast, shuffles and all_equal on type T. An index outside the
// sub-group is undefined behaviour; the packet takes it modulo W.
#define MOVES(T)                                                                               \
  OVERLOAD T sub_group_broadcast(T x, uint id) { return read_##T(x, id); }                     \
  OVERLOAD T sub_group_non_uniform_broadcast(T x, uint id) { return read_##T(x, id); }         \
  OVERLOAD T sub_group_broadcast_first(T x) { return read_##T(x, 0); }                         \
  OVERLOAD T sub_group_shuffle(T x, uint id) { return read_##T(x, id); }                       \
  OVERLOAD T sub_group_shuffle_xor(T x, uint mask) { return read_##T(x, lane_id() ^ mask); }   \
  OVERLOAD T sub_group_shuffle_up(T x, uint delta) { return read_##T(x, lane_id() - delta); }  \
  OVERLOAD T sub_group_shuffle_down(T x, uint delta) { return read_##T(x, lane_id() + delta); } \
  OVERLOAD int sub_group_non_uniform_all_equal(T x) {                                          \
    int equal = 1;                                                                             \
    uint n = lanes_in();                                                                           \
    for (uint l = 0; l < width(); ++l)                                                         \
      equal &= read_##T(x, l) == read_##T(x, 0) || l >= n;                                     \
    return equal;                                                                              \
  }

// The operations, as the CTS's references compute them (min and max keep
// the first operand unless the second is strictly on the right side). Each
// operand is a plain value (a read must run once, under no branch).
#define OP_add(a, b) ((a) + (b))
#define OP_mul(a, b) ((a) * (b))
#define OP_min(a, b) ((a) < (b) ? (a) : (b))
#define OP_max(a, b) ((a) > (b) ? (a) : (b))
#define OP_and(a, b) ((a) & (b))
#define OP_or(a, b) ((a) | (b))
#define OP_xor(a, b) ((a) ^ (b))
// Not short-circuit: a read must not sit under a branch.
#define OP_logical_and(a, b) (((a) != 0) & ((b) != 0))
#define OP_logical_or(a, b) (((a) != 0) | ((b) != 0))
#define OP_logical_xor(a, b) (!(a) != !(b))

// The reduction, the inclusive and the exclusive scan of op on T, each a
// loop over the lanes from the identity, in lane order.
#define COLLECTIVES(T, op, IDENTITY)                                                           \
  static T reduce_##op##_##T(T x) {                                                            \
    T acc = IDENTITY;                                                                          \
    uint n = lanes_in();                                                                           \
    for (uint l = 0; l < width(); ++l) {                                                       \
      T v = read_##T(x, l), next = OP_##op(acc, v);                                             \
      acc = l < n ? next : acc;                                                                \
    }                                                                                          \
    return acc;                                                                                \
  }                                                                                            \
  static T inclusive_##op##_##T(T x) {                                                         \
    T acc = IDENTITY;                                                                          \
    uint self = lane_id();                                                                     \
    for (uint l = 0; l < width(); ++l) {                                                       \
      T v = read_##T(x, l), next = OP_##op(acc, v);                                             \
      acc = l <= self ? next : acc;                                                            \
    }                                                                                          \
    return acc;                                                                                \
  }                                                                                            \
  static T exclusive_##op##_##T(T x) {                                                         \
    T acc = IDENTITY;                                                                          \
    uint self = lane_id();                                                                     \
    for (uint l = 0; l < width(); ++l) {                                                       \
      T v = read_##T(x, l), next = OP_##op(acc, v);                                             \
      acc = l < self ? next : acc;                                                             \
    }                                                                                          \
    return acc;                                                                                \
  }                                                                                            \
  static T clustered_##op##_##T(T x, uint clustersize) {                                       \
    uint cluster = min(clustersize, width()), n = lanes_in();                                      \
    uint first = lane_id() / cluster * cluster;                                                \
    T acc = IDENTITY;                                                                          \
    for (uint l = 0; l < cluster; ++l) {                                                       \
      T v = read_##T(x, first + l), next = OP_##op(acc, v);                                     \
      acc = first + l < n ? next : acc;                                                        \
    }                                                                                          \
    return acc;                                                                                \
  }

// The non-uniform and clustered forms of op on T.
#define OP(T, op, IDENTITY)                                                                    \
  COLLECTIVES(T, op, IDENTITY)                                                                 \
  OVERLOAD T sub_group_non_uniform_reduce_##op(T x) { return reduce_##op##_##T(x); }           \
  OVERLOAD T sub_group_non_uniform_scan_inclusive_##op(T x) {                                  \
    return inclusive_##op##_##T(x);                                                            \
  }                                                                                            \
  OVERLOAD T sub_group_non_uniform_scan_exclusive_##op(T x) {                                  \
    return exclusive_##op##_##T(x);                                                            \
  }                                                                                            \
  OVERLOAD T sub_group_clustered_reduce_##op(T x, uint clustersize) {                          \
    return clustered_##op##_##T(x, clustersize);                                               \
  }

// The uniform forms exist for add, min and max only.
#define UNIFORM_OP(T, op)                                                                      \
  OVERLOAD T sub_group_reduce_##op(T x) { return reduce_##op##_##T(x); }                       \
  OVERLOAD T sub_group_scan_inclusive_##op(T x) { return inclusive_##op##_##T(x); }            \
  OVERLOAD T sub_group_scan_exclusive_##op(T x) { return exclusive_##op##_##T(x); }

#define ARITHMETIC(T, LOWEST, HIGHEST)                                                         \
  MOVES(T)                                                                                     \
  OP(T, add, (T)0)                                                                             \
  OP(T, mul, (T)1)                                                                             \
  OP(T, min, HIGHEST)                                                                          \
  OP(T, max, LOWEST)                                                                           \
  UNIFORM_OP(T, add)                                                                           \
  UNIFORM_OP(T, min)                                                                           \
  UNIFORM_OP(T, max)

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
// Half arithmetic rounds every step to half, as the references do.
ARITHMETIC(half, -(half)INFINITY, (half)INFINITY)

// Logical operations on int predicates: the truth of each value.
#define LOGICAL(op, IDENTITY)                                                                  \
  COLLECTIVES(int, logical_##op, IDENTITY)                                                     \
  OVERLOAD int sub_group_non_uniform_reduce_logical_##op(int predicate) {                      \
    return reduce_logical_##op##_int(predicate);                                               \
  }                                                                                            \
  OVERLOAD int sub_group_non_uniform_scan_inclusive_logical_##op(int predicate) {              \
    return inclusive_logical_##op##_int(predicate);                                            \
  }                                                                                            \
  OVERLOAD int sub_group_non_uniform_scan_exclusive_logical_##op(int predicate) {              \
    return exclusive_logical_##op##_int(predicate);                                            \
  }                                                                                            \
  OVERLOAD int sub_group_clustered_reduce_logical_##op(int predicate, uint clustersize) {      \
    return clustered_logical_##op##_int(predicate, clustersize);                               \
  }
LOGICAL(and, 1)
LOGICAL(or, 0)
LOGICAL(xor, 0)

// Vector broadcasts (cl_khr_subgroup_extended_types, and the non-uniform
// broadcast of cl_khr_subgroup_ballot): each component from lane `id`.
#define VECTOR_BROADCAST(T, N)                                                                 \
  static T##N read_##T##N(T##N x, uint id) {                                                   \
    T##N result;                                                                               \
    T *out = (T *)&result;                                                                     \
    const T *in = (const T *)&x;                                                               \
    for (uint i = 0; i < N; ++i)                                                               \
      out[i] = read_##T(in[i], id);                                                            \
    return result;                                                                             \
  }                                                                                            \
  OVERLOAD T##N sub_group_broadcast(T##N x, uint id) { return read_##T##N(x, id); }            \
  OVERLOAD T##N sub_group_non_uniform_broadcast(T##N x, uint id) { return read_##T##N(x, id); }
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
VECTOR_BROADCASTS(half)

// Ballots: bit l of the 128-bit value is lane l. The bits below the
// maximum sub-group size count (for a row's last, narrower sub-group too,
// as the CTS reads the spec).
// The bits below `k` of a 32-bit word (k up to 32).
static uint below(uint k) { return k >= 32 ? ~0u : (1u << k) - 1u; }
static uint word_from(uint first, uint end, uint word) {
  uint base = 32 * word;
  uint lo = clamp(first, base, base + 32) - base, hi = clamp(end, base, base + 32) - base;
  return below(hi) & ~below(lo);
}
static uint4 lanes_from(uint first, uint end) {
  return (uint4)(word_from(first, end, 0), word_from(first, end, 1), word_from(first, end, 2),
                 word_from(first, end, 3));
}
static uint4 in_sub_group(uint4 value) { return value & lanes_from(0, width()); }

OVERLOAD uint4 sub_group_ballot(int predicate) {
  uint4 bits = (uint4)(0);
  uint n = lanes_in();
  for (uint l = 0; l < width() && l < 128; ++l) {
    uint bit = read_int(predicate, l) != 0 && l < n ? 1u << (l & 31) : 0u;
    bits.x |= l < 32 ? bit : 0u;
    bits.y |= l >= 32 && l < 64 ? bit : 0u;
    bits.z |= l >= 64 && l < 96 ? bit : 0u;
    bits.w |= l >= 96 ? bit : 0u;
  }
  return bits;
}
OVERLOAD int sub_group_ballot_bit_extract(uint4 value, uint index) {
  uint word = index < 32 ? value.x : index < 64 ? value.y : index < 96 ? value.z : value.w;
  return (word >> (index & 31)) & 1;
}
OVERLOAD int sub_group_inverse_ballot(uint4 value) {
  return sub_group_ballot_bit_extract(value, lane_id());
}
static uint bit_count(uint4 value) {
  return popcount(value.x) + popcount(value.y) + popcount(value.z) + popcount(value.w);
}
OVERLOAD uint sub_group_ballot_bit_count(uint4 value) { return bit_count(in_sub_group(value)); }
OVERLOAD uint sub_group_ballot_inclusive_scan(uint4 value) {
  return bit_count(value & lanes_from(0, lane_id() + 1));
}
OVERLOAD uint sub_group_ballot_exclusive_scan(uint4 value) {
  return bit_count(value & lanes_from(0, lane_id()));
}
// With no bit of the sub-group set the spec leaves the answer open.
OVERLOAD uint sub_group_ballot_find_lsb(uint4 value) {
  uint4 v = in_sub_group(value);
  return v.x ? ctz(v.x) : v.y ? 32 + ctz(v.y) : v.z ? 64 + ctz(v.z) : v.w ? 96 + ctz(v.w) : 0;
}
OVERLOAD uint sub_group_ballot_find_msb(uint4 value) {
  uint4 v = in_sub_group(value);
  return v.w   ? 127 - clz(v.w)
         : v.z ? 95 - clz(v.z)
         : v.y ? 63 - clz(v.y)
         : v.x ? 31 - clz(v.x)
               : 0;
}
OVERLOAD uint4 get_sub_group_eq_mask(void) { return lanes_from(lane_id(), lane_id() + 1); }
OVERLOAD uint4 get_sub_group_ge_mask(void) { return lanes_from(lane_id(), width()); }
OVERLOAD uint4 get_sub_group_gt_mask(void) { return lanes_from(lane_id() + 1, width()); }
OVERLOAD uint4 get_sub_group_le_mask(void) { return lanes_from(0, lane_id() + 1); }
OVERLOAD uint4 get_sub_group_lt_mask(void) { return lanes_from(0, lane_id()); }
