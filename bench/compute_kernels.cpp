// A compute kernel as it is commonly written: a 5x5 convolution that stages
// its input in __local tiles with a halo. (Both SGEMMs are in kernels.cpp.)
#include "kernel_row.h"
#include "row_helpers.h"

#include <cstdint>

namespace bench {
namespace {

/// 5x5 convolution, edges clamped. Each 16x16 work-group loads its 20x20
/// input tile (the block and a 2-pixel halo) into local memory together,
/// 400 pixels over 256 work-items, then each work-item reads its 25
/// neighbours from the tile.
class Convolution5x5 : public KernelRow {
public:
  std::string name() const override { return "convolution 5x5, local tiles + halo (2048x2048)"; }
  double work() const override { return 2.0 * kTaps * kSize * kSize; } // a multiply-add per tap
  bool isFlops() const override { return true; }
  void setUp(const Driver &d) override {
    image_.resize(kSize * kSize);
    uint32_t state = 12345;
    for (float &pixel : image_) {
      state = state * 1664525u + 1013904223u;
      pixel = float(state >> 8) * (1.0f / 16777216.0f);
    }
    // A separable binomial blur with a sharpening centre: unequal taps, so
    // a transposed or shifted tile shows in the output.
    const float binomial[5] = {1, 4, 6, 4, 1};
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 5; ++x)
        weights_[y * 5 + x] = binomial[y] * binomial[x] * (1.0f / 256.0f);
    weights_[12] += 0.5f;
    compile(d, R"(
      #define R 2
      #define T 16
      #define W (T + 2 * R)
      kernel void conv5x5(global const float *in, global float *out, constant float *weights,
                          int width, int height) {
        local float tile[W][W];
        int lx = get_local_id(0), ly = get_local_id(1);
        int x0 = get_group_id(0) * T - R, y0 = get_group_id(1) * T - R;
        for (int i = ly * T + lx; i < W * W; i += T * T) {
          int tx = i % W, ty = i / W;
          int gx = clamp(x0 + tx, 0, width - 1), gy = clamp(y0 + ty, 0, height - 1);
          tile[ty][tx] = in[gy * width + gx];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        float acc = 0.0f;
        for (int dy = 0; dy < 2 * R + 1; ++dy)
          for (int dx = 0; dx < 2 * R + 1; ++dx)
            acc += weights[dy * (2 * R + 1) + dx] * tile[ly + dy][lx + dx];
        out[get_global_id(1) * width + get_global_id(0)] = acc;
      })",
            "conv5x5");
    cl_mem in = buffer(kSize * kSize * 4, image_.data());
    out_ = buffer(kSize * kSize * 4);
    int size = int(kSize);
    setArgs(in, out_, buffer(sizeof weights_, weights_), size, size);
  }
  void run() override {
    size_t global[2] = {kSize, kSize}, local[2] = {16, 16};
    d_->runKernel(kernel_, 2, global, local, "conv5x5");
  }
  bool verify() override {
    std::vector<float> out = d_->read<float>(out_, kSize * kSize);
    // Every pixel, so that each tile's halo (edges and corners) is checked.
    auto at = [&](long x, long y) {
      x = x < 0 ? 0 : x >= long(kSize) ? long(kSize) - 1 : x;
      y = y < 0 ? 0 : y >= long(kSize) ? long(kSize) - 1 : y;
      return double(image_[size_t(y) * kSize + size_t(x)]);
    };
    for (long y = 0; y < long(kSize); ++y)
      for (long x = 0; x < long(kSize); ++x) {
        double expected = 0;
        for (int dy = 0; dy < 5; ++dy)
          for (int dx = 0; dx < 5; ++dx)
            expected += weights_[dy * 5 + dx] * at(x + dx - 2, y + dy - 2);
        // Terms are non-negative: 25 float roundings stay far below 1e-5.
        if (!near(out[size_t(y) * kSize + size_t(x)], expected, 1e-5))
          return false;
      }
    return true;
  }

private:
  static constexpr size_t kSize = 2048;
  static constexpr int kTaps = 25;
  std::vector<float> image_;
  float weights_[25] = {};
  cl_mem out_ = nullptr;
};

} // namespace

void addComputeBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<Convolution5x5>());
}

} // namespace bench
