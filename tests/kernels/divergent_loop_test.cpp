// End-to-end: loops that work-items leave after different iterations, run
// in a packet of work-items (compiler/passes/packetize.cpp: vector mode
// while every lane goes the same way, the lanes one by one where they
// part). Each kernel is checked against the same algorithm on the host,
// over sizes with partial groups.
#include "kernels/kernel_fixture.h"

#include <cmath>
#include <vector>

namespace corecl::test {
namespace {

using DivergentLoopTest = KernelTest;

TEST_F(DivergentLoopTest, EscapeCountsLikeMandelbrot) {
  cl_kernel k = buildKernel(R"(
    kernel void escape(global int *out, global float *last, float x0, float step, int maxIter) {
      int px = get_global_id(0), py = get_global_id(1);
      float cr = x0 + px * step, ci = x0 + py * step, zr = 0.0f, zi = 0.0f;
      int n = 0;
      while (n < maxIter && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        ++n;
      }
      out[py * get_global_size(0) + px] = n;
      last[py * get_global_size(0) + px] = zr;
    })",
                            "escape", "-cl-fp32-correctly-rounded-divide-sqrt");
  ASSERT_TRUE(k);
  const size_t w = 45, h = 13, n = w * h;
  const float x0 = -2.0f, step = 4.0f / w;
  const cl_int maxIter = 60;
  cl_mem bo = outputBuffer<cl_int>(n), bl = outputBuffer<cl_float>(n);
  ASSERT_EQ(setArgs(k, bo, bl, x0, step, maxIter), CL_SUCCESS);
  const size_t global[2] = {w, h}, local[2] = {15, 1};
  ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(bo, n);
  std::vector<cl_float> lastGot = read<cl_float>(bl, n);
  size_t bad = 0;
  for (size_t py = 0; py < h; ++py)
    for (size_t px = 0; px < w; ++px) {
      // Computed without fused multiply-adds on either side could still
      // differ in the last bit on boundary points: allow a handful.
      float cr = x0 + float(px) * step, ci = x0 + float(py) * step, zr = 0, zi = 0;
      int it = 0;
      while (it < maxIter && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        ++it;
      }
      size_t i = py * w + px;
      if (got[i] != it || (it < 3 && std::fabs(lastGot[i] - zr) > 1e-4f * (1 + std::fabs(zr))))
        ++bad;
    }
  EXPECT_LE(bad, n / 50) << "of " << n;
}

TEST_F(DivergentLoopTest, ZeroTripsBreaksAndValuesAfterTheLoop) {
  // Work-item i walks i % 7 steps (none for some), leaving early by a
  // break when it meets a marker; what the loop computed is used after it,
  // and the loop stores to memory on the way.
  cl_kernel k = buildKernel(R"(
    kernel void walk(global const int *in, global int *trace, global int *out, int marker) {
      int g = get_global_id(0);
      int steps = g % 7, sum = 0, at = -1, i = 0;
      for (; i < steps; ++i) {
        int v = in[g + i];
        if (v == marker) {
          at = i;
          break;
        }
        sum += v;
        trace[g * 8 + i] = sum;
      }
      out[g * 3] = sum;
      out[g * 3 + 1] = at;
      out[g * 3 + 2] = i;
    })",
                            "walk");
  ASSERT_TRUE(k);
  const size_t items = 150, local = 50;
  std::vector<cl_int> in(items + 8);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = cl_int(i * 37 % 19);
  const cl_int marker = 5;
  std::vector<cl_int> traceInit(items * 8, -1);
  cl_mem bi = bufferOf(in), bt = bufferOf(traceInit), bo = outputBuffer<cl_int>(items * 3);
  ASSERT_EQ(setArgs(k, bi, bt, bo, marker), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &items, &local), CL_SUCCESS);
  std::vector<cl_int> out = read<cl_int>(bo, items * 3);
  std::vector<cl_int> trace = read<cl_int>(bt, items * 8);
  for (size_t g = 0; g < items; ++g) {
    int steps = int(g % 7), sum = 0, at = -1, i = 0;
    std::vector<int> expectedTrace(8, -1);
    for (; i < steps; ++i) {
      int v = in[g + i];
      if (v == marker) {
        at = i;
        break;
      }
      sum += v;
      expectedTrace[i] = sum;
    }
    ASSERT_EQ(out[g * 3], sum) << g;
    ASSERT_EQ(out[g * 3 + 1], at) << g;
    ASSERT_EQ(out[g * 3 + 2], i) << g;
    for (int s = 0; s < 8; ++s)
      ASSERT_EQ(trace[g * 8 + s], expectedTrace[s]) << g << " step " << s;
  }
}

