// End-to-end: barriers in control flow (uniform conditionals, nested
// loops, helper functions, group-uniform early returns) and private state
// kept across barriers (scalars, arrays, pointers), checked against host
// simulations of the same algorithms.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using KernelBarrierTest = KernelTest;

TEST_F(KernelBarrierTest, BarrierInUniformConditional) {
  // Each branch has its own barrier; `mode` is the same for the whole
  // range, so every work-item of a group takes the same branch.
  cl_kernel k = buildKernel(R"(
    kernel void cond(global const int *in, global int *out, int mode, local int *tmp) {
      size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
      if (mode == 1) {
        tmp[l] = in[g] * 2;
        barrier(CLK_LOCAL_MEM_FENCE);
        out[g] = tmp[(l + 1) % n];
      } else if (mode == 2) {
        tmp[n - 1 - l] = in[g] + 5;
        barrier(CLK_LOCAL_MEM_FENCE);
        out[g] = tmp[l] - tmp[0];
      } else {
        out[g] = -in[g];
      }
    })",
                            "cond");
  ASSERT_TRUE(k);
  const size_t n = 96 * 5, local = 96;
  std::vector<cl_int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = cl_int(i * i % 1009);
  cl_mem bin = bufferOf(in);
  for (cl_int mode : {1, 2, 3}) {
    SCOPED_TRACE(testing::Message() << "mode " << mode);
    cl_mem out = outputBuffer<cl_int>(n);
    ASSERT_EQ(setArgs(k, bin, out, mode, LocalBytes{local * 4}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_int> g = read<cl_int>(out, n);
    for (size_t i = 0; i < n; ++i) {
      size_t base = i / local * local, l = i % local;
      int e;
      if (mode == 1)
        e = in[base + (l + 1) % local] * 2;
      else if (mode == 2)
        e = (in[base + local - 1 - l] + 5) - (in[base + local - 1] + 5);
      else
        e = -in[i];
      ASSERT_EQ(g[i], e) << i;
    }
  }
}

TEST_F(KernelBarrierTest, GroupUniformConditionOnGroupId) {
  // The condition differs between groups but not within one: odd groups
  // take the barrier path, even groups do not.
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out) {
      local int tmp[64];
      size_t l = get_local_id(0), g = get_global_id(0);
      int v = (int)g;
      if (get_group_id(0) & 1) {
        tmp[l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = tmp[63 - l];
      }
      out[g] = v;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 64 * 9, local = 64;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> g = read<cl_int>(out, n);
  for (size_t i = 0; i < n; ++i) {
    size_t group = i / 64, l = i % 64;
    int e = group & 1 ? int(group * 64 + 63 - l) : int(i);
    ASSERT_EQ(g[i], e) << i;
  }
}

TEST_F(KernelBarrierTest, GroupUniformEarlyReturn) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, int skip) {
      local int tmp[32];
      size_t l = get_local_id(0);
      out[get_global_id(0)] = -1;
      if ((int)get_group_id(0) == skip)
        return;
      tmp[l] = (int)get_global_id(0);
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = tmp[(l + 5) % 32];
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 32 * 6, local = 32;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out, cl_int(2)), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> g = read<cl_int>(out, n);
  for (size_t i = 0; i < n; ++i) {
    size_t group = i / 32, l = i % 32;
    int e = group == 2 ? -1 : int(group * 32 + (l + 5) % 32);
    ASSERT_EQ(g[i], e) << i;
  }
}

