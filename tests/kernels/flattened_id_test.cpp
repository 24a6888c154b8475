// Kernels that flatten the local id and split it again to share out a
// tile copy (CLBlast's GEMM: `volatile int tid = lid0 + MDIMC * lid1`,
// then `tid % MDIMA`, `tid / MDIMA`), with reqd_work_group_size so that
// the compiler knows lid0's bound (passes/distribute_bit_masks.cpp) and a
// volatile private id it may keep in a register
// (passes/plain_private_volatile.cpp). Checked against host references,
// also for the smaller last groups of a non-uniform range.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using FlattenedIdTest = KernelTest;

// Group (8, 4): A's tile is 4 rows of 8 float4, B's 2 rows of 16 float2,
// both copied by the flattened id; then each work-item reads elements
// other work-items copied.
const char *kTileCopies = R"(
  kernel __attribute__((reqd_work_group_size(8, 4, 1)))
  void tiles(global const float4 *a, global const float2 *b, global float *out,
             int width4, int width2) {
    local float4 at[32];
    local float2 bt[32];
    volatile int tid = get_local_id(0) + 8 * get_local_id(1);
    int ca = tid % 8, ra = tid / 8;
    at[ra * 8 + ca] = a[(get_group_id(1) * 4 + ra) * width4 + get_group_id(0) * 8 + ca];
    int cb = tid % 16, rb = tid / 16;
    bt[rb * 16 + cb] = b[(get_group_id(1) * 2 + rb) * width2 + get_group_id(0) * 16 + cb];
    barrier(CLK_LOCAL_MEM_FENCE);
    int lx = get_local_id(0), ly = get_local_id(1);
    float4 v = at[(3 - ly) * 8 + (7 - lx)];
    float2 w = bt[(ly & 1) * 16 + 15 - 2 * lx];
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] =
        v.x + 2 * v.y + 3 * v.z + 4 * v.w + 5 * w.x + 6 * w.y;
  })";

TEST_F(FlattenedIdTest, TileCopiesByFlattenedIdMatchTheHost) {
  cl_kernel k = buildKernel(kTileCopies, "tiles");
  ASSERT_TRUE(k);
  const int groupsX = 3, groupsY = 5;
  const int width4 = groupsX * 8, width2 = groupsX * 16; // a row of A, of B
  std::vector<float> a(size_t(groupsY) * 4 * width4 * 4), b(size_t(groupsY) * 2 * width2 * 2);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i % 23) - 11);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i % 17) - 8);
  size_t global[2] = {size_t(groupsX) * 8, size_t(groupsY) * 4}, local[2] = {8, 4};
  cl_mem out = outputBuffer<float>(global[0] * global[1]);
  ASSERT_EQ(setArgs(k, bufferOf(a), bufferOf(b), out, cl_int(width4), cl_int(width2)), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
  std::vector<float> got = read<float>(out, global[0] * global[1]);
  for (int gy = 0; gy < groupsY; ++gy)
    for (int gx = 0; gx < groupsX; ++gx)
      for (int ly = 0; ly < 4; ++ly)
        for (int lx = 0; lx < 8; ++lx) {
          // The float4 at[(3 - ly) * 8 + 7 - lx] came from row 3 - ly, column 7 - lx.
          size_t av = ((size_t(gy) * 4 + 3 - ly) * width4 + gx * 8 + 7 - lx) * 4;
          int bIndex = (ly & 1) * 16 + 15 - 2 * lx;
          size_t bv = ((size_t(gy) * 2 + bIndex / 16) * width2 + gx * 16 + bIndex % 16) * 2;
          float expected =
              a[av] + 2 * a[av + 1] + 3 * a[av + 2] + 4 * a[av + 3] + 5 * b[bv] + 6 * b[bv + 1];
          size_t x = size_t(gx) * 8 + lx, y = size_t(gy) * 4 + ly;
          ASSERT_EQ(got[y * global[0] + x], expected) << "work-item (" << x << ", " << y << ")";
        }
}

// The last groups of a non-uniform range are smaller than the required
// size in both dimensions: every id still lies below it, and each
// work-item reads back what it copied through the flattened id.
const char *kOwnCopies = R"(
  kernel __attribute__((reqd_work_group_size(8, 4, 1)))
  void own(global const float2 *in, global float2 *out) {
    local float2 tile[64];
    volatile int tid = get_local_id(0) + 8 * get_local_id(1);
    size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
    tile[(tid / 16) * 16 + tid % 16] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int t = get_local_id(0) + 8 * get_local_id(1);
    out[g] = tile[(t >> 4) * 16 + (t & 15)] * 3.0f;
  })";