TEST_F(DivergentLoopTest, InsideAUniformLoopAndNextToBarriers) {
  // A divergent loop nested in a uniform one, in a kernel that also
  // exchanges values through local memory between barriers.
  cl_kernel k = buildKernel(R"(
    kernel void mix(global const int *in, global int *out, local int *tmp, int rounds) {
      size_t lid = get_local_id(0), n = get_local_size(0);
      int acc = 0;
      for (int r = 0; r < rounds; ++r) {
        int x = in[get_global_id(0)] + r;
        while (x > 1) {          // Collatz steps: a different count each
          x = (x & 1) ? 3 * x + 1 : x / 2;
          ++acc;
        }
      }
      tmp[lid] = acc;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = acc * 1000 + tmp[(lid + 1) % n] % 1000;
    })",
                            "mix");
  ASSERT_TRUE(k);
  const size_t items = 96, local = 32;
  std::vector<cl_int> in(items);
  for (size_t i = 0; i < items; ++i)
    in[i] = cl_int(i % 29 + 1);
  const cl_int rounds = 4;
  cl_mem bi = bufferOf(in), bo = outputBuffer<cl_int>(items);
  ASSERT_EQ(setArgs(k, bi, bo, LocalBytes{local * 4}, rounds), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &items, &local), CL_SUCCESS);
  std::vector<cl_int> out = read<cl_int>(bo, items);
  auto collatz = [&](size_t g) {
    int acc = 0;
    for (int r = 0; r < rounds; ++r)
      for (int x = in[g] + r; x > 1; ++acc)
        x = (x & 1) ? 3 * x + 1 : x / 2;
    return acc;
  };
  for (size_t g = 0; g < items; ++g) {
    size_t base = g / local * local, next = base + (g % local + 1) % local;
    ASSERT_EQ(out[g], collatz(g) * 1000 + collatz(next) % 1000) << g;
  }
}

TEST_F(DivergentLoopTest, GroupsOfOneWorkItemRunTheUnsplitBody) {
  // With one work-item per group CoreCL runs a copy of the body kept before
  // its loops were split (compiler/passes/loop_body.h); both versions must
  // agree with the host, and with each other across local sizes.
  cl_kernel k = buildKernel(R"(
    kernel void both(global const int *in, global int *out, int n) {
      int g = get_global_id(0);
      int sum = 0;
      for (int i = 0; i < n; ++i)          // uniform
        sum += in[i] * (g + 1);
      int x = in[g] + 1, steps = 0;
      while (x != 1) {                      // divergent
        x = (x & 1) ? 3 * x + 1 : x / 2;
        ++steps;
      }
      out[g] = sum * 1000 + steps;
    })",
                            "both");
  ASSERT_TRUE(k);
  const size_t items = 24;
  const cl_int n = 17;
  std::vector<cl_int> in(items);
  for (size_t i = 0; i < items; ++i)
    in[i] = cl_int(i * 5 % 23);
  cl_mem bi = bufferOf(in);
  for (size_t local : {size_t(1), size_t(8)}) {
    SCOPED_TRACE(testing::Message() << "local " << local);
    cl_mem bo = outputBuffer<cl_int>(items);
    ASSERT_EQ(setArgs(k, bi, bo, n), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &items, &local), CL_SUCCESS);
    std::vector<cl_int> out = read<cl_int>(bo, items);
    for (size_t g = 0; g < items; ++g) {
      int sum = 0, steps = 0;
      for (int i = 0; i < n; ++i)
        sum += in[i] * int(g + 1);
      for (int x = in[g] + 1; x != 1; ++steps)
        x = (x & 1) ? 3 * x + 1 : x / 2;
      ASSERT_EQ(out[g], sum * 1000 + steps) << g;
    }
  }
}

