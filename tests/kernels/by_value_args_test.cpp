// End-to-end: arguments passed by value: structs (with mixed alignment,
// nested structs and arrays), vectors (float4, int3, ...), and scalars of
// every size, each read back by the kernel and compared on the host.
#include "kernels/kernel_fixture.h"

#include <cstddef>
#include <vector>

namespace corecl::test {
namespace {

using KernelByValueTest = KernelTest;

// Host mirror of the OpenCL C struct below (same natural alignment rules).
struct Params {
  cl_int a;
  cl_float b;
  cl_char c;
  cl_long d;
  cl_float4 v;
  cl_short s;
};
static_assert(offsetof(Params, d) == 16 && offsetof(Params, v) == 32 && offsetof(Params, s) == 48 &&
              sizeof(Params) == 64);

TEST_F(KernelByValueTest, StructByValue) {
  cl_kernel k = buildKernel(R"(
    typedef struct { int a; float b; char c; long d; float4 v; short s; } Params;
    kernel void unpack(Params p, global float *f, global long *l) {
      size_t i = get_global_id(0);
      f[i * 6 + 0] = p.b * (float)(i + 1);
      f[i * 6 + 1] = p.v.x;
      f[i * 6 + 2] = p.v.y;
      f[i * 6 + 3] = p.v.z;
      f[i * 6 + 4] = p.v.w;
      f[i * 6 + 5] = (float)sizeof(Params);
      l[i * 4 + 0] = p.a;
      l[i * 4 + 1] = p.c;
      l[i * 4 + 2] = p.d + (long)i;
      l[i * 4 + 3] = p.s;
    })",
                            "unpack");
  ASSERT_TRUE(k);
  Params p{};
  p.a = -123456;
  p.b = 1.5f;
  p.c = -7;
  p.d = 0x123456789abcll;
  p.v = {{10.0f, -20.0f, 30.5f, -40.25f}};
  p.s = -31000;
  const size_t n = 37;
  cl_mem f = outputBuffer<cl_float>(n * 6), l = outputBuffer<cl_long>(n * 4);
  ASSERT_EQ(setArgs(k, p, f, l), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_float> gf = read<cl_float>(f, n * 6);
  std::vector<cl_long> gl = read<cl_long>(l, n * 4);
  for (size_t i = 0; i < n; ++i) {
    SCOPED_TRACE(testing::Message() << "work-item " << i);
    EXPECT_EQ(gf[i * 6 + 0], 1.5f * float(i + 1));
    EXPECT_EQ(gf[i * 6 + 1], 10.0f);
    EXPECT_EQ(gf[i * 6 + 2], -20.0f);
    EXPECT_EQ(gf[i * 6 + 3], 30.5f);
    EXPECT_EQ(gf[i * 6 + 4], -40.25f);
    EXPECT_EQ(gf[i * 6 + 5], 64.0f);
    EXPECT_EQ(gl[i * 4 + 0], -123456);
    EXPECT_EQ(gl[i * 4 + 1], -7);
    EXPECT_EQ(gl[i * 4 + 2], 0x123456789abcll + cl_long(i));
    EXPECT_EQ(gl[i * 4 + 3], -31000);
  }
}

struct Inner {
  cl_short tag;
  cl_int values[3];
};
struct Outer {
  cl_char first;
  Inner inner;
  cl_double scale;
  cl_uchar bytes[5];
};
static_assert(offsetof(Outer, inner) == 4 && offsetof(Outer, scale) == 24 &&
              offsetof(Outer, bytes) == 32 && sizeof(Outer) == 40);

TEST_F(KernelByValueTest, NestedStructWithArraysAndOtherArgs) {
  cl_kernel k = buildKernel(R"(
    typedef struct { short tag; int values[3]; } Inner;
    typedef struct { char first; Inner inner; double scale; uchar bytes[5]; } Outer;
    kernel void nested(char before, Outer o, int after, global double *out) {
      out[0] = before;
      out[1] = o.first;
      out[2] = o.inner.tag;
      for (int i = 0; i < 3; ++i)
        out[3 + i] = o.inner.values[i] * o.scale;
      for (int i = 0; i < 5; ++i)
        out[6 + i] = o.bytes[i];
      out[11] = after;
      out[12] = sizeof(Outer);
    })",
                            "nested");
  ASSERT_TRUE(k);
  Outer o{};
  o.first = 99;
  o.inner.tag = -2;
  o.inner.values[0] = 7;
  o.inner.values[1] = -8;
  o.inner.values[2] = 1 << 20;
  o.scale = 0.25;
  for (int i = 0; i < 5; ++i)
    o.bytes[i] = cl_uchar(250 + i);
  cl_mem out = outputBuffer<cl_double>(13);
  ASSERT_EQ(setArgs(k, cl_char(-100), o, cl_int(424242), out), CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<cl_double> g = read<cl_double>(out, 13);
  const double expected[13] = {-100, 99, -2, 1.75, -2, 262144, 250, 251, 252, 253, 254, 424242, 40};
  for (int i = 0; i < 13; ++i)
    EXPECT_EQ(g[i], expected[i]) << i;
}

TEST_F(KernelByValueTest, VectorsByValue) {
  cl_kernel k = buildKernel(R"(
    kernel void vecs(float4 f4, int3 i3, global float *f, global int *n,
                     uchar2 u2, float2 f2, long2 l2, global long *l) {
      size_t i = get_global_id(0);
      float4 s = f4 * (float)(i + 1);
      f[i * 6 + 0] = s.x;
      f[i * 6 + 1] = s.y;
      f[i * 6 + 2] = s.z;
      f[i * 6 + 3] = s.w;
      f[i * 6 + 4] = f2.x;
      f[i * 6 + 5] = f2.y;
      int3 t = i3 + (int3)((int)i);
      n[i * 5 + 0] = t.x;
      n[i * 5 + 1] = t.y;
      n[i * 5 + 2] = t.z;
      n[i * 5 + 3] = u2.x;
      n[i * 5 + 4] = u2.y;
      l[i * 2 + 0] = l2.x;
      l[i * 2 + 1] = l2.y;
    })",
                            "vecs");
  ASSERT_TRUE(k);
  const cl_float4 f4 = {{1.0f, -2.0f, 0.5f, 1024.0f}};
  const cl_int3 i3 = {{-5, 100, 1 << 30}};
  const cl_uchar2 u2 = {{200, 3}};
  const cl_float2 f2 = {{-0.125f, 3e38f}};
  const cl_long2 l2 = {{-(1ll << 40), 77}};
  static_assert(sizeof(cl_int3) == 16);
  const size_t n = 19;
  cl_mem bf = outputBuffer<cl_float>(n * 6), bn = outputBuffer<cl_int>(n * 5),
         bl = outputBuffer<cl_long>(n * 2);
  ASSERT_EQ(setArgs(k, f4, i3, bf, bn, u2, f2, l2, bl), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  std::vector<cl_float> gf = read<cl_float>(bf, n * 6);
  std::vector<cl_int> gn = read<cl_int>(bn, n * 5);
  std::vector<cl_long> gl = read<cl_long>(bl, n * 2);
  for (size_t i = 0; i < n; ++i) {
    SCOPED_TRACE(testing::Message() << "work-item " << i);
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(gf[i * 6 + c], f4.s[c] * float(i + 1)) << "f4." << c;
    EXPECT_EQ(gf[i * 6 + 4], -0.125f);
    EXPECT_EQ(gf[i * 6 + 5], 3e38f);
    for (int c = 0; c < 3; ++c)
      EXPECT_EQ(gn[i * 5 + c], i3.s[c] + int(i)) << "i3." << c;
    EXPECT_EQ(gn[i * 5 + 3], 200);
    EXPECT_EQ(gn[i * 5 + 4], 3);
    EXPECT_EQ(gl[i * 2 + 0], -(1ll << 40));
    EXPECT_EQ(gl[i * 2 + 1], 77);
  }
}

TEST_F(KernelByValueTest, ScalarsOfEverySize) {
  cl_kernel k = buildKernel(R"(
    kernel void scalars(char c, uchar uc, short s, ushort us, int i, uint ui, long l,
                        ulong ul, float f, double d, global double *out, global ulong *bits) {
      out[0] = c; out[1] = uc; out[2] = s; out[3] = us; out[4] = i; out[5] = ui;
      out[6] = f; out[7] = d;
      bits[0] = (ulong)l;
      bits[1] = ul;
    })",
                            "scalars");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_double>(8), bits = outputBuffer<cl_ulong>(2);
  ASSERT_EQ(setArgs(k, cl_char(-128), cl_uchar(255), cl_short(-32768), cl_ushort(65535),
                    cl_int(-2147483647 - 1), cl_uint(4294967295u), cl_long(-9000000000000000000ll),
                    cl_ulong(18000000000000000000ull), cl_float(-1.25e-30f), cl_double(1e300), out,
                    bits),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<cl_double> g = read<cl_double>(out, 8);
  std::vector<cl_ulong> b = read<cl_ulong>(bits, 2);
  EXPECT_EQ(g[0], -128.0);
  EXPECT_EQ(g[1], 255.0);
  EXPECT_EQ(g[2], -32768.0);
  EXPECT_EQ(g[3], 65535.0);
  EXPECT_EQ(g[4], -2147483648.0);
  EXPECT_EQ(g[5], 4294967295.0);
  EXPECT_EQ(g[6], double(-1.25e-30f));
  EXPECT_EQ(g[7], 1e300);
  EXPECT_EQ(b[0], cl_ulong(-9000000000000000000ll));
  EXPECT_EQ(b[1], 18000000000000000000ull);
}

TEST_F(KernelByValueTest, ArgumentChangesBetweenLaunchesAreSeen) {
  // Each enqueue captures the argument values of that moment.
  cl_kernel k = buildKernel(R"(
    kernel void put(int v, global int *out) { out[get_global_id(0)] = v; })",
                            "put");
  ASSERT_TRUE(k);
  const size_t n = 64;
  std::vector<cl_mem> outs;
  for (int v = 0; v < 5; ++v) {
    outs.push_back(outputBuffer<cl_int>(n));
    ASSERT_EQ(setArgs(k, cl_int(v * 11), outs.back()), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
  }
  for (int v = 0; v < 5; ++v) {
    std::vector<cl_int> g = read<cl_int>(outs[v], n);
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(g[i], v * 11) << "launch " << v << " item " << i;
  }
}

} // namespace
} // namespace corecl::test
