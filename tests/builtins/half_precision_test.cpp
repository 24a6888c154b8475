// Half precision (cl_khr_fp16): arithmetic, conversions in every rounding
// mode, fma's single rounding, the math library within its bounds and the
// functions that only move bits, at scalar and vector widths, against
// host references (builtins/half_reference.h: binary search over the
// halves, long double and 128-bit integer arithmetic).
#include "builtins/builtins_fixture.h"
#include "builtins/half_reference.h"

#include <cmath>
#include <functional>
#include <random>

namespace corecl::test {
namespace {

class HalfPrecision : public BuiltinsTest {
protected:
  void SetUp() override {
    BuiltinsTest::SetUp();
    if (!deviceReports("cl_khr_fp16"))
      GTEST_SKIP() << "the device does not report cl_khr_fp16";
  }

  /// Runs `kernel` (arguments: input buffer, output buffer) over `items`
  /// work-items and returns `outputs` ushorts of output.
  template <class In>
  std::vector<uint16_t> runOn(cl_kernel k, const std::vector<In> &in, size_t items,
                              size_t outputs) {
    std::vector<uint16_t> out(outputs);
    if (!k)
      return out;
    cl_mem input = bufferOf(in), output = poisonBuffer(outputs * 2);
    if (!run(k, {input, output}, items))
      return out;
    std::vector<unsigned char> bytes = readBytes(output, outputs * 2);
    std::memcpy(out.data(), bytes.data(), bytes.size());
    return out;
  }
};

const char *const kModes[] = {"rte", "rtz", "rtp", "rtn"};

std::string hex(uint16_t h) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%04x", h);
  return text;
}

// Every finite half, the midpoints between neighbours and the floats
// either side of each midpoint, overflow, underflow, infinities and NaN,
// converted to half in each rounding mode, by scalars and by float4s.
TEST_F(HalfPrecision, FloatToHalfInEveryRoundingMode) {
  std::vector<float> in;
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    float v = float(halfValue(uint16_t(h)));
    float next = h == 0x7bff ? 65536.0f : float(halfValue(uint16_t(h + 1)));
    float mid = (v + next) / 2;
    for (float x : {v, mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1e30f)}) {
      in.push_back(x);
      in.push_back(-x);
    }
  }
  for (float x :
       {65519.0f, 65520.0f, 65535.0f, 1e10f, 0x1p-25f, 0x1p-26f, 0x1.8p-25f, 1e-30f, INFINITY, NAN})
    for (float s : {1.0f, -1.0f})
      in.push_back(s * x);
  while (in.size() % 4)
    in.push_back(0.0f);
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const float *in, global ushort *out) {
      size_t i = get_global_id(0);
      float x = in[i];
      out[9 * i + 0] = as_ushort(convert_half(x));
      out[9 * i + 1] = as_ushort(convert_half_rtz(x));
      out[9 * i + 2] = as_ushort(convert_half_rtp(x));
      out[9 * i + 3] = as_ushort(convert_half_rtn(x));
      out[9 * i + 4] = as_ushort((half)x);
      if (i % 4 == 0) {
        float4 v = vload4(i / 4, in);
        vstore4(as_ushort4(convert_half4_rtz(v)), 0, out + 9 * i + 5);
      }
    })",
                            "k");
  size_t n = in.size();
  std::vector<uint16_t> out = runOn(k, in, n, 9 * n);
  int failures = 0;
  for (size_t i = 0; i < n && failures < 10; ++i) {
    uint16_t expected[5] = {halfOf(in[i], "rte"), halfOf(in[i], "rtz"), halfOf(in[i], "rtp"),
                            halfOf(in[i], "rtn"), halfOf(in[i], "rte")};
    for (int m = 0; m < 5; ++m) {
      uint16_t got = out[9 * i + m];
      bool same = halfIsNan(expected[m]) ? halfIsNan(got) : got == expected[m];
      if (!same && ++failures < 10)
        ADD_FAILURE() << "convert_half (" << (m < 4 ? kModes[m] : "cast") << ") of "
                      << std::hexfloat << in[i] << ": " << hex(got) << ", expected "
                      << hex(expected[m]);
    }
  }
  // The float4 form, rtz: element i % 4 of the group starting at i - i % 4.
  for (size_t i = 0; i < n && failures < 10; ++i) {
    uint16_t got = out[9 * (i - i % 4) + 5 + i % 4];
    uint16_t expected = halfOf(in[i], "rtz");
    if (!(halfIsNan(expected) ? halfIsNan(got) : got == expected) && ++failures < 10)
      ADD_FAILURE() << "convert_half4_rtz element of " << std::hexfloat << in[i] << ": " << hex(got)
                    << ", expected " << hex(expected);
  }
}

