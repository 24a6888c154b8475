// Exponentials, logarithms and the hyperbolic functions, type-generic
// (math_generic.h), branch-free: every path is computed and the result
// selected, so that scalar code widens into SIMD code and vector code stays
// SIMD.
//
// exp family: x = n ln2 + r, |r| <= ln2/2, with n = rint(x log2(e)) and
// r = x - n ln2 in two FMA steps (the first is exact: ln2_hi is the rounded
// ln2, so x - n ln2_hi is a small multiple of the smaller of the two ulps),
// keeping r's rounding error as a low part. e^r - 1 is one minimax
// polynomial; exp2 and exp10 reduce to the same polynomial through r ln2 and
// r ln10 formed as double-word products. The result is scaled by 2^n in two
// exact power-of-two factors, so that overflow and (single-rounding)
// underflow into the denormal range come out right.
//
// log family: x = 2^k m with m in [sqrt(1/2), sqrt(2)), f = m - 1,
// s = f / (2 + f), log1p(f) = 2 atanh(s) = f - f^2/2 + s (f^2/2 + R(s^2)),
// which is f plus a correction c about a fifth of f's size; log2 and log10
// multiply f + c by log2(e) / log10(e) as double-word products and add the
// exponent's share exactly (Fast2Sum), so that results near 1 keep their
// relative accuracy.
//
// Coefficients and split constants: builtins/tools/explog_coefficients.py.

#include "math_explog_core.h"

#ifndef MATH_EXPLOG_MACROS
#define MATH_EXPLOG_MACROS
// Above this, asinh and acosh are log(2|x|) to well within an ulp (the
// next term is 1/(4x^2)), and x^2 may overflow.
#define EXPLOG_HUGE MATH_FD(0x1p13f, 0x1p28)
#endif

// ---------------------------------------------------------------------------
// Exponentials.

OVERLOAD T exp(T x) {
  // Beyond the clamp the result is 0 or inf anyway (and n stays in range).
  T xc = MATH_MIN(MATH_MAX(x, MATH_FD(-104.0f, -746.0)), MATH_FD(89.0f, 710.0));
  T n, tail;
  T r = __corecl_explog_exp_reduce(xc, &n, &tail);
  T y = __corecl_explog_scale(__corecl_explog_one_plus(r, tail), n);
  return select(y, x + x, COND(x != x));
}

OVERLOAD T exp2(T x) {
  T xc = MATH_MIN(MATH_MAX(x, MATH_FD(-152.0f, -1076.0)), MATH_FD(129.0f, 1025.0));
  T n = MATH_RINT(xc);
  T r = xc - n; // exact
  // r ln2 as th + tl.
  T ln2_hi = MATH_FD(0x1.62e43p-1f, 0x1.62e42fefa39efp-1);
  T th = r * ln2_hi;
  T tl = MATH_FMA(r, ln2_hi, -th) + r * MATH_FD(-0x1.05c61p-29f, 0x1.abc9e3b39803fp-56);
  T y = __corecl_explog_scale(__corecl_explog_one_plus(th, __corecl_explog_expm1_tail(th, tl)), n);
  return select(y, x + x, COND(x != x));
}

OVERLOAD T exp10(T x) {
  T xc = MATH_MIN(MATH_MAX(x, MATH_FD(-46.0f, -325.0)), MATH_FD(39.0f, 309.0));
  T n = MATH_RINT(xc * MATH_FD(0x1.a934fp+1f, 0x1.a934f0979a371p+1));
  // r = x - n log10(2), the first step exact as in exp_reduce.
  T l2_hi = MATH_FD(0x1.344136p-2f, 0x1.34413509f79ffp-2);
  T l2_lo = MATH_FD(-0x1.ec10cp-27f, -0x1.9dc1da994fd21p-59);
  T rhi = MATH_FMA(-n, l2_hi, xc);
  T r = MATH_FMA(-n, l2_lo, rhi);
  T rlo = MATH_FMA(-n, l2_lo, rhi - r);
  // (r + rlo) ln10 as th + tl.
  T ln10_hi = MATH_FD(0x1.26bb1cp+1f, 0x1.26bb1bbb55516p+1);
  T ln10_lo = MATH_FD(-0x1.12aabap-25f, -0x1.f48ad494ea3e9p-53);
  T th = r * ln10_hi;
  T tl = MATH_FMA(r, ln10_hi, -th) + MATH_FMA(r, ln10_lo, rlo * ln10_hi);
  T y = __corecl_explog_scale(__corecl_explog_one_plus(th, __corecl_explog_expm1_tail(th, tl)), n);
  return select(y, x + x, COND(x != x));
}

