// End-to-end: a private variable that SROA leaves more aligned than its
// type (the first member of a struct with a long8, aligned to 64) lives
// across a barrier, one element per work-item side by side in
// per-work-item storage. Rows of an odd length (31 work-items) start
// packets at work-items whose elements are 8 bytes from a 64-byte line:
// the packet's stores of several work-items' elements must not claim the
// variable's alignment. (CLSmith --vectors seed 10000 crashed in `vmovdqa`.)
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using KernelOveralignedPrivateTest = KernelTest;

TEST_F(KernelOveralignedPrivateTest, VolatileMemberOfAStructWithALong8AcrossBarriers) {
  // The volatile member stays in memory (a piece of its own, SROA's, at
  // the struct's alignment of 64), the rest becomes values.
  cl_kernel k = buildKernel(R"(
    struct S { volatile long a; long b; long8 v; };
    kernel void k(global long *out) {
      size_t g = get_global_id(0) + get_global_id(1) * get_global_size(0);
      struct S s = { (long)g * 3, (long)g + 1, (long8)((long)g) };
      barrier(CLK_LOCAL_MEM_FENCE);
      struct S t = s;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[g] = t.a * 7 + t.b + t.v.s5;
    })",
                            "k");
  ASSERT_TRUE(k);
  const size_t global[2] = {62, 6}, local[2] = {31, 2};
  const size_t items = global[0] * global[1];
  cl_mem out = outputBuffer<cl_long>(items);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
  std::vector<cl_long> got = read<cl_long>(out, items);
  for (size_t g = 0; g < items; ++g) {
    cl_long x = cl_long(g);
    ASSERT_EQ(got[g], x * 3 * 7 + (x + 1) + x) << "work-item " << g;
  }
}

} // namespace
} // namespace corecl::test
