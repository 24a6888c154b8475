// read_image{f,i,ui} with a sampler, for float and integer coordinates,
// every image type that takes one (not image1d_buffer_t, not read_write
// images).
//
// The texel selection follows OpenCL C's "Image Addressing and Filtering"
// formulas operation for operation, in float, since the CTS checks them to
// the last bit: floor, frac(x) = x - floor(x), the 0.5 texel offset of
// linear filtering, and the weights summed in the spec's order. The three
// axes are computed at once in float4/int4 lanes (x, y, z); an image type
// filters its first `axes` lanes and takes an array layer, which is never
// normalized nor filtered, on lane `layer_lane` (-1 if it has none).
#include "image_texel.h"

#define ADDRESS_MODE(sampler) ((sampler) & CORECL_SAMPLER_ADDRESS_MASK)

// The texels a read combines, per lane: i0 (the nearest texel, or the
// first of a linear pair), i1 (the second) and a, the weight of i1.
typedef struct {
  int4 i0;
  int4 i1;
  float4 a;
} taps;

// (int)floor(f), kept within [lo, hi]: the address modes clamp at least
// this far, and an infinite or NaN coordinate (undefined by the spec)
// still gives an index near the image (fmax drops the NaN).
static int4 floor_index(float4 f, float lo, float4 hi) {
  return convert_int4(fmin(fmax(floor(f), (float4)(lo)), hi));
}

// The coordinate in texels for CLK_ADDRESS_REPEAT (s - floor(s)) * size,
// CLK_ADDRESS_MIRRORED_REPEAT |s - 2 rint(s / 2)| * size, and for the
// other modes s, times size if normalized.
static float4 texel_space(uint sampler, float4 s, float4 size) {
  switch (ADDRESS_MODE(sampler)) {
  case CORECL_SAMPLER_ADDRESS_REPEAT:
    return (s - floor(s)) * size;
  case CORECL_SAMPLER_ADDRESS_MIRRORED_REPEAT:
    return fabs(s - 2.0f * rint(0.5f * s)) * size;
  default:
    return sampler & CORECL_SAMPLER_NORMALIZED_COORDS ? s * size : s;
  }
}

static taps nearest_taps(uint sampler, float4 s, int4 e) {
  float4 size = convert_float4(e);
  float4 u = texel_space(sampler, s, size);
  taps t;
  switch (ADDRESS_MODE(sampler)) {
  case CORECL_SAMPLER_ADDRESS_REPEAT: {
    int4 i = floor_index(u, 0.0f, size);
    t.i0 = select(i, i - e, i > e - 1);
    break;
  }
  case CORECL_SAMPLER_ADDRESS_MIRRORED_REPEAT: // min(i, size - 1), u >= 0
  case CORECL_SAMPLER_ADDRESS_CLAMP_TO_EDGE:
    t.i0 = floor_index(u, 0.0f, size - 1.0f);
    break;
  default: // CLAMP and NONE: clamp(i, -1, size), the border outside
    t.i0 = floor_index(u, -1.0f, size);
    break;
  }
  t.i1 = t.i0;
  t.a = (float4)(0.0f);
  return t;
}

static taps linear_taps(uint sampler, float4 s, int4 e) {
  float4 size = convert_float4(e);
  float4 u = texel_space(sampler, s, size) - 0.5f;
  int4 i = floor_index(u, -2.0f, size);
  taps t;
  t.a = u - floor(u);
  switch (ADDRESS_MODE(sampler)) {
  case CORECL_SAMPLER_ADDRESS_REPEAT:
    t.i0 = select(i, e + i, i < 0);
    t.i1 = select(i + 1, i + 1 - e, i + 1 > e - 1);
    break;
  case CORECL_SAMPLER_ADDRESS_MIRRORED_REPEAT:
    t.i0 = max(i, 0);
    t.i1 = min(i + 1, e - 1);
    break;
  case CORECL_SAMPLER_ADDRESS_CLAMP_TO_EDGE:
    t.i0 = clamp(i, (int4)(0), e - 1);
    t.i1 = clamp(i + 1, (int4)(0), e - 1);
    break;
  default: // CLAMP and NONE
    t.i0 = clamp(i, (int4)(-1), e);
    t.i1 = clamp(i + 1, (int4)(-1), e);
    break;
  }
  return t;
}

