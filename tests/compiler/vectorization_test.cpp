// The work-item loop is vectorised for the host ISA at its full width:
// saxpy's generated code must contain packed multiply-adds on the widest
// registers the CPU has (zmm with AVX-512, ymm with AVX, xmm otherwise).
// These are x86-64's tests; aarch64_codegen_test.cpp checks AArch64's
// code, on either machine.
#include "compiler/compiler.h"
#include "dump_assembly.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace corecl::compiler {
namespace {

namespace fs = std::filesystem;

std::string dumpAssembly(const std::string &source, const std::string &options = "") {
  BuildResult r;
  std::string text = buildAndDumpAssembly(source, options, hostTarget(), r);
  EXPECT_EQ(r.status, BuildResult::Success) << r.log;
  return text;
}

#if defined(__x86_64__)
TEST(Vectorization, SaxpyUsesFullWidthVectors) {
  std::string asmText = dumpAssembly(R"(
    kernel void saxpy(float a, global const float *x, global float *y) {
      size_t i = get_global_id(0);
      y[i] = a * x[i] + y[i];
    })");
  ASSERT_FALSE(asmText.empty());
  const char *reg = hostTarget().simdBytes == 64   ? "zmm"
                    : hostTarget().simdBytes == 32 ? "ymm"
                                                   : "xmm";
  // A packed single-precision multiply or fused multiply-add on that register.
  std::regex packed(std::string("v?(fmadd|fmul|mul)[0-9]*ps\\s+[^\\n]*%") + reg);
  EXPECT_TRUE(std::regex_search(asmText, packed))
      << "no packed " << reg << " arithmetic in:\n"
      << asmText.substr(0, 4000);
}

const char *widestRegister() {
  return hostTarget().simdBytes == 64 ? "zmm" : hostTarget().simdBytes == 32 ? "ymm" : "xmm";
}

// OpenCL vectors narrower than the registers are split into components
// before the loop vectoriser (optimize.cpp), so a float4 kernel vectorises
// across work-items; vectors that fill a register keep their own width.
// Either way the loads and stores stay contiguous: a float16 split into
// components came back as sixteen-way gathers and scatters, 10x slower.
TEST(Vectorization, OpenCLVectorsUseFullWidthRegisters) {
  for (const char *type : {"float4", "float16"}) {
    SCOPED_TRACE(type);
    std::string asmText = dumpAssembly(std::string("kernel void k(global const ") + type +
                                       " *in, global " + type + R"( *out, float a) {
      size_t i = get_global_id(0);
      out[i] = in[i] * a + sqrt(in[i]);
    })");
    ASSERT_FALSE(asmText.empty());
    std::regex packed(std::string("v?sqrtps\\s+[^\\n]*%") + widestRegister());
    EXPECT_TRUE(std::regex_search(asmText, packed)) << "no packed square root on "
                                                    << widestRegister();
    std::smatch found;
    EXPECT_FALSE(std::regex_search(asmText, found, std::regex("v(p?gather|p?scatter)[a-z]+")))
        << "gathered or scattered: " << found.str();
  }
}

// The math builtins are branch-free code inlined into the work-item loop,
// so a kernel calling them vectorises at full width with no calls left
// (a call would mean a scalar library routine per work-item).
class MathVectorization : public ::testing::TestWithParam<const char *> {};

TEST_P(MathVectorization, FloatKernelIsFullWidthWithoutCalls) {
  std::string call = GetParam();
  std::string asmText = dumpAssembly(
      "kernel void k(global const float *x, global const float *y, global float *out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  float a = x[i], b = y[i];\n"
      "  out[i] = " + call + ";\n"
      "}\n");
  ASSERT_FALSE(asmText.empty());
  const char *reg = hostTarget().simdBytes == 64   ? "zmm"
                    : hostTarget().simdBytes == 32 ? "ymm"
                                                   : "xmm";
  std::regex packed(std::string("v?[a-z0-9]+ps\\s+[^\\n]*%") + reg);
  EXPECT_TRUE(std::regex_search(asmText, packed)) << "no packed " << reg << " arithmetic";
  // The one call allowed is the work-group function's call of its packet
  // (groups of one work-item several at a time, passes/group_packets.cpp),
  // through a register that holds the packet's address.
  std::set<std::string> packetRegisters;
  std::regex packetAddress("movabsq\\s+\\$[A-Za-z0-9_.]+\\.packet[0-9]+, %([a-z0-9]+)");
  for (std::sregex_iterator it(asmText.begin(), asmText.end(), packetAddress), end; it != end; ++it)
    packetRegisters.insert((*it)[1].str());
  std::regex anyCall("\\bcall[a-z]*\\s+(\\*%([a-z0-9]+))?[^\\n]*");
  for (std::sregex_iterator it(asmText.begin(), asmText.end(), anyCall), end; it != end; ++it)
    EXPECT_TRUE((*it)[2].matched && packetRegisters.count((*it)[2].str()))
        << "a call is left: " << it->str();
}

