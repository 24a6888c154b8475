// End-to-end: the work-group collective functions of OpenCL C 3.0
// (work_group_all/any/broadcast, reduce and inclusive/exclusive scans of
// add/min/max) for every type the spec lists, in 1, 2 and 3 dimensions,
// with uniform and non-uniform groups and several collectives in a row
// (each must leave the next one's data alone). The references are computed
// here in linear local-id order, as the spec defines the scans.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using WorkGroupCollectivesTest = KernelTest;

constexpr const char *kCl3 = "-cl-std=CL3.0";

// Eleven answers per work-item: reduce, inclusive and exclusive scans of
// add, min and max, then a broadcast and all/any.
constexpr const char *kEverySource = R"(
  #define KERNEL(T)                                                                      \
  kernel void every_##T(global const T *in, global T *out, uint from) {                  \
    size_t i = get_global_id(0);                                                         \
    T x = in[i];                                                                         \
    global T *o = out + 11 * i;                                                          \
    o[0] = work_group_reduce_add(x);                                                     \
    o[1] = work_group_reduce_min(x);                                                     \
    o[2] = work_group_reduce_max(x);                                                     \
    o[3] = work_group_scan_inclusive_add(x);                                             \
    o[4] = work_group_scan_inclusive_min(x);                                             \
    o[5] = work_group_scan_inclusive_max(x);                                             \
    o[6] = work_group_scan_exclusive_add(x);                                             \
    o[7] = work_group_scan_exclusive_min(x);                                             \
    o[8] = work_group_scan_exclusive_max(x);                                             \
    o[9] = work_group_broadcast(x, from % get_local_size(0));                            \
    o[10] = (T)(work_group_all(x > (T)3) + 2 * work_group_any(x == (T)5));               \
  }
  KERNEL(int) KERNEL(uint) KERNEL(long) KERNEL(ulong) KERNEL(float) KERNEL(double)
)";

template <class T> std::vector<T> reference(const std::vector<T> &in, size_t local, uint32_t from) {
  std::vector<T> out(11 * in.size());
  const T lowest = std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                        : std::numeric_limits<T>::lowest();
  const T highest = std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                         : std::numeric_limits<T>::max();
  for (size_t start = 0; start < in.size(); start += local) {
    size_t end = std::min(in.size(), start + local), n = end - start;
    T sum = 0, lo = highest, hi = lowest;
    bool all = true, any = false;
    for (size_t i = start; i < end; ++i) {
      T *o = &out[11 * i];
      o[6] = sum, o[7] = lo, o[8] = hi;
      sum = T(sum + in[i]), lo = std::min(lo, in[i]), hi = std::max(hi, in[i]);
      o[3] = sum, o[4] = lo, o[5] = hi;
      all &= in[i] > T(3);
      any |= in[i] == T(5);
    }
    for (size_t i = start; i < end; ++i) {
      T *o = &out[11 * i];
      o[0] = sum, o[1] = lo, o[2] = hi;
      o[9] = in[start + from % n];
      o[10] = T(int(all) + 2 * int(any));
    }
  }
  return out;
}

