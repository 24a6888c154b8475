// erf, erfc, tgamma, lgamma, lgamma_r, maxmag, minmag: type-generic bodies
// (math_generic.h), instantiated by lib/math_special.cl, whose tables
// (special_*) come from tools/special_coefficients.py.

#if IS_FLOAT
#define SPECIAL_S float
#define SPECIAL_LN2HI SPECIAL_LN2HI_F
#define SPECIAL_LN2LO SPECIAL_LN2LO_F
#define SPECIAL_EXP special_exp_f
#define SPECIAL_EXP_DEG special_exp_f_DEG
#define SPECIAL_ERF_SMALL special_erf_small_f
#define SPECIAL_ERF_SMALL_DEG special_erf_small_f_DEG
#define SPECIAL_ERFC special_erfc_f
#define SPECIAL_ERFC_DEG special_erfc_f_DEG
#define SPECIAL_ERFC_ROWS special_erfc_f_ROWS
// erfc(10.5) < 2^-150: the clamped argument still rounds to +0.
#define SPECIAL_ERFC_MAX 10.5f
#else
#define SPECIAL_S double
#define SPECIAL_LN2HI SPECIAL_LN2HI_D
#define SPECIAL_LN2LO SPECIAL_LN2LO_D
#define SPECIAL_EXP special_exp_d
#define SPECIAL_EXP_DEG special_exp_d_DEG
#define SPECIAL_ERF_SMALL special_erf_small_d
#define SPECIAL_ERF_SMALL_DEG special_erf_small_d_DEG
#define SPECIAL_ERFC special_erfc_d
#define SPECIAL_ERFC_DEG special_erfc_d_DEG
#define SPECIAL_ERFC_ROWS special_erfc_d_ROWS
// erfc(27.5) < 2^-1075.
#define SPECIAL_ERFC_MAX 27.5
#endif

// Horner over a __constant coefficient array (lowest degree first).
#define SPECIAL_HORNER(p, t, C, DEG)                                                           \
  do {                                                                                         \
    p = (T)C[DEG];                                                                             \
    for (int i_ = (DEG)-1; i_ >= 0; --i_)                                                      \
      p = fma(p, t, (T)C[i_]);                                                                 \
  } while (0)

// ---------------------------------------------------------------------------
// maxmag / minmag: the argument of larger (smaller) magnitude, fmax (fmin)
// on ties and NaNs.

OVERLOAD T maxmag(T x, T y) {
  T ax = fabs(x), ay = fabs(y);
  T r = select(fmax(x, y), y, COND(ay > ax));
  return select(r, x, COND(ax > ay));
}

OVERLOAD T minmag(T x, T y) {
  T ax = fabs(x), ay = fabs(y);
  T r = select(fmin(x, y), y, COND(ay < ax));
  return select(r, x, COND(ax < ay));
}

// ---------------------------------------------------------------------------
// Shared helpers.

// v * 2^k in one rounding (for |k| up to twice the exponent range, enough
// for any result that does not overflow to inf or underflow to 0 anyway):
// two exact power-of-two factors, only the second of which can round.
MATH_INTERNAL T __corecl_special_scale(T v, IT k) {
  k = clamp(k, (IT)(2 - 2 * EXP_BIAS), (IT)(2 * EXP_BIAS));
  IT k1 = k >> 1;
  IT k2 = k - k1;
  return v * AS_T((k1 + EXP_BIAS) << MANT_BITS) * AS_T((k2 + EXP_BIAS) << MANT_BITS);
}

// exp(h + l) as m * 2^k (m in [0.7, 1.42]), for |h| up to about 1000 and l
// a small correction of h (the low part of an exact split). Returning the
// exponent apart lets callers multiply further before the one final
// rounding into the subnormal range. Private: the exp family is separate.
MATH_INTERNAL T __corecl_special_exp_parts(T h, T l, IT *k) {
  T kf = rint(h * (T)M_LOG2E);
  // The product with the short LN2HI is exact and the difference is
  // exactly representable (|r| < 1/2 with the granularity of h).
  T r = fma(-kf, (T)SPECIAL_LN2HI, h);
  r = fma(-kf, (T)SPECIAL_LN2LO, r) + l;
  T p;
  SPECIAL_HORNER(p, r, SPECIAL_EXP, SPECIAL_EXP_DEG);
  *k = CONVERT_IT(kf);
  return p;
}

