// Programs from SPIR-V (clCreateProgramWithIL, cl_khr_il_program): a kernel
// written in SPIR-V assembly (tests/kernels/data/scale_add.spvasm,
// assembled here with spirv-as) built and run through the loader, with its
// specialization constants set and unset, compiled and linked separately,
// CL_PROGRAM_IL handed back; malformed and invalid modules refused with
// CL_INVALID_VALUE; the spec's codes for clSetProgramSpecializationConstant.
// The device reports SPIR-V only where the translator is installed; without
// it, the refusal is checked instead.
#include "kernels/kernel_fixture.h"

#include <CL/cl_ext.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

#ifndef CORECL_TEST_DATA_DIR
#error "CORECL_TEST_DATA_DIR names tests/kernels/data"
#endif

namespace corecl::test {
namespace {

using IlProgramTest = KernelTest;

std::string deviceString(cl_device_info param) {
  size_t size = 0;
  EXPECT_EQ(clGetDeviceInfo(device(), param, 0, nullptr, &size), CL_SUCCESS);
  std::string s(size, '\0');
  EXPECT_EQ(clGetDeviceInfo(device(), param, size, s.data(), nullptr), CL_SUCCESS);
  return std::string(s.c_str());
}

/// tests/kernels/data/<name>.spvasm assembled by spirv-as (empty if that
/// fails).
std::string assembledModule(const std::string &name = "scale_add") {
  std::string out =
      std::string(::testing::TempDir()) + name + "." + std::to_string(::getpid()) + ".spv";
  std::string command = std::string("spirv-as --target-env spv1.0 ") + CORECL_TEST_DATA_DIR + "/" +
                        name + ".spvasm -o " + out + " 2>&1";
  if (std::system(command.c_str()) != 0)
    return "";
  std::ifstream in(out, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(out.c_str());
  return bytes;
}

class IlFixture : public IlProgramTest {
protected:
  void SetUp() override {
    IlProgramTest::SetUp();
    supported_ = !deviceString(CL_DEVICE_IL_VERSION).empty();
    if (supported_) {
      module_ = assembledModule();
      ASSERT_FALSE(module_.empty()) << "spirv-as failed on scale_add.spvasm";
    }
  }

  cl_program createIl(const std::string &bytes, cl_int *err) {
    cl_program p = clCreateProgramWithIL(context, bytes.data(), bytes.size(), err);
    return adoptProgram(p);
  }

  /// Runs scale_add over x = i, y = 1, a = 2 and returns y.
  std::vector<float> run(cl_program program) {
    cl_kernel k = createKernel(program, "scale_add");
    EXPECT_TRUE(k);
    if (!k)
      return {};
    const size_t n = 64;
    std::vector<float> x(n), y(n, 1.0f);
    for (size_t i = 0; i < n; ++i)
      x[i] = float(i);
    cl_mem by = bufferOf(y), bx = bufferOf(x);
    EXPECT_EQ(setArgs(k, by, bx, 2.0f), CL_SUCCESS);
    EXPECT_EQ(KernelTest::run(k, 1, &n), CL_SUCCESS);
    return read<float>(by, n);
  }

  static std::vector<float> expected(float bias) {
    std::vector<float> y(64);
    for (size_t i = 0; i < y.size(); ++i)
      y[i] = 2.0f * float(i) + 1.0f + bias;
    return y;
  }

  bool supported_ = false;
  std::string module_;
};

TEST_F(IlFixture, DeviceReportsSpirvOnlyWithTheTranslator) {
  std::string ils = deviceString(CL_DEVICE_IL_VERSION);
  std::string extensions = deviceString(CL_DEVICE_EXTENSIONS);
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_ILS_WITH_VERSION, 0, nullptr, &size), CL_SUCCESS);
  if (!supported_) {
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(extensions.find("cl_khr_il_program"), std::string::npos);
    const char bytes[20] = {};
    cl_int err;
    EXPECT_EQ(clCreateProgramWithIL(context, bytes, sizeof bytes, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_OPERATION);
    return;
  }
  EXPECT_EQ(ils, "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4");
  EXPECT_EQ(size, 5 * sizeof(cl_name_version));
  EXPECT_NE(extensions.find("cl_khr_il_program"), std::string::npos);
  cl_platform_id platform;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr),
            CL_SUCCESS);
  EXPECT_NE(clGetExtensionFunctionAddressForPlatform(platform, "clCreateProgramWithILKHR"),
            nullptr);
}

