// Math-heavy benchmark kernels: Black-Scholes (exp, log, sqrt and an
// erf-like normal CDF) and an N-body step (float4, rsqrt). They measure
// how well the math builtins vectorise inside the work-item loops.
#include "kernel_row.h"
#include "row_helpers.h"

#include <cmath>

namespace bench {
namespace {

/// Reference normal cumulative distribution, in double.
double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

class BlackScholes : public KernelRow {
public:
  std::string name() const override { return "Black-Scholes (4M options)"; }
  // Per option: about 60 flops (the CDF's exp and the log, sqrt, exp).
  double work() const override { return 60.0 * kN; }
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    spot_.resize(kN);
    strike_.resize(kN);
    years_.resize(kN);
    for (size_t i = 0; i < kN; ++i) {
      spot_[i] = 5.0f + float(i % 9973) * 0.0025f;
      strike_[i] = 1.0f + float(i % 7919) * 0.01f;
      years_[i] = 0.25f + float(i % 101) * 0.1f;
    }
    // The CDF through erfc, as a library implementation would write it.
    compile(d, R"(
      float cdf(float x) { return 0.5f * erfc(-x * 0.70710678f); }
      kernel void black_scholes(global const float *spot, global const float *strike,
                                global const float *years, global float *call,
                                global float *put, float rate, float volatility) {
        size_t i = get_global_id(0);
        float s = spot[i], k = strike[i], t = years[i];
        float sqrtT = sqrt(t);
        float d1 = (log(s / k) + (rate + 0.5f * volatility * volatility) * t) /
                   (volatility * sqrtT);
        float d2 = d1 - volatility * sqrtT;
        float discounted = k * exp(-rate * t);
        call[i] = s * cdf(d1) - discounted * cdf(d2);
        put[i] = discounted * cdf(-d2) - s * cdf(-d1);
      })",
            "black_scholes");
    cl_mem spot = buffer(kN * 4, spot_.data()), strike = buffer(kN * 4, strike_.data()),
           years = buffer(kN * 4, years_.data());
    call = buffer(kN * 4);
    put = buffer(kN * 4);
    setArgs(spot, strike, years, call, put, kRate, kVolatility);
  }
  void run() override {
    size_t n = kN;
    d_->runKernel(kernel_, 1, &n, nullptr, "black_scholes");
  }
  bool verify() override {
    std::vector<float> calls = d_->read<float>(call, kN), puts = d_->read<float>(put, kN);
    return checkEvery(101, kN, [&](size_t i) {
      double s = spot_[i], k = strike_[i], t = years_[i];
      double d1 = (std::log(s / k) + (kRate + 0.5 * kVolatility * kVolatility) * t) /
                  (kVolatility * std::sqrt(t));
      double d2 = d1 - kVolatility * std::sqrt(t);
      double discounted = k * std::exp(-kRate * t);
      double c = s * normalCdf(d1) - discounted * normalCdf(d2);
      double p = discounted * normalCdf(-d2) - s * normalCdf(-d1);
      // Float evaluation: cancellation between the two terms costs digits.
      double tolerance = 1e-3 * (s + k);
      return std::fabs(calls[i] - c) <= tolerance && std::fabs(puts[i] - p) <= tolerance;
    });
  }

private:
  static constexpr size_t kN = 4u << 20;
  static constexpr float kRate = 0.02f, kVolatility = 0.3f;
  std::vector<float> spot_, strike_, years_;
  cl_mem call = nullptr, put = nullptr;
};

/// The N-body step as bench/ first wrote it, and (`guarded`) the way most
/// code is written: a global size rounded up to the group size and a
/// bounds check that returns early.
class NBody : public KernelRow {
public:
  explicit NBody(bool guarded = false) : guarded_(guarded) {}
  std::string name() const override {
    return guarded_ ? "N-body step, bounds guard and early return (16K bodies)"
                    : "N-body step (16K bodies, float4, rsqrt)";
  }
  // 20 flops per interaction, the usual count.
  double work() const override { return 20.0 * double(kN) * kN; }
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    bodies_.resize(4 * kN);
    for (size_t i = 0; i < kN; ++i) {
      bodies_[4 * i + 0] = float((i * 7919) % 1000) * 0.01f;
      bodies_[4 * i + 1] = float((i * 104729) % 1000) * 0.01f;
      bodies_[4 * i + 2] = float((i * 1299709) % 1000) * 0.01f;
      bodies_[4 * i + 3] = 1.0f + float(i % 10) * 0.1f; // mass
    }
    // The two kernels differ only in how they find their body.
    std::string source = R"(
      kernel void nbody(global const float4 *pos, global float4 *acc, int n, float soft) {)";
    source += guarded_ ? R"(
        int i = get_global_id(0);
        if (i >= n)
          return;)"
                       : R"(
        size_t i = get_global_id(0);)";
    source += R"(
        float4 p = pos[i];
        float3 a = (float3)(0.0f);
        for (int j = 0; j < n; ++j) {
          float4 q = pos[j];
          float3 r = q.xyz - p.xyz;
          float inv = rsqrt(dot(r, r) + soft);
          a += r * (q.w * inv * inv * inv);
        }
        acc[i] = (float4)(a, 0.0f);
      })";
    compile(d, source, "nbody");
    cl_mem pos = buffer(kN * 16, bodies_.data());
    acc = buffer(kN * 16);
    setArgs(pos, acc, int(kN), kSoftening);
  }
  void run() override {
    // Guarded: 100 work-items past the end, in groups of 128.
    size_t n = guarded_ ? (kN + 100 + 127) / 128 * 128 : kN, local = 128;
    d_->runKernel(kernel_, 1, &n, guarded_ ? &local : nullptr, "nbody");
  }
  bool verify() override {
    std::vector<float> out = d_->read<float>(acc, 4 * kN);
    return checkEvery(1021, kN, [&](size_t i) {
      double a[3] = {0, 0, 0}, magnitude = 0;
      for (size_t j = 0; j < kN; ++j) {
        double r[3];
        for (int c = 0; c < 3; ++c)
          r[c] = double(bodies_[4 * j + c]) - bodies_[4 * i + c];
        double inv = 1 / std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + kSoftening);
        for (int c = 0; c < 3; ++c) {
          a[c] += r[c] * bodies_[4 * j + 3] * inv * inv * inv;
          magnitude += std::fabs(r[c] * bodies_[4 * j + 3] * inv * inv * inv);
        }
      }
      // Float sums of 16K terms: relative to the sum of magnitudes.
      for (int c = 0; c < 3; ++c)
        if (std::fabs(out[4 * i + c] - a[c]) > 1e-4 * magnitude + 1e-4)
          return false;
      return true;
    });
  }

private:
  static constexpr size_t kN = 16384;
  static constexpr float kSoftening = 0.01f;
  bool guarded_;
  std::vector<float> bodies_;
  cl_mem acc = nullptr;
};

} // namespace

void addMathBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<BlackScholes>());
  addRows<NBody>(list, /*guarded=*/false, true);
}

} // namespace bench
