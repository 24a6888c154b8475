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
    d_->runKernel(kernel_, 1, &n, nullptr, "saxpy");
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

/// C = A x B for N x N floats, verified on a sample of elements against a
/// double host reference. Tiled: 16x16 work-groups stage tiles of A and B
/// in __local memory between barriers. Blocked: the usual next step of a
/// hand-tuned OpenCL SGEMM, 32x4 work-groups staging 32x32 tiles, each
/// work-item accumulating a column of 8 elements of C in private variables
/// (a register block), so that each element of B read from local memory
/// feeds 8 multiply-adds. Naive: one work-item per element of C and the
/// driver's choice of work-group (dimension 0 runs along a row of C:
/// consecutive work-items read consecutive elements of B).
class Sgemm : public Benchmark {
public:
  enum class Kind { Naive, NaiveGuarded, Tiled, Blocked };
  explicit Sgemm(Kind kind)
      : kind_(kind), n_(kind == Kind::Naive ? 512 : kind == Kind::NaiveGuarded ? 500 : 1024) {}
  std::string name() const override {
    // The naive one at N=512: N=1024 takes seconds per run on 2 cores.
    switch (kind_) {
    case Kind::Tiled:
      return "SGEMM tiled 16x16 (N=1024)";
    case Kind::Blocked:
      return "SGEMM tiled 32x32, 8 outputs per work-item (N=1024)";
    case Kind::NaiveGuarded:
      return "SGEMM naive, bounds guard (N=500, 16x16 groups)";
    default:
      return "SGEMM naive, no local memory (N=512)";
    }
  }
  double work() const override { return 2.0 * n_ * n_ * n_; }
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    d_ = &d;
    a_.resize(n_ * n_);
    b_.resize(n_ * n_);
    for (size_t i = 0; i < n_ * n_; ++i) {
      a_[i] = float((i * 7) % 13) * 0.1f - 0.6f;
      b_[i] = float((i * 5) % 11) * 0.1f - 0.5f;
    }
    program_ = d.build(kind_ == Kind::Blocked ? R"(
      #define T 32
      #define RY 4
      #define R (T / RY)
      kernel void sgemm(int n, global const float *A, global const float *B, global float *C) {
        local float As[T][T], Bs[T][T];
        int tx = get_local_id(0), ty = get_local_id(1);
        int col = get_global_id(0), rowBase = get_group_id(1) * T;
        float acc[R];
        for (int r = 0; r < R; ++r)
          acc[r] = 0.0f;
        for (int t = 0; t < n; t += T) {
          for (int r = 0; r < R; ++r) {
            As[ty + RY * r][tx] = A[(rowBase + ty + RY * r) * n + t + tx];
            Bs[ty + RY * r][tx] = B[(t + ty + RY * r) * n + col];
          }
          barrier(CLK_LOCAL_MEM_FENCE);
          #pragma unroll
          for (int k = 0; k < T; ++k) {
            float b = Bs[k][tx];
            for (int r = 0; r < R; ++r)
              acc[r] += As[ty + RY * r][k] * b;
          }
          barrier(CLK_LOCAL_MEM_FENCE);
        }
        for (int r = 0; r < R; ++r)
          C[(rowBase + ty + RY * r) * n + col] = acc[r];
      })"
                       : kind_ == Kind::Tiled ? R"(
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
      })"
                              : kind_ == Kind::NaiveGuarded ? R"(
      kernel void sgemm(int n, global const float *A, global const float *B, global float *C) {
        int col = get_global_id(0), row = get_global_id(1);
        if (col >= n || row >= n)
          return;
        float acc = 0.0f;
        for (int k = 0; k < n; ++k)
          acc += A[row * n + k] * B[k * n + col];
        C[row * n + col] = acc;
      })"
                              : R"(
      kernel void sgemm(int n, global const float *A, global const float *B, global float *C) {
        int col = get_global_id(0), row = get_global_id(1);
        float acc = 0.0f;
        for (int k = 0; k < n; ++k)
          acc += A[row * n + k] * B[k * n + col];
        C[row * n + col] = acc;
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "sgemm", &err);
    check(err, "clCreateKernel");
    A = d.buffer(n_ * n_ * 4, a_.data());
    B = d.buffer(n_ * n_ * 4, b_.data());
    C = d.buffer(n_ * n_ * 4);
    int n = int(n_);
    clSetKernelArg(kernel_, 0, sizeof n, &n);
    clSetKernelArg(kernel_, 1, sizeof A, &A);
    clSetKernelArg(kernel_, 2, sizeof B, &B);
    clSetKernelArg(kernel_, 3, sizeof C, &C);
  }
  void run() override {
    if (kind_ == Kind::Blocked) {
      size_t global[2] = {n_, n_ / 8}, local[2] = {32, 4};
      d_->runKernel(kernel_, 2, global, local, "sgemm");
      return;
    }
    if (kind_ == Kind::NaiveGuarded) {
      size_t rounded = (n_ + 15) / 16 * 16;
      size_t global[2] = {rounded, rounded}, local[2] = {16, 16};
      d_->runKernel(kernel_, 2, global, local, "sgemm");
      return;
    }
    size_t global[2] = {n_, n_}, local[2] = {16, 16};
    d_->runKernel(kernel_, 2, global, kind_ == Kind::Tiled ? local : nullptr, "sgemm");
  }
  bool verify() override {
    std::vector<float> out(n_ * n_);
    check(clEnqueueReadBuffer(d_->queue, C, CL_TRUE, 0, n_ * n_ * 4, out.data(), 0, nullptr,
                              nullptr),
          "read");
    // A sample of elements: the full product on the host would take longer
    // than the benchmark.
    for (size_t row = 0; row < n_; row += 61)
      for (size_t col = 0; col < n_; col += 67) {
        double expected = 0;
        for (size_t k = 0; k < n_; ++k)
          expected += double(a_[row * n_ + k]) * b_[k * n_ + col];
        if (std::fabs(out[row * n_ + col] - expected) > 1e-2 * (1 + std::fabs(expected)))
          return false;
      }
    return true;
  }
  void tearDown() override {
    for (cl_mem m : {A, B, C})
      clReleaseMemObject(m);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  Kind kind_;
  size_t n_;
  const Driver *d_ = nullptr;
  std::vector<float> a_, b_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem A = nullptr, B = nullptr, C = nullptr;
};