// ---------------------------------------------------------------------------
// erf and erfc.
//
// |x| < 1/2: erf(x) = x + x * P(x^2) (P about 0.13, so its rounding errors
// barely reach the result), erfc = 1 - erf (>= 0.47: no cancellation).
// |x| >= 1/2: erfc(a) = exp(-a^2) * G(a), with G = erfc(a) exp(a^2) smooth
// and slowly varying (about 1 / (a sqrt(pi))), approximated per quarter
// binade by a polynomial in (a - centre) whose coefficients each lane loads
// from a table row. a^2 is split exactly (a*a + fma rest) so that exp(-a^2)
// keeps full relative accuracy far into the tail, and the one rounding into
// the subnormal range happens last. erf = 1 - erfc there, erfc(-a) = 2 -
// erfc(a).

// erf(x) for |x| < 1/2.
MATH_INTERNAL T __corecl_special_erf_small(T x) {
  T p;
  SPECIAL_HORNER(p, x * x, SPECIAL_ERF_SMALL, SPECIAL_ERF_SMALL_DEG);
  return fma(x, p, x);
}

// erfc(a) for a in [1/2, SPECIAL_ERFC_MAX].
MATH_INTERNAL T __corecl_special_erfc_tail(T a) {
  // Row: quarter binades counted from 0.5 (exponent and two top mantissa bits).
  IT row = (AS_IT(a) >> (MANT_BITS - 2)) - (IT)((EXP_BIAS - 1) << 2);
  row = clamp(row, (IT)0, (IT)(SPECIAL_ERFC_ROWS - 1)) * (IT)(SPECIAL_ERFC_DEG + 2);
  T t = a - __corecl_special_gather(SPECIAL_ERFC, row); // exact (same binade)
  T g = __corecl_special_gather(SPECIAL_ERFC, row + (IT)(SPECIAL_ERFC_DEG + 1));
  for (int i = SPECIAL_ERFC_DEG - 1; i >= 0; --i)
    g = fma(g, t, __corecl_special_gather(SPECIAL_ERFC, row + (IT)(1 + i)));
  T h = a * a;
  T l = fma(a, a, -h);
  IT k;
  T m = __corecl_special_exp_parts(-h, -l, &k);
  return __corecl_special_scale(g * m, k);
}

OVERLOAD T erf(T x) {
  T a = fabs(x);
  T tail = __corecl_special_erfc_tail(clamp(a, (T)0.5, (T)SPECIAL_ERFC_MAX));
  T r = select(copysign((T)1 - tail, x), __corecl_special_erf_small(x), COND(a < (T)0.5));
  return select(r, x, COND(isnan(x)));
}

OVERLOAD T erfc(T x) {
  T a = fabs(x);
  T tail = __corecl_special_erfc_tail(clamp(a, (T)0.5, (T)SPECIAL_ERFC_MAX));
  T r = select(tail, (T)2 - tail, COND(x < (T)0));
  r = select(r, (T)1 - __corecl_special_erf_small(x), COND(a < (T)0.5));
  return select(r, x, COND(isnan(x)));
}

#undef SPECIAL_S
#undef SPECIAL_LN2HI
#undef SPECIAL_LN2LO
#undef SPECIAL_EXP
#undef SPECIAL_EXP_DEG
#undef SPECIAL_ERF_SMALL
#undef SPECIAL_ERF_SMALL_DEG
#undef SPECIAL_ERFC
#undef SPECIAL_ERFC_DEG
#undef SPECIAL_ERFC_ROWS
#undef SPECIAL_ERFC_MAX
#undef SPECIAL_HORNER
