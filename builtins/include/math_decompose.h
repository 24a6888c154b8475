// Functions that take a floating-point number apart or put it together
// (type-generic, see math_generic.h): fract, modf, frexp, ilogb, ldexp and
// nan, every width, pointer outputs in every address space.

#if IS_FLOAT
#define DECOMPOSE_ONE_BELOW_ONE 0x1.fffffep-1f
#define DECOMPOSE_DENORMAL_SCALE 0x1p32f
#define DECOMPOSE_EXP_FIELD 0xff
#else
#define DECOMPOSE_ONE_BELOW_ONE 0x1.fffffffffffffp-1
#define DECOMPOSE_DENORMAL_SCALE 0x1p64
#define DECOMPOSE_EXP_FIELD 0x7ff
#endif

// The biased exponent field of x after scaling denormals into the normal
// range, and how many binades that scaling added.
MATH_INTERNAL IT __corecl_decompose_exponent(T x, IT *scaled, T *normalised) {
  IT denormal = COND(fabs(x) < (T)0x1p-126 && x != (T)0);
#if IS_DOUBLE
  denormal = COND(fabs(x) < (T)0x1p-1022 && x != (T)0);
#endif
  T xs = select(x, x * (T)DECOMPOSE_DENORMAL_SCALE, denormal);
  *scaled = select((IT)0, (IT)(IS_FLOAT ? 32 : 64), denormal);
  *normalised = xs;
  return (AS_IT(xs) >> MANT_BITS) & (IT)DECOMPOSE_EXP_FIELD;
}

// ilogb: the unbiased exponent; FP_ILOGB0 for zero, FP_ILOGBNAN for NaN,
// INT_MAX for infinities.
OVERLOAD I32 ilogb(T x) {
  IT scaled;
  T xs;
  IT field = __corecl_decompose_exponent(x, &scaled, &xs);
  IT e = field - (IT)EXP_BIAS - scaled;
  e = select(e, (IT)FP_ILOGB0, COND(x == (T)0));
  e = select(e, (IT)INT_MAX, COND(isinf(x)));
  e = select(e, (IT)FP_ILOGBNAN, COND(isnan(x)));
  return CONVERT_I32(e);
}

#if IS_FLOAT
#define DECOMPOSE_EMIN (-126)
#define DECOMPOSE_EMAX 127
#define DECOMPOSE_DENORMAL_MIN_EXP (-149)
#else
#define DECOMPOSE_EMIN (-1022)
#define DECOMPOSE_EMAX 1023
#define DECOMPOSE_DENORMAL_MIN_EXP (-1074)
#endif

// 2^k for k in [DENORMAL_MIN_EXP, EMAX], built from its bits (denormal
// powers included).
MATH_INTERNAL T __corecl_decompose_pow2(IT k) {
  T normal = AS_T((k + (IT)EXP_BIAS) << MANT_BITS);
  T denormal = AS_T((IT)1 << clamp(k - (IT)DECOMPOSE_DENORMAL_MIN_EXP, (IT)0, (IT)MANT_BITS));
  return select(normal, denormal, COND(k < (IT)DECOMPOSE_EMIN));
}

// ldexp: x * 2^n rounded once. Scaling up is exact until it overflows, so
// three normal factors cover any n. Scaling down is exact while the result
// stays normal: the exact part (down to the smallest normal exponent) goes
// first in two normal factors, the rest last, so a denormal result rounds
// once.
OVERLOAD T ldexp(T x, I32 exponent) {
  IT n = clamp(CONVERT_IT(exponent), (IT)(-3 * DECOMPOSE_EMAX), (IT)(3 * DECOMPOSE_EMAX));
  IT scaled;
  T xs;
  IT field = __corecl_decompose_exponent(x, &scaled, &xs);
  IT e = field - (IT)EXP_BIAS - scaled; // x's exponent, denormals included
  IT up1 = min(n, (IT)DECOMPOSE_EMAX);
  IT up2 = min(n - up1, (IT)DECOMPOSE_EMAX);
  IT up3 = n - up1 - up2;
  IT exact = max(n, min((IT)0, (IT)DECOMPOSE_EMIN - e));
  IT down1 = max(exact, (IT)DECOMPOSE_EMIN);
  IT down2 = exact - down1;
  IT down3 = max(n - exact, (IT)DECOMPOSE_DENORMAL_MIN_EXP);
  IT positive = COND(n >= (IT)0);
  IT f1 = select(down1, up1, positive), f2 = select(down2, up2, positive);
  IT f3 = select(down3, up3, positive);
  T r = x * __corecl_decompose_pow2(f1) * __corecl_decompose_pow2(f2) *
        __corecl_decompose_pow2(f3);
  // Zeros, infinities and NaN come back as they are.
  return select(r, x, COND(x == (T)0 || isinf(x) || isnan(x)));
}

