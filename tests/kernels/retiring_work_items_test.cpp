// End-to-end: kernels whose work-items may return early (the usual bounds
// guard, `if (i >= n) return;`) before a loop every remaining work-item
// runs alike. Work-group formation splits such a loop at a barrier and
// lets the returned work-items skip the regions after it
// (attr::kRetiring). Checked against host references, with partial last
// groups, groups where every work-item returns, groups of one work-item,
// 2-D guards and stores on the way out.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using RetiringWorkItemsTest = KernelTest;

constexpr cl_int kUntouched = -12345;

std::vector<cl_int> inputs(size_t n) {
  std::vector<cl_int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = cl_int((i * 37 + 11) % 101) - 50;
  return in;
}

cl_int dotFor(size_t i, const std::vector<cl_int> &in, cl_int n) {
  cl_int sum = 0;
  for (cl_int j = 0; j < n; ++j)
    sum += in[size_t(j)] * cl_int((i + size_t(j)) % 7);
  return sum;
}

const char *kGuardedDot = R"(
  kernel void dot(global const int *in, global int *out, int n) {
    int i = get_global_id(0);
    if (i >= n)
      return;
    int sum = 0;
    for (int j = 0; j < n; ++j)
      sum += in[j] * ((i + j) % 7);
    out[i] = sum;
  })";

TEST_F(RetiringWorkItemsTest, BoundsGuardBeforeAUniformLoop) {
  cl_kernel k = buildKernel(kGuardedDot, "dot");
  ASSERT_TRUE(k);
  // n = 1000: the last group of 64 has 40 work-items past the end; with a
  // global size of 1152 the last two groups return entirely.
  for (size_t local : {size_t(64), size_t(1), size_t(200)}) {
    SCOPED_TRACE(testing::Message() << "local " << local);
    const cl_int n = 1000;
    size_t global = (1100 + local - 1) / local * local;
    std::vector<cl_int> in = inputs(global);
    cl_mem bin = bufferOf(in);
    std::vector<cl_int> initial(global, kUntouched);
    cl_mem out = bufferOf(initial);
    ASSERT_EQ(setArgs(k, bin, out, n), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(out, global);
    for (size_t i = 0; i < global; ++i)
      ASSERT_EQ(got[i], i < size_t(n) ? dotFor(i, in, n) : kUntouched) << i;
  }
}

TEST_F(RetiringWorkItemsTest, StoresOnTheWayOutAndAcrossIterations) {
  // The returning work-items write first; the others update a running
  // value in memory in every iteration of the loop.
  cl_kernel k = buildKernel(R"(
    kernel void f(global const int *in, global int *out, global int *trace, int n, int m) {
      int i = get_global_id(0);
      if (i >= n) {
        out[i] = -i;
        return;
      }
      int acc = in[i];
      for (int j = 0; j < m; ++j) {
        acc = acc * 3 + in[j] - j;
        trace[i] = acc;
      }
      out[i] = acc ^ trace[i];
    })",
                            "f");
  ASSERT_TRUE(k);
  const cl_int n = 77, m = 23;
  const size_t global = 128, local = 32;
  std::vector<cl_int> in = inputs(global);
  cl_mem bin = bufferOf(in);
  cl_mem out = outputBuffer<cl_int>(global);
  std::vector<cl_int> initial(global, kUntouched);
  cl_mem trace = bufferOf(initial);
  ASSERT_EQ(setArgs(k, bin, out, trace, n, m), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, global), traced = read<cl_int>(trace, global);
  for (size_t i = 0; i < global; ++i) {
    if (i >= size_t(n)) {
      ASSERT_EQ(got[i], -cl_int(i)) << i;
      ASSERT_EQ(traced[i], kUntouched) << i;
      continue;
    }
    cl_uint acc = cl_uint(in[i]); // wraps like the kernel's int
    for (cl_int j = 0; j < m; ++j)
      acc = acc * 3u + cl_uint(in[size_t(j)]) - cl_uint(j);
    ASSERT_EQ(traced[i], cl_int(acc)) << i;
    ASSERT_EQ(got[i], 0) << i; // acc ^ acc
  }
}

