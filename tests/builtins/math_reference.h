// Correctly rounded references for the OpenCL C math functions, computed
// with MPFR, and the ULP error of a result against them (the measure the
// OpenCL C specification's accuracy tables use).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace corecl::test {

/// The element type under test.
enum class Precision { Float, Double };

/// How a function is called.
enum class Shape {
  Unary,       // r = f(x)
  Binary,      // r = f(x, y)
  IntSecond,   // r = f(x, n), n an int (pown, rootn)
  SinCos,      // r = sincos(x, &c)
  RemQuo,      // r = remquo(x, y, &q)
  LgammaSign,  // r = lgamma_r(x, &sign)
  FloatOutput, // r = f(x, &p), p a float type (fract, modf)
  IntOutput,   // r = f(x, &e), e an int type (frexp)
  IntResult,   // e = f(x), an int result (ilogb)
};

struct MathFunction {
  const char *name;
  Shape shape;
  double floatUlps;  // bound for float (OpenCL full profile)
  double doubleUlps; // bound for double
  /// Largest |x| for random inputs in the "typical" range (0: no limit).
  double typicalRange;
};

/// Every function the accuracy test covers.
const std::vector<MathFunction> &mathFunctions();

/// The exact results of a call, rounded to long double (64 significant
/// bits: an error measure good to 2^-11 ulp of double), from MPFR.
struct Expected {
  long double value = 0;
  long double second = 0; // cos for sincos
  // The same rounded straight to the format under test (rounding the long
  // double again could round twice).
  double rounded = 0;
  double roundedSecond = 0;
  long quotient = 0;      // remquo's quotient, lgamma_r's sign, frexp's
                          // exponent, ilogb's result
  bool quotientDefined = false;
  // maxmag/minmag of two zeros: fmax/fmin semantics, either sign.
  bool eitherZeroSign = false;
};
Expected reference(const MathFunction &f, Precision p, double x, double y, int n);

/// The error of `got` against `exact` in ulps of the precision's format:
/// 0 for matching NaNs, infinities or signed zeros, infinity for a NaN
/// where a number is expected (or the reverse), a wrong infinity or a wrong
/// sign of zero. An infinite result where a finite one is expected counts
/// as 2^(emax+1), so a correctly rounded overflow passes.
double ulpError(long double exact, double got, Precision p);

} // namespace corecl::test