INSTANTIATE_TEST_SUITE_P(Builtins, MathVectorization,
                         ::testing::Values("exp(a)", "exp2(a)", "log(a)", "log2(a)", "sin(a)",
                                           "cos(a)", "tan(a)", "pow(a, b)", "sqrt(a)",
                                           "rsqrt(a)", "erfc(a)", "atan2(a, b)", "cbrt(a)",
                                           "tanh(a)"));

// Half is computed in float lanes: the work-item loop of a half kernel
// (arithmetic, a math builtin, fma rounded once) converts whole vectors
// with F16C and computes on the widest registers, with no calls left.
TEST(Vectorization, HalfKernelsConvertAndComputeInFullWidthVectors) {
  if (hostTarget().cpuFeatures.find("+f16c") == std::string::npos)
    GTEST_SKIP() << "no F16C: half converts through library calls";
  std::string asmText = dumpAssembly(R"(
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(half a, global const half *x, global half *y) {
      size_t i = get_global_id(0);
      half v = x[i];
      y[i] = fma(a, v, y[i]) + sin(v) * a;
    })");
  ASSERT_FALSE(asmText.empty());
  std::string reg = widestRegister();
  EXPECT_TRUE(std::regex_search(asmText, std::regex("vcvtph2ps\\s+[^\\n]*%" + reg)))
      << "no packed half to float conversion on " << reg;
  EXPECT_TRUE(std::regex_search(asmText, std::regex("vcvtps2ph\\s+\\$4, %" + reg)))
      << "no packed float to half rounding from " << reg;
  EXPECT_TRUE(std::regex_search(asmText, std::regex("v[a-z0-9]+ps\\s+[^\\n]*%" + reg)))
      << "no packed float arithmetic on " << reg;
  std::regex directCall("\\bcall[a-z]*\\s+[A-Za-z_][^\\n]*");
  std::smatch found;
  EXPECT_FALSE(std::regex_search(asmText, found, directCall)) << "a call is left: " << found.str();
}

