// End-to-end: OpenCL C 3.0's generic address space. Pointers into
// __global, __local and __private memory (a private variable in registers,
// one kept in per-work-item storage across a barrier, a private array)
// meet in generic pointers; to_global, to_local, to_private and get_fence
// must name the space each one came from, in groups of every shape the
// work-group functions take (one work-item, vectorised rows, rows with
// barriers). The expected answers are the spec's, written here.
#include "kernels/kernel_fixture.h"

#include <cstdint>
#include <vector>

namespace corecl::test {
namespace {

using GenericAddressSpaceTest = KernelTest;

constexpr const char *kCl3 = "-cl-std=CL3.0";

// What a generic pointer's queries answer, as bits: to_global non-null (1),
// to_local non-null (2), to_private non-null (4), then get_fence << 3.
constexpr int kGlobal = 1 | (CL_GLOBAL << 3);
constexpr int kLocal = 2 | (CL_LOCAL << 3);
constexpr int kPrivate = 4;

constexpr const char *kClassify = R"(
  int classify(const void *p) {
    return (to_global(p) != 0) | (to_local(p) != 0) << 1 | (to_private(p) != 0) << 2 |
           (int)get_fence(p) << 3;
  }
)";

TEST_F(GenericAddressSpaceTest, QueriesNameTheSpaceOfEveryPointer) {
  std::string source = std::string(kClassify) + R"(
    kernel void spaces(global int *g, local int *l, global int *out) {
      size_t i = get_global_id(0), lid = get_local_id(0);
      int priv = (int)i;
      int array[4] = {1, 2, 3, (int)i};
      l[lid] = (int)i;
      int *pick = (i % 3 == 0) ? (int *)(g + i) : (i % 3 == 1) ? (int *)(l + lid) : (int *)&priv;
      global int *o = out + 6 * i;
      o[0] = classify(g + i);
      o[1] = classify(l + lid);
      o[2] = classify(&priv);
      o[3] = classify(&array[i & 3]);
      o[4] = classify(pick);
      o[5] = *pick + array[3] - (int)i;
    }
  )";
  cl_kernel k = buildKernel(source, "spaces", kCl3);
  ASSERT_TRUE(k);
  for (size_t local : {1, 7, 64}) {
    const size_t global = local * 4;
    cl_mem g = bufferOf(std::vector<int>(global, 0)), out = outputBuffer<int>(6 * global);
    ASSERT_EQ(setArgs(k, g, LocalBytes{local * sizeof(int)}, out), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<int> got = read<int>(out, 6 * global);
    for (size_t i = 0; i < global; ++i) {
      SCOPED_TRACE("local size " + std::to_string(local) + ", work-item " + std::to_string(i));
      const int *o = &got[6 * i];
      EXPECT_EQ(o[0], kGlobal);
      EXPECT_EQ(o[1], kLocal);
      EXPECT_EQ(o[2], kPrivate);
      EXPECT_EQ(o[3], kPrivate);
      EXPECT_EQ(o[4], i % 3 == 0 ? kGlobal : i % 3 == 1 ? kLocal : kPrivate);
      // *pick: g[i] is 0, l[lid] and priv are i.
      EXPECT_EQ(o[5], i % 3 == 0 ? 0 : int(i));
    }
  }
}

TEST_F(GenericAddressSpaceTest, PrivateVariablesLiveAcrossBarriersStayPrivate) {
  // `priv` and the private array are live across the barrier, so they are
  // kept in the group's per-work-item storage rather than on the stack.
  std::string source = std::string(kClassify) + R"(
    kernel void across(local int *l, global int *out) {
      size_t i = get_global_id(0), lid = get_local_id(0);
      int priv[3] = {(int)i, (int)i * 2, (int)i * 3};
      int *p = &priv[i % 3];
      l[lid] = (int)lid;
      barrier(CLK_LOCAL_MEM_FENCE);
      int *q = &l[(lid + 1) % get_local_size(0)];
      out[3 * i] = classify(p);
      out[3 * i + 1] = classify(q);
      out[3 * i + 2] = *p + *q;
    }
  )";
  cl_kernel k = buildKernel(source, "across", kCl3);
  ASSERT_TRUE(k);
  for (size_t local : {1, 16, 100}) {
    const size_t global = local * 3;
    cl_mem out = outputBuffer<int>(3 * global);
    ASSERT_EQ(setArgs(k, LocalBytes{local * sizeof(int)}, out), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<int> got = read<int>(out, 3 * global);
    for (size_t i = 0; i < global; ++i) {
      SCOPED_TRACE("local size " + std::to_string(local) + ", work-item " + std::to_string(i));
      EXPECT_EQ(got[3 * i], kPrivate);
      EXPECT_EQ(got[3 * i + 1], kLocal);
      size_t lid = i % local;
      EXPECT_EQ(got[3 * i + 2], int(i * (i % 3 + 1) + (lid + 1) % local));
    }
  }
}

TEST_F(GenericAddressSpaceTest, OneFunctionServesEverySpace) {
  // The point of the generic space: one helper for pointers of any space,
  // and pointers converted back to their named space.
  std::string source = R"(
    void accumulate(int *sum, const int *values, int n) {
      for (int k = 0; k < n; ++k)
        *sum += values[k];
    }
    kernel void sums(global const int *in, local int *l, global int *out) {
      size_t i = get_global_id(0), lid = get_local_id(0);
      int priv[4] = {1, 2, 3, 4};
      l[lid] = (int)i;
      barrier(CLK_LOCAL_MEM_FENCE);
      int total = 0;
      accumulate(&total, in + i, 2);           // global
      accumulate(&total, l, 1);                // local
      accumulate(&total, priv, 4);             // private
      global int *back = to_global((int *)(out + i));
      accumulate((int *)back, &total, 1);      // generic to global and back
      local int *lback = to_local((int *)&l[lid]);
      out[i] += lback ? *lback : -1000;
    }
  )";
  cl_kernel k = buildKernel(source, "sums", kCl3);
  ASSERT_TRUE(k);
  const size_t local = 32, global = 128;
  std::vector<int> in(global + 1);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = int(i * 7 % 13);
  cl_mem bin = bufferOf(in), out = bufferOf(std::vector<int>(global, 5));
  ASSERT_EQ(setArgs(k, bin, LocalBytes{local * sizeof(int)}, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<int> got = read<int>(out, global);
  for (size_t i = 0; i < global; ++i) {
    int group0 = int(i / local * local); // l[0] of the group
    int total = in[i] + in[i + 1] + group0 + 10;
    EXPECT_EQ(got[i], 5 + total + int(i)) << "work-item " << i;
  }
}

TEST_F(GenericAddressSpaceTest, AtomicsThroughGenericPointers) {
  // Each group counts into a local and a global word through the same
  // generic helper; the compare-exchange loop sees generic `expected`.
  std::string source = R"(
    void add(volatile atomic_int *counter, int v) {
      atomic_fetch_add_explicit(counter, v, memory_order_relaxed, memory_scope_device);
    }
    void add_cas(volatile atomic_int *counter, int v) {
      int seen = atomic_load(counter);
      while (!atomic_compare_exchange_weak(counter, &seen, seen + v))
        ;
    }
    kernel void count(global atomic_int *g, global int *out) {
      local atomic_int l;
      size_t lid = get_local_id(0);
      if (lid == 0)
        atomic_init(&l, 0);
      barrier(CLK_LOCAL_MEM_FENCE);
      add(&l, 1);
      add_cas(&l, 2);
      add(g, 1);
      add_cas(g + 1, (int)lid);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid == 0)
        out[get_group_id(0)] = atomic_load(&l);
    }
  )";
  cl_kernel k = buildKernel(source, "count", kCl3);
  ASSERT_TRUE(k);
  const size_t local = 64, groups = 8, global = local * groups;
  cl_mem g = bufferOf(std::vector<int>{0, 0}), out = outputBuffer<int>(groups);
  ASSERT_EQ(setArgs(k, g, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  EXPECT_EQ(read<int>(out, groups), std::vector<int>(groups, int(3 * local)));
  int lidSum = int(local * (local - 1) / 2 * groups);
  EXPECT_EQ(read<int>(g, 2), (std::vector<int>{int(global), lidSum}));
}

TEST_F(GenericAddressSpaceTest, DeviceReportsTheFeature) {
  cl_bool generic = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof generic,
                            &generic, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(generic, cl_bool(CL_TRUE));
}

} // namespace
} // namespace corecl::test
