// Width-independent parts of the trigonometric functions (math_trig.h):
// the generated constants and tables, table lookups for every width, and
// shorthands for the elementwise operations and polynomials.
#pragma once
#include "math_generic.h"
#include "math_trig_data.h"

// __corecl_trig_gather(table, index): table[index] per element, for a scalar
// or a vector of indices (the vectoriser turns the per-element loads into a
// gather). Indices are clamped by the callers.
#define TRIG_GATHER(R, E, I)                                                                   \
  MATH_INTERNAL R __corecl_trig_gather(__constant E *t, I i) { return (R)t[i]; }               \
  TRIG_GATHER_N(R, E, I, 2)                                                                    \
  TRIG_GATHER_N(R, E, I, 3)                                                                    \
  TRIG_GATHER_N(R, E, I, 4) TRIG_GATHER_N(R, E, I, 8) TRIG_GATHER_N(R, E, I, 16)
#define TRIG_GATHER_N(R, E, I, N)                                                              \
  MATH_INTERNAL R##N __corecl_trig_gather(__constant E *t, I##N i) {                           \
    R##N r;                                                                                    \
    for (int k = 0; k < N; ++k)                                                                \
      r[k] = (R)t[i[k]];                                                                       \
    return r;                                                                                  \
  }

// Words of the 2/pi table of the double Payne-Hanek reduction.
TRIG_GATHER(ulong, ulong, long)

#undef TRIG_GATHER
#undef TRIG_GATHER_N

// Elementwise operations straight to LLVM's vector intrinsics (operands of
// one type: cast scalar constants to T).
#define TRIG_FMA __builtin_elementwise_fma
#define TRIG_RINT __builtin_elementwise_rint
#define TRIG_FABS __builtin_elementwise_abs
#define TRIG_SQRT __builtin_elementwise_sqrt
#define TRIG_FMAX __builtin_elementwise_max

// Horner evaluation of c0 + c1 z + ... with fma, lowest coefficient first.
#define TRIG_POLY2(z, c0, c1) TRIG_FMA(z, (T)(c1), (T)(c0))
#define TRIG_POLY3(z, c0, c1, c2) TRIG_FMA(z, TRIG_POLY2(z, c1, c2), (T)(c0))
#define TRIG_POLY4(z, c0, c1, c2, c3) TRIG_FMA(z, TRIG_POLY3(z, c1, c2, c3), (T)(c0))
#define TRIG_POLY5(z, c0, ...) TRIG_FMA(z, TRIG_POLY4(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY6(z, c0, ...) TRIG_FMA(z, TRIG_POLY5(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY7(z, c0, ...) TRIG_FMA(z, TRIG_POLY6(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY8(z, c0, ...) TRIG_FMA(z, TRIG_POLY7(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY9(z, c0, ...) TRIG_FMA(z, TRIG_POLY8(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY10(z, c0, ...) TRIG_FMA(z, TRIG_POLY9(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY11(z, c0, ...) TRIG_FMA(z, TRIG_POLY10(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY12(z, c0, ...) TRIG_FMA(z, TRIG_POLY11(z, __VA_ARGS__), (T)(c0))
#define TRIG_POLY13(z, c0, ...) TRIG_FMA(z, TRIG_POLY12(z, __VA_ARGS__), (T)(c0))
