// Trigonometric functions, type-generic (math_generic.h): sin cos tan sincos,
// sinpi cospi tanpi, asin acos atan atan2 and their pi-scaled forms.
//
// Everything is branch-free: every lane computes every path and the result
// is selected. Intermediate results are carried as unevaluated sums hi + lo
// (hi the rounded value, lo its error) wherever one rounding would cost more
// than the error bound comfortably allows, so that the final addition is
// the only rounding of consequence; float works in float arithmetic
// throughout. Coefficients, split constants and tables come from
// builtins/tools/trig_coefficients.py (math_trig_data.h).
//
//   math_trig_reduce.h   argument reduction by pi/2 (Cody-Waite, Payne-Hanek)
//                        and the sin/cos kernels on [-pi/4, pi/4]
//   math_trig_forward.h  sin cos tan sincos sinpi cospi tanpi
//   math_trig_inverse.h  asin acos atan atan2 asinpi acospi atanpi atan2pi
#include "math_trig_util.h"

// A constant of math_trig_data.h in the precision being instantiated.
#define TK(name) ((T)(IS_FLOAT ? TRIG_##name##_F : TRIG_##name##_D))
// Same-width companions of T.
#define TRIG_ULONG MATH_CAT(ulong, MATH_W)
#define TRIG_CONVERT_ULONG MATH_CAT(convert_ulong, MATH_W)
#define TRIG_CONVERT_UINT MATH_CAT(convert_uint, MATH_W)
// Below TRIG_TINY a result proportional to x is computed scaled up by
// TRIG_TINY_UP (a subnormal result is then rounded once, when scaled back).
#define TRIG_TINY ((T)(IS_FLOAT ? 0x1p-100f : 0x1p-960))
#define TRIG_TINY_UP ((T)(IS_FLOAT ? 0x1p48f : 0x1p100))
#define TRIG_TINY_DOWN ((T)(IS_FLOAT ? 0x1p-48f : 0x1p-100))
// Conditions for select() (see math_generic.h).
#define TRIG_ODD(q) COND(((q) & 1) != 0)
#define TRIG_NOT_FINITE(x) COND(!(MATH_ABS(x) < (T)INFINITY))
#define TRIG_FLIP(v, c) select(v, -(v), c)
// v times the sign of x (an exclusive or of the sign bits).
#define TRIG_XSIGN(v, x) AS_T(AS_UT(v) ^ (AS_UT(x) & SIGN_MASK))

#include "math_trig_reduce.h"
#include "math_trig_forward.h"
#include "math_trig_inverse.h"

#undef TK
#undef TRIG_ULONG
#undef TRIG_CONVERT_ULONG
#undef TRIG_CONVERT_UINT
#undef TRIG_TINY
#undef TRIG_TINY_UP
#undef TRIG_TINY_DOWN
#undef TRIG_ODD
#undef TRIG_NOT_FINITE
#undef TRIG_FLIP
#undef TRIG_XSIGN