// The vector forms also take one exponent for every element (MATH_W is
// empty for scalars, so the test is false there).
#if MATH_W + 0 > 1
OVERLOAD T ldexp(T x, int exponent) { return ldexp(x, (I32)(exponent)); }
#endif

// nan: a quiet NaN carrying the code in its payload.
OVERLOAD T nan(UT code) {
#if IS_FLOAT
  return AS_T((UT)0x7fc00000u | (code & (UT)0x3fffffu));
#else
  return AS_T((UT)0x7ff8000000000000ul | (code & (UT)0x7fffffffffffful));
#endif
}

// The pointer forms, for each address space a kernel can pass.
#define DECOMPOSE_POINTER_FORMS(AS)                                                            \
  /* x - floor(x), kept below 1 (x - floor(x) rounds to 1 for tiny */                          \
  /* negative x); +-0 for infinities and for +-0, NaN for NaN. */                              \
  OVERLOAD T fract(T x, AS T *iptr) {                                                          \
    T f = floor(x);                                                                            \
    T r = fmin(x - f, (T)DECOMPOSE_ONE_BELOW_ONE);                                             \
    r = select(r, copysign((T)0, x), COND(isinf(x) || x == (T)0));                             \
    *iptr = f;                                                                                 \
    return select(r, x, COND(isnan(x)));                                                       \
  }                                                                                            \
  /* The fractional part with x's sign (+-0 for infinities). */                                \
  OVERLOAD T modf(T x, AS T *iptr) {                                                           \
    T i = trunc(x);                                                                            \
    *iptr = i;                                                                                 \
    return copysign(select(x - i, (T)0, COND(isinf(x))), x);                                   \
  }                                                                                            \
  /* A mantissa in [0.5, 1) and the exponent; zeros, infinities and NaN */                     \
  /* come back unchanged with exponent 0. */                                                   \
  OVERLOAD T frexp(T x, AS I32 *exponent) {                                                    \
    IT scaled;                                                                                 \
    T xs;                                                                                      \
    IT field = __corecl_decompose_exponent(x, &scaled, &xs);                                   \
    IT special = COND(x == (T)0 || isinf(x) || isnan(x));                                      \
    IT e = select(field - (IT)(EXP_BIAS - 1) - scaled, (IT)0, special);                        \
    T m = AS_T((AS_IT(xs) & ~((IT)DECOMPOSE_EXP_FIELD << MANT_BITS)) |                         \
               ((IT)(EXP_BIAS - 1) << MANT_BITS));                                             \
    *exponent = CONVERT_I32(e);                                                                \
    return select(m, x, special);                                                              \
  }

DECOMPOSE_POINTER_FORMS(__global)
DECOMPOSE_POINTER_FORMS(__local)
DECOMPOSE_POINTER_FORMS(__private)
DECOMPOSE_POINTER_FORMS(__generic)

#undef DECOMPOSE_POINTER_FORMS
#undef DECOMPOSE_ONE_BELOW_ONE
#undef DECOMPOSE_DENORMAL_SCALE
#undef DECOMPOSE_EXP_FIELD
#undef DECOMPOSE_EMIN
#undef DECOMPOSE_EMAX
#undef DECOMPOSE_DENORMAL_MIN_EXP
