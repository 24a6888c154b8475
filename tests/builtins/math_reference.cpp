// MPFR references for the math accuracy test (see math_reference.h).
#include "builtins/math_reference.h"

#include <cmath>
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mpfr.h>

namespace corecl::test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// 160 bits: far more than the 64 kept, so the long double is the correctly
// rounded exact value.
constexpr mpfr_prec_t kPrecision = 160;

/// An MPFR number that cleans up after itself.
struct Number {
  mpfr_t v;
  Number() { mpfr_init2(v, kPrecision); }
  explicit Number(double d) : Number() { mpfr_set_d(v, d, MPFR_RNDN); }
  ~Number() { mpfr_clear(v); }
  Number(const Number &) = delete;
  Number &operator=(const Number &) = delete;
  long double get() const { return mpfr_get_ld(v, MPFR_RNDN); }
  double round(Precision p) const {
    return p == Precision::Float ? double(mpfr_get_flt(v, MPFR_RNDN)) : mpfr_get_d(v, MPFR_RNDN);
  }
};

/// Widest exponent range, so that nothing in a double's range (or the
/// intermediate results) overflows or underflows inside MPFR.
void widenExponentRange() {
  static const bool done = [] {
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
    return true;
  }();
  (void)done;
}

using Unary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using Binary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

void unary(Unary f, double x, Number &r) {
  Number a(x);
  f(r.v, a.v, MPFR_RNDN);
}

void binary(Binary f, double x, double y, Number &r) {
  Number a(x), b(y);
  f(r.v, a.v, b.v, MPFR_RNDN);
}

/// logb: the unbiased exponent of x, denormals included.
long double logb(double x) {
  if (std::isnan(x))
    return x;
  if (std::isinf(x))
    return kInf;
  if (x == 0)
    return -kInf;
  return std::ilogb(x);
}

/// maxmag/minmag: the larger/smaller magnitude, fmax/fmin on ties.
long double magnitude(double x, double y, bool larger) {
  // A NaN argument gives the other one, as fmax/fmin do (signalling NaNs
  // from random bits included, which the host's fmax would propagate).
  if (std::isnan(x))
    return y;
  if (std::isnan(y))
    return x;
  double ax = std::fabs(x), ay = std::fabs(y);
  if (ax > ay)
    return larger ? x : y;
  if (ay > ax)
    return larger ? y : x;
  return larger ? std::fmax(x, y) : std::fmin(x, y);
}

struct Entry {
  MathFunction function;
  Unary unary = nullptr;
  Binary binary = nullptr;
};

