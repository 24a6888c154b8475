// Geometric functions and the math functions that defer to the host C
// library for now: compared with host references (double precision) within
// the spec's ULP bounds, for scalar and vector forms and for pointer
// outputs in every address space a 1.2 and a 2.0 program can pass.
#include "builtins/builtins_fixture.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace corecl::test {
namespace {

class MathGeometric : public BuiltinsTest {};

double ulpError(float got, double expected) {
  if (std::isnan(expected))
    return std::isnan(got) ? 0 : 1e9;
  if (std::isinf(expected))
    return got == float(expected) ? 0 : 1e9;
  double ulp = expected == 0 || std::fabs(expected) < 0x1p-126
                   ? std::ldexp(1.0, -149) // zero and denormals: the smallest step
                   : std::ldexp(1.0, std::ilogb(float(expected)) - 23);
  return std::fabs(double(got) - expected) / ulp;
}

TEST_F(MathGeometric, HostDeferredFunctionsWithinBounds) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global const float *x, global float *out) {
      size_t i = get_global_id(0);
      float v = x[i];
      float4 w = (float4)(v, v * 0.5f, -v, 1.0f);
      out[i * 8 + 0] = tan(v);
      out[i * 8 + 1] = atan2(v, 0.75f);
      out[i * 8 + 2] = tan(w).y;       // the vector form element by element
      out[i * 8 + 3] = erf(v);
      out[i * 8 + 4] = cbrt(v);
      out[i * 8 + 5] = hypot(v, 2.0f);
      out[i * 8 + 6] = expm1(v);
      out[i * 8 + 7] = native_sin(v);
    })", "f");
  ASSERT_TRUE(k);
  std::vector<float> x;
  for (int i = -200; i <= 200; ++i)
    x.push_back(float(i) * 0.0371f);
  x.push_back(0.0f);
  x.push_back(-0.0f);
  cl_mem in = bufferOf(x), out = poisonBuffer(x.size() * 8 * sizeof(float));
  ASSERT_TRUE(run(k, {in, out}, x.size()));
  std::vector<unsigned char> bytes = readBytes(out, x.size() * 8 * sizeof(float));
  std::vector<float> got(x.size() * 8);
  std::memcpy(got.data(), bytes.data(), bytes.size());
  for (size_t i = 0; i < x.size(); ++i) {
    double v = x[i];
    // Bounds: tan 5, atan2 6, erf 16, cbrt 2, hypot 4, expm1 3 ulp;
    // native_sin is implementation-defined, checked loosely.
    EXPECT_LE(ulpError(got[i * 8 + 0], std::tan(v)), 5) << v;
    EXPECT_LE(ulpError(got[i * 8 + 1], std::atan2(v, 0.75)), 6) << v;
    EXPECT_LE(ulpError(got[i * 8 + 2], std::tan(double(float(v * 0.5)))), 5) << v;
    EXPECT_LE(ulpError(got[i * 8 + 3], std::erf(v)), 16) << v;
    EXPECT_LE(ulpError(got[i * 8 + 4], std::cbrt(v)), 2) << v;
    EXPECT_LE(ulpError(got[i * 8 + 5], std::hypot(v, 2.0)), 4) << v;
    EXPECT_LE(ulpError(got[i * 8 + 6], std::expm1(v)), 3) << v;
    EXPECT_NEAR(got[i * 8 + 7], std::sin(v), 1e-5) << v;
  }
}

TEST_F(MathGeometric, GeometricFunctions) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global const float4 *a, global const float4 *b, global float *out) {
      size_t i = get_global_id(0);
      float4 p = a[i], q = b[i];
      float3 c = cross(p.xyz, q.xyz);
      float4 n = normalize(p);
      out[i * 10 + 0] = dot(p, q);
      out[i * 10 + 1] = length(p);
      out[i * 10 + 2] = distance(p, q);
      out[i * 10 + 3] = c.x;
      out[i * 10 + 4] = c.y;
      out[i * 10 + 5] = c.z;
      out[i * 10 + 6] = n.x;
      out[i * 10 + 7] = length(n);
      out[i * 10 + 8] = length(p * 1e30f);  // would overflow if squared directly
      out[i * 10 + 9] = fast_length(p.xy);
    })", "f");
  ASSERT_TRUE(k);
  const size_t n = 64;
  std::vector<cl_float4> a(n), b(n);
  for (size_t i = 0; i < n; ++i)
    for (int c = 0; c < 4; ++c) {
      a[i].s[c] = float((int(i) * 7 + c * 3) % 11 - 5) * 0.5f + 0.25f;
      b[i].s[c] = float((int(i) * 5 + c) % 9 - 4) * 0.75f;
    }
  cl_mem ba = bufferOf(a), bb = bufferOf(b), out = poisonBuffer(n * 10 * sizeof(float));
  ASSERT_TRUE(run(k, {ba, bb, out}, n));
  std::vector<unsigned char> bytes = readBytes(out, n * 10 * sizeof(float));
  std::vector<float> got(n * 10);
  std::memcpy(got.data(), bytes.data(), bytes.size());
  for (size_t i = 0; i < n; ++i) {
    const float *p = a[i].s, *q = b[i].s;
    double dot = 0, len = 0, dist = 0;
    for (int c = 0; c < 4; ++c) {
      dot += double(p[c]) * q[c];
      len += double(p[c]) * p[c];
      dist += (double(p[c]) - q[c]) * (double(p[c]) - q[c]);
    }
    len = std::sqrt(len);
    EXPECT_NEAR(got[i * 10 + 0], dot, 1e-4 * (1 + std::fabs(dot)));
    EXPECT_NEAR(got[i * 10 + 1], len, 1e-5 * len);
    EXPECT_NEAR(got[i * 10 + 2], std::sqrt(dist), 1e-5 * (1 + std::sqrt(dist)));
    EXPECT_NEAR(got[i * 10 + 3], double(p[1]) * q[2] - double(p[2]) * q[1], 1e-4);
    EXPECT_NEAR(got[i * 10 + 4], double(p[2]) * q[0] - double(p[0]) * q[2], 1e-4);
    EXPECT_NEAR(got[i * 10 + 5], double(p[0]) * q[1] - double(p[1]) * q[0], 1e-4);
    EXPECT_NEAR(got[i * 10 + 6], p[0] / len, 1e-5);
    EXPECT_NEAR(got[i * 10 + 7], 1.0, 1e-5);
    EXPECT_NEAR(got[i * 10 + 8] / 1e30, len, 1e-5 * len);
    EXPECT_NEAR(got[i * 10 + 9], std::sqrt(double(p[0]) * p[0] + double(p[1]) * p[1]), 1e-3);
  }
}

