// Image formats: the valid (order, type) matrix, pixel sizes, and the pixel
// conversions against references written here from the spec's formulas
// (OpenCL C "Conversion Rules") and hand-computed values, not from the
// implementation's helpers.
#include "runtime/image_format.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <set>
#include <vector>

namespace corecl::rt {
namespace {

using CO = ChannelOrder;
using CT = ChannelType;

const CO kAllOrders[] = {CO::R,     CO::A,     CO::RG,    CO::RA,        CO::RGB,
                         CO::RGBA,  CO::BGRA,  CO::ARGB,  CO::INTENSITY, CO::LUMINANCE,
                         CO::Rx,    CO::RGx,   CO::RGBx,  CO::DEPTH,     CO::sRGB,
                         CO::sRGBx, CO::sRGBA, CO::sBGRA, CO::ABGR};
const CT kAllTypes[] = {CT::SNORM_INT8,        CT::SNORM_INT16,     CT::UNORM_INT8,
                        CT::UNORM_INT16,       CT::UNORM_SHORT_565, CT::UNORM_SHORT_555,
                        CT::UNORM_INT_101010,  CT::SIGNED_INT8,     CT::SIGNED_INT16,
                        CT::SIGNED_INT32,      CT::UNSIGNED_INT8,   CT::UNSIGNED_INT16,
                        CT::UNSIGNED_INT32,    CT::HALF_FLOAT,      CT::FLOAT,
                        CT::UNORM_INT_101010_2};

uint32_t bits(float f) {
  return std::bit_cast<uint32_t>(f);
}

// ---------------------------------------------------------------------------
// Helpers: one pixel in, one color out, as plain arrays.

template <class T, size_t N> std::vector<uint8_t> pack(ImageFormat f, const T (&color)[N]) {
  static_assert(N == 4 || N == 1);
  std::vector<uint8_t> pixel(16, 0xAB); // bytes past the pixel must stay untouched
  packColor(f, color, pixel.data());
  for (size_t i = pixelBytes(f); i < 16; ++i)
    EXPECT_EQ(pixel[i], 0xAB) << "wrote past the pixel at byte " << i;
  pixel.resize(pixelBytes(f));
  return pixel;
}

template <class T> std::vector<uint8_t> bytesOf(std::initializer_list<T> values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.begin(), out.size());
  return out;
}

struct Color {
  uint32_t v[4];
  float f(int i) const { return std::bit_cast<float>(v[i]); }
  int32_t i(int c) const { return int32_t(v[c]); }
};

Color unpack(ImageFormat f, const std::vector<uint8_t> &pixel) {
  Color c;
  unpackColor(f, pixel.data(), c.v);
  return c;
}

// ---------------------------------------------------------------------------
// References from the spec's formulas, computed another way than the
// implementation (the host's nearbyint in its default mode, double math).

/// convert_<T>_sat_rte(f * scale) with T's range [lo, hi]; NaN -> 0.
long normRef(float f, float scale, long lo, long hi) {
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
  if (std::isnan(f))
    return 0;
  float product = f * scale; // float multiplication, as the spec writes it
  double r = std::nearbyint(double(product));
  return long(std::fmin(std::fmax(r, double(lo)), double(hi)));
}

/// float -> half by scaling in double: the value's units of the half ulp at
/// its binade, rounded to nearest even by nearbyint.
uint16_t halfRef(float f) {
  uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  double a = std::fabs(double(f));
  if (std::isnan(f))
    return 0xFFFF; // marker: any NaN
  if (a == 0)
    return sign;
  if (a >= 65520.0)
    return sign | 0x7C00;
  int e;
  std::frexp(a, &e);                   // a = m * 2^e, m in [0.5, 1)
  int exponent = std::max(e - 1, -14); // binade exponent, denormals share -14
  double units = std::nearbyint(std::ldexp(a, 10 - exponent)); // 2^(exponent-10) units
  // units in [1024, 2048] for normals (2048 carries to the next binade).
  if (exponent == -14 && units < 1024)
    return sign | uint16_t(units);
  uint32_t biased = uint32_t(exponent + 15);
  if (units == 2048) {
    units = 1024;
    ++biased;
  }
  if (biased >= 31)
    return sign | 0x7C00;
  return sign | uint16_t(biased << 10 | (uint32_t(units) - 1024));
}

double halfValue(uint16_t h) {
  int e = h >> 10 & 0x1F, m = h & 0x3FF;
  double v = e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25);
  return (h & 0x8000) ? -v : v;
}

// ---------------------------------------------------------------------------
// Validity and sizes

