// The cores of the exp and log families (math_explog.h), type-generic
// (math_generic.h): exact scaling by powers of two, e^r - 1 on the reduced
// interval, the reduction x = n ln2 + r, and log's x = 2^k (1 + f) with
// log1p(f) = f + c. Included per instantiation by math_explog.h and by the
// families that build on exp and log (math_special.h), so that there is one
// implementation of each. Not include-guarded on purpose.
//
// Coefficients and split constants: builtins/tools/explog_coefficients.py.

// ---------------------------------------------------------------------------
// Internal helpers.

// 2^n for an integral n with n + bias in [1, 2 bias]: n + bias lands in
// the low bits of n + 1.5 2^MANT_BITS, and the shift moves exactly those
// into the exponent field (the constant's own bits fall off the top).
MATH_INTERNAL T __corecl_explog_pow2(T n) {
  T biased = n + MATH_FD(0x1.8p23f + 127, 0x1.8p52 + 1023);
  return AS_T(AS_UT(biased) << MANT_BITS);
}

// p 2^n for integral |n| < 2 bias - a few, p near 1: two exact scalings by
// normal powers of two, so that only the last multiplication rounds (once,
// also into the denormal range) or overflows.
MATH_INTERNAL T __corecl_explog_scale(T p, T n) {
  T n1 = MATH_TRUNC(n * (T)0.5);
  return p * __corecl_explog_pow2(n1) * __corecl_explog_pow2(n - n1);
}

// e^(r + rlo) - 1 - r for |r| <= ln2/2 (slightly more) and |rlo| <= ulp(r):
// the part of e^(r + rlo) - 1 beyond r, which callers add to r in the way
// that rounds least.
MATH_INTERNAL T __corecl_explog_expm1_tail(T r, T rlo) {
#if IS_FLOAT
  T q = MATH_POLY(r, 0x1p-1f, 0x1.555554p-3f, 0x1.5554dp-5f, 0x1.111226p-7f, 0x1.6d7274p-10f,
                  0x1.a033fcp-13f);
#else
  T q = MATH_POLY(r, 0x1p-1, 0x1.5555555555559p-3, 0x1.555555555554p-5, 0x1.111111110f6cep-7,
                  0x1.6c16c16c1f07p-10, 0x1.a01a01afd17cfp-13, 0x1.a01a017bcd1bap-16,
                  0x1.71ddf88561a7p-19, 0x1.27e53623d0fd8p-22, 0x1.af5e685e4660bp-26,
                  0x1.1ee88bc4534dap-29);
#endif
  // r^2 Q(r) + rlo (1 + r), the first-order effect of rlo.
  return MATH_FMA(r * r, q, MATH_FMA(rlo, r, rlo));
}

// 1 + r + tail, with 1 + r split exactly (Fast2Sum, |r| < 1).
MATH_INTERNAL T __corecl_explog_one_plus(T r, T tail) {
  T s = (T)1 + r;
  return s + (((T)1 - s) + r + tail);
}

// e^x = 2^n (1 + r + tail): returns r, sets n and tail. x is finite and
// clamped by the caller to keep n within scale()'s range.
MATH_INTERNAL T __corecl_explog_exp_reduce(T x, T *n, T *tail) {
  T k = MATH_RINT(x * MATH_FD(0x1.715476p+0f, 0x1.71547652b82fep+0));
  T ln2_hi = MATH_FD(0x1.62e43p-1f, 0x1.62e42fefa39efp-1);
  T ln2_lo = MATH_FD(-0x1.05c61p-29f, 0x1.abc9e3b39803fp-56);
  T rhi = MATH_FMA(-k, ln2_hi, x); // exact
  T r = MATH_FMA(-k, ln2_lo, rhi);
  T rlo = MATH_FMA(-k, ln2_lo, rhi - r);
  *n = k;
  *tail = __corecl_explog_expm1_tail(r, rlo);
  return r;
}

// e^x - 1 for x clamped to [-(MANT_BITS + 3) ln2, the overflow bound]:
// 2^n (1 + r + tail) - 1 = 2 ((h - 1/2) + h r + h tail) with h = 2^(n-1),
// so that h stays finite for the largest n. h - 1/2 (with its rounding
// error kept) outweighs h r or is 0, so Fast2Sum keeps their sum exact and
// the result rounds about once.
MATH_INTERNAL T __corecl_explog_expm1_clamped(T x) {
  T n, tail;
  T r = __corecl_explog_exp_reduce(x, &n, &tail);
  T h = __corecl_explog_pow2(n - (T)1);
  T a = h - (T)0.5;
  T a_err = (h - a) - (T)0.5; // h - 1/2 - a, exact: nonzero for large n
  T b = h * r;
  T s = a + b;
  return (T)2 * (s + ((((a - s) + b) + h * tail) + a_err));
}

