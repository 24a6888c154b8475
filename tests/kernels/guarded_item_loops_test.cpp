// End-to-end: work-item loops whose body only the first s work-items run
// (`if (lid < s)`, s the same for all), which work-group formation ends at
// min(local size, s) (clamp_guarded_item_loops.cpp): signed guards with
// negative, zero and oversized bounds, without and after a barrier. Tree
// reductions, the usual case, are in reduction_test.cpp.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using GuardedItemLoopsTest = KernelTest;

TEST_F(GuardedItemLoopsTest, SignedGuardWithAnyBound) {
  // Without and after a barrier (the region after it is a loop of its
  // own), for bounds below zero, zero, inside and past the group.
  cl_program program = build(R"(
    kernel void mark(global int *out, int bound) {
      int lid = get_local_id(0);
      if (lid < bound)
        out[get_global_id(0)] = lid * 3 + bound;
    }
    kernel void mark_after_barrier(global int *out, local int *shared, int bound) {
      int lid = get_local_id(0);
      shared[lid] = lid;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid < bound)
        out[get_global_id(0)] = shared[lid] * 3 + bound;
    })");
  cl_kernel k = createKernel(program, "mark");
  cl_kernel k2 = createKernel(program, "mark_after_barrier");
  ASSERT_TRUE(k && k2);
  const size_t local = 64, global = 192;
  for (cl_int bound : {-5, 0, 1, 17, 64, 1000}) {
    SCOPED_TRACE(testing::Message() << "bound " << bound);
    for (cl_kernel kernel : {k, k2}) {
      std::vector<cl_int> initial(global, -1);
      cl_mem out = bufferOf(initial);
      cl_int err = kernel == k ? setArgs(kernel, out, bound)
                               : setArgs(kernel, out, LocalBytes{local * sizeof(cl_int)}, bound);
      ASSERT_EQ(err, CL_SUCCESS);
      ASSERT_EQ(run(kernel, 1, &global, &local), CL_SUCCESS);
      std::vector<cl_int> got = read<cl_int>(out, global);
      for (size_t i = 0; i < global; ++i) {
        cl_int lid = cl_int(i % local);
        ASSERT_EQ(got[i], lid < bound ? lid * 3 + bound : -1) << i;
      }
    }
  }
}

} // namespace
} // namespace corecl::test
