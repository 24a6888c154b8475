// Reduction of x by pi/2 and the sin/cos kernels (part of math_trig.h).

// Error-free additions: a + b = s + *err exactly. fast2sum needs |a| >= |b|
// (or a == 0); 2sum does not.
MATH_INTERNAL T __corecl_trig_fast2sum(T a, T b, T *err) {
  T s = a + b;
  *err = b - (s - a);
  return s;
}
MATH_INTERNAL T __corecl_trig_2sum(T a, T b, T *err) {
  T s = a + b;
  T bb = s - a;
  *err = (a - (s - bb)) + (b - bb);
  return s;
}

// Below this |x| the Cody-Waite reduction is used, above it Payne-Hanek.
// Up to it, x - k P1 stays exact and the rounding of x 2/pi before rint
// moves |r| past pi/4 by less than 0.0014 (float) or 2^-24 (double),
// inside the |r| <= 0.7875 the polynomials are fitted on.
#define TRIG_CW_LIMIT ((T)(IS_FLOAT ? 0x1p14f : 0x1p28))

// Cody-Waite: r = x - k pi/2 with pi/2 = P1 + P2 + P3 (three parts of the
// format's precision). x - k P1 is exact (an fma whose result, below 1 in
// magnitude, is a multiple of P1's last bit); k P2 is split exactly by an
// fma and subtracted error-free, so the result is hi + lo with an error of
// k times pi/2's tail beyond P3 (2^-72 resp. 2^-161 relative).
MATH_INTERNAL T __corecl_trig_reduce_cw(T ax, IT *q, T *lo) {
  T k = MATH_RINT(ax * TK(TWO_OVER_PI));
  T r1 = MATH_FMA(-k, TK(CW_PIO21), ax);
  T p2 = k * TK(CW_PIO22);
  T e2 = MATH_FMA(k, TK(CW_PIO22), -p2);
  T c2;
  T r2 = __corecl_trig_2sum(r1, -p2, &c2);
  T tail = (c2 - e2) - k * TK(CW_PIO23);
  *q = CONVERT_IT(k) & 3;
  return __corecl_trig_fast2sum(r2, tail, lo);
}