// Doubles near midpoints of halves, where rounding first to float and then
// to half gives the wrong answer, and integers of every size, in each mode.
TEST_F(HalfPrecision, DoublesAndIntegersToHalfRoundOnce) {
  std::vector<double> doubles;
  std::mt19937_64 random(7);
  for (uint32_t h = 0; h < 0x7bff; h += 7) {
    double v = double(halfValue(uint16_t(h))), next = double(halfValue(uint16_t(h + 1)));
    double mid = (v + next) / 2;
    // Within a float ulp of the midpoint: a float would round onto it.
    for (double d : {mid + mid * 0x1p-40, mid - mid * 0x1p-40, mid, v + (next - v) * 0.3})
      for (double s : {1.0, -1.0})
        doubles.push_back(s * d);
  }
  for (double d : {1e300, 65519.999, 65520.0, 0x1p-25 + 0x1p-60, 0x1p-25, 0x1p-80, 0.0, -0.0})
    doubles.push_back(d);
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const double *in, global ushort *out) {
      size_t i = get_global_id(0);
      double x = in[i];
      out[5 * i + 0] = as_ushort(convert_half(x));
      out[5 * i + 1] = as_ushort(convert_half_rtz(x));
      out[5 * i + 2] = as_ushort(convert_half_rtp(x));
      out[5 * i + 3] = as_ushort(convert_half_rtn(x));
      out[5 * i + 4] = as_ushort((half)x);
    })",
                            "k");
  std::vector<uint16_t> out = runOn(k, doubles, doubles.size(), 5 * doubles.size());
  int failures = 0;
  for (size_t i = 0; i < doubles.size(); ++i)
    for (int m = 0; m < 5; ++m) {
      uint16_t expected = halfOf(doubles[i], m < 4 ? kModes[m] : "rte");
      if (out[5 * i + m] != expected && ++failures < 10)
        ADD_FAILURE() << "double " << std::hexfloat << doubles[i] << " to half ("
                      << (m < 4 ? kModes[m] : "cast") << "): " << hex(out[5 * i + m])
                      << ", expected " << hex(expected);
    }

  std::vector<int64_t> integers = {0,        1,         -1,        2047,      2049,      4097,
                                   65504,    65519,     65520,     65535,     -65520,    1 << 24,
                                   16777217, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, 1000001};
  for (int i = 0; i < 2000; ++i) {
    int shift = int(random() % 62);
    integers.push_back(int64_t(random() >> (2 + shift)) * (i % 2 ? 1 : -1));
  }
  cl_kernel ki = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const long *in, global ushort *out) {
      size_t i = get_global_id(0);
      long x = in[i];
      int n = (int)clamp(x, (long)INT_MIN, (long)INT_MAX);
      short s = (short)clamp(x, (long)SHRT_MIN, (long)SHRT_MAX);
      out[12 * i + 0] = as_ushort(convert_half(x));
      out[12 * i + 1] = as_ushort(convert_half_rtz(x));
      out[12 * i + 2] = as_ushort(convert_half_rtp(x));
      out[12 * i + 3] = as_ushort(convert_half_rtn(x));
      out[12 * i + 4] = as_ushort(convert_half(n));
      out[12 * i + 5] = as_ushort(convert_half_rtz(n));
      out[12 * i + 6] = as_ushort(convert_half_rtp(n));
      out[12 * i + 7] = as_ushort(convert_half_rtn(n));
      out[12 * i + 8] = as_ushort(convert_half(s));
      out[12 * i + 9] = as_ushort(convert_half_rtp(s));
      out[12 * i + 10] = as_ushort(convert_half((ulong)x));
      out[12 * i + 11] = as_ushort(convert_half_rtn((uint)n));
    })",
                             "k");
  std::vector<uint16_t> got = runOn(ki, integers, integers.size(), 12 * integers.size());
  for (size_t i = 0; i < integers.size(); ++i) {
    int64_t x = integers[i];
    int64_t n = std::clamp<int64_t>(x, INT32_MIN, INT32_MAX);
    int64_t s = std::clamp<int64_t>(x, INT16_MIN, INT16_MAX);
    long double values[12] = {(long double)x, (long double)x,           (long double)x,
                              (long double)x, (long double)n,           (long double)n,
                              (long double)n, (long double)n,           (long double)s,
                              (long double)s, (long double)(uint64_t)x, (long double)(uint32_t)n};
    const char *modes[12] = {"rte", "rtz", "rtp", "rtn", "rte", "rtz",
                             "rtp", "rtn", "rte", "rtp", "rte", "rtn"};
    for (int m = 0; m < 12; ++m) {
      uint16_t expected = halfOf(values[m], modes[m]);
      if (got[12 * i + m] != expected && ++failures < 20)
        ADD_FAILURE() << "integer " << (long long)x << " form " << m << " to half (" << modes[m]
                      << "): " << hex(got[12 * i + m]) << ", expected " << hex(expected);
    }
  }
}

