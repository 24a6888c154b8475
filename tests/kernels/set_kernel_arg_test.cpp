// End-to-end: every error clSetKernelArg returns (OpenCL 2.2 API spec,
// 5.9.2), and the NULL buffer argument it must accept.
#include "api/cl_test_helpers.h"
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using KernelSetArgTest = KernelTest;

// One argument of each kind: buffer, __constant buffer, __local pointer,
// by-value scalar, by-value vector, by-value struct.
const char *kAllKinds = R"(
  typedef struct { int a; float b; } Pair;
  kernel void all(global int *g, constant int *c, local int *l, int v, float4 f4, Pair p) {
    l[0] = v;
    g[0] = c[0] + l[0] + (int)f4.w + p.a;
  })";

TEST_F(KernelSetArgTest, InvalidArgIndex) {
  cl_kernel k = buildKernel(kAllKinds, "all");
  ASSERT_TRUE(k);
  cl_int v = 1;
  EXPECT_EQ(clSetKernelArg(k, 6, sizeof v, &v), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArg(k, 100, sizeof v, &v), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArg(k, cl_uint(-1), sizeof v, &v), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArg(k, 3, sizeof v, &v), CL_SUCCESS);
}

TEST_F(KernelSetArgTest, InvalidArgSize) {
  cl_kernel k = buildKernel(kAllKinds, "all");
  ASSERT_TRUE(k);
  cl_mem buf = makeBuffer(64);
  // A buffer with a size other than sizeof(cl_mem).
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof(cl_mem) - 4, &buf), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof(cl_mem) + 8, &buf), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 1, 0, &buf), CL_INVALID_ARG_SIZE);
  // A __local argument with size 0.
  EXPECT_EQ(clSetKernelArg(k, 2, 0, nullptr), CL_INVALID_ARG_SIZE);
  // Values whose size is not that of the argument's type.
  cl_long wide = 1;
  cl_short narrow = 1;
  EXPECT_EQ(clSetKernelArg(k, 3, sizeof wide, &wide), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 3, sizeof narrow, &narrow), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 3, 0, &wide), CL_INVALID_ARG_SIZE);
  cl_float4 f4 = {{1, 2, 3, 4}};
  EXPECT_EQ(clSetKernelArg(k, 4, sizeof(cl_float3) - 4, &f4), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 4, sizeof(cl_float), &f4), CL_INVALID_ARG_SIZE);
  struct {
    cl_int a;
    cl_float b;
  } pair{1, 2};
  EXPECT_EQ(clSetKernelArg(k, 5, sizeof pair - 1, &pair), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 5, sizeof pair + 4, &pair), CL_INVALID_ARG_SIZE);
  // The right sizes succeed.
  cl_int v = 1;
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof buf, &buf), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 2, 4, nullptr), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 3, sizeof v, &v), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 4, sizeof f4, &f4), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 5, sizeof pair, &pair), CL_SUCCESS);
}

TEST_F(KernelSetArgTest, InvalidArgValue) {
  cl_kernel k = buildKernel(kAllKinds, "all");
  ASSERT_TRUE(k);
  // A __local argument with a non-NULL value.
  cl_int dummy[4] = {};
  EXPECT_EQ(clSetKernelArg(k, 2, sizeof dummy, dummy), CL_INVALID_ARG_VALUE);
  // By-value arguments with a NULL value.
  EXPECT_EQ(clSetKernelArg(k, 3, sizeof(cl_int), nullptr), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(k, 4, sizeof(cl_float4), nullptr), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(k, 5, 8, nullptr), CL_INVALID_ARG_VALUE);
}

TEST_F(KernelSetArgTest, InvalidMemObject) {
  cl_kernel k = buildKernel(kAllKinds, "all");
  ASSERT_TRUE(k);
  // A pointer that is no CoreCL object at all.
  alignas(64) static unsigned char fake[256] = {};
  cl_mem bogus = reinterpret_cast<cl_mem>(fake);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof bogus, &bogus), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clSetKernelArg(k, 1, sizeof bogus, &bogus), CL_INVALID_MEM_OBJECT);
  // A handle of another type.
  cl_mem notMem = reinterpret_cast<cl_mem>(k);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof notMem, &notMem), CL_INVALID_MEM_OBJECT);
  cl_mem queueAsMem = reinterpret_cast<cl_mem>(queue);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof queueAsMem, &queueAsMem), CL_INVALID_MEM_OBJECT);
  // A buffer of another context.
  OtherContext other(device());
  cl_int err;
  cl_mem foreign = clCreateBuffer(other.get(), CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof foreign, &foreign), CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(foreign);
}

TEST_F(KernelSetArgTest, InvalidKernel) {
  cl_int v = 1;
  EXPECT_EQ(clSetKernelArg(nullptr, 0, sizeof v, &v), CL_INVALID_KERNEL);
  alignas(64) static unsigned char fake[256] = {};
  EXPECT_EQ(clSetKernelArg(reinterpret_cast<cl_kernel>(fake), 0, sizeof v, &v), CL_INVALID_KERNEL);
  cl_program p = build("kernel void f(int v) {}");
  ASSERT_TRUE(p);
  EXPECT_EQ(clSetKernelArg(reinterpret_cast<cl_kernel>(p), 0, sizeof v, &v), CL_INVALID_KERNEL);
}

