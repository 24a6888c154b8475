// read_imageh and write_imageh (cl_khr_fp16 with images): half colors
// through CL_HALF_FLOAT images bit for bit, and through normalized formats
// by the conversion rules, checked against host references.
#include "api/image_fixture.h"
#include "builtins/half_reference.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace corecl::test {
namespace {

class HalfImages : public ImageKernel {
protected:
  void SetUp() override {
    ImageKernel::SetUp();
    if (!deviceReports("cl_khr_fp16"))
      GTEST_SKIP() << "the device does not report cl_khr_fp16";
  }
};

// Every finite half as a texel: read_imageh returns its bits, and
// write_imageh of twice the color stores the rounded product.
TEST_F(HalfImages, HalfFloatTexelsRoundTripBitForBit) {
  const size_t w = 128, h = 120; // 61440 channels: most finite halves
  std::vector<uint16_t> texels(w * h * 4);
  for (size_t i = 0; i < texels.size(); ++i) {
    uint16_t v = uint16_t(i * 7 % 0x10000);
    texels[i] = (v & 0x7c00) == 0x7c00 ? uint16_t(v & 0x83ff) : v; // no infinities or NaN
  }
  cl_mem src = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_RGBA, CL_HALF_FLOAT},
                      desc2d(w, h), texels.data());
  cl_mem dst = create(CL_MEM_WRITE_ONLY, {CL_RGBA, CL_HALF_FLOAT}, desc2d(w, h));
  cl_mem out = buffer(w * h * 8);
  run(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(read_only image2d_t src, write_only image2d_t dst, global half4 *out) {
      int2 p = (int2)(get_global_id(0), get_global_id(1));
      half4 c = read_imageh(src, p);
      out[p.y * get_image_width(src) + p.x] = c;
      write_imageh(dst, p, c * 2.0h);
    })",
      "k", {{sizeof src, &src}, {sizeof dst, &dst}, {sizeof out, &out}}, {w, h});
  std::vector<uint16_t> read = readBuffer<uint16_t>(out, w * h * 4);
  std::vector<uint16_t> written(w * h * 4);
  size_t origin[3] = {0, 0, 0}, region[3] = {w, h, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, dst, CL_TRUE, origin, region, 0, 0, written.data(), 0,
                               nullptr, nullptr),
            CL_SUCCESS);
  int failures = 0;
  for (size_t i = 0; i < texels.size() && failures < 10; ++i) {
    if (read[i] != texels[i] && ++failures)
      ADD_FAILURE() << "read_imageh of texel " << i << ": " << read[i] << ", stored " << texels[i];
    uint16_t twice = halfOf(2 * halfValue(texels[i]));
    if (written[i] != twice && ++failures)
      ADD_FAILURE() << "write_imageh of texel " << i << ": " << written[i] << ", expected "
                    << twice;
  }
}

// UNORM_INT8 texels read as halves (nearest and linear) and half colors
// written to UNORM_INT8 and SNORM_INT16 by the spec's conversions.
TEST_F(HalfImages, NormalizedFormatsConvertThroughHalf) {
  const size_t w = 256;
  std::vector<uint8_t> bytes(w * 4);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = uint8_t(i * 37);
  cl_mem src = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_RGBA, CL_UNORM_INT8},
                      desc2d(w, 1), bytes.data());
  std::vector<uint16_t> colors(w * 4);
  std::mt19937 rng(5);
  for (uint16_t &c : colors)
    c = halfOf(std::uniform_real_distribution<double>(-1.25, 1.25)(rng));
  cl_mem in = buffer(colors.size() * 2, colors.data());
  cl_mem unorm = create(CL_MEM_WRITE_ONLY, {CL_RGBA, CL_UNORM_INT8}, desc2d(w, 1));
  cl_mem snorm = create(CL_MEM_WRITE_ONLY, {CL_RGBA, CL_SNORM_INT16}, desc2d(w, 1));
  cl_mem out = buffer(w * 16);
  run(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                                 CLK_FILTER_NEAREST;
    constant sampler_t linear = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                                CLK_FILTER_LINEAR;
    kernel void k(read_only image2d_t src, global const half4 *in, write_only image2d_t unorm,
                  write_only image2d_t snorm, global half4 *out) {
      int x = get_global_id(0);
      out[2 * x] = read_imageh(src, nearest, (float2)(x + 0.5f, 0.5f));
      out[2 * x + 1] = read_imageh(src, linear, (float2)(x + 1.0f, 0.5f));
      write_imageh(unorm, (int2)(x, 0), in[x]);
      write_imageh(snorm, (int2)(x, 0), in[x]);
    })",
      "k",
      {{sizeof src, &src},
       {sizeof in, &in},
       {sizeof unorm, &unorm},
       {sizeof snorm, &snorm},
       {sizeof out, &out}},
      {w});
  std::vector<uint16_t> read = readBuffer<uint16_t>(out, w * 8);
  auto ulps = [](uint16_t got, long double expected) {
    int e = std::max(std::ilogb(double(expected == 0 ? 0x1p-24L : expected)), -14);
    return double(std::fabs(halfValue(got) - expected) / std::ldexp(1.0L, e - 10));
  };
  for (size_t x = 0; x < w; ++x)
    for (int c = 0; c < 4; ++c) {
      long double v = bytes[4 * x + c] / 255.0L;
      EXPECT_LE(ulps(read[8 * x + c], v), 1.0) << "nearest texel " << x << " channel " << c;
      // Halfway between texels x and x + 1 (clamped at the edge).
      size_t next = std::min(x + 1, w - 1);
      long double mid = (v + bytes[4 * next + c] / 255.0L) / 2;
      EXPECT_LE(ulps(read[8 * x + 4 + c], mid), 2.0) << "linear at " << x << " channel " << c;
    }
  std::vector<uint8_t> u8(w * 4);
  std::vector<int16_t> s16(w * 4);
  size_t origin[3] = {0, 0, 0}, region[3] = {w, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, unorm, CL_TRUE, origin, region, 0, 0, u8.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadImage(queue, snorm, CL_TRUE, origin, region, 0, 0, s16.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (size_t i = 0; i < colors.size(); ++i) {
    long double v = halfValue(colors[i]);
    // The spec's conversions (convert_uchar_sat_rte(f * 255.0f),
    // convert_short_sat_rte(f * 32767.0f)) within its tolerance for
    // normalized writes: 0.6 of a step.
    long double u = std::clamp(v * 255, 0.0L, 255.0L);
    long double s = std::clamp(v * 32767, -32768.0L, 32767.0L);
    EXPECT_LE(std::fabs(u8[i] - u), 0.6L) << "UNORM_INT8 write of " << (double)v;
    EXPECT_LE(std::fabs(s16[i] - s), 0.6L) << "SNORM_INT16 write of " << (double)v;
  }
}

} // namespace
} // namespace corecl::test