// Every half to integers, rounded by each mode and saturated (NaN to 0).
TEST_F(HalfPrecision, HalfToIntegersRoundAndSaturate) {
  std::vector<uint16_t> in(65536);
  for (uint32_t h = 0; h < 65536; ++h)
    in[h] = uint16_t(h);
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half *in, global ushort *out) {
      size_t i = get_global_id(0);
      half x = in[i];
      out[6 * i + 0] = as_ushort(convert_short_sat_rte(x));
      out[6 * i + 1] = as_ushort(convert_short_sat(x));
      out[6 * i + 2] = as_ushort(convert_short_sat_rtp(x));
      out[6 * i + 3] = as_ushort(convert_short_sat_rtn(x));
      out[6 * i + 4] = convert_uchar_sat_rte(x);
      out[6 * i + 5] = (ushort)convert_char_sat_rtp(x);
    })",
                            "k");
  std::vector<uint16_t> out = runOn(k, in, in.size(), 6 * in.size());
  auto expect = [](uint16_t h, const char *mode, long double lo, long double hi) {
    long double v = halfValue(h);
    if (std::isnan(v))
      return 0.0L;
    long double r = std::string(mode) == "rte"   ? nearbyintl(v)
                    : std::string(mode) == "rtz" ? truncl(v)
                    : std::string(mode) == "rtp" ? ceill(v)
                                                 : floorl(v);
    return std::clamp(r, lo, hi);
  };
  int failures = 0;
  for (uint32_t h = 0; h < 65536; ++h) {
    long double expected[6] = {expect(h, "rte", -32768, 32767), expect(h, "rtz", -32768, 32767),
                               expect(h, "rtp", -32768, 32767), expect(h, "rtn", -32768, 32767),
                               expect(h, "rte", 0, 255),        expect(h, "rtp", -128, 127)};
    long double got[6] = {
        (long double)int16_t(out[6 * h]),     (long double)int16_t(out[6 * h + 1]),
        (long double)int16_t(out[6 * h + 2]), (long double)int16_t(out[6 * h + 3]),
        (long double)out[6 * h + 4],          (long double)int8_t(out[6 * h + 5])};
    for (int m = 0; m < 6; ++m)
      if (got[m] != expected[m] && ++failures < 10)
        ADD_FAILURE() << "half " << hex(uint16_t(h)) << " form " << m << ": " << (double)got[m]
                      << ", expected " << (double)expected[m];
  }
}

/// Random halves whose exponents make products and addends overlap.
std::vector<uint16_t> randomHalves(size_t count, uint32_t seed) {
  std::mt19937 random(seed);
  std::vector<uint16_t> out(count);
  for (uint16_t &h : out) {
    h = uint16_t(random());
    if ((h & 0x7c00) == 0x7c00 && random() % 8)
      h ^= 0x4000; // mostly finite
  }
  return out;
}

