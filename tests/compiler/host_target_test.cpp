// The compiler describes the host on its own (compiler::hostTarget, from
// LLVM's view of the CPU) for callers without a device, and takes a
// device's description as data (compiler::targetFor). The reference here
// is the C library's reading of cpuid (__builtin_cpu_supports), which
// shares no code with either LLVM or runtime/cpu_info.cpp.
#include "compiler/compiler.h"

#include <gtest/gtest.h>

namespace corecl::compiler {
namespace {

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

TEST(HostTarget, ADeviceDescriptionIsTakenAsGiven) {
  Target narrower = targetFor(DeviceTarget{IsaLevel::X86_64_V2, 16});
  EXPECT_EQ(narrower.simdBytes, 16u);
  EXPECT_EQ(int(narrower.isa), int(IsaLevel::X86_64_V2));
  EXPECT_EQ(narrower.cpuName, hostTarget().cpuName);
  EXPECT_EQ(narrower.cpuFeatures, hostTarget().cpuFeatures);
}

// A build for a narrower device than the host really is narrower: the
// target comes in as data, not from the CPU.
TEST(HostTarget, BuildsFollowTheTargetTheyAreGiven) {
  if (hostTarget().simdBytes <= 16)
    GTEST_SKIP() << "the host has no wider registers to leave unused";
  Target sse = targetFor(DeviceTarget{IsaLevel::X86_64_V2, 16});
  BuildResult result = buildProgram(R"(
    kernel void scale(global float *x) { x[get_global_id(0)] *= 3.0f; })",
                                    "", sse);
  ASSERT_EQ(result.status, BuildResult::Success) << result.log;
  ASSERT_EQ(result.executable->kernels().size(), 1u);
  // Packets of 16-byte registers: four floats at a time.
  EXPECT_EQ(result.executable->kernels()[0].vectorWidth, 4u);
  BuildResult wide = buildProgram(R"(
    kernel void scale(global float *x) { x[get_global_id(0)] *= 3.0f; })",
                                  "");
  ASSERT_EQ(wide.status, BuildResult::Success) << wide.log;
  EXPECT_EQ(wide.executable->kernels()[0].vectorWidth, hostTarget().simdBytes / 4);
}

} // namespace
} // namespace corecl::compiler
