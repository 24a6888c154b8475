// Launches whose rows of work-items are narrower than the kernel's packets
// (an application's 4 x 4 or 8 x 8 groups against packets of 8 floats with
// AVX2 or 16 with AVX-512, kernels that do not require their size): such
// rows would run lane by lane, so the launch runs an executable compiled
// for narrower vectors, built on first use (Program::narrowerExecutable,
// compiler::buildWithNarrowerVectors). Whichever executable runs, the
// results match a host reference, for a kernel with barriers (region
// packets) and one without (a body packet), with rows of every width
// around the packets' and several launches of each.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using NarrowRowsTest = KernelTest;

/// Small integers: every product and sum below is exact in float.
std::vector<float> smallIntegers(size_t count, int multiplier) {
  std::vector<float> values(count);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = float(int(i * size_t(multiplier) % 9) - 4);
  return values;
}

/// c = a b for n x n matrices, on the host.
std::vector<float> product(const std::vector<float> &a, const std::vector<float> &b, int n) {
  std::vector<float> c(size_t(n) * size_t(n), 0.0f);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      float acc = 0.0f;
      for (int i = 0; i < n; ++i)
        acc += a[size_t(y) * size_t(n) + size_t(i)] * b[size_t(i) * size_t(n) + size_t(x)];
      c[size_t(y) * size_t(n) + size_t(x)] = acc;
    }
  return c;
}

/// Runs `k` (arguments a, b, c, n) over n x n work-items in groups of
/// `side` x `side` and checks c against the host's product.
void expectProduct(NarrowRowsTest &test, cl_kernel k, int n, size_t side) {
  SCOPED_TRACE(testing::Message() << side << " x " << side << " work-items per group");
  std::vector<float> a = smallIntegers(size_t(n) * size_t(n), 7);
  std::vector<float> b = smallIntegers(size_t(n) * size_t(n), 5);
  std::vector<float> want = product(a, b, n);
  for (int launch = 0; launch < 2; ++launch) {
    cl_mem c = test.outputBuffer<float>(want.size());
    ASSERT_EQ(test.setArgs(k, test.bufferOf(a), test.bufferOf(b), c, cl_int(n)), CL_SUCCESS);
    size_t global[2] = {size_t(n), size_t(n)}, group[2] = {side, side};
    ASSERT_EQ(test.run(k, 2, global, group), CL_SUCCESS);
    std::vector<float> got = test.read<float>(c, want.size());
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(got[i], want[i]) << "launch " << launch << ", element " << i;
  }
}

TEST_F(NarrowRowsTest, TiledProductWithBarriersInGroupsOfAnyWidth) {
  // The tile is as large as the widest group; a group uses its corner.
  cl_kernel k = buildKernel(R"(
    kernel void tiled(global const float *a, global const float *b, global float *c, int n) {
      local float ta[16][16], tb[16][16];
      int lx = get_local_id(0), ly = get_local_id(1), t = get_local_size(0);
      int gx = get_global_id(0), gy = get_global_id(1);
      float acc = 0.0f;
      for (int k = 0; k < n; k += t) {
        ta[ly][lx] = a[gy * n + k + lx];
        tb[ly][lx] = b[(k + ly) * n + gx];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < t; ++j)
          acc += ta[ly][j] * tb[j][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      c[gy * n + gx] = acc;
    })",
                            "tiled");
  ASSERT_TRUE(k);
  for (size_t side : {4, 8, 16, 2})
    expectProduct(*this, k, 32, side);
}

TEST_F(NarrowRowsTest, LoopWithoutBarriersInGroupsOfAnyWidth) {
  cl_kernel k = buildKernel(R"(
    kernel void naive(global const float *a, global const float *b, global float *c, int n) {
      int x = get_global_id(0), y = get_global_id(1);
      float acc = 0.0f;
      for (int i = 0; i < n; ++i)
        acc += a[y * n + i] * b[i * n + x];
      c[y * n + x] = acc;
    })",
                            "naive");
  ASSERT_TRUE(k);
  for (size_t side : {8, 4, 16, 2})
    expectProduct(*this, k, 32, side);
}

} // namespace
} // namespace corecl::test
