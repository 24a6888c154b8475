// Type-generic math bodies. A function is written once over the macros
// below and compiled for the scalar and every vector width, so the vector
// overloads are real SIMD code and the scalar one is branch-free code that
// the work-item loop vectoriser can widen after inlining.
//
// A lib/math_*.cl file defines its bodies in a header (say "math_exp.h")
// and instantiates them with:
//   #define MATH_BODY "math_exp.h"
//   #include "math_instantiate.h"
// which includes the body once per width of float and, separately, of
// double, with these macros defined:
//   T, IT, UT  the float type and the signed/unsigned integer types of the
//              same element size and width (float4/int4/uint4,
//              double4/long4/ulong4)
//   I32        int of the same width (results of ilogb, exponents of ldexp)
//   AS_T, AS_IT, AS_UT, CONVERT_T, CONVERT_IT, CONVERT_I32, CONVERT_T_I32
//              reinterpretations and conversions between them
//   IS_FLOAT / IS_DOUBLE  1 or 0, for bodies that need different
//              algorithms (#if IS_FLOAT ... #endif)
//   MANT_BITS, EXP_BIAS, EXP_MASK, SIGN_MASK  IEEE layout of the element
//   MATH_W     the width, empty for scalars: MATH_CAT(ulong, MATH_W) names
//              another element type of the same width
//
// Comparisons yield 1 for a true scalar and -1 for a true vector element;
// select() and ?: accept both, and & | between comparison results keep the
// meaning, so bodies should combine conditions that way (never with && ||,
// which branch, nor by arithmetic on a comparison result). A scalar double
// comparison yields int, so conditions passed to select() go through
// COND(c), which casts to IT.
#pragma once
#include "builtins.h"

#define MATH_CAT_(a, b) a##b
#define MATH_CAT(a, b) MATH_CAT_(a, b)

#define COND(c) ((IT)(c))

// The library is built once per x86-64 ISA level (CORECL_ISA_LEVEL 2, 3, 4;
// see builtins/CMakeLists.txt). fma() is one instruction from level 3 on
// and a slow library call below it: code with an fma-free alternative can
// choose on this.
#define MATH_HAS_FAST_FMA (CORECL_ISA_LEVEL >= 3)

// Internal helpers are overloaded static functions with this prefix.
#define MATH_INTERNAL static inline __attribute__((overloadable, always_inline))
// A helper one family defines and another calls (declaring it with this
// prefix too): external, so it exists once in the linked library, and
// inlined into every caller when a program is compiled.
#define MATH_SHARED __attribute__((overloadable, always_inline))

// Element-wise operations, polynomials and table lookups for the bodies.
#include "math_internal.h"