/// The exact product of two finite halves in units of 2^-48: each is an
/// 11-bit integer times 2^e with e >= -24, so the product fits in 81 bits.
__int128 productUnits(uint16_t a, uint16_t b) {
  auto split = [](uint16_t h, int &e) {
    int field = (h >> 10) & 0x1f;
    int64_t m = field ? (h & 0x3ff) | 0x400 : h & 0x3ff;
    e = field ? field - 25 : -24;
    return (h & 0x8000) ? -m : m;
  };
  int ea, eb;
  int64_t ma = split(a, ea), mb = split(b, eb);
  return (__int128)(ma * mb) << (ea + eb + 48);
}

// fma(a, b, c) is a * b + c rounded once: the exact sum in 128-bit integer
// units of 2^-48, rounded to half by binary search.
TEST_F(HalfPrecision, FmaRoundsOnce) {
  std::vector<uint16_t> in = randomHalves(3 * 40000, 11);
  // Sums within a float ulp of a midpoint between halves, which a float
  // fma rounds onto the midpoint and then to even: the wrong neighbour.
  // For an odd c of exponent e: (1 + k 2^-10) 2^(e-11) * (1 - k 2^-10) is
  // half an ulp of c less k^2 2^(e-31), below float's precision at c.
  std::vector<uint16_t> traps;
  for (uint16_t c = 0x3001; c < 0x7800; c += 6) // odd, exponents -3 to 14
    for (int k = 1; k <= 3; ++k)
      for (uint16_t sign : {0, 0x8000}) {
        uint16_t exponent = uint16_t((c >> 10) - 11);
        uint16_t a = uint16_t(sign | exponent << 10 | k);
        uint16_t b = uint16_t(0x3c00 - 2 * k); // 1 - k 2^-10
        traps.insert(traps.end(), {a, b, c});
      }
  size_t doubleRounded = 0;
  for (size_t t = 0; t < traps.size(); t += 3) {
    uint16_t a = traps[t], b = traps[t + 1], c = traps[t + 2];
    float twice = float(halfValue(a) * halfValue(b)) + float(halfValue(c)); // rounded to float
    doubleRounded += halfOf(twice) != halfOfUnits(productUnits(a, b) + halfUnits(c));
  }
  ASSERT_EQ(doubleRounded, traps.size() / 3) << "the traps are not traps";
  in.insert(in.end(), traps.begin(), traps.end());
  while (in.size() % 12)
    in.push_back(0);
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half *in, global half *out) {
      size_t i = get_global_id(0);
      out[2 * i] = fma(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
      if (i % 4 == 0) {
        half4 a = (half4)(in[3 * i], in[3 * i + 3], in[3 * i + 6], in[3 * i + 9]);
        half4 b = (half4)(in[3 * i + 1], in[3 * i + 4], in[3 * i + 7], in[3 * i + 10]);
        half4 c = (half4)(in[3 * i + 2], in[3 * i + 5], in[3 * i + 8], in[3 * i + 11]);
        half4 r = fma(a, b, c);
        out[2 * i + 1] = r.x;
        out[2 * i + 3] = r.y;
        out[2 * i + 5] = r.z;
        out[2 * i + 7] = r.w;
      }
    })",
                            "k");
  size_t n = in.size() / 3;
  std::vector<uint16_t> out = runOn(k, in, n, 2 * n);
  int failures = 0;
  for (size_t i = 0; i < n; ++i) {
    uint16_t a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
    long double fa = halfValue(a), fb = halfValue(b), fc = halfValue(c);
    uint16_t expected;
    if (std::isnan(fa) || std::isnan(fb) || std::isnan(fc) || std::isinf(fa) || std::isinf(fb) ||
        std::isinf(fc))
      expected = halfOf(fa * fb + fc); // infinities and NaN: no rounding involved
    else
      expected = halfOfUnits(productUnits(a, b) + halfUnits(c));
    for (int form = 0; form < 2; ++form) {
      uint16_t got = out[2 * i + form];
      bool same = halfIsNan(expected) ? halfIsNan(got) : got == expected;
      if (!same && ++failures < 10)
        ADD_FAILURE() << (form ? "half4 " : "") << "fma(" << hex(a) << ", " << hex(b) << ", "
                      << hex(c) << ") = " << hex(got) << ", expected " << hex(expected);
    }
  }
}

