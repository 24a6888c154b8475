// Kernels whose work-items run with y innermost (passes/item_order.cpp:
// reqd_work_group_size with eight or more rows, local memory read along x
// with a padded stride and along y consecutively, as CLBlast's
// XgemmDirectTN does): checked against host references, with values and a
// private array kept across barriers in per-work-item storage laid out
// y-fastest, and with smaller last groups of a non-uniform range.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using ItemOrderTest = KernelTest;

// C = A^T * B for A stored K x M (so a column of A^T is a row of A) and
// B stored K x N, with 8 x 8 tiles: the A tile is kept transposed and
// padded as a GPU kernel would (at[m * 9 + k]), B's as it is. `hist`
// is a private array indexed by data, so it stays in memory across the
// barriers.
const char *kTransposedTiles = R"(
  kernel __attribute__((reqd_work_group_size(8, 8, 1)))
  void tn(global const float *a, global const float *b, global float *c, global float *h,
          int m, int n, int k) {
    local float at[8 * 9];
    local float bt[8 * 8];
    int x = get_local_id(0), y = get_local_id(1);
    int row = get_group_id(0) * 8 + x, col = get_group_id(1) * 8 + y;
    float acc = 0.0f;
    float hist[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int t = 0; t < k; t += 8) {
      at[x * 9 + y] = a[(t + y) * m + row];
      bt[y * 8 + x] = b[(t + y) * n + get_group_id(1) * 8 + x];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int kk = 0; kk < 8; ++kk) {
        float p = at[x * 9 + kk] * bt[kk * 8 + y];
        acc += p;
        hist[((int)p) & 3] += 1.0f;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < m && col < n) {
      c[col * m + row] = acc;
      h[col * m + row] = hist[0] + 2.0f * hist[1] + 3.0f * hist[2] + 4.0f * hist[3];
    }
  })";

void checkTransposed(KernelTest &t, cl_kernel kernel, int m, int n, int k, size_t globalX,
                     size_t globalY) {
  SCOPED_TRACE(testing::Message() << "m=" << m << " n=" << n << " k=" << k);
  // Room past the end: work-items of smaller last groups read a little
  // beyond the matrices.
  std::vector<float> a(size_t(k) * m + 64), b(size_t(k) * n + 64);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i * 7 % 11) - 5);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i * 5 % 13) - 6);
  cl_mem c = t.outputBuffer<float>(size_t(m) * n), h = t.outputBuffer<float>(size_t(m) * n);
  ASSERT_EQ(t.setArgs(kernel, t.bufferOf(a), t.bufferOf(b), c, h, cl_int(m), cl_int(n), cl_int(k)),
            CL_SUCCESS);
  size_t global[2] = {globalX, globalY}, local[2] = {8, 8};
  ASSERT_EQ(t.run(kernel, 2, global, local), CL_SUCCESS);
  std::vector<float> gotC = t.read<float>(c, size_t(m) * n), gotH = t.read<float>(h, size_t(m) * n);
  for (int col = 0; col < n; ++col)
    for (int row = 0; row < m; ++row) {
      float acc = 0, hist[4] = {0, 0, 0, 0};
      for (int kk = 0; kk < k; ++kk) {
        float p = a[size_t(kk) * m + row] * b[size_t(kk) * n + col];
        acc += p;
        hist[int(p) & 3] += 1.0f;
      }
      size_t i = size_t(col) * m + row;
      ASSERT_EQ(gotC[i], acc) << "row " << row << " col " << col;
      ASSERT_EQ(gotH[i], hist[0] + 2 * hist[1] + 3 * hist[2] + 4 * hist[3])
          << "row " << row << " col " << col;
    }
}

TEST_F(ItemOrderTest, TransposedPaddedTilesMatchTheHost) {
  cl_kernel kernel = buildKernel(kTransposedTiles, "tn");
  ASSERT_TRUE(kernel);
  checkTransposed(*this, kernel, 32, 24, 40, 32, 24);
}