TEST(ImageFormatTable, ValidMatrixAndPixelBytes) {
  // The expected valid set, written out pair by pair, with the pixel size.
  struct Entry {
    CO order;
    CT type;
    size_t bytes;
  };
  std::vector<Entry> expected;
  const CT unpacked[] = {CT::SNORM_INT8,     CT::SNORM_INT16,   CT::UNORM_INT8,
                         CT::UNORM_INT16,    CT::SIGNED_INT8,   CT::SIGNED_INT16,
                         CT::SIGNED_INT32,   CT::UNSIGNED_INT8, CT::UNSIGNED_INT16,
                         CT::UNSIGNED_INT32, CT::HALF_FLOAT,    CT::FLOAT};
  const size_t unpackedBytes[] = {1, 2, 1, 2, 1, 2, 4, 1, 2, 4, 2, 4};
  for (int i = 0; i < 12; ++i) {
    expected.push_back({CO::R, unpacked[i], unpackedBytes[i]});
    expected.push_back({CO::A, unpacked[i], unpackedBytes[i]});
    expected.push_back({CO::RG, unpacked[i], 2 * unpackedBytes[i]});
    expected.push_back({CO::RA, unpacked[i], 2 * unpackedBytes[i]});
    expected.push_back({CO::Rx, unpacked[i], 2 * unpackedBytes[i]});
    expected.push_back({CO::RGBA, unpacked[i], 4 * unpackedBytes[i]});
  }
  expected.push_back({CO::RGBA, CT::UNORM_INT_101010_2, 4});
  for (CO o : {CO::RGB, CO::RGBx}) {
    expected.push_back({o, CT::UNORM_SHORT_565, 2});
    expected.push_back({o, CT::UNORM_SHORT_555, 2});
    expected.push_back({o, CT::UNORM_INT_101010, 4});
  }
  for (CO o : {CO::BGRA, CO::ARGB, CO::ABGR})
    for (CT t : {CT::UNORM_INT8, CT::SNORM_INT8, CT::SIGNED_INT8, CT::UNSIGNED_INT8})
      expected.push_back({o, t, 4});
  for (CO o : {CO::INTENSITY, CO::LUMINANCE}) {
    expected.push_back({o, CT::UNORM_INT8, 1});
    expected.push_back({o, CT::SNORM_INT8, 1});
    expected.push_back({o, CT::UNORM_INT16, 2});
    expected.push_back({o, CT::SNORM_INT16, 2});
    expected.push_back({o, CT::HALF_FLOAT, 2});
    expected.push_back({o, CT::FLOAT, 4});
  }
  expected.push_back({CO::DEPTH, CT::UNORM_INT16, 2});
  expected.push_back({CO::DEPTH, CT::FLOAT, 4});
  for (CO o : {CO::sRGBx, CO::sRGBA, CO::sBGRA})
    expected.push_back({o, CT::UNORM_INT8, 4});
  // Not valid at all: RGx and sRGB (three 8/16/32-bit channels are never a
  // power of two bits).

  int valid = 0;
  for (CO o : kAllOrders)
    for (CT t : kAllTypes) {
      size_t want = 0;
      for (const Entry &e : expected)
        if (e.order == o && e.type == t)
          want = e.bytes;
      ImageFormat f{o, t};
      EXPECT_EQ(isValidFormat(f), want != 0) << std::hex << uint32_t(o) << " " << uint32_t(t);
      EXPECT_EQ(pixelBytes(f), want) << std::hex << uint32_t(o) << " " << uint32_t(t);
      valid += want != 0;
    }
  EXPECT_EQ(valid, int(expected.size())); // no duplicates in the list above
  EXPECT_EQ(valid, 108);
}

TEST(ImageFormatTable, ValuesOfTheClConstants) {
  // cl.h's numbers, written out (runtime/ does not include it).
  EXPECT_EQ(uint32_t(CO::R), 0x10B0u);
  EXPECT_EQ(uint32_t(CO::LUMINANCE), 0x10B9u);
  EXPECT_EQ(uint32_t(CO::DEPTH), 0x10BDu);
  EXPECT_EQ(uint32_t(CO::sRGB), 0x10BFu);
  EXPECT_EQ(uint32_t(CO::ABGR), 0x10C3u);
  EXPECT_EQ(uint32_t(CT::SNORM_INT8), 0x10D0u);
  EXPECT_EQ(uint32_t(CT::FLOAT), 0x10DEu);
  EXPECT_EQ(uint32_t(CT::UNORM_INT_101010_2), 0x10E0u);
}

TEST(ImageFormatTable, UnknownValuesAreInvalid) {
  const uint32_t orders[] = {0, 0x10AF, 0x10BE /* DEPTH_STENCIL */, 0x10C4, 0xFFFFFFFF};
  const uint32_t types[] = {0, 0x10CF, 0x10DF /* UNORM_INT24 */, 0x10E1, 0xFFFFFFFF};
  for (uint32_t o : orders) {
    EXPECT_EQ(channelCount(ChannelOrder(o)), 0u) << std::hex << o;
    EXPECT_FALSE(isValidFormat({ChannelOrder(o), CT::UNORM_INT8}));
    EXPECT_EQ(pixelBytes({ChannelOrder(o), CT::UNORM_INT8}), 0u);
  }
  for (uint32_t t : types) {
    EXPECT_FALSE(isValidFormat({CO::RGBA, ChannelType(t)})) << std::hex << t;
    EXPECT_EQ(pixelBytes({CO::RGBA, ChannelType(t)}), 0u);
  }
}

TEST(ImageFormatTable, ChannelCounts) {
  const unsigned want[] = {1, 1, 2, 2, 3, 4, 4, 4, 1, 1, 2, 3, 4, 1, 3, 4, 4, 4, 4};
  for (size_t i = 0; i < std::size(kAllOrders); ++i)
    EXPECT_EQ(channelCount(kAllOrders[i]), want[i]) << std::hex << uint32_t(kAllOrders[i]);
}