// Payne-Hanek: x = m 2^(e - p + 1) with an integer significand m of p bits.
// x 2/pi mod 4 only needs the bits of 2/pi from weight 2^-(e - p) on (the
// earlier ones make multiples of 4); a window of them (96 bits for float,
// 192 for double) multiplied by m in 32-bit limbs gives two integer bits
// (the quadrant) and the fraction, which is rounded to nearest, split into
// three exactly convertible chunks, summed error-free and multiplied by pi/2.
// Exponents are clamped, so lanes that use Cody-Waite index valid words too.
MATH_INTERNAL T __corecl_trig_reduce_ph(T ax, IT *q, T *lo) {
  T fa, fb, fc;
#if IS_FLOAT
  UT ux = AS_UT(ax);
  IT e = AS_IT(ux >> 23) - 127;
  e = select(select(e, (IT)127, COND(e > 127)), (IT)0, COND(e < 0));
  UT m = (ux & 0x7fffffu) | 0x800000u;
  // The window starts at weight 2^-(e - 24), bit s of word j (1..5) of the
  // 2/pi bits; the four words it spans are picked from the eight constants
  // by selects, much cheaper than gathers from a table.
  IT b = e - 24 + 63;
  IT j = b >> 5;
  UT s = AS_UT(b & 31);
  IT j2 = COND(j == 2), j3 = COND(j == 3), j4 = COND(j == 4), j5 = COND(j == 5);
#define TRIG_PICK5(w1, w2, w3, w4, w5)                                                         \
  select(select(select(select((UT)(w1), (UT)(w2), j2), (UT)(w3), j3), (UT)(w4), j4), (UT)(w5), j5)
  UT t0 = TRIG_PICK5(TRIG_TWO_OVER_PI_W1, TRIG_TWO_OVER_PI_W2, TRIG_TWO_OVER_PI_W3,
                     TRIG_TWO_OVER_PI_W4, TRIG_TWO_OVER_PI_W5);
  UT t1 = TRIG_PICK5(TRIG_TWO_OVER_PI_W2, TRIG_TWO_OVER_PI_W3, TRIG_TWO_OVER_PI_W4,
                     TRIG_TWO_OVER_PI_W5, TRIG_TWO_OVER_PI_W6);
  UT t2 = TRIG_PICK5(TRIG_TWO_OVER_PI_W3, TRIG_TWO_OVER_PI_W4, TRIG_TWO_OVER_PI_W5,
                     TRIG_TWO_OVER_PI_W6, TRIG_TWO_OVER_PI_W7);
  UT t3 = TRIG_PICK5(TRIG_TWO_OVER_PI_W4, TRIG_TWO_OVER_PI_W5, TRIG_TWO_OVER_PI_W6,
                     TRIG_TWO_OVER_PI_W7, TRIG_TWO_OVER_PI_W8);
#undef TRIG_PICK5
  // The 96-bit window w0:w1:w2 (a shift by 32 - s is split in two so that
  // s = 0 works).
  UT w0 = (t0 << s) | ((t1 >> 1) >> (31u - s));
  UT w1 = (t1 << s) | ((t2 >> 1) >> (31u - s));
  UT w2 = (t2 << s) | ((t3 >> 1) >> (31u - s));
  TRIG_ULONG mm = TRIG_CONVERT_ULONG(m);
  TRIG_ULONG a0 = mm * TRIG_CONVERT_ULONG(w0);
  TRIG_ULONG a1 = mm * TRIG_CONVERT_ULONG(w1);
  TRIG_ULONG a2 = mm * TRIG_CONVERT_ULONG(w2);
  // m * window = l3:l2:l1:l0; x 2/pi = that * 2^-94, so the quadrant is the
  // top two bits of l2 and l3 (multiples of 4) is not needed.
  UT l0 = TRIG_CONVERT_UINT(a2);
  UT l1 = TRIG_CONVERT_UINT(a2 >> 32) + TRIG_CONVERT_UINT(a1);
  UT carry = select((UT)0, (UT)1, COND(l1 < TRIG_CONVERT_UINT(a1)));
  UT l2 = TRIG_CONVERT_UINT(a1 >> 32) + TRIG_CONVERT_UINT(a0) + carry;
  // Round to the nearest quadrant: the fraction becomes signed, in [-1/2, 1/2).
  UT f = l2 + 0x20000000u;
  *q = AS_IT(f >> 30);
  IT sf = AS_IT(f & 0x3fffffffu) - 0x20000000;
  // Fraction = sf 2^-30 + l1 2^-62 + l0 2^-94, as 24-bit chunks.
  fa = CONVERT_T(sf >> 6) * 0x1p-24f;
  fb = CONVERT_T(AS_IT(((AS_UT(sf) & 63u) << 18) | (l1 >> 14))) * 0x1p-48f;
  fc = CONVERT_T(AS_IT(((l1 & 0x3fffu) << 10) | (l0 >> 22))) * 0x1p-72f;
#else
  UT ux = AS_UT(ax);
  IT e = AS_IT(ux >> 52) - 1023;
  e = select(select(e, (IT)1023, COND(e > 1023)), (IT)0, COND(e < 0));
  UT m = (ux & 0xfffffffffffffUL) | 0x10000000000000UL;
  // The window starts at weight 2^-(e - 53), bit s of table word j.
  // (The masks, no-ops on valid indices, tell the compiler that they are
  // small and non-negative: 32-bit gather indices.)
  __constant ulong *tab = __corecl_trig_two_over_pi_double;
  IT b = e - 53 + 63;
  IT j = b >> 6;
  UT s = AS_UT(b & 63);
  UT t0 = __corecl_gather(tab, j & 31), t1 = __corecl_gather(tab, (j + 1) & 31);
  UT t2 = __corecl_gather(tab, (j + 2) & 31), t3 = __corecl_gather(tab, (j + 3) & 31);
  // 192 bits from there (a shift by 64 - s is split in two so that s = 0
  // works), as six 32-bit words w0..w5 in 64-bit lanes.
  UT v0 = (t0 << s) | ((t1 >> 1) >> (63UL - s));
  UT v1 = (t1 << s) | ((t2 >> 1) >> (63UL - s));
  UT v2 = (t2 << s) | ((t3 >> 1) >> (63UL - s));
  UT w0 = v0 >> 32, w1 = v0 & 0xffffffffUL, w2 = v1 >> 32;
  UT w3 = v1 & 0xffffffffUL, w4 = v2 >> 32, w5 = v2 & 0xffffffffUL;
  // m = mh 2^32 + ml; the partial products are 32 x 32 -> 64-bit.
  UT mh = m >> 32, ml = m & 0xffffffffUL;
  UT a0 = ml * w0, a1 = ml * w1, a2 = ml * w2, a3 = ml * w3, a4 = ml * w4, a5 = ml * w5;
  UT b0 = mh * w0, b1 = mh * w1, b2 = mh * w2, b3 = mh * w3, b4 = mh * w4, b5 = mh * w5;
#define TRIG_LO32(v) ((v) & 0xffffffffUL)
#define TRIG_HI32(v) ((v) >> 32)
  // Limbs l0..l5 of m * window (each column sum stays below 2^35);
  // x 2/pi = that * 2^-190: the quadrant is the top two bits of l5.
  UT l0 = TRIG_LO32(a5);
  UT acc = TRIG_HI32(a5) + TRIG_LO32(a4) + TRIG_LO32(b5);
  UT l1 = TRIG_LO32(acc);
  acc = TRIG_HI32(acc) + TRIG_HI32(a4) + TRIG_LO32(a3) + TRIG_LO32(b4) + TRIG_HI32(b5);
  UT l2 = TRIG_LO32(acc);
  acc = TRIG_HI32(acc) + TRIG_HI32(a3) + TRIG_LO32(a2) + TRIG_LO32(b3) + TRIG_HI32(b4);
  UT l3 = TRIG_LO32(acc);
  acc = TRIG_HI32(acc) + TRIG_HI32(a2) + TRIG_LO32(a1) + TRIG_LO32(b2) + TRIG_HI32(b3);
  UT l4 = TRIG_LO32(acc);
  acc = TRIG_HI32(acc) + TRIG_HI32(a1) + TRIG_LO32(a0) + TRIG_LO32(b1) + TRIG_HI32(b2);
  UT l5 = TRIG_LO32(acc);
#undef TRIG_LO32
#undef TRIG_HI32
  UT f = ((l5 << 32) | l4) + 0x2000000000000000UL;
  *q = AS_IT(f >> 62);
  IT sf = AS_IT(f & 0x3fffffffffffffffUL) - 0x2000000000000000L;
  UT f2 = (l3 << 32) | l2, f3 = (l1 << 32) | l0;
  // Fraction = sf 2^-62 + f2 2^-126 + f3 2^-190, as 52-bit chunks.
  fa = CONVERT_T(sf >> 10) * 0x1p-52;
  fb = CONVERT_T(AS_IT(((AS_UT(sf) & 1023UL) << 42) | (f2 >> 22))) * 0x1p-104;
  fc = CONVERT_T(AS_IT(((f2 & 0x3fffffUL) << 30) | (f3 >> 34))) * 0x1p-156;
#endif
  // The chunks do not overlap and fa, if not zero, outweighs the rest.
  T e1, e2;
  T t = __corecl_trig_fast2sum(fb, fc, &e1);
  T h = __corecl_trig_fast2sum(fa, t, &e2);
  T l = e2 + e1;
  T rh = h * TK(PIO2_HI);
  *lo = MATH_FMA(h, TK(PIO2_HI), -rh) + MATH_FMA(l, TK(PIO2_HI), h * TK(PIO2_LO));
  return rh;
}

