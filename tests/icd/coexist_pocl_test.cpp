// CoreCL and pocl in one process through the ocl-icd loader. The suite
// builds a vendors folder holding CoreCL's and pocl's .icd files and points
// OCL_ICD_VENDORS at it before the first OpenCL call (ocl-icd reads it once
// per process, hence this test's own executable).
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const char *const kPoclIcd = "/etc/OpenCL/vendors/pocl.icd";
const char *const kPoclName = "Portable Computing Language";

std::string platformName(cl_platform_id p) {
  char name[256] = {};
  EXPECT_EQ(clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, nullptr), CL_SUCCESS);
  return name;
}

class CoexistPocl : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    if (!fs::exists(kPoclIcd))
      return;
    char pattern[] = "/tmp/corecl-vendors-XXXXXX";
    if (!mkdtemp(pattern))
      return;
    vendors_ = pattern;
    std::ofstream(vendors_ / "corecl.icd") << CORECL_LIBRARY_PATH << "\n";
    fs::copy_file(kPoclIcd, vendors_ / "pocl.icd");
    setenv("OCL_ICD_VENDORS", vendors_.c_str(), 1);
  }
  static void TearDownTestSuite() {
    // ocl-icd has read the folder by now; the libraries stay loaded.
    if (!vendors_.empty())
      fs::remove_all(vendors_);
  }

  void SetUp() override {
    if (!fs::exists(kPoclIcd))
      GTEST_SKIP() << kPoclIcd << " is absent (pocl-opencl-icd not installed)";
    ASSERT_FALSE(vendors_.empty()) << "could not create the vendors folder";
    cl_uint count = 0;
    ASSERT_EQ(clGetPlatformIDs(0, nullptr, &count), CL_SUCCESS);
    std::vector<cl_platform_id> ids(count);
    ASSERT_EQ(clGetPlatformIDs(count, ids.data(), nullptr), CL_SUCCESS);
    for (cl_platform_id p : ids) {
      std::string name = platformName(p);
      if (name == "CoreCL")
        corecl = p;
      else if (name == kPoclName)
        pocl = p;
    }
  }

  static inline fs::path vendors_;
  cl_platform_id corecl = nullptr;
  cl_platform_id pocl = nullptr;
};

/// A context, queue and buffer on `platform`'s first device: writes `in`
/// and reads it back.
void roundTrip(cl_platform_id platform, const std::vector<int> &in) {
  cl_device_id d = nullptr;
  ASSERT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &d, nullptr), CL_SUCCESS);
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, cl_context_properties(platform), 0};
  cl_int err;
  cl_context ctx = clCreateContext(props, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  size_t bytes = in.size() * sizeof(int);
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  std::vector<int> out(in.size(), 0);
  EXPECT_EQ(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, bytes, in.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, bytes, out.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(out, in);
  EXPECT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(clReleaseContext(ctx), CL_SUCCESS);
}

TEST_F(CoexistPocl, BothPlatformsAppear) {
  EXPECT_NE(corecl, nullptr);
  EXPECT_NE(pocl, nullptr);
}

TEST_F(CoexistPocl, BufferRoundTripOnEach) {
  ASSERT_NE(corecl, nullptr);
  ASSERT_NE(pocl, nullptr);
  std::vector<int> data(1 << 14);
  std::iota(data.begin(), data.end(), -500);
  {
    SCOPED_TRACE("CoreCL");
    roundTrip(corecl, data);
  }
  {
    SCOPED_TRACE("pocl");
    roundTrip(pocl, data);
  }
  // And CoreCL again after pocl has run in this process.
  SCOPED_TRACE("CoreCL again");
  roundTrip(corecl, data);
}

TEST_F(CoexistPocl, CoreCLRejectsPoclHandles) {
  // The loader dispatches on the first device; CoreCL must reject pocl's
  // device as foreign instead of using it.
  ASSERT_NE(corecl, nullptr);
  ASSERT_NE(pocl, nullptr);
  cl_device_id devices[2] = {};
  ASSERT_EQ(clGetDeviceIDs(corecl, CL_DEVICE_TYPE_ALL, 1, &devices[0], nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetDeviceIDs(pocl, CL_DEVICE_TYPE_ALL, 1, &devices[1], nullptr), CL_SUCCESS);
  cl_int err = CL_SUCCESS;
  cl_context ctx = clCreateContext(nullptr, 2, devices, nullptr, nullptr, &err);
  EXPECT_EQ(ctx, nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE);
  if (ctx)
    clReleaseContext(ctx);
}

} // namespace
