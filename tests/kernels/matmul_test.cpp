// End-to-end: tiled matrix multiply with __local tiles and barriers over a
// 2D NDRange, square and non-square, checked against a host reference.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using KernelMatMulTest = KernelTest;

// C[M][N] = A[M][K] * B[K][N], row-major. Work-item (x, y) computes
// C[y][x]; the range is rounded up to whole tiles and out-of-range
// elements load as 0 (so barriers stay uniform).
const char *kTiled = R"(
  #define TS 16
  kernel void matmul(global const float *A, global const float *B, global float *C,
                     int M, int N, int K) {
    local float As[TS][TS];
    local float Bs[TS][TS];
    int col = get_global_id(0);
    int row = get_global_id(1);
    int tx = get_local_id(0);
    int ty = get_local_id(1);
    float acc = 0.0f;
    for (int t = 0; t < K; t += TS) {
      int ak = t + tx;
      int bk = t + ty;
      As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
      Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int k = 0; k < TS; ++k)
        acc += As[ty][k] * Bs[k][tx];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
      C[row * N + col] = acc;
  })";

// The same with the tiles passed as __local pointer arguments.
const char *kTiledLocalArgs = R"(
  #define TS 16
  kernel void matmul(global const float *A, global const float *B, global float *C,
                     int M, int N, int K, local float *As, local float *Bs) {
    int col = get_global_id(0);
    int row = get_global_id(1);
    int tx = get_local_id(0);
    int ty = get_local_id(1);
    float acc = 0.0f;
    for (int t = 0; t < K; t += TS) {
      int ak = t + tx;
      int bk = t + ty;
      As[ty * TS + tx] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
      Bs[ty * TS + tx] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int k = 0; k < TS; ++k)
        acc += As[ty * TS + k] * Bs[k * TS + tx];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
      C[row * N + col] = acc;
  })";

/// Small integers: every product and partial sum is exact in float, so the
/// result does not depend on summation order or fma contraction.
std::vector<float> matrix(int rows, int cols, int seed) {
  std::vector<float> m(size_t(rows) * cols);
  for (int i = 0; i < rows * cols; ++i)
    m[i] = float((i * 7 + seed * 13) % 9 - 4);
  return m;
}

std::vector<float> reference(const std::vector<float> &A, const std::vector<float> &B, int M, int N,
                             int K) {
  std::vector<float> C(size_t(M) * N);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      float acc = 0;
      for (int k = 0; k < K; ++k)
        acc += A[size_t(r) * K + k] * B[size_t(k) * N + c];
      C[size_t(r) * N + c] = acc;
    }
  return C;
}

/// Runs `k` (one of the kernels above) on M x K times K x N and compares
/// every element with the host reference.
void checkMatMul(KernelTest &t, cl_kernel k, bool localArgs, int M, int N, int K) {
  SCOPED_TRACE(testing::Message() << "M=" << M << " N=" << N << " K=" << K);
  std::vector<float> A = matrix(M, K, 1), B = matrix(K, N, 2);
  std::vector<float> expected = reference(A, B, M, N, K);
  cl_mem bc = t.outputBuffer<float>(size_t(M) * N);
  ASSERT_EQ(t.setArgs(k, t.bufferOf(A), t.bufferOf(B), bc, cl_int(M), cl_int(N), cl_int(K)),
            CL_SUCCESS);
  if (localArgs) {
    ASSERT_EQ(clSetKernelArg(k, 6, 16 * 16 * sizeof(float), nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 7, 16 * 16 * sizeof(float), nullptr), CL_SUCCESS);
  }
  size_t global[2] = {size_t(N + 15) / 16 * 16, size_t(M + 15) / 16 * 16};
  size_t local[2] = {16, 16};
  ASSERT_EQ(t.run(k, 2, global, local), CL_SUCCESS);
  std::vector<float> C = t.read<float>(bc, size_t(M) * N);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c)
      ASSERT_EQ(C[size_t(r) * N + c], expected[size_t(r) * N + c]) << "row " << r << " col " << c;
}

TEST_F(KernelMatMulTest, Square128) {
  cl_kernel k = buildKernel(kTiled, "matmul");
  ASSERT_TRUE(k);
  checkMatMul(*this, k, false, 128, 128, 128);
}

TEST_F(KernelMatMulTest, NonSquareWholeTiles) {
  cl_kernel k = buildKernel(kTiled, "matmul");
  ASSERT_TRUE(k);
  checkMatMul(*this, k, false, 48, 80, 112);
  checkMatMul(*this, k, false, 128, 16, 64);
}

TEST_F(KernelMatMulTest, NonSquarePartialTiles) {
  // Sizes that are not multiples of the tile: edge work-items load zeros
  // and skip the store, yet still reach every barrier.
  cl_kernel k = buildKernel(kTiled, "matmul");
  ASSERT_TRUE(k);
  checkMatMul(*this, k, false, 37, 53, 29);
  checkMatMul(*this, k, false, 1, 70, 17);
}

TEST_F(KernelMatMulTest, LocalPointerArgumentTiles) {
  cl_kernel k = buildKernel(kTiledLocalArgs, "matmul");
  ASSERT_TRUE(k);
  checkMatMul(*this, k, true, 128, 128, 128);
  checkMatMul(*this, k, true, 37, 53, 29);
}

TEST_F(KernelMatMulTest, NoOptimisation) {
  cl_kernel k = buildKernel(kTiled, "matmul", "-cl-opt-disable");
  ASSERT_TRUE(k);
  checkMatMul(*this, k, false, 64, 32, 48);
}

} // namespace
} // namespace corecl::test
