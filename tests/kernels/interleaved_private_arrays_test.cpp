// End-to-end: private arrays a packet lays out lane-interleaved
// (compiler/passes/lane_interleaved_objects.h), checked against host
// references: arrays filled and read in step by loops whose trip count is
// an argument (one vector access each), read at data-dependent places
// (gathers), written on divergent paths (lanes that part run their own
// copies of the code, whose offsets are scaled too), records of two
// fields, narrow and wide elements, arrays used before a barrier, and
// arrays whose addresses are merged or compared, which keep one copy per
// lane side by side. Partial rows and several local sizes.
#include "kernels/kernel_fixture.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace corecl::test {
namespace {

using InterleavedPrivateArraysTest = KernelTest;

std::vector<cl_int> inputs(size_t n) {
  std::vector<cl_int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = cl_int((i * 2654435761u) >> 7 & 0xFFFF) - 3000;
  return in;
}

/// Runs `k(in, out, n)` over `global` work-items in groups of `local` and
/// compares out with `reference(g, in)` (`untouched` where nothing wrote).
template <class T>
void expectKernel(KernelTest &test, cl_kernel k, cl_int n, size_t global, size_t local,
                  const std::function<T(size_t, const std::vector<cl_int> &)> &reference,
                  T untouched) {
  std::vector<cl_int> in = inputs(global);
  cl_mem inBuffer = test.bufferOf(in);
  cl_mem outBuffer = test.bufferOf(std::vector<T>(global, untouched));
  ASSERT_EQ(test.setArgs(k, inBuffer, outBuffer, n), CL_SUCCESS);
  ASSERT_EQ(test.run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<T> got = test.read<T>(outBuffer, global);
  for (size_t g = 0; g < global; ++g)
    ASSERT_EQ(got[g], reference(g, in)) << "work-item " << g;
}

TEST_F(InterleavedPrivateArraysTest, FilledAndReadInStep) {
  cl_kernel k = buildKernel(R"(
    kernel void k(global const int *in, global int *out, int n) {
      int g = get_global_id(0);
      int a[16];
      for (int i = 0; i < n; ++i)
        a[i] = in[g] * i + g;
      int s = 0;
      for (int i = 0; i < n; ++i)
        s += a[i] * a[(i * 7 + in[g]) & (n - 1)];
      out[g] = s;
    })",
                            "k");
  ASSERT_TRUE(k);
  for (cl_int n : {16, 8, 1})
    for (size_t local : {size_t(64), size_t(7), size_t(1)}) {
      SCOPED_TRACE(testing::Message() << "n " << n << ", local " << local);
      expectKernel<cl_int>(
          *this, k, n, local * 9, local,
          [&](size_t g, const std::vector<cl_int> &in) {
            int32_t a[16];
            for (int i = 0; i < n; ++i)
              a[i] = int32_t(uint32_t(in[g]) * uint32_t(i) + uint32_t(g));
            uint32_t s = 0;
            for (int i = 0; i < n; ++i)
              s += uint32_t(a[i]) * uint32_t(a[(i * 7 + in[g]) & (n - 1)]);
            return cl_int(s);
          },
          cl_int(0));
    }
}

TEST_F(InterleavedPrivateArraysTest, WrittenOnDivergentPathsAndAfterEarlyReturns) {
  cl_kernel k = buildKernel(R"(
    kernel void k(global const int *in, global int *out, int n) {
      int g = get_global_id(0);
      int v = in[g];
      int a[12];
      for (int i = 0; i < n; ++i) {
        if ((v >> (i & 7)) & 1)
          a[i] = v + i;
        else
          a[i] = g - i * 3;
      }
      if (v & 256)
        return;
      int s = 0;
      for (int i = 0; i < n; ++i) {
        if (a[i] & 1)
          s += a[i];
        else
          s -= a[(i + (v & 0xFF)) % n];
      }
      out[g] = s;
    })",
                            "k");
  ASSERT_TRUE(k);
  const cl_int kUntouched = -12345;
  for (cl_int n : {12, 5})
    for (size_t local : {size_t(32), size_t(3)}) {
      SCOPED_TRACE(testing::Message() << "n " << n << ", local " << local);
      expectKernel<cl_int>(
          *this, k, n, local * 19, local,
          [&](size_t g, const std::vector<cl_int> &in) {
            int32_t v = in[g], a[12];
            for (int i = 0; i < n; ++i)
              a[i] = (v >> (i & 7)) & 1 ? v + i : int32_t(g) - i * 3;
            if (v & 256)
              return kUntouched;
            int32_t s = 0;
            for (int i = 0; i < n; ++i)
              s = a[i] & 1 ? s + a[i] : s - a[(i + (v & 0xFF)) % n];
            return cl_int(s);
          },
          kUntouched);
    }
}

TEST_F(InterleavedPrivateArraysTest, ReadBackwardsFromOnePastTheEnd) {
  // `a + n` with n the array's length is a valid address for a work-item;
  // interleaved, it lies past the lanes' copies for every lane but the
  // first, and an inbounds GEP there would be poison.
  cl_kernel k = buildKernel(R"(
    kernel void k(global const int *in, global int *out, int n) {
      int g = get_global_id(0);
      int a[16];
      for (int i = 0; i < n; ++i)
        a[i] = in[g] ^ (i * 37);
      int *end = a + n;
      int s = 0;
      for (int i = 1; i <= n; ++i)
        s += end[-i] * i;
      out[g] = s;
    })",
                            "k");
  ASSERT_TRUE(k);
  for (cl_int n : {16, 3})
    expectKernel<cl_int>(
        *this, k, n, 256, 64,
        [&](size_t g, const std::vector<cl_int> &in) {
          int32_t a[16], s = 0;
          for (int i = 0; i < n; ++i)
            a[i] = in[g] ^ (i * 37);
          for (int i = 1; i <= n; ++i)
            s += a[n - i] * i;
          return cl_int(s);
        },
        cl_int(0));
}

