// The integer functions (OpenCL C 3.0, 6.15.4) for every integer type and
// width, except min, max and clamp (common_integer.cl). Operations that
// are plain vector arithmetic are written for every width at once; the
// rest (bit counts, widening products) are scalar, stamped out for vectors
// by VECTORIZE_*, which the vectorisers fuse back into vector code.
#include "builtins.h"

// Each integer type with its unsigned counterpart.
#define INTEGER_PAIRS(F)                                                                       \
  F(char, uchar) F(uchar, uchar) F(short, ushort) F(ushort, ushort) F(int, uint) F(uint, uint) \
      F(long, ulong) F(ulong, ulong)

#define WIDTHS2(F, T, U) F(T, U, ) F(T, U, 2) F(T, U, 3) F(T, U, 4) F(T, U, 8) F(T, U, 16)

// abs, abs_diff, add_sat, sub_sat, hadd, rhadd, rotate: every width at once.
// Arithmetic on unsigned copies wraps, so the negation of the minimum and
// the difference of extremes are exact.
#define ELEMENTWISE(T, U, N)                                                                   \
  OVERLOAD U##N abs(T##N x) {                                                                  \
    U##N u = as_##U##N(x);                                                                     \
    U##N n = -u;                                                                               \
    return x < (T##N)0 ? n : u;                                                                \
  }                                                                                            \
  OVERLOAD U##N abs_diff(T##N x, T##N y) {                                                     \
    U##N d = as_##U##N(x) - as_##U##N(y);                                                      \
    U##N e = as_##U##N(y) - as_##U##N(x);                                                      \
    return x > y ? d : e;                                                                      \
  }                                                                                            \
  OVERLOAD T##N hadd(T##N x, T##N y) {                                                         \
    T##N r = (x >> 1) + (y >> 1) + (x & y & (T##N)1);                                          \
    return r;                                                                                  \
  }                                                                                            \
  OVERLOAD T##N rhadd(T##N x, T##N y) {                                                        \
    T##N r = (x >> 1) + (y >> 1) + ((x | y) & (T##N)1);                                        \
    return r;                                                                                  \
  }                                                                                            \
  OVERLOAD T##N rotate(T##N v, T##N i) {                                                       \
    const U##N bits = (U##N)(sizeof(T) * 8);                                                   \
    U##N s = as_##U##N(i) & (bits - (U##N)1);                                                  \
    U##N u = as_##U##N(v);                                                                     \
    U##N r = (U##N)(u << s) | (U##N)(u >> ((bits - s) & (bits - (U##N)1)));                   \
    return as_##T##N(r);                                                                       \
  }

#define DEFINE_ELEMENTWISE(T, U) WIDTHS2(ELEMENTWISE, T, U)
INTEGER_PAIRS(DEFINE_ELEMENTWISE)

// add_sat and sub_sat. Clang's saturating builtins would promote scalars
// narrower than int (and saturate to int's range): those clamp an int.
#define SATURATING(T, U, N)                                                                    \
  OVERLOAD T##N add_sat(T##N x, T##N y) { return __builtin_elementwise_add_sat(x, y); }        \
  OVERLOAD T##N sub_sat(T##N x, T##N y) { return __builtin_elementwise_sub_sat(x, y); }
#define SATURATING_VECTORS(T, U)                                                               \
  SATURATING(T, U, 2) SATURATING(T, U, 3) SATURATING(T, U, 4) SATURATING(T, U, 8)             \
      SATURATING(T, U, 16)
INTEGER_PAIRS(SATURATING_VECTORS)
SATURATING(int, uint, )
SATURATING(uint, uint, )
SATURATING(long, ulong, )
SATURATING(ulong, ulong, )
#define NARROW_SATURATING(T, MINV, MAXV)                                                       \
  OVERLOAD T add_sat(T x, T y) {                                                               \
    int r = (int)x + (int)y;                                                                   \
    return (T)(r < MINV ? MINV : r > MAXV ? MAXV : r);                                         \
  }                                                                                            \
  OVERLOAD T sub_sat(T x, T y) {                                                               \
    int r = (int)x - (int)y;                                                                   \
    return (T)(r < MINV ? MINV : r > MAXV ? MAXV : r);                                         \
  }
NARROW_SATURATING(char, CHAR_MIN, CHAR_MAX)
NARROW_SATURATING(uchar, 0, UCHAR_MAX)
NARROW_SATURATING(short, SHRT_MIN, SHRT_MAX)
NARROW_SATURATING(ushort, 0, USHRT_MAX)

