// Kernel shapes that a work-group compiler can get wrong in either
// direction: a loop each work-item runs over a row of its own (vectorises
// along the loop, not across work-items), arithmetic on float16 (already
// a full register per work-item) and a loop in a single-work-item launch
// (a task: nothing to vectorise across). Each must at least keep pace with
// PoCL; found as regressions of the loop work (CHANGES.md).
#include "kernel_row.h"
#include "row_helpers.h"

#include <cmath>

namespace bench {
namespace {

class KernelShape : public KernelRow {
public:
  enum class Kind { RowPerItem, Float16, Task };
  explicit KernelShape(Kind kind) : kind_(kind) {}
  std::string name() const override {
    static const char *const names[] = {"a row per work-item, out = 2 in + 1 (4096 x 4096)",
                                        "float16 arithmetic, out = a in + sqrt(in) (16M floats)",
                                        "task: one work-item's loop, s = 0.999 s + in[i] (4M)"};
    return names[int(kind_)];
  }
  double work() const override {
    return kind_ == Kind::Task ? 4.0 * kTaskN : 8.0 * kN; // bytes read (+ written)
  }
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = float(i % 1013) * 0.01f;
    compile(d, R"(
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
      })",
            kEntries[int(kind_)]);
    cl_mem in = buffer(kN * 4, in_.data());
    out = buffer(kN * 4);
    if (kind_ == Kind::Float16)
      setArgs(in, out, 2.0f);
    else
      setArgs(in, out, kind_ == Kind::Task ? cl_int(kTaskN) : cl_int(kRow));
  }
  void run() override {
    size_t global = kind_ == Kind::RowPerItem ? kN / kRow : kind_ == Kind::Float16 ? kN / 16 : 1;
    d_->runKernel(kernel_, 1, &global, nullptr, "shape");
  }
  bool verify() override {
    std::vector<float> got = d_->read<float>(out, kN);
    if (kind_ == Kind::Task) {
      double s = 0;
      for (size_t i = 0; i < kTaskN; ++i)
        s = s * 0.999 + in_[i];
      return std::fabs(got[0] - s) <= 1e-3 * std::fabs(s);
    }
    return checkEvery(1009, kN, [&](size_t i) {
      float x = in_[i];
      float expected = kind_ == Kind::RowPerItem ? x * 2.0f + 1.0f : x * 2.0f + std::sqrt(x);
      return near(got[i], expected, 1e-5);
    });
  }

private:
  static constexpr size_t kN = 16u << 20, kRow = 4096, kTaskN = 4u << 20;
  static constexpr const char *kEntries[] = {"rows", "wide", "task"};
  Kind kind_;
  std::vector<float> in_;
  cl_mem out = nullptr;
};

} // namespace

void addShapeBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  addRows<KernelShape>(list, KernelShape::Kind::RowPerItem, KernelShape::Kind::Float16,
                       KernelShape::Kind::Task);
}

} // namespace bench
