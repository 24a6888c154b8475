#include "kernels.h"

#include <cmath>
#include <cstdio>

namespace bench {
namespace {

class Saxpy : public Benchmark {
public:
  std::string name() const override { return "saxpy (16M floats)"; }
  double work() const override { return 3.0 * 4 * kN; } // bytes: read x, y, write y
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    d_ = &d;
    x_.resize(kN);
    y_.resize(kN);
    for (size_t i = 0; i < kN; ++i) {
      x_[i] = float(i % 1000) * 0.001f;
      y_[i] = float(i % 7);
    }
    program_ = d.build(R"(
      kernel void saxpy(float a, global const float *x, global float *y) {
        size_t i = get_global_id(0);
        y[i] = a * x[i] + y[i];
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "saxpy", &err);
    check(err, "clCreateKernel");
    x = d.buffer(kN * 4, x_.data());
    y = d.buffer(kN * 4, y_.data());
    float a = 2.0f;
    clSetKernelArg(kernel_, 0, sizeof a, &a);
    clSetKernelArg(kernel_, 1, sizeof x, &x);
    clSetKernelArg(kernel_, 2, sizeof y, &y);
    runs_ = 0;
  }
  void run() override {
    size_t n = kN;
    check(clEnqueueNDRangeKernel(d_->queue, kernel_, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
          "saxpy");
    check(clFinish(d_->queue), "clFinish");
    ++runs_;
  }
  bool verify() override {
    std::vector<float> out(kN);
    check(clEnqueueReadBuffer(d_->queue, y, CL_TRUE, 0, kN * 4, out.data(), 0, nullptr, nullptr),
          "read");
    for (size_t i = 0; i < kN; i += 997) {
      float expected = y_[i];
      for (int r = 0; r < runs_; ++r)
        expected = std::fma(2.0f, x_[i], expected);
      if (std::fabs(out[i] - expected) > 1e-3f * std::fabs(expected) + 1e-3f)
        return false;
    }
    return true;
  }
  void tearDown() override {
    clReleaseMemObject(x);
    clReleaseMemObject(y);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  static constexpr size_t kN = 16u << 20;
  const Driver *d_ = nullptr;
  std::vector<float> x_, y_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem x = nullptr, y = nullptr;
  int runs_ = 0;
};

class TiledSgemm : public Benchmark {
public:
  std::string name() const override { return "SGEMM tiled 16x16 (N=1024)"; }
  double work() const override { return 2.0 * kN * kN * kN; }
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    d_ = &d;
    a_.resize(kN * kN);
    b_.resize(kN * kN);
    for (size_t i = 0; i < kN * kN; ++i) {
      a_[i] = float((i * 7) % 13) * 0.1f - 0.6f;
      b_[i] = float((i * 5) % 11) * 0.1f - 0.5f;
    }
    program_ = d.build(R"(
      #define T 16
      kernel void sgemm(int n, global const float *A, global const float *B, global float *C) {
        local float As[T][T], Bs[T][T];
        int tx = get_local_id(0), ty = get_local_id(1);
        int col = get_global_id(0), row = get_global_id(1);
        float acc = 0.0f;
        for (int t = 0; t < n; t += T) {
          As[ty][tx] = A[row * n + t + tx];
          Bs[ty][tx] = B[(t + ty) * n + col];
          barrier(CLK_LOCAL_MEM_FENCE);
          for (int k = 0; k < T; ++k)
            acc += As[ty][k] * Bs[k][tx];
          barrier(CLK_LOCAL_MEM_FENCE);
        }
        C[row * n + col] = acc;
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "sgemm", &err);
    check(err, "clCreateKernel");
    A = d.buffer(kN * kN * 4, a_.data());
    B = d.buffer(kN * kN * 4, b_.data());
    C = d.buffer(kN * kN * 4);
    int n = int(kN);
    clSetKernelArg(kernel_, 0, sizeof n, &n);
    clSetKernelArg(kernel_, 1, sizeof A, &A);
    clSetKernelArg(kernel_, 2, sizeof B, &B);
    clSetKernelArg(kernel_, 3, sizeof C, &C);
  }
  void run() override {
    size_t global[2] = {kN, kN}, local[2] = {16, 16};
    check(clEnqueueNDRangeKernel(d_->queue, kernel_, 2, nullptr, global, local, 0, nullptr,
                                 nullptr),
          "sgemm");
    check(clFinish(d_->queue), "clFinish");
  }
  bool verify() override {
    std::vector<float> out(kN * kN);
    check(clEnqueueReadBuffer(d_->queue, C, CL_TRUE, 0, kN * kN * 4, out.data(), 0, nullptr,
                              nullptr),
          "read");
    for (size_t row = 0; row < kN; row += 61)
      for (size_t col = 0; col < kN; col += 67) {
        double expected = 0;
        for (size_t k = 0; k < kN; ++k)
          expected += double(a_[row * kN + k]) * b_[k * kN + col];
        if (std::fabs(out[row * kN + col] - expected) > 1e-2 * (1 + std::fabs(expected)))
          return false;
      }
    return true;
  }
  void tearDown() override {
    clReleaseMemObject(A);
    clReleaseMemObject(B);
    clReleaseMemObject(C);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  static constexpr size_t kN = 1024;
  const Driver *d_ = nullptr;
  std::vector<float> a_, b_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem A = nullptr, B = nullptr, C = nullptr;
};

} // namespace

std::vector<std::unique_ptr<Benchmark>> allBenchmarks() {
  std::vector<std::unique_ptr<Benchmark>> list;
  list.push_back(std::make_unique<Saxpy>());
  list.push_back(std::make_unique<TiledSgemm>());
  return list;
}

} // namespace bench