// Lanes past `axes` are either the array layer, clamp(rint(c), 0, size - 1)
// whatever the sampler, or 0 for the axes the image does not have.
static taps sample_taps(uint sampler, float4 s, int4 e, int axes, int layer_lane) {
  bool linear = sampler & CORECL_SAMPLER_FILTER_LINEAR;
  taps t = linear ? linear_taps(sampler, s, e) : nearest_taps(sampler, s, e);
  int4 lane = (int4)(0, 1, 2, 3);
  float layer_coord = layer_lane == 1 ? s.y : s.z;
  int layer_size = layer_lane == 1 ? e.y : e.z;
  int layer = convert_int(fmin(fmax(rint(layer_coord), 0.0f), (float)(layer_size - 1)));
  int4 fixed = select((int4)(0), (int4)(layer), lane == layer_lane);
  int4 filtered = lane < axes;
  t.i0 = select(fixed, t.i0, filtered);
  t.i1 = select(fixed, t.i1, filtered);
  t.a = select((float4)(0.0f), t.a, filtered);
  return t;
}

// Integer coordinates: unnormalized and nearest by the spec's rules, so
// clamp(c, 0, size - 1) for CLAMP_TO_EDGE and c itself otherwise (the
// border outside); an array layer is clamped.
static int4 integer_tap(uint sampler, int4 c, int4 e, int layer_lane) {
  bool edge = ADDRESS_MODE(sampler) == CORECL_SAMPLER_ADDRESS_CLAMP_TO_EDGE;
  int4 clamped = clamp(c, (int4)(0), e - 1);
  int4 lane = (int4)(0, 1, 2, 3);
  return select(c, clamped, edge ? (int4)(-1) : lane == layer_lane);
}

// The texel at `at`, or the border color outside the image. The load is
// unconditional, from a clamped address, so that it vectorises as a gather.
#define TEXEL(kind)                                                                                \
  static COLOR_##kind texel_##kind(corecl_image_t img, int4 at) {                                  \
    COLOR_##kind color = load_##kind(img, clamp_to_image(img, at));                                 \
    COLOR_##kind border = (COLOR_##kind)(0, 0, 0, border_alpha_is_one(img->channel_order));        \
    return outside_image(img, at) ? border : color;                                                \
  }
TEXEL(f)
TEXEL(i)
TEXEL(ui)

// The weighted sum over the 2, 4 or 8 corners, term by term in the spec's
// order (x varies fastest) with the weights multiplied left to right.
static float4 filter_linear(corecl_image_t img, taps t, int axes) {
  float4 sum = (float4)(0.0f);
  for (int corner = 0; corner < (1 << axes); ++corner) {
    int4 at = t.i0;
    float weight = (corner & 1) ? t.a.x : 1.0f - t.a.x;
    at.x = (corner & 1) ? t.i1.x : t.i0.x;
    if (axes > 1) {
      weight *= (corner & 2) ? t.a.y : 1.0f - t.a.y;
      at.y = (corner & 2) ? t.i1.y : t.i0.y;
    }
    if (axes > 2) {
      weight *= (corner & 4) ? t.a.z : 1.0f - t.a.z;
      at.z = (corner & 4) ? t.i1.z : t.i0.z;
    }
    sum += weight * texel_f(img, at);
  }
  return sum;
}

static float4 sample_f(corecl_image_t img, uint sampler, float4 s, int axes, int layer_lane) {
  taps t = sample_taps(sampler, s, extent(img), axes, layer_lane);
  if (sampler & CORECL_SAMPLER_FILTER_LINEAR)
    return filter_linear(img, t, axes);
  return texel_f(img, t.i0);
}

// Integer colors are never filtered (linear is undefined for them).
#define SAMPLE_INTEGER(kind)                                                                       \
  static COLOR_##kind sample_##kind(corecl_image_t img, uint sampler, float4 s, int axes,          \
                                    int layer_lane) {                                              \
    uint nearest = sampler & ~CORECL_SAMPLER_FILTER_LINEAR;                                        \
    return texel_##kind(img, sample_taps(nearest, s, extent(img), axes, layer_lane).i0);           \
  }