TEST_F(RetiringWorkItemsTest, TwoDimensionalGuard) {
  cl_kernel k = buildKernel(R"(
    kernel void blur(global const int *in, global int *out, int w, int h) {
      int x = get_global_id(0), y = get_global_id(1);
      if (x >= w || y >= h)
        return;
      int sum = 0;
      for (int k = 0; k < w; ++k)
        sum += in[y * w + k] * (k == x ? 2 : 1);
      out[y * w + x] = sum;
    })",
                            "blur");
  ASSERT_TRUE(k);
  const cl_int w = 21, h = 13;
  const size_t global[2] = {24, 16}, local[2] = {8, 8};
  std::vector<cl_int> in = inputs(size_t(w * h));
  cl_mem bin = bufferOf(in);
  std::vector<cl_int> initial(size_t(w * h), kUntouched);
  cl_mem out = bufferOf(initial);
  ASSERT_EQ(setArgs(k, bin, out, w, h), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, size_t(w * h));
  for (cl_int y = 0; y < h; ++y)
    for (cl_int x = 0; x < w; ++x) {
      cl_int sum = 0;
      for (cl_int k = 0; k < w; ++k)
        sum += in[size_t(y * w + k)] * (k == x ? 2 : 1);
      ASSERT_EQ(got[size_t(y * w + x)], sum) << x << "," << y;
    }
}

TEST_F(RetiringWorkItemsTest, GuardOnDataNotOnTheIndex) {
  // Which work-items return depends on the input, anywhere in the group.
  cl_kernel k = buildKernel(R"(
    kernel void f(global const int *in, global int *out, int n) {
      int i = get_global_id(0);
      if (in[i] < 0)
        return;
      int sum = 0;
      for (int j = 0; j < n; ++j)
        sum += in[j] & 15;
      out[i] = sum + i;
    })",
                            "f");
  ASSERT_TRUE(k);
  const cl_int n = 300;
  const size_t global = 512, local = 64;
  std::vector<cl_int> in = inputs(global);
  cl_mem bin = bufferOf(in);
  std::vector<cl_int> initial(global, kUntouched);
  cl_mem out = bufferOf(initial);
  ASSERT_EQ(setArgs(k, bin, out, n), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, global);
  cl_int sum = 0;
  for (cl_int j = 0; j < n; ++j)
    sum += in[size_t(j)] & 15;
  for (size_t i = 0; i < global; ++i)
    ASSERT_EQ(got[i], in[i] < 0 ? kUntouched : sum + cl_int(i)) << i;
}

TEST_F(RetiringWorkItemsTest, PrivateArrayIndexedByDataAcrossIterations) {
  // The array lives in per-work-item storage across the loop's regions and
  // is indexed by data (the same index for every work-item); whole vectors
  // of work-items return (16 in a row), others only some lanes.
  cl_kernel k = buildKernel(R"(
    kernel void h(global const int *in, global int *out, int n) {
      int i = get_global_id(0);
      if (in[i] < 0)
        return;
      int bins[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      for (int j = 0; j < n; ++j)
        bins[in[j] & 7] += j ^ i;
      out[i] = bins[0] + 3 * bins[3] + 7 * bins[7] + bins[i & 7];
    })",
                            "h");
  ASSERT_TRUE(k);
  const cl_int n = 200;
  const size_t global = 256, local = 64;
  std::vector<cl_int> in = inputs(global);
  for (size_t i = 64; i < 80; ++i)
    in[i] = -1 - cl_int(i);
  cl_mem bin = bufferOf(in);
  std::vector<cl_int> initial(global, kUntouched);
  cl_mem out = bufferOf(initial);
  ASSERT_EQ(setArgs(k, bin, out, n), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, global);
  for (size_t i = 0; i < global; ++i) {
    if (in[i] < 0) {
      ASSERT_EQ(got[i], kUntouched) << i;
      continue;
    }
    cl_int bins[8] = {};
    for (cl_int j = 0; j < n; ++j)
      bins[in[size_t(j)] & 7] += j ^ cl_int(i);
    ASSERT_EQ(got[i], bins[0] + 3 * bins[3] + 7 * bins[7] + bins[i & 7]) << i;
  }
}

} // namespace
} // namespace corecl::test
