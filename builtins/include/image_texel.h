// The texel layer of the image builtins: the channel formats, a pixel's
// load and store as a color, and where a pixel is, shared by the
// integer-coordinate reads and writes (image_rw.cl) and the sampled reads
// (image_sample.cl).
//
// The conversions follow the OpenCL C spec's "Conversion Rules" and its
// table mapping image channels to color values, as the host's
// runtime/image_format.cpp (packColor/unpackColor) does: one load and one
// store function per color kind (float, int, uint) dispatch on the
// descriptor's channel data type and order.
#pragma once
#include "builtins.h"
#include "image.h"

// The API's cl_channel_order and cl_channel_type values (CL/cl.h): OpenCL
// C only has the CLK_ spellings of some of them.
#define ORDER_R 0x10B0
#define ORDER_A 0x10B1
#define ORDER_RG 0x10B2
#define ORDER_RA 0x10B3
#define ORDER_RGB 0x10B4
#define ORDER_RGBA 0x10B5
#define ORDER_BGRA 0x10B6
#define ORDER_ARGB 0x10B7
#define ORDER_INTENSITY 0x10B8
#define ORDER_LUMINANCE 0x10B9
#define ORDER_Rx 0x10BA
#define ORDER_RGx 0x10BB
#define ORDER_RGBx 0x10BC
#define ORDER_DEPTH 0x10BD
#define ORDER_sRGB 0x10BF
#define ORDER_sRGBx 0x10C0
#define ORDER_sRGBA 0x10C1
#define ORDER_sBGRA 0x10C2
#define ORDER_ABGR 0x10C3

#define TYPE_SNORM_INT8 0x10D0
#define TYPE_SNORM_INT16 0x10D1
#define TYPE_UNORM_INT8 0x10D2
#define TYPE_UNORM_INT16 0x10D3
#define TYPE_UNORM_SHORT_565 0x10D4
#define TYPE_UNORM_SHORT_555 0x10D5
#define TYPE_UNORM_INT_101010 0x10D6
#define TYPE_SIGNED_INT8 0x10D7
#define TYPE_SIGNED_INT16 0x10D8
#define TYPE_SIGNED_INT32 0x10D9
#define TYPE_UNSIGNED_INT8 0x10DA
#define TYPE_UNSIGNED_INT16 0x10DB
#define TYPE_UNSIGNED_INT32 0x10DC
#define TYPE_HALF_FLOAT 0x10DD
#define TYPE_FLOAT 0x10DE
#define TYPE_UNORM_INT_101010_2 0x10E0

#define IMAGE_OBJECT_2D_ARRAY 0x10F3
#define IMAGE_OBJECT_1D_ARRAY 0x10F5

// Sampler bits (include/corecl/image_abi.h).
#define CORECL_SAMPLER_NORMALIZED_COORDS 0x01u
#define CORECL_SAMPLER_ADDRESS_MASK 0x0Eu
#define CORECL_SAMPLER_ADDRESS_NONE 0x00u
#define CORECL_SAMPLER_ADDRESS_CLAMP_TO_EDGE 0x02u
#define CORECL_SAMPLER_ADDRESS_CLAMP 0x04u
#define CORECL_SAMPLER_ADDRESS_REPEAT 0x06u
#define CORECL_SAMPLER_ADDRESS_MIRRORED_REPEAT 0x08u
#define CORECL_SAMPLER_FILTER_LINEAR 0x20u

// ---------------------------------------------------------------------------
// Channel order: stored channels <-> (r, g, b, a), on the values' bits so
// that one function serves the three color kinds.

static bool is_srgb(uint order) {
  return order >= ORDER_sRGB && order <= ORDER_sBGRA;
}