// +, -, *, / and sqrt in half are correctly rounded, in scalar code the
// work-item loop vectorises and in half8 vectors.
TEST_F(HalfPrecision, ArithmeticIsCorrectlyRounded) {
  std::vector<uint16_t> in = randomHalves(2 * 32768, 5);
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half *in, global half *out) {
      size_t i = get_global_id(0);
      half x = in[2 * i], y = in[2 * i + 1];
      out[5 * i + 0] = x + y;
      out[5 * i + 1] = x - y;
      out[5 * i + 2] = x * y;
      out[5 * i + 3] = x / y;
      out[5 * i + 4] = sqrt(x);
      if (i % 8 == 0) {
        half8 a = vload8(0, in + 2 * i), b = vload8(1, in + 2 * i);
        vstore8(a * b, 0, out + 5 * get_global_size(0) + i);
      }
    })",
                            "k");
  size_t n = in.size() / 2;
  std::vector<uint16_t> out = runOn(k, in, n, 6 * n);
  int failures = 0;
  for (size_t i = 0; i < n; ++i) {
    long double x = halfValue(in[2 * i]), y = halfValue(in[2 * i + 1]);
    long double exact[5] = {x + y, x - y, x * y, x / y, std::sqrt(x)};
    const char *ops[5] = {"+", "-", "*", "/", "sqrt"};
    for (int op = 0; op < 5; ++op) {
      uint16_t expected = halfOf(exact[op]), got = out[5 * i + op];
      if (!(halfIsNan(expected) ? halfIsNan(got) : got == expected) && ++failures < 10)
        ADD_FAILURE() << hex(in[2 * i]) << " " << ops[op] << " " << hex(in[2 * i + 1]) << " = "
                      << hex(got) << ", expected " << hex(expected);
    }
  }
  // The half8 products: a = in[2i .. 2i+7], b = in[2i+8 .. 2i+15].
  for (size_t i = 0; i + 8 <= n; i += 8)
    for (size_t e = 0; e < 8; ++e) {
      uint16_t expected = halfOf(halfValue(in[2 * i + e]) * halfValue(in[2 * i + 8 + e]));
      uint16_t got = out[5 * n + i + e];
      if (!(halfIsNan(expected) ? halfIsNan(got) : got == expected) && ++failures < 10)
        ADD_FAILURE() << "half8 product " << hex(in[2 * i + e]) << " * " << hex(in[2 * i + 8 + e])
                      << " = " << hex(got) << ", expected " << hex(expected);
    }
}

/// |got - ref| in units of the last place of half at ref (infinities and
/// NaN must match; results beyond the largest half may be it or infinity).
double halfUlpError(uint16_t got, long double ref) {
  long double g = halfValue(got);
  if (std::isnan(ref))
    return std::isnan(g) ? 0 : 1e9;
  if (std::isnan(g))
    return 1e9;
  if (std::isinf(ref) || std::fabs(ref) > 65536.0L)
    return (std::isinf(g) && std::signbit(g) == std::signbit(ref)) ? 0 : 1e9;
  if (std::isinf(g))
    return std::fabs(ref) >= 65504.0L && std::signbit(g) == std::signbit(ref) ? 0 : 1e9;
  int e = std::max(std::ilogb(double(ref == 0 ? 0x1p-24L : ref)), -14);
  return double(std::fabs(g - ref) / std::ldexp(1.0L, e - 10));
}

struct HalfFunction {
  const char *name;
  std::function<long double(long double)> reference;
  double ulps; // the bound this test holds CoreCL to
};

