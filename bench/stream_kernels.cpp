// Bandwidth kernels: copy and STREAM's triad over large float buffers,
// whose rates compare with the plain C++ STREAM triad (limits.cpp).
#include "kernel_row.h"
#include "row_helpers.h"

namespace bench {
namespace {

class StreamKernel : public KernelRow {
public:
  /// `triad`: a = b + s * c (three arrays); otherwise copy: a = b (two).
  explicit StreamKernel(bool triad) : triad_(triad) {}
  std::string name() const override {
    return triad_ ? "triad a = b + s*c (3 x 128 MB)" : "copy a = b (2 x 128 MB)";
  }
  double work() const override { return (triad_ ? 3.0 : 2.0) * 4 * kN; }
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    b_.resize(kN);
    c_.resize(kN);
    for (size_t i = 0; i < kN; ++i) {
      b_[i] = float(i % 1024);
      c_[i] = float(i % 3);
    }
    compile(d, R"(
      kernel void copy(global float *a, global const float *b) {
        size_t i = get_global_id(0);
        a[i] = b[i];
      }
      kernel void triad(global float *a, global const float *b, global const float *c,
                        float s) {
        size_t i = get_global_id(0);
        a[i] = b[i] + s * c[i];
      })",
            triad_ ? "triad" : "copy");
    a = buffer(kN * 4);
    cl_mem b = buffer(kN * 4, b_.data()), c = buffer(kN * 4, c_.data());
    if (triad_)
      setArgs(a, b, c, kScalar);
    else
      setArgs(a, b);
  }
  void run() override {
    size_t n = kN;
    d_->runKernel(kernel_, 1, &n, nullptr, "stream");
  }
  bool verify() override {
    std::vector<float> out = d_->read<float>(a, kN);
    return checkEvery(97, kN, [&](size_t i) {
      float expected = triad_ ? b_[i] + kScalar * c_[i] : b_[i];
      return out[i] == expected;
    });
  }

private:
  // 128 MB per array, several times any last-level cache.
  static constexpr size_t kN = 32u << 20;
  static constexpr float kScalar = 3.0f;
  bool triad_;
  std::vector<float> b_, c_;
  cl_mem a = nullptr;
};

} // namespace

void addStreamBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  addRows<StreamKernel>(list, /*triad=*/false, true);
}

} // namespace bench
