// Private arrays as other people's kernels use them: a work-item counts
// into a small array it indexes with data it reads (a per-work-item
// histogram, as in bucketing and radix-sort passes), then writes the
// array out; or it copies a window of its input into an array whose
// length is an argument (a filter's taps, set by the host) and then
// reads it back, beside its twin that reads the input directly. Neither
// array can become registers (the index is data, or the loop's trip count
// is not known), so how private memory is laid out across work-items
// decides the speed.
#include "kernels.h"

#include <cmath>

namespace bench {
namespace {

class PrivateHistogram : public Benchmark {
public:
  std::string name() const override {
    return "private array: 16-bin histogram per work-item, data-indexed (16M uchar)";
  }
  double work() const override { return double(kN); } // bytes read
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    d_ = &d;
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = cl_uchar((i * 2654435761u) >> 13);
    program_ = d.build(R"(
      kernel void phist(global const uchar *in, global uint *out, int per) {
        uint h[16];
        for (int b = 0; b < 16; ++b)
          h[b] = 0;
        size_t g = get_global_id(0);
        for (int i = 0; i < per; ++i)
          h[in[g * per + i] & 15]++;
        for (int b = 0; b < 16; ++b)
          out[g * 16 + b] = h[b];
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "phist", &err);
    check(err, "clCreateKernel");
    in = d.buffer(kN, in_.data());
    out = d.buffer(kItems * 16 * 4);
    cl_int per = cl_int(kPer);
    clSetKernelArg(kernel_, 0, sizeof in, &in);
    clSetKernelArg(kernel_, 1, sizeof out, &out);
    clSetKernelArg(kernel_, 2, sizeof per, &per);
  }
  void run() override {
    size_t global = kItems;
    d_->runKernel(kernel_, 1, &global, nullptr, "phist");
  }
  bool verify() override {
    std::vector<cl_uint> got(kItems * 16);
    check(clEnqueueReadBuffer(d_->queue, out, CL_TRUE, 0, got.size() * 4, got.data(), 0, nullptr,
                              nullptr),
          "read");
    for (size_t g = 0; g < kItems; g += 97) {
      cl_uint h[16] = {};
      for (size_t i = 0; i < kPer; ++i)
        h[in_[g * kPer + i] & 15]++;
      for (int b = 0; b < 16; ++b)
        if (got[g * 16 + size_t(b)] != h[b])
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
  static constexpr size_t kN = 16u << 20, kPer = 256, kItems = kN / kPer;
  const Driver *d_ = nullptr;
  std::vector<cl_uchar> in_;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem in = nullptr, out = nullptr;
};

/// out[g] = sum over t < taps of in[g + t] * coef[t], the window first
/// copied to a private array or read directly.
class WindowFilter : public Benchmark {
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
    d_ = &d;
    in_.resize(kN + kTaps);
    for (size_t i = 0; i < in_.size(); ++i)
      in_[i] = float((i * 2654435761u) >> 20 & 1023) / 1024.0f - 0.5f;
    for (int t = 0; t < kTaps; ++t)
      coef_[size_t(t)] = 1.0f / float(t + 2);
    program_ = d.build(privateWindow_ ? R"(
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
      })");
    cl_int err;
    kernel_ = clCreateKernel(program_, "filter", &err);
    check(err, "clCreateKernel");
    in = d.buffer(in_.size() * 4, in_.data());
    coef = d.buffer(sizeof coef_, coef_);
    out = d.buffer(kN * 4);
    cl_int taps = kTaps;
    clSetKernelArg(kernel_, 0, sizeof in, &in);
    clSetKernelArg(kernel_, 1, sizeof coef, &coef);
    clSetKernelArg(kernel_, 2, sizeof out, &out);
    clSetKernelArg(kernel_, 3, sizeof taps, &taps);
  }
  void run() override {
    size_t global = kN;
    d_->runKernel(kernel_, 1, &global, nullptr, "filter");
  }
  bool verify() override {
    std::vector<float> got(kN);
    check(clEnqueueReadBuffer(d_->queue, out, CL_TRUE, 0, kN * 4, got.data(), 0, nullptr, nullptr),
          "read");
    for (size_t g = 0; g < kN; g += 997) {
      float s = 0.0f;
      for (int t = 0; t < kTaps; ++t)
        s += in_[g + size_t(t)] * coef_[size_t(t)];
      if (std::fabs(got[g] - s) > 1e-5f * (1.0f + std::fabs(s)))
        return false;
    }
    return true;
  }
  void tearDown() override {
    clReleaseMemObject(in);
    clReleaseMemObject(coef);
    clReleaseMemObject(out);
    clReleaseKernel(kernel_);
    clReleaseProgram(program_);
  }

private:
  static constexpr size_t kN = 16u << 20;
  static constexpr int kTaps = 9;
  bool privateWindow_;
  const Driver *d_ = nullptr;
  std::vector<float> in_;
  float coef_[kTaps] = {};
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;
  cl_mem in = nullptr, coef = nullptr, out = nullptr;
};

} // namespace

void addPrivateArrayBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<PrivateHistogram>());
  list.push_back(std::make_unique<WindowFilter>(false));
  list.push_back(std::make_unique<WindowFilter>(true));
}

} // namespace bench
