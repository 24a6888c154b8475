// sin cos tan sincos (part of math_trig.h).
//
// All of them reduce |x| and give the result the sign the function's
// symmetry calls for at the end, so zeros keep their sign without special
// cases. Infinities and NaN become NaN in a final select.

// sin(x) into the return value and cos(x) into *c.
MATH_INTERNAL T __corecl_trig_sincos(T x, T *c) {
  T ax = TRIG_FABS(x);
  IT q;
  T rl;
  T rh = __corecl_trig_reduce(ax, &q, &rl);
  T s, sl, co, cl;
  s = __corecl_trig_sincos_kernel(rh, rl, &sl, &co, &cl);
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
  T ax = TRIG_FABS(x);
  IT q;
  T rl;
  T rh = __corecl_trig_reduce(ax, &q, &rl);
  T s, sl, c, cl;
  s = __corecl_trig_sincos_kernel(rh, rl, &sl, &c, &cl);
  IT odd = TRIG_ODD(q);
  T t = __corecl_trig_div2(select(s, -c, odd), select(sl, -cl, odd), select(c, s, odd),
                           select(cl, sl, odd));
  return select(TRIG_XSIGN(t, x), (T)NAN, TRIG_NOT_FINITE(x));
}
