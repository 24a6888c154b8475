// vloadN / vstoreN for every scalar type, and the half-precision loads and
// stores (vload_half, vstore_half with each rounding mode, their vector and
// aligned vloada/vstorea forms), for every address space a kernel may pass:
// OpenCL C 1.2 and 3.0 without the generic address space declare an
// overload per named address space, OpenCL C 2.0 one for generic pointers.
// Loads also take __constant pointers.
//
// Half conversions are done in software on the bits, so that each rounding
// mode is exact without touching the floating-point environment.
#include "builtins.h"

#define LOAD_SPACES(F, ...)                                                                    \
  F(__global, __VA_ARGS__)                                                                     \
  F(__local, __VA_ARGS__)                                                                      \
  F(__constant, __VA_ARGS__)                                                                   \
  F(__private, __VA_ARGS__) F(__generic, __VA_ARGS__)
#define STORE_SPACES(F, ...)                                                                   \
  F(__global, __VA_ARGS__)                                                                     \
  F(__local, __VA_ARGS__)                                                                      \
  F(__private, __VA_ARGS__) F(__generic, __VA_ARGS__)

// vloadN/vstoreN: one (unaligned, may_alias) vector access; the three-
// element forms touch exactly three elements.
#define UNALIGNED_TYPES(T)                                                                     \
  typedef T##2 __attribute__((aligned(sizeof(T)), may_alias)) T##2_unaligned;                  \
  typedef T##4 __attribute__((aligned(sizeof(T)), may_alias)) T##4_unaligned;                  \
  typedef T##8 __attribute__((aligned(sizeof(T)), may_alias)) T##8_unaligned;                  \
  typedef T##16 __attribute__((aligned(sizeof(T)), may_alias)) T##16_unaligned;

#define VLOAD_N(AS, T, N)                                                                      \
  OVERLOAD T##N vload##N(size_t offset, const AS T *p) {                                       \
    return *(const AS T##N##_unaligned *)(p + offset * N);                                     \
  }
#define VSTORE_N(AS, T, N)                                                                     \
  OVERLOAD void vstore##N(T##N data, size_t offset, AS T *p) {                                 \
    *(AS T##N##_unaligned *)(p + offset * N) = data;                                           \
  }
#define VLOAD_STORE_3(AS, T)                                                                   \
  OVERLOAD void vstore3(T##3 data, size_t offset, AS T *p) {                                   \
    p += offset * 3;                                                                           \
    p[0] = data.s0;                                                                            \
    p[1] = data.s1;                                                                            \
    p[2] = data.s2;                                                                            \
  }
#define VLOAD_3(AS, T)                                                                         \
  OVERLOAD T##3 vload3(size_t offset, const AS T *p) {                                         \
    p += offset * 3;                                                                           \
    return (T##3)(p[0], p[1], p[2]);                                                           \
  }

#define VLOAD_STORE(T)                                                                         \
  UNALIGNED_TYPES(T)                                                                           \
  LOAD_SPACES(VLOAD_N, T, 2)                                                                   \
  LOAD_SPACES(VLOAD_N, T, 4)                                                                   \
  LOAD_SPACES(VLOAD_N, T, 8)                                                                   \
  LOAD_SPACES(VLOAD_N, T, 16)                                                                  \
  LOAD_SPACES(VLOAD_3, T)                                                                      \
  STORE_SPACES(VSTORE_N, T, 2)                                                                 \
  STORE_SPACES(VSTORE_N, T, 4)                                                                 \
  STORE_SPACES(VSTORE_N, T, 8)                                                                 \
  STORE_SPACES(VSTORE_N, T, 16)                                                                \
  STORE_SPACES(VLOAD_STORE_3, T)

VLOAD_STORE(char)
VLOAD_STORE(uchar)
VLOAD_STORE(short)
VLOAD_STORE(ushort)
VLOAD_STORE(int)
VLOAD_STORE(uint)
VLOAD_STORE(long)
VLOAD_STORE(ulong)
VLOAD_STORE(float)
VLOAD_STORE(double)

// Width changes between 16- and 32-bit integer vectors.
static OVERLOAD INLINE uint widen(ushort x) { return x; }
static OVERLOAD INLINE ushort narrow(uint x) { return (ushort)x; }
static OVERLOAD INLINE ushort narrow(ulong x) { return (ushort)x; }
#define WIDEN_NARROW(N)                                                                        \
  static OVERLOAD INLINE uint##N widen(ushort##N x) { return __builtin_convertvector(x, uint##N); } \
  static OVERLOAD INLINE ushort##N narrow(uint##N x) {                                         \
    return __builtin_convertvector(x, ushort##N);                                              \
  }                                                                                            \
  static OVERLOAD INLINE ushort##N narrow(ulong##N x) {                                        \
    return __builtin_convertvector(x, ushort##N);                                              \
  }
WIDEN_NARROW(2)
WIDEN_NARROW(3)
WIDEN_NARROW(4)
WIDEN_NARROW(8)
WIDEN_NARROW(16)

