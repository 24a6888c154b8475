// Math-heavy benchmark kernels: Black-Scholes (exp, log, sqrt and an
// erf-like normal CDF) and an N-body step (float4, rsqrt). They measure
// how well the math builtins vectorise inside the work-item loops.
#include "kernels.h"

#include <cmath>

namespace bench {
namespace {

/// Reference normal cumulative distribution, in double.
double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

class BlackScholes : public Benchmark {
public:
  std::string name() const override { return "Black-Scholes (4M options)"; }
  // Per option: about 60 flops (the CDF's exp and the log, sqrt, exp).
  double work() const override { return 60.0 * kN; }
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    d_ = &d;
    spot_.resize(kN);
    strike_.resize(kN);
    years_.resize(kN);
    for (size_t i = 0; i < kN; ++i) {
      spot_[i] = 5.0f + float(i % 9973) * 0.0025f;
      strike_[i] = 1.0f + float(i % 7919) * 0.01f;
      years_[i] = 0.25f + float(i % 101) * 0.1f;
    }
    // The CDF through erfc, as a library implementation would write it.
    program_ = d.build(R"(
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
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "black_scholes", &err);
    check(err, "clCreateKernel");
    spot = d.buffer(kN * 4, spot_.data());
    strike = d.buffer(kN * 4, strike_.data());
    years = d.buffer(kN * 4, years_.data());
    call = d.buffer(kN * 4);
    put = d.buffer(kN * 4);
    cl_mem args[] = {spot, strike, years, call, put};
    for (cl_uint a = 0; a < 5; ++a)
      clSetKernelArg(kernel_, a, sizeof(cl_mem), &args[a]);
    clSetKernelArg(kernel_, 5, sizeof kRate, &kRate);
    clSetKernelArg(kernel_, 6, sizeof kVolatility, &kVolatility);
  }
  void run() override {
    size_t n = kN;
    d_->runKernel(kernel_, 1, &n, nullptr, "black_scholes");
  }
  bool verify() override {
    std::vector<float> calls(kN), puts(kN);
    check(clEnqueueReadBuffer(d_->queue, call, CL_TRUE, 0, kN * 4, calls.data(), 0, nullptr,
                              nullptr),
          "read");
    check(clEnqueueReadBuffer(d_->queue, put, CL_TRUE, 0, kN * 4, puts.data(), 0, nullptr, nullptr),
          "read");
    for (size_t i = 0; i < kN; i += 101) {
      double s = spot_[i], k = strike_[i], t = years_[i];
      double d1 = (std::log(s / k) + (kRate + 0.5 * kVolatility * kVolatility) * t) /
                  (kVolatility * std::sqrt(t));
      double d2 = d1 - kVolatility * std::sqrt(t);
      double discounted = k * std::exp(-kRate * t);
      double c = s * normalCdf(d1) - discounted * normalCdf(d2);
      double p = discounted * normalCdf(-d2) - s * normalCdf(-d1);
      // Float evaluation: cancellation between the two terms costs digits.
      double tolerance = 1e-3 * (s + k);
      if (std::fabs(calls[i] - c) > tolerance || std::fabs(puts[i] - p) > tolerance)
        return false;
    }
    return true;
  }
  void tearDown() override {
    for (cl_mem m : {spot, strike, years, call, put})
      clReleaseMemObject(m);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  static constexpr size_t kN = 4u << 20;
  static constexpr float kRate = 0.02f, kVolatility = 0.3f;
  const Driver *d_ = nullptr;
  std::vector<float> spot_, strike_, years_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem spot = nullptr, strike = nullptr, years = nullptr, call = nullptr, put = nullptr;
};

/// The N-body step as bench/ first wrote it, and (`guarded`) the way most
/// code is written: a global size rounded up to the group size and a
/// bounds check that returns early.
class NBody : public Benchmark {
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
    d_ = &d;
    bodies_.resize(4 * kN);
    for (size_t i = 0; i < kN; ++i) {
      bodies_[4 * i + 0] = float((i * 7919) % 1000) * 0.01f;
      bodies_[4 * i + 1] = float((i * 104729) % 1000) * 0.01f;
      bodies_[4 * i + 2] = float((i * 1299709) % 1000) * 0.01f;
      bodies_[4 * i + 3] = 1.0f + float(i % 10) * 0.1f; // mass
    }
    program_ = d.build(guarded_ ? R"(
      kernel void nbody(global const float4 *pos, global float4 *acc, int n, float soft) {
        int i = get_global_id(0);
        if (i >= n)
          return;
        float4 p = pos[i];
        float3 a = (float3)(0.0f);
        for (int j = 0; j < n; ++j) {
          float4 q = pos[j];
          float3 r = q.xyz - p.xyz;
          float inv = rsqrt(dot(r, r) + soft);
          a += r * (q.w * inv * inv * inv);
        }
        acc[i] = (float4)(a, 0.0f);
      })"
                                : R"(
      kernel void nbody(global const float4 *pos, global float4 *acc, int n, float soft) {
        size_t i = get_global_id(0);
        float4 p = pos[i];
        float3 a = (float3)(0.0f);
        for (int j = 0; j < n; ++j) {
          float4 q = pos[j];
          float3 r = q.xyz - p.xyz;
          float inv = rsqrt(dot(r, r) + soft);
          a += r * (q.w * inv * inv * inv);
        }
        acc[i] = (float4)(a, 0.0f);
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "nbody", &err);
    check(err, "clCreateKernel");
    pos = d.buffer(kN * 16, bodies_.data());
    acc = d.buffer(kN * 16);
    int n = int(kN);
    clSetKernelArg(kernel_, 0, sizeof pos, &pos);
    clSetKernelArg(kernel_, 1, sizeof acc, &acc);
    clSetKernelArg(kernel_, 2, sizeof n, &n);
    clSetKernelArg(kernel_, 3, sizeof kSoftening, &kSoftening);
  }
  void run() override {
    // Guarded: 100 work-items past the end, in groups of 128.
    size_t n = guarded_ ? (kN + 100 + 127) / 128 * 128 : kN, local = 128;
    d_->runKernel(kernel_, 1, &n, guarded_ ? &local : nullptr, "nbody");
  }
  bool verify() override {
    std::vector<float> out(4 * kN);
    check(clEnqueueReadBuffer(d_->queue, acc, CL_TRUE, 0, kN * 16, out.data(), 0, nullptr,
                              nullptr),
          "read");
    for (size_t i = 0; i < kN; i += 1021) {
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
    }
    return true;
  }
  void tearDown() override {
    clReleaseMemObject(pos);
    clReleaseMemObject(acc);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  static constexpr size_t kN = 16384;
  static constexpr float kSoftening = 0.01f;
  bool guarded_;
  const Driver *d_ = nullptr;
  std::vector<float> bodies_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem pos = nullptr, acc = nullptr;
};

} // namespace

void addMathBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<BlackScholes>());
  list.push_back(std::make_unique<NBody>());
  list.push_back(std::make_unique<NBody>(/*guarded=*/true));
}

} // namespace bench