TEST_F(InterleavedPrivateArraysTest, RecordsOfTwoFields) {
  cl_kernel k = buildKernel(R"(
    typedef struct { int key; float weight; } pair;
    kernel void k(global const int *in, global float *out, int n) {
      int g = get_global_id(0);
      pair p[8];
      for (int i = 0; i < n; ++i) {
        p[i].key = in[g] + i;
        p[i].weight = (float)(g * i);
      }
      float s = 0.0f;
      for (int i = 0; i < n; ++i)
        s += p[p[i].key & 7].weight;
      out[g] = s;
    })",
                            "k");
  ASSERT_TRUE(k);
  expectKernel<cl_float>(
      *this, k, 8, 333, 37,
      [](size_t g, const std::vector<cl_int> &in) {
        float w[8], s = 0;
        int key[8];
        for (int i = 0; i < 8; ++i)
          key[i] = in[g] + i, w[i] = float(int(g) * i);
        for (int i = 0; i < 8; ++i)
          s += w[key[i] & 7];
        return s;
      },
      0.0f);
}

TEST_F(InterleavedPrivateArraysTest, NarrowAndWideElements) {
  cl_kernel k = buildKernel(R"(
    kernel void k(global const int *in, global long *out, int n) {
      int g = get_global_id(0);
      uchar c[16];
      long l[16];
      for (int i = 0; i < n; ++i) {
        c[i] = (uchar)(in[g] + i);
        l[i] = ((long)in[g] * (i + 1)) << 20;
      }
      long s = 0;
      for (int i = 0; i < n; ++i)
        s += l[c[i] & (n - 1)] + c[i];
      out[g] = s;
    })",
                            "k");
  ASSERT_TRUE(k);
  for (cl_int n : {16, 4})
    expectKernel<cl_long>(
        *this, k, n, 200, 40,
        [&](size_t g, const std::vector<cl_int> &in) {
          uint8_t c[16];
          int64_t l[16], s = 0;
          for (int i = 0; i < n; ++i)
            c[i] = uint8_t(in[g] + i), l[i] = int64_t(uint64_t(int64_t(in[g]) * (i + 1)) << 20);
          for (int i = 0; i < n; ++i)
            s += l[c[i] & (n - 1)] + c[i];
          return cl_long(s);
        },
        cl_long(0));
}

TEST_F(InterleavedPrivateArraysTest, UsedBeforeABarrier) {
  cl_kernel k = buildKernel(R"(
    kernel void k(global const int *in, global int *out, int n, local int *t) {
      int l = get_local_id(0), g = get_global_id(0);
      int a[16];
      for (int i = 0; i < n; ++i)
        a[i] = in[g] + i * l;
      int s = 0;
      for (int i = 0; i < n; ++i)
        s += a[(i + l) & (n - 1)] * (i + 1);
      t[l] = s;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[g] = t[(l + 1) % get_local_size(0)] - s;
    })",
                            "k");
  ASSERT_TRUE(k);
  const size_t local = 48, global = 48 * 5;
  const cl_int n = 16;
  std::vector<cl_int> in = inputs(global);
  cl_mem inBuffer = bufferOf(in);
  cl_mem outBuffer = outputBuffer<cl_int>(global);
  ASSERT_EQ(setArgs(k, inBuffer, outBuffer, n, LocalBytes{local * sizeof(cl_int)}), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(outBuffer, global);
  auto sum = [&](size_t g) {
    int l = int(g % local), a[16], s = 0;
    for (int i = 0; i < n; ++i)
      a[i] = in[g] + i * l;
    for (int i = 0; i < n; ++i)
      s += a[(i + l) & (n - 1)] * (i + 1);
    return s;
  };
  for (size_t g = 0; g < global; ++g) {
    size_t next = g - g % local + (g % local + 1) % local;
    ASSERT_EQ(got[g], sum(next) - sum(g)) << "work-item " << g;
  }
}

TEST_F(InterleavedPrivateArraysTest, MergedAndComparedAddressesKeepCopiesSideBySide) {
  cl_kernel k = buildKernel(R"(
    kernel void k(global const int *in, global int *out, int n) {
      int g = get_global_id(0);
      int a[8], b[8];
      for (int i = 0; i < n; ++i) {
        a[i] = in[g] + i;
        b[i] = g - i;
      }
      int *p = (in[g] & 1) ? a : b;
      int s = 0;
      for (int *q = p; q != p + n; ++q)
        s += *q * (int)(q - p + 1);
      out[g] = s;
    })",
                            "k");
  ASSERT_TRUE(k);
  expectKernel<cl_int>(
      *this, k, 8, 300, 50,
      [](size_t g, const std::vector<cl_int> &in) {
        int s = 0;
        for (int i = 0; i < 8; ++i)
          s += ((in[g] & 1) ? in[g] + i : int(g) - i) * (i + 1);
        return cl_int(s);
      },
      cl_int(0));
}

} // namespace
} // namespace corecl::test
