// Image objects and the commands on them (issue 13, host side): creation
// with its descriptor and host pointer rules, the format list, the
// queries, read/write/copy/fill/map, checked against host arrays.
#include "api/image_fixture.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

TEST_F(Image, TheDeviceReportsItsLimits) {
  cl_device_id device;
  clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof device, &device, nullptr);
  size_t width = 0, depth = 0, array = 0;
  clGetDeviceInfo(device, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof width, &width, nullptr);
  clGetDeviceInfo(device, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof depth, &depth, nullptr);
  clGetDeviceInfo(device, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof array, &array, nullptr);
  // OpenCL 3.0's minimums for a device with images.
  EXPECT_GE(width, 16384u);
  EXPECT_GE(depth, 2048u);
  EXPECT_GE(array, 2048u);
}

TEST_F(Image, TheFormatListHoldsTheMandatoryFormats) {
  cl_uint count = 0;
  ASSERT_EQ(clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0,
                                       nullptr, &count),
            CL_SUCCESS);
  std::vector<cl_image_format> formats(count);
  ASSERT_EQ(clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, count,
                                       formats.data(), nullptr),
            CL_SUCCESS);
  auto has = [&](cl_channel_order o, cl_channel_type t) {
    for (const cl_image_format &f : formats)
      if (f.image_channel_order == o && f.image_channel_data_type == t)
        return true;
    return false;
  };
  // The OpenCL 3.0 minimum list for read-write images, and formats users
  // reach for.
  for (cl_channel_type t :
       {CL_UNORM_INT8, CL_UNORM_INT16, CL_SIGNED_INT8, CL_SIGNED_INT16, CL_SIGNED_INT32,
        CL_UNSIGNED_INT8, CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT, CL_FLOAT})
    EXPECT_TRUE(has(CL_RGBA, t)) << std::hex << t;
  EXPECT_TRUE(has(CL_R, CL_FLOAT));
  EXPECT_TRUE(has(CL_BGRA, CL_UNORM_INT8));
  EXPECT_TRUE(has(CL_sRGBA, CL_UNORM_INT8));
  EXPECT_TRUE(has(CL_DEPTH, CL_FLOAT));
  // Depth is for 2D images and arrays only.
  cl_uint count3d = 0;
  clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE3D, 0, nullptr,
                             &count3d);
  std::vector<cl_image_format> formats3d(count3d);
  clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE3D, count3d,
                             formats3d.data(), nullptr);
  for (const cl_image_format &f : formats3d)
    EXPECT_NE(f.image_channel_order, cl_channel_order(CL_DEPTH));
  EXPECT_EQ(clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_BUFFER, 0, nullptr,
                                       &count),
            CL_INVALID_VALUE);
}

TEST_F(Image, CopiedPixelsReadBackWithPitchesAndSubRegions) {
  const size_t w = 13, h = 7, hostPitch = 64; // padded host rows
  std::vector<uint8_t> host(hostPitch * h);
  std::iota(host.begin(), host.end(), uint8_t(1));
  cl_image_desc d = desc2d(w, h);
  d.image_row_pitch = hostPitch;
  cl_mem image = create(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, kRgba8, d, host.data());
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_WIDTH), w);
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_HEIGHT), h);
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_DEPTH), 0u);
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_ELEMENT_SIZE), 4u);
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_ROW_PITCH), w * 4); // its own storage is tight
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_SLICE_PITCH), 0u);  // a 2D image has no slices
  cl_image_format f = imageInfo<cl_image_format>(image, CL_IMAGE_FORMAT);
  EXPECT_EQ(f.image_channel_order, cl_channel_order(CL_RGBA));
  cl_mem_object_type type = 0;
  clGetMemObjectInfo(image, CL_MEM_TYPE, sizeof type, &type, nullptr);
  EXPECT_EQ(type, cl_mem_object_type(CL_MEM_OBJECT_IMAGE2D));

  // Pixels (3..8) x (2..5) into a tight host array.
  size_t origin[3] = {3, 2, 0}, region[3] = {6, 4, 1};
  std::vector<uint8_t> got(6 * 4 * 4);
  ASSERT_EQ(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 0, 0, got.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (size_t y = 0; y < 4; ++y)
    for (size_t x = 0; x < 6 * 4; ++x)
      ASSERT_EQ(got[y * 24 + x], host[(2 + y) * hostPitch + 3 * 4 + x]) << x << "," << y;
}