// x = 2^k (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)), for finite x > 0
// (denormals included). Returns f, sets k, and c such that
// log1p(f) = f + c within a small fraction of an ulp of f.
MATH_INTERNAL T __corecl_explog_log_core(T x, T *k, T *c) {
  IT tiny = COND(x < MATH_FD(0x1p-126f, 0x1p-1022));
  T xs = select(x, x * MATH_FD(0x1p25f, 0x1p54), tiny);
  // Offsetting by sqrt(1/2)'s bits puts the exponent boundary at sqrt(1/2).
  IT sqrt_half = MATH_FDI(0x3f3504f3, 0x3fe6a09e667f3bcdL);
  IT ix = AS_IT(xs) - sqrt_half;
  T m = AS_T((ix & MATH_FDI(0x007fffff, 0x000fffffffffffffL)) + sqrt_half);
  *k = CONVERT_T(ix >> MANT_BITS) - select((T)0, MATH_FD(25, 54), tiny);
  T f = m - (T)1;
  T s = f / ((T)2 + f);
  T z = s * s;
#if IS_FLOAT
  T R = z * MATH_POLY(z, 0x1.55557ap-1f, 0x1.995ec8p-2f, 0x1.31e2fp-2f);
#else
  T R = z * MATH_POLY(z, 0x1.5555555555592p-1, 0x1.999999997fdd3p-2, 0x1.24924941f136bp-2,
                      0x1.c71c52094ff9bp-3, 0x1.74663eeb728f4p-3, 0x1.39a1ba6180af5p-3,
                      0x1.2f0567316e871p-3);
#endif
  T hfsq = (T)0.5 * f * f;
  *c = MATH_FMA(s, hfsq + R, -hfsq);
  return f;
}

// k ln2 + f + c, with k ln2_hi exact and its sum with f exact (Fast2Sum:
// |k ln2_hi| >= |f| unless k = 0).
MATH_INTERNAL T __corecl_explog_ln(T k, T f, T c) {
  T hi = k * MATH_FD(0x1.62e4p-1f, 0x1.62e42fefa38p-1);
  T s = hi + f;
  T lo = ((hi - s) + f) + MATH_FMA(k, MATH_FD(0x1.7f7d1cp-20f, 0x1.ef35793c7673p-45), c);
  return s + lo;
}

// a + b as u + e exactly (Fast2Sum on the larger and the smaller), for a
// and b whose larger is also the larger in magnitude: both >= 0, or one of
// them 1 and the other > -1.
MATH_INTERNAL T __corecl_explog_sum_exact(T a, T b, T *e) {
  T big = MATH_MAX(a, b);
  T small = MATH_MIN(a, b);
  T u = big + small;
  *e = (big - u) + small;
  return u;
}

// 1 + a + w as u + e, for a, w >= 0: no rounding of a + w on the way, so
// that only w's own error (w being the smaller part) reaches the log.
MATH_INTERNAL T __corecl_explog_one_plus2(T a, T w, T *e) {
  T e1, e2;
  T s = __corecl_explog_sum_exact((T)1, a, &e1);
  T u = __corecl_explog_sum_exact(s, w, &e2);
  *e = e1 + e2;
  return u;
}

// log(u + e) for finite u > 0 and |e| <= ulp(u), plus kextra ln2.
MATH_INTERNAL T __corecl_explog_ln_dw(T u, T e, T kextra) {
  T k, c;
  T f = __corecl_explog_log_core(u, &k, &c);
  return __corecl_explog_ln(k + kextra, f, c + e / u);
}

// e^(h + l) = 2^n m, for finite h clamped by the caller to keep n within
// scale()'s range and l a small correction of h (|l| <= ulp(h), which for
// large h is many ulps of the result): returns m (about 1) and sets n, so a
// caller can multiply further before the one rounding into the subnormal
// range. e^l = 1 + l to well within an ulp, so
// m = (1 + r + tail)(1 + l) = 1 + r + (tail + l (1 + r + tail)); l r alone
// would miss l r^2/2, up to 2^-48 relative at |h| = 700.
MATH_INTERNAL T __corecl_explog_exp_parts(T h, T l, T *n) {
  T tail;
  T r = __corecl_explog_exp_reduce(h, n, &tail);
  return __corecl_explog_one_plus(r, tail + MATH_FMA(l, r + tail, l));
}