TEST(ImageFormatTable, ColorKinds) {
  for (CT t : kAllTypes) {
    ColorKind want = ColorKind::Float;
    if (t == CT::SIGNED_INT8 || t == CT::SIGNED_INT16 || t == CT::SIGNED_INT32)
      want = ColorKind::Int;
    if (t == CT::UNSIGNED_INT8 || t == CT::UNSIGNED_INT16 || t == CT::UNSIGNED_INT32)
      want = ColorKind::Uint;
    EXPECT_EQ(colorKind(t), want) << std::hex << uint32_t(t);
  }
}

// ---------------------------------------------------------------------------
// Normalized integers

TEST(ImageFormatNorm, Unorm8HandPicked) {
  ImageFormat f{CO::R, CT::UNORM_INT8};
  auto store = [&](float v) { return pack(f, {v, 9.f, 9.f, 9.f})[0]; };
  EXPECT_EQ(store(0.5f), 128);                      // 127.5: tie to even
  EXPECT_EQ(store(std::nextafter(0.5f, 0.f)), 127); // 127.49998
  EXPECT_EQ(store(0.25f), 64);                      // 63.75
  EXPECT_EQ(store(1.0f / 255.0f), 1);
  EXPECT_EQ(store(2.0f / 255.0f), 2);
  EXPECT_EQ(store(0x1p-7f), 2); // 1.9921875
  EXPECT_EQ(store(1.0f), 255);
  EXPECT_EQ(store(1.5f), 255); // saturates
  EXPECT_EQ(store(-0.0f), 0);
  EXPECT_EQ(store(-0.5f), 0);
  EXPECT_EQ(store(std::numeric_limits<float>::infinity()), 255);
  EXPECT_EQ(store(-std::numeric_limits<float>::infinity()), 0);
  EXPECT_EQ(store(std::numeric_limits<float>::quiet_NaN()), 0);
  EXPECT_EQ(store(-std::numeric_limits<float>::quiet_NaN()), 0);

  auto read = [&](uint8_t c) { return unpack(f, {c}).f(0); };
  EXPECT_EQ(bits(read(0)), bits(0.0f));
  EXPECT_EQ(read(255), 1.0f);
  EXPECT_EQ(read(128), 128.0f / 255.0f);
  EXPECT_EQ(read(1), 1.0f / 255.0f);
}

TEST(ImageFormatNorm, SnormHandPicked) {
  ImageFormat f8{CO::R, CT::SNORM_INT8}, f16{CO::R, CT::SNORM_INT16};
  auto store8 = [&](float v) { return int8_t(pack(f8, {v, 0.f, 0.f, 0.f})[0]); };
  EXPECT_EQ(store8(0.5f), 64);   // 63.5: tie to even
  EXPECT_EQ(store8(-0.5f), -64); // -63.5
  EXPECT_EQ(store8(1.0f), 127);
  EXPECT_EQ(store8(-1.0f), -127);
  // convert_char_sat_rte(-1.5f * 127.0f) = convert_char_sat_rte(-190.5f): -128.
  EXPECT_EQ(store8(-1.5f), -128);
  EXPECT_EQ(store8(2.0f), 127);
  EXPECT_EQ(store8(-0.0f), 0);
  EXPECT_EQ(store8(std::numeric_limits<float>::quiet_NaN()), 0);
  auto store16 = [&](float v) {
    int16_t s;
    std::memcpy(&s, pack(f16, {v, 0.f, 0.f, 0.f}).data(), 2);
    return s;
  };
  EXPECT_EQ(store16(0.5f), 16384); // 16383.5
  EXPECT_EQ(store16(-1.0f), -32767);
  EXPECT_EQ(store16(-7.0f), -32768);

  // read: max(-1.0f, c / 127.0f)
  auto read8 = [&](int8_t c) { return unpack(f8, {uint8_t(c)}).f(0); };
  EXPECT_EQ(read8(-128), -1.0f);
  EXPECT_EQ(read8(-127), -1.0f);
  EXPECT_EQ(read8(127), 1.0f);
  EXPECT_EQ(bits(read8(0)), bits(0.0f));
  EXPECT_EQ(read8(64), 64.0f / 127.0f);
  EXPECT_EQ(read8(-5), -5.0f / 127.0f);
  auto read16 = [&](int16_t c) { return unpack(f16, bytesOf<int16_t>({c})).f(0); };
  EXPECT_EQ(read16(-32768), -1.0f);
  EXPECT_EQ(read16(-32767), -1.0f);
  EXPECT_EQ(read16(32767), 1.0f);
  EXPECT_EQ(read16(1000), 1000.0f / 32767.0f);
}

TEST(ImageFormatNorm, Unorm16HandPicked) {
  ImageFormat f{CO::R, CT::UNORM_INT16};
  auto store = [&](float v) { return pack(f, {v, 0.f, 0.f, 0.f}); };
  EXPECT_EQ(store(0.5f), bytesOf<uint16_t>({32768})); // 32767.5
  EXPECT_EQ(store(1.0f), bytesOf<uint16_t>({65535}));
  EXPECT_EQ(store(1e9f), bytesOf<uint16_t>({65535}));
  EXPECT_EQ(store(-1.0f), bytesOf<uint16_t>({0}));
  EXPECT_EQ(unpack(f, bytesOf<uint16_t>({65535})).f(0), 1.0f);
  EXPECT_EQ(unpack(f, bytesOf<uint16_t>({12345})).f(0), 12345.0f / 65535.0f);
}

