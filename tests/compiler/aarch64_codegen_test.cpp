// AArch64 code generation, checked in the assembly on any machine (the
// build for another triple stops at assembly: compiler::isCrossTarget).
// Kernels must come out vectorised across work-items at the full width of
// the target's registers: NEON's 128-bit v registers, or SVE's z registers
// at the vector length the device reports; the builtins' math bodies too,
// with no call left to a scalar routine.
#include "compiler/compiler.h"
#include "corecl/aarch64_host.h"
#include "dump_assembly.h"
#include "examples/escape_time.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>

namespace corecl::compiler {
namespace {

Target neon() {
  return targetFor(DeviceTarget{IsaLevel::AArch64_Neon, 16, kAArch64Fp16 | kAArch64DotProd, 0});
}

/// SVE with `bytes`-byte vectors on a machine whose own are `machineBytes`.
Target sve(uint32_t bytes, uint32_t machineBytes) {
  return targetFor(
      DeviceTarget{IsaLevel::AArch64_Sve, bytes, kAArch64Fp16 | kAArch64Sve, machineBytes});
}

namespace fs = std::filesystem;

/// The generated code of `source` for `target`, as CORECL_DUMP_ASM writes
/// it: on an x86-64 machine a cross build, which stops at assembly; on an
/// AArch64 machine a build that also loads the code.
std::string assemblyFor(const std::string &source, const Target &target,
                        const std::string &options = "") {
  BuildResult result;
  std::string text = buildAndDumpAssembly(source, options, target, result);
  EXPECT_EQ(result.status, BuildResult::Success) << result.log;
  bool cross = isCrossTarget(target);
  EXPECT_EQ(result.executable == nullptr, cross) << "code for another machine is not loaded";
  EXPECT_EQ(result.assembly.empty(), !cross) << "a cross build returns its assembly";
  if (cross)
    EXPECT_EQ(text, result.assembly);
  return text;
}

bool contains(const std::string &text, const std::string &pattern) {
  return std::regex_search(text, std::regex(pattern));
}

/// The assembly's calls, one per line: none should be left in a kernel
/// whose builtins are all inlined branch-free bodies, but the work-group
/// function's call of its packet (groups of one work-item several at a
/// time, passes/group_packets.cpp).
std::string calls(const std::string &assembly) {
  std::string found;
  std::regex call(R"(\n\s*(bl|blr|b)\s+([^\n]*))");
  for (auto it = std::sregex_iterator(assembly.begin(), assembly.end(), call);
       it != std::sregex_iterator(); ++it) {
    std::string callee = (*it)[2].str();
    bool local = callee.starts_with(".L") || callee.find(".packet") != std::string::npos;
    if ((*it)[1].str() != "b" ? !local : !callee.starts_with(".L") && !local)
      found += (*it)[0].str();
  }
  return found;
}

const char *kSaxpy = R"(
  kernel void saxpy(float a, global const float *x, global float *y) {
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
  })";

TEST(AArch64Codegen, TargetDescription) {
  Target n = neon();
  EXPECT_EQ(n.triple, "aarch64-unknown-linux-gnu");
#if defined(__aarch64__)
  EXPECT_FALSE(isCrossTarget(n));
#else
  EXPECT_TRUE(isCrossTarget(n));
#endif
  EXPECT_EQ(n.simdBytes, 16u);
  EXPECT_NE(n.cpuFeatures.find("+neon"), std::string::npos);
  EXPECT_NE(n.cpuFeatures.find("+fullfp16"), std::string::npos);
  EXPECT_NE(n.cpuFeatures.find("+dotprod"), std::string::npos);
  EXPECT_NE(n.cpuFeatures.find("-sve"), std::string::npos);
  Target s = sve(32, 32);
  EXPECT_EQ(s.simdBytes, 32u);
  EXPECT_EQ(s.sveVectorBytes, 32u);
  EXPECT_NE(s.cpuFeatures.find("+sve"), std::string::npos);
  EXPECT_NE(s.cpuFeatures.find("-dotprod"), std::string::npos);
  // The device description caps SVE at 64 bytes and keeps the machine's.
  DeviceTarget wide = aarch64DeviceTarget(AArch64Host{kAArch64Sve, 256});
  EXPECT_EQ(int(wide.isa), int(IsaLevel::AArch64_Sve));
  EXPECT_EQ(wide.simdBytes, 64u);
  EXPECT_EQ(wide.sveVectorBytes, 256u);
  DeviceTarget odd = aarch64DeviceTarget(AArch64Host{kAArch64Sve, 48});
  EXPECT_EQ(odd.simdBytes, 32u) << "packets take a power of two";
  DeviceTarget plain = aarch64DeviceTarget(AArch64Host{kAArch64DotProd, 0});
  EXPECT_EQ(int(plain.isa), int(IsaLevel::AArch64_Neon));
  EXPECT_EQ(plain.simdBytes, 16u);
}

TEST(AArch64Codegen, NeonSaxpyUsesFullWidthFusedMultiplyAdds) {
  std::string assembly = assemblyFor(kSaxpy, neon());
  ASSERT_FALSE(assembly.empty());
  EXPECT_TRUE(contains(assembly, R"(fmla\s+v[0-9]+\.4s)")) << assembly.substr(0, 4000);
  EXPECT_FALSE(contains(assembly, R"(\bz[0-9]+\.)")) << "no SVE register without SVE";
}

TEST(AArch64Codegen, SveSaxpyUsesZRegistersAtTheDeviceWidth) {
  std::string assembly = assemblyFor(kSaxpy, sve(32, 32));
  ASSERT_FALSE(assembly.empty());
  EXPECT_TRUE(contains(assembly, R"((fmla|fmad)\s+z[0-9]+\.s)")) << assembly.substr(0, 4000);
  // Whole-register loads and stores of 8 floats (a predicate of all lanes
  // at the machine's own length).
  EXPECT_TRUE(contains(assembly, R"(ld1w\s+\{\s*z[0-9]+\.s\s*\})")) << assembly.substr(0, 4000);
}

// Compiled for 64-byte vectors on a machine of 256: the predicates must
// limit every operation to the 16 lanes compiled for.
TEST(AArch64Codegen, SveCodeForShorterVectorsLimitsItsLanes) {
  std::string assembly = assemblyFor(kSaxpy, sve(64, 256));
  ASSERT_FALSE(assembly.empty());
  EXPECT_TRUE(contains(assembly, R"(ptrue\s+p[0-9]+\.s,\s*vl16)")) << assembly.substr(0, 4000);
  EXPECT_FALSE(contains(assembly, R"(ptrue\s+p[0-9]+\.[bhsd]\s*\n)"))
      << "an all-lanes predicate would touch more than 16 floats";
}

// The builtins' branch-free math bodies vectorise with the kernel: whole
// registers of floats and no call to a scalar routine (a tail call, b to
// a symbol, counts as one).
class AArch64Math : public ::testing::TestWithParam<const char *> {};

TEST_P(AArch64Math, FloatKernelIsFullWidthWithoutCalls) {
  std::string call = GetParam();
  std::string source =
      "kernel void k(global const float *x, global const float *y, global float *out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  float a = x[i], b = y[i];\n"
      "  out[i] = " +
      call +
      ";\n"
      "}\n";
  struct Case {
    const char *name;
    Target target;
    const char *packed;
  } cases[] = {
      {"neon", neon(), R"(\b(f[a-z]+|and|orr|eor|bsl|bif|bit|cm[a-z]+)\s+v[0-9]+\.4s)"},
      {"sve", sve(32, 32), R"(\b(f[a-z]+|and|orr|eor|sel|cm[a-z]+)\s+z[0-9]+\.s)"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    std::string assembly = assemblyFor(source, c.target);
    ASSERT_FALSE(assembly.empty());
    EXPECT_TRUE(contains(assembly, c.packed)) << "no packed float arithmetic";
    EXPECT_EQ(calls(assembly), "");
  }
}

INSTANTIATE_TEST_SUITE_P(Builtins, AArch64Math,
                         ::testing::Values("exp(a)", "exp2(a)", "log(a)", "log2(a)", "sin(a)",
                                           "cos(a)", "tan(a)", "pow(a, b)", "sqrt(a)", "rsqrt(a)",
                                           "erfc(a)", "atan2(a, b)", "cbrt(a)", "tanh(a)"));

// Fused multiply-adds in the math bodies: exp's polynomial.
TEST(AArch64Codegen, MathBodiesUseFusedMultiplyAdds) {
  const char *source = R"(
    kernel void k(global const float *x, global float *y) {
      size_t i = get_global_id(0);
      y[i] = exp(x[i]) + sqrt(x[i]);
    })";
  std::string neonCode = assemblyFor(source, neon());
  EXPECT_TRUE(contains(neonCode, R"(fmla\s+v[0-9]+\.4s)"));
  EXPECT_TRUE(contains(neonCode, R"(fsqrt\s+v[0-9]+\.4s)"));
  std::string sveCode = assemblyFor(source, sve(32, 32));
  EXPECT_TRUE(contains(sveCode, R"((fmla|fmad)\s+z[0-9]+\.s)"));
  EXPECT_TRUE(contains(sveCode, R"(fsqrt\s+z[0-9]+\.s)"));
}

// Doubles, integers and halves at full width too.
TEST(AArch64Codegen, OtherElementTypesUseFullWidthRegisters) {
  struct Case {
    const char *type, *neonPattern, *svePattern;
  } cases[] = {
      {"double", R"(fmla\s+v[0-9]+\.2d)", R"((fmla|fmad)\s+z[0-9]+\.d)"},
      {"int", R"(mla\s+v[0-9]+\.4s)", R"((mla|mad)\s+z[0-9]+\.s)"},
      {"half", R"(fmla\s+v[0-9]+\.(8h|4s))", R"((fmla|fmad)\s+z[0-9]+\.[hs])"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.type);
    std::string t = c.type;
    std::string source =
        std::string(t == "half" ? "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n" : "") +
        "kernel void k(" + t + " a, global const " + t + " *x, global " + t +
        " *y) { size_t i = get_global_id(0); y[i] = a * x[i] + y[i]; }";
    EXPECT_TRUE(contains(assemblyFor(source, neon()), c.neonPattern));
    EXPECT_TRUE(contains(assemblyFor(source, sve(32, 32)), c.svePattern));
  }
}

// A kernel with barriers goes through the region packets
// (passes/region_packets.cpp): vectorised across the group's work-items.
TEST(AArch64Codegen, BarrierKernelsVectorise) {
  const char *source = R"(
    kernel void reverse(global const float *in, global float *out, local float *tile) {
      size_t l = get_local_id(0), n = get_local_size(0);
      tile[l] = in[get_global_id(0)] * 2.0f;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = tile[n - 1 - l] + 1.0f;
    })";
  std::string neonCode = assemblyFor(source, neon());
  EXPECT_TRUE(contains(neonCode, R"(fadd\s+v[0-9]+\.4s)")) << neonCode;
  std::string sveCode = assemblyFor(source, sve(32, 32));
  EXPECT_TRUE(contains(sveCode, R"(fadd\s+z[0-9]+\.s)")) << sveCode;
}

} // namespace
} // namespace corecl::compiler

