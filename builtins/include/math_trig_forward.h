// sin cos tan sincos sinpi cospi tanpi (part of math_trig.h).
//
// All of them reduce |x| and give the result the sign the function's
// symmetry calls for at the end, so zeros keep their sign without special
// cases. Infinities and NaN become NaN in a final select.

// sin and cos of |x| reduced to [-pi/4, pi/4], each with a low part
// (sin returned, *sl, *c, *cl), and the quadrant *q of the reduction.
MATH_INTERNAL T __corecl_trig_quadrant_sincos(T x, IT *q, T *sl, T *c, T *cl) {
  T rl;
  T rh = __corecl_trig_reduce(MATH_ABS(x), q, &rl);
  return __corecl_trig_sincos_kernel(rh, rl, sl, c, cl);
}

// sin(x) into the return value and cos(x) into *c.
MATH_INTERNAL T __corecl_trig_sincos(T x, T *c) {
  IT q;
  T sl, co, cl;
  T s = __corecl_trig_quadrant_sincos(x, &q, &sl, &co, &cl);
  IT odd = TRIG_ODD(q);
  T sv = TRIG_FLIP(select(s, co, odd), COND((q & 2) != 0));
  T cv = TRIG_FLIP(select(co, s, odd), COND(((q + 1) & 2) != 0));
  IT bad = TRIG_NOT_FINITE(x);
  *c = select(cv, (T)NAN, bad);
  return select(TRIG_XSIGN(sv, x), (T)NAN, bad);
}

OVERLOAD T sin(T x) {
  T c;
  return __corecl_trig_sincos(x, &c);
}

OVERLOAD T cos(T x) {
  T c;
  __corecl_trig_sincos(x, &c);
  return c;
}

#define TRIG_SINCOS(AS)                                                                        \
  OVERLOAD T sincos(T x, AS T *cosval) {                                                       \
    T c;                                                                                       \
    T s = __corecl_trig_sincos(x, &c);                                                         \
    *cosval = c;                                                                               \
    return s;                                                                                  \
  }
TRIG_SINCOS(__global)
TRIG_SINCOS(__local)
TRIG_SINCOS(__private)
TRIG_SINCOS(__generic)
#undef TRIG_SINCOS

// tan = sin/cos in even quadrants and -cos/sin in odd ones, divided with
// both operands' low parts.
OVERLOAD T tan(T x) {
  IT q;
  T sl, c, cl;
  T s = __corecl_trig_quadrant_sincos(x, &q, &sl, &c, &cl);
  IT odd = TRIG_ODD(q);
  T t = __corecl_trig_div2(select(s, -c, odd), select(sl, -cl, odd), select(c, s, odd),
                           select(cl, sl, odd));
  return select(TRIG_XSIGN(t, x), (T)NAN, TRIG_NOT_FINITE(x));
}

// --- sinpi cospi tanpi ------------------------------------------------------
// |x| = n/2 + r with |r| <= 1/4 exactly (rint of 2|x|, then an exact
// subtraction); from 2^24 (float) or 2^53 (double) on every value is an even
// integer and reduces to 0, like infinities and NaN (replaced at the end).
// Results proportional to tiny x are formed scaled (__corecl_trig_pi_tiny).

MATH_INTERNAL T __corecl_trig_reduce_pi(T ax, IT *q) {
  T y = select((T)0, ax, COND(ax < (T)(IS_FLOAT ? 0x1p24f : 0x1p53)));
  T n = MATH_RINT(y + y);
  *q = CONVERT_IT(n) & 3;
  return MATH_FMA((T)-0.5, n, y);
}

MATH_INTERNAL T __corecl_trig_sinpi_poly(T z) {
  return MATH_POLY_FD(z, TRIG_SINPI);
}

MATH_INTERNAL T __corecl_trig_cospi_poly(T z) {
  return MATH_POLY_FD(z, TRIG_COSPI);
}