/// Every float of a sweep against the formula, for each normalized type.
TEST(ImageFormatNorm, SweepAgainstFormula) {
  struct Case {
    CT type;
    float scale;
    long lo, hi;
  };
  const Case cases[] = {{CT::UNORM_INT8, 255.0f, 0, 255},
                        {CT::UNORM_INT16, 65535.0f, 0, 65535},
                        {CT::SNORM_INT8, 127.0f, -128, 127},
                        {CT::SNORM_INT16, 32767.0f, -32768, 32767}};
  std::vector<float> inputs;
  for (int k = -70000; k <= 70000; ++k) // every multiple of 1/65536 around [-1, 1]
    inputs.push_back(float(k) / 65536.0f);
  for (int k = -2000; k <= 2000; ++k) // halfway points of the 8-bit scales, and neighbours
    for (float s : {255.0f, 127.0f}) {
      float mid = (float(k) + 0.5f) / s;
      inputs.push_back(mid);
      inputs.push_back(std::nextafter(mid, 2.0f));
      inputs.push_back(std::nextafter(mid, -2.0f));
    }
  for (const Case &c : cases) {
    ImageFormat f{CO::R, c.type};
    for (float v : inputs) {
      std::vector<uint8_t> p = pack(f, {v, 0.f, 0.f, 0.f});
      long got = p.size() == 1 ? (c.lo < 0 ? long(int8_t(p[0])) : long(p[0]))
                               : (c.lo < 0 ? long(int16_t(p[0] | p[1] << 8))
                                           : long(uint16_t(p[0] | p[1] << 8)));
      ASSERT_EQ(got, normRef(v, c.scale, c.lo, c.hi)) << std::hexfloat << v;
    }
  }
}

TEST(ImageFormatNorm, UnormReadExact) {
  // (float)c / 255.0f etc. are correctly rounded divisions: compare with
  // the double quotient rounded to float.
  for (uint32_t c = 0; c <= 65535; ++c) {
    Color v = unpack({CO::R, CT::UNORM_INT16}, bytesOf<uint16_t>({uint16_t(c)}));
    ASSERT_EQ(v.f(0), float(double(c) / 65535.0)) << c;
    if (c < 256) {
      ASSERT_EQ(unpack({CO::R, CT::UNORM_INT8}, {uint8_t(c)}).f(0), float(double(c) / 255.0));
      int8_t s = int8_t(c);
      ASSERT_EQ(unpack({CO::R, CT::SNORM_INT8}, {uint8_t(c)}).f(0),
                s <= -127 ? -1.0f : float(double(s) / 127.0));
    }
  }
}

// ---------------------------------------------------------------------------
// Packed types

TEST(ImageFormatPacked, BitLayout) {
  auto word16 = [](const std::vector<uint8_t> &p) { return uint16_t(p[0] | p[1] << 8); };
  auto word32 = [](const std::vector<uint8_t> &p) {
    return uint32_t(p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24);
  };
  for (CO o : {CO::RGB, CO::RGBx}) {
    ImageFormat f565{o, CT::UNORM_SHORT_565}, f555{o, CT::UNORM_SHORT_555},
        f1010{o, CT::UNORM_INT_101010};
    EXPECT_EQ(word16(pack(f565, {1.f, 0.f, 0.f, 0.f})), 0xF800); // R 15:11
    EXPECT_EQ(word16(pack(f565, {0.f, 1.f, 0.f, 0.f})), 0x07E0); // G 10:5
    EXPECT_EQ(word16(pack(f565, {0.f, 0.f, 1.f, 1.f})), 0x001F); // B 4:0, alpha dropped
    // 0.5 * 31 = 15.5 -> 16, 0.5 * 63 = 31.5 -> 32
    EXPECT_EQ(word16(pack(f565, {.5f, .5f, .5f, 0.f})), 16 << 11 | 32 << 5 | 16);
    EXPECT_EQ(word16(pack(f555, {1.f, 0.f, 0.f, 0.f})), 0x7C00); // R 14:10, bit 15 zero
    EXPECT_EQ(word16(pack(f555, {1.f, 1.f, 1.f, 1.f})), 0x7FFF);
    EXPECT_EQ(word32(pack(f1010, {1.f, 0.f, 0.f, 0.f})), 0x3FF00000u); // R 29:20
    EXPECT_EQ(word32(pack(f1010, {0.f, 1.f, 0.f, 0.f})), 0x000FFC00u);
    EXPECT_EQ(word32(pack(f1010, {.5f, -1.f, 2.f, 0.f})), 512u << 20 | 0x3FF); // 511.5 -> 512

    Color c = unpack(f565, bytesOf<uint16_t>({uint16_t(3 << 11 | 40 << 5 | 30)}));
    EXPECT_EQ(c.f(0), 3.0f / 31.0f);
    EXPECT_EQ(c.f(1), 40.0f / 63.0f);
    EXPECT_EQ(c.f(2), 30.0f / 31.0f);
    EXPECT_EQ(c.f(3), 1.0f);
    c = unpack(f555, bytesOf<uint16_t>({uint16_t(0x8000 | 31 << 10 | 1)})); // bit 15 ignored
    EXPECT_EQ(c.f(0), 1.0f);
    EXPECT_EQ(c.f(1), 0.0f);
    EXPECT_EQ(c.f(2), 1.0f / 31.0f);
    c = unpack(f1010, bytesOf<uint32_t>({0xC0000000u | 1023u << 20 | 7u}));
    EXPECT_EQ(c.f(0), 1.0f);
    EXPECT_EQ(c.f(2), 7.0f / 1023.0f);
    EXPECT_EQ(c.f(3), 1.0f);
  }
  ImageFormat f2{CO::RGBA, CT::UNORM_INT_101010_2};
  EXPECT_EQ(word32(pack(f2, {1.f, 0.f, 0.f, 0.f})), 0xFFC00000u); // R 31:22
  EXPECT_EQ(word32(pack(f2, {0.f, 1.f, 0.f, 0.f})), 0x003FF000u); // G 21:12
  EXPECT_EQ(word32(pack(f2, {0.f, 0.f, 1.f, 0.f})), 0x00000FFCu); // B 11:2
  EXPECT_EQ(word32(pack(f2, {0.f, 0.f, 0.f, 1.f})), 0x00000003u); // A 1:0
  EXPECT_EQ(word32(pack(f2, {0.f, 0.f, 0.f, .5f})), 2u);          // 1.5 -> 2
  Color c = unpack(f2, bytesOf<uint32_t>({1u << 22 | 2u << 12 | 3u << 2 | 1u}));
  EXPECT_EQ(c.f(0), 1.0f / 1023.0f);
  EXPECT_EQ(c.f(1), 2.0f / 1023.0f);
  EXPECT_EQ(c.f(2), 3.0f / 1023.0f);
  EXPECT_EQ(c.f(3), 1.0f / 3.0f);
}

