// Image rows: a bilinear resize and a 5x5 convolution of a CL_RGBA /
// CL_UNORM_INT8 image read through a sampler, each beside the same kernel
// written on uchar4 buffers, so that the cost of the image path shows.
#include "kernel_row.h"
#include "row_helpers.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace bench {
namespace {

enum class Storage { Image, Buffer };
enum class Filter { BilinearResize, Convolution5x5 };

constexpr const char *kSource = R"(
  constant sampler_t bilinear =
      CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
  constant sampler_t edge =
      CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

  kernel void resize_image(read_only image2d_t src, write_only image2d_t dst) {
    int x = get_global_id(0), y = get_global_id(1);
    float2 at = (float2)((x + 0.5f) / get_image_width(dst), (y + 0.5f) / get_image_height(dst));
    write_imagef(dst, (int2)(x, y), read_imagef(src, bilinear, at));
  }

  // The same sampling written out: texel centres at +0.5, edges clamped.
  kernel void resize_buffer(global const uchar4 *src, int sw, int sh, global uchar4 *dst, int dw,
                            int dh) {
    int x = get_global_id(0), y = get_global_id(1);
    float u = (x + 0.5f) / dw * sw - 0.5f, v = (y + 0.5f) / dh * sh - 0.5f;
    float fu = floor(u), fv = floor(v);
    float a = u - fu, b = v - fv;
    int x0 = clamp((int)fu, 0, sw - 1), x1 = clamp((int)fu + 1, 0, sw - 1);
    int y0 = clamp((int)fv, 0, sh - 1), y1 = clamp((int)fv + 1, 0, sh - 1);
    float4 c = (1 - a) * (1 - b) * convert_float4(src[y0 * sw + x0]) +
               a * (1 - b) * convert_float4(src[y0 * sw + x1]) +
               (1 - a) * b * convert_float4(src[y1 * sw + x0]) +
               a * b * convert_float4(src[y1 * sw + x1]);
    dst[y * dw + x] = convert_uchar4_sat_rte(c);
  }

  kernel void conv_image(read_only image2d_t src, write_only image2d_t dst,
                         constant float *weights) {
    int x = get_global_id(0), y = get_global_id(1);
    float4 sum = 0.0f;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        sum += weights[(dy + 2) * 5 + dx + 2] * read_imagef(src, edge, (int2)(x + dx, y + dy));
    write_imagef(dst, (int2)(x, y), sum);
  }

  kernel void conv_buffer(global const uchar4 *src, global uchar4 *dst, constant float *weights,
                          int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    float4 sum = 0.0f;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        int sx = clamp(x + dx, 0, w - 1), sy = clamp(y + dy, 0, h - 1);
        sum += weights[(dy + 2) * 5 + dx + 2] * convert_float4(src[sy * w + sx]);
      }
    dst[y * w + x] = convert_uchar4_sat_rte(sum);
  }
)";

class ImageFilter : public KernelRow {
public:
  ImageFilter(Filter filter, Storage storage) : filter_(filter), storage_(storage) {}
  std::string name() const override {
    std::string what = filter_ == Filter::BilinearResize ? "bilinear resize 2048->3072"
                                                         : "convolution 5x5 2048x2048";
    return what + (storage_ == Storage::Image ? ", RGBA8 image + sampler" : ", uchar4 buffers");
  }
  double work() const override { return double(outWidth()) * double(outWidth()); }
  bool isFlops() const override { return false; }
  bool hasLimit() const override { return false; }
  std::string rateUnit() const override { return "Gpixel/s"; }