// Bit counts: scalar, then vectors element by element.
#define BITCOUNTS(T, U)                                                                        \
  OVERLOAD T clz(T x) { return (T)__builtin_clzg(as_##U(x), (int)(sizeof(T) * 8)); }           \
  OVERLOAD T ctz(T x) { return (T)__builtin_ctzg(as_##U(x), (int)(sizeof(T) * 8)); }           \
  OVERLOAD T popcount(T x) { return (T)__builtin_popcountg(as_##U(x)); }                       \
  VECTORIZE_UNARY(clz, T)                                                                      \
  VECTORIZE_UNARY(ctz, T)                                                                      \
  VECTORIZE_UNARY(popcount, T)
INTEGER_PAIRS(BITCOUNTS)

// mul_hi, mad_hi and mad_sat for the types narrower than 64 bits: the
// exact product in a wider type W.
#define NARROW_PRODUCTS(T, W, MINV, MAXV)                                                      \
  OVERLOAD T mul_hi(T x, T y) { return (T)(((W)x * (W)y) >> (sizeof(T) * 8)); }                \
  OVERLOAD T mad_sat(T a, T b, T c) {                                                          \
    W p = (W)a * (W)b + (W)c;                                                                  \
    return (T)(p < (W)(MINV) ? (W)(MINV) : p > (W)(MAXV) ? (W)(MAXV) : p);                     \
  }                                                                                            \
  VECTORIZE_BINARY(mul_hi, T)                                                                  \
  VECTORIZE_TERNARY(mad_sat, T)

NARROW_PRODUCTS(char, int, CHAR_MIN, CHAR_MAX)
NARROW_PRODUCTS(uchar, int, 0, UCHAR_MAX)
NARROW_PRODUCTS(short, int, SHRT_MIN, SHRT_MAX)
NARROW_PRODUCTS(ushort, int, 0, USHRT_MAX)
NARROW_PRODUCTS(int, long, INT_MIN, INT_MAX)
NARROW_PRODUCTS(uint, ulong, 0, UINT_MAX)

// 64-bit mul_hi from 32-bit halves, for every width at once; the signed
// high half is the unsigned one less the operands' sign corrections.
#define MUL_HI_64(T, U, N)                                                                     \
  OVERLOAD ulong##N mul_hi(ulong##N x, ulong##N y) {                                           \
    const ulong##N m = (ulong##N)0xffffffffUL;                                                 \
    ulong##N a0 = x & m, a1 = x >> 32, b0 = y & m, b1 = y >> 32;                               \
    ulong##N p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;                       \
    ulong##N mid = (p00 >> 32) + (p01 & m) + (p10 & m);                                        \
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);                                      \
  }                                                                                            \
  OVERLOAD long##N mul_hi(long##N x, long##N y) {                                              \
    ulong##N ux = as_ulong##N(x), uy = as_ulong##N(y);                                         \
    ulong##N h = mul_hi(ux, uy);                                                               \
    h -= x < (long##N)0 ? uy : (ulong##N)0;                                                    \
    h -= y < (long##N)0 ? ux : (ulong##N)0;                                                    \
    return as_long##N(h);                                                                      \
  }
WIDTHS2(MUL_HI_64, long, ulong)

OVERLOAD ulong mad_sat(ulong a, ulong b, ulong c) {
  ulong hi = mul_hi(a, b);
  ulong lo = a * b;
  return hi != 0 ? ULONG_MAX : add_sat(lo, c);
}

// The 128-bit a * b + c fits in 64 bits when its high half is the sign
// extension of its low half.
OVERLOAD long mad_sat(long a, long b, long c) {
  ulong lo = (ulong)a * (ulong)b;
  long hi = mul_hi(a, b);
  ulong sum = lo + (ulong)c;
  hi += (c < 0 ? -1 : 0) + (sum < lo ? 1 : 0);
  if (hi == ((long)sum >> 63))
    return (long)sum;
  return hi < 0 ? LONG_MIN : LONG_MAX;
}
VECTORIZE_TERNARY(mad_sat, long)
VECTORIZE_TERNARY(mad_sat, ulong)

#define MAD_HI(T, U, N)                                                                        \
  OVERLOAD T##N mad_hi(T##N a, T##N b, T##N c) { return mul_hi(a, b) + c; }
#define DEFINE_MAD_HI(T, U) WIDTHS2(MAD_HI, T, U)
INTEGER_PAIRS(DEFINE_MAD_HI)

// upsample: hi << bits | lo, in the type twice as wide.
#define UPSAMPLE(H, L, W, N)                                                                   \
  OVERLOAD W##N upsample(H##N hi, L##N lo) {                                                   \
    return (convert_##W##N(hi) << (sizeof(H) * 8)) | convert_##W##N(lo);                      \
  }
#define UPSAMPLE_WIDTHS(H, L, W)                                                               \
  UPSAMPLE(H, L, W, ) UPSAMPLE(H, L, W, 2) UPSAMPLE(H, L, W, 3) UPSAMPLE(H, L, W, 4)          \
      UPSAMPLE(H, L, W, 8) UPSAMPLE(H, L, W, 16)
UPSAMPLE_WIDTHS(char, uchar, short)
UPSAMPLE_WIDTHS(uchar, uchar, ushort)
UPSAMPLE_WIDTHS(short, ushort, int)
UPSAMPLE_WIDTHS(ushort, ushort, uint)
UPSAMPLE_WIDTHS(int, uint, long)
UPSAMPLE_WIDTHS(uint, uint, ulong)

// mul24 and mad24 are defined only for operands in 24-bit range (signed
// for int). There the low 32 bits of the full product are the 24-bit
// product, so a plain 32-bit multiply is exact: masking or sign-extending
// first would only cost instructions on inputs the spec leaves undefined.
#define MUL24(N)                                                                               \
  OVERLOAD int##N mul24(int##N x, int##N y) { return as_int##N(as_uint##N(x) * as_uint##N(y)); } \
  OVERLOAD uint##N mul24(uint##N x, uint##N y) { return x * y; }                               \
  OVERLOAD int##N mad24(int##N x, int##N y, int##N z) {                                        \
    return as_int##N(as_uint##N(x) * as_uint##N(y) + as_uint##N(z));                           \
  }                                                                                            \
  OVERLOAD uint##N mad24(uint##N x, uint##N y, uint##N z) { return x * y + z; }
MUL24()
MUL24(2)
MUL24(3)
MUL24(4)
MUL24(8)
MUL24(16)
