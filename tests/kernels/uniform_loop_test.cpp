// End-to-end: kernels whose loops every work-item runs alike, which CoreCL
// splits so that the work-item loop runs inside them
// (compiler/passes/uniform_loops.cpp), and values the same for the whole
// group kept once per group across barriers (barrier_regions.cpp). Each is
// checked against a host computation, over sizes that leave partial
// vectors and partial work-groups.
#include "kernels/kernel_fixture.h"

#include <cmath>
#include <vector>

namespace corecl::test {
namespace {

using UniformLoopTest = KernelTest;

TEST_F(UniformLoopTest, DotProductLoopOverARuntimeCount) {
  cl_kernel k = buildKernel(R"(
    kernel void matmul(int n, int m, global const float *a, global const float *b,
                       global float *c) {
      int col = get_global_id(0), row = get_global_id(1);
      float acc = 0.0f;
      for (int k = 0; k < n; ++k)
        acc += a[row * n + k] * b[k * m + col];
      c[row * m + col] = acc;
    })",
                            "matmul");
  ASSERT_TRUE(k);
  const int n = 37, rows = 23, cols = 29;
  std::vector<float> a(rows * n), b(n * cols);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i * 7 % 13) - 6);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i * 5 % 11) - 5);
  cl_mem ba = bufferOf(a), bb = bufferOf(b), bc = outputBuffer<float>(rows * cols);
  ASSERT_EQ(setArgs(k, n, cols, ba, bb, bc), CL_SUCCESS);
  const size_t global[2] = {cols, rows}, local[2] = {29, 1};
  for (const size_t *l : {static_cast<const size_t *>(nullptr), local}) {
    ASSERT_EQ(run(k, 2, global, l), CL_SUCCESS);
    std::vector<float> c = read<float>(bc, rows * cols);
    for (int r = 0; r < rows; ++r)
      for (int col = 0; col < cols; ++col) {
        float e = 0;
        for (int i = 0; i < n; ++i)
          e += a[r * n + i] * b[i * cols + col];
        ASSERT_EQ(c[r * cols + col], e) << r << "," << col; // small integers: exact
      }
  }
}

TEST_F(UniformLoopTest, VectorAccumulatorAcrossIterations) {
  // N-body's shape: float4 loads of a uniform element, a float3
  // accumulator carried by the loop, rsqrt.
  cl_kernel k = buildKernel(R"(
    kernel void forces(global const float4 *pos, global float4 *acc, int n) {
      size_t i = get_global_id(0);
      float4 p = pos[i];
      float3 a = (float3)(0.0f);
      for (int j = 0; j < n; ++j) {
        float4 q = pos[j];
        float3 r = q.xyz - p.xyz;
        float inv = rsqrt(dot(r, r) + 0.5f);
        a += r * (q.w * inv * inv * inv);
      }
      acc[i] = (float4)(a, (float)n);
    })",
                            "forces");
  ASSERT_TRUE(k);
  const int n = 75;
  std::vector<cl_float4> pos(n);
  for (int i = 0; i < n; ++i)
    pos[i] = {{float(i % 7), float(i % 5) - 2, float(i % 3) * 0.5f, 1.0f + float(i % 4)}};
  cl_mem bp = bufferOf(pos), ba = outputBuffer<cl_float4>(n);
  ASSERT_EQ(setArgs(k, bp, ba, n), CL_SUCCESS);
  const size_t global = n, local = 25;
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_float4> got = read<cl_float4>(ba, n);
  for (int i = 0; i < n; ++i) {
    double e[3] = {0, 0, 0};
    for (int j = 0; j < n; ++j) {
      double r[3];
      for (int c = 0; c < 3; ++c)
        r[c] = double(pos[j].s[c]) - pos[i].s[c];
      double inv = 1 / std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + 0.5);
      for (int c = 0; c < 3; ++c)
        e[c] += r[c] * (pos[j].s[3] * inv * inv * inv);
    }
    for (int c = 0; c < 3; ++c)
      ASSERT_NEAR(got[i].s[c], e[c], 1e-3 * (1 + std::fabs(e[c]))) << i << "." << c;
    ASSERT_EQ(got[i].s[3], float(n));
  }
}

TEST_F(UniformLoopTest, NestedLoopsUniformAndDivergent) {
  // The outer loops are uniform; the innermost runs a different number of
  // times per work-item, so it stays inside the work-item loop. A value
  // computed in the loop is used after it, and a private array is indexed
  // by the loop counter. (The innermost loop reads memory: a loop that only
  // stepped `v` would be folded to its closed form before work-group
  // formation, passes/fold_step_only_loops.cpp, and nothing would diverge.)
  cl_kernel k = buildKernel(R"(
    kernel void nest(global const int *in, global int *out, int rows, int cols) {
      int g = get_global_id(0);
      int hist[4] = {0, 0, 0, 0};
      int last = -1;
      for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
          int v = in[r * cols + c] + g;
          for (int s = 0; s < g % 5; ++s)
            v += s ^ in[s];
          hist[v & 3] += 1;
          last = v;
        }
      }
      out[g * 5] = hist[0];
      out[g * 5 + 1] = hist[1];
      out[g * 5 + 2] = hist[2];
      out[g * 5 + 3] = hist[3];
      out[g * 5 + 4] = last;
    })",
                            "nest");
  ASSERT_TRUE(k);
  const int rows = 6, cols = 41, items = 53;
  std::vector<cl_int> in(rows * cols);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = cl_int(i * 31 % 97);
  cl_mem bi = bufferOf(in), bo = outputBuffer<cl_int>(items * 5);
  ASSERT_EQ(setArgs(k, bi, bo, rows, cols), CL_SUCCESS);
  const size_t global = items, local = 53;
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(bo, items * 5);
  for (int g = 0; g < items; ++g) {
    int hist[4] = {0, 0, 0, 0}, last = -1;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        int v = in[r * cols + c] + g;
        for (int s = 0; s < g % 5; ++s)
          v += s ^ in[s];
        hist[v & 3] += 1;
        last = v;
      }
    for (int b = 0; b < 4; ++b)
      ASSERT_EQ(got[g * 5 + b], hist[b]) << g << " bin " << b;
    ASSERT_EQ(got[g * 5 + 4], last) << g;
  }
}

