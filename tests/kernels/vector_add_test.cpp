// End-to-end: OpenCL C built by clBuildProgram and run by
// clEnqueueNDRangeKernel, checked against host references.
#include "api/test_support.h"

#include <vector>

namespace corecl::test {
namespace {

class KernelTest : public ContextTest {
protected:
  cl_program build(const char *source, const char *options = "") {
    cl_int err;
    cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    cl_device_id d = device();
    err = clBuildProgram(program, 1, &d, options, nullptr, nullptr);
    if (err != CL_SUCCESS) {
      size_t size = 0;
      clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string log(size, '\0');
      clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      ADD_FAILURE() << "build failed (" << err << "):\n" << log;
    }
    programs_.push_back(program);
    return program;
  }
  void TearDown() override {
    for (cl_program p : programs_)
      clReleaseProgram(p);
    ContextTest::TearDown();
  }

private:
  std::vector<cl_program> programs_;
};

TEST_F(KernelTest, VectorAddMatchesHost) {
  cl_program program = build(R"(
    kernel void add(global const float *a, global const float *b, global float *c) {
      size_t i = get_global_id(0);
      c[i] = a[i] + b[i];
    })");
  cl_int err;
  cl_kernel kernel = clCreateKernel(program, "add", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const size_t n = 100003;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i) * 0.5f;
    b[i] = float(i % 7);
  }
  cl_mem ba = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, n * 4, a.data(), &err);
  cl_mem bb = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, n * 4, b.data(), &err);
  cl_mem bc = clCreateBuffer(context, CL_MEM_WRITE_ONLY, n * 4, nullptr, &err);
  ASSERT_EQ(clSetKernelArg(kernel, 0, sizeof(cl_mem), &ba), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(kernel, 1, sizeof(cl_mem), &bb), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(kernel, 2, sizeof(cl_mem), &bc), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(queue, bc, CL_TRUE, 0, n * 4, c.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(c[i], a[i] + b[i]) << i;
  clReleaseMemObject(ba);
  clReleaseMemObject(bb);
  clReleaseMemObject(bc);
  clReleaseKernel(kernel);
}

} // namespace
} // namespace corecl::test
