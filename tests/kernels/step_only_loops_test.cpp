// End-to-end: loops that only step fields of a private struct towards an
// end, billions of trips, the struct living across barriers (so a region
// packet keeps one copy per lane in per-work-item storage). The result
// depends only on the values the loops leave, which the compiler folds
// before work-group formation (passes/fold_step_only_loops.cpp). A CLSmith
// program of this shape (--group_divergence, seed 5007) ran for hours in
// region packets, whose lanes step their copies through gathers and
// scatters, while PoCL printed its result in 2 seconds.
#include "kernels/kernel_fixture.h"

#include <cstdint>
#include <vector>

namespace corecl::test {
namespace {

using KernelStepOnlyLoopsTest = KernelTest;

constexpr size_t kItems = 96, kLocal = 16;

/// The inverse of odd `x` modulo 2^64 (Newton's iteration doubles the
/// correct low bits each step, from 3 correct bits).
uint64_t inverseMod2To64(uint64_t x) {
  uint64_t y = x;
  for (int i = 0; i < 6; ++i)
    y *= 2 - x * y;
  return y;
}

/// Trips of `for (v = start; v != end; v += step)` in unsigned arithmetic
/// of `bits` bits, step odd.
uint64_t trips(uint64_t start, uint64_t end, uint64_t step, unsigned bits) {
  uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  return ((end - start) * inverseMod2To64(step)) & mask;
}

/// What the kernel below leaves for work-item g of group `group`.
uint64_t expected(uint64_t g, uint64_t group) {
  uint64_t a = 0, d = g * 7 + 1;
  uint16_t b = uint16_t(g * 3);
  uint32_t c = 0;
  // for (p->a = 1; p->a != 0; p->a += 3) p->b -= 1;
  uint64_t n = trips(1, 0, 3, 64);
  a = 0;
  b = uint16_t(b - uint16_t(n));
  if (group % 2 == 1) {
    // for (p->c = -15; p->c != 6; p->c += 9) p->d += 2;
    uint64_t m = trips(uint32_t(-15), 6, 9, 32);
    c = 6;
    d += 2 * m;
  }
  return a * 1000003u + uint64_t(b) * 65599u + uint64_t(c) * 31u + d;
}

const char *kSource = R"(
  struct S { ulong a; ushort b; uint c; ulong d; };

  void step(struct S *p) {
    for (p->a = 1; p->a != 0; p->a += 3)
      p->b -= 1;
    if (get_group_id(0) % 2 == 1)
      for (p->c = -15; p->c != 6; p->c += 9)
        p->d += 2;
  }

  kernel void k(global ulong *out) {
    size_t g = get_global_id(0);
    struct S s = { 0, (ushort)(g * 3), 0, g * 7 + 1 };
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    step(&s);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[g] = s.a * 1000003u + (ulong)s.b * 65599u + (ulong)s.c * 31u + s.d;
  })";

void check(const std::vector<cl_ulong> &got) {
  for (size_t g = 0; g < kItems; ++g)
    ASSERT_EQ(got[g], expected(g, g / kLocal)) << "work-item " << g;
}

TEST_F(KernelStepOnlyLoopsTest, BillionsOfTripsAcrossBarriersAreFolded) {
  for (const char *options : {"", "-cl-opt-disable"}) {
    SCOPED_TRACE(options);
    cl_kernel k = buildKernel(kSource, "k", options);
    ASSERT_TRUE(k);
    cl_mem out = outputBuffer<cl_ulong>(kItems);
    ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &kItems, &kLocal), CL_SUCCESS);
    check(read<cl_ulong>(out, kItems));
  }
}

} // namespace
} // namespace corecl::test
