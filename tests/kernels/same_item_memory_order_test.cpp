// End-to-end: one work-item's own accesses to its own record stay in
// program order after vectorisation across work-items. A record of four
// words per work-item (private array, global or local memory) is written,
// read at a data-dependent index and written again; the loop vectoriser
// groups strided accesses of neighbouring work-items (interleave groups)
// and must not move a store past a read of the same word. (A random
// program, tests/fuzz seed 3484, read stale array elements this way.)
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using SameItemMemoryOrderTest = KernelTest;

constexpr size_t kItems = 256, kLocal = 64;

std::vector<cl_uint> pickIndices() {
  std::vector<cl_uint> pick(kItems + 1);
  for (size_t i = 0; i < pick.size(); ++i)
    pick[i] = cl_uint(i * 7 + i / 3) % 4;
  return pick;
}

/// What every kernel below computes for work-item g, the record as the
/// host runs it.
cl_uint expected(cl_uint g, const std::vector<cl_uint> &pick) {
  cl_uint q[4] = {g * 3 + 1, g * 5 + 2, 7, 9};
  cl_uint x = q[pick[g]];
  q[1] = x + 100;
  q[0] = q[pick[g + 1]] ^ 0x55u;
  return q[0] * 1000003u + q[1] * 31u + q[2] * 7u + q[3] + x * 11u;
}

void check(const std::vector<cl_uint> &got, const std::vector<cl_uint> &pick) {
  for (cl_uint g = 0; g < kItems; ++g)
    ASSERT_EQ(got[g], expected(g, pick)) << "work-item " << g;
}

TEST_F(SameItemMemoryOrderTest, PrivateArrayAcrossBarrier) {
  // The barrier keeps q in per-work-item storage, four words per item.
  cl_kernel k = buildKernel(R"(
    kernel void rec(global const uint *pick, global uint *out) {
      uint g = get_global_id(0);
      uint q[4];
      q[0] = g * 3 + 1; q[1] = g * 5 + 2; q[2] = 7; q[3] = 9;
      uint x = q[pick[g]];
      q[1] = x + 100;
      barrier(CLK_LOCAL_MEM_FENCE);
      q[0] = q[pick[g + 1]] ^ 0x55u;
      out[g] = q[0] * 1000003u + q[1] * 31u + q[2] * 7u + q[3] + x * 11u;
    })",
                            "rec");
  ASSERT_TRUE(k);
  std::vector<cl_uint> pick = pickIndices();
  cl_mem in = bufferOf(pick);
  cl_mem out = outputBuffer<cl_uint>(kItems);
  ASSERT_EQ(setArgs(k, in, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &kItems, &kLocal), CL_SUCCESS);
  check(read<cl_uint>(out, kItems), pick);
}

TEST_F(SameItemMemoryOrderTest, GlobalRecords) {
  cl_kernel k = buildKernel(R"(
    kernel void rec(global const uint *pick, global uint *records, global uint *out) {
      uint g = get_global_id(0);
      global uint *q = records + 4 * g;
      q[0] = g * 3 + 1; q[1] = g * 5 + 2; q[2] = 7; q[3] = 9;
      uint x = q[pick[g]];
      q[1] = x + 100;
      q[0] = q[pick[g + 1]] ^ 0x55u;
      out[g] = q[0] * 1000003u + q[1] * 31u + q[2] * 7u + q[3] + x * 11u;
    })",
                            "rec");
  ASSERT_TRUE(k);
  std::vector<cl_uint> pick = pickIndices();
  cl_mem in = bufferOf(pick);
  cl_mem records = outputBuffer<cl_uint>(4 * kItems);
  cl_mem out = outputBuffer<cl_uint>(kItems);
  ASSERT_EQ(setArgs(k, in, records, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &kItems, &kLocal), CL_SUCCESS);
  check(read<cl_uint>(out, kItems), pick);
}

TEST_F(SameItemMemoryOrderTest, LocalRecords) {
  cl_kernel k = buildKernel(R"(
    kernel void rec(global const uint *pick, global uint *out) {
      local uint records[4 * 64];
      uint g = get_global_id(0);
      local uint *q = records + 4 * get_local_id(0);
      q[0] = g * 3 + 1; q[1] = g * 5 + 2; q[2] = 7; q[3] = 9;
      uint x = q[pick[g]];
      q[1] = x + 100;
      q[0] = q[pick[g + 1]] ^ 0x55u;
      out[g] = q[0] * 1000003u + q[1] * 31u + q[2] * 7u + q[3] + x * 11u;
    })",
                            "rec");
  ASSERT_TRUE(k);
  std::vector<cl_uint> pick = pickIndices();
  cl_mem in = bufferOf(pick);
  cl_mem out = outputBuffer<cl_uint>(kItems);
  ASSERT_EQ(setArgs(k, in, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &kItems, &kLocal), CL_SUCCESS);
  check(read<cl_uint>(out, kItems), pick);
}

} // namespace
} // namespace corecl::test
