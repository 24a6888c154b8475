// asin acos atan atan2 asinpi acospi atanpi atan2pi (part of math_trig.h).
//
// The radian results are formed as hi + lo, so the pi-scaled forms divide
// by pi (a multiplication by 1/pi = INV_PI_HI + INV_PI_LO) before the one
// final rounding.

#define TRIG_ISNAN(x) COND((x) != (x))

// (h + l) / pi as hi + *lo.
MATH_INTERNAL T __corecl_trig_div_pi(T h, T l, T *lo) {
  T p = h * TK(INV_PI_HI);
  *lo = MATH_FMA(h, TK(INV_PI_HI), -p) + MATH_FMA(l, TK(INV_PI_HI), h * TK(INV_PI_LO));
  return p;
}

// (h + l) / pi rounded. Tiny values are scaled up by a power of two for the
// product and back down at the end, so a subnormal result is rounded once
// (not once for the product and again when adding the low part).
MATH_INTERNAL T __corecl_trig_div_pi_rounded(T h, T l) {
  IT tiny = COND(MATH_ABS(h) < TRIG_TINY);
  T up = select((T)1, TRIG_TINY_UP, tiny);
  T pl;
  T p = __corecl_trig_div_pi(h * up, l * up, &pl);
  return (p + pl) * select((T)1, TRIG_TINY_DOWN, tiny);
}

// --- atan2 and atan -----------------------------------------------------------
// For num <= den: atan(num/den) = atan(c) + atan(t) with c = k/8 the
// nearest eighth of the ratio and t = (num - c den) / (den + c num),
// |t| <= 1/16; atan(c) is one of nine constants (hi + lo), picked by
// selects. num - c den is exact up to the low part of c den (which is
// kept), den + c num is split into hi + lo, and the quotient is corrected
// with its exact remainder, so t is good to about twice the working
// precision. For num > den the roles swap: pi/2 - atan(c) - atan(t).

MATH_INTERNAL T __corecl_trig_atan_poly(T z) {
  return MATH_POLY_FD(z, TRIG_ATAN);
}