// prefetch() is a hint the CPU gets: prefetch instructions for the lines
// of the range (builtins/lib/async_copy.cl), not nothing.
// More vector values live than the registers hold (hashcat's SHA-512:
// two lanes of ulong8 state and message words): the spills are full
// registers, and a spill slot that straddles two cache lines costs a split
// access each time. The frames of kernels with wide registers are aligned
// to them, so every spill and reload is an aligned move; and loops start
// on 32 bytes (optimize.cpp, createHostTargetMachine).
TEST(Vectorization, WideSpillsAreAlignedAndLoopsStartOn32Bytes) {
  const unsigned simd = hostTarget().simdBytes;
  if (simd <= 16)
    GTEST_SKIP() << "the ABI's 16-byte stack alignment already fits xmm";
  std::string source = "kernel void mix(global ulong8 *data, int rounds) {\n"
                       "  size_t i = get_global_id(0);\n";
  const int n = 24;
  for (int v = 0; v < n; ++v)
    source += "  ulong8 v" + std::to_string(v) + " = data[i * " + std::to_string(n) + " + " +
              std::to_string(v) + "];\n";
  source += "  for (int r = 0; r < rounds; ++r) {\n";
  for (int v = 0; v < n; ++v)
    source += "    v" + std::to_string(v) + " += rotate(v" + std::to_string((v + 1) % n) +
              ", (ulong8)" + std::to_string(v % 60 + 3) + ") ^ (v" + std::to_string((v + 5) % n) +
              " & v" + std::to_string((v + 11) % n) + ");\n";
  source += "  }\n  ulong8 sum = 0;\n";
  for (int v = 0; v < n; ++v)
    source += "  sum ^= v" + std::to_string(v) + ";\n";
  source += "  data[i * " + std::to_string(n) + "] = sum;\n}\n";
  std::string asmText = dumpAssembly(source);
  ASSERT_FALSE(asmText.empty());
  const std::string reg = simd == 64 ? "zmm" : "ymm";
  std::regex stackMove("(v[a-z0-9]+)\\s+[^\\n]*%" + reg + "[0-9]+[^\\n]*\\(%rsp\\)|" +
                       "(v[a-z0-9]+)\\s+-?[0-9]*\\(%rsp\\),\\s*%" + reg);
  unsigned moves = 0;
  for (auto it = std::sregex_iterator(asmText.begin(), asmText.end(), stackMove);
       it != std::sregex_iterator(); ++it) {
    std::string mnemonic = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
    if (mnemonic.find("mov") == std::string::npos)
      continue; // an operand folded from the stack slot: aligned too, unchecked
    ++moves;
    EXPECT_EQ(mnemonic.find('u'), std::string::npos) << "unaligned stack move: " << it->str();
  }
  EXPECT_GT(moves, 0u) << "no spills: the kernel no longer tests what it was written for";
  EXPECT_NE(asmText.find("-" + std::to_string(simd) + ", %rsp"), std::string::npos)
      << "the frame is not aligned to the vector registers";
  std::regex loopAlign("\\.p2align\\s+5[^\\n]*\\n(\\.LBB[0-9_]+:[^\\n]*\\n)");
  EXPECT_TRUE(std::regex_search(asmText, loopAlign)) << "no loop starts on 32 bytes";
}

TEST(Vectorization, PrefetchIssuesPrefetchInstructions) {
  std::string asmText = dumpAssembly(R"(
    kernel void k(global const float4 *p, global float4 *q, int ahead) {
      size_t i = get_global_id(0);
      prefetch(p + i * 16 + ahead, 16);
      q[i] = p[i * 16];
    })");
  ASSERT_FALSE(asmText.empty());
  EXPECT_TRUE(std::regex_search(asmText, std::regex("prefetch(t0|t1|t2|nta)\\s")))
      << asmText.substr(0, 4000);
}

#endif // __x86_64__

TEST(Vectorization, DumpIrWritesTheModule) {
  fs::path dir = fs::temp_directory_path() / ("corecl-ir-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ::setenv("CORECL_DUMP_IR", dir.c_str(), 1);
  ::setenv("CORECL_CACHE", "0", 1);
  BuildResult r = buildProgram("kernel void named_kernel(global int *p) { p[0] = 1; }", "");
  if (r.executable)
    r.executable->generateAll(1); // the code is generated when first needed
  ::unsetenv("CORECL_DUMP_IR");
  ::unsetenv("CORECL_CACHE");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  bool found = false;
  for (const auto &e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    found |= ss.str().find("define void @named_kernel.wg(") != std::string::npos;
  }
  EXPECT_TRUE(found);
  fs::remove_all(dir);
}

} // namespace
} // namespace corecl::compiler

namespace corecl::compiler {
namespace {

// -g: the generated code carries line tables for the program's own lines,
// through work-group formation and barrier regions.
TEST(DebugInfo, DashGEmitsLineTables) {
  const char *source = "kernel void k(global float *p, local float *t) {\n"
                       "  t[get_local_id(0)] = p[get_global_id(0)];\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  p[get_global_id(0)] = t[0] * 2.0f;\n"
                       "}\n";
  std::string withDebug = dumpAssembly(source, "-g");
  EXPECT_NE(withDebug.find("source.cl"), std::string::npos);
  EXPECT_TRUE(std::regex_search(withDebug, std::regex("\\.loc\\s+[0-9]+ 2 ")));
  EXPECT_TRUE(std::regex_search(withDebug, std::regex("\\.loc\\s+[0-9]+ 4 ")));
  std::string without = dumpAssembly(std::string(source) + "// no -g\n", "");
  EXPECT_EQ(without.find(".loc"), std::string::npos);
}

} // namespace
} // namespace corecl::compiler