// Stored channels c (c.x first in memory) as a color; components the
// format lacks are 0 but alpha, which is `one` (1.0f or 1).
static uint4 channels_to_color(uint order, uint4 c, uint one) {
  switch (order) {
  case ORDER_A:
    return (uint4)(0, 0, 0, c.x);
  case ORDER_RA:
    return (uint4)(c.x, 0, 0, c.y);
  case ORDER_RG:
  case ORDER_RGx:
    return (uint4)(c.x, c.y, 0, one);
  case ORDER_RGB:
  case ORDER_RGBx:
  case ORDER_sRGB:
  case ORDER_sRGBx:
    return (uint4)(c.x, c.y, c.z, one);
  case ORDER_RGBA:
  case ORDER_sRGBA:
    return c;
  case ORDER_BGRA:
  case ORDER_sBGRA:
    return c.zyxw;
  case ORDER_ARGB:
    return c.yzwx;
  case ORDER_ABGR:
    return c.wzyx;
  case ORDER_INTENSITY:
    return c.xxxx;
  case ORDER_LUMINANCE:
    return (uint4)(c.x, c.x, c.x, one);
  default: // R, Rx, DEPTH
    return (uint4)(c.x, 0, 0, one);
  }
}

// The inverse: the channels to store for a color (padding gets 0 bits,
// which every type encodes as zero).
static uint4 color_to_channels(uint order, uint4 c) {
  switch (order) {
  case ORDER_A:
    return (uint4)(c.w, 0, 0, 0);
  case ORDER_RA:
    return (uint4)(c.x, c.w, 0, 0);
  case ORDER_RG:
  case ORDER_RGx:
    return (uint4)(c.x, c.y, 0, 0);
  case ORDER_RGB:
  case ORDER_RGBx:
  case ORDER_sRGB:
  case ORDER_sRGBx:
    return (uint4)(c.x, c.y, c.z, 0);
  case ORDER_RGBA:
  case ORDER_sRGBA:
    return c;
  case ORDER_BGRA:
  case ORDER_sBGRA:
    return c.zyxw;
  case ORDER_ARGB:
    return c.wxyz;
  case ORDER_ABGR:
    return c.wzyx;
  default: // R, Rx, DEPTH, INTENSITY and LUMINANCE store red
    return (uint4)(c.x, 0, 0, 0);
  }
}

// Stored channels per pixel (element_size / channel size), never reading
// or writing past the pixel.
static uint channel_count(corecl_image_t img, uint channel_bytes) {
  return img->element_size / channel_bytes;
}

// ---------------------------------------------------------------------------
// sRGB (UNORM_INT8 only; alpha, stored channel 3, stays linear).

static float srgb_to_linear(float c) {
  return c <= 0.04045f ? c / 12.92f : powr((c + 0.055f) / 1.055f, 2.4f);
}

// The spec's write rule, ending in floor(c * 255 + 0.5) (not the UNORM
// rule's round to even), NaN as 0.
static uchar linear_to_srgb8(float c) {
  c = isnan(c) ? 0.0f : clamp(c, 0.0f, 1.0f);
  c = c < 0.0031308f ? 12.92f * c : 1.055f * powr(c, 1.0f / 2.4f) - 0.055f;
  return (uchar)floor(c * 255.0f + 0.5f);
}

// ---------------------------------------------------------------------------
// Loads: the pixel at p as a color.

// The `bits`-wide field at `shift` of a packed pixel w, normalized.
#define UNORM_FIELD(w, shift, bits)                                                                \
  ((float)((w) >> (shift) & ((1u << (bits)) - 1)) / (float)((1u << (bits)) - 1))

#define LOAD_CHANNELS(T, n, convert, out)                                                          \
  do {                                                                                             \
    __global const T *q = (__global const T *)p;                                                   \
    for (uint i = 0; i < (n); ++i)                                                                 \
      out[i] = convert(q[i]);                                                                      \
  } while (0)