TEST_F(DivergentLoopTest, StridedRangeLikePyopenclElementwise) {
  // pyopencl's ElementwiseKernel over a slice: a grid-stride loop whose
  // trip count is one for some work-items of the last group and zero for
  // the others. That group once ran no iteration at all.
  cl_kernel k = buildKernel(R"(
    kernel void fill(global float *x, long start, long stop, long step) {
      int lid = get_local_id(0);
      int gsize = get_global_size(0);
      int work_group_start = get_local_size(0) * get_group_id(0);
      long i;
      if (step < 0) {
        for (i = start + (work_group_start + lid) * step; i > stop; i += gsize * step)
          x[i] = 1.0f;
      } else {
        for (i = start + (work_group_start + lid) * step; i < stop; i += gsize * step)
          x[i] = 1.0f;
      }
    })",
                            "fill");
  ASSERT_TRUE(k);
  struct Case {
    cl_long start, stop, step;
    size_t global, local;
  };
  // The first is pyopencl's own launch for slice(5, 20000, 17); the others
  // give work-items two or three iterations, and a negative step.
  for (Case c : {Case{5, 20000, 17, 1184, 32}, Case{3, 20000, 7, 1024, 64},
                 Case{1, 2000, 1, 96, 32}, Case{19999, 4, -13, 800, 32}}) {
    SCOPED_TRACE(testing::Message() << "start " << c.start << " step " << c.step);
    const size_t n = 20000;
    cl_mem bx = bufferOf(std::vector<cl_float>(n, 0.0f));
    ASSERT_EQ(setArgs(k, bx, c.start, c.stop, c.step), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &c.global, &c.local), CL_SUCCESS);
    std::vector<cl_float> got = read<cl_float>(bx, n);
    std::vector<cl_float> want(n, 0.0f);
    // Every work-item strides by the global size; together they cover the
    // whole range exactly once.
    for (cl_long i = c.start; c.step > 0 ? i < c.stop : i > c.stop; i += c.step)
      want[size_t(i)] = 1.0f;
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(got[i], want[i]) << i;
  }
}

TEST_F(DivergentLoopTest, UniformDivisionInABranchAfterTheLoop) {
  // Random program (fuzz seed 17061), reduced: after a divergent loop, a
  // branch some work-items take stores to a private array at an index the
  // same for the group, computed by a division. LLVM's vectoriser computed
  // that division only when the first work-item of a vector was active
  // and stored through poison otherwise (passes/hoist_safe_divisions.cpp).
  // The gather in the loop keeps the kernel from a packet of its own.
  cl_kernel k = buildKernel(R"(
    kernel void shape(global uint *out, global const uint *in) {
      uint gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);
      uint a[4] = {64u - grp, grp + lid, lid, 5u};
      uint w = 0u, s = 0u;
      while (((lid + in[0]) & (w + 1u)) && w < 5u) {
        w++;
        s += in[(lid * 7u + w) & 63u];
      }
      if ((lid + w) % 9u)
        a[(2147483647u / (grp | 1u)) & 3u] = (lid & 1u) ? 5u : 9u;
      out[gid] = a[0] ^ (a[1] << 8) ^ (a[2] << 16) ^ (a[3] << 24) ^ s;
    })",
                            "shape");
  ASSERT_TRUE(k);
  std::vector<cl_uint> in(64);
  for (cl_uint i = 0; i < 64; ++i)
    in[i] = i * 2654435761u + 1u;
  const size_t n = 192, local = 64;
  cl_mem bo = outputBuffer<cl_uint>(n), bi = bufferOf(in);
  ASSERT_EQ(setArgs(k, bo, bi), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_uint> got = read<cl_uint>(bo, n);
  for (cl_uint gid = 0; gid < n; ++gid) {
    cl_uint lid = gid % local, grp = gid / local;
    cl_uint a[4] = {64u - grp, grp + lid, lid, 5u}, w = 0, s = 0;
    while (((lid + in[0]) & (w + 1u)) && w < 5u) {
      w++;
      s += in[(lid * 7u + w) & 63u];
    }
    if ((lid + w) % 9u)
      a[(2147483647u / (grp | 1u)) & 3u] = (lid & 1u) ? 5u : 9u;
    ASSERT_EQ(got[gid], a[0] ^ (a[1] << 8) ^ (a[2] << 16) ^ (a[3] << 24) ^ s)
        << "work-item " << gid;
  }
}

