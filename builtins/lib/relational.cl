// The relational functions (OpenCL C 3.0, 6.15.6). Scalar predicates return
// int 1 or 0; vector ones return -1 or 0 in the signed integer type of the
// element's size: exactly what OpenCL C's comparison operators produce, so
// each predicate is a comparison, on the values or on their bits.
#include "builtins.h"

#define VECTOR_WIDTHS(F, ...)                                                                  \
  F(__VA_ARGS__, 2) F(__VA_ARGS__, 3) F(__VA_ARGS__, 4) F(__VA_ARGS__, 8) F(__VA_ARGS__, 16)
#define ALL_WIDTHS(F, ...) F(__VA_ARGS__, ) VECTOR_WIDTHS(F, __VA_ARGS__)

// The bits of x without its sign, as S##N.
#define MAGNITUDE(S, N, x) (as_##S##N(x) & (S##N)((S)(~(S)0 ^ ((S)1 << (sizeof(S) * 8 - 1)))))

// F: the float type; S: the signed integer type of its size (the result
// of a vector predicate); R: the result type (int for scalars).
// EXP: the exponent mask, MIN: the smallest normal's bits.
#define PREDICATES(F, S, EXP, MINN, N, R)                                                      \
  OVERLOAD R isequal(F##N x, F##N y) { return x == y; }                                        \
  OVERLOAD R isnotequal(F##N x, F##N y) { return x != y; }                                     \
  OVERLOAD R isgreater(F##N x, F##N y) { return x > y; }                                       \
  OVERLOAD R isgreaterequal(F##N x, F##N y) { return x >= y; }                                 \
  OVERLOAD R isless(F##N x, F##N y) { return x < y; }                                          \
  OVERLOAD R islessequal(F##N x, F##N y) { return x <= y; }                                    \
  OVERLOAD R islessgreater(F##N x, F##N y) { return (x < y) | (x > y); }                       \
  OVERLOAD R isordered(F##N x, F##N y) { return (x == x) & (y == y); }                         \
  OVERLOAD R isunordered(F##N x, F##N y) { return (x != x) | (y != y); }                       \
  OVERLOAD R isfinite(F##N x) { return MAGNITUDE(S, N, x) < (S##N)(EXP); }                   \
  OVERLOAD R isinf(F##N x) { return MAGNITUDE(S, N, x) == (S##N)(EXP); }                     \
  OVERLOAD R isnan(F##N x) { return MAGNITUDE(S, N, x) > (S##N)(EXP); }                      \
  OVERLOAD R isnormal(F##N x) {                                                                \
    S##N a = MAGNITUDE(S, N, x);                                                               \
    return (a >= (S##N)(MINN)) & (a < (S##N)(EXP));                                            \
  }                                                                                            \
  OVERLOAD R signbit(F##N x) { return as_##S##N(x) < (S##N)0; }

#define FLOAT_PREDICATES(N, R) PREDICATES(float, int, 0x7f800000, 0x00800000, N, R)
#define DOUBLE_PREDICATES(N, R) PREDICATES(double, long, 0x7ff0000000000000L, 0x0010000000000000L, N, R)
FLOAT_PREDICATES(, int)
FLOAT_PREDICATES(2, int2)
FLOAT_PREDICATES(3, int3)
FLOAT_PREDICATES(4, int4)
FLOAT_PREDICATES(8, int8)
FLOAT_PREDICATES(16, int16)
DOUBLE_PREDICATES(, int)
DOUBLE_PREDICATES(2, long2)
DOUBLE_PREDICATES(3, long3)
DOUBLE_PREDICATES(4, long4)
DOUBLE_PREDICATES(8, long8)
DOUBLE_PREDICATES(16, long16)

// any and all: the sign bit of any / every component.
#define ANY_ALL(T)                                                                             \
  OVERLOAD int any(T x) { return x < 0; }                                                      \
  OVERLOAD int all(T x) { return x < 0; }                                                      \
  OVERLOAD int any(T##2 x) { return (x.s0 | x.s1) < 0; }                                       \
  OVERLOAD int all(T##2 x) { return (x.s0 & x.s1) < 0; }                                       \
  OVERLOAD int any(T##3 x) { return (x.s0 | x.s1 | x.s2) < 0; }                                \
  OVERLOAD int all(T##3 x) { return (x.s0 & x.s1 & x.s2) < 0; }                                \
  OVERLOAD int any(T##4 x) { return any(x.lo | x.hi); }                                        \
  OVERLOAD int all(T##4 x) { return all(x.lo & x.hi); }                                        \
  OVERLOAD int any(T##8 x) { return any(x.lo | x.hi); }                                        \
  OVERLOAD int all(T##8 x) { return all(x.lo & x.hi); }                                        \
  OVERLOAD int any(T##16 x) { return any(x.lo | x.hi); }                                       \
  OVERLOAD int all(T##16 x) { return all(x.lo & x.hi); }
ANY_ALL(char)
ANY_ALL(short)
ANY_ALL(int)
ANY_ALL(long)

// bitselect: each bit from b where c has it set, else from a. select: each
// component from b where c's sign bit is set (c non-zero for scalars).
#define BITSELECT_INT(T, N)                                                                    \
  OVERLOAD T##N bitselect(T##N a, T##N b, T##N c) { return (a & ~c) | (b & c); }
#define BITSELECT_FLOAT(T, U, N)                                                               \
  OVERLOAD T##N bitselect(T##N a, T##N b, T##N c) {                                            \
    U##N m = as_##U##N(c);                                                                     \
    return as_##T##N((as_##U##N(a) & ~m) | (as_##U##N(b) & m));                                \
  }

#define SELECT_SCALAR(T, C)                                                                    \
  OVERLOAD T select(T a, T b, C c) { return c ? b : a; }
#define SELECT_VECTOR(T, C, S, N)                                                              \
  OVERLOAD T##N select(T##N a, T##N b, C##N c) { return as_##S##N(c) < (S##N)0 ? b : a; }
// T: the element type; S, U: the signed and unsigned integers of its size.
#define SELECT(T, S, U)                                                                        \
  SELECT_SCALAR(T, S)                                                                          \
  SELECT_SCALAR(T, U)                                                                          \
  VECTOR_WIDTHS(SELECT_VECTOR, T, S, S)                                                        \
  VECTOR_WIDTHS(SELECT_VECTOR, T, U, S)

#define INTEGER_TYPE(T, S, U)                                                                  \
  ALL_WIDTHS(BITSELECT_INT, T)                                                                 \
  SELECT(T, S, U)
INTEGER_TYPE(char, char, uchar)
INTEGER_TYPE(uchar, char, uchar)
INTEGER_TYPE(short, short, ushort)
INTEGER_TYPE(ushort, short, ushort)
INTEGER_TYPE(int, int, uint)
INTEGER_TYPE(uint, int, uint)
INTEGER_TYPE(long, long, ulong)
INTEGER_TYPE(ulong, long, ulong)
ALL_WIDTHS(BITSELECT_FLOAT, float, uint)
ALL_WIDTHS(BITSELECT_FLOAT, double, ulong)
SELECT(float, int, uint)
SELECT(double, long, ulong)
