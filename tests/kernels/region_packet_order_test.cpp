// A kernel whose regions want different lanes (CLBlast's XgemmDirectTN):
// its tile copy reads and writes pairs along x, its multiply reads the
// tile along y, so per-work-item storage is laid out along y and the copy
// region's packet runs its lanes along x (attr::kPacketOrder,
// region_packets.cpp). The copy region also holds the loop over the K
// remainder, gathers, which it runs once after the tile loop and which
// does not refuse it the packet (PacketReport's hottest accesses). The
// copy's loads and stores alternate between global and local memory and
// are still read and written as pairs (address_difference.cpp, mayMeet).
// Checked against a host reference for several K, remainders included.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <vector>

namespace corecl::test {
namespace {

using RegionPacketOrderTest = KernelTest;

TEST_F(RegionPacketOrderTest, CopyAlongXMultiplyAlongYMatchesTheHost) {
  cl_kernel k = buildKernel(R"(
    kernel __attribute__((reqd_work_group_size(8, 8, 1)))
    void tiles(global const float *a, global float *out, int k, int ld) {
      local float tile[16 * 18];
      int x = get_local_id(0), y = get_local_id(1);
      a += get_group_id(0) * 64 * ld;
      float acc = 0.0f;
      int kk = 0;
      for (; kk + 8 <= k; kk += 8) {
        tile[y * 18 + 2 * x] = a[(kk + y) * ld + 2 * x];
        tile[y * 18 + 2 * x + 1] = a[(kk + y) * ld + 2 * x + 1];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < 8; ++i)
          acc += tile[x * 18 + i] * tile[i * 18 + 8 + y];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      for (; kk < k; ++kk)
        acc += a[(x * 8 + y) * ld + kk];
      out[get_group_id(0) * 64 + y * 8 + x] = acc;
    })",
                            "tiles");
  ASSERT_TRUE(k);
  const size_t groups = 3;
  for (int kSize : {0, 5, 8, 13, 24, 31}) {
    SCOPED_TRACE(testing::Message() << "k = " << kSize);
    int ld = std::max(kSize, 16) + 3;
    // 64 rows per group, small integers: every sum is exact in float.
    std::vector<float> a(groups * 64 * size_t(ld));
    for (size_t i = 0; i < a.size(); ++i)
      a[i] = float(int(i * 7 % 11) - 5);
    cl_mem out = outputBuffer<float>(groups * 64);
    ASSERT_EQ(setArgs(k, bufferOf(a), out, cl_int(kSize), cl_int(ld)), CL_SUCCESS);
    size_t global[2] = {8 * groups, 8}, group[2] = {8, 8};
    ASSERT_EQ(run(k, 2, global, group), CL_SUCCESS);
    std::vector<float> got = read<float>(out, groups * 64);
    for (size_t g = 0; g < groups; ++g) {
      const float *rows = a.data() + g * 64 * size_t(ld);
      for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
          float acc = 0.0f;
          int kk = 0;
          for (; kk + 8 <= kSize; kk += 8)
            for (int i = 0; i < 8; ++i)
              acc += rows[(kk + x) * ld + i] * rows[(kk + i) * ld + 8 + y];
          for (; kk < kSize; ++kk)
            acc += rows[(x * 8 + y) * ld + kk];
          ASSERT_EQ(got[g * 64 + size_t(y * 8 + x)], acc)
              << "group " << g << ", work-item (" << x << ", " << y << ")";
        }
    }
  }
}

} // namespace
} // namespace corecl::test
