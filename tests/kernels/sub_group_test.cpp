// Sub-groups: W consecutive work-items of a row, the lanes of one packet,
// where the device's float width W divides every row of a launch, else
// one work-item each (builtins/lib/sub_group.cl); a kernel that calls
// sub-group functions under a branch its lanes may take apart has
// sub-groups of one. The device and kernel queries, the work-item
// functions and every sub-group function must agree; the expected values
// are computed here from the inputs.
#include "kernels/kernel_fixture.h"

#include <CL/cl_ext.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using SubGroupTest = KernelTest;

constexpr const char *kCl3 = "-cl-std=CL3.0";

TEST_F(SubGroupTest, DeviceReportsTheFeatureAndExtensions) {
  cl_uint maxSubGroups = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof maxSubGroups,
                            &maxSubGroups, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(maxSubGroups, cl_uint(deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE)));
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS, 0, nullptr, &size), CL_SUCCESS);
  std::string extensions(size, '\0');
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr),
            CL_SUCCESS);
  for (const char *name : {"cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
                           "cl_khr_subgroup_ballot", "cl_khr_subgroup_non_uniform_arithmetic",
                           "cl_khr_subgroup_shuffle ", "cl_khr_subgroup_shuffle_relative",
                           "cl_khr_subgroup_clustered_reduce"})
    EXPECT_NE((extensions + " ").find(name), std::string::npos) << name;
  // Not the cl_khr_subgroups extension, which needs independent forward
  // progress between sub-groups (the 3.0 feature does not).
  EXPECT_EQ((extensions + " ").find("cl_khr_subgroups "), std::string::npos);
  cl_bool progress = CL_TRUE;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
                            sizeof progress, &progress, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(progress, cl_bool(CL_FALSE));
}

/// The device's float width: CoreCL's sub-groups are that many SIMD lanes
/// (a row's last sub-group may be narrower) where a launch's groups are
/// single rows or the width divides every row, else one work-item
/// (builtins/lib/sub_group.cl).
cl_uint laneWidth() {
  cl_uint width = 0;
  EXPECT_EQ(
      clGetDeviceInfo(device(), CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof width, &width, nullptr),
      CL_SUCCESS);
  return width;
}

/// The (largest) sub-group size of a launch whose groups' rows have `row`
/// work-items (the last group's `lastRow`), `rows` rows a group, by that
/// rule.
size_t expectedSubGroupSize(size_t row, size_t lastRow, size_t rows) {
  size_t width = laneWidth();
  return width > 1 && (rows == 1 || (row % width == 0 && lastRow % width == 0)) ? width : 1;
}

TEST_F(SubGroupTest, KernelQueriesFollowTheRowsOfTheLocalSize) {
  cl_kernel k = buildKernel("kernel void k(global int *p) { p[get_global_id(0)] = 1; }", "k", kCl3);
  ASSERT_TRUE(k);
  // The issue's aim: sub-groups of a vector's lanes on a SIMD machine.
  ASSERT_GE(laneWidth(), 4u);
  struct Case {
    size_t local[3];
    size_t size;
  };
  for (Case c : {Case{{64, 1, 1}, laneWidth()}, Case{{8, 4, 2}, expectedSubGroupSize(8, 8, 8)},
                 Case{{7, 3, 1}, 1}, Case{{1, 16, 1}, 1}, Case{{7, 1, 1}, laneWidth()}}) {
    SCOPED_TRACE(std::to_string(c.local[0]) + "x" + std::to_string(c.local[1]));
    size_t answer = 0;
    ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                      sizeof c.local, c.local, sizeof answer, &answer, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(answer, c.size);
    ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                      sizeof c.local, c.local, sizeof answer, &answer, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(answer, (c.local[0] + c.size - 1) / c.size * c.local[1] * c.local[2]);
  }
  // A local size for 12 sub-groups: its count query gives 12 back.
  size_t wanted = 12, sizes[3] = {}, answer = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                    sizeof wanted, &wanted, sizeof sizes, sizes, nullptr),
            CL_SUCCESS);
  ASSERT_NE(sizes[0], 0u);
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                    sizeof sizes, sizes, sizeof answer, &answer, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(answer, 12u);
  EXPECT_EQ(sizes[0], 12u * laneWidth());
  wanted = 1 << 30; // more sub-groups than any group has work-items
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                    sizeof wanted, &wanted, sizeof sizes, sizes, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(sizes[0], 0u);
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof answer, &answer, nullptr),
            CL_SUCCESS);
  size_t workGroup = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof workGroup,
                                     &workGroup, nullptr),
            CL_SUCCESS);
  // A column of work-items (rows of one) has a sub-group each.
  EXPECT_EQ(answer, workGroup);
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof answer, &answer, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(answer, 0u);
  // Refusals: no input where one is needed, a bad name, a bad kernel.
  const size_t local[3] = {8, 4, 2};
  EXPECT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 0, nullptr,
                                    sizeof answer, &answer, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 5, local,
                                    sizeof answer, &answer, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(
      clGetKernelSubGroupInfo(k, device(), 0x7777, 0, nullptr, sizeof answer, &answer, nullptr),
      CL_INVALID_VALUE);
  EXPECT_EQ(clGetKernelSubGroupInfo(nullptr, device(), CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof answer, &answer, nullptr),
            CL_INVALID_KERNEL);
}

