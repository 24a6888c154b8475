// Private arrays too large for a stack: a group of one work-item keeps its
// private variables on the worker's stack, where a 4 MiB array once ran
// past the stack into other threads' memory. Such launches are refused
// (CL_OUT_OF_RESOURCES, the device's 2 MiB per work-item), smaller ones
// compute the right values, and CL_KERNEL_PRIVATE_MEM_SIZE tells.
#include "kernels/kernel_fixture.h"

#include <string>
#include <vector>

namespace corecl::test {
namespace {

using PrivateMemoryTest = KernelTest;

/// `int t[2^log2]`, written at scattered places by a loop of `o[3]` steps
/// and read at `o[2]`; with a barrier before the read if asked.
std::string scatteredArray(int log2, bool barrier) {
  std::string mask = "((1u << " + std::to_string(log2) + ") - 1u)";
  return "kernel void k(global int *o) { int t[1 << " + std::to_string(log2) +
         "]; for (uint i = 0; i < o[3]; ++i) t[(i * 4099u) & " + mask + "] = i + o[1];" +
         (barrier ? " barrier(CLK_GLOBAL_MEM_FENCE);" : "") + " o[0] = t[o[2]]; }";
}

/// What the kernel leaves in o[0]: the last i whose slot is o[2], plus o[1].
int expected(int log2, int steps, int read, int add) {
  int last = -1;
  for (unsigned i = 0; i < unsigned(steps); ++i) // unsigned: i * 4099 wraps
    if (((i * 4099u) & ((1u << log2) - 1u)) == unsigned(read))
      last = int(i);
  return last + add;
}

TEST_F(PrivateMemoryTest, ArraysTooLargeForAStackAreRefusedNotRun) {
  for (int log2 : {20, 22}) { // 4 and 16 MiB
    SCOPED_TRACE("int t[1 << " + std::to_string(log2) + "]");
    cl_kernel k = buildKernel(scatteredArray(log2, false), "k");
    ASSERT_TRUE(k);
    cl_ulong privateBytes = 0;
    ASSERT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_PRIVATE_MEM_SIZE,
                                       sizeof privateBytes, &privateBytes, nullptr),
              CL_SUCCESS);
    EXPECT_GE(privateBytes, cl_ulong(4) << log2);
    std::vector<cl_int> init = {0, 5, 4099 * 3, 1 << 20};
    cl_mem o = bufferOf(init);
    ASSERT_EQ(setArgs(k, o), CL_SUCCESS);
    const size_t one = 1;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr),
              CL_OUT_OF_RESOURCES);
    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
    EXPECT_EQ(read<cl_int>(o, 1)[0], 0); // nothing ran
  }
}

TEST_F(PrivateMemoryTest, LargeArraysWithinTheLimitComputeRightValues) {
  const int steps = 1 << 20, readAt = 4099 * 3, add = 5;
  struct Case {
    int log2;
    bool barrier;
    size_t global, local;
  };
  // 2 MiB alone and in 64 groups of one (packets of groups side by side),
  // and 4 MiB where a barrier moves it to per-work-item storage.
  for (Case c : {Case{19, false, 1, 1}, Case{19, false, 64, 1}, Case{20, true, 8, 8}}) {
    SCOPED_TRACE("int t[1 << " + std::to_string(c.log2) + "], " + std::to_string(c.global) +
                 " work-items in groups of " + std::to_string(c.local));
    cl_kernel k = buildKernel(scatteredArray(c.log2, c.barrier), "k");
    ASSERT_TRUE(k);
    std::vector<cl_int> init = {0, add, readAt, steps};
    cl_mem o = bufferOf(init);
    ASSERT_EQ(setArgs(k, o), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &c.global, &c.local, 0, nullptr,
                                     nullptr),
              CL_SUCCESS);
    EXPECT_EQ(read<cl_int>(o, 1)[0], expected(c.log2, steps, readAt, add));
  }
}

} // namespace
} // namespace corecl::test
