// C++ for OpenCL (cl_ext_cxx_for_opencl): templates, classes, references
// and lambdas in kernels under -cl-std=CLC++, CLC++1.0 and CLC++2021, with
// OpenCL C's builtins; program-scope objects built by their constructors
// before the first kernel runs (CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT);
// separate compilation and linking; the device's version query agreeing
// with __OPENCL_CPP_VERSION__. Results against host arithmetic.
#include "kernels/kernel_fixture.h"

#include <CL/cl_ext.h>

#include <cmath>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using CxxForOpenCLTest = KernelTest;

constexpr const char *kSource = R"(
  template <typename T> T twice(T x) { return x + x; }

  struct Scale {
    float factor;
    Scale(float f) : factor(f * 2) {}          // runs before any kernel
    float apply(float x) const { return x * factor; }
  };
  global Scale program_scale(1.5f);            // factor 3
  global int launches = 0;

  class Accumulator {
  public:
    explicit Accumulator(float start) : sum_(start) {}
    Accumulator &add(float x) { sum_ += x; return *this; }
    float sum() const { return sum_; }
  private:
    float sum_;
  };

  kernel void compute(global float *out, global const float *in) {
    size_t i = get_global_id(0);
    auto square = [](float a) { return a * a; };
    float &slot = out[i];                       // a reference to global memory
    Accumulator acc(twice(in[i]));
    acc.add(square(in[i])).add(program_scale.apply(in[i]));
    slot = acc.sum() + sqrt(4.0f);
    if (i == 0)
      atomic_inc(&launches);
  }
  kernel void count(global int *out) { *out = launches; }
)";

float expected(float x) {
  return 2 * x + x * x + 3 * x + 2;
}

TEST_F(CxxForOpenCLTest, ClassesTemplatesLambdasAndConstructorsInEveryVersion) {
  for (const char *std : {"-cl-std=CLC++", "-cl-std=CLC++1.0", "-cl-std=CLC++2021"}) {
    SCOPED_TRACE(std);
    cl_program program = build(kSource, std);
    ASSERT_TRUE(program);
    cl_bool constructors = CL_FALSE, destructors = CL_TRUE;
    ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, sizeof constructors,
                               &constructors, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(constructors, cl_bool(CL_TRUE));
    ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT, sizeof destructors,
                               &destructors, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(destructors, cl_bool(CL_FALSE));
    size_t size = 0;
    ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &size), CL_SUCCESS);
    std::string names(size, '\0');
    ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_KERNEL_NAMES, size, names.data(), nullptr),
              CL_SUCCESS);
    EXPECT_EQ(std::string(names.c_str()), "compute;count"); // no constructor among them

    cl_kernel compute = createKernel(program, "compute"), count = createKernel(program, "count");
    ASSERT_TRUE(compute && count);
    const size_t n = 100;
    std::vector<float> in(n);
    for (size_t i = 0; i < n; ++i)
      in[i] = float(i) * 0.25f - 3;
    cl_mem bin = bufferOf(in), bout = outputBuffer<float>(n), bcount = outputBuffer<int>(1);
    ASSERT_EQ(setArgs(compute, bout, bin), CL_SUCCESS);
    ASSERT_EQ(setArgs(count, bcount), CL_SUCCESS);
    for (int launch = 0; launch < 3; ++launch)
      ASSERT_EQ(run(compute, 1, &n), CL_SUCCESS);
    std::vector<float> got = read<float>(bout, n);
    for (size_t i = 0; i < n; ++i)
      EXPECT_NEAR(got[i], expected(in[i]), 1e-4f * (1 + std::fabs(expected(in[i])))) << i;
    const size_t one = 1;
    ASSERT_EQ(run(count, 1, &one), CL_SUCCESS);
    EXPECT_EQ(read<int>(bcount, 1)[0], 3);
  }
}

TEST_F(CxxForOpenCLTest, VersionQueryMatchesTheLanguageMacro) {
  cl_version version = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_CXX_FOR_OPENCL_NUMERIC_VERSION_EXT, sizeof version,
                            &version, nullptr),
            CL_SUCCESS);
  // Compiled and linked separately, as the CTS does.
  cl_program object =
      createProgram("kernel void k(global int *out) { out[0] = __OPENCL_CPP_VERSION__; }");
  cl_device_id d = device();
  ASSERT_EQ(clCompileProgram(object, 1, &d, "-cl-std=CLC++", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  cl_int err;
  cl_program linked = clLinkProgram(context, 1, &d, "", 1, &object, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_kernel k = createKernel(adoptProgram(linked), "k");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<int>(1);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  const size_t one = 1;
  ASSERT_EQ(run(k, 1, &one), CL_SUCCESS);
  EXPECT_EQ(read<int>(out, 1)[0], int(CL_VERSION_MAJOR(version) * 100 +
                                      CL_VERSION_MINOR(version) * 10 + CL_VERSION_PATCH(version)));
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, nullptr, &size), CL_SUCCESS);
  std::string extensions(size, '\0');
  ASSERT_EQ(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr), CL_SUCCESS);
  EXPECT_NE(extensions.find("cl_ext_cxx_for_opencl"), std::string::npos);
}

TEST_F(CxxForOpenCLTest, CxxErrorsGiveABuildLog) {
  cl_program program = createProgram(R"(
    template <typename T> struct Box { T value; };
    kernel void k(global int *out) { Box<int> b{1}; out[0] = b.missing; })");
  cl_device_id d = device();
  EXPECT_EQ(clBuildProgram(program, 1, &d, "-cl-std=CLC++", nullptr, nullptr),
            CL_BUILD_PROGRAM_FAILURE);
  std::string log = buildLog(program);
  EXPECT_NE(log.find("missing"), std::string::npos) << log;
  // An unknown C++ version is an invalid option, not a failed build.
  cl_program other = createProgram("kernel void k() {}");
  EXPECT_EQ(clBuildProgram(other, 1, &d, "-cl-std=CLC++2099", nullptr, nullptr),
            CL_INVALID_BUILD_OPTIONS);
}

} // namespace
} // namespace corecl::test