// half bits to float: exact. Subnormal halves are m * 2^-24, m < 2^10;
// m is made a float exactly with the 2^23 trick.
#define HALF_TO_FLOAT(N)                                                                       \
  static OVERLOAD INLINE float##N half_to_float(ushort##N bits) {                              \
    uint##N h = widen(bits);                                                                   \
    uint##N sign = (h & 0x8000u) << 16;                                                        \
    uint##N e = (h >> 10) & 0x1fu;                                                             \
    uint##N m = h & 0x3ffu;                                                                    \
    uint##N normal = ((e + 112u) << 23) | (m << 13);                                           \
    uint##N special = 0x7f800000u | (m << 13);                                                 \
    float##N sub = (as_float##N(0x4b000000u | m) - 8388608.0f) * 0x1p-24f;                     \
    uint##N mag = e == 0x1fu ? special : e == 0u ? as_uint##N(sub) : normal;                   \
    return as_float##N(sign | mag);                                                            \
  }
HALF_TO_FLOAT()
HALF_TO_FLOAT(2)
HALF_TO_FLOAT(3)
HALF_TO_FLOAT(4)
HALF_TO_FLOAT(8)
HALF_TO_FLOAT(16)

// float or double (F, bits as U, W bits wide, MB mantissa bits, BIAS) to
// half bits, rounded by MODE. The magnitude is truncated to half's grid
// (h), keeping the rest (rem) and half a unit of that grid (hp) to round
// with; adding one unit carries into the exponent (and to infinity) as it
// should. Overflow truncates to the largest half with a rest above hp.
#define ROUND_rte(h, rem, hp, neg) ((rem > hp) | ((rem == hp) & ((h & 1) != 0)))
#define ROUND_rtz(h, rem, hp, neg) (rem != rem)
#define ROUND_rtp(h, rem, hp, neg) ((rem != 0) & !neg)
#define ROUND_rtn(h, rem, hp, neg) ((rem != 0) & neg)