// Bounds from the OpenCL C specification's full-profile tables (float,
// double); 0 means correctly rounded. lgamma has no bound there (the CTS does not bound it either):
// only its special values are checked. The typical range picks random
// inputs where the function is interesting.
const std::vector<Entry> &entries() {
  static const std::vector<Entry> table = {
      {{"acos", Shape::Unary, 4, 4, 1.0}, mpfr_acos},
      {{"acosh", Shape::Unary, 4, 4, 1e4}, mpfr_acosh},
      {{"acospi", Shape::Unary, 5, 5, 1.0}, mpfr_acospi},
      {{"asin", Shape::Unary, 4, 4, 1.0}, mpfr_asin},
      {{"asinh", Shape::Unary, 4, 4, 1e4}, mpfr_asinh},
      {{"asinpi", Shape::Unary, 5, 5, 1.0}, mpfr_asinpi},
      {{"atan", Shape::Unary, 5, 5, 1e3}, mpfr_atan},
      {{"atanh", Shape::Unary, 5, 5, 1.0}, mpfr_atanh},
      {{"atanpi", Shape::Unary, 5, 5, 1e3}, mpfr_atanpi},
      {{"cbrt", Shape::Unary, 2, 2, 1e6}, mpfr_cbrt},
      {{"cos", Shape::Unary, 4, 4, 1e3}, mpfr_cos},
      {{"cosh", Shape::Unary, 4, 4, 90}, mpfr_cosh},
      {{"cospi", Shape::Unary, 4, 4, 1e3}, mpfr_cospi},
      {{"erf", Shape::Unary, 16, 16, 6}, mpfr_erf},
      {{"erfc", Shape::Unary, 16, 16, 30}, mpfr_erfc},
      {{"exp", Shape::Unary, 3, 3, 100}, mpfr_exp},
      {{"exp2", Shape::Unary, 3, 3, 130}, mpfr_exp2},
      {{"exp10", Shape::Unary, 3, 3, 40}, mpfr_exp10},
      {{"expm1", Shape::Unary, 3, 3, 100}, mpfr_expm1},
      {{"lgamma", Shape::Unary, kInf, kInf, 1e3},
       [](mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
         int sign;
         return mpfr_lgamma(r, &sign, x, rnd);
       }},
      {{"log", Shape::Unary, 3, 3, 1e6}, mpfr_log},
      {{"log2", Shape::Unary, 3, 3, 1e6}, mpfr_log2},
      {{"log10", Shape::Unary, 3, 3, 1e6}, mpfr_log10},
      {{"log1p", Shape::Unary, 2, 2, 1e3}, mpfr_log1p},
      {{"logb", Shape::Unary, 0, 0, 0}},
      // 1/sqrt(x), so rsqrt(-0) is -inf (MPFR's rec_sqrt gives +inf there).
      {{"rsqrt", Shape::Unary, 2, 2, 1e6},
       [](mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
         if (mpfr_zero_p(x) && mpfr_signbit(x)) {
           mpfr_set_inf(r, -1);
           return 0;
         }
         return mpfr_rec_sqrt(r, x, rnd);
       }},
      {{"sin", Shape::Unary, 4, 4, 1e3}, mpfr_sin},
      {{"sinh", Shape::Unary, 4, 4, 90}, mpfr_sinh},
      {{"sinpi", Shape::Unary, 4, 4, 1e3}, mpfr_sinpi},
      {{"sqrt", Shape::Unary, 3, 0, 0}, mpfr_sqrt},
      {{"tan", Shape::Unary, 5, 5, 1e3}, mpfr_tan},
      {{"tanh", Shape::Unary, 5, 5, 20}, mpfr_tanh},
      {{"tanpi", Shape::Unary, 6, 6, 1e3}, mpfr_tanpi},
      {{"tgamma", Shape::Unary, 16, 16, 40}, mpfr_gamma},
      {{"atan2", Shape::Binary, 6, 6, 1e3}, nullptr, mpfr_atan2},
      {{"atan2pi", Shape::Binary, 6, 6, 1e3}, nullptr, mpfr_atan2pi},
      {{"fdim", Shape::Binary, 0, 0, 1e3}, nullptr, mpfr_dim},
      {{"fmod", Shape::Binary, 0, 0, 0}, nullptr, mpfr_fmod},
      {{"hypot", Shape::Binary, 4, 4, 0}, nullptr, mpfr_hypot},
      {{"maxmag", Shape::Binary, 0, 0, 1e3}},
      {{"minmag", Shape::Binary, 0, 0, 1e3}},
      {{"nextafter", Shape::Binary, 0, 0, 0}},
      {{"pow", Shape::Binary, 16, 16, 30}, nullptr, mpfr_pow},
      // OpenCL's powr: a NaN operand gives NaN (MPFR, after IEEE 754-2019,
      // returns 1 for powr(1, NaN)).
      {{"powr", Shape::Binary, 16, 16, 30},
       nullptr,
       [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) {
         if (mpfr_nan_p(x) || mpfr_nan_p(y)) {
           mpfr_set_nan(r);
           return 0;
         }
         return mpfr_powr(r, x, y, rnd);
       }},
      {{"remainder", Shape::Binary, 0, 0, 0}, nullptr, mpfr_remainder},
      {{"pown", Shape::IntSecond, 16, 16, 30}},
      {{"rootn", Shape::IntSecond, 16, 16, 1e6}},
      {{"ldexp", Shape::IntSecond, 0, 0, 0}},
      {{"sincos", Shape::SinCos, 4, 4, 1e3}},
      {{"remquo", Shape::RemQuo, 0, 0, 0}},
      {{"lgamma_r", Shape::LgammaSign, kInf, kInf, 1e3}},
      {{"fract", Shape::FloatOutput, 0, 0, 1e3}},
      {{"modf", Shape::FloatOutput, 0, 0, 1e3}},
      {{"frexp", Shape::IntOutput, 0, 0, 0}},
      {{"ilogb", Shape::IntResult, 0, 0, 0}},
  };
  return table;
}

const Entry &entryFor(const MathFunction &f) {
  for (const Entry &e : entries())
    if (std::strcmp(e.function.name, f.name) == 0)
      return e;
  std::abort(); // only functions from mathFunctions() are passed in
}

/// nextafter on the format under test (float results for float inputs).
long double nextAfter(double x, double y, bool isFloat) {
  if (isFloat)
    return std::nextafter(float(x), float(y));
  return std::nextafter(x, y);
}

} // namespace

const std::vector<MathFunction> &mathFunctions() {
  static const std::vector<MathFunction> list = [] {
    std::vector<MathFunction> out;
    for (const Entry &e : entries())
      out.push_back(e.function);
    return out;
  }();
  return list;
}