SAMPLE_INTEGER(i)
SAMPLE_INTEGER(ui)

// Half colors: the float color (filtered in float) rounded to nearest.
static half4 texel_h(corecl_image_t img, int4 at) { return convert_half4(texel_f(img, at)); }
static half4 sample_h(corecl_image_t img, uint sampler, float4 s, int axes, int layer_lane) {
  return convert_half4(sample_f(img, sampler, s, axes, layer_lane));
}

// ---------------------------------------------------------------------------
// The builtins: read_image<kind>(image, sampler, coord) for float and int
// coordinates. `fcoord` and `coord` turn the coordinate into (x, y, z).

#define F1(c) (float4)((c), 0.0f, 0.0f, 0.0f)
#define F2(c) (float4)((c).x, (c).y, 0.0f, 0.0f)
#define F4(c) (float4)((c).x, (c).y, (c).z, 0.0f)

#define SAMPLED_READ(kind, type, tag, n, axes, layer_lane)                                         \
  IMAGE_BUILTIN(COLOR_##kind, KIND_LEN_##kind, type, IMAGE_CAT(11ocl_sampler, M_float##n),         \
                IMAGE_CAT(__corecl_fread_##kind##_, tag),                                          \
                (corecl_image_t img, uint sampler, float##n c)) {                                  \
    return sample_##kind(img, sampler, F##n(c), axes, layer_lane);                                 \
  }                                                                                                \
  IMAGE_BUILTIN(COLOR_##kind, KIND_LEN_##kind, type, IMAGE_CAT(11ocl_sampler, M_int##n),           \
                IMAGE_CAT(__corecl_iread_##kind##_, tag),                                          \
                (corecl_image_t img, uint sampler, int##n c)) {                                    \
    return texel_##kind(img, integer_tap(sampler, C##n(c), extent(img), layer_lane));              \
  }

#define SAMPLED_READS(type, tag, n, axes, layer_lane)                                              \
  SAMPLED_READ(f, type, tag, n, axes, layer_lane)                                                  \
  SAMPLED_READ(i, type, tag, n, axes, layer_lane)                                                  \
  SAMPLED_READ(ui, type, tag, n, axes, layer_lane)                                                 \
  SAMPLED_READ(h, type, tag, n, axes, layer_lane)

// The coordinate types by component count: int/float, int2/float2 and
// int4/float4 (C1, C2, C4 and F1, F2, F4 turn them into lanes).
#define int1 int
#define float1 float
#define M_int1 M_int
#define M_float1 M_float

SAMPLED_READS(IMAGE_1D(ro), 1d, 1, 1, -1)
SAMPLED_READS(IMAGE_1D_ARRAY(ro), 1da, 2, 1, 1)
SAMPLED_READS(IMAGE_2D(ro), 2d, 2, 2, -1)
SAMPLED_READS(IMAGE_2D_ARRAY(ro), 2da, 4, 2, 2)
SAMPLED_READS(IMAGE_3D(ro), 3d, 4, 3, -1)

// Depth images: the depth is the color's red, and the border value 0.
#define SAMPLED_DEPTH_READ(type, tag, n, axes, layer_lane)                                         \
  IMAGE_BUILTIN(float, 11read_imagef, type, IMAGE_CAT(11ocl_sampler, M_float##n),                  \
                __corecl_fread_depth_##tag, (corecl_image_t img, uint sampler, float##n c)) {      \
    return sample_f(img, sampler, F##n(c), axes, layer_lane).x;                                    \
  }                                                                                                \
  IMAGE_BUILTIN(float, 11read_imagef, type, IMAGE_CAT(11ocl_sampler, M_int##n),                    \
                __corecl_iread_depth_##tag, (corecl_image_t img, uint sampler, int##n c)) {        \
    return texel_f(img, integer_tap(sampler, C##n(c), extent(img), layer_lane)).x;                 \
  }

SAMPLED_DEPTH_READ(IMAGE_2D_DEPTH(ro), 2dd, 2, 2, -1)
SAMPLED_DEPTH_READ(IMAGE_2D_ARRAY_DEPTH(ro), 2dad, 4, 2, 2)
