// End-to-end: __constant memory: program-scope __constant tables and
// __constant pointer arguments, checked against the same tables on the host.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using KernelConstantTest = KernelTest;

const int kPrimes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};

TEST_F(KernelConstantTest, ProgramScopeTable) {
  cl_kernel k = buildKernel(R"(
    __constant int table[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
    __constant float scale = 0.5f;
    kernel void lookup(global const uint *idx, global int *out, global float *scaled) {
      size_t i = get_global_id(0);
      uint j = idx[i] % (sizeof(table) / sizeof(table[0]));
      out[i] = table[j];
      scaled[i] = table[j] * scale;
    })",
                            "lookup");
  ASSERT_TRUE(k);
  const size_t n = 1001;
  std::vector<cl_uint> idx(n);
  for (size_t i = 0; i < n; ++i)
    idx[i] = cl_uint(i * 2654435761u);
  cl_mem out = outputBuffer<cl_int>(n), scaled = outputBuffer<cl_float>(n);
  ASSERT_EQ(setArgs(k, bufferOf(idx), out, scaled), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_int> g = read<cl_int>(out, n);
  std::vector<cl_float> s = read<cl_float>(scaled, n);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(g[i], kPrimes[idx[i] % 16]) << i;
    ASSERT_EQ(s[i], float(kPrimes[idx[i] % 16]) * 0.5f) << i;
  }
}

TEST_F(KernelConstantTest, ProgramScopeStructTableAndHelperFunction) {
  cl_kernel k = buildKernel(R"(
    typedef struct { int lo; int hi; } Span;
    __constant Span spans[4] = {{0, 10}, {10, 25}, {25, 26}, {26, 100}};
    int bucket(int v) {
      for (int b = 0; b < 4; ++b)
        if (v >= spans[b].lo && v < spans[b].hi)
          return b;
      return -1;
    }
    kernel void classify(global int *out) {
      int v = (int)get_global_id(0);
      out[v] = bucket(v);
    })",
                            "classify");
  ASSERT_TRUE(k);
  const size_t n = 120;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_int> g = read<cl_int>(out, n);
  for (int v = 0; v < int(n); ++v) {
    int e = v < 10 ? 0 : v < 25 ? 1 : v < 26 ? 2 : v < 100 ? 3 : -1;
    ASSERT_EQ(g[v], e) << v;
  }
}

TEST_F(KernelConstantTest, ConstantPointerArgument) {
  cl_kernel k = buildKernel(R"(
    kernel void poly(__constant float *coeffs, int degree, global const float *x,
                     global float *y) {
      size_t i = get_global_id(0);
      float acc = 0.0f;
      for (int d = degree; d >= 0; --d)
        acc = acc * x[i] + coeffs[d];
      y[i] = acc;
    })",
                            "poly");
  ASSERT_TRUE(k);
  // Small integer coefficients and inputs: Horner's rule is exact, with or
  // without fma contraction.
  std::vector<cl_float> coeffs = {3, -1, 0, 2, 1};
  const size_t n = 257;
  std::vector<cl_float> x(n);
  for (size_t i = 0; i < n; ++i)
    x[i] = float(int(i % 9) - 4);
  cl_mem y = outputBuffer<cl_float>(n);
  cl_mem bc = makeBuffer(coeffs.size() * 4, coeffs.data(), CL_MEM_READ_ONLY);
  ASSERT_EQ(setArgs(k, bc, cl_int(4), bufferOf(x), y), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_float> g = read<cl_float>(y, n);
  for (size_t i = 0; i < n; ++i) {
    float acc = 0;
    for (int d = 4; d >= 0; --d)
      acc = acc * x[i] + coeffs[d];
    ASSERT_EQ(g[i], acc) << i;
  }
}

TEST_F(KernelConstantTest, ConstantArgumentAndProgramTableTogether) {
  cl_kernel k = buildKernel(R"(
    __constant uchar perm[8] = {3, 0, 7, 1, 6, 2, 5, 4};
    kernel void gather(__constant int *src, global int *dst) {
      size_t i = get_global_id(0);
      dst[i] = src[(i & ~7) + perm[i & 7]];
    })",
                            "gather");
  ASSERT_TRUE(k);
  const unsigned char perm[8] = {3, 0, 7, 1, 6, 2, 5, 4};
  const size_t n = 4096; // 16 KiB of __constant data
  std::vector<cl_int> src(n);
  for (size_t i = 0; i < n; ++i)
    src[i] = cl_int(i * 31 + 7);
  cl_mem dst = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, bufferOf(src), dst), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_int> g = read<cl_int>(dst, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(g[i], src[(i & ~size_t(7)) + perm[i & 7]]) << i;
}

} // namespace
} // namespace corecl::test