/// One launch's shape for FunctionsInLanesMatchTheReference.
struct Shape {
  cl_uint dims;
  size_t global[2], local[2];
};

TEST_F(SubGroupTest, FunctionsInLanesMatchTheReference) {
  // Every sub-group function in uniform control flow, where the sub-groups
  // are packets' lanes: each work-item records its ids and the results.
  const char *source = R"(
    #pragma OPENCL EXTENSION cl_khr_subgroup_extended_types : enable
    kernel void sg(global const int *in, global const float *fin, global int *out,
                   global float *fout) {
      size_t i = get_global_linear_id();
      int x = in[i];
      float f = fin[i];
      global int *o = out + 32 * i;
      uint lane = get_sub_group_local_id(), size = get_sub_group_size();
      o[0] = size;
      o[1] = get_max_sub_group_size();
      o[2] = get_num_sub_groups();
      o[3] = get_enqueued_num_sub_groups();
      o[4] = get_sub_group_id();
      o[5] = lane;
      o[6] = sub_group_reduce_add(x);
      o[7] = sub_group_scan_inclusive_add(x);
      o[8] = sub_group_scan_exclusive_max(x);
      o[9] = sub_group_broadcast(x, size - 1);
      o[10] = sub_group_shuffle(x, (lane + 1) % size);
      o[11] = sub_group_shuffle_xor(x, (lane ^ 1) < size ? 1 : 0);
      o[12] = sub_group_shuffle_down(x, lane + 1 < size ? 1 : 0);
      o[13] = sub_group_shuffle_up(x, lane > 0 ? 1 : 0);
      uint4 b = sub_group_ballot(x > 0);
      o[14] = b.x;
      o[15] = sub_group_ballot_bit_count(b);
      o[16] = sub_group_ballot_inclusive_scan(b);
      o[17] = sub_group_inverse_ballot(b);
      o[18] = sub_group_all(x > -50) + 2 * sub_group_any(x > 40) + 4 * sub_group_elect();
      o[19] = sub_group_clustered_reduce_add(x, 2);
      o[20] = sub_group_non_uniform_reduce_mul((x & 1) + 1);
      o[21] = sub_group_non_uniform_scan_inclusive_xor(x);
      o[22] = sub_group_non_uniform_reduce_logical_and(x != 7);
      o[23] = sub_group_non_uniform_all_equal(x / 1000) + 2 * sub_group_non_uniform_all_equal(x);
      o[24] = (int)(sub_group_reduce_max((long)x * 100000) / 100000);
      char2 c = sub_group_broadcast((char2)((char)x, (char)(x + 1)), 0);
      o[25] = c.x + c.y * 256;
      o[26] = sub_group_scan_exclusive_min((short)x);
      o[27] = (int)sub_group_reduce_add((double)x);
      fout[2 * i] = sub_group_reduce_add(f);
      fout[2 * i + 1] = sub_group_scan_inclusive_add(f);
    }
  )";
  cl_kernel k = buildKernel(source, "sg", kCl3);
  ASSERT_TRUE(k);
  const size_t width = laneWidth();
  for (Shape shape :
       {Shape{1, {256, 1}, {64, 1}}, Shape{1, {96, 1}, {24, 1}}, Shape{1, {80, 1}, {20, 1}},
        Shape{1, {100, 1}, {32, 1}}, Shape{1, {45, 1}, {45, 1}}, Shape{2, {32, 6}, {16, 3}},
        Shape{2, {20, 4}, {10, 2}}}) {
    SCOPED_TRACE("global " + std::to_string(shape.global[0]) + "x" +
                 std::to_string(shape.global[1]) + ", local " + std::to_string(shape.local[0]) +
                 "x" + std::to_string(shape.local[1]));
    const size_t n = shape.global[0] * shape.global[1];
    std::vector<int> in(n);
    std::vector<float> fin(n);
    for (size_t i = 0; i < n; ++i) {
      in[i] = int((i * 7919) % 97) - 48;
      fin[i] = float(in[i]) * 0.37f + 0.001f * float(i);
    }
    cl_mem bin = bufferOf(in), bfin = bufferOf(fin), out = outputBuffer<int>(32 * n),
           fout = outputBuffer<float>(2 * n);
    ASSERT_EQ(setArgs(k, bin, bfin, out, fout), CL_SUCCESS);
    ASSERT_EQ(run(k, shape.dims, shape.global, shape.local), CL_SUCCESS);
    std::vector<int> got = read<int>(out, 32 * n);
    std::vector<float> fgot = read<float>(fout, 2 * n);
    const size_t row = shape.local[0], rest = shape.global[0] % row;
    const size_t most = expectedSubGroupSize(row, rest ? rest : row, shape.local[1]);
    if (shape.dims == 1)
      EXPECT_EQ(most, width); // the aim: a vector's lanes
    for (size_t gy = 0; gy < shape.global[1]; ++gy)
      for (size_t gx = 0; gx < shape.global[0]; ++gx) {
        const size_t i = gy * shape.global[0] + gx;
        SCOPED_TRACE("work-item " + std::to_string(gx) + "," + std::to_string(gy));
        const size_t groupX = gx / row, lx = gx % row, ly = gy % shape.local[1];
        const size_t thisRow = std::min(row, shape.global[0] - groupX * row);
        const size_t lane = lx % most, first = gx - lane;
        const size_t size = std::min(most, thisRow - (lx - lane)); // a row's last: fewer
        // The sub-group's inputs in lane order.
        std::vector<int> xs;
        std::vector<float> fs;
        for (size_t l = 0; l < size; ++l) {
          xs.push_back(in[gy * shape.global[0] + first + l]);
          fs.push_back(fin[gy * shape.global[0] + first + l]);
        }
        const int x = in[i];
        int sum = 0, inclusive = 0, exclusiveMax = INT_MIN, prefixXor = 0, allSeven = 1;
        unsigned ballot = 0, product = 1;
        long long maxLong = LLONG_MIN;
        int exclusiveMin = SHRT_MAX;
        bool all = true, any = false, allSame = true;
        float fsum = 0, finclusive = 0;
        for (size_t l = 0; l < size; ++l) {
          sum += xs[l];
          fsum += fs[l];
          if (l <= lane) {
            inclusive += xs[l];
            prefixXor ^= xs[l];
            finclusive += fs[l];
          }
          if (l < lane) {
            exclusiveMax = std::max(exclusiveMax, xs[l]);
            exclusiveMin = std::min(exclusiveMin, xs[l]);
          }
          ballot |= unsigned(xs[l] > 0) << l;
          all = all && xs[l] > -50;
          any = any || xs[l] > 40;
          product *= unsigned(xs[l] & 1) + 1;
          allSeven = allSeven && xs[l] != 7;
          allSame = allSame && xs[l] == xs[0];
          maxLong = std::max(maxLong, (long long)xs[l] * 100000);
        }
        const size_t cluster = std::min<size_t>(2, size), clusterFirst = lane / cluster * cluster;
        int clusterSum = 0;
        // A row's last sub-group may end inside a cluster.
        for (size_t l = clusterFirst; l < std::min(clusterFirst + cluster, size); ++l)
          clusterSum += xs[l];
        const size_t perRow = (thisRow + most - 1) / most;
        const unsigned below = unsigned(lane + 1 < 32 ? (1u << (lane + 1)) - 1 : ~0u);
        std::vector<int> expected = {int(size),
                                     int(most),
                                     int(perRow * shape.local[1]),
                                     int((row + most - 1) / most * shape.local[1]),
                                     int(ly * perRow + lx / most),
                                     int(lane),
                                     sum,
                                     inclusive,
                                     exclusiveMax,
                                     xs[size - 1],
                                     xs[(lane + 1) % size],
                                     xs[(lane ^ 1) < size ? lane ^ 1 : lane],
                                     xs[lane + 1 < size ? lane + 1 : lane],
                                     xs[lane > 0 ? lane - 1 : 0],
                                     int(ballot),
                                     std::popcount(ballot),
                                     std::popcount(ballot & below),
                                     int((ballot >> lane) & 1),
                                     int(all) + 2 * int(any) + 4 * int(lane == 0),
                                     clusterSum,
                                     int(product),
                                     prefixXor,
                                     allSeven,
                                     1 + 2 * int(allSame),
                                     int(maxLong / 100000),
                                     int((signed char)xs[0]) + int((signed char)(xs[0] + 1)) * 256,
                                     lane == 0 ? SHRT_MAX : exclusiveMin,
                                     sum};
        EXPECT_EQ(std::vector<int>(&got[32 * i], &got[32 * i] + expected.size()), expected);
        EXPECT_EQ(fgot[2 * i], fsum);
        EXPECT_EQ(fgot[2 * i + 1], finclusive);
        (void)x;
      }
  }
}

