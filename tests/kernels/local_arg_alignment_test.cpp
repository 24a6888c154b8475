// End-to-end: __local kernel arguments are aligned for their type, up to
// the 128 bytes of long16/double16 (CTS test_basic
// kernel_memory_alignment_local), whatever the other local arguments and
// the kernel's own __local variables take.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using LocalArgAlignmentTest = KernelTest;

TEST_F(LocalArgAlignmentTest, SixteenWideLongsAndDoublesAre128ByteAligned) {
  cl_kernel k = buildKernel(R"(
    kernel void where(local char *c, local long16 *l, local short3 *s, local double16 *d,
                      local ulong16 *u, global ulong *out) {
      local int own[3];
      if (get_local_id(0) == 0) {
        own[0] = 1;
        out[0] = (ulong)l % 128;
        out[1] = (ulong)d % 128;
        out[2] = (ulong)u % 128;
        out[3] = (ulong)s % 8;
        out[4] = (ulong)own % 4;
        l[0] = (long16)(7);
        d[0] = (double16)(own[0]);
        out[5] = (ulong)(l[0].sf + (long)d[0].s3);
      }
    })",
                            "where");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_ulong>(6);
  ASSERT_EQ(setArgs(k, LocalBytes{3}, LocalBytes{128 * 2}, LocalBytes{8 * 5}, LocalBytes{128},
                    LocalBytes{128 * 3}, out),
            CL_SUCCESS);
  const size_t global = 8, local = 4;
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  EXPECT_EQ(read<cl_ulong>(out, 6), (std::vector<cl_ulong>{0, 0, 0, 0, 0, 8}));
}

} // namespace
} // namespace corecl::test
