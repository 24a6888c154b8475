// End-to-end: clEnqueueNDRangeKernel's argument checks (OpenCL 2.2 API
// spec, 5.10) and the non-uniform work-groups of OpenCL C 2.0 programs,
// whose partial last groups are checked against host references.
#include "api/cl_test_helpers.h"
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace corecl::test {
namespace {

using KernelEnqueueTest = KernelTest;

const char *kFill = R"(
  kernel void fill(global int *out, int v) { out[get_global_id(0)] = v; })";

TEST_F(KernelEnqueueTest, UnsetArgsAreInvalidKernelArgs) {
  cl_kernel k = buildKernel(kFill, "fill");
  ASSERT_TRUE(k);
  const size_t n = 8;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);
  // A failed clSetKernelArg does not count as set.
  EXPECT_EQ(clSetKernelArg(k, 1, 2, nullptr), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);
  cl_int v = 3;
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof v, &v), CL_SUCCESS);
  EXPECT_EQ(run(k, 1, &n), CL_SUCCESS);
  for (cl_int x : read<cl_int>(out, n))
    EXPECT_EQ(x, 3);
}

TEST_F(KernelEnqueueTest, LocalArgumentUnsetIsInvalidKernelArgs) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, local int *tmp) {
      tmp[get_local_id(0)] = 1;
      out[get_global_id(0)] = tmp[get_local_id(0)];
    })",
                            "f");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_int>(4);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  const size_t n = 4;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL_ARGS);
}

// __local argument sizes whose 128-byte-aligned sum would wrap around
// 64 bits (one of SIZE_MAX, two of 2^63) must not add up to a small arena:
// the launch is refused and nothing runs.
TEST_F(KernelEnqueueTest, LocalArgumentSizesThatWouldWrapAreRefused) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, local int *a, local int *b) {
      a[get_local_id(0)] = 1;
      b[get_local_id(0)] = 2;
      out[get_global_id(0)] = a[get_local_id(0)] + b[get_local_id(0)];
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 4;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  const size_t huge[][2] = {{SIZE_MAX, 64},
                            {SIZE_MAX - 127, 64},
                            {size_t(1) << 63, size_t(1) << 63},
                            {SIZE_MAX, SIZE_MAX}};
  for (const auto &sizes : huge) {
    ASSERT_EQ(clSetKernelArg(k, 1, sizes[0], nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizes[1], nullptr), CL_SUCCESS);
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, &n, 0, nullptr, nullptr),
              CL_OUT_OF_RESOURCES)
        << sizes[0] << " + " << sizes[1];
    cl_ulong localMem = 0;
    ASSERT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_LOCAL_MEM_SIZE, sizeof localMem,
                                       &localMem, nullptr),
              CL_SUCCESS);
    cl_ulong deviceLocal = 0;
    ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_LOCAL_MEM_SIZE, sizeof deviceLocal,
                              &deviceLocal, nullptr),
              CL_SUCCESS);
    EXPECT_GT(localMem, deviceLocal);
  }
  // Sizes that fit still run, and compute the right values.
  ASSERT_EQ(clSetKernelArg(k, 1, n * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, n * sizeof(cl_int), nullptr), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, &n, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (cl_int x : read<cl_int>(out, n))
    EXPECT_EQ(x, 3);
}

// The device's local memory limit counts the bytes asked for, not the
// arena's 128-byte alignment of each argument: two arguments summing to
// exactly CL_DEVICE_LOCAL_MEM_SIZE (neither a multiple of 128) run, one
// byte more is refused.
TEST_F(KernelEnqueueTest, LocalArgumentsSummingExactlyToTheLimitRun) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, local int *a, int na, local int *b, int nb) {
      for (int i = 0; i < na; ++i) a[i] = i;
      for (int i = 0; i < nb; ++i) b[i] = -i;
      out[0] = a[0] + a[na - 1];
      out[1] = b[0] + b[nb - 1];
    })",
                            "f");
  ASSERT_TRUE(k);
  cl_ulong deviceLocal = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_LOCAL_MEM_SIZE, sizeof deviceLocal, &deviceLocal,
                            nullptr),
            CL_SUCCESS);
  const size_t aBytes = 100, bBytes = size_t(deviceLocal) - aBytes;
  ASSERT_NE(bBytes % 128, 0u);
  const cl_int na = cl_int(aBytes / sizeof(cl_int)), nb = cl_int(bBytes / sizeof(cl_int));
  cl_mem out = outputBuffer<cl_int>(2);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, aBytes, nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, sizeof na, &na), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 3, bBytes, nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 4, sizeof nb, &nb), CL_SUCCESS);
  const size_t one = 1;
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr),
            CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, 2);
  EXPECT_EQ(got[0], na - 1);
  EXPECT_EQ(got[1], -(nb - 1));
  ASSERT_EQ(clSetKernelArg(k, 3, bBytes + 1, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &one, &one, 0, nullptr, nullptr),
            CL_OUT_OF_RESOURCES);
}

