// The tools every math family (explog, trig, pow, special, ...) builds its
// bodies from: element-wise operations that keep vectors whole, constants
// chosen by element type, one polynomial evaluator and one table gather.
// Width-independent: included once per file through math_generic.h; the
// macros expand inside the type-generic bodies, where T is defined.
#pragma once

// --- Element-wise operations ----------------------------------------------
// Straight to LLVM's vector intrinsics, so a vector operation stays one
// SIMD operation (the OpenCL functions of the same names are defined per
// element elsewhere). Operands are of one type: cast scalar constants to T.
#define MATH_FMA(a, b, c) __builtin_elementwise_fma(a, b, c)
#define MATH_ABS(x) __builtin_elementwise_abs(x)
#define MATH_RINT(x) __builtin_elementwise_rint(x)
#define MATH_TRUNC(x) __builtin_elementwise_trunc(x)
#define MATH_SQRT(x) __builtin_elementwise_sqrt(x)
#define MATH_MIN(x, y) __builtin_elementwise_min(x, y)
#define MATH_MAX(x, y) __builtin_elementwise_max(x, y)
#define MATH_COPYSIGN(x, y) __builtin_elementwise_copysign(x, y)

// A constant of the element type: the float or the double literal (and
// the integer of the element's size, for bit patterns).
#define MATH_FD(f, d) ((T)(IS_FLOAT ? (f) : (d)))
#define MATH_FDI(f, d) ((IT)(IS_FLOAT ? (f) : (d)))

// --- Polynomials ------------------------------------------------------------
// MATH_POLY(x, c0, c1, ..., cn): c0 + x (c1 + x (c2 + ...)) by Horner's
// rule, each step one fused multiply-add (so the rounding is the same on
// every ISA level). Coefficients lowest degree first, 2 to 21 of them.
#define MATH_POLY(x, ...)                                                                          \
  MATH_CAT(MATH_POLY_, MATH_POLY_COUNT(__VA_ARGS__, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11,    \
                                       10, 9, 8, 7, 6, 5, 4, 3, 2, 1))                             \
  (x, __VA_ARGS__)
#define MATH_POLY_COUNT(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16,     \
                        _17, _18, _19, _20, _21, n, ...)                                           \
  n
#define MATH_POLY_2(x, c0, c1) MATH_FMA(x, (T)(c1), (T)(c0))
#define MATH_POLY_3(x, c0, ...) MATH_FMA(x, MATH_POLY_2(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_4(x, c0, ...) MATH_FMA(x, MATH_POLY_3(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_5(x, c0, ...) MATH_FMA(x, MATH_POLY_4(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_6(x, c0, ...) MATH_FMA(x, MATH_POLY_5(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_7(x, c0, ...) MATH_FMA(x, MATH_POLY_6(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_8(x, c0, ...) MATH_FMA(x, MATH_POLY_7(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_9(x, c0, ...) MATH_FMA(x, MATH_POLY_8(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_10(x, c0, ...) MATH_FMA(x, MATH_POLY_9(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_11(x, c0, ...) MATH_FMA(x, MATH_POLY_10(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_12(x, c0, ...) MATH_FMA(x, MATH_POLY_11(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_13(x, c0, ...) MATH_FMA(x, MATH_POLY_12(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_14(x, c0, ...) MATH_FMA(x, MATH_POLY_13(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_15(x, c0, ...) MATH_FMA(x, MATH_POLY_14(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_16(x, c0, ...) MATH_FMA(x, MATH_POLY_15(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_17(x, c0, ...) MATH_FMA(x, MATH_POLY_16(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_18(x, c0, ...) MATH_FMA(x, MATH_POLY_17(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_19(x, c0, ...) MATH_FMA(x, MATH_POLY_18(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_20(x, c0, ...) MATH_FMA(x, MATH_POLY_19(x, __VA_ARGS__), (T)(c0))
#define MATH_POLY_21(x, c0, ...) MATH_FMA(x, MATH_POLY_20(x, __VA_ARGS__), (T)(c0))

// The polynomial NAME_F (float) or NAME_D (double) of the element type,
// each a generated list of coefficient macros, lowest degree first
// (math_explog_data.h, math_trig_data.h). The condition is a constant: only
// one side is compiled into code.
#define MATH_POLY_FD(x, name) (IS_FLOAT ? MATH_POLY(x, name##_F) : MATH_POLY(x, name##_D))

// The same for coefficients in a __constant array C[0..DEG] (the generated
// tables of long fits), into p. Plain a * b + c here: it contracts to an
// fma where the CPU has one and stays a multiply and an add where fma()
// would be a slow library call (see MATH_HAS_FAST_FMA); the tables' fits
// allow for either.
#define MATH_POLY_ARRAY(p, x, C, DEG)                                                              \
  do {                                                                                             \
    p = (T)C[DEG];                                                                                 \
    for (int i_ = (DEG)-1; i_ >= 0; --i_)                                                          \
      p = p * (x) + (T)C[i_];                                                                      \
  } while (0)

// --- Table lookups ------------------------------------------------------------
// __corecl_gather(table, index): table[index] per element, for a scalar or
// a vector of indices (the vectoriser turns the per-element loads into a
// gather). Callers keep the indices in range.
#define MATH_GATHER(E, I)                                                                          \
  MATH_INTERNAL E __corecl_gather(__constant E *t, I i) {                                          \
    return t[i];                                                                                   \
  }                                                                                                \
  MATH_GATHER_N(E, I, 2)                                                                           \
  MATH_GATHER_N(E, I, 3)                                                                           \
  MATH_GATHER_N(E, I, 4) MATH_GATHER_N(E, I, 8) MATH_GATHER_N(E, I, 16)
#define MATH_GATHER_N(E, I, N)                                                                     \
  MATH_INTERNAL E##N __corecl_gather(__constant E *t, I##N i) {                                    \
    E##N r;                                                                                        \
    for (int k = 0; k < N; ++k)                                                                    \
      r[k] = t[i[k]];                                                                              \
    return r;                                                                                      \
  }
MATH_GATHER(double, long)
MATH_GATHER(ulong, long)
#undef MATH_GATHER
#undef MATH_GATHER_N
