// Bandwidth kernels: copy and STREAM's triad over large float buffers,
// whose rates compare with the plain C++ STREAM triad (limits.cpp).
#include "kernels.h"

#include <cmath>

namespace bench {
namespace {

class StreamKernel : public Benchmark {
public:
  /// `triad`: a = b + s * c (three arrays); otherwise copy: a = b (two).
  explicit StreamKernel(bool triad) : triad_(triad) {}
  std::string name() const override {
    return triad_ ? "triad a = b + s*c (3 x 128 MB)" : "copy a = b (2 x 128 MB)";
  }
  double work() const override { return (triad_ ? 3.0 : 2.0) * 4 * kN; }
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    d_ = &d;
    b_.resize(kN);
    c_.resize(kN);
    for (size_t i = 0; i < kN; ++i) {
      b_[i] = float(i % 1024);
      c_[i] = float(i % 3);
    }
    program_ = d.build(R"(
      kernel void copy(global float *a, global const float *b) {
        size_t i = get_global_id(0);
        a[i] = b[i];
      }
      kernel void triad(global float *a, global const float *b, global const float *c,
                        float s) {
        size_t i = get_global_id(0);
        a[i] = b[i] + s * c[i];
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, triad_ ? "triad" : "copy", &err);
    check(err, "clCreateKernel");
    a = d.buffer(kN * 4);
    b = d.buffer(kN * 4, b_.data());
    c = d.buffer(kN * 4, c_.data());
    clSetKernelArg(kernel_, 0, sizeof a, &a);
    clSetKernelArg(kernel_, 1, sizeof b, &b);
    if (triad_) {
      clSetKernelArg(kernel_, 2, sizeof c, &c);
      clSetKernelArg(kernel_, 3, sizeof kScalar, &kScalar);
    }
  }
  void run() override {
    size_t n = kN;
    d_->runKernel(kernel_, 1, &n, nullptr, "stream");
  }
  bool verify() override {
    std::vector<float> out(kN);
    check(clEnqueueReadBuffer(d_->queue, a, CL_TRUE, 0, kN * 4, out.data(), 0, nullptr, nullptr),
          "read");
    for (size_t i = 0; i < kN; i += 97) {
      float expected = triad_ ? b_[i] + kScalar * c_[i] : b_[i];
      if (out[i] != expected)
        return false;
    }
    return true;
  }
  void tearDown() override {
    for (cl_mem m : {a, b, c})
      clReleaseMemObject(m);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  // 128 MB per array, several times any last-level cache.
  static constexpr size_t kN = 32u << 20;
  static constexpr float kScalar = 3.0f;
  bool triad_;
  const Driver *d_ = nullptr;
  std::vector<float> b_, c_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem a = nullptr, b = nullptr, c = nullptr;
};

} // namespace

void addStreamBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<StreamKernel>(false));
  list.push_back(std::make_unique<StreamKernel>(true));
}

} // namespace bench
