// fmod, remainder, remquo and nextafter, type-generic (math_generic.h),
// instantiated twice by lib/math_remainder.cl:
//   MATH_REM_PART 1: the exact reduction on double types (float reduces in
//     double too: fewer, wider steps).
//   MATH_REM_PART 2: the functions themselves.

#if MATH_REM_PART == 1
#if IS_DOUBLE

// 2^e for an integer e in [-1022, 1023].
MATH_INTERNAL T __corecl_rem_exp2i(IT e) { return AS_T((e + 1023) << 52); }

// a = m 2^e with m in [1, 2), for positive finite a (subnormals included).
MATH_INTERNAL T __corecl_rem_split(T a, IT *e) {
  IT sub = COND(a < 0x1p-1022);
  a = select(a, a * 0x1p64, sub);
  IT bits = AS_IT(a);
  *e = (bits >> 52) - 1023 - select((IT)0, (IT)64, sub);
  return AS_T((bits & 0x000fffffffffffffL) | 0x3ff0000000000000L);
}

// x - n y for positive finite x, y with x >= y/2 (so ex - ey >= -1), and
// the low 7 bits of n >= 0 in *quo: n = trunc(x/y) (nearest = 0) or x/y
// rounded to nearest even (nearest = 1). Exact for every input.
//
// With x = mx 2^ex and y = my 2^ey, the reduction works on multiples of
// ulp(my) = 2^-52 in units of 2^ey: each step brings up to 50 more bits of
// x's exponent difference in (r 2^k, exact) and removes q = rint(r/my) my
// with one fma. |r/my| < 2^51 keeps q within 1 of the true quotient, so the
// new r lies in (-my, my), is a multiple of 2^-52 below 2 and thus exactly
// representable, and the fma computes it without rounding. `steps` must
// cover the largest exponent difference (50 steps each).
MATH_INTERNAL T __corecl_rem_reduce(T x, T y, int steps, int nearest, IT *quo) {
  IT ex, ey;
  T mx = __corecl_rem_split(x, &ex);
  T my = __corecl_rem_split(y, &ey);
  T inv = 1 / my;
  IT d = ex - ey;
  T r = select(mx, mx * 0.5, COND(d < 0)); // d = -1: x/y in [1/2, 1)
  d = max(d, (IT)0);
  IT q7 = 0;
  // Unrolled: straight-line code keeps the work-item loop vectorisable.
#pragma unroll
  for (int s = 0; s < steps; ++s) {
    IT k = min(d, (IT)50);
    d -= k;
    r *= __corecl_rem_exp2i(k);
    T q = rint(r * inv);
    r = fma(-q, my, r);
    // n = n 2^k + q, modulo 128 (q mod 128 in [0, 128), exact).
    T qm = q - 128 * floor(q * 0x1p-7);
    q7 = ((q7 << min(k, (IT)7)) + (AS_IT(qm + 0x1p52) & 127)) & 127;
  }
  // To [0, my): the remainder of the truncated quotient.
  IT neg = COND(r < 0);
  r = select(r, r + my, neg);
  q7 += select((IT)0, (IT)-1, neg);
  IT over = COND(r >= my);
  r = select(r, r - my, over);
  q7 += select((IT)0, (IT)1, over);
  // Nearest, ties to an even quotient: r - my is exact (|r - my| <= my).
  IT up = COND((2 * r > my) | ((2 * r == my) & ((q7 & 1) != 0))) & (IT)(nearest ? -1 : 0);
  r = select(r, r - my, up);
  q7 = (q7 + select((IT)0, (IT)1, up)) & 127;
  *quo = q7;
  // r 2^ey is representable (it is the exact result): two exact scalings.
  IT e1 = ey >> 1;
  return r * __corecl_rem_exp2i(e1) * __corecl_rem_exp2i(ey - e1);
}

#endif // IS_DOUBLE
#else  // MATH_REM_PART 2

