// Images in the builtins: the descriptor a kernel's image argument points
// at, and how a builtin over an image type is named.
//
// The compiler lowers OpenCL C's image types to `__global const
// corecl_image *` and sampler_t to its CLK_* bits (compiler/passes/
// lower_images.cpp) but keeps the builtins' mangled names, so each builtin
// here is an ordinary function given its Itanium name by an asm label,
// one per image type and access qualifier.
#pragma once

// include/corecl/image_abi.h's corecl_image, field for field (the C header
// cannot be included in OpenCL C: its pointer has no address space).
typedef struct {
  __global char *data;
  ulong row_pitch;
  ulong slice_pitch;
  uint width;
  uint height;
  uint depth;
  uint array_size;
  uint channel_order;
  uint channel_data_type;
  uint element_size;
  uint image_type;
} corecl_image;

typedef __global const corecl_image *corecl_image_t;

#define IMAGE_CAT_(a, b) a##b
#define IMAGE_CAT(a, b) IMAGE_CAT_(a, b)
#define IMAGE_STR_(x) #x
#define IMAGE_STR(x) IMAGE_STR_(x)

// The Itanium names of the image types, with their length prefix, for one
// access qualifier suffix (ro, wo, rw).
#define IMAGE_1D(acc) IMAGE_CAT(14ocl_image1d_, acc)
#define IMAGE_1D_BUFFER(acc) IMAGE_CAT(21ocl_image1d_buffer_, acc)
#define IMAGE_1D_ARRAY(acc) IMAGE_CAT(20ocl_image1d_array_, acc)
#define IMAGE_2D(acc) IMAGE_CAT(14ocl_image2d_, acc)
#define IMAGE_2D_ARRAY(acc) IMAGE_CAT(20ocl_image2d_array_, acc)
#define IMAGE_2D_DEPTH(acc) IMAGE_CAT(20ocl_image2d_depth_, acc)
#define IMAGE_2D_ARRAY_DEPTH(acc) IMAGE_CAT(26ocl_image2d_array_depth_, acc)
#define IMAGE_3D(acc) IMAGE_CAT(14ocl_image3d_, acc)

// Declares and defines `ret impl(args)` under the mangled name
// _Z<prefix><image type><rest>, e.g. IMAGE_BUILTIN(int, 15get_image_width,
// IMAGE_2D(ro), , width_2d_ro, (corecl_image_t img)).
#define IMAGE_BUILTIN(ret, prefix, type, rest, impl, params)                                       \
  ret impl params __asm__(IMAGE_STR(IMAGE_CAT(IMAGE_CAT(IMAGE_CAT(_Z, prefix), type), rest)));     \
  INLINE ret impl params