// The angle of the point (ax, ay) for finite ax, ay >= 0, not both zero,
// in [0, pi/2], as hi + *lo. Both are first scaled by the power of two that
// brings the larger into [2, 4) (into [0, 2) from a subnormal): den + c num
// cannot overflow, the terms that matter are normal, and a subnormal ratio
// is rounded about once.
MATH_INTERNAL T __corecl_trig_atan2_core(T ay, T ax, T *lo) {
  IT ex = AS_IT(MATH_MAX(ax, ay)) >> MANT_BITS;
  ex = select(select(ex, (IT)1, COND(ex < 1)), (IT)(2 * EXP_BIAS), COND(ex > 2 * EXP_BIAS));
  T scale = AS_T((IT)(2 * EXP_BIAS + 1 - ex) << MANT_BITS);
  ax = ax * scale;
  ay = ay * scale;
  IT swap = COND(ay > ax);
  T num = select(ay, ax, swap);
  T den = select(ax, ay, swap);
  // Only roughly the ratio is needed; a NaN (from 0/0) becomes k = 0.
  T ck = MATH_RINT(MATH_MIN(MATH_MAX((T)8 * (num / den), (T)0), (T)8));
  T c = ck * (T)0.125;
  T p = c * den;
  T pl = MATH_FMA(c, den, -p);
  T nh = num - p;
  T d = MATH_FMA(c, num, den);
  T dl = MATH_FMA(c, num, den - d);
  T t = nh / d;
  T tl = (MATH_FMA(-t, d, nh) - pl - t * dl) / d;
  T z = t * t;
  T poly = t * z * __corecl_trig_atan_poly(z);
  // atan(c) as hi + lo.
  IT k = CONVERT_IT(ck);
  T bh = (T)0, bl = (T)0;
#define TRIG_ATAN_PICK(i)                                                                      \
  bh = select(bh, TK(ATAN_HI##i), COND(k == i));                                               \
  bl = select(bl, TK(ATAN_LO##i), COND(k == i));
  TRIG_ATAN_PICK(1)
  TRIG_ATAN_PICK(2)
  TRIG_ATAN_PICK(3)
  TRIG_ATAN_PICK(4)
  TRIG_ATAN_PICK(5)
  TRIG_ATAN_PICK(6)
  TRIG_ATAN_PICK(7)
  TRIG_ATAN_PICK(8)
#undef TRIG_ATAN_PICK
  // pi/2 - atan(c) for the swapped case.
  T ce;
  T ch = __corecl_trig_fast2sum(TK(PIO2_HI), -bh, &ce);
  bl = select(bl, ce + (TK(PIO2_LO) - bl), swap);
  bh = select(bh, ch, swap);
  T sg = select((T)1, (T)-1, swap);
  T e;
  T h = __corecl_trig_fast2sum(bh, sg * t, &e);
  *lo = e + (bl + sg * (tl + poly));
  return h;
}

// atan2's first-quadrant angle for any ax, ay >= 0 (NaN aside), with the
// Annex F values where the core does not apply: 0 for two zeros or an
// infinite ax, pi/2 for an infinite ay, pi/4 for both infinite.
MATH_INTERNAL T __corecl_trig_atan2_angle(T ay, T ax, T *lo) {
  T l;
  T h = __corecl_trig_atan2_core(ay, ax, &l);
  IT xinf = COND(ax == (T)INFINITY), yinf = COND(ay == (T)INFINITY);
  IT zero = xinf | COND((ax == (T)0) & (ay == (T)0));
  h = select(h, (T)0, zero);
  l = select(l, (T)0, zero);
  h = select(h, TK(PIO2_HI), yinf);
  l = select(l, TK(PIO2_LO), yinf);
  h = select(h, (T)0.5 * TK(PIO2_HI), xinf & yinf);
  *lo = select(l, (T)0.5 * TK(PIO2_LO), xinf & yinf);
  return h;
}

OVERLOAD T atan(T x) {
  T l;
  T h = __corecl_trig_atan2_angle(MATH_ABS(x), (T)1, &l);
  return select(TRIG_XSIGN(h + l, x), x, TRIG_ISNAN(x));
}

OVERLOAD T atanpi(T x) {
  T l;
  T h = __corecl_trig_atan2_angle(MATH_ABS(x), (T)1, &l);
  T p = __corecl_trig_div_pi_rounded(h, l);
  return select(TRIG_XSIGN(p, x), x, TRIG_ISNAN(x));
}

// Negative x (including -0) reflects the angle to pi - angle; y's sign
// goes on last.
OVERLOAD T atan2(T y, T x) {
  T l;
  T h = __corecl_trig_atan2_angle(MATH_ABS(y), MATH_ABS(x), &l);
  T e;
  T rh = __corecl_trig_fast2sum(TK(PI_HI), -h, &e);
  T r = select(h + l, rh + (e + (TK(PI_LO) - l)), COND(AS_IT(x) < 0));
  return select(TRIG_XSIGN(r, y), (T)NAN, TRIG_ISNAN(x) | TRIG_ISNAN(y));
}

OVERLOAD T atan2pi(T y, T x) {
  T l, pl;
  T h = __corecl_trig_atan2_angle(MATH_ABS(y), MATH_ABS(x), &l);
  T p = __corecl_trig_div_pi(h, l, &pl);
  T e;
  T rh = __corecl_trig_fast2sum((T)1, -p, &e);
  T r = select(__corecl_trig_div_pi_rounded(h, l), rh + (e - pl), COND(AS_IT(x) < 0));
  return select(TRIG_XSIGN(r, y), (T)NAN, TRIG_ISNAN(x) | TRIG_ISNAN(y));
}

// --- asin and acos ------------------------------------------------------------
// For a = |x| <= 1/2, asin(a) = u + u^3 AS(u^2) with u = a. Above,
// asin(a) = pi/2 - 2 asin(u) with u = sqrt((1 - a)/2), where 1 - a is
// exact and u^2 = (1 - a)/2 exactly; the square root's rounding error is
// recovered by an fma (u_lo, scaled by asin's slope 1/sqrt(1 - u^2)).

MATH_INTERNAL T __corecl_trig_asin_poly(T z) {
  return MATH_POLY_FD(z, TRIG_ASIN);
}

// asin(u + *v) = u + *v to well below u's last bit, with u as described
// above for a = |x| (big: a > 1/2).
MATH_INTERNAL T __corecl_trig_asin_parts(T a, IT big, T *v) {
  T zz = (T)0.5 * ((T)1 - a);
  T u = select(a, MATH_SQRT(zz), big);
  T z = select(a * a, zz, big);
  T ul = MATH_FMA(-u, u, zz) / MATH_MAX(u + u, (T)(IS_FLOAT ? 0x1p-126f : 0x1p-1022));
  ul = select((T)0, ul * MATH_FMA((T)0.5, zz, (T)1), big);
  *v = MATH_FMA(u * z, __corecl_trig_asin_poly(z), ul);
  return u;
}

// asin(|x|) as hi + *lo.
MATH_INTERNAL T __corecl_trig_asin_abs(T a, T *lo) {
  IT big = COND(a > (T)0.5);
  T v;
  T u = __corecl_trig_asin_parts(a, big, &v);
  T e;
  T h = __corecl_trig_fast2sum(TK(PIO2_HI), (T)-2 * u, &e);
  T sl = v - ((u + v) - u);
  *lo = select(sl, e + (TK(PIO2_LO) - (T)2 * v), big);
  return select(u + v, h, big);
}

// acos(x) as hi + *lo: pi/2 - asin(x) for |x| <= 1/2, 2 asin(u) above and
// pi - 2 asin(u) below.
MATH_INTERNAL T __corecl_trig_acos_hl(T x, T *lo) {
  T a = MATH_ABS(x);
  IT big = COND(a > (T)0.5);
  IT neg = COND(x < (T)0);
  T v;
  T u = __corecl_trig_asin_parts(a, big, &v);
  T su = TRIG_XSIGN(u, x), sv = TRIG_XSIGN(v, x);
  T e1, e2;
  T h1 = __corecl_trig_fast2sum(TK(PIO2_HI), -su, &e1);
  T h2 = __corecl_trig_fast2sum(TK(PI_HI), (T)-2 * u, &e2);
  T h = select(h1, select((T)2 * u, h2, neg), big);
  *lo = select(e1 + (TK(PIO2_LO) - sv), select((T)2 * v, e2 + (TK(PI_LO) - (T)2 * v), neg), big);
  return h;
}

#define TRIG_ASIN_DOMAIN(x) COND(!(MATH_ABS(x) <= (T)1))

OVERLOAD T asin(T x) {
  T l;
  T h = __corecl_trig_asin_abs(MATH_ABS(x), &l);
  return select(TRIG_XSIGN(h + l, x), (T)NAN, TRIG_ASIN_DOMAIN(x));
}

OVERLOAD T asinpi(T x) {
  T l;
  T h = __corecl_trig_asin_abs(MATH_ABS(x), &l);
  T p = __corecl_trig_div_pi_rounded(h, l);
  return select(TRIG_XSIGN(p, x), (T)NAN, TRIG_ASIN_DOMAIN(x));
}

OVERLOAD T acos(T x) {
  T l;
  T h = __corecl_trig_acos_hl(x, &l);
  return select(h + l, (T)NAN, TRIG_ASIN_DOMAIN(x));
}

OVERLOAD T acospi(T x) {
  T l, pl;
  T h = __corecl_trig_acos_hl(x, &l);
  T p = __corecl_trig_div_pi(h, l, &pl);
  return select(p + pl, (T)NAN, TRIG_ASIN_DOMAIN(x));
}

#undef TRIG_ISNAN
#undef TRIG_ASIN_DOMAIN
