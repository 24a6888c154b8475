// The builtins library is built per ISA level and chosen from the CPU's
// features: mad() is fused exactly on CPUs with FMA (x86-64 levels 3 and
// 4, and every AArch64 CPU) and a plain multiply-add below, which this
// test can see from one input.
#include "builtins/builtins_fixture.h"

#include <cstring>
#include <vector>

namespace corecl::test {
namespace {

class IsaVariant : public BuiltinsTest {};

TEST_F(IsaVariant, MadIsFusedExactlyWhenTheCpuHasFma) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global const float *in, global float *out) {
      out[0] = mad(in[0], in[0], in[1]);
      float4 v = mad((float4)(in[0]), (float4)(in[0]), (float4)(in[1]));
      out[1] = v.w;
    })", "f");
  ASSERT_TRUE(k);
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: rounded to float the 2^-24 is lost,
  // fused it survives the subtraction of 1 + 2^-11.
  std::vector<float> in = {1.0f + 0x1p-12f, -(1.0f + 0x1p-11f)};
  cl_mem input = bufferOf(in), output = poisonBuffer(2 * sizeof(float));
  ASSERT_TRUE(run(k, {input, output}, 1));
  std::vector<unsigned char> bytes = readBytes(output, 2 * sizeof(float));
  float scalar = elementAt<float>(bytes, 0), vector = elementAt<float>(bytes, 1);
#if defined(__x86_64__)
  __builtin_cpu_init();
  bool hasFma = __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
#else
  bool hasFma = true; // AArch64's floating-point unit fuses
#endif
  float expected = hasFma ? 0x1p-24f : 0.0f;
  EXPECT_EQ(scalar, expected);
  EXPECT_EQ(vector, expected);
}

} // namespace
} // namespace corecl::test