TEST_F(KernelEnqueueTest, InvalidWorkDimension) {
  cl_kernel k = buildKernel(kFill, "fill");
  ASSERT_TRUE(k);
  ASSERT_EQ(setArgs(k, outputBuffer<cl_int>(64), cl_int(1)), CL_SUCCESS);
  const size_t global[4] = {4, 4, 2, 2};
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 0, nullptr, global, nullptr, 0, nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 4, nullptr, global, nullptr, 0, nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  // OpenCL 2.1+: a NULL global size is an empty range, not an error.
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, nullptr, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
}

TEST_F(KernelEnqueueTest, OtherHandleErrors) {
  cl_kernel k = buildKernel(kFill, "fill");
  ASSERT_TRUE(k);
  ASSERT_EQ(setArgs(k, outputBuffer<cl_int>(64), cl_int(1)), CL_SUCCESS);
  const size_t n = 64;
  EXPECT_EQ(clEnqueueNDRangeKernel(nullptr, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, nullptr, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_KERNEL);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 1, nullptr, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);
  // A queue of another context.
  OtherContext other(device());
  cl_device_id d = device();
  cl_int err;
  cl_command_queue otherQueue = clCreateCommandQueueWithProperties(other.get(), d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(otherQueue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_CONTEXT);
  clReleaseCommandQueue(otherQueue);
  // An offset that makes the last global id overflow size_t.
  const size_t offset = SIZE_MAX - 10;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, &offset, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_OFFSET);
}

TEST_F(KernelEnqueueTest, RangesTooLargeToCountAreRejected) {
  // A global size of SIZE_MAX once wrapped its group count to 0 and
  // returned CL_SUCCESS with no work-item run. 2^63 work-items or more,
  // in one dimension or as a product, are CL_INVALID_GLOBAL_WORK_SIZE.
  cl_kernel k = buildKernel(kFill, "fill");
  ASSERT_TRUE(k);
  ASSERT_EQ(setArgs(k, outputBuffer<cl_int>(64), cl_int(1)), CL_SUCCESS);
  const size_t huge = SIZE_MAX, two = 2;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &huge, &two, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_WORK_SIZE);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &huge, nullptr, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_WORK_SIZE);
  const size_t square[2] = {size_t(1) << 32, size_t(1) << 32};
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 2, nullptr, square, nullptr, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_WORK_SIZE);
  const size_t cube[3] = {size_t(1) << 21, size_t(1) << 21, size_t(1) << 21};
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 3, nullptr, cube, nullptr, 0, nullptr, nullptr),
            CL_INVALID_GLOBAL_WORK_SIZE);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
}

TEST_F(KernelEnqueueTest, UnbuiltProgramKernelCannotBeCreated) {
  cl_program p = createProgram(kFill);
  ASSERT_TRUE(p);
  cl_int err;
  EXPECT_EQ(clCreateKernel(p, "fill", &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PROGRAM_EXECUTABLE);
}

TEST_F(KernelEnqueueTest, ZeroGlobalSizeRunsNothing) {
  // OpenCL 2.1 and later: a zero global size is valid and runs no
  // work-item; the command still completes.
  cl_kernel k = buildKernel(kFill, "fill");
  ASSERT_TRUE(k);
  std::vector<cl_int> init(4, 5);
  cl_mem out = bufferOf(init);
  ASSERT_EQ(setArgs(k, out, cl_int(9)), CL_SUCCESS);
  const size_t zero[2] = {0, 4};
  cl_event e = nullptr;
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 2, nullptr, zero, nullptr, 0, nullptr, &e),
            CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  clReleaseEvent(e);
  for (cl_int x : read<cl_int>(out, 4))
    EXPECT_EQ(x, 5);
}

