// End-to-end: work-item loops whose body only the first s work-items run
// (`if (lid < s)`, s the same for all), which work-group formation ends at
// min(local size, s) (clamp_guarded_item_loops.cpp). Tree reductions in
// local memory with every local size from 1 to a non-power of two, and
// signed guards with negative, zero and oversized bounds, checked against
// a host model that runs the same steps.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using GuardedItemLoopsTest = KernelTest;

TEST_F(GuardedItemLoopsTest, TreeReductionInLocalMemory) {
  cl_kernel k = buildKernel(R"(
    kernel void reduce(global const int *in, global int *out, local int *scratch) {
      size_t lid = get_local_id(0);
      scratch[lid] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
          scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (lid == 0)
        out[get_group_id(0)] = scratch[0];
    })",
                            "reduce");
  ASSERT_TRUE(k);
  for (size_t local : {size_t(256), size_t(96), size_t(7), size_t(2), size_t(1)}) {
    SCOPED_TRACE(testing::Message() << "local " << local);
    const size_t groups = 12, global = local * groups;
    std::vector<cl_int> in(global);
    for (size_t i = 0; i < global; ++i)
      in[i] = cl_int((i * 7919) % 1000) - 500;
    cl_mem bin = bufferOf(in);
    std::vector<cl_int> initial(groups, -1);
    cl_mem out = bufferOf(initial);
    ASSERT_EQ(setArgs(k, bin, out, LocalBytes{local * sizeof(cl_int)}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(out, groups);
    for (size_t g = 0; g < groups; ++g) {
      // The kernel's steps: with a local size that is not a power of two
      // some elements are never added, the same on any device.
      std::vector<cl_int> scratch(in.begin() + long(g * local), in.begin() + long((g + 1) * local));
      for (size_t s = local / 2; s > 0; s >>= 1)
        for (size_t lid = 0; lid < s; ++lid)
          scratch[lid] += scratch[lid + s];
      ASSERT_EQ(got[g], scratch[0]) << "group " << g;
    }
  }
}

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
