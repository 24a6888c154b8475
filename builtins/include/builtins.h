// Shared definitions for CoreCL's builtins library (device code).
//
// OVERLOAD marks definitions of the overloaded builtins Clang declares
// (-fdeclare-opencl-builtins); the macros below stamp a definition out for
// every vector width from a scalar or elementwise expression.
#pragma once

#define OVERLOAD __attribute__((overloadable))
#define INLINE __attribute__((always_inline))

// Applies F(T, N) to the scalar (N empty) and each vector width.
#define FOR_EACH_WIDTH(F, T)                                                                   \
  F(T, )                                                                                       \
  F(T, 2) F(T, 3) F(T, 4) F(T, 8) F(T, 16)

#define FOR_EACH_INTEGER(F)                                                                    \
  FOR_EACH_WIDTH(F, char)                                                                      \
  FOR_EACH_WIDTH(F, uchar)                                                                     \
  FOR_EACH_WIDTH(F, short)                                                                     \
  FOR_EACH_WIDTH(F, ushort)                                                                    \
  FOR_EACH_WIDTH(F, int)                                                                       \
  FOR_EACH_WIDTH(F, uint)                                                                      \
  FOR_EACH_WIDTH(F, long)                                                                      \
  FOR_EACH_WIDTH(F, ulong)

#define FOR_EACH_FLOAT(F)                                                                      \
  FOR_EACH_WIDTH(F, float)                                                                     \
  FOR_EACH_WIDTH(F, double)

// Vector forms of a unary/binary/ternary function from its narrower forms:
// LLVM's vectorisers fuse the halves back into full-width operations.
#define VECTORIZE_UNARY(name, T)                                                               \
  OVERLOAD T##2 name(T##2 x) { return (T##2)(name(x.s0), name(x.s1)); }                        \
  OVERLOAD T##3 name(T##3 x) { return (T##3)(name(x.s0), name(x.s1), name(x.s2)); }            \
  OVERLOAD T##4 name(T##4 x) { return (T##4)(name(x.lo), name(x.hi)); }                        \
  OVERLOAD T##8 name(T##8 x) { return (T##8)(name(x.lo), name(x.hi)); }                        \
  OVERLOAD T##16 name(T##16 x) { return (T##16)(name(x.lo), name(x.hi)); }

#define VECTORIZE_BINARY(name, T)                                                              \
  OVERLOAD T##2 name(T##2 x, T##2 y) { return (T##2)(name(x.s0, y.s0), name(x.s1, y.s1)); }    \
  OVERLOAD T##3 name(T##3 x, T##3 y) {                                                         \
    return (T##3)(name(x.s0, y.s0), name(x.s1, y.s1), name(x.s2, y.s2));                       \
  }                                                                                            \
  OVERLOAD T##4 name(T##4 x, T##4 y) { return (T##4)(name(x.lo, y.lo), name(x.hi, y.hi)); }    \
  OVERLOAD T##8 name(T##8 x, T##8 y) { return (T##8)(name(x.lo, y.lo), name(x.hi, y.hi)); }    \
  OVERLOAD T##16 name(T##16 x, T##16 y) { return (T##16)(name(x.lo, y.lo), name(x.hi, y.hi)); }

#define VECTORIZE_TERNARY(name, T)                                                             \
  OVERLOAD T##2 name(T##2 x, T##2 y, T##2 z) {                                                 \
    return (T##2)(name(x.s0, y.s0, z.s0), name(x.s1, y.s1, z.s1));                             \
  }                                                                                            \
  OVERLOAD T##3 name(T##3 x, T##3 y, T##3 z) {                                                 \
    return (T##3)(name(x.s0, y.s0, z.s0), name(x.s1, y.s1, z.s1), name(x.s2, y.s2, z.s2));     \
  }                                                                                            \
  OVERLOAD T##4 name(T##4 x, T##4 y, T##4 z) {                                                 \
    return (T##4)(name(x.lo, y.lo, z.lo), name(x.hi, y.hi, z.hi));                             \
  }                                                                                            \
  OVERLOAD T##8 name(T##8 x, T##8 y, T##8 z) {                                                 \
    return (T##8)(name(x.lo, y.lo, z.lo), name(x.hi, y.hi, z.hi));                             \
  }                                                                                            \
  OVERLOAD T##16 name(T##16 x, T##16 y, T##16 z) {                                             \
    return (T##16)(name(x.lo, y.lo, z.lo), name(x.hi, y.hi, z.hi));                            \
  }