TEST_F(FlattenedIdTest, SmallerLastGroupsOfANonUniformRange) {
  cl_kernel k = buildKernel(kOwnCopies, "own", "-cl-std=CL3.0");
  ASSERT_TRUE(k);
  size_t global[2] = {21, 10}, local[2] = {8, 4};
  std::vector<float> in(global[0] * global[1] * 2);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(i % 31) - 15.0f;
  cl_mem out = outputBuffer<float>(in.size());
  ASSERT_EQ(setArgs(k, bufferOf(in), out), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
  std::vector<float> got = read<float>(out, in.size());
  for (size_t i = 0; i < in.size(); ++i)
    ASSERT_EQ(got[i], in[i] * 3.0f) << "element " << i;
}

TEST_F(FlattenedIdTest, SplitIdsInRowsThatCrossTheDivisor) {
  // Without reqd_work_group_size, rows of 12 and 20 work-items: a packet
  // of a row then holds work-items from both sides of a multiple of 8 in
  // some rows, where `tid / 8` differs between lanes and `tid % 8` wraps
  // (the packetiser guesses a consecutive access and checks it at run
  // time, packetize.cpp), and not in others.
  cl_kernel k = buildKernel(R"(
    kernel void gather(global const float *in, global float *out) {
      size_t tid = get_local_id(0) + get_local_size(0) * get_local_id(1);
      size_t row = tid / 8, col = tid % 8;
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = in[row * 100 + col];
    })",
                            "gather");
  ASSERT_TRUE(k);
  std::vector<float> in(100 * 64);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(i % 97) - 40.0f;
  cl_mem input = bufferOf(in);
  for (size_t width : {8, 12, 16, 20}) {
    SCOPED_TRACE(testing::Message() << "rows of " << width);
    size_t global[2] = {width * 2, 6}, local[2] = {width, 3};
    size_t n = global[0] * global[1];
    cl_mem out = outputBuffer<float>(n);
    ASSERT_EQ(setArgs(k, input, out), CL_SUCCESS);
    ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
    std::vector<float> got = read<float>(out, n);
    for (size_t gy = 0; gy < global[1]; ++gy)
      for (size_t gx = 0; gx < global[0]; ++gx) {
        size_t tid = gx % width + width * (gy % 3);
        ASSERT_EQ(got[gy * global[0] + gx], in[tid / 8 * 100 + tid % 8]) << gx << ", " << gy;
      }
  }
}

TEST_F(FlattenedIdTest, NarrowIdsThatWrapBetweenLanes) {
  // `(short)gid` and `(ushort)gid` step by one in every lane but wrap at
  // 2^15 and 2^16: the packetiser guesses their extensions consecutive
  // and tests, from lane 0 and the last lane, that no packet crosses the
  // wrap (stride_guesses.h); launched with offsets where some packets do.
  // With and without a barrier (region packets, body packets).
  const char *source = R"(
    float read(global const float *in, size_t g) {
      short s = (short)g;
      ushort u = (ushort)g;
      return in[(int)s + 32768] + 2.0f * in[u];
    }
    kernel void narrow(global const float *in, global float *out, ulong first, int reps) {
      size_t g = get_global_id(0);
      float sum = 0.0f;
      for (int r = 0; r < reps; ++r) // a loop: a packet of the body
        sum += read(in, g);
      out[g - first] = sum;
    }
    kernel void narrow_barrier(global const float *in, global float *out, ulong first,
                               int reps) {
      size_t g = get_global_id(0);
      barrier(CLK_LOCAL_MEM_FENCE);
      out[g - first] = read(in, g);
    })";
  std::vector<float> in(65536);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(i % 1013);
  cl_mem input = bufferOf(in);
  for (const char *name : {"narrow", "narrow_barrier"})
    for (size_t first : {size_t(32764), size_t(65532), size_t(32770), size_t(98300)}) {
      SCOPED_TRACE(testing::Message() << name << " from " << first);
      cl_kernel k = buildKernel(source, name);
      ASSERT_TRUE(k);
      size_t global[1] = {48}, local[1] = {16}, offset[1] = {first};
      cl_mem out = outputBuffer<float>(global[0]);
      ASSERT_EQ(setArgs(k, input, out, cl_ulong(first), cl_int(1)), CL_SUCCESS);
      ASSERT_EQ(run(k, 1, global, local, offset), CL_SUCCESS);
      std::vector<float> got = read<float>(out, global[0]);
      for (size_t i = 0; i < global[0]; ++i) {
        size_t g = first + i;
        float want = in[size_t(int(int16_t(uint16_t(g))) + 32768)] + 2.0f * in[uint16_t(g)];
        ASSERT_EQ(got[i], want) << "global id " << g;
      }
    }
}

} // namespace
} // namespace corecl::test
