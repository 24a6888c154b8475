// async_work_group_copy, async_work_group_strided_copy, wait_group_events
// and prefetch, checked against host references.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

class KernelAsyncCopyTest : public KernelTest {};

TEST_F(KernelAsyncCopyTest, GlobalToLocalAndBackReversesEachGroup) {
  for (const char *std : {"-cl-std=CL1.2", "-cl-std=CL3.0"}) {
    SCOPED_TRACE(std);
    cl_kernel k = buildKernel(R"(
      kernel void reverse(global const float4 *in, global float4 *out, local float4 *tmp) {
        size_t n = get_local_size(0), base = get_group_id(0) * n;
        prefetch(in + base, n);
        event_t e = async_work_group_copy(tmp, in + base, n, 0);
        wait_group_events(1, &e);
        tmp[get_local_id(0)] = tmp[get_local_id(0)] * 2.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        size_t r = n - 1 - get_local_id(0);
        float4 v = tmp[r];
        barrier(CLK_LOCAL_MEM_FENCE);
        tmp[get_local_id(0)] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        e = async_work_group_copy(out + base, tmp, n, 0);
        wait_group_events(1, &e);
      })", "reverse", std);
    ASSERT_TRUE(k);
    const size_t local = 32, groups = 6, n = local * groups;
    std::vector<cl_float4> in(n);
    for (size_t i = 0; i < n; ++i)
      for (int c = 0; c < 4; ++c)
        in[i].s[c] = float(i * 4 + c);
    cl_mem bin = bufferOf(in), bout = outputBuffer<cl_float4>(n);
    ASSERT_EQ(setArgs(k, bin, bout, LocalBytes{local * sizeof(cl_float4)}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_float4> out = read<cl_float4>(bout, n);
    for (size_t g = 0; g < groups; ++g)
      for (size_t i = 0; i < local; ++i)
        for (int c = 0; c < 4; ++c)
          ASSERT_EQ(out[g * local + i].s[c], 2.0f * in[g * local + (local - 1 - i)].s[c])
              << g << " " << i;
  }
}

TEST_F(KernelAsyncCopyTest, StridedCopiesGatherAndScatter) {
  cl_kernel k = buildKernel(R"(
    kernel void strided(global const int *in, global int *out, local int *tmp, int stride) {
      size_t n = get_local_size(0);
      event_t e = async_work_group_strided_copy(tmp, in + get_group_id(0), n, stride, 0);
      wait_group_events(1, &e);
      tmp[get_local_id(0)] += 1000;
      barrier(CLK_LOCAL_MEM_FENCE);
      e = async_work_group_strided_copy(out + get_group_id(0), tmp, n, stride, 0);
      wait_group_events(1, &e);
    })", "strided");
  ASSERT_TRUE(k);
  // Group g owns elements g, g + stride, g + 2 * stride, ... (stride = groups).
  const size_t local = 16, groups = 4, n = local * groups;
  std::vector<cl_int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = cl_int(i * 3);
  cl_int stride = cl_int(groups);
  cl_mem bin = bufferOf(in), bout = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, bin, bout, LocalBytes{local * sizeof(cl_int)}, stride), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> out = read<cl_int>(bout, n);
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], in[i] + 1000) << i;
}

} // namespace
} // namespace corecl::test