TEST_F(Image, WritesLandWhereTheRegionSaysIn3D) {
  cl_image_desc d = {};
  d.image_type = CL_MEM_OBJECT_IMAGE3D;
  d.image_width = 5;
  d.image_height = 4;
  d.image_depth = 3;
  cl_image_format f = {CL_R, CL_FLOAT};
  cl_mem image = create(CL_MEM_READ_WRITE, f, d);
  std::vector<float> zeros(5 * 4 * 3, 0.0f);
  size_t all[3] = {5, 4, 3}, zero[3] = {0, 0, 0};
  ASSERT_EQ(clEnqueueWriteImage(queue, image, CL_TRUE, zero, all, 0, 0, zeros.data(), 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  // A 2 x 2 x 2 box at (1, 1, 1) from a host array with padded rows and
  // slices: rows of 4 floats, slices of 3 rows.
  std::vector<float> box(4 * 3 * 2, -1.0f);
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < 2; ++x)
        box[z * 12 + y * 4 + x] = float(100 * z + 10 * y + x);
  size_t origin[3] = {1, 1, 1}, region[3] = {2, 2, 2};
  ASSERT_EQ(clEnqueueWriteImage(queue, image, CL_TRUE, origin, region, 4 * sizeof(float),
                                12 * sizeof(float), box.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<float> got(5 * 4 * 3);
  ASSERT_EQ(
      clEnqueueReadImage(queue, image, CL_TRUE, zero, all, 0, 0, got.data(), 0, nullptr, nullptr),
      CL_SUCCESS);
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 5; ++x) {
        bool inside = x >= 1 && x < 3 && y >= 1 && y < 3 && z >= 1 && z < 3;
        float want = inside ? float(100 * (z - 1) + 10 * (y - 1) + (x - 1)) : 0.0f;
        ASSERT_EQ(got[z * 20 + y * 5 + x], want) << x << "," << y << "," << z;
      }
}

TEST_F(Image, AOneDimensionalArraysLayersAreTheHostsSlices) {
  cl_image_desc d = {};
  d.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
  d.image_width = 6;
  d.image_array_size = 3;
  cl_image_format f = {CL_R, CL_UNSIGNED_INT16};
  cl_mem image = create(CL_MEM_READ_WRITE, f, d);
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_ARRAY_SIZE), 3u);
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_HEIGHT), 0u);
  // Layers 1 and 2, pixels 2..5, from host layers 8 values apart.
  std::vector<uint16_t> host(16);
  std::iota(host.begin(), host.end(), uint16_t(1));
  size_t origin[3] = {2, 1, 0}, region[3] = {4, 2, 1};
  ASSERT_EQ(clEnqueueWriteImage(queue, image, CL_TRUE, origin, region, 0, 8 * sizeof(uint16_t),
                                host.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  size_t mapOrigin[3] = {0, 0, 0}, all[3] = {6, 3, 1};
  size_t rowPitch = 0, slicePitch = 0;
  cl_int err = CL_SUCCESS;
  auto *mapped =
      static_cast<uint16_t *>(clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, mapOrigin, all,
                                                &rowPitch, &slicePitch, 0, nullptr, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(slicePitch, rowPitch); // a layer is a row
  for (size_t layer = 1; layer < 3; ++layer)
    for (size_t x = 2; x < 6; ++x)
      EXPECT_EQ(mapped[layer * rowPitch / 2 + x], host[(layer - 1) * 8 + (x - 2)]);
  ASSERT_EQ(clEnqueueUnmapMemObject(queue, image, mapped, 0, nullptr, nullptr), CL_SUCCESS);
  clFinish(queue);
}

TEST_F(Image, CopiesBetweenImagesAndBuffers) {
  const size_t w = 8, h = 6;
  std::vector<uint32_t> pixels(w * h);
  std::iota(pixels.begin(), pixels.end(), 1000u);
  cl_image_desc d = desc2d(w, h);
  cl_mem a = create(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, kRgba8, d, pixels.data());
  cl_mem b = create(CL_MEM_READ_WRITE, kRgba8, d);
  size_t src[3] = {1, 2, 0}, dst[3] = {4, 0, 0}, region[3] = {3, 4, 1};
  ASSERT_EQ(clEnqueueCopyImage(queue, a, b, src, dst, region, 0, nullptr, nullptr), CL_SUCCESS);
  // Image to buffer at an offset, packed.
  cl_int err = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 4 + 3 * 4 * 4, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clEnqueueCopyImageToBuffer(queue, b, buffer, dst, region, 4, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<uint32_t> got(1 + 12);
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, got.size() * 4, got.data(), 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  for (size_t y = 0; y < 4; ++y)
    for (size_t x = 0; x < 3; ++x)
      EXPECT_EQ(got[1 + y * 3 + x], pixels[(2 + y) * w + 1 + x]);
  // And back into a third image.
  cl_mem c = create(CL_MEM_READ_WRITE, kRgba8, desc2d(3, 4));
  size_t zero[3] = {0, 0, 0};
  ASSERT_EQ(clEnqueueCopyBufferToImage(queue, buffer, c, 4, zero, region, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<uint32_t> back(12);
  ASSERT_EQ(
      clEnqueueReadImage(queue, c, CL_TRUE, zero, region, 0, 0, back.data(), 0, nullptr, nullptr),
      CL_SUCCESS);
  EXPECT_TRUE(std::equal(back.begin(), back.end(), got.begin() + 1));
  // Errors: an overlapping copy within one image, formats that differ, a
  // buffer past its end, an image where a buffer belongs.
  size_t near[3] = {2, 1, 0};
  EXPECT_EQ(clEnqueueCopyImage(queue, a, a, src, near, region, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  cl_mem floats = create(CL_MEM_READ_WRITE, {CL_R, CL_FLOAT}, d);
  EXPECT_EQ(clEnqueueCopyImage(queue, a, floats, src, dst, region, 0, nullptr, nullptr),
            CL_IMAGE_FORMAT_MISMATCH);
  EXPECT_EQ(clEnqueueCopyImageToBuffer(queue, b, buffer, dst, region, 8, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  uint32_t word;
  EXPECT_EQ(clEnqueueReadBuffer(queue, a, CL_TRUE, 0, 4, &word, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(buffer);
}

TEST_F(Image, FillStoresTheColorInTheImagesFormat) {
  cl_mem image = create(CL_MEM_READ_WRITE, kRgba8, desc2d(4, 3));
  size_t zero[3] = {0, 0, 0}, all[3] = {4, 3, 1};
  const float black[4] = {0, 0, 0, 0};
  ASSERT_EQ(clEnqueueFillImage(queue, image, black, zero, all, 0, nullptr, nullptr), CL_SUCCESS);
  // unorm8: round to nearest, 0.5 * 255 = 127.5 -> 128 (ties to even).
  const float color[4] = {1.0f, 0.5f, 0.0f, 1.0f};
  size_t origin[3] = {1, 1, 0}, region[3] = {2, 2, 1};
  ASSERT_EQ(clEnqueueFillImage(queue, image, color, origin, region, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<uint8_t> got(4 * 3 * 4);
  ASSERT_EQ(
      clEnqueueReadImage(queue, image, CL_TRUE, zero, all, 0, 0, got.data(), 0, nullptr, nullptr),
      CL_SUCCESS);
  for (size_t y = 0; y < 3; ++y)
    for (size_t x = 0; x < 4; ++x) {
      bool inside = x >= 1 && x < 3 && y >= 1 && y < 3;
      const uint8_t *p = &got[(y * 4 + x) * 4];
      std::array<uint8_t, 4> want =
          inside ? std::array<uint8_t, 4>{255, 128, 0, 255} : std::array<uint8_t, 4>{0, 0, 0, 0};
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(p[c], want[c]) << x << "," << y << " channel " << c;
    }
  // An unsigned integer format takes a uint color.
  cl_mem ints = create(CL_MEM_READ_WRITE, {CL_RG, CL_UNSIGNED_INT16}, desc2d(2, 1));
  const cl_uint value[4] = {7, 70000, 9, 9}; // 70000 saturates to 65535
  size_t two[3] = {2, 1, 1};
  ASSERT_EQ(clEnqueueFillImage(queue, ints, value, zero, two, 0, nullptr, nullptr), CL_SUCCESS);
  uint16_t words[4];
  ASSERT_EQ(clEnqueueReadImage(queue, ints, CL_TRUE, zero, two, 0, 0, words, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(words[0], 7);
  EXPECT_EQ(words[1], 65535);
  EXPECT_EQ(words[2], 7);
}

TEST_F(Image, UseHostPtrImagesAndBufferImagesShareTheirStorage) {
  const size_t w = 4, h = 2, pitch = 32;
  std::vector<uint8_t> host(pitch * h, 0);
  cl_image_desc d = desc2d(w, h);
  d.image_row_pitch = pitch;
  cl_mem image = create(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, kRgba8, d, host.data());
  EXPECT_EQ(imageInfo<size_t>(image, CL_IMAGE_ROW_PITCH), pitch);
  const cl_uint ones[4] = {0, 0, 0, 0};
  (void)ones;
  const float white[4] = {1, 1, 1, 1};
  size_t zero[3] = {0, 0, 0}, region[3] = {1, 1, 1}, second[3] = {2, 1, 0};
  ASSERT_EQ(clEnqueueFillImage(queue, image, white, second, region, 0, nullptr, nullptr),
            CL_SUCCESS);
  clFinish(queue);
  EXPECT_EQ(host[pitch + 8], 255); // pixel (2, 1), in the application's memory
  EXPECT_EQ(host[pitch + 4], 0);

  // A 1D buffer image over a buffer's bytes.
  cl_int err = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_image_desc bd = {};
  bd.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  bd.image_width = 16;
  bd.mem_object = buffer;
  cl_mem view = create(0, kRgba8, bd);
  cl_mem associated = nullptr;
  clGetMemObjectInfo(view, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof associated, &associated, nullptr);
  EXPECT_EQ(associated, buffer);
  size_t at[3] = {5, 0, 0};
  ASSERT_EQ(clEnqueueFillImage(queue, view, white, at, region, 0, nullptr, nullptr), CL_SUCCESS);
  uint32_t word = 0;
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 20, 4, &word, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(word, 0xffffffffu);
  // Too wide for the buffer.
  bd.image_width = 17;
  EXPECT_EQ(createError(0, kRgba8, bd), CL_INVALID_IMAGE_SIZE);
  clReleaseMemObject(buffer);
  (void)zero;
}

TEST_F(Image, BadDescriptorsGetTheSpecsCodes) {
  cl_image_desc d = desc2d(0, 4);
  EXPECT_EQ(createError(0, kRgba8, d), CL_INVALID_IMAGE_DESCRIPTOR);
  d = desc2d(1u << 20, 4);
  EXPECT_EQ(createError(0, kRgba8, d), CL_INVALID_IMAGE_SIZE);
  d = desc2d(4, 4);
  EXPECT_EQ(createError(0, {CL_RGB, CL_UNORM_INT8}, d), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(createError(0, {0x1234, CL_FLOAT}, d), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  d.image_row_pitch = 64; // without host_ptr
  EXPECT_EQ(createError(0, kRgba8, d), CL_INVALID_IMAGE_DESCRIPTOR);
  std::vector<uint8_t> host(4 * 64);
  d.image_row_pitch = 10; // not a multiple of the 4-byte pixel, below 16
  EXPECT_EQ(createError(CL_MEM_COPY_HOST_PTR, kRgba8, d, host.data()), CL_INVALID_IMAGE_DESCRIPTOR);
  d.image_row_pitch = 0;
  EXPECT_EQ(createError(CL_MEM_COPY_HOST_PTR, kRgba8, d), CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(0, kRgba8, d, host.data()), CL_INVALID_HOST_PTR);
  d.num_mip_levels = 2;
  EXPECT_EQ(createError(0, kRgba8, d), CL_INVALID_IMAGE_DESCRIPTOR);
  d = desc2d(4, 4);
  d.image_type = CL_MEM_OBJECT_BUFFER;
  EXPECT_EQ(createError(0, kRgba8, d), CL_INVALID_IMAGE_DESCRIPTOR);
  d = desc2d(4, 4);
  d.image_type = CL_MEM_OBJECT_IMAGE3D;
  d.image_depth = 2;
  EXPECT_EQ(createError(0, {CL_DEPTH, CL_FLOAT}, d), CL_IMAGE_FORMAT_NOT_SUPPORTED);
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreateImage(context, 0, nullptr, &d, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  EXPECT_EQ(clCreateImage(context, 0, &kRgba8, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR);
}

TEST_F(Image, RegionsOutsideTheImageOrItsDimensionsAreInvalid) {
  cl_mem image = create(CL_MEM_READ_WRITE, kRgba8, desc2d(4, 4));
  uint32_t pixels[64];
  size_t origin[3] = {0, 0, 0};
  size_t tooDeep[3] = {1, 1, 2}, tooWide[3] = {5, 1, 1}, empty[3] = {0, 1, 1};
  for (const size_t *region : {tooDeep, tooWide, empty})
    EXPECT_EQ(clEnqueueReadImage(queue, image, CL_TRUE, origin, region, 0, 0, pixels, 0, nullptr,
                                 nullptr),
              CL_INVALID_VALUE);
  size_t one[3] = {1, 1, 1};
  EXPECT_EQ(
      clEnqueueReadImage(queue, image, CL_TRUE, origin, one, 0, 16, pixels, 0, nullptr, nullptr),
      CL_INVALID_VALUE); // a slice pitch for a 2D image
  EXPECT_EQ(
      clEnqueueReadImage(queue, image, CL_TRUE, nullptr, one, 0, 0, pixels, 0, nullptr, nullptr),
      CL_INVALID_VALUE);
  size_t rowPitch;
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, origin, one, nullptr, nullptr, 0,
                              nullptr, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  (void)rowPitch;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
  EXPECT_EQ(clGetImageInfo(buffer, CL_IMAGE_WIDTH, sizeof rowPitch, &rowPitch, nullptr),
            CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(buffer);
}

TEST_F(Image, SamplersKeepTheirSettings) {
  cl_int err = CL_SUCCESS;
  cl_sampler s =
      clCreateSampler(context, CL_FALSE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_bool normalized = CL_TRUE;
  cl_addressing_mode addressing = 0;
  cl_filter_mode filter = 0;
  cl_context owner = nullptr;
  EXPECT_EQ(
      clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized, &normalized, nullptr),
      CL_SUCCESS);
  clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof addressing, &addressing, nullptr);
  clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof filter, &filter, nullptr);
  clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof owner, &owner, nullptr);
  EXPECT_EQ(normalized, cl_bool(CL_FALSE));
  EXPECT_EQ(addressing, cl_addressing_mode(CL_ADDRESS_MIRRORED_REPEAT));
  EXPECT_EQ(filter, cl_filter_mode(CL_FILTER_LINEAR));
  EXPECT_EQ(owner, context);
  EXPECT_EQ(clRetainSampler(s), CL_SUCCESS);
  cl_uint refs = 0;
  clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof refs, &refs, nullptr);
  EXPECT_EQ(refs, 2u);
  EXPECT_EQ(clReleaseSampler(s), CL_SUCCESS);
  EXPECT_EQ(clReleaseSampler(s), CL_SUCCESS);

  // A property list: the others keep their defaults (normalized, clamp).
  const cl_sampler_properties props[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  s = clCreateSamplerWithProperties(context, props, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized, &normalized, nullptr);
  clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof addressing, &addressing, nullptr);
  EXPECT_EQ(normalized, cl_bool(CL_TRUE));
  EXPECT_EQ(addressing, cl_addressing_mode(CL_ADDRESS_CLAMP));
  cl_sampler_properties kept[4] = {};
  size_t size = 0;
  EXPECT_EQ(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sizeof kept, kept, &size), CL_SUCCESS);
  EXPECT_EQ(size, 3 * sizeof(cl_sampler_properties));
  EXPECT_EQ(kept[1], cl_sampler_properties(CL_FILTER_LINEAR));
  clReleaseSampler(s);

  // Bad settings.
  EXPECT_EQ(clCreateSampler(context, 7, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateSampler(context, CL_TRUE, 0x9999, CL_FILTER_NEAREST, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  const cl_sampler_properties twice[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                         CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0};
  EXPECT_EQ(clCreateSamplerWithProperties(context, twice, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateSampler(nullptr, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
}

TEST_F(Image, KernelsQueryTheirImages) {
  cl_image_desc d2 = desc2d(13, 7);
  cl_mem planar = create(CL_MEM_READ_ONLY, {CL_BGRA, CL_UNORM_INT8}, d2);
  cl_image_desc d3 = {};
  d3.image_type = CL_MEM_OBJECT_IMAGE3D;
  d3.image_width = 5;
  d3.image_height = 4;
  d3.image_depth = 3;
  cl_mem volume = create(CL_MEM_READ_ONLY, {CL_R, CL_FLOAT}, d3);
  cl_image_desc da = {};
  da.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
  da.image_width = 9;
  da.image_array_size = 6;
  cl_mem layers = create(CL_MEM_WRITE_ONLY, {CL_RG, CL_SIGNED_INT16}, da);
  const char *source = R"(
    kernel void q(read_only image2d_t a, read_only image3d_t b, write_only image1d_array_t c,
                  global int *out) {
      out[0] = get_image_width(a);
      out[1] = get_image_height(a);
      out[2] = get_image_channel_order(a);
      out[3] = get_image_channel_data_type(a);
      int2 dim = get_image_dim(a);
      out[4] = dim.x * 100 + dim.y;
      int4 dim3 = get_image_dim(b);
      out[5] = dim3.x * 10000 + dim3.y * 100 + dim3.z;
      out[6] = get_image_depth(b);
      out[7] = get_image_width(c);
      out[8] = (int)get_image_array_size(c);
      out[9] = get_image_channel_data_type(c);
    })";
  cl_int err = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(program, 0, nullptr, "-cl-std=CL3.0", nullptr, nullptr), CL_SUCCESS);
  cl_kernel kernel = clCreateKernel(program, "q", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, 10 * sizeof(cl_int), nullptr, &err);
  ASSERT_EQ(clSetKernelArg(kernel, 0, sizeof planar, &planar), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(kernel, 1, sizeof volume, &volume), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(kernel, 2, sizeof layers, &layers), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(kernel, 3, sizeof out, &out), CL_SUCCESS);
  // A write-only image where the kernel reads, and a buffer where an
  // image belongs, are refused.
  EXPECT_EQ(clSetKernelArg(kernel, 0, sizeof layers, &layers), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(kernel, 1, sizeof out, &out), CL_INVALID_MEM_OBJECT);
  size_t one = 1;
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &one, &one, 0, nullptr, nullptr),
            CL_SUCCESS);
  cl_int got[10] = {};
  ASSERT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof got, got, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(got[0], 13);
  EXPECT_EQ(got[1], 7);
  EXPECT_EQ(got[2], CL_BGRA);
  EXPECT_EQ(got[3], CL_UNORM_INT8);
  EXPECT_EQ(got[4], 1307);
  EXPECT_EQ(got[5], 50403);
  EXPECT_EQ(got[6], 3);
  EXPECT_EQ(got[7], 9);
  EXPECT_EQ(got[8], 6);
  EXPECT_EQ(got[9], CL_SIGNED_INT16);
  clReleaseMemObject(out);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
}

// ---------------------------------------------------------------------------
// Kernels reading and writing pixels (builtins/lib/image_rw.cl). Expected
// values come from the OpenCL C spec's conversion rules, written out here.

float asFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Expects the colors `got` (float bits) near `want` (r, g, b, a per pixel).
void expectColors(const std::vector<uint32_t> &got, const std::vector<float> &want,
                  float tolerance = 1e-6f) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_NEAR(asFloat(got[i]), want[i], tolerance) << "pixel " << i / 4 << " component " << i % 4;
}

TEST_F(ImageKernel, ReadImagefConvertsNormalizedChannels) {
  // RGBA / UNORM_INT8: c / 255.
  std::vector<uint8_t> rgba = {0, 1, 128, 255, 7, 200, 64, 3};
  std::vector<float> want;
  for (uint8_t c : rgba)
    want.push_back(c / 255.0f);
  expectColors(readAll({CL_RGBA, CL_UNORM_INT8}, 2, 1, rgba.data(), "f"), want);
  // BGRA: memory holds b, g, r, a.
  std::vector<float> swapped = {want[2], want[1], want[0], want[3],
                                want[6], want[5], want[4], want[7]};
  expectColors(readAll({CL_BGRA, CL_UNORM_INT8}, 1, 2, rgba.data(), "f"), swapped);
  // INTENSITY / UNORM_INT16: (I, I, I, I), I = c / 65535.
  uint16_t intensity[3] = {0, 32768, 65535};
  std::vector<float> wantI;
  for (uint16_t c : intensity)
    for (int k = 0; k < 4; ++k)
      wantI.push_back(c / 65535.0f);
  expectColors(readAll({CL_INTENSITY, CL_UNORM_INT16}, 3, 1, intensity, "f"), wantI);
  // A / SNORM_INT8: (0, 0, 0, max(-1, c / 127)).
  int8_t alpha[4] = {-128, -127, 0, 127};
  std::vector<float> wantA;
  for (int8_t c : alpha)
    wantA.insert(wantA.end(), {0.0f, 0.0f, 0.0f, std::max(-1.0f, c / 127.0f)});
  expectColors(readAll({CL_A, CL_SNORM_INT8}, 2, 2, alpha, "f"), wantA);
}

TEST_F(ImageKernel, ReadImagefReadsFloatHalfAndSrgbChannels) {
  // R / FLOAT: (r, 0, 0, 1).
  float r[3] = {-2.5f, 0.0f, 1e30f};
  std::vector<float> want;
  for (float v : r)
    want.insert(want.end(), {v, 0.0f, 0.0f, 1.0f});
  expectColors(readAll({CL_R, CL_FLOAT}, 3, 1, r, "f"), want);
  // RGBA / HALF_FLOAT: sign, 5-bit exponent (bias 15), 10-bit mantissa.
  uint16_t halves[8] = {0x3C00, 0xC000, 0x3800, 0x7BFF, 0x3555, 0x0400, 0x8000, 0x4900};
  std::vector<float> wantH;
  for (uint16_t h : halves) {
    float magnitude = std::ldexp(1.0f + (h & 0x3FF) / 1024.0f, int(h >> 10 & 0x1F) - 15);
    if ((h & 0x7FFF) == 0)
      magnitude = 0.0f;
    wantH.push_back(h & 0x8000 ? -magnitude : magnitude);
  }
  expectColors(readAll({CL_RGBA, CL_HALF_FLOAT}, 2, 1, halves, "f"), wantH, 0.0f);
  // sRGBA / UNORM_INT8: c = stored / 255, then c / 12.92 up to 0.04045 and
  // ((c + 0.055) / 1.055)^2.4 above; alpha stays c.
  uint8_t srgb[8] = {0, 10, 128, 255, 255, 200, 1, 77};
  std::vector<float> wantS;
  for (int i = 0; i < 8; ++i) {
    double c = srgb[i] / 255.0;
    wantS.push_back(float(i % 4 == 3     ? c
                          : c <= 0.04045 ? c / 12.92
                                         : std::pow((c + 0.055) / 1.055, 2.4)));
  }
  expectColors(readAll({CL_sRGBA, CL_UNORM_INT8}, 2, 1, srgb, "f"), wantS, 1e-4f);
}

TEST_F(ImageKernel, ReadImageiAndUiKeepIntegerChannels) {
  // RG / SIGNED_INT16: (r, g, 0, 1), sign-extended.
  int16_t rg[6] = {-32768, 32767, -1, 5, 0, 1234};
  std::vector<uint32_t> got = readAll({CL_RG, CL_SIGNED_INT16}, 3, 1, rg, "i");
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(int32_t(got[4 * p]), rg[2 * p]);
    EXPECT_EQ(int32_t(got[4 * p + 1]), rg[2 * p + 1]);
    EXPECT_EQ(got[4 * p + 2], 0u);
    EXPECT_EQ(got[4 * p + 3], 1u);
  }
  // RGBA / UNSIGNED_INT32: as stored.
  uint32_t rgba[8] = {0, 1, 0xFFFFFFFFu, 0x80000000u, 42, 7, 99, 123456789};
  got = readAll({CL_RGBA, CL_UNSIGNED_INT32}, 1, 2, rgba, "ui");
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(got[i], rgba[i]) << i;
  // ARGB / UNSIGNED_INT8: memory holds a, r, g, b.
  uint8_t argb[4] = {9, 1, 2, 3};
  got = readAll({CL_ARGB, CL_UNSIGNED_INT8}, 1, 1, argb, "ui");
  EXPECT_EQ(got, (std::vector<uint32_t>{1, 2, 3, 9}));
}

/// convert_<type>_sat_rte(f * max) as the spec writes it.
int32_t normalized(float f, float lo, float hi) {
  if (std::isnan(f))
    return 0;
  return int32_t(std::nearbyint(std::clamp(f * hi, lo, hi)));
}

TEST_F(ImageKernel, WriteImageConvertsAndSaturates) {
  const float nan = std::nanf("");
  float colors[4][4] = {{0.0f, 1.0f, 0.5f, 0.25f},
                        {-0.5f, 1.5f, nan, 0.1f},
                        {0.2f, 0.3f, 0.7f, 0.999f},
                        {1.0f / 255.0f, 0.5f / 255.0f, 254.5f / 255.0f, 0.75f}};
  // RGBA / UNORM_INT8.
  std::vector<uint8_t> got = writeAll({CL_RGBA, CL_UNORM_INT8}, 4, 4, colors, "f");
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(got[4 * p + c], normalized(colors[p][c], 0, 255)) << p << " " << c;
  // BGRA stores b, g, r, a.
  got = writeAll({CL_BGRA, CL_UNORM_INT8}, 4, 4, colors, "f");
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(got[4 * p + c], normalized(colors[p][c < 3 ? 2 - c : 3], 0, 255)) << p << c;
  // RG / SNORM_INT16: convert_short_sat_rte(f * 32767), other components dropped.
  got = writeAll({CL_RG, CL_SNORM_INT16}, 4, 4, colors, "f");
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 2; ++c) {
      int16_t v;
      std::memcpy(&v, &got[4 * p + 2 * c], 2);
      EXPECT_EQ(v, normalized(colors[p][c], -32768, 32767)) << p << c;
    }
  // RGBA / HALF_FLOAT: values exact in half.
  float halfColors[1][4] = {{1.0f, -2.0f, 0.5f, 65504.0f}};
  got = writeAll({CL_RGBA, CL_HALF_FLOAT}, 1, 8, halfColors, "f");
  uint16_t h[4];
  std::memcpy(h, got.data(), 8);
  EXPECT_EQ(h[0], 0x3C00);
  EXPECT_EQ(h[1], 0xC000);
  EXPECT_EQ(h[2], 0x3800);
  EXPECT_EQ(h[3], 0x7BFF);
  // RG / SIGNED_INT8 with write_imagei: convert_char_sat.
  int32_t ints[2][4] = {{300, -300, 5, 6}, {-128, 127, 0, 0}};
  got = writeAll({CL_RG, CL_SIGNED_INT8}, 2, 2, ints, "i");
  EXPECT_EQ(got, (std::vector<uint8_t>{127, 128, 128, 127}));
  // R / UNSIGNED_INT16 with write_imageui: convert_ushort_sat.
  uint32_t uints[2][4] = {{70000, 1, 2, 3}, {65535, 0, 0, 0}};
  got = writeAll({CL_R, CL_UNSIGNED_INT16}, 2, 2, uints, "ui");
  EXPECT_EQ(got, (std::vector<uint8_t>{0xFF, 0xFF, 0xFF, 0xFF}));
}

TEST_F(ImageKernel, PackedAndSrgbWritesFollowTheirFieldsAndTransfer) {
  // Packed RGB formats: each n-bit field is convert_uint_sat_rte(f * (2^n - 1)),
  // red in the top bits. sRGBA: r, g, b through the spec's linear-to-sRGB
  // rule, floor(v * 255 + 0.5), alpha as UNORM_INT8.
  float colors[3][4] = {
      {1.0f, 0.5f, 0.0f, 1.0f}, {0.25f, 1.5f, -1.0f, 0.5f}, {0.1f, 0.2f, 0.9f, 0.0f}};
  auto field = [](float f, int bits) {
    uint32_t max = (1u << bits) - 1;
    return uint32_t(std::nearbyint(std::clamp(f, 0.0f, 1.0f) * float(max)));
  };
  std::vector<uint8_t> got = writeAll({CL_RGB, CL_UNORM_SHORT_565}, 3, 2, colors, "f");
  for (int p = 0; p < 3; ++p) {
    uint16_t v;
    std::memcpy(&v, &got[2 * p], 2);
    EXPECT_EQ(v,
              field(colors[p][0], 5) << 11 | field(colors[p][1], 6) << 5 | field(colors[p][2], 5))
        << p;
  }
  got = writeAll({CL_RGB, CL_UNORM_SHORT_555}, 3, 2, colors, "f");
  for (int p = 0; p < 3; ++p) {
    uint16_t v;
    std::memcpy(&v, &got[2 * p], 2);
    EXPECT_EQ(v,
              field(colors[p][0], 5) << 10 | field(colors[p][1], 5) << 5 | field(colors[p][2], 5))
        << p;
  }
  got = writeAll({CL_RGB, CL_UNORM_INT_101010}, 3, 4, colors, "f");
  for (int p = 0; p < 3; ++p) {
    uint32_t v;
    std::memcpy(&v, &got[4 * p], 4);
    EXPECT_EQ(v, field(colors[p][0], 10) << 20 | field(colors[p][1], 10) << 10 |
                     field(colors[p][2], 10))
        << p;
  }
  auto srgb = [](float c) {
    double v = std::clamp(double(c), 0.0, 1.0);
    v = v < 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055;
    return uint8_t(std::floor(v * 255.0 + 0.5));
  };
  got = writeAll({CL_sRGBA, CL_UNORM_INT8}, 3, 4, colors, "f");
  for (int p = 0; p < 3; ++p) {
    for (int c = 0; c < 3; ++c)
      EXPECT_NEAR(got[4 * p + c], srgb(colors[p][c]), 1) << p << c; // the spec allows 0.6 ulp
    EXPECT_EQ(got[4 * p + 3], normalized(colors[p][3], 0, 255)) << p;
  }
}

TEST_F(ImageKernel, SamplersClampOrGiveTheBorderColor) {
  // 3 x 2 RGBA / UNORM_INT8 (border (0, 0, 0, 0)) and R / FLOAT (border
  // (0, 0, 0, 1)), read at coordinates in and out of the image.
  uint8_t rgba[24];
  for (int i = 0; i < 24; ++i)
    rgba[i] = uint8_t(10 * i + 5);
  float r[6] = {1, 2, 3, 4, 5, 6};
  cl_mem a =
      create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_RGBA, CL_UNORM_INT8}, desc2d(3, 2), rgba);
  cl_mem b = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_R, CL_FLOAT}, desc2d(3, 2), r);
  cl_int err = CL_SUCCESS;
  cl_sampler border = clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_sampler edge =
      clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const int at[5][2] = {{1, 1}, {-1, 0}, {3, 1}, {2, -5}, {7, 9}};
  cl_mem out = buffer(4 * 5 * 16);
  const char *source = R"(
    kernel void k(read_only image2d_t a, read_only image2d_t b, sampler_t border,
                  sampler_t edge, global float4 *out) {
      const int2 at[5] = {(int2)(1, 1), (int2)(-1, 0), (int2)(3, 1), (int2)(2, -5), (int2)(7, 9)};
      for (int i = 0; i < 5; ++i) {
        out[i] = read_imagef(a, border, at[i]);
        out[5 + i] = read_imagef(a, edge, at[i]);
        out[10 + i] = read_imagef(b, border, at[i]);
        out[15 + i] = read_imagef(b, edge, at[i]);
      }
    })";
  run(source, "k",
      {{sizeof a, &a},
       {sizeof b, &b},
       {sizeof border, &border},
       {sizeof edge, &edge},
       {sizeof out, &out}},
      {1});
  std::vector<uint32_t> got = readBuffer<uint32_t>(out, 4 * 20);
  std::vector<float> want;
  for (int image = 0; image < 2; ++image)
    for (int sampler = 0; sampler < 2; ++sampler)
      for (const auto &c : at) {
        bool inside = c[0] >= 0 && c[0] < 3 && c[1] >= 0 && c[1] < 2;
        int x = std::clamp(c[0], 0, 2), y = std::clamp(c[1], 0, 1);
        if (sampler == 0 && !inside)
          want.insert(want.end(), {0.0f, 0.0f, 0.0f, image == 0 ? 0.0f : 1.0f});
        else if (image == 0)
          for (int k = 0; k < 4; ++k)
            want.push_back(rgba[(y * 3 + x) * 4 + k] / 255.0f);
        else
          want.insert(want.end(), {r[y * 3 + x], 0.0f, 0.0f, 1.0f});
      }
  expectColors(got, want);
  clReleaseSampler(border);
  clReleaseSampler(edge);
}

TEST_F(ImageKernel, ThreeDimensionalAndOneDimensionalArrayImages) {
  // 3D R / UNSIGNED_INT32 holding each pixel's index.
  cl_image_desc d3 = {};
  d3.image_type = CL_MEM_OBJECT_IMAGE3D;
  d3.image_width = 3;
  d3.image_height = 4;
  d3.image_depth = 5;
  std::vector<uint32_t> index(60);
  std::iota(index.begin(), index.end(), 100u);
  cl_mem volume =
      create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_R, CL_UNSIGNED_INT32}, d3, index.data());
  cl_mem out = buffer(60 * 4);
  run(R"(kernel void k(read_only image3d_t v, global uint *out) {
        int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
        uint4 c = read_imageui(v, (int4)(x, y, z, 0));
        out[(z * 4 + y) * 3 + x] = c.y == 0 && c.z == 0 && c.w == 1 ? c.x : 0;
      })",
      "k", {{sizeof volume, &volume}, {sizeof out, &out}}, {3, 4, 5});
  EXPECT_EQ(readBuffer<uint32_t>(out, 60), index);

  // 1D array RGBA / SIGNED_INT16: each layer read, doubled, written to
  // another 1D array.
  cl_image_desc da = {};
  da.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
  da.image_width = 5;
  da.image_array_size = 3;
  std::vector<int16_t> layers(5 * 3 * 4);
  for (size_t i = 0; i < layers.size(); ++i)
    layers[i] = int16_t(i * 37 - 900);
  cl_mem src = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_RGBA, CL_SIGNED_INT16}, da,
                      layers.data());
  cl_mem dst = create(CL_MEM_WRITE_ONLY, {CL_RGBA, CL_SIGNED_INT16}, da);
  run(R"(kernel void k(read_only image1d_array_t src, write_only image1d_array_t dst) {
        int2 at = (int2)(get_global_id(0), get_global_id(1));
        write_imagei(dst, at, read_imagei(src, at) * 2);
      })",
      "k", {{sizeof src, &src}, {sizeof dst, &dst}}, {5, 3});
  std::vector<int16_t> got(layers.size());
  size_t origin[3] = {0, 0, 0}, region[3] = {5, 3, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, dst, CL_TRUE, origin, region, 0, 0, got.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  for (size_t i = 0; i < layers.size(); ++i)
    EXPECT_EQ(got[i], int16_t(std::clamp(layers[i] * 2, -32768, 32767))) << i;
}

TEST_F(ImageKernel, ReadWriteImagesReadAndWriteTheSamePixels) {
  // OpenCL C 2.0 has read_write images: each pixel of an RG / FLOAT 2D
  // image doubled in place.
  float rg[4 * 2 * 2];
  for (int i = 0; i < 16; ++i)
    rg[i] = float(i) - 3.5f;
  cl_mem img =
      create(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, {CL_RG, CL_FLOAT}, desc2d(4, 2), rg);
  run(R"(kernel void k(read_write image2d_t img) {
        int2 at = (int2)(get_global_id(0), get_global_id(1));
        write_imagef(img, at, read_imagef(img, at) * 2.0f);
      })",
      "k", {{sizeof img, &img}}, {4, 2}, "-cl-std=CL2.0");
  float got[16];
  size_t origin[3] = {0, 0, 0}, region[3] = {4, 2, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, img, CL_TRUE, origin, region, 0, 0, got, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(got[i], rg[i] * 2.0f) << i;
}

TEST_F(ImageKernel, AnImageFenceOrdersAWorkItemsWriteAndItsNextRead) {
  // atomic_work_item_fence(CLK_IMAGE_MEM_FENCE) between a write and a read
  // of the same pixel of a read_write image: the read sees the write.
  float r[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cl_mem img = create(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, {CL_R, CL_FLOAT}, desc2d(8, 1), r);
  run(R"(kernel void k(read_write image2d_t img) {
        int2 at = (int2)(get_global_id(0), 0);
        write_imagef(img, at, read_imagef(img, at) * 2.0f);
        atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
        write_imagef(img, at, read_imagef(img, at) + 1.0f);
      })",
      "k", {{sizeof img, &img}}, {8}, "-cl-std=CL3.0");
  float got[8];
  size_t origin[3] = {0, 0, 0}, region[3] = {8, 1, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, img, CL_TRUE, origin, region, 0, 0, got, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(got[i], r[i] * 2.0f + 1.0f) << i;
}

TEST_F(ImageKernel, DepthImagesReadAndWriteTheirDepth) {
  // cl_khr_depth_images: a 4 x 2 CL_DEPTH / CL_FLOAT image, copied through
  // write_imagef into a second one, then sampled: nearest at texel
  // centres, linear halfway between two texels, and the border value 0.
  float depth[8] = {0.5f, 0.25f, 1.0f, 0.75f, 0.125f, 0.375f, 0.625f, 0.875f};
  cl_mem src =
      create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_DEPTH, CL_FLOAT}, desc2d(4, 2), depth);
  cl_mem copy = create(CL_MEM_READ_WRITE, {CL_DEPTH, CL_FLOAT}, desc2d(4, 2));
  cl_mem out = buffer(4 * 4);
  run(R"(kernel void copy(read_only image2d_depth_t src, write_only image2d_depth_t dst) {
        int2 at = (int2)(get_global_id(0), get_global_id(1));
        write_imagef(dst, at, read_imagef(src, at));
      })",
      "copy", {{sizeof src, &src}, {sizeof copy, &copy}}, {4, 2});
  run(R"(kernel void sample(read_only image2d_depth_t img, global float *out) {
        const sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |
                                  CLK_FILTER_NEAREST;
        const sampler_t linear = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                                 CLK_FILTER_LINEAR;
        out[0] = read_imagef(img, nearest, (float2)(2.5f, 1.5f));
        out[1] = read_imagef(img, linear, (float2)(1.0f, 0.5f));
        out[2] = read_imagef(img, nearest, (float2)(-0.5f, 0.5f));
        out[3] = read_imagef(img, nearest, (int2)(3, 0));
      })",
      "sample", {{sizeof copy, &copy}, {sizeof out, &out}}, {1});
  std::vector<float> got = readBuffer<float>(out, 4);
  EXPECT_EQ(got[0], depth[6]);
  EXPECT_EQ(got[1], 0.5f * depth[0] + 0.5f * depth[1]);
  EXPECT_EQ(got[2], 0.0f);
  EXPECT_EQ(got[3], depth[3]);
}

