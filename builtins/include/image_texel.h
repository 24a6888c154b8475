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

// Sampler bits: CORECL_SAMPLER_*.
#include "corecl/image_abi.h"

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

// Out-of-range coordinates are undefined without a sampler (and with
// CLK_ADDRESS_NONE): clamped, to stay in the image's memory.
static int4 clamp_to_image(corecl_image_t img, int4 c) {
  return clamp(c, (int4)(0), extent(img) - 1);
}

static __global char *row_at(corecl_image_t img, int4 at) {
  return img->data + (size_t)at.y * img->row_pitch + (size_t)at.z * img->slice_pitch;
}

// ---------------------------------------------------------------------------
// Pixels as raw words: lane i holds bytes 4i..4i+3 of the pixel, little
// endian, and the lanes past the pixel are 0. Each case indexes its row
// with x times a constant size, so that a row read or written in order is
// a consecutive access for the vectoriser, where x times the runtime
// element_size would be a gather. Element sizes are those of the formats
// image_format.cpp accepts: 1, 2, 3 (sRGB), 4, 8 and 16 bytes.

static uint4 raw_load(corecl_image_t img, int4 at) {
  __global const char *row = row_at(img, at);
  int x = at.x;
  switch (img->element_size) {
  case 1:
    return (uint4)(((__global const uchar *)row)[x], 0, 0, 0);
  case 2:
    return (uint4)(((__global const ushort *)row)[x], 0, 0, 0);
  case 3: {
    __global const uchar *p = (__global const uchar *)row + 3 * x;
    return (uint4)(p[0] | (uint)p[1] << 8 | (uint)p[2] << 16, 0, 0, 0);
  }
  case 4:
    return (uint4)(((__global const uint *)row)[x], 0, 0, 0);
  case 8:
    return (uint4)(vload2(x, (__global const uint *)row), 0, 0);
  default:
    return vload4(x, (__global const uint *)row);
  }
}

static void raw_store(corecl_image_t img, int4 at, uint4 w) {
  __global char *row = row_at(img, at);
  int x = at.x;
  switch (img->element_size) {
  case 1:
    ((__global uchar *)row)[x] = (uchar)w.x;
    break;
  case 2:
    ((__global ushort *)row)[x] = (ushort)w.x;
    break;
  case 3: {
    __global uchar *p = (__global uchar *)row + 3 * x;
    p[0] = (uchar)w.x;
    p[1] = (uchar)(w.x >> 8);
    p[2] = (uchar)(w.x >> 16);
    break;
  }
  case 4:
    ((__global uint *)row)[x] = w.x;
    break;
  case 8:
    vstore2(w.xy, x, (__global uint *)row);
    break;
  default:
    vstore4(w, x, (__global uint *)row);
    break;
  }
}

// The stored channels, first in memory in .x, of 8- and 16-bit types,
// zero-extended (absent channels read 0 bits), and back.
static uint4 bytes_of(uint4 w) {
  return (uint4)(w.x, w.x >> 8, w.x >> 16, w.x >> 24) & 0xFFu;
}
static uint4 shorts_of(uint4 w) {
  return (uint4)(w.x, w.x >> 16, w.y, w.y >> 16) & 0xFFFFu;
}
static uint4 pack_bytes(uint4 c) {
  c &= 0xFFu;
  return (uint4)(c.x | c.y << 8 | c.z << 16 | c.w << 24, 0, 0, 0);
}
static uint4 pack_shorts(uint4 c) {
  c &= 0xFFFFu;
  return (uint4)(c.x | c.y << 16, c.z | c.w << 16, 0, 0);
}
static int4 sign_extend8(uint4 c) {
  return as_int4(c << 24) >> 24;
}
static int4 sign_extend16(uint4 c) {
  return as_int4(c << 16) >> 16;
}

// Half floats through the vload_half/vstore_half builtins on a private
// copy, which inlining turns back into registers.
static float4 halves_to_float(uint4 bits) {
  ushort4 h = convert_ushort4(bits);
  return vload_half4(0, (__private const half *)&h);
}
static uint4 float_to_halves(float4 f) {
  ushort4 h;
  vstore_half4_rte(f, 0, (__private half *)&h);
  return convert_uint4(h);
}

