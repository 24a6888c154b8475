// End-to-end: a region whose packet would be long and mostly lane by lane
// keeps its work-item loops (body_packets.cpp, kLaneByLanePacketLimit).
// Random programs keep a large private struct across their barriers
// (CLSmith's globals): each work-item's copy lies a struct apart from the
// next, so a packet loads every member lane by lane. The kernel below
// fills a private array of 1,024 longs (kept in memory by one write at an
// index from data), crosses a barrier, and sums it: the sum's packet is
// refused, the fill's (shorter) is kept, and rows of 10 work-items run
// packets and single work-items side by side.
#include "kernels/kernel_fixture.h"

#include <string>
#include <vector>

namespace corecl::test {
namespace {

using KernelLaneByLaneRegionsTest = KernelTest;

constexpr int kMembers = 1024;

std::string laneByLaneSource() {
  std::string source = "struct S { long a[" + std::to_string(kMembers) + "]; };\n" +
                       "kernel void k(global const long *in, global long *out) {\n"
                       "  size_t g = get_global_id(0) + get_global_id(1) * get_global_size(0);\n"
                       "  struct S s;\n"
                       "  long x = in[g];\n";
  for (int m = 0; m < kMembers; ++m)
    source += "  s.a[" + std::to_string(m) + "] = x * " + std::to_string(m + 1) + " + " +
              std::to_string(m) + ";\n";
  source += "  s.a[x & " + std::to_string(kMembers - 1) + "] += 1;\n" +
            "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            "  long c = 0;\n";
  for (int m = 0; m < kMembers; ++m)
    source += "  c += s.a[" + std::to_string(m) + "] * " + std::to_string(m | 1) + ";\n";
  return source + "  out[g] = c;\n}\n";
}

TEST_F(KernelLaneByLaneRegionsTest, APrivateStructSummedAfterABarrierGetsEveryWorkItemRight) {
  cl_kernel k = buildKernel(laneByLaneSource(), "k");
  ASSERT_TRUE(k);
  const size_t global[2] = {40, 3}, local[2] = {10, 3};
  const size_t items = global[0] * global[1];
  std::vector<cl_long> input(items);
  for (size_t g = 0; g < items; ++g)
    input[g] = cl_long(g * 7 % 1500);
  cl_mem in = bufferOf(input);
  cl_mem out = outputBuffer<cl_long>(items);
  ASSERT_EQ(setArgs(k, in, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
  std::vector<cl_long> got = read<cl_long>(out, items);
  for (size_t g = 0; g < items; ++g) {
    std::vector<cl_long> a(kMembers);
    const cl_long x = input[g];
    for (int m = 0; m < kMembers; ++m)
      a[m] = x * (m + 1) + m;
    a[x & (kMembers - 1)] += 1;
    cl_long sum = 0;
    for (int m = 0; m < kMembers; ++m)
      sum += a[m] * (m | 1);
    ASSERT_EQ(got[g], sum) << "work-item " << g;
  }
}

} // namespace
} // namespace corecl::test
