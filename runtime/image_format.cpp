// Image formats and pixel conversions. The formulas are the OpenCL C spec's
// "Conversion Rules" (normalized integer, half, float, signed/unsigned
// integer and sRGB channels) and its table "Mapping Image Channels to Color
// Values Returned by read_image and Color Values Passed to write_image";
// the valid pairs are the API spec's "Image Format Descriptor" rules.
#include "runtime/image_format.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>

namespace corecl::rt {
namespace {

// ---------------------------------------------------------------------------
// Tables

// RGBA components of a color, as bits: where a stored channel lands when
// read, and (its lowest bit) which component a write stores in it.
constexpr uint8_t kR = 1, kG = 2, kB = 4, kA = 8;

constexpr uint32_t kFirstOrder = 0x10B0, kFirstType = 0x10D0;

constexpr uint32_t typeBit(ChannelType t) {
  return 1u << (uint32_t(t) - kFirstType);
}

using CT = ChannelType;
constexpr uint32_t k8Bit = typeBit(CT::SNORM_INT8) | typeBit(CT::UNORM_INT8) |
                           typeBit(CT::SIGNED_INT8) | typeBit(CT::UNSIGNED_INT8);
constexpr uint32_t kNormOrFloat = typeBit(CT::SNORM_INT8) | typeBit(CT::SNORM_INT16) |
                                  typeBit(CT::UNORM_INT8) | typeBit(CT::UNORM_INT16) |
                                  typeBit(CT::HALF_FLOAT) | typeBit(CT::FLOAT);
constexpr uint32_t kUnpacked = kNormOrFloat | typeBit(CT::SIGNED_INT8) | typeBit(CT::SIGNED_INT16) |
                               typeBit(CT::SIGNED_INT32) | typeBit(CT::UNSIGNED_INT8) |
                               typeBit(CT::UNSIGNED_INT16) | typeBit(CT::UNSIGNED_INT32);
constexpr uint32_t kPackedRgb =
    typeBit(CT::UNORM_SHORT_565) | typeBit(CT::UNORM_SHORT_555) | typeBit(CT::UNORM_INT_101010);

struct OrderInfo {
  uint8_t channels; // stored channels, padding included; 0: not an order
  uint8_t lands[4]; // per stored channel; 0 for padding ("x")
  bool srgb;        // R, G and B are sRGB encoded (alpha stays linear)
  // The types the order admits. Beyond the power-of-two rule (checked in
  // isValidFormat), OpenCL 1.1/1.2 restrict INTENSITY and LUMINANCE to
  // normalized and float types, RGB/RGBx to the packed 565/555/101010,
  // BGRA/ARGB to 8-bit types (ABGR, new in 2.0, is given the same rule here
  // by analogy: no text found for it); the packed types name their orders
  // (RGB/RGBx, and RGBA for 101010_2);
  // cl_khr_depth_images allows DEPTH with UNORM_INT16 and FLOAT; the sRGB
  // conversion rules exist for UNORM_INT8 only.
  uint32_t types;
};

// Indexed by order - 0x10B0; 0x10BE (CL_DEPTH_STENCIL) is left empty.
constexpr OrderInfo kOrders[] = {
    {1, {kR}, false, kUnpacked},                                               // R
    {1, {kA}, false, kUnpacked},                                               // A
    {2, {kR, kG}, false, kUnpacked},                                           // RG
    {2, {kR, kA}, false, kUnpacked},                                           // RA
    {3, {kR, kG, kB}, false, kPackedRgb},                                      // RGB
    {4, {kR, kG, kB, kA}, false, kUnpacked | typeBit(CT::UNORM_INT_101010_2)}, // RGBA
    {4, {kB, kG, kR, kA}, false, k8Bit},                                       // BGRA
    {4, {kA, kR, kG, kB}, false, k8Bit},                                       // ARGB
    {1, {kR | kG | kB | kA}, false, kNormOrFloat},                             // INTENSITY
    {1, {kR | kG | kB}, false, kNormOrFloat},                                  // LUMINANCE
    {2, {kR, 0}, false, kUnpacked},                                            // Rx
    {3, {kR, kG, 0}, false, kUnpacked},                                        // RGx
    {4, {kR, kG, kB, 0}, false, kPackedRgb},                                   // RGBx
    {1, {kR}, false, typeBit(CT::UNORM_INT16) | typeBit(CT::FLOAT)},           // DEPTH
    {0, {}, false, 0},                                                         // (DEPTH_STENCIL)
    {3, {kR, kG, kB}, true, typeBit(CT::UNORM_INT8)},                          // sRGB
    {4, {kR, kG, kB, 0}, true, typeBit(CT::UNORM_INT8)},                       // sRGBx
    {4, {kR, kG, kB, kA}, true, typeBit(CT::UNORM_INT8)},                      // sRGBA
    {4, {kB, kG, kR, kA}, true, typeBit(CT::UNORM_INT8)},                      // sBGRA
    {4, {kA, kB, kG, kR}, false, k8Bit},                                       // ABGR
};

static_assert(std::size(kOrders) == uint32_t(ChannelOrder::ABGR) - kFirstOrder + 1);

enum class Code : uint8_t { None, UNorm, SNorm, SInt, UInt, Half, Float };

struct TypeInfo {
  Code code;
  uint8_t bytes;     // per channel, or per pixel when packed
  uint8_t fields;    // packed: bit fields, first one in the top bits; else 0
  uint8_t widths[4]; // packed: the fields' widths in bits
};

// Indexed by type - 0x10D0; 0x10DF (CL_UNORM_INT24) is left empty.
constexpr TypeInfo kTypes[] = {
    {Code::SNorm, 1, 0, {}},              // SNORM_INT8
    {Code::SNorm, 2, 0, {}},              // SNORM_INT16
    {Code::UNorm, 1, 0, {}},              // UNORM_INT8
    {Code::UNorm, 2, 0, {}},              // UNORM_INT16
    {Code::UNorm, 2, 3, {5, 6, 5}},       // UNORM_SHORT_565: R 15:11, G 10:5, B 4:0
    {Code::UNorm, 2, 3, {5, 5, 5}},       // UNORM_SHORT_555: bit 15 undefined
    {Code::UNorm, 4, 3, {10, 10, 10}},    // UNORM_INT_101010: bits 31:30 undefined
    {Code::SInt, 1, 0, {}},               // SIGNED_INT8
    {Code::SInt, 2, 0, {}},               // SIGNED_INT16
    {Code::SInt, 4, 0, {}},               // SIGNED_INT32
    {Code::UInt, 1, 0, {}},               // UNSIGNED_INT8
    {Code::UInt, 2, 0, {}},               // UNSIGNED_INT16
    {Code::UInt, 4, 0, {}},               // UNSIGNED_INT32
    {Code::Half, 2, 0, {}},               // HALF_FLOAT
    {Code::Float, 4, 0, {}},              // FLOAT
    {Code::None, 0, 0, {}},               // (UNORM_INT24)
    {Code::UNorm, 4, 4, {10, 10, 10, 2}}, // UNORM_INT_101010_2
};

static_assert(std::size(kTypes) == uint32_t(ChannelType::UNORM_INT_101010_2) - kFirstType + 1);

constexpr OrderInfo kNoOrder{};
constexpr TypeInfo kNoType{};

const OrderInfo &orderInfo(ChannelOrder order) {
  uint32_t i = uint32_t(order) - kFirstOrder; // wraps for values below
  return i < std::size(kOrders) ? kOrders[i] : kNoOrder;
}

const TypeInfo &typeInfo(ChannelType type) {
  uint32_t i = uint32_t(type) - kFirstType;
  return i < std::size(kTypes) ? kTypes[i] : kNoType;
}

/// Bit width of stored channel or packed field `i`.
unsigned fieldWidth(const TypeInfo &t, unsigned i) {
  return t.fields ? t.widths[i] : t.bytes * 8;
}

// ---------------------------------------------------------------------------
// Scalar conversions

template <class T> T load(const void *p, unsigned index = 0) {
  T v;
  std::memcpy(&v, static_cast<const char *>(p) + index * sizeof(T), sizeof(T));
  return v;
}

template <class T> void store(void *p, unsigned index, T v) {
  std::memcpy(static_cast<char *>(p) + index * sizeof(T), &v, sizeof(T));
}

/// Round to nearest, ties to even, whatever the FP environment's mode.
float roundEven(float x) {
  float r = std::floor(x);
  float rest = x - r; // exact for the clamped values it gets
  if (rest > 0.5f || (rest == 0.5f && std::fmod(r, 2.0f) != 0.0f))
    r += 1.0f;
  return r;
}

/// convert_<int>_sat_rte(f * max): the spec multiplies in float, then
/// rounds to nearest even and saturates, NaN giving 0. Clamping before
/// rounding gives the same result, the bounds being integers.
int32_t floatToNorm(float f, float lo, float hi) {
  if (std::isnan(f))
    return 0;
  return int32_t(roundEven(std::clamp(f * hi, lo, hi)));
}

/// The sRGB write rule, step by step as the spec writes it (in double: the
/// spec's reference; a result within 0.6 of it is required).
uint32_t linearToSrgb8(float f) {
  double c = f;
  if (std::isnan(c))
    c = 0.0;
  if (c > 1.0)
    c = 1.0;
  else if (c < 0.0)
    c = 0.0;
  else if (c < 0.0031308)
    c = 12.92 * c;
  else
    c = 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
  return uint32_t(std::floor(c * 255.0 + 0.5));
}

/// The sRGB read rule on c = stored / 255.0f (the UNORM_INT8 rule first).
float srgb8ToLinear(uint32_t stored) {
  double c = float(stored) / 255.0f;
  return float(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
}

/// float -> half, round to nearest even, half denormals kept (not flushed),
/// infinities kept, NaN stays a (quiet) NaN with its sign and top payload.
uint16_t floatToHalf(float f) {
  uint32_t x = std::bit_cast<uint32_t>(f);
  uint16_t sign = uint16_t(x >> 16 & 0x8000);
  uint32_t mag = x & 0x7fffffff;
  if (mag > 0x7f800000) // NaN
    return sign | 0x7e00 | uint16_t(mag >> 13 & 0x3ff);
  if (mag >= 0x477ff000) // >= 65520 (halfway past 65504, the tie goes to even: inf)
    return sign | 0x7c00;
  if (mag >= 0x38800000) { // normal half: rebias the exponent, round off 13 bits
    uint32_t m = mag - 0x38000000;
    return sign | uint16_t((m + 0xfff + (m >> 13 & 1)) >> 13);
  }
  if (mag < 0x33000000) // below 2^-25, half the smallest denormal (the tie at it goes to 0)
    return sign;
  // Denormal half: count units of 2^-24 in the full significand.
  uint32_t significand = (mag & 0x7fffff) | 0x800000;
  unsigned shift = 126 - (mag >> 23); // 14 .. 24
  uint32_t q = significand >> shift;
  uint32_t rest = significand & ((1u << shift) - 1), halfway = 1u << (shift - 1);
  if (rest > halfway || (rest == halfway && (q & 1)))
    ++q; // may carry into the smallest normal, which is the right encoding
  return sign | uint16_t(q);
}

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exponent = h >> 10 & 0x1f, mantissa = h & 0x3ff;
  if (exponent == 0) // zero or denormal: mantissa * 2^-24, exact in float
    return std::bit_cast<float>(sign | std::bit_cast<uint32_t>(float(mantissa) * 0x1p-24f));
  if (exponent == 0x1f) // inf or NaN, payload kept
    return std::bit_cast<float>(sign | 0x7f800000 | mantissa << 13);
  return std::bit_cast<float>(sign | (exponent + 112) << 23 | mantissa << 13);
}

/// Component `comp` of `color` as a stored channel of `width` bits. A
/// normalized channel of n bits scales by 2^n - 1, as the spec's formulas
/// do for 8, 10 and 16 bits (it gives none for the 5- and 6-bit fields of
/// 565/555 nor the 2-bit alpha of 101010_2; 31, 63 and 3 follow the rule).
uint32_t encodeChannel(Code code, unsigned width, const void *color, unsigned comp, bool srgb) {
  switch (code) {
  case Code::UNorm:
    if (srgb)
      return linearToSrgb8(load<float>(color, comp));
    return uint32_t(floatToNorm(load<float>(color, comp), 0.0f, float((1u << width) - 1)));
  case Code::SNorm: {
    float max = float((1u << (width - 1)) - 1);
    return uint32_t(floatToNorm(load<float>(color, comp), -max - 1.0f, max));
  }
  case Code::SInt: { // convert_char_sat / convert_short_sat; int32 as is
    int64_t max = (int64_t(1) << (width - 1)) - 1;
    return uint32_t(std::clamp<int64_t>(load<int32_t>(color, comp), -max - 1, max));
  }
  case Code::UInt: // convert_uchar_sat / convert_ushort_sat; uint32 as is
    return uint32_t(std::min<uint64_t>(load<uint32_t>(color, comp), (uint64_t(1) << width) - 1));
  case Code::Half:
    return floatToHalf(load<float>(color, comp));
  case Code::Float: // the bits as they are: NaN payloads and denormals kept
  case Code::None:
    break;
  }
  return load<uint32_t>(color, comp);
}

/// A stored channel of `width` bits as the 32 bits of a float, int or uint.
uint32_t decodeChannel(Code code, unsigned width, uint32_t stored, bool srgb) {
  unsigned unused = 32 - width;
  int32_t signedValue = int32_t(stored << unused) >> unused; // sign-extended
  switch (code) {
  case Code::UNorm:
    return std::bit_cast<uint32_t>(srgb ? srgb8ToLinear(stored)
                                        : float(stored) / float((1u << width) - 1));
  case Code::SNorm: // max(-1.0f, (float)c / 127.0f): -128 and -127 both give -1
    return std::bit_cast<uint32_t>(
        std::max(-1.0f, float(signedValue) / float((1u << (width - 1)) - 1)));
  case Code::SInt:
    return uint32_t(signedValue);
  case Code::Half:
    return std::bit_cast<uint32_t>(halfToFloat(uint16_t(stored)));
  case Code::UInt:
  case Code::Float:
  case Code::None:
    break;
  }
  return stored;
}

} // namespace

// ---------------------------------------------------------------------------

unsigned channelCount(ChannelOrder order) {
  return orderInfo(order).channels;
}

bool isValidFormat(ImageFormat format) {
  const OrderInfo &o = orderInfo(format.order);
  const TypeInfo &t = typeInfo(format.type);
  if (!o.channels || t.code == Code::None || !(o.types & typeBit(format.type)))
    return false;
  // "The number of bits per element ... must be a power of two": rules out
  // three 8-, 16- or 32-bit channels (RGx, sRGB) whatever the type.
  return t.fields || std::has_single_bit(unsigned(o.channels) * t.bytes);
}

size_t pixelBytes(ImageFormat format) {
  if (!isValidFormat(format))
    return 0;
  const TypeInfo &t = typeInfo(format.type);
  return t.fields ? t.bytes : size_t(orderInfo(format.order).channels) * t.bytes;
}

ColorKind colorKind(ChannelType type) {
  switch (typeInfo(type).code) {
  case Code::SInt:
    return ColorKind::Int;
  case Code::UInt:
    return ColorKind::Uint;
  default:
    return ColorKind::Float;
  }
}

void packColor(ImageFormat format, const void *color, void *pixel) {
  const OrderInfo &o = orderInfo(format.order);
  const TypeInfo &t = typeInfo(format.type);
  unsigned n = t.fields ? t.fields : o.channels; // packed RGBx: three fields
  uint32_t word = 0;
  for (unsigned i = 0; i < n; ++i) {
    unsigned width = fieldWidth(t, i);
    uint32_t v = 0; // padding channels are written as zero
    if (uint8_t lands = o.lands[i]) {
      unsigned comp = unsigned(std::countr_zero(lands));
      v = encodeChannel(t.code, width, color, comp, o.srgb && comp < 3);
    }
    if (!t.fields) {
      if (t.bytes == 1)
        store(pixel, i, uint8_t(v));
      else if (t.bytes == 2)
        store(pixel, i, uint16_t(v));
      else
        store(pixel, i, v);
    } else {
      word = word << width | v; // first field ends up in the top bits
    }
  }
  if (t.fields == 0)
    return;
  if (t.bytes == 2)
    store(pixel, 0, uint16_t(word));
  else
    store(pixel, 0, word);
}

void unpackColor(ImageFormat format, const void *pixel, void *color) {
  const OrderInfo &o = orderInfo(format.order);
  const TypeInfo &t = typeInfo(format.type);
  // Components the format lacks: 0 for red, green and blue, 1 for alpha
  // (1.0f for float colors, the integer 1 for int and uint colors).
  uint32_t one = colorKind(format.type) == ColorKind::Float ? std::bit_cast<uint32_t>(1.0f) : 1;
  uint32_t out[4] = {0, 0, 0, one};
  unsigned n = t.fields ? t.fields : o.channels;
  uint32_t word = t.fields == 0 ? 0 : t.bytes == 2 ? load<uint16_t>(pixel) : load<uint32_t>(pixel);
  unsigned shift = t.bytes * 8; // packed: the fields' bits, from the top down
  if (t.fields == 3)
    shift = t.widths[0] + t.widths[1] + t.widths[2]; // 555 and 101010 leave top bits unused
  for (unsigned i = 0; i < n; ++i) {
    unsigned width = fieldWidth(t, i);
    uint32_t stored;
    if (t.fields) {
      shift -= width;
      stored = word >> shift & ((1u << width) - 1);
    } else {
      stored = t.bytes == 1   ? load<uint8_t>(pixel, i)
               : t.bytes == 2 ? load<uint16_t>(pixel, i)
                              : load<uint32_t>(pixel, i);
    }
    uint8_t lands = o.lands[i];
    if (!lands)
      continue;
    uint32_t v = decodeChannel(t.code, width, stored, o.srgb && lands != kA);
    for (unsigned c = 0; c < 4; ++c)
      if (lands >> c & 1)
        out[c] = v;
  }
  std::memcpy(color, out, sizeof out);
}

} // namespace corecl::rt
