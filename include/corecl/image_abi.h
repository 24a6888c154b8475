/* The contract for images and samplers between the compiler (and the
 * builtins it links, which read and write pixels) and the runtime (which
 * fills the kernel arguments). Plain C, like kernel_abi.h.
 *
 * An image kernel argument is, in the args block, a pointer (8 bytes) to a
 * corecl_image the runtime keeps alive for the launch. A sampler argument
 * (or a sampler_t constant in the program) is a 32-bit value built with
 * the CORECL_SAMPLER_* bits below, the same bits OpenCL C's CLK_* sampler
 * constants have, so a program-scope sampler needs no conversion.
 *
 * In the compiler (compiler/passes/lower_images.cpp, run before the
 * builtins are linked) an image value is `ptr addrspace(1)`, a global
 * pointer to its corecl_image, and a sampler an i32 of these bits. Image
 * builtins keep their mangled names with those types: the builtins
 * library, OpenCL C for spir64, defines one as, say,
 *   float4 f(__global const corecl_image *image, uint sampler, int2 coord)
 *       __asm__("_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i");
 * The builtins include this header for its constants; the struct is
 * theirs to mirror (builtins/include/image.h), since OpenCL C needs an
 * address space on its pointer.
 */
#ifndef CORECL_IMAGE_ABI_H
#define CORECL_IMAGE_ABI_H

#ifndef __OPENCL_C_VERSION__
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct corecl_image {
  char *data;            /* the first pixel */
  uint64_t row_pitch;    /* bytes between rows (a 1D array: between layers) */
  uint64_t slice_pitch;  /* bytes between slices or 2D array layers */
  uint32_t width;
  uint32_t height;       /* 1 for 1D images and 1D arrays */
  uint32_t depth;        /* 1 but for 3D images */
  uint32_t array_size;   /* layers of an array, 1 otherwise */
  uint32_t channel_order;     /* CL_R ... (get_image_channel_order) */
  uint32_t channel_data_type; /* CL_UNORM_INT8 ... */
  uint32_t element_size;      /* bytes per pixel */
  uint32_t image_type;        /* CL_MEM_OBJECT_IMAGE2D ... */
} corecl_image;

#ifdef __cplusplus
}
#endif
#endif /* !__OPENCL_C_VERSION__ */

/* Sampler bits: OpenCL C's CLK_NORMALIZED_COORDS_TRUE, CLK_ADDRESS_* and
 * CLK_FILTER_* as Clang's opencl-c-base.h defines them. */
#define CORECL_SAMPLER_NORMALIZED_COORDS 0x01u
#define CORECL_SAMPLER_ADDRESS_MASK 0x0Eu
#define CORECL_SAMPLER_ADDRESS_NONE 0x00u
#define CORECL_SAMPLER_ADDRESS_CLAMP_TO_EDGE 0x02u
#define CORECL_SAMPLER_ADDRESS_CLAMP 0x04u
#define CORECL_SAMPLER_ADDRESS_REPEAT 0x06u
#define CORECL_SAMPLER_ADDRESS_MIRRORED_REPEAT 0x08u
#define CORECL_SAMPLER_FILTER_NEAREST 0x10u
#define CORECL_SAMPLER_FILTER_LINEAR 0x20u

#endif /* CORECL_IMAGE_ABI_H */
