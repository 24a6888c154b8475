// pow, powr, pown, rootn, cbrt, hypot and rsqrt, type-generic
// (math_generic.h), instantiated twice by lib/math_pow.cl:
//   MATH_POW_PART 1: internal helpers on double types only. The double
//     functions use them, and so do the float ones that compute in double
//     (pow and friends, hypot), which is why they come first.
//   MATH_POW_PART 2: the functions themselves.
// Coefficients, tables and constants: builtins/tools/pow_coefficients.py.

#if MATH_POW_PART == 1
#if IS_DOUBLE

// 2^e for an integer e in [-1022, 1023].
MATH_INTERNAL T __corecl_pow_exp2i(IT e) { return AS_T((e + 1023) << 52); }

// The integer k (|k| < 2^51) as a double, without a long-to-double
// conversion (which AVX2 does not have for vectors).
MATH_INTERNAL T __corecl_pow_itod(IT k) {
  return AS_T(k + AS_IT((T)0x1.8p52)) - (T)0x1.8p52;
}

// log(x) = hi + *lo for positive finite x (subnormals included), relative
// error below 2^-68. x = 2^k z with z in [0.705, 1.41); a table gives
// c near z (1/c exactly representable, c = 1 on the subinterval holding 1),
// so log(x) = k ln2 + log(c) + log1p(r) with r = z/c - 1, |r| <= 2^-8.
// z/c - 1 is not exact in double: it is kept as rh + pl (Dekker product),
// and every sum that can lose bits keeps its rounding error in the tail.
// Shared: the special functions (math_special.h) take their logarithms
// from here too.
MATH_SHARED T __corecl_log_dd(T x, T *lo) {
  IT sub = COND(x < 0x1p-1022);
  x = select(x, x * 0x1p52, sub);
  IT bits = AS_IT(x);
  IT tmp = bits - 0x3FE6900000000000L;
  IT i = (tmp >> 45) & 127;
  IT k = (tmp >> 52) - select((IT)0, (IT)52, sub);
  T z = AS_T(bits - (tmp & (IT)(-0x10000000000000L)));
  T invc = __corecl_gather(corecl_pow_log_invc, i);
  T lch = __corecl_gather(corecl_pow_log_logc_hi, i);
  T lcl = __corecl_gather(corecl_pow_log_logc_lo, i);
  T kd = __corecl_pow_itod(k);

  T p = z * invc;
  T pl = fma(z, invc, -p);
  T rh = p - 1; // exact: p is within 2^-7 of 1

  // k ln2hi is exact (ln2hi has 42 bits); |k ln2| > |log c| unless k = 0.
  T a = kd * POW_LN2_HI;
  T s1 = a + lch;
  T e1 = lch - (s1 - a);
  // rh may exceed s1 (near 1): full two-sum.
  T s2 = s1 + rh;
  T bv = s2 - s1;
  T e2 = (s1 - (s2 - bv)) + (rh - bv);
  // -rh^2/2 exactly as sh + sl; s2 is far larger.
  T hr = -0.5 * rh;
  T sh = rh * hr;
  T sl = fma(rh, hr, -sh);
  T s3 = s2 + sh;
  T e3 = sh - (s3 - s2);

  T poly = MATH_POLY(rh, POW_LOG1P_C0, POW_LOG1P_C1, POW_LOG1P_C2, POW_LOG1P_C3, POW_LOG1P_C4,
                     POW_LOG1P_C5);
  T r2 = rh * rh;
  // log1p(rh + pl) = log1p(rh) + pl (1 - rh + rh^2) + O(2^-77).
  T tail = fma(kd, (T)POW_LN2_LO, lcl) + e1 + e2 + e3 + sl + pl * fma(rh, rh, (T)1 - rh) +
           r2 * rh * poly;
  T hi = s3 + tail;
  *lo = (s3 - hi) + tail;
  return hi;
}

