// Fixtures of the image tests (image_test.cpp, image_sampling_test.cpp):
// a context whose device has images, image and buffer creation that
// releases what it made, and a kernel runner.
#pragma once
#include "api/cl_test_helpers.h"
#include "api/test_support.h"

#include <string>
#include <vector>

namespace corecl::test {

inline bool deviceSupportsImages(cl_context context) {
  cl_device_id device;
  clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof device, &device, nullptr);
  cl_bool support = CL_FALSE;
  clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof support, &support, nullptr);
  return support == CL_TRUE;
}

class Image : public ContextTest {
protected:
  void SetUp() override {
    ContextTest::SetUp();
    ASSERT_TRUE(deviceSupportsImages(context));
  }
  void TearDown() override {
    for (cl_mem m : made_)
      clReleaseMemObject(m);
    ContextTest::TearDown();
  }

  cl_mem create(cl_mem_flags flags, cl_image_format format, cl_image_desc desc,
                void *host = nullptr) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateImage(context, flags, &format, &desc, host, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_NE(m, nullptr);
    if (m)
      made_.push_back(m);
    return m;
  }
  cl_int createError(cl_mem_flags flags, cl_image_format format, const cl_image_desc &desc,
                     void *host = nullptr) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateImage(context, flags, &format, &desc, host, &err);
    EXPECT_EQ(m, nullptr);
    if (m)
      clReleaseMemObject(m);
    return err;
  }
  template <class T> T imageInfo(cl_mem m, cl_image_info param) {
    T v{};
    EXPECT_EQ(clGetImageInfo(m, param, sizeof v, &v, nullptr), CL_SUCCESS);
    return v;
  }

  static cl_image_desc desc2d(size_t w, size_t h) {
    cl_image_desc d = {};
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = w;
    d.image_height = h;
    return d;
  }

  static constexpr cl_image_format kRgba8 = {CL_RGBA, CL_UNORM_INT8};

private:
  std::vector<cl_mem> made_;
};

/// Runs `name` from `source` (OpenCL C 1.2) over `global` with the given
/// arguments: cl_mem or cl_sampler handles, passed by address.
struct KernelArg {
  size_t size;
  const void *value;
};

class ImageKernel : public Image {
protected:
  void run(const char *source, const char *name, std::vector<KernelArg> args,
           std::vector<size_t> global, const char *options = "-cl-std=CL1.2") {
    cl_int err = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_int built = clBuildProgram(program, 0, nullptr, options, nullptr, nullptr);
    if (built != CL_SUCCESS) {
      cl_device_id device;
      clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof device, &device, nullptr);
      size_t size = 0;
      clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string log(size, '\0');
      clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      clReleaseProgram(program);
      FAIL() << "build failed: " << log;
    }
    cl_kernel kernel = clCreateKernel(program, name, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    for (cl_uint i = 0; i < args.size(); ++i)
      ASSERT_EQ(clSetKernelArg(kernel, i, args[i].size, args[i].value), CL_SUCCESS) << i;
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, kernel, cl_uint(global.size()), nullptr, global.data(),
                                     nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
  }

  cl_mem buffer(size_t bytes, const void *init = nullptr) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                              const_cast<void *>(init), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    buffers_.push_back(m);
    return m;
  }
  template <class T> std::vector<T> readBuffer(cl_mem m, size_t count) {
    std::vector<T> v(count);
    EXPECT_EQ(
        clEnqueueReadBuffer(queue, m, CL_TRUE, 0, count * sizeof(T), v.data(), 0, nullptr, nullptr),
        CL_SUCCESS);
    return v;
  }
  void TearDown() override {
    for (cl_mem m : buffers_)
      clReleaseMemObject(m);
    Image::TearDown();
  }

  /// read_image<kind>(img, (int2)(x, y)) for every pixel of a w x h image
  /// holding `pixels`, as 4 x 32 bits per pixel.
  std::vector<uint32_t> readAll(cl_image_format format, size_t w, size_t h, const void *pixels,
                                const char *kind) {
    cl_mem img = create(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, format, desc2d(w, h),
                        const_cast<void *>(pixels));
    cl_mem out = buffer(w * h * 16);
    std::string source = std::string("#define KIND ") + kind + R"(
      #define CAT(a, b) a##b
      #define READ(k) CAT(read_image, k)
      #define COLOR(k) CAT(COLOR_, k)
      #define COLOR_f float4
      #define COLOR_i int4
      #define COLOR_ui uint4
      kernel void copy(read_only image2d_t img, global COLOR(KIND) *out) {
        int x = get_global_id(0), y = get_global_id(1);
        out[y * get_image_width(img) + x] = READ(KIND)(img, (int2)(x, y));
      })";
    run(source.c_str(), "copy", {{sizeof img, &img}, {sizeof out, &out}}, {w, h});
    return readBuffer<uint32_t>(out, w * h * 4);
  }

  /// write_image<kind>(img, (int2)(x, 0), colors[x]) into an n x 1 image,
  /// then the image's bytes.
  std::vector<uint8_t> writeAll(cl_image_format format, size_t n, size_t pixelBytes,
                                const void *colors, const char *kind) {
    cl_mem img = create(CL_MEM_WRITE_ONLY, format, desc2d(n, 1));
    cl_mem in = buffer(n * 16, colors);
    std::string source = std::string("#define KIND ") + kind + R"(
      #define CAT(a, b) a##b
      #define WRITE(k) CAT(write_image, k)
      #define COLOR(k) CAT(COLOR_, k)
      #define COLOR_f float4
      #define COLOR_i int4
      #define COLOR_ui uint4
      kernel void store(write_only image2d_t img, global const COLOR(KIND) *in) {
        int x = get_global_id(0);
        WRITE(KIND)(img, (int2)(x, 0), in[x]);
      })";
    run(source.c_str(), "store", {{sizeof img, &img}, {sizeof in, &in}}, {n});
    std::vector<uint8_t> bytes(n * pixelBytes);
    size_t origin[3] = {0, 0, 0}, region[3] = {n, 1, 1};
    EXPECT_EQ(clEnqueueReadImage(queue, img, CL_TRUE, origin, region, 0, 0, bytes.data(), 0,
                                 nullptr, nullptr),
              CL_SUCCESS);
    return bytes;
  }

private:
  std::vector<cl_mem> buffers_;
};

} // namespace corecl::test
