// End-to-end: atomics on __local memory. A work-group runs on one thread,
// so CoreCL turns them into plain loads and stores
// (compiler/passes/work_group_loops.cpp); these kernels check that no update
// is lost when many work-items of a group hit the same location, that the
// old values returned are right, and that every operation keeps its
// meaning. Host references, never CoreCL itself.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <vector>

namespace corecl::test {
namespace {

using LocalAtomicsTest = KernelTest;

TEST_F(LocalAtomicsTest, HistogramLosesNoUpdate) {
  cl_kernel k = buildKernel(R"(
    kernel void histogram(global const uchar *data, global uint *bins, uint perItem) {
      local uint counts[16];
      size_t lid = get_local_id(0), size = get_local_size(0);
      for (size_t b = lid; b < 16; b += size)
        counts[b] = 0;
      barrier(CLK_LOCAL_MEM_FENCE);
      size_t base = get_group_id(0) * size * perItem + lid;
      for (uint j = 0; j < perItem; ++j)
        atomic_inc(&counts[data[base + j * size] & 15]);
      barrier(CLK_LOCAL_MEM_FENCE);
      for (size_t b = lid; b < 16; b += size)
        atomic_add(&bins[b], counts[b]);
    })",
                            "histogram");
  ASSERT_TRUE(k);
  const size_t local = 64, groups = 6;
  const cl_uint perItem = 9;
  std::vector<cl_uchar> data(local * groups * perItem);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = cl_uchar(i % 3 == 0 ? 5 : i * 7 % 251); // many hits on bin 5
  std::vector<cl_uint> zero(16, 0);
  cl_mem bd = bufferOf(data), bb = bufferOf(zero);
  ASSERT_EQ(setArgs(k, bd, bb, perItem), CL_SUCCESS);
  const size_t global = local * groups;
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_uint> expected(16, 0);
  for (cl_uchar v : data)
    ++expected[v & 15];
  EXPECT_EQ(read<cl_uint>(bb, 16), expected);
}

TEST_F(LocalAtomicsTest, EveryOperationAndItsOldValue) {
  // Work-item i applies operation (i % 8) to one shared word per
  // operation. The final words are order independent; of the old values,
  // those atomic_inc returned are checked (100, 101, ... in some order).
  cl_kernel k = buildKernel(R"(
    kernel void ops(global int *words, global int *olds) {
      local int w[8];
      size_t lid = get_local_id(0);
      if (lid < 8)
        w[lid] = 100;
      barrier(CLK_LOCAL_MEM_FENCE);
      int v = (int)lid * 3 - 50, old = 0;
      switch (lid % 8) {
      case 0: old = atomic_add(&w[0], v); break;
      case 1: old = atomic_sub(&w[1], v); break;
      case 2: old = atomic_inc(&w[2]); break;
      case 3: old = atomic_dec(&w[3]); break;
      case 4: atomic_min(&w[4], v); break;
      case 5: atomic_max(&w[5], v); break;
      case 6: atomic_or(&w[6], 1 << (lid % 30)); break;
      case 7: atomic_cmpxchg(&w[7], 100, (int)lid); break;
      }
      olds[get_global_id(0)] = old;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid < 8)
        words[get_group_id(0) * 8 + lid] = w[lid];
    })",
                            "ops");
  ASSERT_TRUE(k);
  const size_t local = 80, groups = 3, global = local * groups;
  cl_mem bw = outputBuffer<cl_int>(groups * 8), bo = outputBuffer<cl_int>(global);
  ASSERT_EQ(setArgs(k, bw, bo), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_int> words = read<cl_int>(bw, groups * 8);
  std::vector<cl_int> olds = read<cl_int>(bo, global);
  for (size_t g = 0; g < groups; ++g) {
    SCOPED_TRACE(testing::Message() << "group " << g);
    int add = 100, sub = 100, inc = 100, dec = 100, mn = 100, mx = 100, orr = 100;
    for (int lid = 0; lid < int(local); ++lid) {
      int v = lid * 3 - 50;
      switch (lid % 8) {
      case 0:
        add += v;
        break;
      case 1:
        sub -= v;
        break;
      case 2:
        ++inc;
        break;
      case 3:
        --dec;
        break;
      case 4:
        mn = std::min(mn, v);
        break;
      case 5:
        mx = std::max(mx, v);
        break;
      case 6:
        orr |= 1 << (lid % 30);
        break;
      }
    }
    const int *w = &words[g * 8];
    EXPECT_EQ(w[0], add);
    EXPECT_EQ(w[1], sub);
    EXPECT_EQ(w[2], inc);
    EXPECT_EQ(w[3], dec);
    EXPECT_EQ(w[4], mn);
    EXPECT_EQ(w[5], mx);
    EXPECT_EQ(w[6], orr);
    // Exactly one cmpxchg wins; any work-item of case 7 may be first.
    EXPECT_TRUE(w[7] % 8 == 7 && w[7] < int(local)) << w[7];
    // The old values increments saw are 100, 101, ... in some order.
    std::vector<int> seen;
    for (size_t lid = 2; lid < local; lid += 8)
      seen.push_back(olds[g * local + lid]);
    std::sort(seen.begin(), seen.end());
    for (size_t i = 0; i < seen.size(); ++i)
      EXPECT_EQ(seen[i], 100 + int(i));
  }
}

} // namespace
} // namespace corecl::test