// ---------------------------------------------------------------------------
// Half

uint16_t storeHalf(float v) {
  std::vector<uint8_t> p = pack({CO::R, CT::HALF_FLOAT}, {v, 0.f, 0.f, 0.f});
  return uint16_t(p[0] | p[1] << 8);
}

TEST(ImageFormatHalf, HandPicked) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(storeHalf(1.0f), 0x3C00);
  EXPECT_EQ(storeHalf(-2.0f), 0xC000);
  EXPECT_EQ(storeHalf(0.0f), 0x0000);
  EXPECT_EQ(storeHalf(-0.0f), 0x8000);
  EXPECT_EQ(storeHalf(65504.0f), 0x7BFF);
  EXPECT_EQ(storeHalf(65519.0f), 0x7BFF);
  EXPECT_EQ(storeHalf(65520.0f), 0x7C00); // tie between 65504 (odd) and 2^16: even = inf
  EXPECT_EQ(storeHalf(inf), 0x7C00);
  EXPECT_EQ(storeHalf(-inf), 0xFC00);
  EXPECT_EQ(storeHalf(1.0f + 0x1p-11f), 0x3C00);     // tie: to even
  EXPECT_EQ(storeHalf(1.0f + 3 * 0x1p-11f), 0x3C02); // tie: to even (up)
  EXPECT_EQ(storeHalf(1.0f + 0x1p-11f + 0x1p-20f), 0x3C01);
  EXPECT_EQ(storeHalf(0x1p-14f), 0x0400); // smallest normal
  EXPECT_EQ(storeHalf(0x1p-24f), 0x0001); // smallest denormal
  EXPECT_EQ(storeHalf(-0x1p-24f), 0x8001);
  EXPECT_EQ(storeHalf(0x1p-25f), 0x0000); // tie: to even (zero)
  EXPECT_EQ(storeHalf(-0x1p-25f), 0x8000);
  EXPECT_EQ(storeHalf(0x1.000002p-25f), 0x0001);    // just above the tie
  EXPECT_EQ(storeHalf(3 * 0x1p-25f), 0x0002);       // 1.5 units: tie to even (2)
  EXPECT_EQ(storeHalf(5 * 0x1p-25f), 0x0002);       // 2.5 units: tie to even (2)
  EXPECT_EQ(storeHalf(1023.5f * 0x1p-24f), 0x0400); // largest denormal + 1/2: carries
  EXPECT_EQ(storeHalf(0x1p-30f), 0x0000);
  EXPECT_EQ(storeHalf(1e-40f), 0x0000); // float denormal
  for (float nan :
       {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN(),
        std::bit_cast<float>(0x7F800001u) /* signalling, payload in low bits */}) {
    uint16_t h = storeHalf(nan);
    EXPECT_EQ(h & 0x7C00, 0x7C00) << std::hex << h;
    EXPECT_NE(h & 0x03FF, 0) << std::hex << h;
    EXPECT_EQ(h & 0x8000, std::signbit(nan) ? 0x8000 : 0);
  }

  auto read = [](uint16_t h) { return unpack({CO::R, CT::HALF_FLOAT}, bytesOf<uint16_t>({h})); };
  EXPECT_EQ(read(0x3C00).f(0), 1.0f);
  EXPECT_EQ(read(0x0001).f(0), 0x1p-24f);
  EXPECT_EQ(read(0x83FF).f(0), -1023 * 0x1p-24f);
  EXPECT_EQ(read(0x7BFF).f(0), 65504.0f);
  EXPECT_EQ(read(0x7C00).f(0), inf);
  EXPECT_EQ(read(0xFC00).f(0), -inf);
  EXPECT_EQ(bits(read(0x8000).f(0)), 0x80000000u);
  EXPECT_TRUE(std::isnan(read(0x7E00).f(0)));
  EXPECT_TRUE(std::isnan(read(0x7C01).f(0)));
  EXPECT_EQ(read(0x3C00).f(3), 1.0f); // R format: alpha 1
}