// x = k pi/2 + (r + *lo) for finite ax >= 0, |r| <= pi/4 (plus a little
// slack below TRIG_CW_LIMIT); *q = k mod 4. Each lane takes the result of
// the reduction suited to its magnitude.
MATH_INTERNAL T __corecl_trig_reduce(T ax, IT *q, T *lo) {
  IT moderate = COND(ax < TRIG_CW_LIMIT);
  IT qc, qp;
  T lc, lp;
  T rc = __corecl_trig_reduce_cw(select((T)0, ax, moderate), &qc, &lc);
  T rp = __corecl_trig_reduce_ph(ax, &qp, &lp);
  *q = select(qp, qc, moderate);
  *lo = select(lp, lc, moderate);
  return select(rp, rc, moderate);
}

MATH_INTERNAL T __corecl_trig_sin_poly(T z) {
  return MATH_POLY_FD(z, TRIG_SIN);
}

MATH_INTERNAL T __corecl_trig_cos_poly(T z) {
  return MATH_POLY_FD(z, TRIG_COS);
}

// sin and cos of rh + rl (|rh| <= 0.7875, rl below rh's last bit), each as
// hi + lo: sin = rh + rh^3 S(rh^2) + rl (1 - rh^2/2) and
// cos = 1 - rh^2/2 + rh^4 C(rh^2) - rl rh, where 1 - rh^2/2 is formed with
// its rounding errors (the square's and the subtraction's) kept.
MATH_INTERNAL T __corecl_trig_sincos_kernel(T rh, T rl, T *sl, T *c, T *cl) {
  T z = rh * rh;
  T zl = MATH_FMA(rh, rh, -z);
  T st = MATH_FMA(rh * z, __corecl_trig_sin_poly(z), rl * MATH_FMA((T)-0.5, z, (T)1));
  T s = rh + st;
  *sl = st - (s - rh);
  T w = (T)0.5 * z;
  T h = (T)1 - w;
  T hl = ((T)1 - h) - w;
  T ct = MATH_FMA(z * z, __corecl_trig_cos_poly(z), hl - MATH_FMA(rh, rl, (T)0.5 * zl));
  T ch = h + ct;
  *c = ch;
  *cl = ct - (ch - h);
  return s;
}

// n / d for n = nh + nl and d = dh + dl, to about half an ulp: the quotient
// is corrected once with the exact remainder of the first division.
MATH_INTERNAL T __corecl_trig_div2(T nh, T nl, T dh, T dl) {
  T t = nh / dh;
  T r = MATH_FMA(-t, dh, nh) + (nl - t * dl);
  return t + r / dh;
}