#if IS_FLOAT
// The float exponent difference (at most 276) takes 6 steps of 50 bits.
#define REM_STEPS 6
#define REM_DT MATH_CAT(double, MATH_W)
#define REM_DIT MATH_CAT(long, MATH_W)
#define REM_TO_D MATH_CAT(convert_double, MATH_W)
#else
// The double exponent difference (at most 2097) takes 42.
#define REM_STEPS 42
#define REM_DT T
#define REM_DIT IT
#define REM_TO_D
#endif

// Special cases shared by the three: NaN for NaN operands, infinite x or
// zero y; x itself when |x| is below the reduction's range.
MATH_INTERNAL IT __corecl_rem_nan(T x, T y) {
  return COND(isnan(x) | isnan(y) | isinf(x) | (y == 0));
}
MATH_INTERNAL T __corecl_rem_safe(T a) {
  return select((T)1, a, COND((a > 0) & (a < (T)INFINITY)));
}

// |x| - trunc(|x|/|y|) |y| with x's sign.
OVERLOAD T fmod(T x, T y) {
  T ax = fabs(x);
  T ay = fabs(y);
  REM_DIT q;
  T r = CONVERT_T(__corecl_rem_reduce(REM_TO_D(__corecl_rem_safe(ax)),
                                      REM_TO_D(__corecl_rem_safe(ay)), REM_STEPS, 0, &q));
  r = select(copysign(r, x), x, COND(ax < ay));
  return select(r, (T)NAN, __corecl_rem_nan(x, y));
}

// The reduction for the nearest quotient, with x's sign applied by flipping
// (x = n y + r with |r| <= |y|/2; a zero result keeps x's sign).
MATH_INTERNAL T __corecl_rem_nearest(T x, T y, I32 *quo) {
  T ax = fabs(x);
  T ay = fabs(y);
  REM_DIT q;
  T r = CONVERT_T(__corecl_rem_reduce(REM_TO_D(__corecl_rem_safe(ax)),
                                      REM_TO_D(__corecl_rem_safe(ay)), REM_STEPS, 1, &q));
  r = AS_T(AS_UT(r) ^ (AS_UT(x) & (UT)SIGN_MASK));
  IT small = COND(2 * ax <= ay); // quotient 0 (2 ax is exact or overflows)
  r = select(r, x, small);
  IT nan = __corecl_rem_nan(x, y);
  I32 q32 = MATH_CAT(convert_int, MATH_W)(q);
  I32 zero = CONVERT_I32(small | nan) != 0;
  q32 = select(q32, (I32)0, zero);
  I32 negq = CONVERT_I32(COND(signbit(x) != signbit(y))) != 0;
  *quo = select(q32, -q32, negq);
  return select(r, (T)NAN, nan);
}

OVERLOAD T remainder(T x, T y) {
  I32 q;
  return __corecl_rem_nearest(x, y, &q);
}

// remquo for every address space a kernel may pass (as frexp and friends):
// the remainder and the low 7 bits of the quotient with the sign of x/y.
#define REM_REMQUO(AS)                                                                         \
  OVERLOAD T remquo(T x, T y, AS I32 *quo) {                                                   \
    I32 q;                                                                                     \
    T r = __corecl_rem_nearest(x, y, &q);                                                      \
    *quo = q;                                                                                  \
    return r;                                                                                  \
  }
REM_REMQUO(__global)
REM_REMQUO(__local)
REM_REMQUO(__private)
REM_REMQUO(__generic)
#undef REM_REMQUO

// One step of the bit pattern: up in magnitude when y lies beyond x (away
// from zero), down otherwise; from zero the smallest subnormal with y's sign.
OVERLOAD T nextafter(T x, T y) {
  IT ix = AS_IT(x);
  IT away = COND((y > x) == (x > 0));
  T r = AS_T(ix + select((IT)-1, (IT)1, away));
  r = select(r, AS_T((AS_IT(y) & (IT)SIGN_MASK) | 1), COND(x == 0));
  r = select(r, y, COND(x == y));
  return select(r, x + y, COND(isnan(x) | isnan(y)));
}

#undef REM_STEPS
#undef REM_DT
#undef REM_DIT
#undef REM_TO_D

#endif // MATH_REM_PART