TEST_F(DivergentLoopTest, ValuesCarriedAroundALoopAfterTheLanesParted) {
  // Random program (fuzz seed 32268), reduced. The `continue` makes two
  // loops of one: after the lanes part at `if (lid)` they run one by one
  // through the outer loop's latch back to the inner loop's header, where
  // vector mode resumes. `a` and `b` are defined in that latch and used
  // again in the next iteration's branch: vector mode must take them from
  // what each lane left, not from its own last definition.
  cl_kernel k = buildKernel(R"(
    kernel void carried(global uint *out, uint skip) {
      uint gid = get_global_id(0), lid = get_local_id(0);
      uint a = 1u, b = lid, n = 0u;
      while (n < 4u) {
        n++;
        if (lid & 1u) {
          if (gid == skip) continue;
          a = abs_diff(a, (uint)!b) + (a << 1);
        }
        b = (b * 5u) & 6u;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      out[gid] = a * 65536u + b;
    })",
                            "carried");
  ASSERT_TRUE(k);
  for (size_t local : {size_t(4), size_t(16)}) {
    const size_t n = 48;
    const cl_uint skip = 2;
    cl_mem bo = outputBuffer<cl_uint>(n);
    ASSERT_EQ(setArgs(k, bo, skip), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_uint> got = read<cl_uint>(bo, n);
    for (cl_uint gid = 0; gid < n; ++gid) {
      cl_uint lid = gid % local, a = 1, b = lid, i = 0;
      while (i < 4) {
        i++;
        if (lid & 1u) {
          if (gid == skip)
            continue;
          cl_uint notB = b == 0;
          a = (a > notB ? a - notB : notB - a) + (a << 1);
        }
        b = (b * 5u) & 6u;
      }
      ASSERT_EQ(got[gid], a * 65536u + b) << "work-item " << gid << ", groups of " << local;
    }
  }
}

TEST_F(DivergentLoopTest, NarrowIntegerLeavingTheLanes) {
  // Random program (fuzz seed 32957), reduced. The optimiser turns
  // rotate(v0, 5u) after the loop into a phi of 6-bit constants, one per
  // way out of it; the lanes that part at `if (v0) break` hand it back to
  // vector mode through a stack buffer, one byte per lane, which vector
  // mode read as sixteen bit-packed 6-bit lanes.
  cl_kernel k = buildKernel(R"(
    kernel void narrow(global uint *out, uint again) {
      uint lid = get_local_id(0), gid = get_global_id(0);
      uint v0 = gid % 5u != 0u;
      barrier(CLK_LOCAL_MEM_FENCE);
      uint w = 0u;
      do {
        w++;
        if (v0) break;
      } while (again && w < 2u);
      out[gid] = rotate(v0, 5u) + w;
    })",
                            "narrow");
  ASSERT_TRUE(k);
  for (cl_uint again : {0u, 1u}) {
    const size_t n = 64, local = 16;
    cl_mem bo = outputBuffer<cl_uint>(n);
    ASSERT_EQ(setArgs(k, bo, again), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_uint> got = read<cl_uint>(bo, n);
    for (cl_uint gid = 0; gid < n; ++gid) {
      cl_uint v0 = gid % 5u != 0u, w = 0;
      do {
        w++;
        if (v0)
          break;
      } while (again && w < 2u);
      ASSERT_EQ(got[gid], (v0 << 5) + w) << "work-item " << gid << ", again " << again;
    }
  }
}

TEST_F(DivergentLoopTest, SwitchOfTwoCasesBeforeALoopWithABarrier) {
  // Random program (fuzz seed 32818), reduced. A switch on a comparison
  // `% 5u` has two cases and a default LLVM marks unreachable, so the
  // lanes that part there never meet again before the region's end; they
  // ran the rest of the region one by one and then returned one of its
  // results fixed at compile time (the kernel's end), not the one they
  // reached (the barrier in the loop): nothing after it ran.
  cl_kernel k = buildKernel(R"(
    kernel void cases(global uint *out, global const uint *in, uint n) {
      uint lid = get_local_id(0), gid = get_global_id(0);
      uint s = 0u;
      for (uint w = 0u; w < 3u; ++w) {
        switch (((lid & 1u) == (w & 1u)) % 5u) {
        case 0:
          s += in[lid % 8u];
          break;
        case 1:
          s ^= w * 7u;
          break;
        }
      }
      for (uint i = 0u; i < n; ++i)
        barrier(CLK_LOCAL_MEM_FENCE);
      out[gid] = s;
    })",
                            "cases");
  ASSERT_TRUE(k);
  std::vector<cl_uint> in(8);
  for (cl_uint i = 0; i < 8; ++i)
    in[i] = i * 2654435761u + 3u;
  for (cl_uint loops : {1u, 2u}) {
    const size_t n = 96, local = 96;
    cl_mem bo = outputBuffer<cl_uint>(n), bi = bufferOf(in);
    ASSERT_EQ(setArgs(k, bo, bi, loops), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    std::vector<cl_uint> got = read<cl_uint>(bo, n);
    for (cl_uint gid = 0; gid < n; ++gid) {
      cl_uint lid = gid % local, s = 0;
      for (cl_uint w = 0; w < 3; ++w) {
        if ((lid & 1u) == (w & 1u))
          s ^= w * 7u;
        else
          s += in[lid % 8u];
      }
      ASSERT_EQ(got[gid], s) << "work-item " << gid << ", " << loops << " barriers";
    }
  }
}

TEST_F(DivergentLoopTest, BitselectInOneArmOfALanesBranch) {
  // Random program (fuzz seed 33754), reduced, with its input. The lanes
  // part on `in[9] * lid`, one arm takes a bitselect of a gathered word,
  // the other the word itself; the optimiser makes one select of it,
  // which LLVM 19's x86 back end folds on AVX-512 into a masked VPTERNLOG
  // with the truth table of other operands (llvm/llvm-project#157929):
  // the low bits came out wrong (passes/avoid_masked_ternlog.cpp).
  cl_kernel k = buildKernel(R"(
    kernel void pick(global uint *out, global const uint *in) {
      uint gid = get_global_id(0), lid = get_local_id(0);
      uint v = in[in[3] & 63u];
      uint p = (v & 3u) == 0u ? (gid & 15u) : lid;
      uint x = ((in[9] * lid) ? bitselect(in[p & 63u], p, 13u) : in[p & 63u]) & 0xFFFFFFu;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[gid] = x;
    })",
                            "pick");
  ASSERT_TRUE(k);
  std::vector<cl_uint> in(64);
  for (cl_uint i = 0; i < 64; ++i) {
    cl_uint x = i * 2654435761u + 12345u; // tests/fuzz's input words
    x ^= x >> 13;
    in[i] = x * 2246822519u;
  }
  const size_t n = 384, local = 128;
  cl_mem bo = outputBuffer<cl_uint>(n), bi = bufferOf(in);
  ASSERT_EQ(setArgs(k, bo, bi), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  std::vector<cl_uint> got = read<cl_uint>(bo, n);
  for (cl_uint gid = 0; gid < n; ++gid) {
    cl_uint lid = gid % local, v = in[in[3] & 63u];
    cl_uint p = (v & 3u) == 0u ? (gid & 15u) : lid, g = in[p & 63u];
    cl_uint x = ((in[9] * lid) ? (g & ~13u) | (p & 13u) : g) & 0xFFFFFFu;
    ASSERT_EQ(got[gid], x) << "work-item " << gid;
  }
}

} // namespace
} // namespace corecl::test
