// End-to-end: kernels whose body only the first s work-items run
// (`if (lid < s)`, s the same for all): signed guards with negative, zero
// and oversized bounds, without and after a barrier. Tree reductions, the
// usual case, are in reduction_test.cpp. Rows of region packets stop at
// such guards (row_guard.cpp) where the work-items turned away change
// nothing another could tell apart; kernels.work_item_loops runs these
// tests through work-item loops as well.
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

TEST_F(GuardedItemLoopsTest, TurnedAwayWorkItemsKeepTheirOwnValues) {
  // The way past the guard keeps a value of each work-item's own across
  // the barrier: every work-item has to run the region, not only the first
  // `bound`. Group sizes with and without a partial packet at a row's end.
  cl_program program = build(R"(
    kernel void keep(global int *out, local int *shared, int bound) {
      int lid = get_local_id(0);
      shared[lid] = lid;
      barrier(CLK_LOCAL_MEM_FENCE);
      int mine = lid * 5;
      if (lid < bound) {
        shared[lid] += 7;
        mine = shared[lid];
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = mine + shared[lid];
    })");
  cl_kernel k = createKernel(program, "keep");
  ASSERT_TRUE(k);
  for (size_t local : {5, 24, 64}) {
    for (cl_int bound : {-1, 0, 3, 17, 100}) {
      SCOPED_TRACE(testing::Message() << "group of " << local << ", bound " << bound);
      const size_t global = local * 3;
      cl_mem out = bufferOf(std::vector<cl_int>(global, -1));
      ASSERT_EQ(setArgs(k, out, LocalBytes{local * sizeof(cl_int)}, bound), CL_SUCCESS);
      ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
      std::vector<cl_int> got = read<cl_int>(out, global);
      for (size_t i = 0; i < global; ++i) {
        cl_int lid = cl_int(i % local);
        ASSERT_EQ(got[i], lid < bound ? 2 * (lid + 7) : 6 * lid) << i;
      }
    }
  }
}

TEST_F(GuardedItemLoopsTest, TreeStepsGuardedEveryWay) {
  // The guard written `s > lid`, `lid >= s` with the work on the other
  // way, `lid == 0` and `lid != 0`, with unsigned and signed ids; a step
  // that stores nothing for the work-items it turns away.
  cl_program program = build(R"(
    kernel void sum(global const int *in, global int *out, local int *scratch) {
      uint lid = get_local_id(0);
      scratch[lid] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (s > lid)
          scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (lid == 0)
        out[get_group_id(0)] = scratch[0];
    }
    kernel void sum_signed(global const int *in, global int *out, local int *scratch) {
      int lid = get_local_id(0);
      scratch[lid] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid >= s) {
        } else {
          scratch[lid] += scratch[lid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (lid != 0) {
      } else {
        out[get_group_id(0)] = scratch[0];
      }
    })");
  for (const char *name : {"sum", "sum_signed"}) {
    cl_kernel k = createKernel(program, name);
    ASSERT_TRUE(k);
    for (size_t local : {2, 8, 32, 256}) {
      SCOPED_TRACE(testing::Message() << name << ", groups of " << local);
      const size_t groups = 5, global = groups * local;
      std::vector<cl_int> in(global);
      for (size_t i = 0; i < global; ++i)
        in[i] = cl_int(i * 37 % 101) - 50;
      cl_mem input = bufferOf(in);
      cl_mem out = bufferOf(std::vector<cl_int>(groups, 0));
      ASSERT_EQ(setArgs(k, input, out, LocalBytes{local * sizeof(cl_int)}), CL_SUCCESS);
      ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
      std::vector<cl_int> got = read<cl_int>(out, groups);
      for (size_t g = 0; g < groups; ++g) {
        cl_int expected = 0;
        for (size_t i = 0; i < local; ++i)
          expected += in[g * local + i];
        ASSERT_EQ(got[g], expected) << "group " << g;
      }
    }
  }
}

} // namespace
} // namespace corecl::test