TEST_F(KernelBarrierTest, NestedLoopsWithBarriers) {
  // A rotation of local memory, `inner` steps per round, `rounds` rounds;
  // the loop counters and the accumulated sum survive both barriers of
  // every step.
  cl_kernel k = buildKernel(R"(
    kernel void rot(global int *out, global int *sums, int rounds, int inner) {
      local int buf[48];
      size_t l = get_local_id(0), n = get_local_size(0);
      buf[l] = (int)get_global_id(0);
      barrier(CLK_LOCAL_MEM_FENCE);
      int sum = 0;
      for (int r = 0; r < rounds; ++r) {
        for (int s = 0; s < inner; ++s) {
          int t = buf[(l + 1) % n];
          barrier(CLK_LOCAL_MEM_FENCE);
          buf[l] = t + r;
          sum += t * (s + 1);
          barrier(CLK_LOCAL_MEM_FENCE);
        }
        sum ^= r;
      }
      out[get_global_id(0)] = buf[l];
      sums[get_global_id(0)] = sum;
    })",
                            "rot");
  ASSERT_TRUE(k);
  const size_t local = 48, groups = 5, n = local * groups;
  const int rounds = 4, inner = 7;
  cl_mem out = outputBuffer<cl_int>(n), sums = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out, sums, cl_int(rounds), cl_int(inner)), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> gout = read<cl_int>(out, n), gsum = read<cl_int>(sums, n);
  for (size_t grp = 0; grp < groups; ++grp) {
    std::vector<int> buf(local), sum(local, 0);
    for (size_t l = 0; l < local; ++l)
      buf[l] = int(grp * local + l);
    for (int r = 0; r < rounds; ++r) {
      for (int s = 0; s < inner; ++s) {
        std::vector<int> t(local);
        for (size_t l = 0; l < local; ++l)
          t[l] = buf[(l + 1) % local];
        for (size_t l = 0; l < local; ++l) {
          buf[l] = t[l] + r;
          sum[l] += t[l] * (s + 1);
        }
      }
      for (size_t l = 0; l < local; ++l)
        sum[l] ^= r;
    }
    for (size_t l = 0; l < local; ++l) {
      ASSERT_EQ(gout[grp * local + l], buf[l]) << "group " << grp << " item " << l;
      ASSERT_EQ(gsum[grp * local + l], sum[l]) << "group " << grp << " item " << l;
    }
  }
}

TEST_F(KernelBarrierTest, BarrierInDoWhileWithUniformExit) {
  // A loop whose exit depends on local memory every work-item reads after
  // the same barrier (so it is uniform): halve until the value reaches 1.
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, global int *steps, int start) {
      local int value;
      int count = 0;
      if (get_local_id(0) == 0)
        value = start;
      barrier(CLK_LOCAL_MEM_FENCE);
      int v;
      do {
        v = value;
        ++count;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (get_local_id(0) == 0)
          value = (v & 1) ? 3 * v + 1 : v / 2;
        barrier(CLK_LOCAL_MEM_FENCE);
      } while (v != 1);
      out[get_global_id(0)] = v + (int)get_local_id(0);
      steps[get_global_id(0)] = count;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t local = 16, n = 64;
  const int start = 27; // the Collatz sequence of 27 is 111 steps long
  cl_mem out = outputBuffer<cl_int>(n), steps = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out, steps, cl_int(start)), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  int count = 0;
  for (int v = start;; v = (v & 1) ? 3 * v + 1 : v / 2) {
    ++count;
    if (v == 1)
      break;
  }
  std::vector<cl_int> gout = read<cl_int>(out, n), gsteps = read<cl_int>(steps, n);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(gout[i], 1 + int(i % local)) << i;
    ASSERT_EQ(gsteps[i], count) << i;
  }
}

