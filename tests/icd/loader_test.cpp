// CoreCL reached through the ocl-icd loader: this executable links
// libOpenCL, and ctest points OCL_ICD_VENDORS at the build's vendors folder,
// so every call below goes loader -> corecl.icd -> dispatch table.
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

namespace {

std::string platformString(cl_platform_id p, cl_platform_info param) {
  size_t size = 0;
  EXPECT_EQ(clGetPlatformInfo(p, param, 0, nullptr, &size), CL_SUCCESS);
  std::string text(size, '\0');
  EXPECT_EQ(clGetPlatformInfo(p, param, size, text.data(), nullptr), CL_SUCCESS);
  return text.c_str();
}

/// The CoreCL platform among those the loader reports, or nullptr.
cl_platform_id findCoreCL() {
  cl_uint count = 0;
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0)
    return nullptr;
  std::vector<cl_platform_id> ids(count);
  EXPECT_EQ(clGetPlatformIDs(count, ids.data(), nullptr), CL_SUCCESS);
  for (cl_platform_id p : ids)
    if (platformString(p, CL_PLATFORM_NAME) == "CoreCL")
      return p;
  return nullptr;
}

TEST(Loader, FindsCoreCLByName) {
  cl_platform_id p = findCoreCL();
  const char *vendors = std::getenv("OCL_ICD_VENDORS");
  ASSERT_NE(p, nullptr) << "OCL_ICD_VENDORS=" << (vendors ? vendors : "(unset)");
  EXPECT_EQ(platformString(p, CL_PLATFORM_VERSION).rfind("OpenCL 3.0 ", 0), 0u);
  // The loader asks for the suffix; it must be the one CoreCL reports.
  EXPECT_FALSE(platformString(p, CL_PLATFORM_ICD_SUFFIX_KHR).empty());
  EXPECT_NE(platformString(p, CL_PLATFORM_EXTENSIONS).find("cl_khr_icd"), std::string::npos);
}

TEST(Loader, DeviceQueriesGoThroughTheLoader) {
  cl_platform_id p = findCoreCL();
  ASSERT_NE(p, nullptr);
  cl_device_id d = nullptr;
  ASSERT_EQ(clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &d, nullptr), CL_SUCCESS);
  cl_platform_id owner = nullptr;
  ASSERT_EQ(clGetDeviceInfo(d, CL_DEVICE_PLATFORM, sizeof owner, &owner, nullptr), CL_SUCCESS);
  EXPECT_EQ(owner, p);
  cl_ulong host = 0;
  EXPECT_EQ(clGetHostTimer(d, &host), CL_SUCCESS);
  EXPECT_GT(host, 0u);
}

TEST(Loader, ContextQueueBufferRoundTrip) {
  cl_platform_id p = findCoreCL();
  ASSERT_NE(p, nullptr);
  cl_device_id d = nullptr;
  ASSERT_EQ(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, nullptr), CL_SUCCESS);
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, cl_context_properties(p), 0};
  cl_int err;
  cl_context ctx = clCreateContext(props, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);

  const size_t n = 1 << 16;
  std::vector<float> in(n), out(n, 0.0f);
  std::iota(in.begin(), in.end(), 0.5f);
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(float), nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event written;
  ASSERT_EQ(
      clEnqueueWriteBuffer(q, buf, CL_FALSE, 0, n * sizeof(float), in.data(), 0, nullptr, &written),
      CL_SUCCESS);
  ASSERT_EQ(
      clEnqueueReadBuffer(q, buf, CL_TRUE, 0, n * sizeof(float), out.data(), 1, &written, nullptr),
      CL_SUCCESS);
  EXPECT_EQ(out, in);
  EXPECT_EQ(clFinish(q), CL_SUCCESS);

  // Objects created through the loader dispatch through it too.
  cl_context owner = nullptr;
  EXPECT_EQ(clGetMemObjectInfo(buf, CL_MEM_CONTEXT, sizeof owner, &owner, nullptr), CL_SUCCESS);
  EXPECT_EQ(owner, ctx);
  EXPECT_EQ(clReleaseEvent(written), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(clReleaseContext(ctx), CL_SUCCESS);
}

TEST(Loader, ContextFromTypeWithPlatform) {
  cl_platform_id p = findCoreCL();
  ASSERT_NE(p, nullptr);
  // The loader picks the vendor from CL_CONTEXT_PLATFORM.
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, cl_context_properties(p), 0};
  cl_int err;
  cl_context ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_CPU, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_uint n = 0;
  EXPECT_EQ(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof n, &n, nullptr), CL_SUCCESS);
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(clReleaseContext(ctx), CL_SUCCESS);
}

TEST(Loader, ExtensionFunctionLookupForPlatform) {
  cl_platform_id p = findCoreCL();
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(p, "clNoSuchFunctionKHR"), nullptr);
  EXPECT_EQ(clGetExtensionFunctionAddressForPlatform(p, "clCreateBuffer"), nullptr);
  // cl_khr_icd's entry point is found through the loader too, and works.
  using GetPlatforms = cl_int(CL_API_CALL *)(cl_uint, cl_platform_id *, cl_uint *);
  auto icdGet = reinterpret_cast<GetPlatforms>(
      clGetExtensionFunctionAddressForPlatform(p, "clIcdGetPlatformIDsKHR"));
  ASSERT_NE(icdGet, nullptr);
  cl_uint count = 0;
  EXPECT_EQ(icdGet(0, nullptr, &count), CL_SUCCESS);
  EXPECT_EQ(count, 1u);
}

} // namespace