TEST(ImageFormatHalf, EveryHalfAndEveryMidpoint) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    bool isNan = (h & 0x7C00) == 0x7C00 && (h & 0x3FF);
    bool isInf = (h & 0x7FFF) == 0x7C00;
    float f = unpack({CO::R, CT::HALF_FLOAT}, bytesOf<uint16_t>({uint16_t(h)})).f(0);
    if (isNan) {
      ASSERT_TRUE(std::isnan(f)) << h;
      continue;
    }
    if (!isInf)
      ASSERT_EQ(double(f), halfValue(uint16_t(h))) << h; // exact
    ASSERT_EQ(storeHalf(f), h) << h;                     // and back
    if (isInf || (h & 0x7FFF) == 0x7BFF)
      continue;
    // The point halfway to the next half away from zero, and its float neighbours.
    double next = halfValue(uint16_t(h + 1));
    float mid = float((double(f) + next) / 2); // exact: 12 significant bits
    ASSERT_EQ(double(mid), (double(f) + next) / 2);
    for (float v : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 2 * mid)})
      ASSERT_EQ(storeHalf(v), halfRef(v)) << std::hexfloat << v;
  }
}

TEST(ImageFormatHalf, RandomFloatsAgainstReference) {
  std::mt19937 rng(1234);
  for (int i = 0; i < 200000; ++i) {
    float v = std::bit_cast<float>(uint32_t(rng()));
    if (std::isnan(v))
      continue;
    ASSERT_EQ(storeHalf(v), halfRef(v)) << std::hexfloat << v;
  }
}

// ---------------------------------------------------------------------------
// sRGB

TEST(ImageFormatSrgb, HandPicked) {
  ImageFormat f{CO::sRGBA, CT::UNORM_INT8};
  // 1.055 * 0.5^(1/2.4) - 0.055 = 0.7353569..., * 255 = 187.516: 188.
  EXPECT_EQ(pack(f, {0.5f, 0.f, 1.f, 0.5f}), (std::vector<uint8_t>{188, 0, 255, 128}));
  // Linear part: 12.92 * 0.001 * 255 = 3.29: 3; 0.002 * 12.92 * 255 = 6.59: 7.
  EXPECT_EQ(pack(f, {0.001f, 0.002f, 2.0f, -1.f}), (std::vector<uint8_t>{3, 7, 255, 0}));
  // NaN -> 0, negative -> 0; alpha is linear (0.25 * 255 = 63.75: 64).
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(pack(f, {nan, -0.5f, 0.04f, 0.25f}),
            (std::vector<uint8_t>{0, 0, 56 /* 1.055*0.04^(1/2.4)-0.055 = 0.2200 */, 64}));

  Color c = unpack(f, {188, 10, 255, 128});
  EXPECT_NEAR(c.f(0), 0.5028864f, 1e-6f);             // ((188/255 + 0.055) / 1.055)^2.4
  EXPECT_EQ(c.f(1), float((10.0f / 255.0f) / 12.92)); // 0.0392 <= 0.04045: linear part
  EXPECT_EQ(c.f(2), 1.0f);
  EXPECT_EQ(c.f(3), 128.0f / 255.0f); // alpha linear
  EXPECT_EQ(bits(unpack(f, {0, 0, 0, 0}).f(0)), 0u);
}

TEST(ImageFormatSrgb, OrdersAndEveryCode) {
  // sBGRA stores B, G, R, A; sRGBx pads with zero; read gives alpha 1.
  EXPECT_EQ(pack({CO::sBGRA, CT::UNORM_INT8}, {0.5f, 0.f, 1.f, 0.5f}),
            (std::vector<uint8_t>{255, 0, 188, 128}));
  EXPECT_EQ(pack({CO::sRGBx, CT::UNORM_INT8}, {0.5f, 0.f, 1.f, 0.5f}),
            (std::vector<uint8_t>{188, 0, 255, 0}));
  EXPECT_EQ(unpack({CO::sRGBx, CT::UNORM_INT8}, {255, 0, 0, 7}).f(3), 1.0f);
  // Decoding then encoding gives each code back; the decoded values match
  // the spec's formula evaluated in double, and increase with the code.
  ImageFormat f{CO::sRGBA, CT::UNORM_INT8};
  float previous = -1.0f;
  for (int code = 0; code < 256; ++code) {
    uint8_t b = uint8_t(code);
    Color c = unpack(f, {b, b, b, b});
    double x = double(float(code) / 255.0f);
    double want = x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
    EXPECT_NEAR(c.f(0), want, std::ldexp(std::max(want, 1e-30), -23)) << code;
    EXPECT_GT(c.f(0), previous);
    previous = c.f(0);
    EXPECT_EQ(pack(f, {c.f(0), c.f(1), c.f(2), c.f(3)}), (std::vector<uint8_t>{b, b, b, b}));
  }
}