// ---------------------------------------------------------------------------
// Decoding: raw words to a color.

// The `bits`-wide field at `shift` of a packed pixel w, normalized.
#define UNORM_FIELD(w, shift, bits)                                                                \
  ((float)((w) >> (shift) & ((1u << (bits)) - 1)) / (float)((1u << (bits)) - 1))

static float4 decode_f(corecl_image_t img, uint4 w) {
  float4 c = (float4)(0.0f);
  uint order = img->channel_order;
  switch (img->channel_data_type) {
  case TYPE_UNORM_INT8:
    c = convert_float4(bytes_of(w)) / 255.0f;
    if (is_srgb(order))
      c = (float4)(srgb_to_linear(c.x), srgb_to_linear(c.y), srgb_to_linear(c.z), c.w);
    break;
  case TYPE_UNORM_INT16:
    c = convert_float4(shorts_of(w)) / 65535.0f;
    break;
  // SNORM: max(-1, c / max): the two most negative codes both give -1.
  case TYPE_SNORM_INT8:
    c = fmax(-1.0f, convert_float4(sign_extend8(bytes_of(w))) / 127.0f);
    break;
  case TYPE_SNORM_INT16:
    c = fmax(-1.0f, convert_float4(sign_extend16(shorts_of(w))) / 32767.0f);
    break;
  case TYPE_HALF_FLOAT:
    c = halves_to_float(shorts_of(w));
    break;
  case TYPE_FLOAT:
    c = as_float4(w);
    break;
  // Packed formats, first field in the top bits; unused top bits ignored.
  case TYPE_UNORM_SHORT_565:
    c = (float4)(UNORM_FIELD(w.x, 11, 5), UNORM_FIELD(w.x, 5, 6), UNORM_FIELD(w.x, 0, 5), 0.0f);
    break;
  case TYPE_UNORM_SHORT_555:
    c = (float4)(UNORM_FIELD(w.x, 10, 5), UNORM_FIELD(w.x, 5, 5), UNORM_FIELD(w.x, 0, 5), 0.0f);
    break;
  case TYPE_UNORM_INT_101010:
    c = (float4)(UNORM_FIELD(w.x, 20, 10), UNORM_FIELD(w.x, 10, 10), UNORM_FIELD(w.x, 0, 10), 0.0f);
    break;
  case TYPE_UNORM_INT_101010_2:
    c = (float4)(UNORM_FIELD(w.x, 22, 10), UNORM_FIELD(w.x, 12, 10), UNORM_FIELD(w.x, 2, 10),
                 UNORM_FIELD(w.x, 0, 2));
    break;
  }
  return as_float4(channels_to_color(order, as_uint4(c), as_uint(1.0f)));
}

// Integer formats: the stored value, sign- or zero-extended.
static uint4 decode_integer(corecl_image_t img, uint4 w) {
  uint4 c;
  switch (img->channel_data_type) {
  case TYPE_SIGNED_INT8:
    c = as_uint4(sign_extend8(bytes_of(w)));
    break;
  case TYPE_SIGNED_INT16:
    c = as_uint4(sign_extend16(shorts_of(w)));
    break;
  case TYPE_UNSIGNED_INT8:
    c = bytes_of(w);
    break;
  case TYPE_UNSIGNED_INT16:
    c = shorts_of(w);
    break;
  default: // SIGNED_INT32, UNSIGNED_INT32
    c = w;
    break;
  }
  return channels_to_color(img->channel_order, c, 1);
}

// ---------------------------------------------------------------------------
// Encoding: a color to raw words.

// Normalized: convert_<type>_sat_rte(f * max), which also maps NaN to 0.
// A packed n-bit field scales by 2^n - 1, as the 8- and 16-bit ones do.
#define UNORM_BITS(f, max) min(convert_uint_sat_rte((f) * (max)), (uint)(max))

