// erf, erfc, tgamma, lgamma, lgamma_r, maxmag, minmag: type-generic bodies
// (math_generic.h), instantiated by lib/math_special.cl, whose tables
// (special_*, math_special_data.h) come from tools/special_coefficients.py.
// Exponentials come from the exp family's core (math_explog_core.h) and
// double-double logarithms from pow's (math_pow.h): one implementation of
// each.

#include "math_explog_core.h"

#if IS_FLOAT
#define SPECIAL_ERF_SMALL special_erf_small_f
#define SPECIAL_ERF_SMALL_DEG special_erf_small_f_DEG
// erfc(10.5) < 2^-150: the clamped argument still rounds to +0.
#define SPECIAL_ERFC_MAX 10.5f
#else
#define SPECIAL_ERF_SMALL special_erf_small_d
#define SPECIAL_ERF_SMALL_DEG special_erf_small_d_DEG
// erfc(27.5) < 2^-1075.
#define SPECIAL_ERFC_MAX 27.5
#endif

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

// a * b - p exactly, for p = a * b rounded: one fma where the CPU has it,
// Dekker's splitting otherwise (|a|, |b| below 2^996 there).
MATH_INTERNAL T __corecl_special_prod_err(T a, T b, T p) {
#if MATH_HAS_FAST_FMA
  return fma(a, b, -p);
#else
  const T split = IS_FLOAT ? (T)4097 : (T)134217729; // 2^(ceil(p/2)) + 1
  T ca = a * split, cb = b * split;
  T ah = ca - (ca - a), bh = cb - (cb - b);
  T al = a - ah, bl = b - bh;
  return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
#endif
}

// v * 2^k in one rounding (for |k| up to twice the exponent range, enough
// for any result that does not overflow to inf or underflow to 0 anyway):
// two exact power-of-two factors, only the second of which can round.
MATH_INTERNAL T __corecl_special_scale(T v, IT k) {
  k = clamp(k, (IT)(2 - 2 * EXP_BIAS), (IT)(2 * EXP_BIAS));
  IT k1 = k >> 1;
  IT k2 = k - k1;
  return v * AS_T((k1 + EXP_BIAS) << MANT_BITS) * AS_T((k2 + EXP_BIAS) << MANT_BITS);
}

// exp(h + l) as m * 2^k (m near 1): the exp family's core
// (math_explog_core.h), with the exponent apart so that callers can
// multiply further before the one final rounding into the subnormal range.
MATH_INTERNAL T __corecl_special_exp_parts(T h, T l, IT *k) {
  T n;
  T m = __corecl_explog_exp_parts(h, l, &n);
  *k = CONVERT_IT(n);
  return m;
}

// ---------------------------------------------------------------------------
// erf and erfc.
//
// |x| < 1/2: erf(x) = x + x * P(x^2) (P about 0.13, so its rounding errors
// barely reach the result), erfc = 1 - erf (>= 0.47: no cancellation).
// |x| >= 1/2: erfc(a) = exp(-a^2) * G(a), with G = erfc(a) exp(a^2) smooth
// and slowly varying (about 1 / (a sqrt(pi))): a polynomial in a - centre
// up to 4 (double) or 2 (float), then H(1/a^2) / a with H polynomial (the
// asymptotic form, whose variable 1/a^2 carries no amplified rounding). a^2
// is split exactly (a*a + fma rest) so that exp(-a^2) keeps full relative
// accuracy far into the tail, and the one rounding into the subnormal range
// happens last. erf = 1 - erfc there, erfc(-a) = 2 - erfc(a).

// erf(x) for |x| < 1/2.
MATH_INTERNAL T __corecl_special_erf_small(T x) {
  T p;
  MATH_POLY_ARRAY(p, x * x, SPECIAL_ERF_SMALL, SPECIAL_ERF_SMALL_DEG);
  return x * p + x;
}

