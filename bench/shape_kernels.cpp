// Kernel shapes that a work-group compiler can get wrong in either
// direction: a loop each work-item runs over a row of its own (vectorises
// along the loop, not across work-items), arithmetic on float16 (already
// a full register per work-item) and a loop in a single-work-item launch
// (a task: nothing to vectorise across). Each must at least keep pace with
// PoCL; found as regressions of the loop work (CHANGES.md).
#include "kernels.h"

#include <cmath>

namespace bench {
namespace {

class KernelShape : public Benchmark {
public:
  enum class Kind { RowPerItem, Float16, Task };
  explicit KernelShape(Kind kind) : kind_(kind) {}
  std::string name() const override {
    switch (kind_) {
    case Kind::RowPerItem:
      return "a row per work-item, out = 2 in + 1 (4096 x 4096)";
    case Kind::Float16:
      return "float16 arithmetic, out = a in + sqrt(in) (16M floats)";
    default:
      return "task: one work-item's loop, s = 0.999 s + in[i] (4M)";
    }
  }
  double work() const override {
    return kind_ == Kind::Task ? 4.0 * kTaskN : 8.0 * kN; // bytes read (+ written)
  }
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    d_ = &d;
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = float(i % 1013) * 0.01f;
    program_ = d.build(R"(
      kernel void rows(global const float *in, global float *out, int n) {
        size_t r = get_global_id(0);
        for (int i = 0; i < n; ++i)
          out[r * n + i] = in[r * n + i] * 2.0f + 1.0f;
      }
      kernel void wide(global const float16 *in, global float16 *out, float a) {
        size_t i = get_global_id(0);
        float16 x = in[i];
        out[i] = x * a + sqrt(x);
      }
      kernel void task(global const float *in, global float *out, int n) {
        float s = 0.0f;
        for (int i = 0; i < n; ++i)
          s = s * 0.999f + in[i];
        out[0] = s;
      })");
    const char *names[] = {"rows", "wide", "task"};
    cl_int err;
    kernel_ = clCreateKernel(program_, names[int(kind_)], &err);
    check(err, "clCreateKernel");
    in = d.buffer(kN * 4, in_.data());
    out = d.buffer(kN * 4);
    clSetKernelArg(kernel_, 0, sizeof in, &in);
    clSetKernelArg(kernel_, 1, sizeof out, &out);
    if (kind_ == Kind::Float16) {
      float a = 2.0f;
      clSetKernelArg(kernel_, 2, sizeof a, &a);
    } else {
      cl_int n = kind_ == Kind::Task ? cl_int(kTaskN) : cl_int(kRow);
      clSetKernelArg(kernel_, 2, sizeof n, &n);
    }
  }
  void run() override {
    size_t global = kind_ == Kind::RowPerItem ? kN / kRow : kind_ == Kind::Float16 ? kN / 16 : 1;
    d_->runKernel(kernel_, 1, &global, nullptr, "shape");
  }
  bool verify() override {
    std::vector<float> got(kN);
    check(clEnqueueReadBuffer(d_->queue, out, CL_TRUE, 0, kN * 4, got.data(), 0, nullptr,
                              nullptr),
          "read");
    if (kind_ == Kind::Task) {
      double s = 0;
      for (size_t i = 0; i < kTaskN; ++i)
        s = s * 0.999 + in_[i];
      return std::fabs(got[0] - s) <= 1e-3 * std::fabs(s);
    }
    for (size_t i = 0; i < kN; i += 1009) {
      float x = in_[i];
      float expected = kind_ == Kind::RowPerItem ? x * 2.0f + 1.0f : x * 2.0f + std::sqrt(x);
      if (std::fabs(got[i] - expected) > 1e-5f * (1 + std::fabs(expected)))
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
  static constexpr size_t kN = 16u << 20, kRow = 4096, kTaskN = 4u << 20;
  Kind kind_;
  const Driver *d_ = nullptr;
  std::vector<float> in_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem in = nullptr, out = nullptr;
};

} // namespace

void addShapeBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  for (auto kind : {KernelShape::Kind::RowPerItem, KernelShape::Kind::Float16,
                    KernelShape::Kind::Task})
    list.push_back(std::make_unique<KernelShape>(kind));
}

} // namespace bench