OVERLOAD T expm1(T x) {
  // Below the clamp e^x is below half an ulp of 1; above it, inf.
  T xc = MATH_MIN(MATH_MAX(x, MATH_FD(-27.0f, -40.0)), MATH_FD(89.0f, 710.0));
  T y = __corecl_explog_expm1_clamped(xc);
  // Tiny x (also -0 and denormals, which the halving in expm1_clamped
  // would round): expm1(x) rounds to x.
  IT keep = COND(MATH_ABS(x) < MATH_FD(0x1p-25f, 0x1p-54)) | COND(x != x);
  return select(y, x, keep);
}

// ---------------------------------------------------------------------------
// Logarithms.

// Special cases shared by log, log2, log10: log(+-0) = -inf, log(x < 0) =
// nan, log(inf) = inf, nan stays nan.
MATH_INTERNAL T __corecl_explog_log_special(T x, T y) {
  y = select(y, (T)NAN, COND(x < (T)0));
  y = select(y, (T)-INFINITY, COND(x == (T)0));
  return select(y, x + x, COND(x == (T)INFINITY) | COND(x != x));
}

OVERLOAD T log(T x) {
  T k, c;
  T f = __corecl_explog_log_core(x, &k, &c);
  return __corecl_explog_log_special(x, __corecl_explog_ln(k, f, c));
}

OVERLOAD T log2(T x) {
  T k, c;
  T f = __corecl_explog_log_core(x, &k, &c);
  // (f + c) log2(e) as ph + pl, then k + ph by Fast2Sum (|ph| < 1 <= |k|
  // unless k = 0).
  T l2e_hi = MATH_FD(0x1.715476p+0f, 0x1.71547652b82fep+0);
  T l2e_lo = MATH_FD(0x1.4ae0cp-26f, 0x1.777d0ffda0d24p-56);
  T ph = f * l2e_hi;
  T pl = MATH_FMA(f, l2e_hi, -ph) + MATH_FMA(f, l2e_lo, c * l2e_hi);
  T s = k + ph;
  T y = s + (((k - s) + ph) + pl);
  return __corecl_explog_log_special(x, y);
}

OVERLOAD T log10(T x) {
  T k, c;
  T f = __corecl_explog_log_core(x, &k, &c);
  T l10e_hi = MATH_FD(0x1.bcb7b2p-2f, 0x1.bcb7b1526e50ep-2);
  T l10e_lo = MATH_FD(-0x1.5b235ep-27f, 0x1.95355baaafad3p-57);
  T ph = f * l10e_hi;
  T pl = MATH_FMA(f, l10e_hi, -ph) + MATH_FMA(f, l10e_lo, c * l10e_hi);
  // k log10(2) with an exact high part, which outweighs ph unless k = 0.
  T kh = k * MATH_FD(0x1.3442p-2f, 0x1.34413509f78p-2);
  T s = kh + ph;
  T lo = ((kh - s) + ph) + MATH_FMA(k, MATH_FD(-0x1.95ec1p-19f, 0x1.fef311f12b358p-46), pl);
  return __corecl_explog_log_special(x, s + lo);
}

OVERLOAD T log1p(T x) {
  // log(u) + e / u with u + e = 1 + x exactly.
  T e;
  T u = __corecl_explog_sum_exact(x, (T)1, &e);
  T y = __corecl_explog_ln_dw(u, e, (T)0);
  y = select(y, (T)NAN, COND(x < (T)-1));
  y = select(y, (T)-INFINITY, COND(x == (T)-1));
  // x = +-0 keeps its sign.
  return select(y, x + x, COND(x == (T)INFINITY) | COND(x != x) | COND(x == (T)0));
}

// The unbiased exponent, exact; denormals are scaled into the normal range
// first.
OVERLOAD T logb(T x) {
  T a = MATH_ABS(x);
  IT tiny = COND(a < MATH_FD(0x1p-126f, 0x1p-1022));
  T as = select(a, a * MATH_FD(0x1p25f, 0x1p54), tiny);
  T e = CONVERT_T((AS_IT(as) >> MANT_BITS) - EXP_BIAS) - select((T)0, MATH_FD(25, 54), tiny);
  e = select(e, (T)-INFINITY, COND(a == (T)0));
  return select(e, a, COND(a == (T)INFINITY) | COND(x != x));
}

// ---------------------------------------------------------------------------
// Hyperbolic functions. Where e^x - e^-x or a logarithm near 1 would cancel
// (small |x|), an odd minimax polynomial x + x^3 P(x^2) takes over; the
// other paths build on the exp and log internals above.