// ---------------------------------------------------------------------------
// Integers and float

TEST(ImageFormatInt, Saturation) {
  EXPECT_EQ(pack({CO::RGBA, CT::SIGNED_INT8}, {200, -200, -128, 127}),
            (std::vector<uint8_t>{127, 0x80, 0x80, 127}));
  EXPECT_EQ(pack({CO::RG, CT::SIGNED_INT16}, {40000, -40000, 0, 0}),
            bytesOf<int16_t>({32767, -32768}));
  EXPECT_EQ(pack({CO::RG, CT::SIGNED_INT32}, {INT32_MIN, INT32_MAX, 0, 0}),
            bytesOf<int32_t>({INT32_MIN, INT32_MAX}));
  EXPECT_EQ(pack({CO::RGBA, CT::UNSIGNED_INT8}, {300u, 0xFFFFFFFFu, 255u, 7u}),
            (std::vector<uint8_t>{255, 255, 255, 7}));
  EXPECT_EQ(pack({CO::RG, CT::UNSIGNED_INT16}, {70000u, 65535u, 0u, 0u}),
            bytesOf<uint16_t>({65535, 65535}));
  EXPECT_EQ(pack({CO::R, CT::UNSIGNED_INT32}, {0xFFFFFFFFu, 0u, 0u, 0u}),
            bytesOf<uint32_t>({0xFFFFFFFFu}));
}

TEST(ImageFormatInt, ReadExtendsAndFillsIntegerOne) {
  Color c = unpack({CO::R, CT::SIGNED_INT8}, {0x80});
  EXPECT_EQ(c.i(0), -128); // sign-extended
  EXPECT_EQ(c.i(1), 0);
  EXPECT_EQ(c.i(3), 1); // the integer 1, not 1.0f
  c = unpack({CO::R, CT::SIGNED_INT16}, bytesOf<int16_t>({-2}));
  EXPECT_EQ(c.i(0), -2);
  c = unpack({CO::RA, CT::UNSIGNED_INT8}, {0xFF, 0x80});
  EXPECT_EQ(c.v[0], 255u); // zero-extended
  EXPECT_EQ(c.v[3], 128u);
  c = unpack({CO::RG, CT::UNSIGNED_INT16}, bytesOf<uint16_t>({65535, 1}));
  EXPECT_EQ(c.v[0], 65535u);
  EXPECT_EQ(c.v[1], 1u);
  EXPECT_EQ(c.v[3], 1u);
}

TEST(ImageFormatFloat, BitsKept) {
  const uint32_t patterns[] = {0x80000000u, 0x00000001u /* denormal */,
                               0x7FC12345u, 0xFF800001u /* signalling NaN */,
                               0x7F800000u, 0x3F800000u};
  for (uint32_t p : patterns) {
    float v = std::bit_cast<float>(p);
    std::vector<uint8_t> px = pack({CO::R, CT::FLOAT}, {v, 0.f, 0.f, 0.f});
    EXPECT_EQ(px, bytesOf<uint32_t>({p}));
    EXPECT_EQ(unpack({CO::R, CT::FLOAT}, px).v[0], p);
  }
}

// ---------------------------------------------------------------------------
// Channel orders

TEST(ImageFormatOrder, WriteMapping) {
  const uint32_t c[4] = {1, 2, 3, 4}; // r, g, b, a
  auto px = [&](CO o) { return pack({o, CT::UNSIGNED_INT8}, c); };
  EXPECT_EQ(px(CO::R), (std::vector<uint8_t>{1}));
  EXPECT_EQ(px(CO::A), (std::vector<uint8_t>{4}));
  EXPECT_EQ(px(CO::RG), (std::vector<uint8_t>{1, 2}));
  EXPECT_EQ(px(CO::RA), (std::vector<uint8_t>{1, 4}));
  EXPECT_EQ(px(CO::Rx), (std::vector<uint8_t>{1, 0}));
  EXPECT_EQ(px(CO::RGBA), (std::vector<uint8_t>{1, 2, 3, 4}));
  EXPECT_EQ(px(CO::BGRA), (std::vector<uint8_t>{3, 2, 1, 4}));
  EXPECT_EQ(px(CO::ARGB), (std::vector<uint8_t>{4, 1, 2, 3}));
  EXPECT_EQ(px(CO::ABGR), (std::vector<uint8_t>{4, 3, 2, 1}));
  // INTENSITY and LUMINANCE store red.
  const float f[4] = {0.2f, 0.4f, 0.6f, 0.8f};
  EXPECT_EQ(pack({CO::INTENSITY, CT::UNORM_INT8}, f), (std::vector<uint8_t>{51}));
  EXPECT_EQ(pack({CO::LUMINANCE, CT::UNORM_INT8}, f), (std::vector<uint8_t>{51}));
  // DEPTH reads one float only (the fill color of a depth image).
  const float depth[1] = {0.5f};
  EXPECT_EQ(pack({CO::DEPTH, CT::UNORM_INT16}, depth), bytesOf<uint16_t>({32768}));
  EXPECT_EQ(pack({CO::DEPTH, CT::FLOAT}, depth), bytesOf<float>({0.5f}));
}