// clSetKernelExecInfo: the two SVM parameters the spec defines are taken
// when well formed; anything else is not a parameter.
TEST_F(KernelSetArgTest, ExecInfoParameters) {
  cl_kernel k = buildKernel(kAllKinds, "all");
  ASSERT_TRUE(k);
  cl_bool yes = CL_TRUE;
  EXPECT_EQ(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof yes, &yes),
            CL_SUCCESS);
  void *none[1] = {nullptr};
  EXPECT_EQ(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof none, none), CL_SUCCESS);
  EXPECT_EQ(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, 3, none), CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(k, 0x9999, sizeof yes, &yes), CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(nullptr, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof none, none),
            CL_INVALID_KERNEL);
}

TEST_F(KernelSetArgTest, NullBufferIsAllowed) {
  // A global pointer may be NULL, given as a NULL arg_value or as a
  // pointer to a NULL cl_mem; the kernel sees a null pointer.
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *maybe, global int *out, int use) {
      if (use)
        maybe[get_global_id(0)] = 7;
      out[get_global_id(0)] = (maybe == 0) ? 1 : 2;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 16;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof(cl_mem), nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof out, &out), CL_SUCCESS);
  cl_int use = 0;
  ASSERT_EQ(clSetKernelArg(k, 2, sizeof use, &use), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  for (cl_int v : read<cl_int>(out, n))
    EXPECT_EQ(v, 1);

  cl_mem null = nullptr;
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof null, &null), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  for (cl_int v : read<cl_int>(out, n))
    EXPECT_EQ(v, 1);

  // And a real buffer afterwards replaces the NULL.
  cl_mem real = outputBuffer<cl_int>(n);
  use = 1;
  ASSERT_EQ(setArgs(k, real, out, use), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  for (cl_int v : read<cl_int>(out, n))
    EXPECT_EQ(v, 2);
  for (cl_int v : read<cl_int>(real, n))
    EXPECT_EQ(v, 7);
}

TEST_F(KernelSetArgTest, NullConstantBufferIsAllowed) {
  cl_kernel k = buildKernel(R"(
    kernel void f(constant int *c, global int *out) { out[0] = c ? c[0] : -5; })",
                            "f");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_int>(1);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof(cl_mem), nullptr), CL_SUCCESS);
  ASSERT_EQ(setArgs(k, cl_mem(nullptr), out), CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(out, 1)[0], -5);
}

TEST_F(KernelSetArgTest, BufferReleasedAfterSetArgStaysUsable) {
  // Retain and release around clSetKernelArg leave the buffer alive (the
  // application still holds a count), and the kernel keeps using it.
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out) { out[get_global_id(0)] = (int)get_global_id(0) * 3; })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 1000;
  cl_int err;
  cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE, n * 4, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof buf, &buf), CL_SUCCESS);
  ASSERT_EQ(clRetainMemObject(buf), CL_SUCCESS);
  ASSERT_EQ(clReleaseMemObject(buf), CL_SUCCESS); // the test still holds one count
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_int> got(n);
  ASSERT_EQ(clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, n * 4, got.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(got[i], int(i) * 3);
  clReleaseMemObject(buf);
}

TEST_F(KernelSetArgTest, FailedSetLeavesPreviousValue) {
  // A rejected clSetKernelArg does not change the argument.
  cl_kernel k = buildKernel(R"(
    kernel void f(int v, global int *out) { out[0] = v; })",
                            "f");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_int>(1);
  ASSERT_EQ(setArgs(k, cl_int(17), out), CL_SUCCESS);
  cl_long wrong = 99;
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof wrong, &wrong), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof(cl_int), nullptr), CL_INVALID_ARG_VALUE);
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(out, 1)[0], 17);
}

} // namespace
} // namespace corecl::test

namespace corecl::test {
namespace {

class KernelArgLifetime : public KernelTest {};

void CL_CALLBACK markDestroyed(cl_mem, void *flag) { *static_cast<bool *>(flag) = true; }

// A kernel argument does not keep a buffer alive: once the application's
// last reference goes (and no command uses it), the buffer is freed and its
// destructor callback runs, as the CTS's retain_mem_object_set_kernel_arg
// expects.
TEST_F(KernelArgLifetime, ReleasedBufferIsFreedWhileStillAnArgument) {
  cl_kernel k = buildKernel("kernel void f(global int *p) { p[0] = 1; }", "f");
  ASSERT_TRUE(k);
  cl_int err;
  cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  bool destroyed = false;
  ASSERT_EQ(clSetMemObjectDestructorCallback(buf, markDestroyed, &destroyed), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof buf, &buf), CL_SUCCESS);
  ASSERT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
  EXPECT_TRUE(destroyed);
}

} // namespace
} // namespace corecl::test