// exp(h + l) for |l| <= 2^-50 |h|, overflowing to inf and underflowing
// (through correctly rounded subnormals) to 0. h = (n + r)/128 ln2 with
// |r| <= ln2/256; 2^(j/128) from a double-double table.
MATH_INTERNAL T __corecl_pow_exp(T h, T l) {
  IT big = COND(!(fabs(h) <= 1000));
  h = fmin(fmax(h, (T)-1000), (T)1000);
  l = select(l, (T)0, big);
  T kf = fma(h, (T)POW_INV_LN2N, (T)0x1.8p52); // rounds h 128/ln2 to an integer
  T kd = kf - 0x1.8p52;
  IT ki = AS_IT(kf) - AS_IT((T)0x1.8p52);
  T r = fma(-kd, (T)POW_LN2N_HI, h);
  r = fma(-kd, (T)POW_LN2N_LO, r) + l;
  IT j = ki & 127;
  IT e = ki >> 7;
  T th = __corecl_gather(corecl_pow_exp_hi, j);
  T tl = __corecl_gather(corecl_pow_exp_lo, j);
  T q = MATH_POLY(r, POW_EXPM1_C0, POW_EXPM1_C1, POW_EXPM1_C2);
  T p = fma(r * r, fma(r, q, (T)0.5), r); // expm1(r)
  T low = fma(th, p, tl);
  T core = th + low;
  // Two scalings, the first exact, so the result is rounded once.
  IT eb = clamp(e, (IT)-1000, (IT)1000);
  T res = core * __corecl_pow_exp2i(e - eb) * __corecl_pow_exp2i(eb);
  // A subnormal result would be rounded twice (core to 53 bits, then to the
  // subnormal's fewer bits). Instead v = (th + low) 2^(e+1022) <= 1 is
  // rounded to a multiple of 2^-52 by adding it to 1 in double-double.
  T vs = __corecl_pow_exp2i(max(e + 1022, (IT)-1022));
  T a = th * vs;
  T b = low * vs;
  T v = a + b;
  T ve = (a - v) + b;
  T one = 1 + v;
  T sub = ((one + (((1 - one) + v) + ve)) - 1) * 0x1p-1022;
  return select(res, sub, COND(res <= 0x1p-1022));
}

// x^y for positive finite x and finite y: exp(y log x) in double-double.
MATH_INTERNAL T __corecl_pow_xy(T x, T y) {
  T lo;
  T hi = __corecl_log_dd(x, &lo);
  T th = y * hi;
  T tl = fma(y, hi, -th) + y * lo;
  return __corecl_pow_exp(th, tl);
}

// x^(1/n) for positive finite x and n != 0.
MATH_INTERNAL T __corecl_pow_root(T x, T n) {
  T lo;
  T hi = __corecl_log_dd(x, &lo);
  T th = hi / n;
  T tl = (fma(-th, n, hi) + lo) / n;
  return __corecl_pow_exp(th, tl);
}

// For float pow: log2 of a positive finite x (a float, so normal here) to
// about 2^-45 relative: x = 2^k m, m in [sqrt(1/2), sqrt(2)),
// log2(m) = s P(s^2) with s = (m - 1)/(m + 1).
MATH_INTERNAL T __corecl_powf_log2(T x) {
  IT bits = AS_IT(x);
  IT tmp = bits - 0x3FE6A09E667F3BCDL;
  IT k = tmp >> 52;
  T m = AS_T(bits - (tmp & (IT)(-0x10000000000000L)));
  T s = (m - 1) / (m + 1);
  T z = s * s;
  T p = MATH_POLY(z, POWF_LOG2_C0, POWF_LOG2_C1, POWF_LOG2_C2, POWF_LOG2_C3, POWF_LOG2_C4,
                  POWF_LOG2_C5);
  return fma(s, p, __corecl_pow_itod(k));
}

// For float pow: 2^t to about 2^-39 relative; |t| is clamped to 400, far
// past float's range, so the conversion to float overflows or underflows.
MATH_INTERNAL T __corecl_powf_exp2(T t) {
  t = fmin(fmax(t, (T)-400), (T)400);
  T kf = t + 0x1.8p52; // rint(t)
  T n = kf - 0x1.8p52;
  IT ni = AS_IT(kf) - AS_IT((T)0x1.8p52);
  T f = t - n;
  T q = MATH_POLY(f, POWF_EXP2_C0, POWF_EXP2_C1, POWF_EXP2_C2, POWF_EXP2_C3, POWF_EXP2_C4,
                  POWF_EXP2_C5, POWF_EXP2_C6, POWF_EXP2_C7);
  return fma(f, q, (T)1) * __corecl_pow_exp2i(ni);
}

#endif // IS_DOUBLE
#else  // MATH_POW_PART 2

#if IS_FLOAT
// float computes x^y in double: the double type of the same width.
#define POW_DT MATH_CAT(double, MATH_W)
#define POW_TO_D MATH_CAT(convert_double, MATH_W)