// e^a / 2 = 2^(n-1) (1 + r + tail) as hi + lo (1 + r split exactly), for
// a >= 0, clamped just beyond where sinh and cosh overflow: hi overflows
// exactly where they do.
MATH_INTERNAL T __corecl_explog_half_exp(T a, T *lo) {
  T n, tail;
  T r = __corecl_explog_exp_reduce(MATH_MIN(a, MATH_FD(90.0f, 711.0)), &n, &tail);
  T s = (T)1 + r;
  T t = (((T)1 - s) + r) + tail;
  T p = s + t; // rounded e^r, then its error (Fast2Sum, |t| < s)
  T n1 = MATH_TRUNC((n - (T)1) * (T)0.5);
  T f1 = __corecl_explog_pow2(n1);
  T f2 = __corecl_explog_pow2(n - (T)1 - n1);
  *lo = ((s - p) + t) * f1 * f2;
  return p * f1 * f2;
}

// h +- 1/(4h) for h = hi + lo >= 1/2 (e^a/2 +- e^-a/2), the first sum split
// exactly (Fast2Sum, 1/(4h) <= h) so that the result rounds once; the
// derivative 1 -+ 1/(4h^2) carries lo.
MATH_INTERNAL T __corecl_explog_exp_pm(T hi, T lo, T sign) {
  T q = sign * (T)0.25 / hi;
  T d = hi + q;
  T err = (hi - d) + q;
  T y = d + (err + MATH_FMA(lo, (T)-4 * sign * q * q, lo));
  return select(y, hi, COND(hi == (T)INFINITY)); // err would be inf - inf
}

OVERLOAD T sinh(T x) {
  T a = MATH_ABS(x);
  T z = x * x;
#if IS_FLOAT
  T p = MATH_POLY(z, 0x1.555556p-3f, 0x1.111124p-7f, 0x1.9ffe7p-13f, 0x1.7a157ep-19f);
#else
  T p = MATH_POLY(z, 0x1.5555555555556p-3, 0x1.111111111109fp-7, 0x1.a01a01a028961p-13,
                  0x1.71de3a465b181p-19, 0x1.ae64671b186b9p-26, 0x1.611a561dadc83p-33,
                  0x1.b4c75aaa0e338p-41);
#endif
  T small = MATH_FMA(x * z, p, x);
  // |x| >= 1: e^a/2 - e^-a/2, where the second term is at most e^-2 of the
  // first.
  T lo;
  T hi = __corecl_explog_half_exp(a, &lo);
  T big = __corecl_explog_exp_pm(hi, lo, (T)-1);
  T y = MATH_COPYSIGN(select(big, small, COND(a < (T)1)), x);
  return select(y, x + x, COND(x != x));
}

OVERLOAD T cosh(T x) {
  T lo;
  T hi = __corecl_explog_half_exp(MATH_ABS(x), &lo);
  return select(__corecl_explog_exp_pm(hi, lo, (T)1), x * x, COND(x != x));
}

OVERLOAD T tanh(T x) {
  T a = MATH_ABS(x);
  T z = x * x;
#if IS_FLOAT
  T p =
      MATH_POLY(z, -0x1.55554ap-2f, 0x1.110d22p-3f, -0x1.b9289p-5f, 0x1.593cfp-6f, -0x1.9b3064p-8f);
#else
  T p = MATH_POLY(z, -0x1.555555555554fp-2, 0x1.111111111079ep-3, -0x1.ba1ba1b97d88fp-5,
                  0x1.664f485970af3p-6, -0x1.226e2f147bd0dp-7, 0x1.d6d29b96fc228p-9,
                  -0x1.7d8fd3ae151e1p-10, 0x1.3483ae9339781p-11, -0x1.e96fc5f16bd55p-13,
                  0x1.5d745a4992fbp-14, -0x1.47110abf2dc62p-16);
#endif
  T small = MATH_FMA(x * z, p, x);
  // |x| >= 0.55: 1 - 2 / (E + 2) with E = e^(2a) - 1 >= 2 (beyond the
  // clamp tanh rounds to 1). E + 2 = d + d_err exactly (Fast2Sum); w = 2 / d
  // is corrected by the division's exact residual, (2 - w (d + d_err)) /
  // (d + d_err) ~ residual w / 2, and 1 - w is split exactly, so that the
  // result rounds once.
  T e = __corecl_explog_expm1_clamped((T)2 * MATH_MIN(a, MATH_FD(10.0f, 20.0)));
  T d = e + (T)2;
  T d_err = (e - d) + (T)2;
  T w = (T)2 / d;
  T w_corr = (MATH_FMA(-w, d, (T)2) - w * d_err) * ((T)0.5 * w);
  T s = (T)1 - w;
  T big = s + ((((T)1 - s) - w) - w_corr);
  // The small path would lose the sign of -0; every path has x's sign.
  T y = MATH_COPYSIGN(select(big, small, COND(a < (T)0.55)), x);
  return select(y, x + x, COND(x != x));
}