TEST_F(IlFixture, BuildsRunsAndHandsTheModuleBack) {
  if (!supported_)
    GTEST_SKIP() << "no SPIR-V translator on this machine (checked by the test above)";
  cl_int err;
  cl_program program = createIl(module_, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_device_id d = device();
  ASSERT_EQ(clBuildProgram(program, 1, &d, "", nullptr, nullptr), CL_SUCCESS) << buildLog(program);
  EXPECT_EQ(run(program), expected(7.0f));
  size_t size = 0;
  ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_IL, 0, nullptr, &size), CL_SUCCESS);
  std::string il(size, '\0');
  ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_IL, size, il.data(), nullptr), CL_SUCCESS);
  EXPECT_EQ(il, module_);
  // The KHR entry point makes the same program.
  auto *khr = reinterpret_cast<decltype(&clCreateProgramWithILKHR)>(
      clGetExtensionFunctionAddressForPlatform(nullptr, "clCreateProgramWithILKHR"));
  if (khr) {
    cl_program again = adoptProgram(khr(context, module_.data(), module_.size(), &err));
    ASSERT_EQ(err, CL_SUCCESS);
    ASSERT_EQ(clBuildProgram(again, 1, &d, "-cl-opt-disable", nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(run(again), expected(7.0f));
  }
}

TEST_F(IlFixture, SpecializationConstantsChangeTheCode) {
  if (!supported_)
    GTEST_SKIP() << "no SPIR-V translator on this machine";
  cl_int err;
  cl_program program = createIl(module_, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  float bias = -0.5f;
  ASSERT_EQ(clSetProgramSpecializationConstant(program, 3, sizeof bias, &bias), CL_SUCCESS);
  cl_device_id d = device();
  ASSERT_EQ(clBuildProgram(program, 1, &d, "", nullptr, nullptr), CL_SUCCESS) << buildLog(program);
  EXPECT_EQ(run(program), expected(-0.5f));

  // The bool constant: true leaves y untouched.
  cl_program skipping = createIl(module_, &err);
  cl_uchar yes = 1;
  ASSERT_EQ(clSetProgramSpecializationConstant(skipping, 5, sizeof yes, &yes), CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(skipping, 1, &d, "", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(run(skipping), std::vector<float>(64, 1.0f));

  // Refusals: an unknown id, a wrong size, no value, a program from source.
  EXPECT_EQ(clSetProgramSpecializationConstant(program, 4, sizeof bias, &bias), CL_INVALID_SPEC_ID);
  EXPECT_EQ(clSetProgramSpecializationConstant(program, 3, 8, &bias), CL_INVALID_VALUE);
  EXPECT_EQ(clSetProgramSpecializationConstant(program, 3, sizeof bias, nullptr), CL_INVALID_VALUE);
  cl_program source = createProgram("kernel void k() {}");
  EXPECT_EQ(clSetProgramSpecializationConstant(source, 3, sizeof bias, &bias), CL_INVALID_PROGRAM);
  EXPECT_EQ(clSetProgramSpecializationConstant(nullptr, 3, sizeof bias, &bias), CL_INVALID_PROGRAM);
}

// A half specialization constant (cl_khr_fp16 from SPIR-V): its value
// reaches the translator exactly, subnormals included.
TEST_F(IlFixture, HalfSpecializationConstants) {
  if (!supported_)
    GTEST_SKIP() << "no SPIR-V translator on this machine";
  std::string module = assembledModule("half_bias");
  ASSERT_FALSE(module.empty()) << "spirv-as failed on half_bias.spvasm";
  cl_device_id d = device();
  // Halves: 0x0002 is 2^-23 (subnormal), 0x3400 is 0.25, 0x3c00 (the
  // default) 1.0. x = i / 16 (0x2c00 + ...) exactly: y = x + bias.
  const size_t n = 16;
  std::vector<uint16_t> x(n);
  for (size_t i = 0; i < n; ++i)
    x[i] = uint16_t(0x2c00 + 0x40 * i); // 1/16 + i/256, exact halves
  for (uint16_t bias : {uint16_t(0), uint16_t(0x0002), uint16_t(0x3400)}) {
    SCOPED_TRACE(bias);
    cl_int err;
    cl_program program = createIl(module, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    if (bias)
      ASSERT_EQ(clSetProgramSpecializationConstant(program, 1, 2, &bias), CL_SUCCESS);
    ASSERT_EQ(clBuildProgram(program, 1, &d, "", nullptr, nullptr), CL_SUCCESS)
        << buildLog(program);
    cl_kernel k = createKernel(program, "half_bias");
    ASSERT_TRUE(k);
    cl_mem by = outputBuffer<uint16_t>(n), bx = bufferOf(x);
    ASSERT_EQ(setArgs(k, by, bx), CL_SUCCESS);
    ASSERT_EQ(KernelTest::run(k, 1, &n), CL_SUCCESS);
    std::vector<uint16_t> y = read<uint16_t>(by, n);
    for (size_t i = 0; i < n; ++i) {
      double xv = 1.0 / 16 + double(i) / 256;
      double b = bias == 0 ? 1.0 : bias == 0x0002 ? 0x1p-23 : 0.25;
      // x + 2^-23 rounds back to x (far below half an ulp of x).
      double expected = bias == 0x0002 ? xv : xv + b;
      // Every expected value is a half of the form 2^e (1 + m / 1024).
      int e;
      double m = std::frexp(expected, &e); // expected = m 2^e, m in [0.5, 1)
      uint16_t bits = uint16_t((e + 14) << 10 | (uint16_t(m * 2048) & 0x3ff));
      EXPECT_EQ(y[i], bits) << "element " << i;
    }
  }
}

TEST_F(IlFixture, CompilesAndLinksSeparately) {
  if (!supported_)
    GTEST_SKIP() << "no SPIR-V translator on this machine";
  cl_int err;
  cl_program object = createIl(module_, &err);
  cl_device_id d = device();
  ASSERT_EQ(clCompileProgram(object, 1, &d, "", 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS)
      << buildLog(object);
  cl_program linked = clLinkProgram(context, 1, &d, "", 1, &object, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(run(adoptProgram(linked)), expected(7.0f));
}

TEST_F(IlFixture, ImagesAndSamplersFromTheModuleAndTheApplication) {
  // sampled_read.spvasm: a sampler constant of the module (nearest, clamp
  // to edge, unnormalized) and one the application passes, each reading
  // texel (0, 0); the translator gives samplers as pointers
  // (compiler/spirv_samplers.h).
  if (!supported_)
    GTEST_SKIP() << "no SPIR-V translator on this machine";
  std::string module = assembledModule("sampled_read");
  ASSERT_FALSE(module.empty());
  cl_int err;
  cl_program program = createIl(module, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_device_id d = device();
  ASSERT_EQ(clBuildProgram(program, 1, &d, "", nullptr, nullptr), CL_SUCCESS) << buildLog(program);
  cl_kernel k = createKernel(program, "k");
  ASSERT_TRUE(k);
  std::vector<float> pixels(4 * 4 * 4);
  for (size_t i = 0; i < pixels.size(); ++i)
    pixels[i] = float(i) * 0.125f + 0.5f;
  cl_image_format format = {CL_RGBA, CL_FLOAT};
  cl_image_desc desc = {};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = desc.image_height = 4;
  cl_mem image = clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format, &desc,
                               pixels.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_sampler sampler =
      clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem out = outputBuffer<float>(4);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof image, &image), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof sampler, &sampler), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, sizeof out, &out), CL_SUCCESS);
  const size_t one = 1;
  ASSERT_EQ(KernelTest::run(k, 1, &one), CL_SUCCESS);
  std::vector<float> got = read<float>(out, 4);
  for (int c = 0; c < 4; ++c)
    EXPECT_EQ(got[c], 2 * pixels[c]) << "channel " << c;
  clReleaseSampler(sampler);
  clReleaseMemObject(image);
}

TEST_F(IlFixture, MalformedModulesAreRefused) {
  cl_int err;
  EXPECT_EQ(clCreateProgramWithIL(context, nullptr, 20, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(context, "x", 0, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateProgramWithIL(nullptr, "x", 1, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
  if (!supported_)
    return;
  // Not SPIR-V; a truncated module; a valid header with a broken body;
  // one the validator rejects (an instruction's operand changed).
  std::string text = "kernel void k() {}    ";
  EXPECT_EQ(createIl(text, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(createIl(module_.substr(0, module_.size() - 6), &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  std::string broken = module_;
  broken[20] = '\xff'; // the first instruction's word count
  broken[21] = '\xff';
  broken[22] = '\xff';
  EXPECT_EQ(createIl(broken, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  std::string version = module_;
  version[6] = 9; // SPIR-V 1.9
  EXPECT_EQ(createIl(version, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
}

} // namespace
} // namespace corecl::test