static uint4 encode_f(corecl_image_t img, float4 color) {
  uint order = img->channel_order;
  float4 c = as_float4(color_to_channels(order, as_uint4(color)));
  switch (img->channel_data_type) {
  case TYPE_UNORM_INT8: {
    uint4 u = convert_uint4(convert_uchar4_sat_rte(c * 255.0f));
    if (is_srgb(order))
      u.xyz = (uint3)(linear_to_srgb8(c.x), linear_to_srgb8(c.y), linear_to_srgb8(c.z));
    return pack_bytes(u);
  }
  case TYPE_UNORM_INT16:
    return pack_shorts(convert_uint4(convert_ushort4_sat_rte(c * 65535.0f)));
  case TYPE_SNORM_INT8:
    return pack_bytes(as_uint4(convert_int4(convert_char4_sat_rte(c * 127.0f))));
  case TYPE_SNORM_INT16:
    return pack_shorts(as_uint4(convert_int4(convert_short4_sat_rte(c * 32767.0f))));
  case TYPE_HALF_FLOAT:
    return pack_shorts(float_to_halves(c));
  case TYPE_FLOAT:
    return as_uint4(c);
  case TYPE_UNORM_SHORT_565:
    return (uint4)(UNORM_BITS(c.x, 31.0f) << 11 | UNORM_BITS(c.y, 63.0f) << 5 |
                       UNORM_BITS(c.z, 31.0f),
                   0, 0, 0);
  case TYPE_UNORM_SHORT_555:
    return (uint4)(UNORM_BITS(c.x, 31.0f) << 10 | UNORM_BITS(c.y, 31.0f) << 5 |
                       UNORM_BITS(c.z, 31.0f),
                   0, 0, 0);
  case TYPE_UNORM_INT_101010:
    return (uint4)(UNORM_BITS(c.x, 1023.0f) << 20 | UNORM_BITS(c.y, 1023.0f) << 10 |
                       UNORM_BITS(c.z, 1023.0f),
                   0, 0, 0);
  default: // UNORM_INT_101010_2
    return (uint4)(UNORM_BITS(c.x, 1023.0f) << 22 | UNORM_BITS(c.y, 1023.0f) << 12 |
                       UNORM_BITS(c.z, 1023.0f) << 2 | UNORM_BITS(c.w, 3.0f),
                   0, 0, 0);
  }
}

// write_imagei and write_imageui: saturate to the channel's range
// (convert_char_sat ...); the spec leaves an int color on an unsigned
// format (and the reverse) undefined, and the same conversions give
// something sensible. T is the color's element type.
#define ENCODE_INTEGER(name, T)                                                                    \
  static uint4 name(corecl_image_t img, T##4 color) {                                              \
    T##4 c = IMAGE_CAT(as_, T##4)(color_to_channels(img->channel_order, as_uint4(color)));         \
    switch (img->channel_data_type) {                                                              \
    case TYPE_SIGNED_INT8:                                                                         \
      return pack_bytes(as_uint4(convert_int4(convert_char4_sat(c))));                             \
    case TYPE_SIGNED_INT16:                                                                        \
      return pack_shorts(as_uint4(convert_int4(convert_short4_sat(c))));                           \
    case TYPE_UNSIGNED_INT8:                                                                       \
      return pack_bytes(convert_uint4(convert_uchar4_sat(c)));                                     \
    case TYPE_UNSIGNED_INT16:                                                                      \
      return pack_shorts(convert_uint4(convert_ushort4_sat(c)));                                   \
    default: /* 32-bit: as is */                                                                   \
      return as_uint4(c);                                                                          \
    }                                                                                              \
  }
ENCODE_INTEGER(encode_i, int)
ENCODE_INTEGER(encode_ui, uint)

// ---------------------------------------------------------------------------
// The pixel at `at` (inside the image) as a color, and a color into it.

static float4 load_f(corecl_image_t img, int4 at) {
  return decode_f(img, raw_load(img, at));
}
static int4 load_i(corecl_image_t img, int4 at) {
  return as_int4(decode_integer(img, raw_load(img, at)));
}
static uint4 load_ui(corecl_image_t img, int4 at) {
  return decode_integer(img, raw_load(img, at));
}

static void store_f(corecl_image_t img, int4 at, float4 c) {
  raw_store(img, at, encode_f(img, c));
}
static void store_i(corecl_image_t img, int4 at, int4 c) {
  raw_store(img, at, encode_i(img, c));
}
static void store_ui(corecl_image_t img, int4 at, uint4 c) {
  raw_store(img, at, encode_ui(img, c));
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
