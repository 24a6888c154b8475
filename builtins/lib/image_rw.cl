// The samplerless read_image{f,i,ui,h} and write_image{f,i,ui,h}, for every
// image type but the MSAA ones: thin macros over image_texel.h's loads and
// stores. The reads with a sampler are in image_sample.cl.
#include "image_texel.h"

// ---------------------------------------------------------------------------
// The builtins. `coord` turns the type's coordinate into (x, y, z).

// Samplerless read.
#define READ(kind, type, tag, ctype, coord)                                                        \
  IMAGE_BUILTIN(COLOR_##kind, KIND_LEN_##kind, type, M_##ctype,                                    \
                IMAGE_CAT(__corecl_read_##kind##_, tag), (corecl_image_t img, ctype c)) {          \
    return load_##kind(img, clamp_to_image(img, coord(c)));                                         \
  }

// The mangled (coordinate, color) pair of a write. An int4 color after an
// int4 coordinate is Itanium's substitution S0_ (S_ is the image type).
#define WRITE_ARGS_int_f iDv4_f
#define WRITE_ARGS_int_i iDv4_i
#define WRITE_ARGS_int_ui iDv4_j
#define WRITE_ARGS_int2_f Dv2_iDv4_f
#define WRITE_ARGS_int2_i Dv2_iDv4_i
#define WRITE_ARGS_int2_ui Dv2_iDv4_j
#define WRITE_ARGS_int4_f Dv4_iDv4_f
#define WRITE_ARGS_int4_i Dv4_iS0_
#define WRITE_ARGS_int4_ui Dv4_iDv4_j
#define WRITE_ARGS_int_h iDv4_Dh
#define WRITE_ARGS_int2_h Dv2_iDv4_Dh
#define WRITE_ARGS_int4_h Dv4_iDv4_Dh

// Writes out of the image are undefined: dropped.
#define WRITE(kind, type, tag, ctype, coord)                                                       \
  IMAGE_BUILTIN(void, WKIND_LEN_##kind, type, WRITE_ARGS_##ctype##_##kind,                        \
                IMAGE_CAT(__corecl_write_##kind##_, tag),                                          \
                (corecl_image_t img, ctype c, COLOR_##kind color)) {                               \
    int4 at = coord(c);                                                                            \
    if (all(at >= 0 && at < extent(img)))                                                          \
      store_##kind(img, at, color);                                                 \
  }

#define READS(type, tag, ctype, coord)                                                             \
  READ(f, type, tag, ctype, coord)                                                                 \
  READ(i, type, tag, ctype, coord) READ(ui, type, tag, ctype, coord) READ(h, type, tag, ctype, coord)
#define WRITES(type, tag, ctype, coord)                                                            \
  WRITE(f, type, tag, ctype, coord)                                                                \
  WRITE(i, type, tag, ctype, coord)                                                                \
  WRITE(ui, type, tag, ctype, coord) WRITE(h, type, tag, ctype, coord)

// Every color image type, read_only and read_write (reads), write_only and
// read_write (writes).
#define COLOR_TYPES(F, acc)                                                                        \
  F(IMAGE_1D(acc), 1d_##acc, int, C1)                                                              \
  F(IMAGE_1D_BUFFER(acc), 1db_##acc, int, C1)                                                      \
  F(IMAGE_1D_ARRAY(acc), 1da_##acc, int2, C2)                                                      \
  F(IMAGE_2D(acc), 2d_##acc, int2, C2)                                                             \
  F(IMAGE_2D_ARRAY(acc), 2da_##acc, int4, C4)                                                      \
  F(IMAGE_3D(acc), 3d_##acc, int4, C4)

COLOR_TYPES(READS, ro)
COLOR_TYPES(READS, rw)
COLOR_TYPES(WRITES, wo)
COLOR_TYPES(WRITES, rw)

// Depth images: read_imagef returns the depth (the color's red), and
// write_imagef takes it as a float.
#define READ_DEPTH(type, tag, ctype, coord)                                                        \
  IMAGE_BUILTIN(float, 11read_imagef, type, M_##ctype, __corecl_read_depth_##tag,                  \
                (corecl_image_t img, ctype c)) {                                                   \
    return load_f(img, clamp_to_image(img, coord(c))).x;                                            \
  }
READ_DEPTH(IMAGE_2D_DEPTH(ro), 2dd_ro, int2, C2)
READ_DEPTH(IMAGE_2D_ARRAY_DEPTH(ro), 2dad_ro, int4, C4)
READ_DEPTH(IMAGE_2D_DEPTH(rw), 2dd_rw, int2, C2)
READ_DEPTH(IMAGE_2D_ARRAY_DEPTH(rw), 2dad_rw, int4, C4)

#define WRITE_DEPTH(type, tag, ctype, coord)                                                       \
  IMAGE_BUILTIN(void, 12write_imagef, type, IMAGE_CAT(M_##ctype, f), __corecl_write_depth_##tag,   \
                (corecl_image_t img, ctype c, float depth)) {                                      \
    int4 at = coord(c);                                                                            \
    if (all(at >= 0 && at < extent(img)))                                                          \
      store_f(img, at, (float4)(depth, 0.0f, 0.0f, 0.0f));                          \
  }
WRITE_DEPTH(IMAGE_2D_DEPTH(wo), 2dd_wo, int2, C2)
WRITE_DEPTH(IMAGE_2D_DEPTH(rw), 2dd_rw, int2, C2)
WRITE_DEPTH(IMAGE_2D_ARRAY_DEPTH(wo), 2dad_wo, int4, C4)
WRITE_DEPTH(IMAGE_2D_ARRAY_DEPTH(rw), 2dad_rw, int4, C4)
