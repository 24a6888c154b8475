// get_image_width, _height, _depth, _array_size, _dim, _channel_data_type
// and _channel_order for every image type and access qualifier, read from
// the image's descriptor (include/image.h).
#include "builtins.h"
#include "image.h"

// One query for one image type and access (`tag` makes the C name unique).
#define QUERY(ret, prefix, type, tag, expr)                                                    \
  IMAGE_BUILTIN(ret, prefix, type, , IMAGE_CAT(__corecl_query_, tag), (corecl_image_t img)) {   \
    return expr;                                                                               \
  }

// The queries every image type has.
#define COMMON(type, tag)                                                                      \
  QUERY(int, 15get_image_width, type, IMAGE_CAT(width_, tag), (int)img->width)                 \
  QUERY(int, 27get_image_channel_data_type, type, IMAGE_CAT(data_type_, tag),                   \
        (int)img->channel_data_type)                                                           \
  QUERY(int, 23get_image_channel_order, type, IMAGE_CAT(order_, tag), (int)img->channel_order)

// 2D-shaped types: height and (width, height).
#define PLANAR(type, tag)                                                                      \
  QUERY(int, 16get_image_height, type, IMAGE_CAT(height_, tag), (int)img->height)              \
  QUERY(int2, 13get_image_dim, type, IMAGE_CAT(dim_, tag),                                      \
        (int2)((int)img->width, (int)img->height))

#define ARRAYED(type, tag)                                                                     \
  QUERY(size_t, 20get_image_array_size, type, IMAGE_CAT(layers_, tag), (size_t)img->array_size)

#define FOR_EACH_ACCESS(F) F(ro) F(wo) F(rw)

#define ALL_TYPES(acc)                                                                         \
  COMMON(IMAGE_1D(acc), IMAGE_CAT(1d_, acc))                                                   \
  COMMON(IMAGE_1D_BUFFER(acc), IMAGE_CAT(1db_, acc))                                           \
  COMMON(IMAGE_1D_ARRAY(acc), IMAGE_CAT(1da_, acc))                                            \
  ARRAYED(IMAGE_1D_ARRAY(acc), IMAGE_CAT(1da_, acc))                                           \
  COMMON(IMAGE_2D(acc), IMAGE_CAT(2d_, acc))                                                   \
  PLANAR(IMAGE_2D(acc), IMAGE_CAT(2d_, acc))                                                   \
  COMMON(IMAGE_2D_ARRAY(acc), IMAGE_CAT(2da_, acc))                                            \
  PLANAR(IMAGE_2D_ARRAY(acc), IMAGE_CAT(2da_, acc))                                            \
  ARRAYED(IMAGE_2D_ARRAY(acc), IMAGE_CAT(2da_, acc))                                           \
  COMMON(IMAGE_2D_DEPTH(acc), IMAGE_CAT(2dd_, acc))                                            \
  PLANAR(IMAGE_2D_DEPTH(acc), IMAGE_CAT(2dd_, acc))                                            \
  COMMON(IMAGE_2D_ARRAY_DEPTH(acc), IMAGE_CAT(2dad_, acc))                                     \
  PLANAR(IMAGE_2D_ARRAY_DEPTH(acc), IMAGE_CAT(2dad_, acc))                                     \
  ARRAYED(IMAGE_2D_ARRAY_DEPTH(acc), IMAGE_CAT(2dad_, acc))                                    \
  COMMON(IMAGE_3D(acc), IMAGE_CAT(3d_, acc))                                                   \
  QUERY(int, 16get_image_height, IMAGE_3D(acc), IMAGE_CAT(height_3d_, acc), (int)img->height)  \
  QUERY(int, 15get_image_depth, IMAGE_3D(acc), IMAGE_CAT(depth_3d_, acc), (int)img->depth)     \
  QUERY(int4, 13get_image_dim, IMAGE_3D(acc), IMAGE_CAT(dim_3d_, acc),                          \
        (int4)((int)img->width, (int)img->height, (int)img->depth, 0))

FOR_EACH_ACCESS(ALL_TYPES)
