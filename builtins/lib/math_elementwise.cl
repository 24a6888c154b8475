// Floating-point functions that map one to one onto LLVM intrinsics: exact
// or correctly rounded operations the CPU does in hardware (sqrt, fma,
// rounding, fabs, copysign, fmin/fmax). The transcendental functions have
// implementations of their own (math_explog.cl, math_trig.cl, math_pow.cl,
// math_special.cl), checked against MPFR by the math tests; no builtin
// calls the host C library.
#include "builtins.h"

#define UNARY(name, fbuiltin, dbuiltin)                                                        \
  OVERLOAD float name(float x) { return fbuiltin(x); }                                         \
  OVERLOAD double name(double x) { return dbuiltin(x); }                                       \
  VECTORIZE_UNARY(name, float)                                                                 \
  VECTORIZE_UNARY(name, double)

UNARY(sqrt, __builtin_sqrtf, __builtin_sqrt)
UNARY(fabs, __builtin_fabsf, __builtin_fabs)
UNARY(floor, __builtin_floorf, __builtin_floor)
UNARY(ceil, __builtin_ceilf, __builtin_ceil)
UNARY(trunc, __builtin_truncf, __builtin_trunc)
UNARY(round, __builtin_roundf, __builtin_round)
UNARY(rint, __builtin_rintf, __builtin_rint)

#define BINARY(name, fbuiltin, dbuiltin)                                                       \
  OVERLOAD float name(float x, float y) { return fbuiltin(x, y); }                             \
  OVERLOAD double name(double x, double y) { return dbuiltin(x, y); }                          \
  VECTORIZE_BINARY(name, float)                                                                \
  VECTORIZE_BINARY(name, double)

BINARY(fmin, __builtin_fminf, __builtin_fmin)
BINARY(fmax, __builtin_fmaxf, __builtin_fmax)
BINARY(copysign, __builtin_copysignf, __builtin_copysign)

#define TERNARY(name, fbody, dbody)                                                            \
  OVERLOAD float name(float a, float b, float c) { return fbody; }                             \
  OVERLOAD double name(double a, double b, double c) { return dbody; }                         \
  VECTORIZE_TERNARY(name, float)                                                               \
  VECTORIZE_TERNARY(name, double)

TERNARY(fma, __builtin_fmaf(a, b, c), __builtin_fma(a, b, c))
// mad may be computed with any accuracy: one fused instruction where the
// CPU has FMA (x86-64-v3 and up), a multiply and an add below that (a fused
// result would be a slow library call there).
#if CORECL_ISA_LEVEL >= 3
TERNARY(mad, __builtin_fmaf(a, b, c), __builtin_fma(a, b, c))
#else
#pragma OPENCL FP_CONTRACT OFF
TERNARY(mad, a * b + c, a * b + c)
#pragma OPENCL FP_CONTRACT ON
#endif

// fmin/fmax with a scalar second argument.
#define SCALAR_SECOND(name, T, N)                                                              \
  OVERLOAD T##N name(T##N x, T y) { return name(x, (T##N)(y)); }
#define SCALAR_SECOND_ALL(name, T)                                                             \
  SCALAR_SECOND(name, T, 2)                                                                    \
  SCALAR_SECOND(name, T, 3)                                                                    \
  SCALAR_SECOND(name, T, 4) SCALAR_SECOND(name, T, 8) SCALAR_SECOND(name, T, 16)
SCALAR_SECOND_ALL(fmin, float)
SCALAR_SECOND_ALL(fmax, float)
SCALAR_SECOND_ALL(fmin, double)
SCALAR_SECOND_ALL(fmax, double)
