// End-to-end: work-group tree reductions in local memory, with the barrier
// inside the reduction loop; the scratch space is a __local pointer
// argument (clSetKernelArg(k, i, size, NULL)) or a kernel-scope __local
// array. Checked against per-group sums computed on the host.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using KernelReductionTest = KernelTest;

const char *kLocalArg = R"(
  kernel void reduce(global const float *in, global float *partial, local float *scratch) {
    size_t lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
      if (lid < s)
        scratch[lid] += scratch[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
      partial[get_group_id(0)] = scratch[0];
  })";

const char *kKernelScope = R"(
  kernel void reduce(global const float *in, global float *partial) {
    local float tile[64];
    size_t lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = 32; s > 0; s >>= 1) {
      if (lid < s)
        tile[lid] += tile[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
      partial[get_group_id(0)] = tile[0];
  })";

/// Small integers, so that float sums are exact in any order.
std::vector<float> input(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = float(int(i * 37 % 101) - 50);
  return v;
}

std::vector<float> groupSums(const std::vector<float> &in, size_t local) {
  std::vector<float> sums(in.size() / local, 0.0f);
  for (size_t i = 0; i < in.size(); ++i)
    sums[i / local] += in[i];
  return sums;
}

void checkReduction(KernelTest &t, cl_kernel k, size_t groups, size_t local, bool localArg) {
  SCOPED_TRACE(testing::Message() << groups << " groups of " << local);
  const size_t n = groups * local;
  std::vector<float> in = input(n);
  cl_mem out = t.outputBuffer<float>(groups);
  cl_mem bin = t.bufferOf(in);
  if (localArg)
    ASSERT_EQ(t.setArgs(k, bin, out, LocalBytes{local * sizeof(float)}), CL_SUCCESS);
  else
    ASSERT_EQ(t.setArgs(k, bin, out), CL_SUCCESS);
  ASSERT_EQ(t.run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<float> got = t.read<float>(out, groups);
  std::vector<float> expected = groupSums(in, local);
  for (size_t g = 0; g < groups; ++g)
    ASSERT_EQ(got[g], expected[g]) << "group " << g;
}

TEST_F(KernelReductionTest, LocalPointerArgument) {
  cl_kernel k = buildKernel(kLocalArg, "reduce");
  ASSERT_TRUE(k);
  checkReduction(*this, k, 1000, 64, true);
  checkReduction(*this, k, 7, 256, true);
  checkReduction(*this, k, 3, 1024, true);
  checkReduction(*this, k, 513, 2, true);
  checkReduction(*this, k, 5, 1, true); // the loop runs zero times
}

TEST_F(KernelReductionTest, NonPowerOfTwoGroupsTakeTheKernelsSteps) {
  // With a local size that is not a power of two the tree skips some
  // elements, the same on any device: the host runs the kernel's steps.
  // Each step's row of packets ends at its last active work-item
  // (compiler/passes/row_guard.cpp).
  cl_kernel k = buildKernel(kLocalArg, "reduce");
  ASSERT_TRUE(k);
  for (size_t local : {size_t(96), size_t(7), size_t(3)}) {
    SCOPED_TRACE(testing::Message() << "local " << local);
    const size_t groups = 12, n = groups * local;
    std::vector<float> in = input(n);
    cl_mem out = outputBuffer<float>(groups);
    ASSERT_EQ(setArgs(k, bufferOf(in), out, LocalBytes{local * sizeof(float)}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<float> got = read<float>(out, groups);
    for (size_t g = 0; g < groups; ++g) {
      std::vector<float> scratch(in.begin() + long(g * local), in.begin() + long((g + 1) * local));
      for (size_t s = local / 2; s > 0; s >>= 1)
        for (size_t lid = 0; lid < s; ++lid)
          scratch[lid] += scratch[lid + s];
      ASSERT_EQ(got[g], scratch[0]) << "group " << g;
    }
  }
}

TEST_F(KernelReductionTest, LargestWorkGroup) {
  cl_kernel k = buildKernel(kLocalArg, "reduce");
  ASSERT_TRUE(k);
  size_t max = 0;
  ASSERT_EQ(
      clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof max, &max, nullptr),
      CL_SUCCESS);
  size_t local = 1;
  while (local * 2 <= max)
    local *= 2; // the tree needs a power of two
  checkReduction(*this, k, 3, local, true);
}

TEST_F(KernelReductionTest, KernelScopeLocalArray) {
  cl_kernel k = buildKernel(kKernelScope, "reduce");
  ASSERT_TRUE(k);
  checkReduction(*this, k, 1, 64, false);
  checkReduction(*this, k, 4099, 64, false);
}

TEST_F(KernelReductionTest, LocalMemSizeReported) {
  cl_kernel k = buildKernel(kKernelScope, "reduce");
  ASSERT_TRUE(k);
  cl_ulong bytes = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_LOCAL_MEM_SIZE, sizeof bytes, &bytes,
                                     nullptr),
            CL_SUCCESS);
  EXPECT_GE(bytes, 64 * sizeof(float));
}

TEST_F(KernelReductionTest, TwoLocalArgumentsAndScopeArrayDoNotOverlap) {
  // Kernel-scope __local array and two __local pointer arguments at once:
  // each must have its own storage.
  cl_kernel k = buildKernel(R"(
    kernel void three(global int *out, local int *a, local int *b) {
      local int c[32];
      size_t l = get_local_id(0);
      a[l] = 1000 + (int)l;
      b[l] = 2000 + (int)l;
      c[l] = 3000 + (int)l;
      barrier(CLK_LOCAL_MEM_FENCE);
      size_t r = get_local_size(0) - 1 - l;
      out[get_global_id(0)] = a[r] * 1000000 + (b[r] - 2000) * 1000 + (c[r] - 3000);
    })",
                            "three");
  ASSERT_TRUE(k);
  const size_t global = 32 * 9, local = 32;
  cl_mem out = outputBuffer<cl_int>(global);
  ASSERT_EQ(setArgs(k, out, LocalBytes{local * 4}, LocalBytes{local * 4}), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, global);
  for (size_t i = 0; i < global; ++i) {
    int r = int(local - 1 - i % local);
    ASSERT_EQ(got[i], (1000 + r) * 1000000 + r * 1000 + r) << i;
  }
}

TEST_F(KernelReductionTest, TwoStageFullSum) {
  // Reduce to one partial per group, then reduce the partials with a
  // second launch of the same kernel (one group).
  cl_kernel k = buildKernel(kLocalArg, "reduce");
  ASSERT_TRUE(k);
  const size_t local = 128, groups = 128, n = local * groups;
  std::vector<float> in = input(n);
  cl_mem partial = outputBuffer<float>(groups);
  cl_mem total = outputBuffer<float>(1);
  ASSERT_EQ(setArgs(k, bufferOf(in), partial, LocalBytes{local * 4}), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(setArgs(k, partial, total, LocalBytes{groups * 4}), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &groups, &groups), CL_SUCCESS);
  float expected = 0;
  for (float v : in)
    expected += v;
  EXPECT_EQ(read<float>(total, 1)[0], expected);
}

} // namespace
} // namespace corecl::test
