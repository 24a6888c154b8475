// Kernels with a barrier in a loop take their work-groups in column strips
// (work_group_loops.cpp: a slice of consecutive groups covers a block of
// the grid). Every group must still run exactly once, with its own ids,
// for grids the strips do not divide, in two and three dimensions and
// with smaller last groups; checked against the ids the host expects.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using GroupOrderTest = KernelTest;

// Each work-item sums its group's coordinates, seen through local memory
// after a barrier, over two rounds of a loop with barriers (a trip count
// the compiler does not know, so the loop stays: the shape that takes
// groups in strips), into its own output word.
const char *kGroupIds = R"(
  kernel void ids(global uint *out, global uint *runs, int rounds) {
    local uint seen[3];
    uint sum = 0;
    for (int round = 0; round < rounds; ++round) {
      if (get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0) {
        seen[0] = get_group_id(0);
        seen[1] = get_group_id(1);
        seen[2] = get_group_id(2);
        if (round == 0)
          atomic_inc(&runs[(get_group_id(2) * get_num_groups(1) + get_group_id(1)) *
                               get_num_groups(0) + get_group_id(0)]);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      sum += seen[0] + 1000u * seen[1] + 1000000u * seen[2];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    size_t gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
    size_t at = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
    out[at] = sum;
  })";

void checkGrid(KernelTest &t, cl_kernel kernel, cl_uint dims, const size_t global[3],
               const size_t local[3]) {
  SCOPED_TRACE(testing::Message() << global[0] << " x " << global[1] << " x " << global[2] << " in "
                                  << local[0] << " x " << local[1] << " x " << local[2]);
  size_t groups[3], items = 1, groupCount = 1;
  for (int d = 0; d < 3; ++d) {
    groups[d] = (global[d] + local[d] - 1) / local[d];
    items *= global[d];
    groupCount *= groups[d];
  }
  cl_mem out = t.outputBuffer<cl_uint>(items);
  cl_mem runs = t.bufferOf(std::vector<cl_uint>(groupCount, 0));
  ASSERT_EQ(t.setArgs(kernel, out, runs, cl_int(2)), CL_SUCCESS);
  ASSERT_EQ(t.run(kernel, dims, global, local), CL_SUCCESS);
  std::vector<cl_uint> got = t.read<cl_uint>(out, items), ran = t.read<cl_uint>(runs, groupCount);
  for (size_t g = 0; g < groupCount; ++g)
    ASSERT_EQ(ran[g], 1u) << "group " << g;
  for (size_t z = 0; z < global[2]; ++z)
    for (size_t y = 0; y < global[1]; ++y)
      for (size_t x = 0; x < global[0]; ++x) {
        cl_uint want =
            2 * cl_uint(x / local[0] + 1000 * (y / local[1]) + 1000000 * (z / local[2]));
        ASSERT_EQ(got[(z * global[1] + y) * global[0] + x], want)
            << "item " << x << ", " << y << ", " << z;
      }
}

TEST_F(GroupOrderTest, EveryGroupRunsOnceWithItsIdsInStrips) {
  cl_kernel kernel = buildKernel(kGroupIds, "ids", "-cl-std=CL2.0");
  ASSERT_TRUE(kernel);
  const size_t cases[][6] = {
      {52, 20, 1, 4, 4, 1}, // 13 x 5 groups: an 8-wide strip and a 5-wide one
      {64, 12, 1, 4, 4, 1}, // 16 x 3: two whole strips
      {24, 40, 1, 4, 4, 1}, // 6 x 10: narrower than one strip
      {50, 18, 3, 4, 4, 1}, // 13 x 5 x 3 with smaller last groups
      {400, 2, 1, 8, 1, 1}, // 50 x 2: six whole strips and a 2-wide one
  };
  for (const auto &c : cases) {
    size_t global[3] = {c[0], c[1], c[2]}, local[3] = {c[3], c[4], c[5]};
    checkGrid(*this, kernel, c[2] > 1 ? 3 : 2, global, local);
  }
}

} // namespace
} // namespace corecl::test
