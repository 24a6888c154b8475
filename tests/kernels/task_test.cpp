// End-to-end: clEnqueueTask runs a kernel as one work-group of one
// work-item (work_dim 1, global and local size 1, no offset).
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using KernelTaskTest = KernelTest;

TEST_F(KernelTaskTest, SerialPrefixSum) {
  cl_kernel k = buildKernel(R"(
    kernel void scan(global const int *in, global int *out, int n) {
      int acc = 0;
      for (int i = 0; i < n; ++i) {
        acc += in[i];
        out[i] = acc;
      }
    })",
                            "scan");
  ASSERT_TRUE(k);
  const int n = 10007;
  std::vector<cl_int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 201 - 100;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, bufferOf(in), out, cl_int(n)), CL_SUCCESS);
  cl_event done = nullptr;
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, &done), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
  cl_command_type type = 0;
  EXPECT_EQ(clGetEventInfo(done, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_TASK));
  clReleaseEvent(done);
  std::vector<cl_int> g = read<cl_int>(out, n);
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += in[i];
    ASSERT_EQ(g[i], acc) << i;
  }
}

TEST_F(KernelTaskTest, SeesASingleWorkItemRange) {
  cl_kernel k = buildKernel(R"(
    kernel void who(global ulong *out) {
      out[0] = get_work_dim();
      out[1] = get_global_size(0);
      out[2] = get_local_size(0);
      out[3] = get_num_groups(0);
      out[4] = get_global_id(0);
      out[5] = get_local_id(0);
      out[6] = get_group_id(0);
      out[7] = get_global_offset(0);
      out[8] = get_global_size(1);
      out[9] = get_global_size(2);
    })",
                            "who");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_ulong>(10);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<cl_ulong> g = read<cl_ulong>(out, 10);
  const cl_ulong expected[10] = {1, 1, 1, 1, 0, 0, 0, 0, 1, 1};
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(g[i], expected[i]) << i;
}

TEST_F(KernelTaskTest, WithBarrierAndLocalMemory) {
  // A task is a work-group of one: a barrier and __local memory still work.
  cl_kernel k = buildKernel(R"(
    kernel void one(global int *out, local int *scratch) {
      local int fixed[4];
      scratch[0] = 40;
      fixed[3] = 2;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[0] = scratch[0] + fixed[3];
    })",
                            "one");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_int>(1);
  ASSERT_EQ(setArgs(k, out, LocalBytes{16}), CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(out, 1)[0], 42);
}

TEST_F(KernelTaskTest, ErrorsMatchNDRange) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out) { out[0] = 1; })",
                            "f");
  ASSERT_TRUE(k);
  EXPECT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_INVALID_KERNEL_ARGS);
  EXPECT_EQ(clEnqueueTask(queue, nullptr, 0, nullptr, nullptr), CL_INVALID_KERNEL);
  EXPECT_EQ(clEnqueueTask(nullptr, k, 0, nullptr, nullptr), CL_INVALID_COMMAND_QUEUE);
  cl_mem out = outputBuffer<cl_int>(1);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  EXPECT_EQ(clEnqueueTask(queue, k, 1, nullptr, nullptr), CL_INVALID_EVENT_WAIT_LIST);
  // A kernel that requires a larger work-group cannot run as a task.
  cl_kernel big = buildKernel(R"(
    __attribute__((reqd_work_group_size(4, 1, 1)))
    kernel void g(global int *out) { out[get_global_id(0)] = 1; })",
                              "g");
  ASSERT_TRUE(big);
  ASSERT_EQ(setArgs(big, out), CL_SUCCESS);
  EXPECT_EQ(clEnqueueTask(queue, big, 0, nullptr, nullptr), CL_INVALID_WORK_GROUP_SIZE);
}

} // namespace
} // namespace corecl::test