TEST_F(MathGeometric, PointerOutputsInEveryAddressSpace) {
  for (const char *std : {"-cl-std=CL1.2", "-cl-std=CL2.0"}) {
    SCOPED_TRACE(std);
    cl_kernel k = buildKernel(R"(
      kernel void f(global const float *x, global float *out, global int *exps) {
        size_t i = get_global_id(0);
        local float li[64];
        float pi, c;
        out[i * 6 + 0] = fract(x[i], &pi);       // private
        out[i * 6 + 1] = pi;
        out[i * 6 + 2] = modf(x[i], &out[i * 6 + 3]); // global
        out[i * 6 + 4] = sincos(x[i], &li[i]);   // local
        out[i * 6 + 5] = li[i];
        exps[i] = 0;
        out[i * 6 + 0] += 0.0f * frexp(x[i], &exps[i]);
      })", "f", std);
    ASSERT_TRUE(k);
    std::vector<float> x = {1.75f, -1.25f, 0.5f, 3.0f, -0.0f, 1e10f, -7.5f, 0.1f, 0.0f};
    cl_mem in = bufferOf(x), out = poisonBuffer(x.size() * 6 * sizeof(float)),
           exps = poisonBuffer(x.size() * sizeof(int));
    ASSERT_TRUE(run(k, {in, out, exps}, x.size()));
    std::vector<unsigned char> bytes = readBytes(out, x.size() * 6 * sizeof(float));
    std::vector<float> got(x.size() * 6);
    std::memcpy(got.data(), bytes.data(), bytes.size());
    std::vector<unsigned char> ebytes = readBytes(exps, x.size() * sizeof(int));
    std::vector<int> e(x.size());
    std::memcpy(e.data(), ebytes.data(), ebytes.size());
    for (size_t i = 0; i < x.size(); ++i) {
      double v = x[i];
      EXPECT_FLOAT_EQ(got[i * 6 + 1], float(std::floor(v))) << v;
      EXPECT_FLOAT_EQ(got[i * 6 + 0], float(std::fmin(v - std::floor(v), 0x1.fffffep-1))) << v;
      double ip;
      double frac = std::modf(v, &ip);
      EXPECT_FLOAT_EQ(got[i * 6 + 2], float(frac)) << v;
      EXPECT_FLOAT_EQ(got[i * 6 + 3], float(ip)) << v;
      EXPECT_NEAR(got[i * 6 + 4], std::sin(v), 1e-6 * (1 + std::fabs(v))) << v;
      EXPECT_NEAR(got[i * 6 + 5], std::cos(v), 1e-6 * (1 + std::fabs(v))) << v;
      int expected;
      std::frexp(v, &expected);
      EXPECT_EQ(e[i], expected) << v;
      if (v == 0) { // fract(+-0) = +-0 with *iptr = +-0 (the spec's edge cases)
        EXPECT_EQ(std::signbit(got[i * 6 + 0]), std::signbit(v)) << "fract sign, x = " << v;
        EXPECT_EQ(std::signbit(got[i * 6 + 1]), std::signbit(v)) << "iptr sign, x = " << v;
      }
    }
  }
}

TEST_F(MathGeometric, LgammaReportsTheSignOfGamma) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global const float *x, global float *out, global int *sign) {
      size_t i = get_global_id(0);
      int s;
      out[i] = lgamma_r(x[i], &s);
      sign[i] = s;
    })", "f");
  ASSERT_TRUE(k);
  std::vector<float> x = {0.5f, 3.0f, -0.5f, -1.5f, -2.5f, 7.25f, -3.75f};
  cl_mem in = bufferOf(x), out = poisonBuffer(x.size() * sizeof(float)),
         sign = poisonBuffer(x.size() * sizeof(int));
  ASSERT_TRUE(run(k, {in, out, sign}, x.size()));
  std::vector<unsigned char> vb = readBytes(out, x.size() * sizeof(float));
  std::vector<unsigned char> sb = readBytes(sign, x.size() * sizeof(int));
  for (size_t i = 0; i < x.size(); ++i) {
    float v;
    int s;
    std::memcpy(&v, vb.data() + i * 4, 4);
    std::memcpy(&s, sb.data() + i * 4, 4);
    double g = std::tgamma(double(x[i]));
    EXPECT_NEAR(v, std::log(std::fabs(g)), 1e-5 * (1 + std::fabs(std::log(std::fabs(g)))));
    EXPECT_EQ(s, g < 0 ? -1 : 1) << x[i];
  }
}

} // namespace
} // namespace corecl::test