template <class T>
void checkEvery(WorkGroupCollectivesTest &test, cl_program program, const char *name) {
  cl_kernel k = test.createKernel(program, name);
  ASSERT_TRUE(k);
  // (global, local): vectorised groups, groups of one (many of them, so
  // launches may run packets of groups), odd sizes, a non-uniform last
  // group, the largest group.
  const size_t shapes[][2] = {{256, 64}, {7, 1}, {2048, 1}, {90, 30}, {300, 128}, {4096, 4096}};
  for (const auto &shape : shapes) {
    const size_t global = shape[0], local = shape[1];
    std::vector<T> in(global);
    for (size_t i = 0; i < global; ++i)
      in[i] = T((i * 7919 + global) % 23) - (std::is_signed_v<T> ? T(6) : T(0));
    uint32_t from = uint32_t(global % 97);
    cl_mem bin = test.bufferOf(in), bout = test.outputBuffer<T>(11 * global);
    ASSERT_EQ(test.setArgs(k, bin, bout, from), CL_SUCCESS);
    ASSERT_EQ(test.run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<T> got = test.read<T>(bout, 11 * global);
    std::vector<T> expected = reference(in, local, from);
    for (size_t j = 0; j < got.size(); ++j)
      ASSERT_EQ(got[j], expected[j]) << name << ", global " << global << ", local " << local
                                     << ", work-item " << j / 11 << ", answer " << j % 11;
  }
}

TEST_F(WorkGroupCollectivesTest, EveryFunctionOnEveryTypeMatchesTheReference) {
  cl_program program = build(kEverySource, kCl3);
  ASSERT_TRUE(program);
  checkEvery<int32_t>(*this, program, "every_int");
  checkEvery<uint32_t>(*this, program, "every_uint");
  checkEvery<int64_t>(*this, program, "every_long");
  checkEvery<uint64_t>(*this, program, "every_ulong");
  checkEvery<float>(*this, program, "every_float");
  checkEvery<double>(*this, program, "every_double");
}

TEST_F(WorkGroupCollectivesTest, ThreeDimensionalGroupsScanInLinearOrder) {
  std::string source = R"(
    kernel void grid(global int *out) {
      size_t lx = get_local_id(0), ly = get_local_id(1), lz = get_local_id(2);
      int v = (int)(get_global_linear_id() % 11) + 1;
      size_t i = get_global_linear_id();
      out[4 * i] = work_group_scan_inclusive_add(v);
      out[4 * i + 1] = work_group_broadcast(v, 1, 2);          // (x, y) form
      out[4 * i + 2] = work_group_broadcast(v, 2, 1, 1);       // (x, y, z) form
      out[4 * i + 3] = work_group_reduce_max((int)(lx + 10 * ly + 100 * lz));
    }
  )";
  cl_kernel k = buildKernel(source, "grid", kCl3);
  ASSERT_TRUE(k);
  const size_t global[3] = {8, 6, 4}, local[3] = {4, 3, 2};
  const size_t total = 8 * 6 * 4;
  cl_mem out = outputBuffer<int>(4 * total);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 3, global, local), CL_SUCCESS);
  std::vector<int> got = read<int>(out, 4 * total);
  auto linear = [&](size_t x, size_t y, size_t z) { return (z * 6 + y) * 8 + x; };
  auto value = [&](size_t x, size_t y, size_t z) { return int(linear(x, y, z) % 11) + 1; };
  for (size_t gz = 0; gz < 2; ++gz)
    for (size_t gy = 0; gy < 2; ++gy)
      for (size_t gx = 0; gx < 2; ++gx) {
        int sum = 0;
        // In the group's linear local order: x fastest, then y, then z.
        for (size_t lz = 0; lz < 2; ++lz)
          for (size_t ly = 0; ly < 3; ++ly)
            for (size_t lx = 0; lx < 4; ++lx) {
              size_t x = gx * 4 + lx, y = gy * 3 + ly, z = gz * 2 + lz;
              sum += value(x, y, z);
              const int *o = &got[4 * linear(x, y, z)];
              SCOPED_TRACE("work-item (" + std::to_string(x) + ", " + std::to_string(y) + ", " +
                           std::to_string(z) + ")");
              EXPECT_EQ(o[0], sum);
              EXPECT_EQ(o[1], value(gx * 4 + 1, gy * 3 + 2, gz * 2 + 0));
              EXPECT_EQ(o[2], value(gx * 4 + 2, gy * 3 + 1, gz * 2 + 1));
              EXPECT_EQ(o[3], 3 + 10 * 2 + 100 * 1);
            }
      }
}

TEST_F(WorkGroupCollectivesTest, CollectivesInsideLoopsAndNextToBarriers) {
  // A loop of collectives whose results feed the next iteration, local
  // memory traffic between them, and a broadcast right after a broadcast.
  std::string source = R"(
    kernel void loop(global int *out, local int *l) {
      size_t lid = get_local_id(0), n = get_local_size(0);
      int v = (int)lid;
      for (int round = 0; round < 4; ++round) {
        l[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        int neighbour = l[(lid + 1) % n];
        int first = work_group_broadcast(neighbour, 0);
        int last = work_group_broadcast(neighbour, n - 1);
        v = work_group_scan_exclusive_add(v) + first - last;
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      out[get_global_id(0)] = v;
    }
  )";
  cl_kernel k = buildKernel(source, "loop", kCl3);
  ASSERT_TRUE(k);
  const size_t global = 96, local = 48;
  cl_mem out = outputBuffer<int>(global);
  ASSERT_EQ(setArgs(k, out, LocalBytes{local * sizeof(int)}), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<int> v(local);
  for (size_t i = 0; i < local; ++i)
    v[i] = int(i);
  for (int round = 0; round < 4; ++round) {
    int first = v[1 % local], last = v[0];
    int sum = 0;
    for (size_t i = 0; i < local; ++i) {
      int before = sum;
      sum += v[i];
      v[i] = before + first - last;
    }
  }
  std::vector<int> got = read<int>(out, global);
  for (size_t i = 0; i < global; ++i)
    EXPECT_EQ(got[i], v[i % local]) << "work-item " << i;
}

TEST_F(WorkGroupCollectivesTest, DeviceReportsTheFeature) {
  cl_bool supported = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
                            sizeof supported, &supported, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(supported, cl_bool(CL_TRUE));
}

} // namespace
} // namespace corecl::test