TEST_F(KernelEnqueueTest, NonDividingLocalSizeRejectedForCL12) {
  for (const char *options :
       {"", "-cl-std=CL1.2", "-cl-std=CL1.1", "-cl-std=CL2.0 -cl-uniform-work-group-size"}) {
    SCOPED_TRACE(options);
    cl_kernel k = buildKernel(kFill, "fill", options);
    ASSERT_TRUE(k);
    ASSERT_EQ(setArgs(k, outputBuffer<cl_int>(400), cl_int(1)), CL_SUCCESS);
    const size_t n = 100, local = 7;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
    const size_t global2[2] = {16, 10}, local2[2] = {4, 3};
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 2, nullptr, global2, local2, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
    // Dividing sizes are fine.
    const size_t local4 = 4;
    EXPECT_EQ(run(k, 1, &n, &local4), CL_SUCCESS);
  }
}

TEST_F(KernelEnqueueTest, NonUniformGroupsForCL20) {
  // The same range as above is accepted by an OpenCL C 2.0 program; the
  // last group is partial, and a barrier-based group sum must cover only
  // its real work-items.
  cl_kernel k = buildKernel(R"(
    kernel void sums(global const int *in, global int *out, global int *sizes,
                     local int *tmp) {
      size_t l = get_local_id(0), n = get_local_size(0);
      tmp[l] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      if (l == 0) {
        int s = 0;
        for (size_t i = 0; i < n; ++i)
          s += tmp[i];
        out[get_group_id(0)] = s;
        sizes[get_group_id(0)] = (int)n;
      }
    })",
                            "sums", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  for (size_t n : {size_t(100), size_t(1), size_t(1000), size_t(4099)}) {
    for (size_t local : {size_t(7), size_t(64), size_t(256)}) {
      SCOPED_TRACE(testing::Message() << "global " << n << " local " << local);
      const size_t groups = (n + local - 1) / local;
      std::vector<cl_int> in(n);
      for (size_t i = 0; i < n; ++i)
        in[i] = cl_int(i % 17) + 1;
      cl_mem out = outputBuffer<cl_int>(groups), sizes = outputBuffer<cl_int>(groups);
      ASSERT_EQ(setArgs(k, bufferOf(in), out, sizes, LocalBytes{local * 4}), CL_SUCCESS);
      ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
      std::vector<cl_int> got = read<cl_int>(out, groups), gotSizes = read<cl_int>(sizes, groups);
      for (size_t g = 0; g < groups; ++g) {
        size_t begin = g * local, end = std::min(n, begin + local);
        int s = 0;
        for (size_t i = begin; i < end; ++i)
          s += in[i];
        ASSERT_EQ(gotSizes[g], int(end - begin)) << "group " << g;
        ASSERT_EQ(got[g], s) << "group " << g;
      }
    }
  }
}

TEST_F(KernelEnqueueTest, NonUniformGroups2DWritesEveryItemOnce) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out) {
      size_t x = get_global_id(0), y = get_global_id(1);
      out[y * get_global_size(0) + x] += (int)(get_local_size(0) * 100 + get_local_size(1));
    })",
                            "f", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  const size_t global[2] = {30, 11}, local[2] = {8, 4};
  std::vector<cl_int> zeros(30 * 11, 0);
  cl_mem out = bufferOf(zeros);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, 30 * 11);
  for (size_t y = 0; y < 11; ++y)
    for (size_t x = 0; x < 30; ++x) {
      int lx = x >= 24 ? 6 : 8, ly = y >= 8 ? 3 : 4;
      ASSERT_EQ(got[y * 30 + x], lx * 100 + ly) << x << "," << y;
    }
}

const char *kReqd = R"(
  __attribute__((reqd_work_group_size(8, 4, 1)))
  kernel void f(global int *out) {
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    out[i] = (int)(get_local_size(0) * 10 + get_local_size(1));
  })";

