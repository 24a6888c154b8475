// End-to-end: straight-line kernels with more independent chains than the
// vector registers hold, the shape of clpeak's 16-wide kernels, which
// compiler/passes/chain_groups.cpp reorders to run a few chains at a time:
// double16 and uint16 values updated in 64 unrolled steps (two values per
// component); the double16 results stored whole, the uint16 ones summed
// over the components. Checked against the same steps on the host.
#include "kernels/kernel_fixture.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace corecl::test {
namespace {

using ChainGroupsTest = KernelTest;

constexpr const char *kSteps = R"(
  #define STEP4 STEP STEP STEP STEP
  #define STEP16 STEP4 STEP4 STEP4 STEP4
  #define STEP64 STEP16 STEP16 STEP16 STEP16
)";

constexpr int kSteps64 = 64;

TEST_F(ChainGroupsTest, Double16FusedMultiplyAddChains) {
  cl_kernel k = buildKernel(std::string(kSteps) + R"(
    #define STEP x = fma(x, y, (double16)(0.25)); y = fma(y, x, (double16)(-0.25));
    kernel void chains(global const double *xs, global const double *ys, global double *out) {
      size_t gid = get_global_id(0);
      double16 x = vload16(gid, xs), y = vload16(gid, ys);
      STEP64
      vstore16(x, gid, out);
      vstore16(y, gid + get_global_size(0), out);
    })",
                            "chains");
  ASSERT_TRUE(k);
  const size_t n = 40, lanes = 16;
  std::vector<double> xs(n * lanes), ys(n * lanes);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = 0.5 * std::sin(double(i));
    ys[i] = 0.5 * std::cos(double(i) * 0.7);
  }
  cl_mem xBuf = bufferOf(xs), yBuf = bufferOf(ys), outBuf = outputBuffer<cl_double>(2 * n * lanes);
  ASSERT_EQ(setArgs(k, xBuf, yBuf, outBuf), CL_SUCCESS);
  const size_t global = n, local = 8;
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<double> got = read<double>(outBuf, 2 * n * lanes);
  for (size_t i = 0; i < n * lanes; ++i) {
    double x = xs[i], y = ys[i];
    for (int s = 0; s < kSteps64; ++s) {
      x = std::fma(x, y, 0.25);
      y = std::fma(y, x, -0.25);
    }
    ASSERT_EQ(got[i], x) << "x of item " << i / lanes << ", component " << i % lanes;
    ASSERT_EQ(got[n * lanes + i], y) << "y of item " << i / lanes << ", component " << i % lanes;
  }
}

TEST_F(ChainGroupsTest, Uint16ChainsAndTheirSum) {
  // As clpeak writes it: each component starts from the work-item's value,
  // and only the sum over the components is stored.
  cl_kernel k = buildKernel(std::string(kSteps) + R"(
    #define STEP x = x * y + 0x9E3779B9u; y = y * x + 7u;
    kernel void chains(global const uint *xs, global uint *sums) {
      uint gid = get_global_id(0);
      uint16 x = (uint16)(xs[gid]) + (uint16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
      uint16 y = (uint16)(gid * 0x5bd1e995u) | (uint16)(1u);
      STEP64
      uint16 z = x ^ y;
      uint8 h = z.lo + z.hi;
      uint4 q = h.lo + h.hi;
      sums[gid] = q.x + q.y + q.z + q.w;
    })",
                            "chains");
  ASSERT_TRUE(k);
  const size_t n = 100, lanes = 16;
  std::vector<uint32_t> xs(n);
  for (size_t i = 0; i < n; ++i)
    xs[i] = uint32_t(i * 2654435761u + 12345u);
  cl_mem xBuf = bufferOf(xs), sumBuf = outputBuffer<cl_uint>(n);
  ASSERT_EQ(setArgs(k, xBuf, sumBuf), CL_SUCCESS);
  const size_t global = n, local = 20;
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<uint32_t> sums = read<uint32_t>(sumBuf, n);
  for (uint32_t item = 0; item < n; ++item) {
    uint32_t sum = 0;
    for (uint32_t c = 0; c < lanes; ++c) {
      uint32_t x = xs[item] + c, y = (item * 0x5bd1e995u) | 1u;
      for (int s = 0; s < kSteps64; ++s) {
        x = x * y + 0x9E3779B9u;
        y = y * x + 7u;
      }
      sum += x ^ y;
    }
    EXPECT_EQ(sums[item], sum) << "item " << item;
  }
}

} // namespace
} // namespace corecl::test