// The precision only matters to nextafter: every other reference is exact
// on the (exactly converted) inputs.
Expected reference(const MathFunction &f, Precision p, double x, double y, int n) {
  const bool isFloat = p == Precision::Float;
  widenExponentRange();
  const Entry &e = entryFor(f);
  Expected out;
  std::string name = f.name;
  Number r, second;
  bool exactInC = false; // computed in C below, exactly representable
  if (e.unary) {
    unary(e.unary, x, r);
  } else if (e.binary) {
    binary(e.binary, x, y, r);
  } else if (name == "logb") {
    out.value = logb(x);
    exactInC = true;
  } else if (name == "maxmag" || name == "minmag") {
    out.value = magnitude(x, y, name == "maxmag");
    out.eitherZeroSign = x == 0 && y == 0;
    exactInC = true;
  } else if (name == "nextafter") {
    out.value = nextAfter(x, y, isFloat);
    exactInC = true;
  } else if (name == "pown") {
    Number a(x);
    mpfr_pow_si(r.v, a.v, n, MPFR_RNDN);
  } else if (name == "ldexp") {
    Number a(x);
    mpfr_mul_2si(r.v, a.v, n, MPFR_RNDN);
  } else if (name == "rootn") {
    Number a(x);
    mpfr_rootn_si(r.v, a.v, n, MPFR_RNDN);
  } else if (name == "sincos") {
    Number a(x);
    mpfr_sin_cos(r.v, second.v, a.v, MPFR_RNDN);
  } else if (name == "remquo") {
    Number a(x), b(y);
    mpfr_remquo(r.v, &out.quotient, a.v, b.v, MPFR_RNDN);
    out.quotientDefined = !mpfr_nan_p(r.v);
  } else if (name == "lgamma_r") {
    Number a(x);
    int sign = 0;
    mpfr_lgamma(r.v, &sign, a.v, MPFR_RNDN);
    out.quotient = sign;
    // The sign is unspecified at the poles (non-positive integers) and NaN.
    out.quotientDefined = !std::isnan(x) && !(x <= 0 && std::nearbyint(x) == x);
  } else if (name == "fract") {
    // x - floor(x) in the format, kept below 1 (it rounds to 1 for tiny
    // negative x); +-0 for infinities and for +-0 (the C spec's special
    // cases: fract(-0) returns -0); NaN for NaN.
    double f = std::floor(x), one = isFloat ? double(0x1.fffffep-1f) : 0x1.fffffffffffffp-1;
    double difference = isFloat ? double(float(x - f)) : x - f;
    out.value = std::isinf(x) || x == 0 ? std::copysign(0.0, x)
                : std::isnan(x) ? x
                                : std::fmin(difference, one);
    out.second = out.roundedSecond = f;
    exactInC = true;
  } else if (name == "modf") {
    double i = std::trunc(x);
    out.value = std::isinf(x) ? std::copysign(0.0, x) : std::copysign(x - i, x);
    out.second = out.roundedSecond = i;
    exactInC = true;
  } else if (name == "frexp") {
    int e = 0;
    out.value = std::frexp(x, &e);
    out.quotient = std::isfinite(x) ? e : 0;
    out.quotientDefined = true;
    exactInC = true;
  } else if (name == "ilogb") {
    out.quotient = x == 0 ? INT_MIN : std::isnan(x) ? INT_MAX : std::isinf(x) ? INT_MAX : std::ilogb(x);
    out.quotientDefined = true;
    exactInC = true;
  }
  if (exactInC) {
    out.rounded = double(out.value);
    return out;
  }
  out.value = r.get();
  out.rounded = r.round(p);
  out.second = second.get();
  out.roundedSecond = second.round(p);
  return out;
}

double ulpError(long double exact, double got, Precision p) {
  const bool isFloat = p == Precision::Float;
  const int digits = isFloat ? 24 : 53;
  const int minExponent = isFloat ? -126 : -1022;
  const int maxExponent = isFloat ? 127 : 1023;
  if (std::isnan(exact))
    return std::isnan(got) ? 0 : kInf;
  if (std::isnan(got))
    return kInf;
  if (std::isinf(exact))
    return std::isinf(got) && std::signbit(got) == std::signbit(exact) ? 0 : kInf;
  // The exact value rounded to the format: a correctly rounded overflow is
  // infinity, and then infinity is the right answer.
  long double rounded = isFloat ? (long double)(float)exact : (long double)(double)exact;
  if (std::isinf(rounded) && got == double(rounded))
    return 0;
  if (exact == 0 && got == 0)
    return std::signbit(got) == std::signbit(exact) ? 0 : kInf;
  long double value = got;
  if (std::isinf(got))
    value = std::copysign(std::ldexp(1.0L, maxExponent + 1), (long double)got);
  int exponent = exact == 0 ? minExponent : std::max(std::ilogb(exact), minExponent);
  exponent = std::min(exponent, maxExponent);
  long double ulp = std::ldexp(1.0L, exponent - (digits - 1));
  return double(std::fabs(value - exact) / ulp);
}

} // namespace corecl::test