TEST(ImageFormatOrder, ReadMapping) {
  auto read = [](CO o, std::vector<uint8_t> px) { return unpack({o, CT::UNSIGNED_INT8}, px); };
  auto is = [](Color c, uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return c.v[0] == r && c.v[1] == g && c.v[2] == b && c.v[3] == a;
  };
  EXPECT_TRUE(is(read(CO::R, {9}), 9, 0, 0, 1));
  EXPECT_TRUE(is(read(CO::A, {9}), 0, 0, 0, 9));
  EXPECT_TRUE(is(read(CO::RG, {9, 8}), 9, 8, 0, 1));
  EXPECT_TRUE(is(read(CO::RA, {9, 8}), 9, 0, 0, 8));
  EXPECT_TRUE(is(read(CO::Rx, {9, 8}), 9, 0, 0, 1));
  EXPECT_TRUE(is(read(CO::RGBA, {1, 2, 3, 4}), 1, 2, 3, 4));
  EXPECT_TRUE(is(read(CO::BGRA, {1, 2, 3, 4}), 3, 2, 1, 4));
  EXPECT_TRUE(is(read(CO::ARGB, {1, 2, 3, 4}), 2, 3, 4, 1));
  EXPECT_TRUE(is(read(CO::ABGR, {1, 2, 3, 4}), 4, 3, 2, 1));

  Color c = unpack({CO::INTENSITY, CT::UNORM_INT8}, {51});
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(c.f(i), 0.2f); // 51 / 255.0f == 0.2f
  c = unpack({CO::LUMINANCE, CT::HALF_FLOAT}, bytesOf<uint16_t>({0x3800}));
  EXPECT_EQ(c.f(0), 0.5f);
  EXPECT_EQ(c.f(1), 0.5f);
  EXPECT_EQ(c.f(2), 0.5f);
  EXPECT_EQ(c.f(3), 1.0f);
  c = unpack({CO::A, CT::FLOAT}, bytesOf<float>({0.25f}));
  EXPECT_TRUE(is(c, 0, 0, 0, bits(0.25f)));
  c = unpack({CO::DEPTH, CT::UNORM_INT16}, bytesOf<uint16_t>({65535}));
  EXPECT_TRUE(is(c, bits(1.0f), 0, 0, bits(1.0f)));
  c = unpack({CO::RG, CT::SNORM_INT8}, {127, 0x81});
  EXPECT_TRUE(is(c, bits(1.0f), bits(-1.0f), 0, bits(1.0f)));
}

// ---------------------------------------------------------------------------
// Round trips: a stored pixel, read and written back, is the same pixel.

/// Clears what a write does not keep: padding channels, the undefined bits
/// of packed types; maps what reads fold together (snorm minimum -> -127,
/// half NaNs -> quiet) to the value a write gives back.
std::vector<uint8_t> canonical(ImageFormat f, std::vector<uint8_t> p) {
  unsigned n = channelCount(f.order);
  size_t size = pixelBytes(f);
  switch (f.type) {
  case CT::UNORM_SHORT_555:
    p[1] &= 0x7F;
    return p;
  case CT::UNORM_INT_101010:
    p[3] &= 0x3F;
    return p;
  case CT::UNORM_SHORT_565:
  case CT::UNORM_INT_101010_2:
    return p;
  default:
    break;
  }
  size_t chan = size / n;
  bool padded =
      f.order == CO::Rx || f.order == CO::RGx || f.order == CO::RGBx || f.order == CO::sRGBx;
  if (padded)
    std::fill(p.end() - long(chan), p.end(), 0);
  for (size_t at = 0; at < size; at += chan) {
    if (f.type == CT::SNORM_INT8 && p[at] == 0x80)
      p[at] = 0x81;
    if (f.type == CT::SNORM_INT16 && p[at] == 0x00 && p[at + 1] == 0x80)
      p[at] = 0x01;
    if (f.type == CT::HALF_FLOAT && (p[at + 1] & 0x7C) == 0x7C && ((p[at + 1] & 3) || p[at]))
      p[at + 1] |= 0x02; // quiet bit
  }
  return p;
}

TEST(ImageFormatRoundTrip, EveryValidFormat) {
  std::mt19937 rng(42);
  int formats = 0;
  for (CO o : kAllOrders)
    for (CT t : kAllTypes) {
      ImageFormat f{o, t};
      if (!isValidFormat(f))
        continue;
      ++formats;
      size_t size = pixelBytes(f);
      for (int i = 0; i < 5000; ++i) {
        std::vector<uint8_t> p(size);
        for (uint8_t &b : p)
          b = uint8_t(rng());
        if (i < 256) // every byte value in every position
          std::fill(p.begin(), p.end(), uint8_t(i));
        p = canonical(f, p);
        uint32_t color[4];
        unpackColor(f, p.data(), color);
        std::vector<uint8_t> back(size);
        packColor(f, color, back.data());
        ASSERT_EQ(back, p) << std::hex << uint32_t(o) << " " << uint32_t(t) << " sample " << i;
      }
    }
  EXPECT_EQ(formats, 108);
}

} // namespace
} // namespace corecl::rt