// Every half through the one-argument math functions, within one half ulp
// of long double references (0 for the exact ones); the spec allows 2 or
// more for most.
TEST_F(HalfPrecision, UnaryMathOverEveryHalf) {
  const long double pi = 3.14159265358979323846264338327950288L;
  const HalfFunction functions[] = {
      {"sin", [](long double x) { return sinl(x); }, 1},
      {"cos", [](long double x) { return cosl(x); }, 1},
      {"tan", [](long double x) { return tanl(x); }, 1},
      {"asin", [](long double x) { return asinl(x); }, 1},
      {"acos", [](long double x) { return acosl(x); }, 1},
      {"atan", [](long double x) { return atanl(x); }, 1},
      {"sinh", [](long double x) { return sinhl(x); }, 1},
      {"cosh", [](long double x) { return coshl(x); }, 1},
      {"tanh", [](long double x) { return tanhl(x); }, 1},
      {"asinh", [](long double x) { return asinhl(x); }, 1},
      {"acosh", [](long double x) { return acoshl(x); }, 1},
      {"atanh", [](long double x) { return atanhl(x); }, 1},
      {"exp", [](long double x) { return expl(x); }, 1},
      {"exp2", [](long double x) { return exp2l(x); }, 1},
      {"exp10", [](long double x) { return powl(10.0L, x); }, 1},
      {"expm1", [](long double x) { return expm1l(x); }, 1},
      {"log", [](long double x) { return logl(x); }, 1},
      {"log2", [](long double x) { return log2l(x); }, 1},
      {"log10", [](long double x) { return log10l(x); }, 1},
      {"log1p", [](long double x) { return log1pl(x); }, 1},
      {"cbrt", [](long double x) { return cbrtl(x); }, 1},
      {"rsqrt", [](long double x) { return 1.0L / sqrtl(x); }, 1},
      {"erf", [](long double x) { return erfl(x); }, 1},
      {"erfc", [](long double x) { return erfcl(x); }, 1},
      {"tgamma", [](long double x) { return tgammal(x); }, 1},
      {"sinpi", [pi](long double x) { return std::fabs(x) >= 1024 ? 0.0L * x : sinl(pi * x); }, 1},
      {"cospi",
       [pi](long double x) {
         return std::isinf(x) ? NAN : std::fabs(x) >= 2048 ? 1.0L : cosl(pi * x);
       },
       1},
      {"atanpi", [pi](long double x) { return atanl(x) / pi; }, 1},
      {"asinpi", [pi](long double x) { return asinl(x) / pi; }, 1},
      {"acospi", [pi](long double x) { return acosl(x) / pi; }, 1},
      {"fabs", [](long double x) { return fabsl(x); }, 0},
      {"floor", [](long double x) { return floorl(x); }, 0},
      {"ceil", [](long double x) { return ceill(x); }, 0},
      {"trunc", [](long double x) { return truncl(x); }, 0},
      {"round", [](long double x) { return roundl(x); }, 0},
      {"rint", [](long double x) { return nearbyintl(x); }, 0},
      {"logb", [](long double x) { return logbl(x); }, 0},
  };
  std::string body;
  size_t count = std::size(functions);
  for (size_t f = 0; f < count; ++f)
    body += "  out[" + std::to_string(f) + " * 65536 + i] = " + functions[f].name + "(x);\n";
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half *in, global half *out) {
      size_t i = get_global_id(0);
      half x = in[i];
)" + body + "}",
                            "k");
  std::vector<uint16_t> in(65536);
  for (uint32_t h = 0; h < 65536; ++h)
    in[h] = uint16_t(h);
  std::vector<uint16_t> out = runOn(k, in, 65536, count * 65536);
  for (size_t f = 0; f < count; ++f) {
    double worst = 0;
    uint16_t worstAt = 0;
    for (uint32_t h = 0; h < 65536; ++h) {
      long double ref = functions[f].reference(halfValue(uint16_t(h)));
      double error = halfUlpError(out[f * 65536 + h], ref);
      if (error > worst) {
        worst = error;
        worstAt = uint16_t(h);
      }
    }
    EXPECT_LE(worst, functions[f].ulps)
        << functions[f].name << "(" << hex(worstAt) << ") = " << hex(out[f * 65536 + worstAt])
        << ", reference " << (double)functions[f].reference(halfValue(worstAt));
  }
}

