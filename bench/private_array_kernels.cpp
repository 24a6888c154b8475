// Private arrays as other people's kernels use them: a work-item counts
// into a small array it indexes with data it reads (a per-work-item
// histogram, as in bucketing and radix-sort passes), then writes the
// array out. The array cannot become registers (the index is data), so
// how private memory is laid out across work-items decides the speed.
#include "kernels.h"

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

} // namespace

void addPrivateArrayBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<PrivateHistogram>());
}

} // namespace bench
