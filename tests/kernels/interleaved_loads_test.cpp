// Work-items that each read a few neighbouring elements (a register tile,
// CLBlast's XgemmDirect: `blm[2 * lid]`, `blm[2 * lid + 1]`): a packet of
// work-items reads all of them with one wide load and takes each place's
// elements out (packetize.cpp, address_difference.h), and must not when
// a store lies between the loads. Stores to neighbouring elements are one
// wide store the same way, and must not be when a load lies between them.
// Through region packets (with barriers) and body packets (loops);
// checked against host references.
#include "kernels/kernel_fixture.h"

#include <vector>

namespace corecl::test {
namespace {

using InterleavedLoadsTest = KernelTest;

TEST_F(InterleavedLoadsTest, PairsFromALocalTileMatchTheHost) {
  cl_kernel k = buildKernel(R"(
    kernel void pairs(global const double *in, global double *out) {
      local double t[2 * 64];
      size_t l = get_local_id(0), n = get_local_size(0), g = get_group_id(0);
      t[l] = in[g * 2 * n + l];
      t[l + n] = in[g * 2 * n + l + n];
      barrier(CLK_LOCAL_MEM_FENCE);
      int i = 2 * (int)l;
      out[get_global_id(0)] = t[i] * 3.0 - t[i + 1];
    })",
                            "pairs");
  ASSERT_TRUE(k);
  for (size_t local : {8, 12, 64}) {
    SCOPED_TRACE(testing::Message() << "groups of " << local);
    size_t n = local * 5;
    std::vector<double> in(2 * n);
    for (size_t i = 0; i < in.size(); ++i)
      in[i] = double(i % 37) - 11.0;
    cl_mem out = outputBuffer<double>(n);
    ASSERT_EQ(setArgs(k, bufferOf(in), out), CL_SUCCESS);
    size_t global[1] = {n}, group[1] = {local};
    ASSERT_EQ(run(k, 1, global, group), CL_SUCCESS);
    std::vector<double> got = read<double>(out, n);
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(got[i], in[2 * i] * 3.0 - in[2 * i + 1]) << "work-item " << i;
  }
}

TEST_F(InterleavedLoadsTest, TriplesAndQuadsInALoopMatchTheHost) {
  // Three and four elements per work-item, read in a loop (a packet of the
  // body), up to the last element of the buffers.
  cl_kernel k = buildKernel(R"(
    kernel void tiles(global const float *three, global const int *four, global float *out,
                      int reps) {
      size_t g = get_global_id(0);
      float s = 0.0f;
      for (int r = 0; r < reps; ++r) {
        size_t i = 3 * g, j = 4 * g;
        s += three[i + 2] + 2.0f * three[i] + 4.0f * three[i + 1];
        s += (float)(four[j + 3] - four[j] + 3 * four[j + 1] - 5 * four[j + 2]);
      }
      out[g] = s;
    })",
                            "tiles");
  ASSERT_TRUE(k);
  const size_t n = 200;
  std::vector<float> three(3 * n);
  std::vector<int> four(4 * n);
  for (size_t i = 0; i < three.size(); ++i)
    three[i] = float(i % 29) - 7.0f;
  for (size_t i = 0; i < four.size(); ++i)
    four[i] = int(i % 31) - 9;
  cl_mem out = outputBuffer<float>(n);
  ASSERT_EQ(setArgs(k, bufferOf(three), bufferOf(four), out, cl_int(2)), CL_SUCCESS);
  size_t global[1] = {n}, group[1] = {40};
  ASSERT_EQ(run(k, 1, global, group), CL_SUCCESS);
  std::vector<float> got = read<float>(out, n);
  for (size_t g = 0; g < n; ++g) {
    float once = three[3 * g + 2] + 2.0f * three[3 * g] + 4.0f * three[3 * g + 1];
    once += float(four[4 * g + 3] - four[4 * g] + 3 * four[4 * g + 1] - 5 * four[4 * g + 2]);
    ASSERT_EQ(got[g], 2.0f * once) << "work-item " << g;
  }
}

TEST_F(InterleavedLoadsTest, AStoreBetweenTheLoadsIsSeen) {
  // The second load reads what the work-item stored just before it
  // through another argument, the same buffer: the loads must not be read
  // together ahead of the store. In a loop (a packet of the body, which
  // then runs as work-item loops) and after a barrier (a region's packet).
  const char *source = R"(
    float step(global float *buf, global float *alias, size_t i, float add) {
      float a = buf[i];
      alias[i + 1] = a + add;
      return a * buf[i + 1];
    }
    kernel void update(global float *buf, global float *alias, global float *out, int reps) {
      size_t i = 2 * get_global_id(0);
      float s = 0.0f;
      for (int r = 0; r < reps; ++r)
        s += step(buf, alias, i, 1.0f);
      out[get_global_id(0)] = s;
    }
    kernel void update_barrier(global float *buf, global float *alias, global float *out,
                               int reps) {
      size_t i = 2 * get_global_id(0);
      barrier(CLK_GLOBAL_MEM_FENCE);
      out[get_global_id(0)] = step(buf, alias, i, 1.0f);
    })";
  const size_t n = 96;
  std::vector<float> buf(2 * n);
  for (size_t i = 0; i < buf.size(); ++i)
    buf[i] = float(i % 13) - 4.0f;
  for (const char *name : {"update", "update_barrier"}) {
    SCOPED_TRACE(name);
    cl_kernel k = buildKernel(source, name);
    ASSERT_TRUE(k);
    cl_mem out = outputBuffer<float>(n);
    cl_mem both = bufferOf(buf);
    ASSERT_EQ(setArgs(k, both, both, out, cl_int(1)), CL_SUCCESS);
    size_t global[1] = {n}, group[1] = {16};
    ASSERT_EQ(run(k, 1, global, group), CL_SUCCESS);
    std::vector<float> got = read<float>(out, n);
    for (size_t g = 0; g < n; ++g) {
      float a = buf[2 * g];
      ASSERT_EQ(got[g], a * (a + 1.0f)) << "work-item " << g;
    }
  }
}