#define TO_HALF(F, U, W, MB, BIAS, N, MODE)                                                    \
  static OVERLOAD INLINE ushort##N to_half_##MODE(F##N f) {                                    \
    const U one = 1;                                                                           \
    U##N u = as_##U##N(f);                                                                     \
    U##N sign = (u >> (W - 16)) & (U##N)0x8000;                                                \
    U##N a = u & (U##N)(~(one << (W - 1)));                                                    \
    U##N inf = (U##N)((U)(2 * BIAS + 1) << MB);                                                \
    /* Normal halves: rebias the exponent, drop MB - 10 mantissa bits. */                      \
    U##N hn = (a - (U##N)((U)(BIAS - 15) << MB)) >> (MB - 10);                                 \
    U##N remn = a & (U##N)((one << (MB - 10)) - 1);                                            \
    U##N hpn = (U##N)(one << (MB - 11));                                                       \
    /* Subnormal halves: the significand m times 2^(ef - BIAS - MB + 24). */                   \
    U##N ef = a >> MB;                                                                         \
    U##N m = (a & (U##N)((one << MB) - 1)) | (ef != (U##N)0 ? (U##N)(one << MB) : (U##N)0);    \
    ef = ef != (U##N)0 ? ef : (U##N)1;                                                         \
    U##N s = (U##N)(BIAS + MB - 24) - ef;                                                      \
    s = s > (U##N)(MB + 2) ? (U##N)(MB + 2) : s;                                               \
    U##N hs = m >> s;                                                                          \
    U##N rems = m & (((U##N)1 << s) - (U##N)1);                                                \
    U##N hps = (U##N)1 << (s - (U##N)1);                                                       \
    U##N normal_bits = (U##N)((U)(BIAS - 14) << MB);                                           \
    U##N over_bits = (U##N)((U)(BIAS + 16) << MB);                                             \
    U##N h = a >= normal_bits ? hn : hs;                                                       \
    U##N rem = a >= normal_bits ? remn : rems;                                                 \
    U##N hp = a >= normal_bits ? hpn : hps;                                                    \
    h = a >= over_bits ? (U##N)0x7bff : h;                                                     \
    rem = a >= over_bits ? (U##N)1 : rem;                                                      \
    hp = a >= over_bits ? (U##N)0 : hp;                                                        \
    h += ROUND_##MODE(h, rem, hp, (sign != (U##N)0)) ? (U##N)1 : (U##N)0;                      \
    U##N nan = (U##N)0x7e00 | ((a >> (MB - 10)) & (U##N)0x3ff);                                \
    h = a == inf ? (U##N)0x7c00 : a > inf ? nan : h;                                           \
    return narrow(sign | h);                                                                   \
  }

#define TO_HALF_WIDTHS(MODE)                                                                   \
  TO_HALF(float, uint, 32, 23, 127, , MODE)                                                    \
  TO_HALF(float, uint, 32, 23, 127, 2, MODE)                                                   \
  TO_HALF(float, uint, 32, 23, 127, 3, MODE)                                                   \
  TO_HALF(float, uint, 32, 23, 127, 4, MODE)                                                   \
  TO_HALF(float, uint, 32, 23, 127, 8, MODE)                                                   \
  TO_HALF(float, uint, 32, 23, 127, 16, MODE)                                                  \
  TO_HALF(double, ulong, 64, 52, 1023, , MODE)                                                 \
  TO_HALF(double, ulong, 64, 52, 1023, 2, MODE)                                                \
  TO_HALF(double, ulong, 64, 52, 1023, 3, MODE)                                                \
  TO_HALF(double, ulong, 64, 52, 1023, 4, MODE)                                                \
  TO_HALF(double, ulong, 64, 52, 1023, 8, MODE)                                                \
  TO_HALF(double, ulong, 64, 52, 1023, 16, MODE)
TO_HALF_WIDTHS(rte)
TO_HALF_WIDTHS(rtz)
TO_HALF_WIDTHS(rtp)
TO_HALF_WIDTHS(rtn)

// The loads. vloada_half3 reads from a four-half-aligned slot.
#define VLOAD_HALF(AS, _)                                                                      \
  OVERLOAD float vload_half(size_t offset, const AS half *p) {                                 \
    return half_to_float(((const AS ushort *)p)[offset]);                                      \
  }                                                                                            \
  OVERLOAD float vloada_half(size_t offset, const AS half *p) {                                \
    return half_to_float(((const AS ushort *)p)[offset]);                                      \
  }                                                                                            \
  OVERLOAD float3 vload_half3(size_t offset, const AS half *p) {                               \
    return half_to_float(vload3(offset, (const AS ushort *)p));                                \
  }                                                                                            \
  OVERLOAD float3 vloada_half3(size_t offset, const AS half *p) {                              \
    return half_to_float(vload3(0, (const AS ushort *)p + offset * 4));                        \
  }                                                                                            \
  VLOAD_HALF_N(AS, 2) VLOAD_HALF_N(AS, 4) VLOAD_HALF_N(AS, 8) VLOAD_HALF_N(AS, 16)
#define VLOAD_HALF_N(AS, N)                                                                    \
  OVERLOAD float##N vload_half##N(size_t offset, const AS half *p) {                           \
    return half_to_float(vload##N(offset, (const AS ushort *)p));                              \
  }                                                                                            \
  OVERLOAD float##N vloada_half##N(size_t offset, const AS half *p) {                          \
    return half_to_float(((const AS ushort##N *)p)[offset]);                                   \
  }
LOAD_SPACES(VLOAD_HALF, )

// The stores, for float and double data, with each rounding suffix (none
// is _rte).
#define VSTORE_HALF(AS, F, SUFFIX, MODE)                                                       \
  OVERLOAD void vstore_half##SUFFIX(F data, size_t offset, AS half *p) {                       \
    ((AS ushort *)p)[offset] = to_half_##MODE(data);                                           \
  }                                                                                            \
  OVERLOAD void vstorea_half##SUFFIX(F data, size_t offset, AS half *p) {                      \
    ((AS ushort *)p)[offset] = to_half_##MODE(data);                                           \
  }                                                                                            \
  OVERLOAD void vstore_half3##SUFFIX(F##3 data, size_t offset, AS half *p) {                   \
    vstore3(to_half_##MODE(data), offset, (AS ushort *)p);                                     \
  }                                                                                            \
  OVERLOAD void vstorea_half3##SUFFIX(F##3 data, size_t offset, AS half *p) {                  \
    vstore3(to_half_##MODE(data), 0, (AS ushort *)p + offset * 4);                             \
  }                                                                                            \
  VSTORE_HALF_N(AS, F, SUFFIX, MODE, 2)                                                        \
  VSTORE_HALF_N(AS, F, SUFFIX, MODE, 4)                                                        \
  VSTORE_HALF_N(AS, F, SUFFIX, MODE, 8)                                                        \
  VSTORE_HALF_N(AS, F, SUFFIX, MODE, 16)
#define VSTORE_HALF_N(AS, F, SUFFIX, MODE, N)                                                  \
  OVERLOAD void vstore_half##N##SUFFIX(F##N data, size_t offset, AS half *p) {                 \
    vstore##N(to_half_##MODE(data), offset, (AS ushort *)p);                                   \
  }                                                                                            \
  OVERLOAD void vstorea_half##N##SUFFIX(F##N data, size_t offset, AS half *p) {                \
    ((AS ushort##N *)p)[offset] = to_half_##MODE(data);                                        \
  }
#define VSTORE_HALF_MODES(AS, F)                                                               \
  VSTORE_HALF(AS, F, , rte)                                                                    \
  VSTORE_HALF(AS, F, _rte, rte)                                                                \
  VSTORE_HALF(AS, F, _rtz, rtz)                                                                \
  VSTORE_HALF(AS, F, _rtp, rtp)                                                                \
  VSTORE_HALF(AS, F, _rtn, rtn)
STORE_SPACES(VSTORE_HALF_MODES, float)
STORE_SPACES(VSTORE_HALF_MODES, double)
