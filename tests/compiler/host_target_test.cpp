// The compiler describes the host on its own (compiler::hostTarget, from
// LLVM's view of the CPU) for callers without a device, and takes a
// device's description as data (compiler::targetFor). The reference here
// is the C library's reading of cpuid (__builtin_cpu_supports), which
// shares no code with either LLVM or runtime/cpu_info.cpp.
#include "compiler/compiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#if defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#endif

namespace corecl::compiler {
namespace {

#if defined(__x86_64__)
TEST(HostTarget, VectorWidthAndIsaLevelAgreeWithCpuid) {
  __builtin_cpu_init();
  const Target &host = hostTarget();
  unsigned simd = __builtin_cpu_supports("avx512f") ? 64 : __builtin_cpu_supports("avx") ? 32 : 16;
  EXPECT_EQ(host.simdBytes, simd);
  IsaLevel isa = __builtin_cpu_supports("x86-64-v4")   ? IsaLevel::X86_64_V4
                 : __builtin_cpu_supports("x86-64-v3") ? IsaLevel::X86_64_V3
                 : __builtin_cpu_supports("x86-64-v2") ? IsaLevel::X86_64_V2
                                                       : IsaLevel::Generic;
  EXPECT_EQ(int(host.isa), int(isa));
  EXPECT_FALSE(host.cpuName.empty());
}
#elif defined(__aarch64__)
// The reference: the kernel's hardware capabilities and SVE length, read
// here directly.
TEST(HostTarget, VectorWidthAndIsaLevelAgreeWithHwcaps) {
  const Target &host = hostTarget();
  EXPECT_EQ(host.triple, "aarch64-unknown-linux-gnu");
  EXPECT_FALSE(isCrossTarget(host));
  bool sve = getauxval(AT_HWCAP) & HWCAP_SVE;
  if (sve) {
    unsigned length = unsigned(prctl(PR_SVE_GET_VL) & PR_SVE_VL_LEN_MASK);
    EXPECT_EQ(int(host.isa), int(IsaLevel::AArch64_Sve));
    EXPECT_EQ(host.sveVectorBytes, length);
    EXPECT_EQ(host.simdBytes, std::min(length, 64u));
    EXPECT_NE(host.cpuFeatures.find("+sve"), std::string::npos);
  } else {
    EXPECT_EQ(int(host.isa), int(IsaLevel::AArch64_Neon));
    EXPECT_EQ(host.simdBytes, 16u);
    EXPECT_NE(host.cpuFeatures.find("-sve"), std::string::npos);
  }
}
#endif

/// The narrowest device of the host's architecture: 16-byte vectors.
DeviceTarget narrowestDevice() {
#if defined(__aarch64__)
  return DeviceTarget{IsaLevel::AArch64_Neon, 16, kAArch64Fp16, 0};
#else
  return DeviceTarget{IsaLevel::X86_64_V2, 16};
#endif
}

TEST(HostTarget, ADeviceDescriptionIsTakenAsGiven) {
  DeviceTarget device = narrowestDevice();
  Target narrower = targetFor(device);
  EXPECT_EQ(narrower.simdBytes, 16u);
  EXPECT_EQ(int(narrower.isa), int(device.isa));
  EXPECT_EQ(narrower.cpuName, hostTarget().cpuName);
  EXPECT_FALSE(isCrossTarget(narrower));
#if !defined(__aarch64__)
  // x86-64 takes the host's features; AArch64 the device's extensions.
  EXPECT_EQ(narrower.cpuFeatures, hostTarget().cpuFeatures);
#endif
}

// A build for a narrower device than the host really is narrower: the
// target comes in as data, not from the CPU.
TEST(HostTarget, BuildsFollowTheTargetTheyAreGiven) {
  if (hostTarget().simdBytes <= 16)
    GTEST_SKIP() << "the host has no wider registers to leave unused";
  Target sse = targetFor(narrowestDevice());
  BuildResult result = buildProgram(R"(
    kernel void scale(global float *x) { x[get_global_id(0)] *= 3.0f; })",
                                    "", sse);
  ASSERT_EQ(result.status, BuildResult::Success) << result.log;
  ASSERT_EQ(result.executable->kernels().size(), 1u);
  // Packets of 16-byte registers: four floats at a time.
  ASSERT_NE(result.executable->code(0), nullptr) << result.executable->codeFailure(0);
  EXPECT_EQ(result.executable->code(0)->vectorWidth, 4u);
  BuildResult wide = buildProgram(R"(
    kernel void scale(global float *x) { x[get_global_id(0)] *= 3.0f; })",
                                  "");
  ASSERT_EQ(wide.status, BuildResult::Success) << wide.log;
  ASSERT_NE(wide.executable->code(0), nullptr) << wide.executable->codeFailure(0);
  EXPECT_EQ(wide.executable->code(0)->vectorWidth, hostTarget().simdBytes / 4);
}

} // namespace
} // namespace corecl::compiler
