// read_image{f,ui} with a sampler and float coordinates (builtins/lib/
// image_sample.cl) on every sampled image type, for every filter,
// addressing mode and coordinate normalization, against a host reference
// written here from OpenCL C's "Image Addressing and Filtering" formulas.
#include "api/image_fixture.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using Color = std::array<float, 4>;

struct SamplerSetting {
  bool normalized;
  cl_addressing_mode mode;
  cl_filter_mode filter;
};

std::string describe(const SamplerSetting &s) {
  static const char *modes[] = {"NONE", "CLAMP_TO_EDGE", "CLAMP", "REPEAT", "MIRRORED_REPEAT"};
  return std::string(s.normalized ? "normalized " : "unnormalized ") +
         modes[s.mode - CL_ADDRESS_NONE] + (s.filter == CL_FILTER_LINEAR ? " linear" : " nearest");
}

std::vector<SamplerSetting> everySampler() {
  std::vector<SamplerSetting> all;
  for (cl_filter_mode filter : {CL_FILTER_NEAREST, CL_FILTER_LINEAR}) {
    for (bool normalized : {false, true})
      for (cl_addressing_mode mode : {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP})
        all.push_back({normalized, mode, filter});
    // Repeating modes need normalized coordinates.
    for (cl_addressing_mode mode : {CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT})
      all.push_back({true, mode, filter});
  }
  return all;
}

// --- The spec's formulas, one axis at a time ---------------------------------

/// CLK_FILTER_NEAREST: the texel index on an axis of `size` texels.
int nearestIndex(const SamplerSetting &s, float coord, int size) {
  switch (s.mode) {
  case CL_ADDRESS_REPEAT: {
    float u = (coord - std::floor(coord)) * float(size);
    int i = int(std::floor(u));
    return i > size - 1 ? i - size : i;
  }
  case CL_ADDRESS_MIRRORED_REPEAT: {
    float mirrored = std::fabs(coord - 2.0f * std::nearbyint(0.5f * coord));
    int i = int(std::floor(mirrored * float(size)));
    return std::min(i, size - 1);
  }
  default: {
    float u = s.normalized ? coord * float(size) : coord;
    int i = int(std::floor(u));
    if (s.mode == CL_ADDRESS_CLAMP_TO_EDGE)
      return std::clamp(i, 0, size - 1);
    if (s.mode == CL_ADDRESS_CLAMP)
      return std::clamp(i, -1, size);
    return i; // NONE: outside reads the border color
  }
  }
}

/// CLK_FILTER_LINEAR: the pair of texel indices and the second's weight.
struct LinearAxis {
  int i0, i1;
  float a;
};

LinearAxis linearAxis(const SamplerSetting &s, float coord, int size) {
  float u;
  if (s.mode == CL_ADDRESS_REPEAT)
    u = (coord - std::floor(coord)) * float(size);
  else if (s.mode == CL_ADDRESS_MIRRORED_REPEAT)
    u = std::fabs(coord - 2.0f * std::nearbyint(0.5f * coord)) * float(size);
  else
    u = s.normalized ? coord * float(size) : coord;
  int i0 = int(std::floor(u - 0.5f));
  int i1 = i0 + 1;
  float a = (u - 0.5f) - std::floor(u - 0.5f);
  switch (s.mode) {
  case CL_ADDRESS_REPEAT:
    if (i0 < 0)
      i0 = size + i0;
    if (i1 > size - 1)
      i1 = i1 - size;
    break;
  case CL_ADDRESS_MIRRORED_REPEAT:
    i0 = std::max(i0, 0);
    i1 = std::min(i1, size - 1);
    break;
  case CL_ADDRESS_CLAMP_TO_EDGE:
    i0 = std::clamp(i0, 0, size - 1);
    i1 = std::clamp(i1, 0, size - 1);
    break;
  case CL_ADDRESS_CLAMP:
    i0 = std::clamp(i0, -1, size);
    i1 = std::clamp(i1, -1, size);
    break;
  default:
    break;
  }
  return {i0, i1, a};
}

/// An image's texels as colors, with its geometry: `axes` filtered axes
/// (x, y, z), and an array layer on axis `layerAxis` (-1 if none).
struct Reference {
  int size[3];
  int axes;
  int layerAxis;
  Color border;
  std::vector<Color> texels; // x fastest, then y, then z

  Color at(int x, int y, int z) const {
    if (x < 0 || x >= size[0] || y < 0 || y >= size[1] || z < 0 || z >= size[2])
      return border;
    return texels[(size_t(z) * size[1] + y) * size[0] + x];
  }

