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

} // namespace
} // namespace corecl::test
