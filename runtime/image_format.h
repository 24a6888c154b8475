// Image pixel formats: which (channel order, channel data type) pairs exist,
// how many bytes a pixel takes, and how a color becomes a stored pixel and
// back, by the OpenCL C "Conversion Rules" (write_image*, clEnqueueFillImage,
// read_image* without filtering). Pure functions, no OpenCL headers: the
// enumerators carry the numeric values of the CL_* constants of the same
// names (cl.h), so src/ can convert by value and static_assert the equality.
#pragma once

#include <cstddef>
#include <cstdint>

namespace corecl::rt {

/// cl_channel_order values (CL_R = 0x10B0 ... CL_ABGR = 0x10C3).
/// CL_DEPTH_STENCIL (0x10BE) is left out: it exists only for images shared
/// with OpenGL (cl_khr_gl_depth_images), which CoreCL does not offer.
enum class ChannelOrder : uint32_t {
  R = 0x10B0,
  A = 0x10B1,
  RG = 0x10B2,
  RA = 0x10B3,
  RGB = 0x10B4,
  RGBA = 0x10B5,
  BGRA = 0x10B6,
  ARGB = 0x10B7,
  INTENSITY = 0x10B8,
  LUMINANCE = 0x10B9,
  Rx = 0x10BA,
  RGx = 0x10BB,
  RGBx = 0x10BC,
  DEPTH = 0x10BD,
  sRGB = 0x10BF,
  sRGBx = 0x10C0,
  sRGBA = 0x10C1,
  sBGRA = 0x10C2,
  ABGR = 0x10C3,
};

/// cl_channel_type values (CL_SNORM_INT8 = 0x10D0 ... CL_UNORM_INT_101010_2 =
/// 0x10E0). CL_UNORM_INT24 (0x10DF) is left out for the same reason as
/// CL_DEPTH_STENCIL: only GL depth textures have it.
enum class ChannelType : uint32_t {
  SNORM_INT8 = 0x10D0,
  SNORM_INT16 = 0x10D1,
  UNORM_INT8 = 0x10D2,
  UNORM_INT16 = 0x10D3,
  UNORM_SHORT_565 = 0x10D4,
  UNORM_SHORT_555 = 0x10D5,
  UNORM_INT_101010 = 0x10D6,
  SIGNED_INT8 = 0x10D7,
  SIGNED_INT16 = 0x10D8,
  SIGNED_INT32 = 0x10D9,
  UNSIGNED_INT8 = 0x10DA,
  UNSIGNED_INT16 = 0x10DB,
  UNSIGNED_INT32 = 0x10DC,
  HALF_FLOAT = 0x10DD,
  FLOAT = 0x10DE,
  UNORM_INT_101010_2 = 0x10E0,
};

struct ImageFormat {
  ChannelOrder order;
  ChannelType type;
};

/// Channels stored per pixel, padding channels included (CL_Rx has 2, CL_RGx
/// 3, CL_RGBx and CL_sRGBx 4, as the API spec's channel order table says);
/// 0 for a value that is not a channel order.
unsigned channelCount(ChannelOrder order);

/// Whether the spec allows the pair (see image_format.cpp for the rules and
/// where each comes from). Says nothing of which formats a device reports.
bool isValidFormat(ImageFormat format);

/// Bytes per pixel (CL_IMAGE_ELEMENT_SIZE); 0 when !isValidFormat(format).
size_t pixelBytes(ImageFormat format);

/// The color family of read_image{f,i,ui} / write_image{f,i,ui} and of
/// clEnqueueFillImage's fill_color: float for normalized, half and float
/// types, int32 for CL_SIGNED_INT*, uint32 for CL_UNSIGNED_INT*.
enum class ColorKind { Float, Int, Uint };
ColorKind colorKind(ChannelType type);

/// Stores `color` (four float, int32_t or uint32_t per colorKind, in RGBA
/// order) as one pixel of `format`, as write_image* and clEnqueueFillImage
/// do. For CL_DEPTH only color[0] is read (the fill color is one float).
/// Padding channels and the undefined bits of packed types are written as
/// zero. `format` must be valid; `pixel` needs pixelBytes(format) bytes and
/// no alignment.
void packColor(ImageFormat format, const void *color, void *pixel);

/// The color read_image* returns for one stored pixel without filtering:
/// four float, int32_t or uint32_t per colorKind, RGBA order, channels the
/// format lacks set to 0 (red, green, blue) and 1 (alpha). CL_DEPTH gives
/// (d, 0, 0, 1), its .x being the scalar read_imagef returns.
void unpackColor(ImageFormat format, const void *pixel, void *color);

} // namespace corecl::rt