using InterleavedStoresTest = KernelTest;

TEST_F(InterleavedStoresTest, PairsAndTriplesMatchTheHost) {
  // A complex product's halves (pairs) and three channels, written by each
  // work-item to neighbouring elements, after a barrier (a region's packet)
  // and in a loop (a body's packet); the group sizes leave rows that end
  // in the middle of a packet.
  const char *source = R"(
    kernel void complex_barrier(global const float2 *a, global float *out) {
      size_t g = get_global_id(0);
      float2 x = a[g];
      barrier(CLK_LOCAL_MEM_FENCE);
      out[2 * g] = x.x * x.x - x.y * x.y;
      out[2 * g + 1] = 2.0f * x.x * x.y;
    }
    kernel void rgb_loop(global const int *a, global int *out, int reps) {
      size_t g = get_global_id(0);
      for (int r = 0; r < reps; ++r) {
        int v = a[g] + r;
        out[3 * g + 1] = v * 2;
        out[3 * g] = v;
        out[3 * g + 2] = v - 7;
      }
    })";
  for (size_t local : {8, 12, 64}) {
    SCOPED_TRACE(testing::Message() << "groups of " << local);
    size_t n = local * 5;
    std::vector<float> a(2 * n);
    for (size_t i = 0; i < a.size(); ++i)
      a[i] = float(i % 23) * 0.5f - 3.0f;
    cl_kernel k = buildKernel(source, "complex_barrier");
    ASSERT_TRUE(k);
    cl_mem out = outputBuffer<float>(2 * n);
    ASSERT_EQ(setArgs(k, bufferOf(a), out), CL_SUCCESS);
    size_t global[1] = {n}, group[1] = {local};
    ASSERT_EQ(run(k, 1, global, group), CL_SUCCESS);
    std::vector<float> got = read<float>(out, 2 * n);
    for (size_t g = 0; g < n; ++g) {
      float re = a[2 * g], im = a[2 * g + 1];
      ASSERT_EQ(got[2 * g], re * re - im * im) << "work-item " << g;
      ASSERT_EQ(got[2 * g + 1], 2.0f * re * im) << "work-item " << g;
    }
    std::vector<int> v(n);
    for (size_t i = 0; i < n; ++i)
      v[i] = int(i % 41) - 13;
    cl_kernel loop = buildKernel(source, "rgb_loop");
    ASSERT_TRUE(loop);
    cl_mem rgb = outputBuffer<int>(3 * n);
    ASSERT_EQ(setArgs(loop, bufferOf(v), rgb, cl_int(3)), CL_SUCCESS);
    ASSERT_EQ(run(loop, 1, global, group), CL_SUCCESS);
    std::vector<int> channels = read<int>(rgb, 3 * n);
    for (size_t g = 0; g < n; ++g) {
      int last = v[g] + 2;
      ASSERT_EQ(channels[3 * g], last) << "work-item " << g;
      ASSERT_EQ(channels[3 * g + 1], last * 2) << "work-item " << g;
      ASSERT_EQ(channels[3 * g + 2], last - 7) << "work-item " << g;
    }
  }
}

TEST_F(InterleavedStoresTest, ALoadBetweenTheStoresSeesTheFirst) {
  // The work-item reads back, through another argument naming the same
  // buffer, what its first store wrote, before its second store: the first
  // store must not wait for the second.
  const char *source = R"(
    kernel void pair_alias(global float *buf, global const float *alias, global float *out) {
      size_t g = get_global_id(0);
      barrier(CLK_GLOBAL_MEM_FENCE);
      buf[2 * g] = (float)g;
      float seen = alias[2 * g];
      buf[2 * g + 1] = seen + 0.5f;
      out[g] = seen;
    })";
  const size_t n = 96;
  std::vector<float> buf(2 * n, -1.0f);
  cl_kernel k = buildKernel(source, "pair_alias");
  ASSERT_TRUE(k);
  cl_mem both = bufferOf(buf);
  cl_mem out = outputBuffer<float>(n);
  ASSERT_EQ(setArgs(k, both, both, out), CL_SUCCESS);
  size_t global[1] = {n}, group[1] = {16};
  ASSERT_EQ(run(k, 1, global, group), CL_SUCCESS);
  std::vector<float> got = read<float>(out, n);
  std::vector<float> written = read<float>(both, 2 * n);
  for (size_t g = 0; g < n; ++g) {
    ASSERT_EQ(got[g], float(g)) << "work-item " << g;
    ASSERT_EQ(written[2 * g + 1], float(g) + 0.5f) << "work-item " << g;
  }
}

} // namespace
} // namespace corecl::test
