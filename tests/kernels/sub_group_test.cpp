// Sub-groups: CoreCL's have one work-item each, which the device and
// kernel queries, the work-item functions and every sub-group function
// must agree on, in uniform and in divergent control flow (a sub-group of
// one is uniform anywhere). The expected values are the spec's for
// sub-groups of one, written here.
#include "kernels/kernel_fixture.h"

#include <CL/cl_ext.h>

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

TEST_F(SubGroupTest, KernelQueriesDescribeSubGroupsOfOne) {
  cl_kernel k = buildKernel("kernel void k(global int *p) { p[get_global_id(0)] = 1; }", "k", kCl3);
  ASSERT_TRUE(k);
  const size_t local[3] = {8, 4, 2};
  size_t answer = 0;
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                    sizeof local, local, sizeof answer, &answer, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(answer, 1u);
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                    sizeof local, local, sizeof answer, &answer, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(answer, 64u);
  size_t wanted = 12, sizes[3] = {};
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                    sizeof wanted, &wanted, sizeof sizes, sizes, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(sizes[0] * sizes[1] * sizes[2], 12u);
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
  EXPECT_EQ(answer, workGroup);
  ASSERT_EQ(clGetKernelSubGroupInfo(k, device(), CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, nullptr,
                                    sizeof answer, &answer, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(answer, 0u);
  // Refusals: no input where one is needed, a bad name, a bad kernel.
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

TEST_F(SubGroupTest, FunctionsAgreeInUniformAndDivergentCode) {
  // Each work-item records the work-item functions and the results of the
  // sub-group functions, half of them under a branch that splits the group.
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

TEST_F(SubGroupTest, RequiredSubGroupSizeOtherThanOneIsRefusedWithALog) {
  cl_program fine = build(R"(
    __attribute__((intel_reqd_sub_group_size(1)))
    kernel void k(global int *p) { p[get_global_id(0)] = get_sub_group_size(); })",
                          kCl3);
  EXPECT_TRUE(fine);
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