TEST_F(KernelBarrierTest, BarrierInHelperFunction) {
  cl_kernel k = buildKernel(R"(
    int exchange(local int *buf, int mine, size_t l, size_t n) {
      buf[l] = mine;
      barrier(CLK_LOCAL_MEM_FENCE);
      int other = buf[n - 1 - l];
      barrier(CLK_LOCAL_MEM_FENCE);
      return other;
    }
    kernel void f(global int *out, local int *buf) {
      size_t l = get_local_id(0), n = get_local_size(0);
      int a = exchange(buf, (int)get_global_id(0), l, n);
      int b = exchange(buf, a * 3, l, n);
      out[get_global_id(0)] = a * 1000 + b;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t local = 40, n = 40 * 3;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out, LocalBytes{local * 4}), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> g = read<cl_int>(out, n);
  for (size_t i = 0; i < n; ++i) {
    size_t base = i / local * local, l = i % local;
    int a = int(base + local - 1 - l);
    int b = int(base + l) * 3; // partner's a is my own global id
    ASSERT_EQ(g[i], a * 1000 + b) << i;
  }
}

TEST_F(KernelBarrierTest, PrivateArrayKeptAcrossBarrier) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, local int *shared) {
      size_t l = get_local_id(0), n = get_local_size(0);
      int g = (int)get_global_id(0);
      int priv[8];
      for (int i = 0; i < 8; ++i)
        priv[i] = g * 10 + i;
      shared[l] = g;
      barrier(CLK_LOCAL_MEM_FENCE);
      int neighbour = shared[(l + 1) % n];
      int acc = 0;
      for (int i = 0; i < 8; ++i)
        acc += priv[i] * (i + 1);
      barrier(CLK_LOCAL_MEM_FENCE);
      // Index the array with a value only known after the barrier.
      out[g] = acc + priv[neighbour & 7] * 1000;
    })",
                            "f");
  ASSERT_TRUE(k);
  for (size_t local : {size_t(1), size_t(7), size_t(64), size_t(1024)}) {
    SCOPED_TRACE(testing::Message() << "local " << local);
    const size_t n = local * 3;
    cl_mem out = outputBuffer<cl_int>(n);
    ASSERT_EQ(setArgs(k, out, LocalBytes{local * 4}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(out, n);
    for (size_t gi = 0; gi < n; ++gi) {
      int g = int(gi);
      int acc = 0;
      for (int i = 0; i < 8; ++i)
        acc += (g * 10 + i) * (i + 1);
      int neighbour = int(gi / local * local + (gi % local + 1) % local);
      ASSERT_EQ(got[gi], acc + (g * 10 + (neighbour & 7)) * 1000) << gi;
    }
  }
}

TEST_F(KernelBarrierTest, PrivateArrayUpdatedInLoopWithBarriers) {
  // The array is written between barriers in every iteration and read in
  // the next one; a dynamic index keeps it in memory.
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, int iters) {
      local int shared[32];
      size_t l = get_local_id(0);
      int priv[8];
      for (int i = 0; i < 8; ++i)
        priv[i] = (int)l + i;
      for (int it = 0; it < iters; ++it) {
        shared[l] = priv[it & 7];
        barrier(CLK_LOCAL_MEM_FENCE);
        priv[(it + 1) & 7] += shared[31 - l];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      int acc = 0;
      for (int i = 0; i < 8; ++i)
        acc = acc * 3 + priv[i];
      out[get_global_id(0)] = acc;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t local = 32, n = 32 * 4;
  const int iters = 21;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out, cl_int(iters)), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<std::vector<int>> priv(local, std::vector<int>(8));
  for (size_t l = 0; l < local; ++l)
    for (int i = 0; i < 8; ++i)
      priv[l][i] = int(l) + i;
  for (int it = 0; it < iters; ++it) {
    std::vector<int> shared(local);
    for (size_t l = 0; l < local; ++l)
      shared[l] = priv[l][it & 7];
    for (size_t l = 0; l < local; ++l)
      priv[l][(it + 1) & 7] += shared[31 - l];
  }
  std::vector<cl_int> g = read<cl_int>(out, n);
  for (size_t i = 0; i < n; ++i) {
    int acc = 0;
    for (int j = 0; j < 8; ++j)
      acc = acc * 3 + priv[i % local][j];
    ASSERT_EQ(g[i], acc) << i;
  }
}

TEST_F(KernelBarrierTest, ValuesOfEveryTypeLiveAcrossBarrier) {
  // Scalars, vectors and a pointer chosen per work-item, all defined
  // before the barrier and used after it.
  cl_kernel k = buildKernel(R"(
    kernel void f(global float *out, global int *which, local float *a, local float *b) {
      size_t l = get_local_id(0), n = get_local_size(0);
      float x = (float)get_global_id(0) * 0.5f;
      float4 v = (float4)(x, x + 1.0f, x + 2.0f, x + 3.0f);
      long big = (long)get_global_id(0) << 35;
      char c = (char)(l * 3);
      local float *mine = (l & 1) ? a : b;
      a[l] = x;
      b[l] = -x;
      barrier(CLK_LOCAL_MEM_FENCE);
      float other = mine[n - 1 - l];
      out[get_global_id(0)] = other + v.w - v.x + (float)(big >> 35) + (float)c;
      which[get_global_id(0)] = (l & 1);
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t local = 24, n = 24 * 4;
  cl_mem out = outputBuffer<cl_float>(n), which = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out, which, LocalBytes{local * 4}, LocalBytes{local * 4}), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_float> g = read<cl_float>(out, n);
  for (size_t i = 0; i < n; ++i) {
    size_t l = i % local, partner = i / local * local + (local - 1 - l);
    float px = float(partner) * 0.5f;
    float other = (l & 1) ? px : -px;
    float e = other + 3.0f + float(i) + float(static_cast<signed char>(l * 3));
    ASSERT_EQ(g[i], e) << i;
  }
}

TEST_F(KernelBarrierTest, HelperWithBarrierSharedByTwoKernels) {
  // Two kernels of one program call the same helper with a barrier, one
  // of them through a second helper; each gets its own work-group function.
  cl_program p = build(R"(
    int rotate(local int *buf, int mine) {
      size_t l = get_local_id(0), n = get_local_size(0);
      buf[l] = mine;
      barrier(CLK_LOCAL_MEM_FENCE);
      int r = buf[(l + 1) % n];
      barrier(CLK_LOCAL_MEM_FENCE);
      return r;
    }
    int twice(local int *buf, int mine) { return rotate(buf, rotate(buf, mine)); }
    kernel void once(global int *out) {
      local int buf[16];
      out[get_global_id(0)] = rotate(buf, (int)get_global_id(0));
    }
    kernel void two(global int *out) {
      local int buf[16];
      out[get_global_id(0)] = twice(buf, (int)get_global_id(0));
    })");
  ASSERT_TRUE(p);
  cl_kernel once = createKernel(p, "once"), two = createKernel(p, "two");
  ASSERT_TRUE(once && two);
  const size_t local = 16, n = 16 * 4;
  cl_mem a = outputBuffer<cl_int>(n), b = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(once, a), CL_SUCCESS);
  ASSERT_EQ(setArgs(two, b), CL_SUCCESS);
  ASSERT_EQ(run(once, 1, &n, &local), CL_SUCCESS);
  ASSERT_EQ(run(two, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> ga = read<cl_int>(a, n), gb = read<cl_int>(b, n);
  for (size_t i = 0; i < n; ++i) {
    size_t base = i / local * local, l = i % local;
    ASSERT_EQ(ga[i], int(base + (l + 1) % local)) << i;
    ASSERT_EQ(gb[i], int(base + (l + 2) % local)) << i;
  }
}

TEST_F(KernelBarrierTest, KernelCallsAnotherKernel) {
  // OpenCL C lets a kernel call another kernel like a function.
  cl_program p = build(R"(
    kernel void inner(global int *out, int add) {
      out[get_global_id(0)] = (int)get_global_id(0) + add;
    }
    kernel void outer(global int *out) {
      inner(out, 100);
      out[get_global_id(0)] *= 2;
    })");
  ASSERT_TRUE(p);
  cl_kernel outer = createKernel(p, "outer"), inner = createKernel(p, "inner");
  ASSERT_TRUE(outer && inner);
  const size_t n = 50;
  cl_mem a = outputBuffer<cl_int>(n), b = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(outer, a), CL_SUCCESS);
  ASSERT_EQ(setArgs(inner, b, cl_int(-3)), CL_SUCCESS);
  ASSERT_EQ(run(outer, 1, &n), CL_SUCCESS);
  ASSERT_EQ(run(inner, 1, &n), CL_SUCCESS);
  std::vector<cl_int> ga = read<cl_int>(a, n), gb = read<cl_int>(b, n);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(ga[i], (int(i) + 100) * 2) << i;
    ASSERT_EQ(gb[i], int(i) - 3) << i;
  }
}

TEST_F(KernelBarrierTest, NonUniformGroupsWithBarrierAndDriverChosenLocalSize) {
  // OpenCL C 2.0 with a NULL local size: CoreCL may split the range into
  // non-uniform groups. A local-memory reversal within each group must use
  // the group's real size; the chosen sizes are read back per work-item.
  cl_kernel k = buildKernel(R"(
    kernel void rev(global int *out, global int *sizes) {
      local int buf[4096];
      size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
      buf[l] = (int)g;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[g] = buf[n - 1 - l];
      sizes[g] = (int)n;
    })",
                            "rev", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  for (size_t n : {size_t(1), size_t(97), size_t(1000), size_t(4099), size_t(65537)}) {
    SCOPED_TRACE(testing::Message() << "global " << n);
    cl_mem out = outputBuffer<cl_int>(n), sizes = outputBuffer<cl_int>(n);
    ASSERT_EQ(setArgs(k, out, sizes), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(out, n), gs = read<cl_int>(sizes, n);
    // Groups are consecutive: walk them using the sizes reported.
    size_t begin = 0;
    while (begin < n) {
      size_t size = size_t(gs[begin]);
      ASSERT_GE(size, 1u) << "at " << begin;
      ASSERT_LE(begin + size, n) << "at " << begin;
      for (size_t l = 0; l < size; ++l) {
        ASSERT_EQ(gs[begin + l], int(size)) << begin + l;
        ASSERT_EQ(got[begin + l], int(begin + size - 1 - l)) << begin + l;
      }
      begin += size;
    }
  }
}

TEST_F(KernelBarrierTest, TwoPrivateVariablesInMemoryAcrossBarrier) {
  // Two private variables kept in memory (volatile) and a barrier: moving
  // the first to per-work-item storage once left the IR builder pointing
  // at the second after it was erased, and clBuildProgram crashed. Half of
  // CLSmith's random programs have this shape.
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out) {
      int gid = get_global_id(0);
      volatile int a = gid;
      volatile int b = 7;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[gid] = a + b;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 64 * 3, local = 64;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(got[i], int(i) + 7) << i;
}

TEST_F(KernelBarrierTest, PrivateArrayWithDynamicIndicesAcrossBarrier) {
  // A private array indexed by values only known at run time stays in
  // memory and lives across the barrier in per-work-item storage, laid out
  // lane-interleaved (element j of neighbouring work-items side by side).
  // Every work-item must still see only its own elements.
  cl_kernel k = buildKernel(R"(
    kernel void f(global const int *in, global int *out) {
      int gid = get_global_id(0), lid = get_local_id(0);
      int a[8];
      volatile int scale = in[gid] + 1;
      for (int j = 0; j < 8; ++j)
        a[(j * 3 + lid) & 7] = in[gid] * j + lid;
      barrier(CLK_LOCAL_MEM_FENCE);
      int s = 0;
      for (int j = 0; j < 8; ++j)
        s += a[(j + in[gid]) & 7] * (j + 1);
      out[gid] = s * scale;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 48 * 3, local = 48;
  std::vector<cl_int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = cl_int((i * 7) % 13);
  cl_mem bi = bufferOf(in);
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, bi, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, n);
  for (size_t g = 0; g < n; ++g) {
    int lid = int(g % local), a[8];
    for (int j = 0; j < 8; ++j)
      a[(j * 3 + lid) & 7] = in[g] * j + lid;
    int s = 0;
    for (int j = 0; j < 8; ++j)
      s += a[(j + in[g]) & 7] * (j + 1);
    ASSERT_EQ(got[g], s * (in[g] + 1)) << g;
  }
}

} // namespace
} // namespace corecl::test