static float4 load_f(corecl_image_t img, __global const char *p) {
  float c[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  uint order = img->channel_order;
  switch (img->channel_data_type) {
  case TYPE_UNORM_INT8:
    LOAD_CHANNELS(uchar, channel_count(img, 1), (float), c);
    for (uint i = 0; i < 4; ++i)
      c[i] = is_srgb(order) && i < 3 ? srgb_to_linear(c[i] / 255.0f) : c[i] / 255.0f;
    break;
  case TYPE_UNORM_INT16:
    LOAD_CHANNELS(ushort, channel_count(img, 2), (float), c);
    for (uint i = 0; i < 4; ++i)
      c[i] /= 65535.0f;
    break;
  // SNORM: max(-1, c / max): the two most negative codes both give -1.
  case TYPE_SNORM_INT8:
    LOAD_CHANNELS(char, channel_count(img, 1), (float), c);
    for (uint i = 0; i < 4; ++i)
      c[i] = fmax(-1.0f, c[i] / 127.0f);
    break;
  case TYPE_SNORM_INT16:
    LOAD_CHANNELS(short, channel_count(img, 2), (float), c);
    for (uint i = 0; i < 4; ++i)
      c[i] = fmax(-1.0f, c[i] / 32767.0f);
    break;
  case TYPE_HALF_FLOAT:
    for (uint i = 0; i < channel_count(img, 2); ++i)
      c[i] = vload_half(i, (__global const half *)p);
    break;
  case TYPE_FLOAT:
    LOAD_CHANNELS(float, channel_count(img, 4), , c);
    break;
  // Packed formats, first field in the top bits; unused top bits ignored.
  case TYPE_UNORM_SHORT_565: {
    uint w = *(__global const ushort *)p;
    c[0] = UNORM_FIELD(w, 11, 5);
    c[1] = UNORM_FIELD(w, 5, 6);
    c[2] = UNORM_FIELD(w, 0, 5);
    break;
  }
  case TYPE_UNORM_SHORT_555: {
    uint w = *(__global const ushort *)p;
    c[0] = UNORM_FIELD(w, 10, 5);
    c[1] = UNORM_FIELD(w, 5, 5);
    c[2] = UNORM_FIELD(w, 0, 5);
    break;
  }
  case TYPE_UNORM_INT_101010: {
    uint w = *(__global const uint *)p;
    c[0] = UNORM_FIELD(w, 20, 10);
    c[1] = UNORM_FIELD(w, 10, 10);
    c[2] = UNORM_FIELD(w, 0, 10);
    break;
  }
  case TYPE_UNORM_INT_101010_2: {
    uint w = *(__global const uint *)p;
    c[0] = UNORM_FIELD(w, 22, 10);
    c[1] = UNORM_FIELD(w, 12, 10);
    c[2] = UNORM_FIELD(w, 2, 10);
    c[3] = UNORM_FIELD(w, 0, 2);
    break;
  }
  }
  uint4 bits = as_uint4((float4)(c[0], c[1], c[2], c[3]));
  return as_float4(channels_to_color(order, bits, as_uint(1.0f)));
}

// Integer formats: the stored value, sign- or zero-extended.
static uint4 load_integer(corecl_image_t img, __global const char *p) {
  uint c[4] = {0, 0, 0, 0};
  switch (img->channel_data_type) {
  case TYPE_SIGNED_INT8:
    LOAD_CHANNELS(char, channel_count(img, 1), (uint)(int), c);
    break;
  case TYPE_SIGNED_INT16:
    LOAD_CHANNELS(short, channel_count(img, 2), (uint)(int), c);
    break;
  case TYPE_UNSIGNED_INT8:
    LOAD_CHANNELS(uchar, channel_count(img, 1), (uint), c);
    break;
  case TYPE_UNSIGNED_INT16:
    LOAD_CHANNELS(ushort, channel_count(img, 2), (uint), c);
    break;
  default: // SIGNED_INT32, UNSIGNED_INT32
    LOAD_CHANNELS(uint, channel_count(img, 4), , c);
    break;
  }
  return channels_to_color(img->channel_order, (uint4)(c[0], c[1], c[2], c[3]), 1);
}

static int4 load_i(corecl_image_t img, __global const char *p) {
  return as_int4(load_integer(img, p));
}

static uint4 load_ui(corecl_image_t img, __global const char *p) {
  return load_integer(img, p);
}

// ---------------------------------------------------------------------------
// Stores: a color into the pixel at p.

#define STORE_CHANNELS(T, n, convert, in)                                                          \
  do {                                                                                             \
    __global T *q = (__global T *)p;                                                               \
    for (uint i = 0; i < (n); ++i)                                                                 \
      q[i] = convert(in[i]);                                                                       \
  } while (0)

// Normalized: convert_<type>_sat_rte(f * max), which also maps NaN to 0.
#define UNORM8(f) convert_uchar_sat_rte((f)*255.0f)
#define UNORM16(f) convert_ushort_sat_rte((f)*65535.0f)
#define SNORM8(f) convert_char_sat_rte((f)*127.0f)
#define SNORM16(f) convert_short_sat_rte((f)*32767.0f)
#define UNORM_BITS(f, max) convert_uint_sat_rte((f) * (max))

static void store_f(corecl_image_t img, __global char *p, float4 color) {
  uint order = img->channel_order;
  float4 s = as_float4(color_to_channels(order, as_uint4(color)));
  float c[4] = {s.x, s.y, s.z, s.w};
  switch (img->channel_data_type) {
  case TYPE_UNORM_INT8:
    for (uint i = 0; i < channel_count(img, 1); ++i)
      ((__global uchar *)p)[i] = is_srgb(order) && i < 3 ? linear_to_srgb8(c[i]) : UNORM8(c[i]);
    break;
  case TYPE_UNORM_INT16:
    STORE_CHANNELS(ushort, channel_count(img, 2), UNORM16, c);
    break;
  case TYPE_SNORM_INT8:
    STORE_CHANNELS(char, channel_count(img, 1), SNORM8, c);
    break;
  case TYPE_SNORM_INT16:
    STORE_CHANNELS(short, channel_count(img, 2), SNORM16, c);
    break;
  case TYPE_HALF_FLOAT:
    for (uint i = 0; i < channel_count(img, 2); ++i)
      vstore_half_rte(c[i], i, (__global half *)p);
    break;
  case TYPE_FLOAT:
    STORE_CHANNELS(float, channel_count(img, 4), , c);
    break;
  // Packed: an n-bit field scales by 2^n - 1, as the 8- and 16-bit ones do.
  case TYPE_UNORM_SHORT_565:
    *(__global ushort *)p =
        (ushort)(min(UNORM_BITS(c[0], 31.0f), 31u) << 11 | min(UNORM_BITS(c[1], 63.0f), 63u) << 5 |
                 min(UNORM_BITS(c[2], 31.0f), 31u));
    break;
  case TYPE_UNORM_SHORT_555:
    *(__global ushort *)p =
        (ushort)(min(UNORM_BITS(c[0], 31.0f), 31u) << 10 | min(UNORM_BITS(c[1], 31.0f), 31u) << 5 |
                 min(UNORM_BITS(c[2], 31.0f), 31u));
    break;
  case TYPE_UNORM_INT_101010:
    *(__global uint *)p = min(UNORM_BITS(c[0], 1023.0f), 1023u) << 20 |
                          min(UNORM_BITS(c[1], 1023.0f), 1023u) << 10 |
                          min(UNORM_BITS(c[2], 1023.0f), 1023u);
    break;
  case TYPE_UNORM_INT_101010_2:
    *(__global uint *)p =
        min(UNORM_BITS(c[0], 1023.0f), 1023u) << 22 | min(UNORM_BITS(c[1], 1023.0f), 1023u) << 12 |
        min(UNORM_BITS(c[2], 1023.0f), 1023u) << 2 | min(UNORM_BITS(c[3], 3.0f), 3u);
    break;
  }
}

// write_imagei and write_imageui: saturate to the channel's range
// (convert_char_sat ...); the spec leaves an int color on an unsigned
// format (and the reverse) undefined, and the same conversions give
// something sensible. T is the color's element type.
#define STORE_INTEGER(name, T)                                                                     \
  static void name(corecl_image_t img, __global char *p, T##4 color) {                             \
    T##4 s = IMAGE_CAT(as_, T##4)(color_to_channels(img->channel_order, as_uint4(color)));         \
    T c[4] = {s.x, s.y, s.z, s.w};                                                                 \
    switch (img->channel_data_type) {                                                              \
    case TYPE_SIGNED_INT8:                                                                         \
      STORE_CHANNELS(char, channel_count(img, 1), convert_char_sat, c);                            \
      break;                                                                                       \
    case TYPE_SIGNED_INT16:                                                                        \
      STORE_CHANNELS(short, channel_count(img, 2), convert_short_sat, c);                          \
      break;                                                                                       \
    case TYPE_UNSIGNED_INT8:                                                                       \
      STORE_CHANNELS(uchar, channel_count(img, 1), convert_uchar_sat, c);                          \
      break;                                                                                       \
    case TYPE_UNSIGNED_INT16:                                                                      \
      STORE_CHANNELS(ushort, channel_count(img, 2), convert_ushort_sat, c);                        \
      break;                                                                                       \
    default: /* 32-bit: as is */                                                                   \
      STORE_CHANNELS(T, channel_count(img, 4), , c);                                               \
      break;                                                                                       \
    }                                                                                              \
  }
STORE_INTEGER(store_i, int)
STORE_INTEGER(store_ui, uint)

// ---------------------------------------------------------------------------
// Addressing. Every coordinate becomes (x, y, z): y is the row or a 1D
// array's layer, z the slice or a 2D array's layer, so that the pixel is
// at data + x * element_size + y * row_pitch + z * slice_pitch (a 1D
// array's row_pitch is its layer pitch: image_abi.h).

static int4 extent(corecl_image_t img) {
  bool layers_on_y = img->image_type == IMAGE_OBJECT_1D_ARRAY;
  bool layers_on_z = img->image_type == IMAGE_OBJECT_2D_ARRAY;
  return (int4)((int)img->width, layers_on_y ? (int)img->array_size : (int)img->height,
                layers_on_z ? (int)img->array_size : (int)img->depth, 1);
}

static __global char *pixel_at(corecl_image_t img, int4 c) {
  return img->data + (size_t)c.x * img->element_size + (size_t)c.y * img->row_pitch +
         (size_t)c.z * img->slice_pitch;
}

// Out-of-range coordinates are undefined without a sampler (and with
// CLK_ADDRESS_NONE): clamped, to stay in the image's memory.
static __global char *clamped_pixel(corecl_image_t img, int4 c) {
  return pixel_at(img, clamp(c, (int4)(0), extent(img) - 1));
}

// The border color (OpenCL C, "Determining the Border Color or Value"):
// (0, 0, 0, 1) for R, RG, RGB and LUMINANCE, and for sRGB, which the spec
// does not list but which lacks alpha as RGB does; (0, 0, 0, 0) for the
// other orders, the padded ones included. A depth image's border value is
// 0, the red component either way.
static bool border_alpha_is_one(uint order) {
  return order == ORDER_R || order == ORDER_RG || order == ORDER_RGB || order == ORDER_LUMINANCE ||
         order == ORDER_sRGB;
}

static bool outside_image(corecl_image_t img, int4 at) {
  return any((at < 0 || at >= extent(img)).xyz);
}

// ---------------------------------------------------------------------------
// Builtin naming: a coordinate as (x, y, z, 0) and the mangled suffixes.

#define C1(c) (int4)((c), 0, 0, 0)
#define C2(c) (int4)((c).x, (c).y, 0, 0)
#define C4(c) (int4)((c).x, (c).y, (c).z, 0)

// Mangled suffixes of the coordinate types and of the color types.
#define M_int i
#define M_int2 Dv2_i
#define M_int4 Dv4_i
#define M_float f
#define M_float2 Dv2_f
#define M_float4 Dv4_f
#define KIND_LEN_f 11read_imagef
#define KIND_LEN_i 11read_imagei
#define KIND_LEN_ui 12read_imageui
#define WKIND_LEN_f 12write_imagef
#define WKIND_LEN_i 12write_imagei
#define WKIND_LEN_ui 13write_imageui

#define COLOR_f float4
#define COLOR_i int4
#define COLOR_ui uint4
#define MCOLOR_f Dv4_f
#define MCOLOR_i Dv4_i
#define MCOLOR_ui Dv4_j