TEST_F(KernelEnqueueTest, ReqdWorkGroupSizeMismatch) {
  cl_kernel k = buildKernel(kReqd, "f");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_int>(32 * 16);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  const size_t global[2] = {32, 16};
  const size_t wrong[][2] = {{4, 8}, {8, 2}, {16, 4}, {1, 1}};
  for (const auto &local : wrong)
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 2, nullptr, global, local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE)
        << local[0] << "x" << local[1];
  // 1D launch: local (8) stands for (8, 1, 1), which is not (8, 4, 1).
  const size_t n = 32, l1 = 8;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, &l1, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  // The required size works, given or left to CoreCL.
  const size_t right[2] = {8, 4};
  ASSERT_EQ(run(k, 2, global, right), CL_SUCCESS);
  for (cl_int v : read<cl_int>(out, 32 * 16))
    ASSERT_EQ(v, 84);
  cl_mem out2 = outputBuffer<cl_int>(32 * 16);
  ASSERT_EQ(setArgs(k, out2), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, nullptr), CL_SUCCESS);
  for (cl_int v : read<cl_int>(out2, 32 * 16))
    ASSERT_EQ(v, 84);
  // Left to CoreCL, the required size is still the only one: not in a 1D
  // range (it has a second dimension of 4), nor where it does not divide
  // the range of this uniform (OpenCL C 1.2) program.
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  const size_t ragged[2] = {36, 16};
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 2, nullptr, ragged, nullptr, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
}

TEST_F(KernelEnqueueTest, LocalSizeOverDeviceMaximum) {
  cl_kernel k = buildKernel(kFill, "fill");
  ASSERT_TRUE(k);
  const size_t maxGroup = deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE);
  size_t items[3] = {};
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, nullptr),
            CL_SUCCESS);
  ASSERT_GE(maxGroup, 1u);
  size_t kernelMax = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof kernelMax,
                                     &kernelMax, nullptr),
            CL_SUCCESS);
  EXPECT_LE(kernelMax, maxGroup);
  cl_mem out = outputBuffer<cl_int>(2 * maxGroup * 2);
  ASSERT_EQ(setArgs(k, out, cl_int(1)), CL_SUCCESS);
  // One dimension over CL_DEVICE_MAX_WORK_ITEM_SIZES[0].
  {
    const size_t local = items[0] * 2, global = local * 2;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_ITEM_SIZE);
  }
  // Each dimension within CL_DEVICE_MAX_WORK_ITEM_SIZES, the product over
  // the maximum work-group size.
  size_t lx = std::min(items[0], maxGroup), ly = 1;
  while (lx * ly <= maxGroup && ly * 2 <= items[1])
    ly *= 2;
  if (lx * ly > maxGroup) {
    const size_t local[2] = {lx, ly}, global[2] = {lx, ly};
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 2, nullptr, global, local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE)
        << lx << "x" << ly;
  }
  // Exactly the maximum is accepted.
  const size_t local = std::min(kernelMax, items[0]), global = local * 2;
  EXPECT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
}

TEST_F(KernelEnqueueTest, LocalSizeOverKernelWorkGroupSize) {
  // A kernel that keeps a large private array across a barrier may report
  // a CL_KERNEL_WORK_GROUP_SIZE below the device maximum; a larger local
  // size must then be CL_INVALID_WORK_GROUP_SIZE.
  cl_kernel k = buildKernel(R"(
    kernel void big(global int *out, int pick) {
      int priv[16384];
      for (int i = 0; i < 16384; ++i)
        priv[i] = i ^ (int)get_global_id(0);
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = priv[(pick + (int)get_local_id(0)) & 16383];
    })",
                            "big");
  ASSERT_TRUE(k);
  size_t kernelMax = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof kernelMax,
                                     &kernelMax, nullptr),
            CL_SUCCESS);
  const size_t maxGroup = deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE);
  ASSERT_GE(kernelMax, 1u);
  ASSERT_LE(kernelMax, maxGroup);
  cl_mem out = outputBuffer<cl_int>(maxGroup);
  ASSERT_EQ(setArgs(k, out, cl_int(5)), CL_SUCCESS);
  // Within the kernel's limit the kernel runs correctly.
  const size_t n = kernelMax;
  ASSERT_EQ(run(k, 1, &n, &n), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(got[i], int((5 + i) & 16383) ^ int(i)) << i;
  if (kernelMax >= maxGroup)
    GTEST_SKIP() << "CL_KERNEL_WORK_GROUP_SIZE is the device maximum for this kernel";
  size_t over = kernelMax * 2;
  while (over > maxGroup)
    --over;
  if (over <= kernelMax)
    GTEST_SKIP() << "no local size between the kernel and device limits";
  cl_int err = clEnqueueNDRangeKernel(queue, k, 1, nullptr, &over, &over, 0, nullptr, nullptr);
  clFinish(queue);
  EXPECT_EQ(err, CL_INVALID_WORK_GROUP_SIZE);
}

} // namespace
} // namespace corecl::test