TEST_F(ImageKernel, ManyWorkItemsReadAnImage) {
  // 64 x 64 work-items (the vectorised path) copying RGBA / UNORM_INT8.
  std::vector<uint8_t> pixels(64 * 64 * 4);
  for (size_t i = 0; i < pixels.size(); ++i)
    pixels[i] = uint8_t(i * 7 + i / 256);
  std::vector<uint32_t> got = readAll({CL_RGBA, CL_UNORM_INT8}, 64, 64, pixels.data(), "f");
  std::vector<float> want;
  for (uint8_t c : pixels)
    want.push_back(c / 255.0f);
  expectColors(got, want);
}

TEST_F(ImageKernel, AKernelReadingAndWritingAtManyPlacesGetsEveryPixelRight) {
  // A 7 x 7 stencil of reads (49, more than a kernel has inlined:
  // passes/inline_image_accesses.cpp) over a 37 x 29 RGBA / FLOAT image,
  // some of them under a branch the work-items take apart, each result
  // written to 16 pixels of a 4x larger RGBA / UNORM_INT8 image (16
  // writes, also over the budget), and the same from a kernel making one
  // read and one write, which has them inlined.
  constexpr int kW = 37, kH = 29;
  std::vector<float> pixels(kW * kH * 4);
  for (size_t i = 0; i < pixels.size(); ++i)
    pixels[i] = float((i * 37) % 101) / 101.0f;
  cl_mem in = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, {CL_RGBA, CL_FLOAT}, desc2d(kW, kH),
                     pixels.data());
  cl_mem out = create(CL_MEM_WRITE_ONLY, {CL_RGBA, CL_UNORM_INT8}, desc2d(4 * kW, 4 * kH));
  const char *source = R"(
    constant sampler_t edge =
        CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    kernel void stencil(read_only image2d_t in, write_only image2d_t out) {
      int x = get_global_id(0), y = get_global_id(1);
      float4 sum = 0.0f;
      for (int dy = -3; dy <= 3; ++dy)
        for (int dx = -3; dx <= 3; ++dx)
          sum += read_imagef(in, edge, (int2)(x + dx, y + dy)) * (float)(4 + dx - dy);
      if (x % 3 == 1)
        for (int d = -3; d <= 3; ++d)
          sum -= read_imagef(in, edge, (int2)(x + d, y - d));
      sum = sum / 256.0f + 0.25f;
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
          write_imagef(out, (int2)(4 * x + i, 4 * y + j), sum * (float)(1 + i + j) / 7.0f);
    }
    kernel void copy(read_only image2d_t in, write_only image2d_t out) {
      int x = get_global_id(0), y = get_global_id(1);
      write_imagef(out, (int2)(x, y), read_imagef(in, edge, (int2)(x, y)));
    })";
  auto texel = [&](int x, int y, int k) {
    x = std::clamp(x, 0, kW - 1);
    y = std::clamp(y, 0, kH - 1);
    return pixels[(size_t(y) * kW + size_t(x)) * 4 + size_t(k)];
  };
  auto unorm8 = [](float f) { return uint8_t(std::lrint(std::clamp(f, 0.0f, 1.0f) * 255.0f)); };
  run(source, "stencil", {{sizeof in, &in}, {sizeof out, &out}}, {kW, kH});
  std::vector<uint8_t> got(size_t(16) * kW * kH * 4);
  size_t origin[3] = {0, 0, 0}, region[3] = {4 * kW, 4 * kH, 1};
  ASSERT_EQ(clEnqueueReadImage(queue, out, CL_TRUE, origin, region, 0, 0, got.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  size_t wrong = 0;
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x)
      for (int k = 0; k < 4; ++k) {
        float sum = 0;
        for (int dy = -3; dy <= 3; ++dy)
          for (int dx = -3; dx <= 3; ++dx)
            sum += texel(x + dx, y + dy, k) * float(4 + dx - dy);
        if (x % 3 == 1)
          for (int d = -3; d <= 3; ++d)
            sum -= texel(x + d, y - d, k);
        sum = sum / 256.0f + 0.25f;
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j) {
            int want = unorm8(sum * float(1 + i + j) / 7.0f);
            int have = got[((size_t(4 * y + j) * 4 * kW) + size_t(4 * x + i)) * 4 + size_t(k)];
            wrong += std::abs(want - have) > 1;
          }
      }
  EXPECT_EQ(wrong, 0u);

  run(source, "copy", {{sizeof in, &in}, {sizeof out, &out}}, {kW, kH});
  ASSERT_EQ(clEnqueueReadImage(queue, out, CL_TRUE, origin, region, 0, 0, got.data(), 0, nullptr,
                               nullptr),
            CL_SUCCESS);
  wrong = 0;
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x)
      for (int k = 0; k < 4; ++k)
        wrong += std::abs(int(unorm8(texel(x, y, k))) -
                          int(got[(size_t(y) * 4 * kW + size_t(x)) * 4 + size_t(k)])) > 1;
  EXPECT_EQ(wrong, 0u);
}

} // namespace
} // namespace corecl::test