namespace corecl::compiler {
namespace {

// Packets with loops are scheduled for register pressure on x86
// (llvm_init.cpp); LLVM 19's scheduler for that crashed on AArch64 code,
// so every kernel with a loop (Mandelbrot's escape time here) took the
// build down with it. AArch64 keeps LLVM's own scheduler.
TEST(AArch64Codegen, KernelsWithLoopsBuild) {
  const std::string source =
      "kernel void mandelbrot(global int *out, float x0, float y0, float step, int maxIter) {\n"
      "  int px = get_global_id(0), py = get_global_id(1);\n"
      "  float cr = x0 + px * step, ci = y0 + py * step, zr = 0.0f, zi = 0.0f;\n"
      "  " ESCAPE_TIME_TEXT(maxIter) "\n"
                                     "  out[py * get_global_size(0) + px] = n;\n"
                                     "}\n";
  EXPECT_TRUE(contains(assemblyFor(source, neon()), R"(fmul\s+v[0-9]+\.4s)"));
  EXPECT_TRUE(contains(assemblyFor(source, sve(32, 32)), R"(fmul\s+z[0-9]+\.s)"));
}

} // namespace
} // namespace corecl::compiler

namespace corecl::compiler {
namespace {

// fmin of values that may be signalling NaNs: AArch64's FMINNM would
// return a quiet NaN, so such an operand is tested for NaN and the other
// operand chosen (passes/quiet_nan_min_max.h); an operand that is the
// result of arithmetic is never a signalling NaN and needs no test.
TEST(AArch64Codegen, MinMaxQuietSignallingNaNsFirst) {
  const char *loaded = R"(
    kernel void k(global const float *x, global const float *y, global float *out) {
      size_t i = get_global_id(0);
      out[i] = fmin(x[i], y[i]);
    })";
  const char *computed = R"(
    kernel void k(global const float *x, global const float *y, global float *out) {
      size_t i = get_global_id(0);
      out[i] = fmin(x[i] + 1.0f, y[i] * 2.0f);
    })";
  std::string tested = assemblyFor(loaded, neon());
  EXPECT_TRUE(contains(tested, R"(fminnm\s+v[0-9]+\.4s)"));
  EXPECT_TRUE(contains(tested, R"((fcmuo|fcmeq|fcmge|fcmgt)\s+v[0-9]+\.4s)")) << tested;
  std::string arithmetic = assemblyFor(computed, neon());
  EXPECT_TRUE(contains(arithmetic, R"(fminnm\s+v[0-9]+\.4s)"));
  EXPECT_FALSE(contains(arithmetic, R"((fcmuo|fcmeq|fcmge|fcmgt)\s+v[0-9]+\.4s)")) << arithmetic;
}

} // namespace
} // namespace corecl::compiler