// sin(pi r) and cos(pi r) for |r| <= 1/4, each as hi + lo:
// sin = pi r + r^3 SP(r^2) with pi r formed exactly from pi = PI_HI + PI_LO;
// cos = 1 - (pi^2/2) r^2 + r^4 CP(r^2) with the product and the
// subtraction's rounding errors kept.
MATH_INTERNAL T __corecl_trig_sincospi_kernel(T r, T *sl, T *c, T *cl) {
  T z = r * r;
  T a = r * TK(PI_HI);
  T al = MATH_FMA(r, TK(PI_HI), -a);
  T st = MATH_FMA(r * z, __corecl_trig_sinpi_poly(z), MATH_FMA(r, TK(PI_LO), al));
  T s = a + st;
  *sl = st - (s - a);
  T zl = MATH_FMA(r, r, -z);
  T w = z * TK(HALF_PI_SQ_HI);
  T wl =
      MATH_FMA(z, TK(HALF_PI_SQ_HI), -w) + MATH_FMA(zl, TK(HALF_PI_SQ_HI), z * TK(HALF_PI_SQ_LO));
  T h = (T)1 - w;
  T hl = ((T)1 - h) - w;
  T ct = MATH_FMA(z * z, __corecl_trig_cospi_poly(z), hl - wl);
  T ch = h + ct;
  *c = ch;
  *cl = ct - (ch - h);
  return s;
}

// pi |x| for |x| < TRIG_TINY, rounded once (see TRIG_TINY).
MATH_INTERNAL T __corecl_trig_pi_tiny(T ax) {
  T a = ax * TRIG_TINY_UP;
  return MATH_FMA(a, TK(PI_HI), a * TK(PI_LO)) * TRIG_TINY_DOWN;
}

// Adding +0 turns the -0 of a negated zero into +0: sinpi of a positive
// integer and cospi of a half-integer are +0.
OVERLOAD T sinpi(T x) {
  IT q;
  T r = __corecl_trig_reduce_pi(MATH_ABS(x), &q);
  T sl, c, cl;
  T s = __corecl_trig_sincospi_kernel(r, &sl, &c, &cl);
  T v = TRIG_FLIP(select(s, c, TRIG_ODD(q)), COND((q & 2) != 0)) + (T)0;
  T ax = MATH_ABS(x);
  v = select(v, __corecl_trig_pi_tiny(ax), COND(ax < TRIG_TINY));
  return select(TRIG_XSIGN(v, x), (T)NAN, TRIG_NOT_FINITE(x));
}

OVERLOAD T cospi(T x) {
  IT q;
  T r = __corecl_trig_reduce_pi(MATH_ABS(x), &q);
  T sl, c, cl;
  T s = __corecl_trig_sincospi_kernel(r, &sl, &c, &cl);
  T v = TRIG_FLIP(select(c, s, TRIG_ODD(q)), COND(((q + 1) & 2) != 0)) + (T)0;
  return select(v, (T)NAN, TRIG_NOT_FINITE(x));
}

// At r = 0 the spec's values: tanpi(n) = +0 for even n and -0 for odd n,
// tanpi(n + 1/2) = +inf for even n and -inf for odd n (for |x|; the sign of
// x is applied after).
OVERLOAD T tanpi(T x) {
  IT q;
  T r = __corecl_trig_reduce_pi(MATH_ABS(x), &q);
  T sl, c, cl;
  T s = __corecl_trig_sincospi_kernel(r, &sl, &c, &cl);
  IT odd = TRIG_ODD(q);
  T t = __corecl_trig_div2(select(s, -c, odd), select(sl, -cl, odd), select(c, s, odd),
                           select(cl, sl, odd));
  T exact = TRIG_FLIP(select((T)0, (T)INFINITY, odd), COND((q & 2) != 0));
  t = select(t, exact, COND(r == (T)0));
  T ax = MATH_ABS(x);
  t = select(t, __corecl_trig_pi_tiny(ax), COND(ax < TRIG_TINY));
  return select(TRIG_XSIGN(t, x), (T)NAN, TRIG_NOT_FINITE(x));
}