// |x|^y for positive finite ax and finite y (y in double: pown's n is exact).
MATH_INTERNAL T __corecl_pow_abs(T ax, POW_DT y) {
  return CONVERT_T(__corecl_powf_exp2(y * __corecl_powf_log2(POW_TO_D(ax))));
}
MATH_INTERNAL T __corecl_pow_absroot(T ax, I32 n) {
  return CONVERT_T(__corecl_powf_exp2(__corecl_powf_log2(POW_TO_D(ax)) / POW_TO_D(n)));
}
#define POW_Y(y) POW_TO_D(y)
#define POW_N(n) POW_TO_D(n)
#else
MATH_INTERNAL T __corecl_pow_abs(T ax, T y) { return __corecl_pow_xy(ax, y); }
MATH_INTERNAL T __corecl_pow_absroot(T ax, I32 n) {
  return __corecl_pow_root(ax, CONVERT_T_I32(n));
}
#define POW_Y(y) (y)
#define POW_N(n) CONVERT_T_I32(n)
#endif

// Positive finite nonzero x as is, anything else as 1 (the special cases
// are selected afterwards; this keeps the main path free of inf and NaN).
MATH_INTERNAL T __corecl_pow_safe(T ax) {
  return select((T)1, ax, COND((ax > 0) & (ax < (T)INFINITY)));
}

OVERLOAD T pow(T x, T y) {
  T ax = fabs(x);
  T ay = fabs(y);
  IT nonint = COND(trunc(y) != y); // inf counts as an integer, NaN not
  IT yodd = COND((trunc(y) == y) & (trunc(y * 0.5f) != y * 0.5f));
  T ys = select((T)0, y, COND(ay < (T)INFINITY));
  T r = __corecl_pow_abs(__corecl_pow_safe(ax), POW_Y(ys));
  T inf = (T)INFINITY;
  r = select(r, select((T)0, inf, COND(y < 0)), COND(ax == 0));
  r = select(r, select(inf, (T)0, COND(y < 0)), COND(ax == inf));
  r = select(r, select((T)0, inf, COND((ax > 1) == (y > 0))), COND(ay == inf));
  r = select(r, -r, COND(signbit(x)) & yodd);
  r = select(r, (T)NAN, COND((x < 0) & (ax < inf)) & nonint);
  r = select(r, x + y, COND(isnan(x) | isnan(y)));
  return select(r, (T)1, COND((x == 1) | (y == 0) | ((x == -1) & (ay == inf))));
}

// pow for x >= 0 only, with its own table (OpenCL C 7.5.1): NaN for x < 0,
// 0^0, inf^0 and 1^inf, and any NaN operand gives NaN (powr(1, NaN) too,
// unlike pow; the CTS reference agrees).
OVERLOAD T powr(T x, T y) {
  T ax = fabs(x);
  T ay = fabs(y);
  T ys = select((T)0, y, COND(ay < (T)INFINITY));
  T r = __corecl_pow_abs(__corecl_pow_safe(ax), POW_Y(ys));
  T inf = (T)INFINITY;
  r = select(r, select((T)0, inf, COND(y < 0)), COND(ax == 0));
  r = select(r, select(inf, (T)0, COND(y < 0)), COND(ax == inf));
  r = select(r, select((T)0, inf, COND((ax > 1) == (y > 0))), COND(ay == inf));
  r = select(r, (T)1, COND((x == 1) | (y == 0)));
  IT nan = COND((x < 0) | isnan(x) | isnan(y) | ((ax == 0) & (y == 0)) |
                ((ax == inf) & (y == 0)) | ((x == 1) & (ay == inf)));
  return select(r, x + y + (T)NAN, nan);
}

// The integer exponent is exact in double, so pown is pow with n's parity.
OVERLOAD T pown(T x, I32 n) {
  T ax = fabs(x);
  T inf = (T)INFINITY;
  T r = __corecl_pow_abs(__corecl_pow_safe(ax), POW_N(n));
  IT neg = COND(CONVERT_T_I32(n) < 0);
  r = select(r, select((T)0, inf, neg), COND(ax == 0));
  r = select(r, select(inf, (T)0, neg), COND(ax == inf));
  IT odd = COND(CONVERT_T_I32(n & 1) != 0);
  r = select(r, -r, COND(signbit(x)) & odd);
  r = select(r, x + x, COND(isnan(x)));
  return select(r, (T)1, COND(CONVERT_T_I32(n) == 0));
}

