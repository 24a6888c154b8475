// Accuracy of every math function, float and double, scalar and vector
// forms, against correctly rounded MPFR references: edge cases (zeros,
// denormals, the extreme normals, infinities, NaN, integers, huge
// arguments) and random inputs. Each test prints the worst ULP error it
// found and fails beyond the OpenCL full-profile bound.
//
// CORECL_MATH_ONLY=exp,log restricts the run to some functions;
// CORECL_MATH_RANDOM=<n> sets the random inputs per function (the `long`
// ctest label runs a million).
#include "builtins/builtins_fixture.h"
#include "builtins/math_reference.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

struct MathCase {
  const MathFunction *function;
  Precision precision;
};

// Readable parameter names in gtest's output.
void PrintTo(const MathCase &c, std::ostream *os) {
  *os << c.function->name << (c.precision == Precision::Float ? " float" : " double");
}

std::string caseName(const ::testing::TestParamInfo<MathCase> &info) {
  return std::string(info.param.function->name) +
         (info.param.precision == Precision::Float ? "_float" : "_double");
}

std::vector<MathCase> allCases() {
  std::vector<MathCase> out;
  for (const MathFunction &f : mathFunctions())
    for (Precision p : {Precision::Float, Precision::Double})
      out.push_back({&f, p});
  return out;
}

bool selected(const char *name) {
  const char *only = std::getenv("CORECL_MATH_ONLY");
  if (!only || !*only)
    return true;
  std::stringstream list(only);
  for (std::string item; std::getline(list, item, ',');)
    if (item == name)
      return true;
  return false;
}

size_t randomCount() {
  const char *n = std::getenv("CORECL_MATH_RANDOM");
  return n && *n ? std::strtoull(n, nullptr, 10) : 3000;
}

/// Values every function meets: signed zeros, denormals, the extreme
/// normals, infinities, NaN, small integers, halves, values near 1 and
/// near the exp/log limits, huge trigonometric arguments.
std::vector<double> edgeValues(Precision p) {
  const bool isFloat = p == Precision::Float;
  std::vector<double> positive = {
      0.0,         1.0,   2.0,   3.0,   0.5,   0.25,        10.0,      100.0, 1e6, 1e10,
      1e20,        1e30,  0.1,   1.5,   2.5,   0x1p-20,     0x1p-60,   M_PI,  M_PI / 2,
      M_PI / 4,    88.72, 103.9, 700.0, 710.0, 745.2,       0x1p22,    0x1p23 + 1, 0x1.5p24,
      0x1p52 + 1,  1e100, 1e300, 6.5,   27.0,  0.75,        1e-5,      std::numeric_limits<double>::infinity()};
  if (isFloat) {
    positive.push_back(0x1p-149);
    positive.push_back(0x1.fffffcp-127);
    positive.push_back(0x1p-126);
    positive.push_back(0x1.fffffep127);
    positive.push_back(0x1.fffffep-1);
    positive.push_back(0x1.000002p0);
  } else {
    positive.push_back(0x1p-1074);
    positive.push_back(0x0.fffffffffffffp-1022);
    positive.push_back(0x1p-1022);
    positive.push_back(std::numeric_limits<double>::max());
    positive.push_back(0x1.fffffffffffffp-1);
    positive.push_back(0x1.0000000000001p0);
  }
  std::vector<double> out;
  for (double v : positive) {
    // Rounded into the format (some of the list only means something in
    // double; in float it becomes another large or small value).
    double r = isFloat ? double(float(v)) : v;
    out.push_back(r);
    out.push_back(-r);
  }
  out.push_back(std::numeric_limits<double>::quiet_NaN());
  return out;
}

/// Random inputs: a third random bit patterns (every exponent, NaNs and
/// infinities included), a third uniform over the typical range, a third
/// with log-uniform magnitudes up to it.
class RandomInputs {
public:
  RandomInputs(const MathFunction &f, Precision p)
      : precision_(p), range_(f.typicalRange > 0 ? f.typicalRange : 1e4),
        engine_(std::hash<std::string>()(f.name) ^ (p == Precision::Float ? 1 : 2)) {}

