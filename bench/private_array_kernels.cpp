// Private arrays as other people's kernels use them: a work-item counts
// into a small array it indexes with data it reads (a per-work-item
// histogram, as in bucketing and radix-sort passes), then writes the
// array out; or it copies a window of its input into an array whose
// length is an argument (a filter's taps, set by the host) and then
// reads it back, beside its twin that reads the input directly. Neither
// array can become registers (the index is data, or the loop's trip count
// is not known), so how private memory is laid out across work-items
// decides the speed.
#include "kernel_row.h"
#include "row_helpers.h"

namespace bench {
namespace {

class PrivateHistogram : public KernelRow {
public:
  std::string name() const override {
    return "private array: 16-bin histogram per work-item, data-indexed (16M uchar)";
  }
  double work() const override { return double(kN); } // bytes read
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = cl_uchar((i * 2654435761u) >> 13);
    compile(d, R"(
      kernel void phist(global const uchar *in, global uint *out, int per) {
        uint h[16];
        for (int b = 0; b < 16; ++b)
          h[b] = 0;
        size_t g = get_global_id(0);
        for (int i = 0; i < per; ++i)
          h[in[g * per + i] & 15]++;
        for (int b = 0; b < 16; ++b)
          out[g * 16 + b] = h[b];
      })",
            "phist");
    out = buffer(kItems * 16 * 4);
    setArgs(buffer(kN, in_.data()), out, cl_int(kPer));
  }
  void run() override {
    size_t global = kItems;
    d_->runKernel(kernel_, 1, &global, nullptr, "phist");
  }
  bool verify() override {
    std::vector<cl_uint> got = d_->read<cl_uint>(out, kItems * 16);
    return checkEvery(97, kItems, [&](size_t g) {
      cl_uint h[16] = {};
      for (size_t i = 0; i < kPer; ++i)
        h[in_[g * kPer + i] & 15]++;
      for (int b = 0; b < 16; ++b)
        if (got[g * 16 + size_t(b)] != h[b])
          return false;
      return true;
    });
  }

private:
  static constexpr size_t kN = 16u << 20, kPer = 256, kItems = kN / kPer;
  std::vector<cl_uchar> in_;
  cl_mem out = nullptr;
};

/// out[g] = sum over t < taps of in[g + t] * coef[t], the window first
/// copied to a private array or read directly.
class WindowFilter : public KernelRow {
public:
  explicit WindowFilter(bool privateWindow) : privateWindow_(privateWindow) {}
  std::string name() const override {
    return privateWindow_
               ? "private array: 9-tap filter, window copied to a private array (16M floats)"
               : "9-tap filter, window read directly (16M floats)";
  }
  double work() const override { return 2.0 * kTaps * kN; }
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    in_.resize(kN + kTaps);
    for (size_t i = 0; i < in_.size(); ++i)
      in_[i] = float((i * 2654435761u) >> 20 & 1023) / 1024.0f - 0.5f;
    for (int t = 0; t < kTaps; ++t)
      coef_[size_t(t)] = 1.0f / float(t + 2);
    compile(d,
            privateWindow_ ? R"(
      kernel void filter(global const float *in, constant float *coef, global float *out,
                         int taps) {
        size_t g = get_global_id(0);
        float w[16];
        for (int t = 0; t < taps; ++t)
          w[t] = in[g + t];
        float s = 0.0f;
        for (int t = 0; t < taps; ++t)
          s += w[t] * coef[t];
        out[g] = s;
      })"
                           : R"(
      kernel void filter(global const float *in, constant float *coef, global float *out,
                         int taps) {
        size_t g = get_global_id(0);
        float s = 0.0f;
        for (int t = 0; t < taps; ++t)
          s += in[g + t] * coef[t];
        out[g] = s;
      })",
            "filter");
    cl_mem in = buffer(in_.size() * 4, in_.data()), coef = buffer(sizeof coef_, coef_);
    out = buffer(kN * 4);
    setArgs(in, coef, out, cl_int(kTaps));
  }
  void run() override {
    size_t global = kN;
    d_->runKernel(kernel_, 1, &global, nullptr, "filter");
  }
  bool verify() override {
    std::vector<float> got = d_->read<float>(out, kN);
    return checkEvery(997, kN, [&](size_t g) {
      float s = 0.0f;
      for (int t = 0; t < kTaps; ++t)
        s += in_[g + size_t(t)] * coef_[size_t(t)];
      return near(got[g], s, 1e-5);
    });
  }

private:
  static constexpr size_t kN = 16u << 20;
  static constexpr int kTaps = 9;
  bool privateWindow_;
  std::vector<float> in_;
  float coef_[kTaps] = {};
  cl_mem out = nullptr;
};

} // namespace

void addPrivateArrayBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<PrivateHistogram>());
  addRows<WindowFilter>(list, /*privateWindow=*/false, true);
}

} // namespace bench