// x^(1/n): log divided by n (in double-double for double).
OVERLOAD T rootn(T x, I32 n) {
  T ax = fabs(x);
  T inf = (T)INFINITY;
  T nt = CONVERT_T_I32(n);
  T r = __corecl_pow_absroot(__corecl_pow_safe(ax), select(n, (I32)1, n == 0));
  IT neg = COND(nt < 0);
  r = select(r, select((T)0, inf, neg), COND(ax == 0));
  r = select(r, select(inf, (T)0, neg), COND(ax == inf));
  T parity = CONVERT_T_I32(n & 1);
  r = select(r, -r, COND(signbit(x) & (parity != 0)));
  return select(r, x + (T)NAN, COND(isnan(x) | (nt == 0) | ((x < 0) & (parity == 0))));
}

// cbrt: a first guess from the bits (the exponent divided by 3), one Halley
// step for float (two for double), then one Newton step whose residual
// y^3 - x is computed exactly with fma: the last rounding is the only
// sizeable error. Inputs are scaled by 2^(3k) into a range where y^2,
// y^3 and the residual's low part stay normal.
OVERLOAD T cbrt(T x) {
  T ax = fabs(x);
#if IS_FLOAT
  IT tiny = COND(ax < 0x1p-60f);
  IT huge = COND(ax > 0x1p60f);
  T xs = ax * select(select((T)1, (T)0x1p-90f, huge), (T)0x1p90f, tiny);
  T back = select(select((T)1, (T)0x1p30f, huge), (T)0x1p-30f, tiny);
  T y = AS_T(AS_UT(xs) / 3 + CBRTF_MAGIC);
#else
  IT tiny = COND(ax < 0x1p-300);
  IT huge = COND(ax > 0x1p300);
  T xs = ax * select(select((T)1, (T)0x1p-600, huge), (T)0x1p600, tiny);
  T back = select(select((T)1, (T)0x1p200, huge), (T)0x1p-200, tiny);
  // The high word only: 32-bit division by 3 vectorises, 64-bit does not.
  MATH_CAT(uint, MATH_W) hw = MATH_CAT(convert_uint, MATH_W)(AS_UT(xs) >> 32);
  T y = AS_T(MATH_CAT(convert_ulong, MATH_W)(hw / 3 + CBRT_MAGIC_HI) << 32);
  T y3 = y * y * y;
  y = y * (y3 + 2 * xs) / (2 * y3 + xs);
#endif
  T c = y * y * y;
  y = y * (c + 2 * xs) / (2 * c + xs);
  T h = y * y;
  T l = fma(y, y, -h);
  T res = fma(h, y, -xs) + l * y;
  y = y - res / (3 * h);
  T r = copysign(y * back, x);
  return select(r, x + x, COND((ax == 0) | !(ax < (T)INFINITY)));
}

// 1/sqrt(x): two correctly rounded operations, so within 1.5 ulp (the
// bound is 2); a Newton step would make it 0.5 ulp at a measurable cost in
// rsqrt-heavy kernels (N-body). 0 gives +-inf, inf 0, negatives and NaN
// NaN, as the spec wants.
OVERLOAD T rsqrt(T x) { return (T)1 / sqrt(x); }

#if IS_FLOAT
// In double the squares are exact and nothing overflows.
OVERLOAD T hypot(T x, T y) {
  POW_DT xd = POW_TO_D(x);
  POW_DT yd = POW_TO_D(y);
  T r = CONVERT_T(sqrt(fma(xd, xd, yd * yd)));
  return select(r, (T)INFINITY, COND(isinf(x) | isinf(y)));
}
#else
// Scaled by a power of two so the squares neither overflow nor lose the
// smaller one; the sum of squares in double-double and one Newton step on
// its square root.
OVERLOAD T hypot(T x, T y) {
  T ax = fabs(x);
  T ay = fabs(y);
  T big = fmax(ax, ay);
  T small = fmin(ax, ay);
  IT up = COND(big < 0x1p-500);
  IT down = COND(big > 0x1p500);
  T s = select(select((T)1, (T)0x1p-600, down), (T)0x1p600, up);
  T unscale = select(select((T)1, (T)0x1p600, down), (T)0x1p-600, up);
  T b = big * s;
  T c = small * s;
  T bh = b * b;
  T ch = c * c;
  T sh = bh + ch;
  T sl = (bh - sh) + ch + fma(b, b, -bh) + fma(c, c, -ch);
  T r = sqrt(sh);
  r = fma(fma(-r, r, sh) + sl, (T)0.5 / r, r) * unscale;
  r = select(r, (T)0, COND(big == 0));
  r = select(r, x + y, COND(isnan(x) | isnan(y)));
  return select(r, (T)INFINITY, COND(isinf(x) | isinf(y)));
}
#endif

#if IS_FLOAT
#undef POW_DT
#undef POW_TO_D
#endif
#undef POW_Y
#undef POW_N

#endif // MATH_POW_PART