// Two-argument functions over random pairs of halves.
TEST_F(HalfPrecision, BinaryMathOverRandomPairs) {
  struct Binary {
    const char *name;
    std::function<long double(long double, long double)> reference;
    double ulps;
  };
  const Binary functions[] = {
      {"pow", [](long double x, long double y) { return powl(x, y); }, 1},
      {"atan2", [](long double x, long double y) { return atan2l(x, y); }, 1},
      {"hypot", [](long double x, long double y) { return hypotl(x, y); }, 1},
      {"fmod", [](long double x, long double y) { return fmodl(x, y); }, 0},
      {"remainder", [](long double x, long double y) { return remainderl(x, y); }, 0},
      {"fdim", [](long double x, long double y) { return fdiml(x, y); }, 0.5},
      {"fmin", [](long double x, long double y) { return fminl(x, y); }, 0},
      {"fmax", [](long double x, long double y) { return fmaxl(x, y); }, 0},
      {"copysign", [](long double x, long double y) { return copysignl(x, y); }, 0},
  };
  std::vector<uint16_t> in = randomHalves(2 * 65536, 3);
  std::string body;
  size_t count = std::size(functions);
  for (size_t f = 0; f < count; ++f)
    body += "  out[" + std::to_string(f) + " * 65536 + i] = " + functions[f].name + "(x, y);\n";
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half *in, global half *out) {
      size_t i = get_global_id(0);
      half x = in[2 * i], y = in[2 * i + 1];
)" + body + "}",
                            "k");
  std::vector<uint16_t> out = runOn(k, in, 65536, count * 65536);
  for (size_t f = 0; f < count; ++f) {
    double worst = 0;
    size_t worstAt = 0;
    for (size_t i = 0; i < 65536; ++i) {
      long double ref = functions[f].reference(halfValue(in[2 * i]), halfValue(in[2 * i + 1]));
      double error = halfUlpError(out[f * 65536 + i], ref);
      if (error > worst) {
        worst = error;
        worstAt = i;
      }
    }
    EXPECT_LE(worst, functions[f].ulps)
        << functions[f].name << "(" << hex(in[2 * worstAt]) << ", " << hex(in[2 * worstAt + 1])
        << ") = " << hex(out[f * 65536 + worstAt]);
  }
}

