// End-to-end: every work-item function, per work-item, over 1D, 2D and 3D
// ranges with global offsets and odd sizes (uniform and non-uniform
// work-groups), checked against values computed on the host.
#include "kernels/kernel_fixture.h"

#include <array>
#include <vector>

namespace corecl::test {
namespace {

using KernelWorkItemTest = KernelTest;

constexpr int kFields = 8 * 3 + 3;

// One record of kFields ulongs per work-item, at the work-item's linear
// position in the range (computed without the functions under test's
// linear forms, so a wrong linear id cannot hide a record).
const char *kRecord = R"(
  kernel void record(global ulong *out) {
    size_t pos = 0;
    for (int d = 2; d >= 0; --d)
      pos = pos * get_global_size(d) + (get_global_id(d) - get_global_offset(d));
    global ulong *r = out + pos * 27;
    for (uint d = 0; d < 3; ++d) {
      r[d * 8 + 0] = get_global_id(d);
      r[d * 8 + 1] = get_local_id(d);
      r[d * 8 + 2] = get_group_id(d);
      r[d * 8 + 3] = get_local_size(d);
      r[d * 8 + 4] = get_num_groups(d);
      r[d * 8 + 5] = get_global_offset(d);
      r[d * 8 + 6] = get_global_size(d);
      r[d * 8 + 7] = get_enqueued_local_size(d);
    }
    r[24] = get_work_dim();
    r[25] = get_global_linear_id();
    r[26] = get_local_linear_id();
  })";

struct Range {
  cl_uint dims;
  std::array<size_t, 3> global, local, offset;
};

std::array<cl_ulong, kFields> expectedRecord(const Range &r, const std::array<size_t, 3> &pos) {
  std::array<cl_ulong, kFields> e{};
  std::array<size_t, 3> gs{1, 1, 1}, ls{1, 1, 1}, off{0, 0, 0}, gid{0, 0, 0}, lid{0, 0, 0},
      lsz{1, 1, 1};
  for (cl_uint d = 0; d < r.dims; ++d) {
    gs[d] = r.global[d];
    ls[d] = r.local[d];
    off[d] = r.offset[d];
  }
  for (int d = 0; d < 3; ++d) {
    size_t group = pos[d] / ls[d];
    size_t groups = (gs[d] + ls[d] - 1) / ls[d];
    lid[d] = pos[d] % ls[d];
    gid[d] = pos[d] + off[d];
    // The last group of a non-uniform range holds the remainder.
    lsz[d] = group == groups - 1 && gs[d] % ls[d] ? gs[d] % ls[d] : ls[d];
    e[d * 8 + 0] = gid[d];
    e[d * 8 + 1] = lid[d];
    e[d * 8 + 2] = group;
    e[d * 8 + 3] = lsz[d];
    e[d * 8 + 4] = groups;
    e[d * 8 + 5] = off[d];
    e[d * 8 + 6] = gs[d];
    e[d * 8 + 7] = ls[d];
  }
  e[24] = r.dims;
  e[25] = (pos[2] * gs[1] + pos[1]) * gs[0] + pos[0];
  e[26] = (lid[2] * lsz[1] + lid[1]) * lsz[0] + lid[0];
  return e;
}

const char *kFieldNames[kFields] = {
    "global_id(0)",  "local_id(0)",      "group_id(0)",    "local_size(0)",
    "num_groups(0)", "global_offset(0)", "global_size(0)", "enqueued_local_size(0)",
    "global_id(1)",  "local_id(1)",      "group_id(1)",    "local_size(1)",
    "num_groups(1)", "global_offset(1)", "global_size(1)", "enqueued_local_size(1)",
    "global_id(2)",  "local_id(2)",      "group_id(2)",    "local_size(2)",
    "num_groups(2)", "global_offset(2)", "global_size(2)", "enqueued_local_size(2)",
    "work_dim",      "global_linear_id", "local_linear_id"};

void checkRange(KernelTest &t, cl_kernel k, const Range &r) {
  SCOPED_TRACE(testing::Message() << "dims " << r.dims << " global " << r.global[0] << "x"
                                  << r.global[1] << "x" << r.global[2] << " local " << r.local[0]
                                  << "x" << r.local[1] << "x" << r.local[2] << " offset "
                                  << r.offset[0] << "," << r.offset[1] << "," << r.offset[2]);
  size_t total = 1;
  for (cl_uint d = 0; d < r.dims; ++d)
    total *= r.global[d];
  cl_mem out = t.outputBuffer<cl_ulong>(total * kFields);
  ASSERT_EQ(t.setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(t.run(k, r.dims, r.global.data(), r.local.data(), r.offset.data()), CL_SUCCESS);
  std::vector<cl_ulong> got = t.read<cl_ulong>(out, total * kFields);
  std::array<size_t, 3> extent{1, 1, 1};
  for (cl_uint d = 0; d < r.dims; ++d)
    extent[d] = r.global[d];
  size_t failures = 0;
  for (size_t z = 0; z < extent[2]; ++z)
    for (size_t y = 0; y < extent[1]; ++y)
      for (size_t x = 0; x < extent[0]; ++x) {
        size_t linear = (z * extent[1] + y) * extent[0] + x;
        std::array<cl_ulong, kFields> e = expectedRecord(r, {x, y, z});
        for (int f = 0; f < kFields; ++f) {
          cl_ulong g = got[linear * kFields + f];
          if (g != e[f] && ++failures <= 20)
            ADD_FAILURE() << "work-item (" << x << "," << y << "," << z << ") " << kFieldNames[f]
                          << ": got " << g << ", expected " << e[f];
        }
      }
  EXPECT_EQ(failures, 0u);
}

TEST_F(KernelWorkItemTest, OneDimensionWithOffset) {
  cl_kernel k = buildKernel(kRecord, "record", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  checkRange(*this, k, {1, {63, 0, 0}, {21, 0, 0}, {5, 0, 0}});
  checkRange(*this, k, {1, {1000, 0, 0}, {8, 0, 0}, {1ull << 33, 0, 0}});
}

TEST_F(KernelWorkItemTest, TwoDimensionsWithOffsetOddSizes) {
  cl_kernel k = buildKernel(kRecord, "record", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  checkRange(*this, k, {2, {21, 15, 0}, {7, 5, 0}, {3, 100, 0}});
  checkRange(*this, k, {2, {9, 33, 0}, {1, 11, 0}, {0, 7, 0}});
}

TEST_F(KernelWorkItemTest, ThreeDimensionsWithOffsetOddSizes) {
  cl_kernel k = buildKernel(kRecord, "record", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  checkRange(*this, k, {3, {15, 10, 9}, {5, 5, 3}, {1, 2, 3}});
  checkRange(*this, k, {3, {3, 7, 5}, {3, 1, 5}, {11, 0, 13}});
}

TEST_F(KernelWorkItemTest, NonUniformGroupsIn2DAnd3D) {
  // OpenCL C 2.0: the last group in a dimension may be smaller;
  // get_local_size reports its real size, get_enqueued_local_size the
  // one given to clEnqueueNDRangeKernel.
  cl_kernel k = buildKernel(kRecord, "record", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  checkRange(*this, k, {1, {23, 0, 0}, {8, 0, 0}, {2, 0, 0}});
  checkRange(*this, k, {2, {23, 10, 0}, {8, 4, 0}, {1, 1, 0}});
  checkRange(*this, k, {3, {7, 5, 11}, {4, 2, 3}, {0, 9, 4}});
}

TEST_F(KernelWorkItemTest, ThreeDimensionsWithDriverChosenLocalSize) {
  cl_kernel k = buildKernel(kRecord, "record", "-cl-std=CL2.0");
  ASSERT_TRUE(k);
  // Local size left to CoreCL: read back the local size it chose (from
  // the first work-item) and check everything against that.
  size_t global[3] = {17, 6, 5}, offset[3] = {4, 5, 6};
  const size_t total = 17 * 6 * 5;
  cl_mem out = outputBuffer<cl_ulong>(total * kFields);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 3, global, nullptr, offset), CL_SUCCESS);
  std::vector<cl_ulong> got = read<cl_ulong>(out, total * kFields);
  Range r{3, {17, 6, 5}, {got[7], got[15], got[23]}, {4, 5, 6}};
  for (int d = 0; d < 3; ++d) {
    ASSERT_GE(r.local[d], 1u);
    ASSERT_LE(r.local[d], r.global[d]);
  }
  checkRange(*this, k, r); // the kernel is rerun with that local size
}

TEST_F(KernelWorkItemTest, OpenCL12QueriesWithoutLinearIds) {
  // The OpenCL C 1.2 functions, with a runtime (non-constant) dimension
  // index, including indices past get_work_dim() and past 2.
  cl_kernel k = buildKernel(R"(
    kernel void q(global ulong *out, uint dim) {
      size_t pos = get_global_id(0) - get_global_offset(0) +
                   get_global_size(0) * (get_global_id(1) - get_global_offset(1));
      global ulong *r = out + pos * 7;
      r[0] = get_global_id(dim);
      r[1] = get_local_id(dim);
      r[2] = get_group_id(dim);
      r[3] = get_local_size(dim);
      r[4] = get_num_groups(dim);
      r[5] = get_global_offset(dim);
      r[6] = get_global_size(dim);
    })",
                            "q");
  ASSERT_TRUE(k);
  const size_t global[2] = {12, 6}, local[2] = {4, 3}, offset[2] = {10, 20};
  for (cl_uint dim = 0; dim < 5; ++dim) {
    SCOPED_TRACE(testing::Message() << "dim " << dim);
    cl_mem out = outputBuffer<cl_ulong>(72 * 7);
    ASSERT_EQ(setArgs(k, out, dim), CL_SUCCESS);
    ASSERT_EQ(run(k, 2, global, local, offset), CL_SUCCESS);
    std::vector<cl_ulong> got = read<cl_ulong>(out, 72 * 7);
    for (size_t y = 0; y < 6; ++y)
      for (size_t x = 0; x < 12; ++x) {
        size_t p[2] = {x, y};
        cl_ulong e[7] = {0, 0, 0, 1, 1, 0, 1}; // the values past work_dim
        if (dim < 2) {
          e[0] = p[dim] + offset[dim];
          e[1] = p[dim] % local[dim];
          e[2] = p[dim] / local[dim];
          e[3] = local[dim];
          e[4] = global[dim] / local[dim];
          e[5] = offset[dim];
          e[6] = global[dim];
        }
        for (int f = 0; f < 7; ++f)
          ASSERT_EQ(got[(y * 12 + x) * 7 + f], e[f]) << "x " << x << " y " << y << " field " << f;
      }
  }
}

TEST_F(KernelWorkItemTest, QueriesInsideHelperFunctions) {
  // Work-item functions called from helpers, one of them not inlined.
  cl_kernel k = buildKernel(R"(
    size_t flat(void) {
      return (get_global_id(1) - get_global_offset(1)) * get_global_size(0) +
             (get_global_id(0) - get_global_offset(0));
    }
    __attribute__((noinline)) int code(int d) {
      return (int)(get_local_id(d) * 1000 + get_group_id(d) * 10 + get_work_dim());
    }
    kernel void f(global int *out) {
      size_t i = flat();
      out[2 * i] = code(0);
      out[2 * i + 1] = code(1);
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t global[2] = {12, 10}, local[2] = {4, 5}, offset[2] = {3, 7};
  cl_mem out = outputBuffer<cl_int>(240);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local, offset), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(out, 240);
  for (size_t y = 0; y < 10; ++y)
    for (size_t x = 0; x < 12; ++x) {
      size_t i = y * 12 + x;
      ASSERT_EQ(got[2 * i], int((x % 4) * 1000 + (x / 4) * 10 + 2)) << x << "," << y;
      ASSERT_EQ(got[2 * i + 1], int((y % 5) * 1000 + (y / 5) * 10 + 2)) << x << "," << y;
    }
}

} // namespace
} // namespace corecl::test
