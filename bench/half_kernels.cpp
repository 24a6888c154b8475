// Half precision (cl_khr_fp16): the float rows "saxpy (16M floats)" and
// "SGEMM tiled 16x16 (N=1024)" (kernels.cpp) written in half, the same
// sizes and shapes, so the two read side by side: SAXPY is memory-bound
// (half moves half the bytes), the GEMM compute-bound (half is computed
// in float lanes and rounded after every operation). PoCL's device
// reports no cl_khr_fp16, so these rows run on CoreCL alone (n/a for PoCL).
#include "kernel_row.h"
#include "row_helpers.h"

#include <CL/cl.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace bench {
namespace {

/// A normal half's bits from its float value (the rows' values are small
/// multiples of 1/8, so every sum they form is exact in half).
uint16_t halfBits(float v) {
  if (v == 0)
    return std::signbit(v) ? 0x8000 : 0;
  int e;
  float m = std::frexp(std::fabs(v), &e); // v = m 2^e, m in [0.5, 1)
  uint16_t bits = uint16_t((e + 14) << 10 | (uint16_t(m * 2048) & 0x3ff));
  return v < 0 ? bits | 0x8000 : bits;
}

/// Halves as raw bits in host memory.
std::vector<uint16_t> halvesOf(const std::vector<float> &v) {
  std::vector<uint16_t> out(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    out[i] = halfBits(v[i]);
  return out;
}

/// y = a * x + y over 16M halves.
class HalfSaxpy : public KernelRow {
public:
  std::string name() const override { return "saxpy in half (16M halves)"; }
  double work() const override { return 3.0 * 2 * kN; } // bytes: read x, y; write y
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override { return hasFeature(d, "__opencl_c_fp16"); }
  void setUp(const Driver &d) override {
    compile(d, R"(
      #pragma OPENCL EXTENSION cl_khr_fp16 : enable
      kernel void saxpy(half a, global const half *x, global half *y) {
        size_t i = get_global_id(0);
        y[i] = a * x[i] + y[i];
      })",
            "saxpy");
    x_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      x_[i] = float(int(i % 8) - 4) / 4;
    std::vector<uint16_t> zeros(kN, 0);
    y_ = buffer(kN * 2, zeros.data());
    setArgs(halfBits(0.5f), buffer(kN * 2, halvesOf(x_).data()), y_);
    runs_ = 0;
  }
  void run() override {
    size_t global = kN;
    d_->runKernel(kernel_, 1, &global, nullptr, "saxpy");
    ++runs_;
  }
  bool verify() override {
    // After `runs` runs from zero y = runs * x / 2, a multiple of 1/8:
    // exact in half below 256.
    std::vector<uint16_t> y = d_->read<uint16_t>(y_, kN);
    for (size_t i = 0; i < kN; i += 4099) {
      float expected = float(runs_) * 0.5f * x_[i];
      if (std::fabs(expected) < 256 && y[i] != halfBits(expected))
        return false;
    }
    return true;
  }

private:
  static constexpr size_t kN = 16u << 20;
  std::vector<float> x_;
  cl_mem y_ = nullptr;
  size_t runs_ = 0;
};

/// C = A B for 1024 x 1024 half matrices, 16 x 16 tiles in local memory,
/// each work-item one element of C: the tiled SGEMM row's kernel in half.
class HalfTiledGemm : public KernelRow {
public:
  std::string name() const override { return "GEMM in half, tiled 16x16 (N=1024)"; }
  double work() const override { return 2.0 * kN * kN * kN; }
  bool isFlops() const override { return true; }
  bool supportedBy(const Driver &d) const override { return hasFeature(d, "__opencl_c_fp16"); }
  void setUp(const Driver &d) override {
    compile(d, R"(
      #pragma OPENCL EXTENSION cl_khr_fp16 : enable
      #define T 16
      kernel void hgemm(int n, global const half *A, global const half *B, global half *C) {
        local half As[T][T], Bs[T][T];
        int tx = get_local_id(0), ty = get_local_id(1);
        int col = get_global_id(0), row = get_global_id(1);
        half acc = 0.0h;
        for (int t = 0; t < n; t += T) {
          As[ty][tx] = A[row * n + t + tx];
          Bs[ty][tx] = B[(t + ty) * n + col];
          barrier(CLK_LOCAL_MEM_FENCE);
          for (int k = 0; k < T; ++k)
            acc += As[ty][k] * Bs[k][tx];
          barrier(CLK_LOCAL_MEM_FENCE);
        }
        C[row * n + col] = acc;
      })",
            "hgemm");
    // Entries in {-1, -1/2, 0, 1/2, 1}: every partial sum is a multiple of
    // 1/4 below 2^9 in magnitude, exact in half.
    a_.resize(kN * kN);
    b_.resize(kN * kN);
    for (size_t i = 0; i < kN * kN; ++i) {
      a_[i] = float(int((i * 2654435761u >> 7) % 5) - 2) / 2;
      b_[i] = float(int((i * 40503u >> 5) % 5) - 2) / 2;
    }
    c_ = buffer(kN * kN * 2);
    setArgs(cl_int(kN), buffer(kN * kN * 2, halvesOf(a_).data()),
            buffer(kN * kN * 2, halvesOf(b_).data()), c_);
  }
  void run() override {
    size_t global[2] = {kN, kN}, local[2] = {16, 16};
    d_->runKernel(kernel_, 2, global, local, "hgemm");
  }
  bool verify() override {
    std::vector<uint16_t> c = d_->read<uint16_t>(c_, kN * kN);
    for (size_t row = 0; row < kN; row += 61)
      for (size_t col = 0; col < kN; col += 37) {
        float expected = 0;
        for (size_t k = 0; k < kN; ++k)
          expected += a_[row * kN + k] * b_[k * kN + col];
        if (c[row * kN + col] != halfBits(expected))
          return false;
      }
    return true;
  }

private:
  static constexpr size_t kN = 1024;
  std::vector<float> a_, b_;
  cl_mem c_ = nullptr;
};

} // namespace

void addHalfBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<HalfSaxpy>());
  list.push_back(std::make_unique<HalfTiledGemm>());
}

} // namespace bench