namespace corecl::test {
namespace {

class KernelDivisionTest : public KernelTest {};

// x / 0 and INT_MIN / -1 are undefined in OpenCL C, but must not bring the
// host process down (x86's divide instruction traps on both).
TEST_F(KernelDivisionTest, DivisionByZeroDoesNotCrash) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global const int *a, global const int *b, global int *q, global int *r) {
      size_t i = get_global_id(0);
      q[i] = a[i] / b[i];
      r[i] = a[i] % b[i];
    })", "f");
  ASSERT_TRUE(k);
  std::vector<cl_int> a = {7, 7, INT32_MIN, INT32_MIN, 0, -9, 100, 5};
  std::vector<cl_int> b = {0, 2, -1, 0, 0, 3, 7, -1};
  cl_mem ba = bufferOf(a), bb = bufferOf(b);
  cl_mem bq = outputBuffer<cl_int>(a.size()), br = outputBuffer<cl_int>(a.size());
  ASSERT_EQ(setArgs(k, ba, bb, bq, br), CL_SUCCESS);
  size_t n = a.size();
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_int> q = read<cl_int>(bq, n), r = read<cl_int>(br, n);
  // Only the defined cases have a required result.
  EXPECT_EQ(q[1], 3);
  EXPECT_EQ(r[1], 1);
  EXPECT_EQ(q[5], -3);
  EXPECT_EQ(q[6], 14);
  EXPECT_EQ(r[6], 2);
  EXPECT_EQ(q[7], -5);
}

// A division by zero gives an unspecified value in OpenCL C, not
// undefined behaviour: it must not make the rest of the kernel undefined.
// The shape of CLSmith's vector "safe" macros (--vectors seed 10238):
// `&&` on vectors is elementwise, so INT_MAX / d is computed in every
// lane, also where d is 0, and the other lanes decide a branch. To LLVM a
// division by a constant vector with a zero lane is poison as a whole, and
// a branch on it unreachable: the work-group function ran off its end
// (SIGSEGV) until divisions were made safe before anything simplified
// them.
TEST_F(KernelDivisionTest, ADivisionByZeroLeavesTheOtherLanesDefined) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, int a) {
      size_t i = get_global_id(0);
      int2 d = (int2)(0, 7);
      int2 q = (int2)(2147483647) / d;
      int2 fine = (d > 0) && (q > 5);
      if (fine.y)
        out[i] = a + 1;
      else
        out[i] = a + 2;
      int2 r = (int2)(a) % (int2)(0, 5);
      out[i + 8] = r.y;
    })",
                            "f");
  ASSERT_TRUE(k);
  for (cl_int a : {3, -4, 0}) {
    SCOPED_TRACE(a);
    cl_mem out = outputBuffer<cl_int>(16);
    ASSERT_EQ(setArgs(k, out, a), CL_SUCCESS);
    size_t n = 8;
    ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(out, 16);
    // Host reference for the defined lanes: 7 > 0 and INT_MAX / 7 > 5.
    for (size_t i = 0; i < n; ++i) {
      EXPECT_EQ(got[i], a + 1) << i;
      EXPECT_EQ(got[i + 8], a % 5) << i;
    }
  }
}

} // namespace
} // namespace corecl::test