class Mandelbrot : public Benchmark {
public:
  std::string name() const override { return "Mandelbrot 1024x1024 (divergent loops)"; }
  double work() const override { return double(kW) * kH; } // pixels
  bool isFlops() const override { return false; }
  std::string rateUnit() const override { return "Gpixel/s"; }
  void setUp(const Driver &d) override {
    d_ = &d;
    program_ = d.build(R"(
      kernel void mandelbrot(global int *out, float x0, float y0, float step, int maxIter) {
        int px = get_global_id(0), py = get_global_id(1);
        float cr = x0 + px * step, ci = y0 + py * step, zr = 0.0f, zi = 0.0f;
        int n = 0;
        while (n < maxIter && zr * zr + zi * zi <= 4.0f) {
          float t = zr * zr - zi * zi + cr;
          zi = 2.0f * zr * zi + ci;
          zr = t;
          ++n;
        }
        out[py * get_global_size(0) + px] = n;
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "mandelbrot", &err);
    check(err, "clCreateKernel");
    out_ = d.buffer(size_t(kW) * kH * 4);
    float x0 = -2.2f, y0 = -1.6f, step = 3.2f / kW;
    int iters = kIter;
    clSetKernelArg(kernel_, 0, sizeof out_, &out_);
    clSetKernelArg(kernel_, 1, sizeof x0, &x0);
    clSetKernelArg(kernel_, 2, sizeof y0, &y0);
    clSetKernelArg(kernel_, 3, sizeof step, &step);
    clSetKernelArg(kernel_, 4, sizeof iters, &iters);
  }
  void run() override {
    size_t global[2] = {kW, kH};
    d_->runKernel(kernel_, 2, global, nullptr, "mandelbrot");
  }
  bool verify() override {
    std::vector<int> out(size_t(kW) * kH);
    check(clEnqueueReadBuffer(d_->queue, out_, CL_TRUE, 0, out.size() * 4, out.data(), 0,
                              nullptr, nullptr),
          "read");
    // Fused multiply-adds may move boundary pixels by an iteration or so;
    // count clear disagreements with the host on a sample.
    size_t bad = 0, checked = 0;
    for (int y = 0; y < kH; y += 7)
      for (int x = 0; x < kW; x += 7, ++checked) {
        float cr = -2.2f + x * (3.2f / kW), ci = -1.6f + y * (3.2f / kW), zr = 0, zi = 0;
        int n = 0;
        while (n < kIter && zr * zr + zi * zi <= 4.0f) {
          float t = zr * zr - zi * zi + cr;
          zi = 2.0f * zr * zi + ci;
          zr = t;
          ++n;
        }
        bad += out[size_t(y) * kW + x] != n;
      }
    return bad * 100 < checked; // under 1 %
  }
  void tearDown() override {
    clReleaseMemObject(out_);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  static constexpr int kW = 1024, kH = 1024, kIter = 256;
  const Driver *d_ = nullptr;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem out_ = nullptr;
};

class Reduction : public Benchmark {
public:
  std::string name() const override { return "reduction, local memory + barriers (16M)"; }
  double work() const override { return 4.0 * kN; }
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    d_ = &d;
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = float(i % 17) * 0.25f;
    program_ = d.build(R"(
      kernel void reduce(global const float *in, global float *out, local float *scratch) {
        size_t lid = get_local_id(0);
        scratch[lid] = in[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
          if (lid < s)
            scratch[lid] += scratch[lid + s];
          barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (lid == 0)
          out[get_group_id(0)] = scratch[0];
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "reduce", &err);
    check(err, "clCreateKernel");
    in = d.buffer(kN * 4, in_.data());
    out = d.buffer(kN / kLocal * 4);
    clSetKernelArg(kernel_, 0, sizeof in, &in);
    clSetKernelArg(kernel_, 1, sizeof out, &out);
    clSetKernelArg(kernel_, 2, kLocal * 4, nullptr);
  }
  void run() override {
    size_t global = kN, local = kLocal;
    d_->runKernel(kernel_, 1, &global, &local, "reduce");
  }
  bool verify() override {
    std::vector<float> sums(kN / kLocal);
    check(clEnqueueReadBuffer(d_->queue, out, CL_TRUE, 0, sums.size() * 4, sums.data(), 0,
                              nullptr, nullptr),
          "read");
    for (size_t g = 0; g < sums.size(); g += 13) {
      double expected = 0;
      for (size_t i = 0; i < kLocal; ++i)
        expected += in_[g * kLocal + i];
      if (std::fabs(sums[g] - expected) > 1e-3 * (1 + expected))
        return false;
    }
    return true;
  }
  void tearDown() override {
    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  static constexpr size_t kN = 16u << 20, kLocal = 256;
  const Driver *d_ = nullptr;
  std::vector<float> in_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem in = nullptr, out = nullptr;
};

} // namespace

std::vector<std::unique_ptr<Benchmark>> allBenchmarks() {
  std::vector<std::unique_ptr<Benchmark>> list;
  addStreamBenchmarks(list);
  list.push_back(std::make_unique<Saxpy>());
  list.push_back(std::make_unique<Sgemm>(Sgemm::Kind::Tiled));
  list.push_back(std::make_unique<Sgemm>(Sgemm::Kind::Blocked));
  list.push_back(std::make_unique<Sgemm>(Sgemm::Kind::Naive));
  list.push_back(std::make_unique<Sgemm>(Sgemm::Kind::NaiveGuarded));
  addComputeBenchmarks(list);
  list.push_back(std::make_unique<Reduction>());
  addLocalMemoryBenchmarks(list);
  list.push_back(std::make_unique<Mandelbrot>());
  addShapeBenchmarks(list);
  addPrivateArrayBenchmarks(list);
  addBuildBenchmarks(list);
  addMathBenchmarks(list);
  addClblastBenchmarks(list);
  addTransferBenchmarks(list);
  addOverheadBenchmarks(list);
  addConcurrencyBenchmarks(list);
  return list;
}

} // namespace bench