  double next() {
    switch (count_++ % 3) {
    case 0:
      return fromBits();
    case 1:
      return round(std::uniform_real_distribution<double>(-range_, range_)(engine_));
    default: {
      double top = std::log2(range_) + 1;
      double e = std::uniform_real_distribution<double>(-40, top)(engine_);
      double sign = engine_() & 1 ? -1 : 1;
      return round(sign * std::exp2(e));
    }
    }
  }

private:
  double fromBits() {
    if (precision_ == Precision::Float) {
      uint32_t bits = uint32_t(engine_());
      float v;
      std::memcpy(&v, &bits, sizeof v);
      return v;
    }
    uint64_t bits = engine_();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
  double round(double v) const { return precision_ == Precision::Float ? double(float(v)) : v; }

  Precision precision_;
  double range_;
  std::mt19937_64 engine_;
  size_t count_ = 0;
};

struct Inputs {
  std::vector<double> x, y;
  std::vector<int> n;
  void add(double a, double b, int k) {
    x.push_back(a);
    y.push_back(b);
    n.push_back(k);
  }
};

// The widths run: scalar, the odd 3 (whose vloads/stores differ) and 16.
constexpr int kWidths[] = {1, 3, 16};
constexpr size_t kWidthLcm = 48;

Inputs makeInputs(const MathFunction &f, Precision p) {
  Inputs in;
  std::vector<double> edges = edgeValues(p);
  RandomInputs random(f, p);
  const std::vector<int> exponents = {0,  1,  -1,  2,    -2,    3,  -3, 4,     5,
                                      -5, 7,  10,  -11,  127,   -128, 1000, -1000,
                                      std::numeric_limits<int>::max(), std::numeric_limits<int>::min()};
  const size_t count = randomCount();
  switch (f.shape) {
  case Shape::Unary:
  case Shape::SinCos:
  case Shape::LgammaSign:
  case Shape::FloatOutput:
  case Shape::IntOutput:
  case Shape::IntResult:
    for (double e : edges)
      in.add(e, 0, 0);
    for (size_t i = 0; i < count; ++i)
      in.add(random.next(), 0, 0);
    break;
  case Shape::Binary:
  case Shape::RemQuo:
    for (double a : edges)
      for (double b : edges)
        in.add(a, b, 0);
    for (size_t i = 0; i < count; ++i)
      in.add(random.next(), random.next(), 0);
    break;
  case Shape::IntSecond: {
    std::mt19937 engine(7);
    for (double a : edges)
      for (int k : exponents)
        in.add(a, 0, k);
    for (size_t i = 0; i < count; ++i)
      in.add(random.next(), 0, std::uniform_int_distribution<int>(-30, 30)(engine));
    break;
  }
  }
  // Pad to a multiple of every width with copies of the first inputs.
  for (size_t i = 0; in.x.size() % kWidthLcm; ++i)
    in.add(in.x[i], in.y[i], in.n[i]);
  return in;
}

/// The kernel calling the function at width `w` with every argument and
/// output as a buffer (unused ones are simply not touched).
std::string kernelSource(const MathFunction &f, Precision p, int w) {
  const std::string scalar = p == Precision::Float ? "float" : "double";
  const std::string type = scalar + widthSuffix(w);
  const std::string ints = "int" + widthSuffix(w);
  std::string call;
  switch (f.shape) {
  case Shape::Unary:
    call = "STORE(" + std::string(f.name) + "(LOAD(i, x)), i, out);";
    break;
  case Shape::Binary:
    call = "STORE(" + std::string(f.name) + "(LOAD(i, x), LOAD(i, y)), i, out);";
    break;
  case Shape::IntSecond:
    call = "STORE(" + std::string(f.name) + "(LOAD(i, x), LOAD(i, n)), i, out);";
    break;
  case Shape::SinCos:
    call = type + " c; STORE(sincos(LOAD(i, x), &c), i, out); STORE(c, i, out2);";
    break;
  case Shape::RemQuo:
    call = ints + " q; STORE(remquo(LOAD(i, x), LOAD(i, y), &q), i, out); STORE(q, i, outi);";
    break;
  case Shape::LgammaSign:
    call = ints + " s; STORE(lgamma_r(LOAD(i, x), &s), i, out); STORE(s, i, outi);";
    break;
  case Shape::FloatOutput:
    call = type + " p; STORE(" + std::string(f.name) + "(LOAD(i, x), &p), i, out); STORE(p, i, out2);";
    break;
  case Shape::IntOutput:
    call = ints + " e; STORE(" + std::string(f.name) + "(LOAD(i, x), &e), i, out); STORE(e, i, outi);";
    break;
  case Shape::IntResult:
    call = "STORE(" + std::string(f.name) + "(LOAD(i, x)), i, outi);";
    break;
  }
  return "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + loadStoreMacros(w) +
         "kernel void k(global const " + scalar + " *x, global const " + scalar +
         " *y, global const int *n, global " + scalar + " *out, global " + scalar +
         " *out2, global int *outi) {\n  size_t i = get_global_id(0);\n  " + call + "\n}\n";
}

/// The worst error of one output over one run, and where it happened.
struct Worst {
  double ulps = 0;
  size_t index = 0;
  double got = 0;
  long double expected = 0;
  void update(double e, size_t i, double g, long double x) {
    if (e > ulps || (std::isnan(e) && !std::isnan(ulps))) {
      ulps = e;
      index = i;
      got = g;
      expected = x;
    }
  }
};

/// Whether a result with `error` ulps passes: within the bound, or, for a
/// bound of 0, equal to the exact value rounded to the format. Infinite
/// errors (NaN or infinity mismatches) never pass.
bool withinBound(double error, double rounded, double got, double bound) {
  if (std::isinf(error) || !(error <= std::max(bound, 0.5)))
    return false;
  return bound > 0 || std::isnan(got) || got == rounded || (got == 0 && error == 0);
}

class MathAccuracy : public BuiltinsTest, public ::testing::WithParamInterface<MathCase> {
protected:
  /// Uploads the inputs in the precision under test.
  template <class T> cl_mem upload(const std::vector<double> &values) {
    std::vector<T> converted(values.begin(), values.end());
    return bufferOf(converted);
  }
};

TEST_P(MathAccuracy, WithinSpecBound) {
  const MathFunction &f = *GetParam().function;
  const Precision p = GetParam().precision;
  if (!selected(f.name))
    GTEST_SKIP() << "not in CORECL_MATH_ONLY";
  const bool isFloat = p == Precision::Float;
  const double bound = isFloat ? f.floatUlps : f.doubleUlps;
  const size_t elementSize = isFloat ? sizeof(float) : sizeof(double);

  Inputs in = makeInputs(f, p);
  const size_t count = in.x.size();
  std::vector<Expected> expected(count);
  for (size_t i = 0; i < count; ++i)
    expected[i] = reference(f, p, in.x[i], in.y[i], in.n[i]);

  cl_mem x = isFloat ? upload<float>(in.x) : upload<double>(in.x);
  cl_mem y = isFloat ? upload<float>(in.y) : upload<double>(in.y);
  cl_mem n = bufferOf(in.n);
  auto element = [&](const std::vector<unsigned char> &bytes, size_t i) {
    return isFloat ? double(elementAt<float>(bytes, i)) : elementAt<double>(bytes, i);
  };

  double worstOverall = 0;
  std::string report;
  for (int w : kWidths) {
    cl_kernel k = buildKernel(kernelSource(f, p, w), "k");
    ASSERT_TRUE(k);
    cl_mem out = poisonBuffer(count * elementSize), out2 = poisonBuffer(count * elementSize);
    cl_mem outi = poisonBuffer(count * sizeof(int));
    ASSERT_TRUE(run(k, {x, y, n, out, out2, outi}, count / w));
    std::vector<unsigned char> first = readBytes(out, count * elementSize);
    std::vector<unsigned char> second = readBytes(out2, count * elementSize);
    std::vector<unsigned char> ints = readBytes(outi, count * sizeof(int));

    Worst worst, worstSecond;
    int failures = 0;
    for (size_t i = 0; i < count; ++i) {
      const Expected &e = expected[i];
      double got = element(first, i);
      double error = e.eitherZeroSign && got == 0 ? 0 : ulpError(e.value, got, p);
      if (f.shape == Shape::IntResult)
        error = 0; // only the int output counts
      worst.update(error, i, got, e.value);
      // Infinite error (a NaN or infinity mismatch) fails even lgamma; a
      // bound of 0 means correctly rounded.
      bool bad = f.shape != Shape::IntResult && !withinBound(error, e.rounded, got, bound);
      if (f.shape == Shape::SinCos || f.shape == Shape::FloatOutput) {
        double got2 = element(second, i);
        double error2 = ulpError(e.second, got2, p);
        worstSecond.update(error2, i, got2, e.second);
        bad |= !withinBound(error2, e.roundedSecond, got2, bound);
      }
      int q = elementAt<int>(ints, i);
      bool intWrong = false;
      if (f.shape == Shape::RemQuo && e.quotientDefined) {
        // The sign of x/y and the quotient's magnitude modulo 2^7 (the
        // spec's minimum of 7 bits).
        long low = std::labs(e.quotient) & 127;
        intWrong = (std::labs(long(q)) & 127) != low || (low != 0 && (q < 0) != (e.quotient < 0));
      } else if (f.shape == Shape::LgammaSign && e.quotientDefined && !std::isnan(e.value)) {
        intWrong = q != e.quotient;
      } else if (f.shape == Shape::IntOutput || f.shape == Shape::IntResult) {
        intWrong = q != e.quotient;
      }
      bad |= intWrong;
      if (bad && ++failures <= 5)
        ADD_FAILURE() << f.name << (isFloat ? " float" : " double") << " width " << w << " at x="
                      << std::hexfloat << in.x[i] << " y=" << in.y[i] << " n=" << std::dec
                      << in.n[i] << ": got " << std::hexfloat << got << " expected "
                      << double(e.value) << std::defaultfloat << " (" << error << " ulp)"
                      << (f.shape == Shape::SinCos
                              ? " second got " + std::to_string(element(second, i))
                              : std::string())
                      << (intWrong ? " int output " + std::to_string(q) + " expected " +
                                         std::to_string(e.quotient)
                                   : std::string());
    }
    if (failures > 5)
      ADD_FAILURE() << f.name << " width " << w << ": " << failures << " failures in all";
    worstOverall = std::max({worstOverall, worst.ulps, worstSecond.ulps});
    char line[256];
    std::snprintf(line, sizeof line, " w%d %.3g", w, std::max(worst.ulps, worstSecond.ulps));
    report += line;
    if (w == 1 && worst.ulps > 0) {
      std::snprintf(line, sizeof line, " (at x=%a y=%a: got %a, exact %La)", in.x[worst.index],
                    in.y[worst.index], worst.got, worst.expected);
      report += line;
    }
  }
  std::printf("[ MATH     ] %-10s %-6s bound %g ulp, worst %.3g ulp over %zu inputs:%s\n", f.name,
              isFloat ? "float" : "double", bound, worstOverall, count, report.c_str());
  RecordProperty("worst_ulp", std::to_string(worstOverall));
}

INSTANTIATE_TEST_SUITE_P(MathAccuracy, MathAccuracy, ::testing::ValuesIn(allCases()), caseName);

} // namespace
} // namespace corecl::test