OVERLOAD T asinh(T x) {
  T a = MATH_ABS(x);
  T z = x * x;
#if IS_FLOAT
  T p = MATH_POLY(z, -0x1.555536p-3f, 0x1.33250ep-4f, -0x1.6b9916p-5f, 0x1.cd85dcp-6f,
                  -0x1.b1c47p-7f);
#else
  T p = MATH_POLY(z, -0x1.555555555552p-3, 0x1.3333333325924p-4, -0x1.6db6db5ab95a5p-5,
                  0x1.f1c70fa169697p-6, -0x1.6e893d1650df6p-6, 0x1.1c0b87d7ec2b9p-6,
                  -0x1.c0f9a4bcb6469p-7, 0x1.2c9a04207d35dp-7);
#endif
  // The polynomial below 1/2 (float) or 1/4 (double: fewer terms), else
  // log1p(a + a^2 / (1 + sqrt(1 + a^2))), free of cancellation.
  T small = MATH_FMA(x * z, p, x);
  T e;
  T u = __corecl_explog_one_plus2(a, z / ((T)1 + MATH_SQRT((T)1 + z)), &e);
  IT huge = COND(a > EXPLOG_HUGE);
  T big = __corecl_explog_ln_dw(select(u, a, huge), select(e, (T)0, huge),
                                select((T)0, (T)1, huge));
  T y = MATH_COPYSIGN(select(big, small, COND(a < MATH_FD(0.5f, 0.25))), x);
  return select(y, x + x, COND(a == (T)INFINITY) | COND(x != x));
}

OVERLOAD T acosh(T x) {
  // log(x + sqrt(x^2 - 1)) with x^2 - 1 = t^2 + 2t, t = x - 1 exact near 1
  // (where the result is about sqrt(2t)), and the sum kept exactly as u + e
  // (Fast2Sum: x is the larger).
  T t = x - (T)1;
  T sq = MATH_SQRT(MATH_FMA(t, t, (T)2 * t));
  T u = x + sq;
  T e = (x - u) + sq;
  IT huge = COND(x > EXPLOG_HUGE);
  T y = __corecl_explog_ln_dw(select(u, x, huge), select(e, (T)0, huge),
                              select((T)0, (T)1, huge));
  y = select(y, (T)NAN, COND(x < (T)1));
  return select(y, x + x, COND(x == (T)INFINITY) | COND(x != x));
}

OVERLOAD T atanh(T x) {
  T a = MATH_ABS(x);
  T z = x * x;
#if IS_FLOAT
  T p = MATH_POLY(z, 0x1.55553ep-2f, 0x1.99a6d6p-3f, 0x1.234844p-3f, 0x1.e44cd2p-4f, 0x1.a4ba0ep-5f,
                  0x1.69dd1ep-3f);
#else
  T p = MATH_POLY(z, 0x1.555555555555ap-2, 0x1.99999999983c1p-3, 0x1.24924925bdf03p-3,
                  0x1.c71c70cb131c4p-4, 0x1.745d531d14d24p-4, 0x1.3b0b236a4daa6p-4,
                  0x1.11d0d8c77b125p-4, 0x1.cddc9878a6391p-5, 0x1.1f7e12fcaf03ap-4);
#endif
  // The polynomial below 1/2 (float) or 1/4 (double), else
  // log1p(2a + 2a^2 / (1 - a)) / 2: the rounding of 1 - a (for a < 1/2)
  // only touches the smaller term.
  T small = MATH_FMA(x * z, p, x);
  T e;
  T u = __corecl_explog_one_plus2((T)2 * a, (T)2 * a * a / ((T)1 - a), &e);
  T big = (T)0.5 * __corecl_explog_ln_dw(u, e, (T)0);
  T y = MATH_COPYSIGN(select(big, small, COND(a < MATH_FD(0.5f, 0.25))), x);
  y = select(y, MATH_COPYSIGN((T)INFINITY, x), COND(a == (T)1));
  return select(y, (T)NAN, COND(a > (T)1) | COND(x != x));
}