TEST_F(ItemOrderTest, SmallerLastGroupsInBothDimensions) {
  cl_kernel kernel = buildKernel(kTransposedTiles, "tn", "-cl-std=CL3.0");
  ASSERT_TRUE(kernel);
  // 21 x 13 work-items: the last groups are 5 wide and 5 tall; their
  // missing work-items load nothing, so only the whole tiles' results
  // are compared (m and n below the range's whole groups).
  checkTransposed(*this, kernel, 16, 8, 24, 21, 13);
}

// CLBlast's Xgemm in small: each work-item keeps a float4 x 2 register
// tile of C, the group copies 16-row tiles of A (float4) and B (float2)
// to local memory with a flattened id, consecutive along x, and multiplies
// with A's float4 the same for every y and B's float2 consecutive along y.
// Neither order is clearly cheaper for the whole body, so both storage
// layouts are formed and the regions run in the orders they prefer
// (barrier_regions.cpp): the copies along x, the multiply along y, the
// accumulators in storage laid out y-fastest and shared between the loop's
// phi and the sums it is passed (shared_slots.h).
const char *kRegisterTiles = R"(
  kernel __attribute__((reqd_work_group_size(8, 16, 1)))
  void xg(global const float4 *a, global const float2 *b, global float *c, int m, int n,
          int k, float alpha, float beta) {
    local float4 alm[32 * 8];
    local float2 blm[32 * 16];
    int x = get_local_id(0), y = get_local_id(1);
    int tid = x + 8 * y;
    float4 acc0 = (float4)(0.0f), acc1 = (float4)(0.0f);
    for (int t = 0; t < k; t += 32) {
      for (int i = 0; i < 2; ++i) {
        int r = tid / 8 + i * 16;
        alm[r * 8 + tid % 8] = a[(t + r) * (m / 4) + get_group_id(0) * 8 + tid % 8];
      }
      for (int i = 0; i < 4; ++i) {
        int r = tid / 16 + i * 8;
        blm[r * 16 + tid % 16] = b[(t + r) * (n / 2) + get_group_id(1) * 16 + tid % 16];
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int kk = 0; kk < 32; ++kk) {
        float4 av = alm[kk * 8 + x];
        float2 bv = blm[kk * 16 + y];
        acc0 += av * bv.x;
        acc1 += av * bv.y;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    int row = get_group_id(0) * 32 + x * 4, col = get_group_id(1) * 32 + y * 2;
    global float *c0 = c + col * m + row, *c1 = c + (col + 1) * m + row;
    vstore4(alpha * acc0 + beta * vload4(0, c0), 0, c0);
    vstore4(alpha * acc1 + beta * vload4(0, c1), 0, c1);
  })";

TEST_F(ItemOrderTest, RegisterTilesCopiedAlongXMultipliedAlongY) {
  cl_kernel kernel = buildKernel(kRegisterTiles, "xg");
  ASSERT_TRUE(kernel);
  const int m = 64, n = 64, k = 96;
  const float alpha = 2.0f, beta = -1.0f;
  std::vector<float> a(size_t(k) * m), b(size_t(k) * n), c0(size_t(m) * n);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i * 7 % 11) - 5);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i * 5 % 13) - 6);
  for (size_t i = 0; i < c0.size(); ++i)
    c0[i] = float(int(i % 9) - 4);
  cl_mem c = bufferOf(c0);
  ASSERT_EQ(
      setArgs(kernel, bufferOf(a), bufferOf(b), c, cl_int(m), cl_int(n), cl_int(k), alpha, beta),
      CL_SUCCESS);
  size_t global[2] = {m / 4, n / 2}, local[2] = {8, 16};
  ASSERT_EQ(run(kernel, 2, global, local), CL_SUCCESS);
  std::vector<float> got = read<float>(c, size_t(m) * n);
  for (int col = 0; col < n; ++col)
    for (int row = 0; row < m; ++row) {
      float acc = 0;
      for (int kk = 0; kk < k; ++kk)
        acc += a[size_t(kk) * m + row] * b[size_t(kk) * n + col];
      size_t i = size_t(col) * m + row;
      ASSERT_EQ(got[i], alpha * acc + beta * c0[i]) << "row " << row << " col " << col;
    }
}

} // namespace
} // namespace corecl::test