TEST_F(SubGroupTest, ReductionThroughLocalMemoryAcrossABarrier) {
  // The usual shape: a sub-group reduce, one value per sub-group into
  // __local memory, a barrier, work-item 0 sums them (region packets).
  cl_kernel k = buildKernel(R"(
    kernel void red(global const int *in, global int *out, local int *partial) {
      int s = sub_group_reduce_add(in[get_global_id(0)]);
      if (get_sub_group_local_id() == 0)
        partial[get_sub_group_id()] = s;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) == 0) {
        int total = 0;
        for (uint j = 0; j < get_num_sub_groups(); ++j)
          total += partial[j];
        out[get_group_id(0)] = total + 1000000 * (int)get_max_sub_group_size();
      }
    })",
                            "red", kCl3);
  ASSERT_TRUE(k);
  for (size_t local : {128, 40, 9}) {
    const size_t groups = 6, global = groups * local;
    std::vector<int> in(global);
    for (size_t i = 0; i < global; ++i)
      in[i] = int(i % 13) - 6;
    cl_mem bin = bufferOf(in), out = outputBuffer<int>(groups);
    ASSERT_EQ(setArgs(k, bin, out, LocalBytes{local * sizeof(int)}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<int> got = read<int>(out, groups);
    for (size_t g = 0; g < groups; ++g) {
      int total = 0;
      for (size_t l = 0; l < local; ++l)
        total += in[g * local + l];
      EXPECT_EQ(got[g], total + 1000000 * int(expectedSubGroupSize(local, local, 1)))
          << "local " << local << ", group " << g;
    }
  }
}

TEST_F(SubGroupTest, SubGroupBarrierOrdersAnExchangeThroughLocalMemory) {
  // Each work-item writes its value, the sub-group barrier, then reads its
  // right neighbour's within the sub-group.
  cl_kernel k = buildKernel(R"(
    kernel void pass(global const int *in, global int *out, local int *slots) {
      size_t lid = get_local_id(0);
      slots[lid] = in[get_global_id(0)];
      sub_group_barrier(CLK_LOCAL_MEM_FENCE);
      uint lane = get_sub_group_local_id(), size = get_sub_group_size();
      out[get_global_id(0)] = slots[lid - lane + (lane + 1) % size] * 100 + size;
    })",
                            "pass", kCl3);
  ASSERT_TRUE(k);
  for (size_t local : {64, 12}) {
    const size_t global = local * 3;
    std::vector<int> in(global);
    for (size_t i = 0; i < global; ++i)
      in[i] = int(i * 5 % 17);
    cl_mem bin = bufferOf(in), out = outputBuffer<int>(global);
    ASSERT_EQ(setArgs(k, bin, out, LocalBytes{local * sizeof(int)}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<int> got = read<int>(out, global);
    const size_t most = expectedSubGroupSize(local, local, 1);
    for (size_t i = 0; i < global; ++i) {
      size_t lane = i % local % most, size = std::min(most, local - (i % local - lane));
      EXPECT_EQ(got[i], in[i - lane + (lane + 1) % size] * 100 + int(size))
          << "local " << local << ", work-item " << i;
    }
  }
}

TEST_F(SubGroupTest, CallsUnderADivergentBranchKeepSubGroupsOfOne) {
  // Each work-item records the work-item functions and the results of the
  // sub-group functions, half of them under a branch that splits the
  // group: lanes that part run one by one in a packet, so such a kernel has
  // sub-groups of one work-item, in which every function is exact.
  std::string source = R"(
    #pragma OPENCL EXTENSION cl_khr_subgroup_extended_types : enable
    kernel void sg(global const int *in, global int *out) {
      size_t i = get_global_id(0);
      int x = in[i];
      global int *o = out + 24 * i;
      o[0] = get_sub_group_size();
      o[1] = get_max_sub_group_size();
      o[2] = get_num_sub_groups();
      o[3] = get_enqueued_num_sub_groups();
      o[4] = get_sub_group_id();
      o[5] = get_sub_group_local_id();
      o[6] = sub_group_reduce_add(x) + sub_group_scan_inclusive_max(x);
      o[7] = sub_group_scan_exclusive_add(x);
      o[8] = sub_group_scan_exclusive_min(x) == INT_MAX;
      o[9] = sub_group_broadcast(x, 0) + sub_group_all(x > 3) * 1000 + sub_group_any(x == 5) * 100;
      sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
      if (x % 3 == 0) {   // divergent between work-items
        o[10] = sub_group_non_uniform_reduce_mul(x) + sub_group_elect();
        o[11] = sub_group_non_uniform_scan_exclusive_mul(x);
        uint4 ballot = sub_group_ballot(x > 2);
        o[12] = ballot.x + ballot.y + ballot.z + ballot.w;
        o[13] = sub_group_ballot_bit_count(ballot) + 10 * sub_group_inverse_ballot(ballot);
        o[14] = sub_group_shuffle(x, 0) + sub_group_shuffle_xor(x, 0);
        o[15] = sub_group_shuffle_up(x, 0) - sub_group_shuffle_down(x, 0);
        o[16] = sub_group_clustered_reduce_max(x, 1);
        o[17] = sub_group_non_uniform_reduce_logical_or(x) + sub_group_non_uniform_all_equal(x);
        o[18] = sub_group_non_uniform_scan_exclusive_and(x);
        char2 c = sub_group_broadcast((char2)((char)x, (char)-x), 0);
        o[19] = c.x * 2 + c.y;
        uint4 eq = get_sub_group_eq_mask(), lt = get_sub_group_lt_mask();
        o[20] = eq.x + 2 * lt.x;
        o[21] = sub_group_broadcast_first(x) + sub_group_non_uniform_broadcast(x, 0);
      } else {
        for (int j = 10; j < 22; ++j)
          o[j] = -7;
      }
      o[22] = sub_group_non_uniform_all(x < 100);
      o[23] = sub_group_reduce_min((short)x) + sub_group_scan_inclusive_add((uchar)x);
    }
  )";
  cl_kernel k = buildKernel(source, "sg", kCl3);
  ASSERT_TRUE(k);
  for (size_t local : {1, 16, 50}) {
    const size_t global = local * 4;
    std::vector<int> in(global);
    for (size_t i = 0; i < global; ++i)
      in[i] = int(i * 37 % 11);
    cl_mem bin = bufferOf(in), out = outputBuffer<int>(24 * global);
    ASSERT_EQ(setArgs(k, bin, out), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<int> got = read<int>(out, 24 * global);
    for (size_t i = 0; i < global; ++i) {
      SCOPED_TRACE("local size " + std::to_string(local) + ", work-item " + std::to_string(i));
      const int *o = &got[24 * i];
      int x = in[i];
      std::vector<int> expected = {
          1, 1,     int(local), int(local), int(i % local),
          0, 2 * x, 0,          1,          x + (x > 3) * 1000 + (x == 5) * 100};
      if (x % 3 == 0) {
        int b = x > 2;
        expected.insert(expected.end(), {x + 1, 1, b, b + 10 * b, 2 * x, 0, x, (x != 0) + 1, -1,
                                         x * 2 - x, 1, 2 * x});
      } else {
        expected.insert(expected.end(), 12, -7);
      }
      expected.push_back(1);
      expected.push_back(x + x);
      EXPECT_EQ(std::vector<int>(o, o + 24), expected);
    }
  }
}

TEST_F(SubGroupTest, RequiredSubGroupSizeOfOneIsKeptAndOthersRefusedWithALog) {
  cl_kernel one = buildKernel(R"(
    __attribute__((intel_reqd_sub_group_size(1)))
    kernel void k(global int *p) {
      p[get_global_id(0)] = get_sub_group_size() + sub_group_reduce_add(1) * 10;
    })",
                              "k", kCl3);
  ASSERT_TRUE(one);
  const size_t global = 128, local = 64;
  cl_mem out = outputBuffer<int>(global);
  ASSERT_EQ(setArgs(one, out), CL_SUCCESS);
  ASSERT_EQ(run(one, 1, &global, &local), CL_SUCCESS);
  EXPECT_EQ(read<int>(out, global), std::vector<int>(global, 11));
  cl_program wide = createProgram(R"(
    __attribute__((intel_reqd_sub_group_size(16)))
    kernel void k(global int *p) { p[get_global_id(0)] = get_sub_group_size(); })");
  cl_device_id d = device();
  EXPECT_EQ(clBuildProgram(wide, 1, &d, kCl3, nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  std::string log = buildLog(wide);
  EXPECT_NE(log.find("intel_reqd_sub_group_size"), std::string::npos) << log;
  EXPECT_NE(log.find("'k'"), std::string::npos) << log;
}

} // namespace
} // namespace corecl::test