TEST_F(UniformLoopTest, UniformExitInTheMiddleAndEarlyReturn) {
  // A loop left by a uniform break in its body, and a kernel whose
  // out-of-range work-items return first (that loop is not uniform: some
  // work-items never reach it).
  cl_kernel k = buildKernel(R"(
    kernel void walk(global const int *in, global int *out, int n, int stop, int limit) {
      int g = get_global_id(0);
      if (g >= limit)
        return;
      int sum = 0, i = 0;
      while (1) {
        sum += in[i] * (g + 1);
        if (in[i] == stop)
          break;
        if (++i == n)
          break;
      }
      int steps = i;
      for (int j = 0; j < n; ++j)
        sum ^= in[j] + steps;
      out[g] = sum;
    })",
                            "walk");
  ASSERT_TRUE(k);
  const int n = 40, items = 70, limit = 61;
  std::vector<cl_int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 17) % 23;
  for (cl_int stop : {in[25], cl_int(1000)}) {
    SCOPED_TRACE(testing::Message() << "stop " << stop);
    std::vector<cl_int> init(items, -7);
    cl_mem bi = bufferOf(in), bo = bufferOf(init);
    ASSERT_EQ(setArgs(k, bi, bo, n, stop, limit), CL_SUCCESS);
    const size_t global = items, local = 35;
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(bo, items);
    for (int g = 0; g < items; ++g) {
      int e = -7;
      if (g < limit) {
        int sum = 0, i = 0;
        while (true) {
          sum += in[i] * (g + 1);
          if (in[i] == stop || ++i == n)
            break;
        }
        for (int j = 0; j < n; ++j)
          sum ^= in[j] + i;
        e = sum;
      }
      ASSERT_EQ(got[g], e) << g;
    }
  }
}

TEST_F(UniformLoopTest, GroupValuesAcrossBarriersInALoop) {
  // Scan's shape: a loop with barriers whose counter is the same for the
  // whole group (kept once per group), a uniform value defined before the
  // loop and used in it, and per-work-item values next to them.
  cl_kernel k = buildKernel(R"(
    kernel void scan(global const uint *in, global uint *out, local uint *s, uint scale) {
      size_t lid = get_local_id(0), n = get_local_size(0);
      uint factor = scale * (uint)get_group_id(0) + 1;
      s[lid] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (size_t offset = 1; offset < n; offset <<= 1) {
        uint add = lid >= offset ? s[lid - offset] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        s[lid] += add;
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      out[get_global_id(0)] = s[lid] * factor;
    })",
                            "scan");
  ASSERT_TRUE(k);
  for (size_t local : {size_t(64), size_t(48), size_t(7)}) {
    SCOPED_TRACE(testing::Message() << "local " << local);
    const size_t groups = 5, n = local * groups;
    std::vector<cl_uint> in(n);
    for (size_t i = 0; i < n; ++i)
      in[i] = cl_uint(i * 13 % 29);
    cl_mem bi = bufferOf(in), bo = outputBuffer<cl_uint>(n);
    cl_uint scale = 3;
    ASSERT_EQ(setArgs(k, bi, bo, LocalBytes{local * 4}, scale), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_uint> got = read<cl_uint>(bo, n);
    for (size_t g = 0; g < groups; ++g) {
      cl_uint running = 0;
      for (size_t l = 0; l < local; ++l) {
        running += in[g * local + l];
        ASSERT_EQ(got[g * local + l], running * cl_uint(scale * g + 1)) << g << "/" << l;
      }
    }
  }
}

TEST_F(UniformLoopTest, UniformValueReachedWithAndWithoutBarrier) {
  // `base` crosses the barrier on one path and not on the other: it must
  // be read back as this pass's value on both.
  cl_kernel k = buildKernel(R"(
    kernel void paths(global int *out, local int *tmp, int withBarrier, int n) {
      size_t lid = get_local_id(0);
      int total = 0;
      for (int r = 0; r < n; ++r) {
        int base = r * 100 + n;
        tmp[lid] = base + (int)lid;
        if (withBarrier)
          barrier(CLK_LOCAL_MEM_FENCE);
        total += base + tmp[lid];
      }
      out[get_global_id(0)] = total;
    })",
                            "paths");
  ASSERT_TRUE(k);
  const size_t n = 40, local = 20;
  for (cl_int withBarrier : {0, 1}) {
    cl_mem bo = outputBuffer<cl_int>(n);
    cl_int rounds = 9;
    ASSERT_EQ(setArgs(k, bo, LocalBytes{local * 4}, withBarrier, rounds), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(bo, n);
    for (size_t i = 0; i < n; ++i) {
      int total = 0;
      for (int r = 0; r < rounds; ++r) {
        int base = r * 100 + rounds;
        total += base + base + int(i % local);
      }
      ASSERT_EQ(got[i], total) << "barrier " << withBarrier << " item " << i;
    }
  }
}

} // namespace
} // namespace corecl::test