// The hand-written functions: nextafter steps one half ulp, nan carries its
// code, fract stays below 1, isnormal knows half's subnormals, and the
// bit-moving ones keep every bit.
TEST_F(HalfPrecision, ExactFunctionsAndBitMoves) {
  std::vector<uint16_t> in(65536);
  for (uint32_t h = 0; h < 65536; ++h)
    in[h] = uint16_t(h);
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const half *in, global ushort *out) {
      size_t i = get_global_id(0);
      half x = in[i];
      out[9 * i + 0] = as_ushort(nextafter(x, (half)INFINITY));
      out[9 * i + 1] = as_ushort(nextafter(x, -(half)0.0h));
      half whole;
      out[9 * i + 2] = as_ushort(fract(x, &whole));
      out[9 * i + 3] = as_ushort(whole);
      out[9 * i + 4] = as_ushort(nan((ushort)i));
      half4 v = (half4)(x, -x, 1.0h, x);
      short4 lt = isless(v, (half4)(0.0h));
      out[9 * i + 5] = as_ushort(lt.x) ^ as_ushort(lt.y);
      half4 s = select(v, (half4)(2.0h), lt);
      out[9 * i + 6] = as_ushort(shuffle(s, (ushort4)(3, 2, 1, 0)).x);
      out[9 * i + 7] = isnan(x) | (signbit(x) << 1);
      out[9 * i + 8] = isnormal(x) | (as_ushort(isnormal((half2)(x)).y) & 2);
    })",
                            "k");
  std::vector<uint16_t> out = runOn(k, in, 65536, 9 * 65536);
  int failures = 0;
  auto check = [&](bool ok, uint32_t h, const char *what, uint16_t got) {
    if (!ok && ++failures < 12)
      ADD_FAILURE() << what << " of " << hex(uint16_t(h)) << ": " << hex(got);
  };
  for (uint32_t h = 0; h < 65536; ++h) {
    const uint16_t *o = &out[9 * h];
    long double x = halfValue(uint16_t(h));
    bool nan = std::isnan(x);
    // nextafter towards +infinity: the next half up (by value).
    uint16_t up = nan                       ? 0
                  : x == INFINITY           ? 0x7c00
                  : (h == 0x8000 || h == 0) ? 0x0001
                  : (h & 0x8000)            ? uint16_t(h - 1)
                                            : uint16_t(h + 1);
    check(nan ? halfIsNan(o[0]) : o[0] == up, h, "nextafter(x, inf)", o[0]);
    uint16_t towardZero = nan ? 0 : (h & 0x7fff) == 0 ? 0x8000 : uint16_t(h - 1);
    check(nan ? halfIsNan(o[1]) : o[1] == towardZero, h, "nextafter(x, -0)", o[1]);
    if (!nan && !std::isinf(x)) {
      // x - floor(x) rounded to half, then kept below 1 (it rounds to 1
      // for tiny negative x); +-0 keeps its sign.
      long double fl = std::floor(x);
      uint16_t fr = halfOf(std::min(halfValue(halfOf(x - fl)), 0x1.ffcp-1L));
      if (x == 0)
        fr = uint16_t(h);
      check(o[2] == fr, h, "fract", o[2]);
      check(o[3] == halfOf(fl), h, "fract's whole part", o[3]);
    }
    check(halfIsNan(o[4]) && (o[4] & 0x1ff) == (h & 0x1ff), h, "nan(code)", o[4]);
    bool negative = !nan && x < 0, positive = !nan && x > 0;
    check(o[5] == ((negative || positive) ? 0xffff : 0), h, "isless masks", o[5]);
    // shuffle(...).x is s.w, which is x unless x < 0 (then 2.0).
    check(o[6] == (negative ? 0x4000 : h), h, "select and shuffle", o[6]);
    check(o[7] == ((nan ? 1 : 0) | ((h & 0x8000) ? 2 : 0)), h, "isnan and signbit", o[7]);
    // Normal halves: neither zero, subnormal (a normal float), infinite nor NaN.
    bool normal = std::isnormal(double(x)) && std::fabs(x) >= 0x1p-14L;
    check(o[8] == (normal ? 3 : 0), h, "isnormal", o[8]);
  }
}

// Half kernel arguments by value, half vectors in private arrays and
// vload/vstore of halfN through every address space.
TEST_F(HalfPrecision, ArgumentsVectorsAndAddressSpaces) {
  cl_kernel k = buildKernel(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    constant half table[4] = {1.0h, 2.0h, 3.0h, 4.0h};
    kernel void k(global const half *in, global half *out, half scale, half4 offset,
                  local half *scratch) {
      size_t i = get_global_id(0), l = get_local_id(0);
      half4 v = vload4(i, in) * scale + offset;
      vstore4(v, l, scratch);
      barrier(CLK_LOCAL_MEM_FENCE);
      half4 w = vload4(l, scratch) + vload4(0, table);
      half p[4];
      vstore4(w, 0, p);
      vstore4(vload4(0, p), i, out);
    })",
                            "k");
  ASSERT_TRUE(k);
  std::vector<uint16_t> in(4 * 64);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = halfOf((long double)(i % 37) / 4);
  cl_mem input = bufferOf(in), output = poisonBuffer(in.size() * 2);
  uint16_t scale = halfOf(1.5L);
  uint16_t offset[4] = {halfOf(0.25L), halfOf(-1), halfOf(8), halfOf(0)};
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof(cl_mem), &input), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof(cl_mem), &output), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, 2, &scale), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 3, 8, offset), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 4, 16 * 8, nullptr), CL_SUCCESS);
  size_t global = 64, local = 16;
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<unsigned char> bytes = readBytes(output, in.size() * 2);
  for (size_t i = 0; i < in.size(); ++i) {
    // Multiples of 1/8 below 64: every step is exact in half, fused or not.
    long double expected = halfValue(in[i]) * 1.5L + halfValue(offset[i % 4]) + (i % 4 + 1);
    uint16_t got = elementAt<uint16_t>(bytes, i);
    EXPECT_EQ(got, halfOf(expected)) << "element " << i;
  }
}

} // namespace
} // namespace corecl::test