  void setUp(const Driver &d) override {
    pixels_.resize(kIn * kIn * 4);
    uint32_t state = 2024;
    for (uint8_t &p : pixels_) {
      state = state * 1664525u + 1013904223u;
      p = uint8_t(state >> 24);
    }
    const float binomial[5] = {1, 4, 6, 4, 1};
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 5; ++x)
        weights_[y * 5 + x] = binomial[y] * binomial[x] * (1.0f / 256.0f);
    bool image = storage_ == Storage::Image;
    const char *entry = filter_ == Filter::BilinearResize
                            ? (image ? "resize_image" : "resize_buffer")
                            : (image ? "conv_image" : "conv_buffer");
    compile(d, kSource, entry);
    int in = int(kIn), out = int(outWidth());
    if (image) {
      src_ = image2d(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kIn, pixels_.data());
      out_ = image2d(CL_MEM_WRITE_ONLY, outWidth(), nullptr);
      if (filter_ == Filter::BilinearResize)
        setArgs(src_, out_);
      else
        setArgs(src_, out_, buffer(sizeof weights_, weights_));
    } else {
      cl_mem src = buffer(pixels_.size(), pixels_.data());
      out_ = buffer(outWidth() * outWidth() * 4);
      if (filter_ == Filter::BilinearResize)
        setArgs(src, in, in, out_, out, out);
      else
        setArgs(src, out_, buffer(sizeof weights_, weights_), in, in);
    }
  }
  void run() override {
    size_t global[2] = {outWidth(), outWidth()};
    d_->runKernel(kernel_, 2, global, nullptr, "image filter");
  }
  bool verify() override {
    std::vector<uint8_t> got = readOutput();
    // Every 7th pixel against the host; the two roundings of the image
    // path (unorm to float, float to unorm) allow one unit.
    return checkEvery(7, outWidth() * outWidth(), [&](size_t i) {
      float want[4];
      expected(i % outWidth(), i / outWidth(), want);
      for (int k = 0; k < 4; ++k)
        if (std::fabs(float(got[i * 4 + size_t(k)]) - want[k]) > 1.01f)
          return false;
      return true;
    });
  }
  void tearDown() override {
    for (cl_mem m : {src_, storage_ == Storage::Image ? out_ : nullptr})
      if (m)
        clReleaseMemObject(m);
    src_ = out_ = nullptr;
    KernelRow::tearDown();
  }

private:
  static constexpr size_t kIn = 2048;
  size_t outWidth() const { return filter_ == Filter::BilinearResize ? kIn * 3 / 2 : kIn; }

  cl_mem image2d(cl_mem_flags flags, size_t width, void *host) {
    cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc = {};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = desc.image_height = width;
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateImage(d_->context, flags, &format, &desc, host, &err);
    check(err, "clCreateImage");
    return m;
  }

  std::vector<uint8_t> readOutput() {
    if (storage_ == Storage::Buffer)
      return d_->read<uint8_t>(out_, outWidth() * outWidth() * 4);
    std::vector<uint8_t> bytes(outWidth() * outWidth() * 4);
    size_t origin[3] = {0, 0, 0}, region[3] = {outWidth(), outWidth(), 1};
    check(clEnqueueReadImage(d_->queue, out_, CL_TRUE, origin, region, 0, 0, bytes.data(), 0,
                             nullptr, nullptr),
          "clEnqueueReadImage");
    return bytes;
  }

  float texel(long x, long y, int k) const {
    x = std::clamp(x, 0L, long(kIn) - 1);
    y = std::clamp(y, 0L, long(kIn) - 1);
    return float(pixels_[(size_t(y) * kIn + size_t(x)) * 4 + size_t(k)]);
  }

  /// The output pixel (x, y) in 0..255 units, before rounding.
  void expected(size_t x, size_t y, float out[4]) const {
    for (int k = 0; k < 4; ++k) {
      float sum = 0;
      if (filter_ == Filter::BilinearResize) {
        float scale = float(kIn) / float(outWidth());
        float u = (float(x) + 0.5f) * scale - 0.5f, v = (float(y) + 0.5f) * scale - 0.5f;
        long x0 = long(std::floor(u)), y0 = long(std::floor(v));
        float a = u - std::floor(u), b = v - std::floor(v);
        sum = (1 - a) * (1 - b) * texel(x0, y0, k) + a * (1 - b) * texel(x0 + 1, y0, k) +
              (1 - a) * b * texel(x0, y0 + 1, k) + a * b * texel(x0 + 1, y0 + 1, k);
      } else {
        for (int dy = -2; dy <= 2; ++dy)
          for (int dx = -2; dx <= 2; ++dx)
            sum += weights_[(dy + 2) * 5 + dx + 2] * texel(long(x) + dx, long(y) + dy, k);
      }
      out[k] = std::clamp(sum, 0.0f, 255.0f);
    }
  }

  Filter filter_;
  Storage storage_;
  std::vector<uint8_t> pixels_;
  float weights_[25];
  cl_mem src_ = nullptr, out_ = nullptr;
};

} // namespace

void addImageBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  for (Filter filter : {Filter::BilinearResize, Filter::Convolution5x5})
    for (Storage storage : {Storage::Image, Storage::Buffer})
      list.push_back(std::make_unique<ImageFilter>(filter, storage));
}

} // namespace bench
