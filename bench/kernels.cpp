#include "escape_time.h"
#include "kernel_row.h"
#include "row_helpers.h"

#include <cmath>

namespace bench {
namespace {

class Saxpy : public KernelRow {
public:
  std::string name() const override { return "saxpy (16M floats)"; }
  double work() const override { return 3.0 * 4 * kN; } // bytes: read x, y, write y
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    x_.resize(kN);
    y_.resize(kN);
    for (size_t i = 0; i < kN; ++i) {
      x_[i] = float(i % 1000) * 0.001f;
      y_[i] = float(i % 7);
    }
    compile(d, R"(
      kernel void saxpy(float a, global const float *x, global float *y) {
        size_t i = get_global_id(0);
        y[i] = a * x[i] + y[i];
      })",
            "saxpy");
    y = buffer(kN * 4, y_.data());
    setArgs(kA, buffer(kN * 4, x_.data()), y);
    runs_ = 0;
  }
  void run() override {
    size_t n = kN;
    d_->runKernel(kernel_, 1, &n, nullptr, "saxpy");
    ++runs_;
  }
  bool verify() override {
    std::vector<float> out = d_->read<float>(y, kN);
    return checkEvery(997, kN, [&](size_t i) {
      float expected = y_[i];
      for (int r = 0; r < runs_; ++r)
        expected = std::fma(kA, x_[i], expected);
      return near(out[i], expected, 1e-3);
    });
  }

private:
  static constexpr size_t kN = 16u << 20;
  static constexpr float kA = 2.0f;
  std::vector<float> x_, y_;
  cl_mem y = nullptr;
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
class Sgemm : public KernelRow {
public:
  enum class Kind { Naive, NaiveGuarded, Tiled, Blocked };
  explicit Sgemm(Kind kind)
      : kind_(kind), n_(kind == Kind::Naive ? 512 : kind == Kind::NaiveGuarded ? 500 : 1024) {}
  std::string name() const override {
    // The naive one at N=512: N=1024 takes seconds per run on 2 cores.
    static const char *const names[] = {
        "SGEMM naive, no local memory (N=512)", "SGEMM naive, bounds guard (N=500, 16x16 groups)",
        "SGEMM tiled 16x16 (N=1024)", "SGEMM tiled 32x32, 8 outputs per work-item (N=1024)"};
    return names[int(kind_)];
  }
  double work() const override { return 2.0 * n_ * n_ * n_; }
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    a_.resize(n_ * n_);
    b_.resize(n_ * n_);
    for (size_t i = 0; i < n_ * n_; ++i) {
      a_[i] = float((i * 7) % 13) * 0.1f - 0.6f;
      b_[i] = float((i * 5) % 11) * 0.1f - 0.5f;
    }
    compile(d,
            kind_ == Kind::Blocked        ? R"(
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
            : kind_ == Kind::Tiled        ? R"(
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
      })",
            "sgemm");
    C = buffer(n_ * n_ * 4);
    setArgs(int(n_), buffer(n_ * n_ * 4, a_.data()), buffer(n_ * n_ * 4, b_.data()), C);
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
    std::vector<float> out = d_->read<float>(C, n_ * n_);
    // A sample of elements: the full product on the host would take longer
    // than the benchmark.
    for (size_t row = 0; row < n_; row += 61)
      for (size_t col = 0; col < n_; col += 67) {
        double expected = 0;
        for (size_t k = 0; k < n_; ++k)
          expected += double(a_[row * n_ + k]) * b_[k * n_ + col];
        if (!near(out[row * n_ + col], expected, 1e-2))
          return false;
      }
    return true;
  }

private:
  Kind kind_;
  size_t n_;
  std::vector<float> a_, b_;
  cl_mem C = nullptr;
};

/// The README demo's kernel (examples/mandelbrot.c), over a square.
class Mandelbrot : public KernelRow {
public:
  std::string name() const override { return "Mandelbrot 1024x1024 (divergent loops)"; }
  double work() const override { return double(kW) * kH; } // pixels
  bool isFlops() const override { return false; }
  std::string rateUnit() const override { return "Gpixel/s"; }
  void setUp(const Driver &d) override {
    compile(d, R"(
      kernel void mandelbrot(global int *out, float x0, float y0, float step, int maxIter) {
        int px = get_global_id(0), py = get_global_id(1);
        float cr = x0 + px * step, ci = y0 + py * step, zr = 0.0f, zi = 0.0f;
        )" ESCAPE_TIME_TEXT(maxIter) R"(
        out[py * get_global_size(0) + px] = n;
      })",
            "mandelbrot");
    out_ = buffer(size_t(kW) * kH * 4);
    setArgs(out_, -2.2f, -1.6f, 3.2f / kW, int(kIter));
  }
  void run() override {
    size_t global[2] = {kW, kH};
    d_->runKernel(kernel_, 2, global, nullptr, "mandelbrot");
  }
  bool verify() override {
    std::vector<int> out = d_->read<int>(out_, size_t(kW) * kH);
    // Fused multiply-adds may move boundary pixels by an iteration or so;
    // count clear disagreements with the host on a sample.
    size_t bad = 0, checked = 0;
    for (int y = 0; y < kH; y += 7)
      for (int x = 0; x < kW; x += 7, ++checked) {
        float cr = -2.2f + x * (3.2f / kW), ci = -1.6f + y * (3.2f / kW), zr = 0, zi = 0;
        ESCAPE_TIME(kIter)
        bad += out[size_t(y) * kW + x] != n;
      }
    return bad * 100 < checked; // under 1 %
  }

private:
  static constexpr int kW = 1024, kH = 1024, kIter = 256;
  cl_mem out_ = nullptr;
};

class Reduction : public KernelRow {
public:
  std::string name() const override { return "reduction, local memory + barriers (16M)"; }
  double work() const override { return 4.0 * kN; }
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = float(i % 17) * 0.25f;
    compile(d, R"(
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
      })",
            "reduce");
    out = buffer(kN / kLocal * 4);
    setArgs(buffer(kN * 4, in_.data()), out, LocalBytes{kLocal * 4});
  }
  void run() override {
    size_t global = kN, local = kLocal;
    d_->runKernel(kernel_, 1, &global, &local, "reduce");
  }
  bool verify() override {
    std::vector<float> sums = d_->read<float>(out, kN / kLocal);
    return checkEvery(13, sums.size(), [&](size_t g) {
      double expected = 0; // non-negative terms
      for (size_t i = 0; i < kLocal; ++i)
        expected += in_[g * kLocal + i];
      return near(sums[g], expected, 1e-3);
    });
  }

private:
  static constexpr size_t kN = 16u << 20, kLocal = 256;
  std::vector<float> in_;
  cl_mem out = nullptr;
};

} // namespace

std::vector<std::unique_ptr<Benchmark>> allBenchmarks() {
  std::vector<std::unique_ptr<Benchmark>> list;
  addStreamBenchmarks(list);
  list.push_back(std::make_unique<Saxpy>());
  addRows<Sgemm>(list, Sgemm::Kind::Tiled, Sgemm::Kind::Blocked, Sgemm::Kind::Naive,
                 Sgemm::Kind::NaiveGuarded);
  addComputeBenchmarks(list);
  addImageBenchmarks(list);
  addCollectiveBenchmarks(list);
  addPipeBenchmarks(list);
  addDeviceEnqueueBenchmarks(list);
  addCommandBufferBenchmarks(list);
  addHalfBenchmarks(list);
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