  Color sample(const SamplerSetting &s, const float coord[3]) const {
    int layer = 0;
    if (layerAxis >= 0)
      layer = std::clamp(int(std::nearbyint(coord[layerAxis])), 0, size[layerAxis] - 1);
    int fixed[3] = {0, 0, 0};
    if (layerAxis >= 0)
      fixed[layerAxis] = layer;
    if (s.filter == CL_FILTER_NEAREST) {
      int i[3] = {fixed[0], fixed[1], fixed[2]};
      for (int axis = 0; axis < axes; ++axis)
        i[axis] = nearestIndex(s, coord[axis], size[axis]);
      return at(i[0], i[1], i[2]);
    }
    LinearAxis l[3] = {{fixed[0], fixed[0], 0}, {fixed[1], fixed[1], 0}, {fixed[2], fixed[2], 0}};
    for (int axis = 0; axis < axes; ++axis)
      l[axis] = linearAxis(s, coord[axis], size[axis]);
    // T = sum over the corners of the weight products times the texel.
    Color sum = {0, 0, 0, 0};
    for (int corner = 0; corner < (1 << axes); ++corner) {
      float weight = 1.0f;
      int i[3];
      for (int axis = 0; axis < 3; ++axis) {
        bool second = axis < axes && (corner >> axis & 1);
        i[axis] = second ? l[axis].i1 : l[axis].i0;
        if (axis < axes)
          weight *= second ? l[axis].a : 1.0f - l[axis].a;
      }
      Color t = at(i[0], i[1], i[2]);
      for (int k = 0; k < 4; ++k)
        sum[k] += weight * t[k];
    }
    return sum;
  }
};

// --- The image types ---------------------------------------------------------

struct ImageType {
  const char *name;  // OpenCL C type
  const char *coord; // how the kernel turns its float4 into the coordinate
  cl_mem_object_type type;
  int size[3]; // width, height or layers, depth or layers
  int axes;
  int layerAxis;
};

const ImageType kTypes[] = {
    {"image1d_t", "c.x", CL_MEM_OBJECT_IMAGE1D, {7, 1, 1}, 1, -1},
    {"image1d_array_t", "c.xy", CL_MEM_OBJECT_IMAGE1D_ARRAY, {6, 3, 1}, 1, 1},
    {"image2d_t", "c.xy", CL_MEM_OBJECT_IMAGE2D, {5, 4, 1}, 2, -1},
    {"image2d_array_t", "c", CL_MEM_OBJECT_IMAGE2D_ARRAY, {4, 3, 3}, 2, 2},
    {"image3d_t", "c", CL_MEM_OBJECT_IMAGE3D, {4, 3, 3}, 3, -1},
};

cl_image_desc describeImage(const ImageType &t) {
  cl_image_desc d = {};
  d.image_type = t.type;
  d.image_width = size_t(t.size[0]);
  if (t.type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
    d.image_array_size = size_t(t.size[1]);
  else if (t.type != CL_MEM_OBJECT_IMAGE1D)
    d.image_height = size_t(t.size[1]);
  if (t.type == CL_MEM_OBJECT_IMAGE2D_ARRAY)
    d.image_array_size = size_t(t.size[2]);
  else if (t.type == CL_MEM_OBJECT_IMAGE3D)
    d.image_depth = size_t(t.size[2]);
  return d;
}

/// Coordinates that cover the image, its outside, the repeats, and the
/// texel edges and centers where floor() changes its mind.
std::vector<std::array<float, 4>> coordinates(const ImageType &t, bool normalized,
                                              std::mt19937 &rng) {
  std::vector<std::array<float, 4>> all;
  auto axisCoord = [&](int axis, int pick) -> float {
    float size = float(t.size[axis]);
    if (axis == t.layerAxis) // unnormalized layer, a little outside too
      return std::uniform_real_distribution<float>(-1.5f, size + 0.5f)(rng);
    if (pick % 3 == 0) { // an edge or a center, exactly
      int k = std::uniform_int_distribution<int>(-2, 2 * t.size[axis] + 2)(rng);
      float u = 0.5f * float(k);
      return normalized ? u / size : u;
    }
    float u = std::uniform_real_distribution<float>(-1.5f * size, 2.5f * size)(rng);
    return normalized ? u / size : u;
  };
  for (int n = 0; n < 96; ++n) {
    std::array<float, 4> c = {0, 0, 0, 0};
    for (int axis = 0; axis < t.axes + (t.layerAxis >= 0 ? 1 : 0); ++axis)
      c[size_t(axis)] = axisCoord(axis, n + axis);
    all.push_back(c);
  }
  return all;
}

class ImageSampling : public ImageKernel {
protected:
  /// Reads `img` at `coords` through every sampler with read_image<kind>
  /// and checks each color against `ref`.
  void checkEverySampler(const ImageType &t, cl_mem img, const Reference &ref, const char *kind,
                         float tolerance, bool integerColors, std::mt19937 &rng) {
    std::string source = std::string("#define IMAGE ") + t.name + "\n#define COORD " + t.coord +
                         "\n#define READ read_image" + kind + "\n#define COLOR " +
                         (integerColors ? "uint4" : "float4") + R"(
      kernel void k(read_only IMAGE img, sampler_t s, global const float4 *coords,
                    global COLOR *out) {
        size_t i = get_global_id(0);
        float4 c = coords[i];
        out[i] = READ(img, s, COORD);
      })";
    cl_kernel kernel = build(source);
    ASSERT_NE(kernel, nullptr);
    for (const SamplerSetting &setting : everySampler()) {
      std::vector<std::array<float, 4>> coords = coordinates(t, setting.normalized, rng);
      cl_int err = CL_SUCCESS;
      cl_sampler sampler =
          clCreateSampler(context, setting.normalized, setting.mode, setting.filter, &err);
      ASSERT_EQ(err, CL_SUCCESS);
      cl_mem in = buffer(coords.size() * 16, coords.data());
      cl_mem out = buffer(coords.size() * 16);
      ASSERT_EQ(clSetKernelArg(kernel, 0, sizeof img, &img), CL_SUCCESS);
      ASSERT_EQ(clSetKernelArg(kernel, 1, sizeof sampler, &sampler), CL_SUCCESS);
      ASSERT_EQ(clSetKernelArg(kernel, 2, sizeof in, &in), CL_SUCCESS);
      ASSERT_EQ(clSetKernelArg(kernel, 3, sizeof out, &out), CL_SUCCESS);
      size_t global = coords.size();
      ASSERT_EQ(
          clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
          CL_SUCCESS);
      std::vector<uint32_t> got = readBuffer<uint32_t>(out, coords.size() * 4);
      clReleaseSampler(sampler);
      // Integer colors are never filtered.
      SamplerSetting expected = setting;
      if (integerColors)
        expected.filter = CL_FILTER_NEAREST;
      int failures = 0;
      for (size_t n = 0; n < coords.size() && failures < 5; ++n) {
        Color want = ref.sample(expected, coords[n].data());
        for (size_t k = 0; k < 4; ++k) {
          float value;
          if (integerColors)
            value = float(got[n * 4 + k]);
          else
            std::memcpy(&value, &got[n * 4 + k], 4);
          if (!(std::fabs(value - want[k]) <= tolerance)) {
            ADD_FAILURE() << t.name << ' ' << describe(setting) << " at (" << coords[n][0] << ", "
                          << coords[n][1] << ", " << coords[n][2] << ") component " << k << ": got "
                          << value << ", want " << want[k];
            ++failures;
            break;
          }
        }
      }
    }
    clReleaseKernel(kernel);
  }

  cl_kernel build(const std::string &source) {
    const char *text = source.c_str();
    cl_int err = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clBuildProgram(program, 0, nullptr, "-cl-std=CL1.2", nullptr, nullptr), CL_SUCCESS);
    cl_kernel kernel = clCreateKernel(program, "k", &err);
    EXPECT_EQ(err, CL_SUCCESS);
    clReleaseProgram(program);
    return kernel;
  }

  static size_t texelCount(const ImageType &t) {
    return size_t(t.size[0]) * size_t(t.size[1]) * size_t(t.size[2]);
  }
};