// erfc(a) for a in [1/2, SPECIAL_ERFC_MAX].
MATH_INTERNAL T __corecl_special_erfc_tail(T a) {
  // Near: G in a - centre, the interval's coefficients chosen per lane by
  // selects (double: two intervals of one degree; loads from a table per
  // lane would be gathers, far slower).
#if IS_DOUBLE
  IT hi = COND(a >= 2.0);
  T s = a - select((T)special_erfc_a1_d_C, (T)special_erfc_a2_d_C, hi);
  T near = select((T)special_erfc_a1_d[special_erfc_a1_d_DEG],
                  (T)special_erfc_a2_d[special_erfc_a2_d_DEG], hi);
  for (int i = special_erfc_a1_d_DEG - 1; i >= 0; --i)
    near = near * s + select((T)special_erfc_a1_d[i], (T)special_erfc_a2_d[i], hi);
  IT far = COND(a >= 4.0);
#define SPECIAL_ERFC_B special_erfc_b_d
#else
  T near;
  MATH_POLY_ARRAY(near, a - special_erfc_a_f_C, special_erfc_a_f, special_erfc_a_f_DEG);
  IT far = COND(a >= 2.0f);
#define SPECIAL_ERFC_B special_erfc_b_f
#endif
  // Far: G = H(1/a^2) / a, with 1/a = r + rl (the division's residual).
  T r = (T)1 / a;
  T ra = r * a;
  T rl = (((T)1 - ra) - __corecl_special_prod_err(r, a, ra)) * r;
  T h;
  MATH_POLY_ARRAY(h, r * r, SPECIAL_ERFC_B, MATH_CAT(SPECIAL_ERFC_B, _DEG));
#undef SPECIAL_ERFC_B
  T g = select(near, r * h + rl * h, far);
  T sq = a * a;
  T sql = __corecl_special_prod_err(a, a, sq);
  IT k;
  T m = __corecl_special_exp_parts(-sq, -sql, &k);
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

// ---------------------------------------------------------------------------
// tgamma, lgamma, lgamma_r.
//
// Double: x >= -6 shifts up to z = x + n >= 7 (n <= 13) and uses
// Gamma(x) = Gamma(z) / (x (x+1) ... (x+n-1)); x < -6 reflects,
// Gamma(x) = pi / (sinpi(x) Gamma(1 - x)), with 1 - x >= 7. log Gamma(z) for
// z >= 7 is Stirling's series, (z - 1/2) log z - z + log(2 pi)/2 + S(z),
// in double-double: its value reaches 700 for tgamma and must be good to
// ~2^-60 absolute for a result within a few ulp. The product of the shift
// factors is double-double as well, and the first factor x is divided out
// last so that tiny and subnormal x lose nothing. lgamma uses the same
// pieces, plus (x - 1) P(x - 1) and (x - 2) P(x - 2) near its zeros at 1
// and 2, where the general sum would cancel (near its zeros at negative x
// it does cancel: lgamma has no accuracy bound).
// Float: computed in double (the double forms, rounded once).

// lgamma_r's sign: gamma(x) < 0 exactly for negative non-integers with an
// odd floor (+1 at poles, as C does; NaN gives +1 too).
MATH_INTERNAL IT __corecl_special_gamma_sign(T x) {
  T f = floor(x);
  T h = f * (T)0.5;
  IT neg = COND(x < (T)0) & COND(f != x) & COND(h != floor(h));
  return select((IT)1, (IT)-1, neg);
}

#if IS_DOUBLE

// a + b = s + *e exactly.
MATH_INTERNAL T __corecl_special_two_sum(T a, T b, T *e) {
  T s = a + b;
  T bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

// log(x) = hi + *lo to about 2^-68 relative, for finite x > 0: pow's
// double-double logarithm, defined once in lib/math_pow.cl (math_pow.h).
MATH_SHARED T __corecl_log_dd(T x, T *lo);

// log Gamma(z) = hi + *lo for z = zh + zl >= 7 (zl tiny): Stirling's
// series with the tail S(z) = P(1/z^2) / z.
MATH_INTERNAL T __corecl_special_lgamma_stirling(T zh, T zl, T *lo) {
  T ll;
  T lh = __corecl_log_dd(zh, &ll);
  ll += zl / zh;
  T ah = zh - 0.5; // exact
  T ph = ah * lh;
  T pl = __corecl_special_prod_err(ah, lh, ph) + (ah * ll + zl * lh);
  T e1, e2;
  T s = __corecl_special_two_sum(ph, -zh, &e1);
  s = __corecl_special_two_sum(s, SPECIAL_HLOG2PI_HI, &e2);
  T u = 1.0 / (zh * zh);
  T st;
  MATH_POLY_ARRAY(st, u, special_stirling, special_stirling_DEG);
  T l = (e1 + e2) + (pl - zl + SPECIAL_HLOG2PI_LO) + st / zh;
  T hi = s + l;
  *lo = l - (hi - s);
  return hi;
}

// sin(pi x), for |x| < 2^52: exact reduction to r = x - j/2, |r| <= 1/4.
MATH_INTERNAL T __corecl_special_sinpi(T x) {
  T j = rint(2.0 * x);
  T r = x - j * 0.5;
  T r2 = r * r;
  T s, c;
  MATH_POLY_ARRAY(s, r2, special_sinpi, special_sinpi_DEG);
  MATH_POLY_ARRAY(c, r2, special_cospi, special_cospi_DEG);
  s *= r;
  IT q = CONVERT_IT(j) & 3;
  T v = select(s, c, COND((q & 1) != 0));
  return select(v, -v, COND((q & 2) != 0));
}

// The pieces shared by tgamma and lgamma. Given x, sets:
//   *refl  lanes that reflect (x < -6); their w = 1 - x, else w = x
//   *shift lanes with a shift n >= 1: their first factor is x itself
//   *ph + *pl  the product of the other shift factors (w+1) ... (w+n-1)
// and returns log Gamma(w + n) = hi + *lo.
MATH_INTERNAL T __corecl_special_gamma_core(T x, IT *refl, IT *shift, T *ph, T *pl, T *lo) {
  // Beyond these bounds the results are fixed (poles, 0, inf) and selected
  // by the callers; clamping keeps the arithmetic finite.
  x = clamp(x, -0x1p52, 0x1p60);
  *refl = COND(x < -6.0);
  T wl;
  T wh = __corecl_special_two_sum(1.0, -x, &wl);
  wh = select(x, wh, *refl);
  wl = select(0.0, wl, *refl);
  T n = clamp(ceil(7.0 - wh), 0.0, 13.0);
  *shift = COND(n >= 1.0);
  T zl;
  T zh = __corecl_special_two_sum(wh, n, &zl);
  zl += wl;
  T h = 1.0, l = 0.0;
  for (int i = 1; i < 13; ++i) {
    T fl;
    T fh = __corecl_special_two_sum(wh, (T)i, &fl);
    T nh = h * fh;
    T nl = __corecl_special_prod_err(h, fh, nh) + (h * fl + l * fh);
    IT use = COND((T)i < n);
    h = select(h, nh, use);
    l = select(l, nl, use);
  }
  *ph = h;
  *pl = l;
  return __corecl_special_lgamma_stirling(zh, zl, lo);
}

OVERLOAD T tgamma(T x) {
  IT refl, shift;
  T ph, pl, el;
  T eh = __corecl_special_gamma_core(x, &refl, &shift, &ph, &pl, &el);
  // Reflected lanes need exp(-log Gamma(1 - x)); the clamp keeps the
  // exponent in range (the result has overflowed or underflowed by then).
  eh = select(eh, -eh, refl);
  el = select(el, -el, refl);
  IT k;
  T m = __corecl_special_exp_parts(clamp(eh, -1600.0, 1600.0), el, &k);
  T s = __corecl_special_sinpi(fmax(x, -0x1p52));
  // m / (ph + pl), and pi m / sinpi(x) when reflecting (then ph = 1).
  T q = m / ph;
  q = q - q * (pl / ph);
  q = select(q, SPECIAL_PI_HI * m / s, refl);
  T r = __corecl_special_scale(q, k);
  r = select(r, r / x, shift);
  // Poles (non-positive integers and -inf) give NaN; +-0 give +-inf.
  IT pole = COND(x <= 0.0) & COND(floor(x) == x);
  r = select(r, copysign(0.0, s), COND(x < -200.0));
  r = select(r, (T)INFINITY, COND(x > 200.0));
  r = select(r, (T)NAN, pole);
  r = select(r, 1.0 / x, COND(x == 0.0));
  return select(r, x, COND(isnan(x)));
}

OVERLOAD T lgamma(T x) {
  IT refl, shift;
  T ph, pl, el;
  T eh = __corecl_special_gamma_core(x, &refl, &shift, &ph, &pl, &el);
  // One log serves every lane, of:
  //   direct     the shift product x (x+1) ... (x+n-1) (1 when n = 0):
  //              lgamma = log Gamma(z) - log|product|
  //   reflected  sinpi(x): lgamma = log(pi) - log|sinpi(x)| - log Gamma(1 - x)
  //   |x| < 2^-60 and x > 2^60: x itself (below, where the other terms
  //              fall under an ulp or the Stirling sum would overflow)
  T ax = fabs(x);
  IT tiny = COND(ax < 0x1p-60);
  IT huge = COND(x > 0x1p60);
  T qh = ph * x;
  T ql = __corecl_special_prod_err(ph, x, qh) + pl * x;
  qh = select(ph, qh, shift);
  ql = select(pl, ql, shift);
  qh = select(qh, __corecl_special_sinpi(fmax(x, -0x1p52)), refl);
  ql = select(ql, 0.0, refl);
  qh = select(qh, ax, tiny | huge);
  ql = select(ql, 0.0, tiny | huge);
  T lql, e1, e2;
  T lqh = __corecl_log_dd(fabs(qh), &lql);
  lql += ql / qh;
  // r = a - log|q| - b: (a, b) = (log Gamma(z), 0) direct, (log(pi),
  // log Gamma(1 - x)) reflected.
  T ah = select(eh, SPECIAL_LOGPI_HI, refl);
  T al = select(el, SPECIAL_LOGPI_LO, refl);
  T bh = select(0.0, eh, refl);
  T bl = select(0.0, el, refl);
  T r = __corecl_special_two_sum(ah, -lqh, &e1);
  r = __corecl_special_two_sum(r, -bh, &e2);
  r += (e1 + e2) + (al - lql - bl);
  r = select(r, -lqh, tiny);
  // Near the zeros at 1 and 2 (+ 0 turns the -0 that t * p gives at 1 into
  // the +0 C specifies).
  T t1 = x - 1.0, t2 = x - 2.0, p1, p2;
  MATH_POLY_ARRAY(p1, t1, special_lgamma1, special_lgamma1_DEG);
  MATH_POLY_ARRAY(p2, t2, special_lgamma2, special_lgamma2_DEG);
  r = select(r, t1 * p1 + 0.0, COND(fabs(t1) <= 0.125));
  r = select(r, t2 * p2 + 0.0, COND(fabs(t2) <= 0.125));
  // Huge x: x (log x - 1), the rest being below an ulp. (The exact
  // product is taken at x 2^-64, within Dekker's range.)
  T lm1 = lqh - 1.0; // exact
  T xs = x * 0x1p-64;
  T hs = xs * lm1;
  T hu = hs * 0x1p64;
  T hr = hu + (__corecl_special_prod_err(xs, lm1, hs) + xs * lql) * 0x1p64;
  hr = select(hr, hu, COND(isinf(hu)));
  r = select(r, hr, huge);
  IT pole = COND(x <= 0.0) & COND(floor(x) == x);
  r = select(r, (T)INFINITY, pole | COND(isinf(x)));
  return select(r, x, COND(isnan(x)));
}

#else

// Float: the double forms (defined by the double instantiation, later in
// the file), rounded once.
OVERLOAD MATH_CAT(double, MATH_W) tgamma(MATH_CAT(double, MATH_W) x);
OVERLOAD MATH_CAT(double, MATH_W) lgamma(MATH_CAT(double, MATH_W) x);
OVERLOAD T tgamma(T x) { return CONVERT_T(tgamma(MATH_CAT(convert_double, MATH_W)(x))); }
OVERLOAD T lgamma(T x) { return CONVERT_T(lgamma(MATH_CAT(convert_double, MATH_W)(x))); }

#endif

#define SPECIAL_LGAMMA_R(AS)                                                                   \
  OVERLOAD T lgamma_r(T x, AS I32 *sign) {                                                     \
    *sign = CONVERT_I32(__corecl_special_gamma_sign(x));                                       \
    return lgamma(x);                                                                          \
  }
SPECIAL_LGAMMA_R(__global)
SPECIAL_LGAMMA_R(__local)
SPECIAL_LGAMMA_R(__private)
SPECIAL_LGAMMA_R(__generic)
#undef SPECIAL_LGAMMA_R

#undef SPECIAL_ERF_SMALL
#undef SPECIAL_ERF_SMALL_DEG
#undef SPECIAL_ERFC_MAX
