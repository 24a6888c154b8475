// End-to-end: element-wise kernels (vector add, saxpy) over odd sizes, with
// the local size left to CoreCL or given, checked against host references.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

const char *kAdd = R"(
  kernel void add(global const float *a, global const float *b, global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
  })";

const char *kSaxpy = R"(
  kernel void saxpy(float alpha, global const float *x, global float *y, uint n) {
    size_t i = get_global_id(0);
    if (i < n)
      y[i] = alpha * x[i] + y[i];
  })";

TEST_F(KernelTest, VectorAddMatchesHost) {
  cl_kernel kernel = buildKernel(kAdd, "add");
  ASSERT_TRUE(kernel);
  const size_t n = 100003; // prime: no local size but 1 divides it
  std::vector<float> a(n), b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i) * 0.5f;
    b[i] = float(i % 7);
  }
  cl_mem bc = outputBuffer<float>(n);
  ASSERT_EQ(setArgs(kernel, bufferOf(a), bufferOf(b), bc), CL_SUCCESS);
  ASSERT_EQ(run(kernel, 1, &n), CL_SUCCESS);
  std::vector<float> c = read<float>(bc, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(c[i], a[i] + b[i]) << i;
}

TEST_F(KernelTest, VectorAddOddSizesAndExplicitLocalSizes) {
  cl_kernel kernel = buildKernel(kAdd, "add");
  ASSERT_TRUE(kernel);
  struct Case {
    size_t global;
    size_t local; // 0: NULL local size
  };
  for (Case c : {Case{1, 0}, Case{3, 0}, Case{17, 0}, Case{255, 0}, Case{257, 0}, Case{4099, 0},
                 Case{100003, 1}, Case{3 * 5 * 7 * 11, 105}, Case{1000, 8}, Case{1024, 1024},
                 Case{999, 333}}) {
    SCOPED_TRACE(testing::Message() << "global " << c.global << " local " << c.local);
    std::vector<float> a(c.global), b(c.global);
    for (size_t i = 0; i < c.global; ++i) {
      a[i] = float(i) + 0.25f;
      b[i] = -float(i % 13);
    }
    cl_mem out = outputBuffer<float>(c.global);
    ASSERT_EQ(setArgs(kernel, bufferOf(a), bufferOf(b), out), CL_SUCCESS);
    ASSERT_EQ(run(kernel, 1, &c.global, c.local ? &c.local : nullptr), CL_SUCCESS);
    std::vector<float> got = read<float>(out, c.global);
    for (size_t i = 0; i < c.global; ++i)
      ASSERT_EQ(got[i], a[i] + b[i]) << i;
  }
}

float saxpyRef(float alpha, float x, float y) {
  // The kernel may contract alpha*x+y into an fma (-ffp-contract=on); the
  // inputs below make both roundings exact.
  return alpha * x + y;
}

TEST_F(KernelTest, SaxpyOddSizeNullLocal) {
  cl_kernel kernel = buildKernel(kSaxpy, "saxpy");
  ASSERT_TRUE(kernel);
  const cl_uint n = 100003;
  const cl_float alpha = 2.5f;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i % 1024) * 0.5f; // alpha*x exact in float
    y[i] = float(i % 77) - 30.0f;
  }
  cl_mem by = bufferOf(y);
  ASSERT_EQ(setArgs(kernel, alpha, bufferOf(x), by, n), CL_SUCCESS);
  size_t global = n;
  ASSERT_EQ(run(kernel, 1, &global), CL_SUCCESS);
  std::vector<float> got = read<float>(by, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(got[i], saxpyRef(alpha, x[i], y[i])) << i;
}

TEST_F(KernelTest, SaxpyRoundedUpRangeGuardsTheTail) {
  // The usual pattern: the range is rounded up to a multiple of the local
  // size and the kernel ignores the extra work-items.
  cl_kernel kernel = buildKernel(kSaxpy, "saxpy");
  ASSERT_TRUE(kernel);
  const cl_uint n = 10007;
  const size_t local = 64;
  const size_t global = (n + local - 1) / local * local;
  const cl_float alpha = -0.75f;
  std::vector<float> x(global), y(global);
  for (size_t i = 0; i < global; ++i) {
    x[i] = float(i % 4096);
    y[i] = float(i);
  }
  cl_mem by = bufferOf(y);
  ASSERT_EQ(setArgs(kernel, alpha, bufferOf(x), by, n), CL_SUCCESS);
  ASSERT_EQ(run(kernel, 1, &global, &local), CL_SUCCESS);
  std::vector<float> got = read<float>(by, global);
  for (size_t i = 0; i < global; ++i)
    ASSERT_EQ(got[i], i < n ? saxpyRef(alpha, x[i], y[i]) : y[i]) << i;
}

TEST_F(KernelTest, SaxpyDoubleAndIntegerTypes) {
  cl_kernel kernel = buildKernel(R"(
    kernel void mix(double a, global const double *x, global double *y,
                    long k, global const long *u, global long *v) {
      size_t i = get_global_id(0);
      y[i] = a * x[i] + y[i];
      v[i] = k * u[i] - v[i];
    })",
                                 "mix");
  ASSERT_TRUE(kernel);
  const size_t n = 1001;
  std::vector<double> x(n), y(n);
  std::vector<cl_long> u(n), v(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = double(i) * 0.125;
    y[i] = 1e10 + double(i);
    u[i] = cl_long(i) * 1000003;
    v[i] = -cl_long(i) * 7;
  }
  cl_mem by = bufferOf(y), bv = bufferOf(v);
  const cl_double a = 3.0;
  const cl_long k = 1ll << 33;
  ASSERT_EQ(setArgs(kernel, a, bufferOf(x), by, k, bufferOf(u), bv), CL_SUCCESS);
  ASSERT_EQ(run(kernel, 1, &n), CL_SUCCESS);
  std::vector<double> gy = read<double>(by, n);
  std::vector<cl_long> gv = read<cl_long>(bv, n);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(gy[i], a * x[i] + y[i]) << i;
    ASSERT_EQ(gv[i], k * u[i] - v[i]) << i;
  }
}

} // namespace
} // namespace corecl::test