TEST_F(ImageSampling, UnormRgbaFollowsTheSpecsFormulasOnEveryImageType) {
  std::mt19937 rng(13);
  for (const ImageType &t : kTypes) {
    std::vector<uint8_t> bytes(texelCount(t) * 4);
    for (uint8_t &b : bytes)
      b = uint8_t(rng());
    Reference ref{{t.size[0], t.size[1], t.size[2]}, t.axes, t.layerAxis, {0, 0, 0, 0}, {}};
    for (size_t i = 0; i < texelCount(t); ++i)
      ref.texels.push_back({bytes[4 * i] / 255.0f, bytes[4 * i + 1] / 255.0f,
                            bytes[4 * i + 2] / 255.0f, bytes[4 * i + 3] / 255.0f});
    cl_mem img = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_RGBA, CL_UNORM_INT8},
                        describeImage(t), bytes.data());
    checkEverySampler(t, img, ref, "f", 2e-6f, false, rng);
  }
}

TEST_F(ImageSampling, FloatRedHasTheOpaqueBorder) {
  std::mt19937 rng(1313);
  for (const ImageType &t : kTypes) {
    std::vector<float> red(texelCount(t));
    for (float &r : red)
      r = std::uniform_real_distribution<float>(-100.0f, 100.0f)(rng);
    Reference ref{{t.size[0], t.size[1], t.size[2]}, t.axes, t.layerAxis, {0, 0, 0, 1}, {}};
    for (float r : red)
      ref.texels.push_back({r, 0, 0, 1});
    cl_mem img = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_R, CL_FLOAT}, describeImage(t),
                        red.data());
    checkEverySampler(t, img, ref, "f", 1e-4f, false, rng);
  }
}

TEST_F(ImageSampling, IntegerColorsTakeTheNearestTexel) {
  std::mt19937 rng(131313);
  for (const ImageType &t : kTypes) {
    std::vector<uint16_t> values(texelCount(t) * 4);
    for (uint16_t &v : values)
      v = uint16_t(rng());
    Reference ref{{t.size[0], t.size[1], t.size[2]}, t.axes, t.layerAxis, {0, 0, 0, 0}, {}};
    for (size_t i = 0; i < texelCount(t); ++i)
      ref.texels.push_back({float(values[4 * i]), float(values[4 * i + 1]),
                            float(values[4 * i + 2]), float(values[4 * i + 3])});
    cl_mem img = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_RGBA, CL_UNSIGNED_INT16},
                        describeImage(t), values.data());
    checkEverySampler(t, img, ref, "ui", 0.0f, true, rng);
  }
}

} // namespace
} // namespace corecl::test
