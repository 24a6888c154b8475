// Loops bound by the latency of their chains of dependent operations
// (clpeak's compute kernels) run through packets of several widths: the
// widest (up to 16 registers of lanes) where a row has room for it, then
// narrower ones, then the rest of the row one work-item at a time
// (packet_width.h, latencyPacketWidth; work_group_loops.cpp, packetRows).
// Every work-item's result matches a host reference, whatever the row's
// length: multiples of the widest packet, rows that end in every narrower
// packet and in single work-items, rows shorter than one packet, and a
// kernel that requires its size (no packet wider than its row).
#include "kernels/kernel_fixture.h"

#include <cmath>
#include <vector>

namespace corecl::test {
namespace {

using LatencyPacketsTest = KernelTest;

/// The kernels' arguments a and trips.
constexpr float kA = 1.5f;
constexpr int kTrips = 100;

/// The host's value of the kernels' chain for work-item `gid`.
float chainOf(size_t gid, size_t lid, float a, int trips) {
  float c = float(gid % 7) + 0.5f * float(lid % 5), x = a, y = 0.0f;
  for (int i = 0; i < trips; ++i)
    for (int step = 0; step < 4; ++step) {
      x = std::fma(x, 0.5f, y);
      y = std::fma(x, -0.25f, c);
    }
  return x + y;
}

/// Runs `k` (arguments out, a, trips) over `global` work-items in groups
/// of `local` and checks every result against chainOf.
void expectChains(LatencyPacketsTest &test, cl_kernel k, size_t global, size_t local) {
  SCOPED_TRACE(testing::Message() << global << " work-items in groups of " << local);
  cl_mem out = test.outputBuffer<float>(global);
  ASSERT_EQ(test.setArgs(k, out, kA, cl_int(kTrips)), CL_SUCCESS);
  ASSERT_EQ(test.run(k, 1, &global, &local), CL_SUCCESS);
  std::vector<float> got = test.read<float>(out, global);
  for (size_t gid = 0; gid < global; ++gid)
    ASSERT_EQ(got[gid], chainOf(gid, gid % local, kA, kTrips)) << "work-item " << gid;
}

/// chainOf in OpenCL C, for work-item `gid`, `lid`: x + y at its end.
#define CHAIN_LOOP                                                                                 \
  "float c = (float)(gid % 7) + 0.5f * (float)(lid % 5), x = a, y = 0.0f;\n"                       \
  "for (int i = 0; i < trips; ++i) {\n"                                                            \
  "  x = fma(x, 0.5f, y); y = fma(x, -0.25f, c);\n"                                                \
  "  x = fma(x, 0.5f, y); y = fma(x, -0.25f, c);\n"                                                \
  "  x = fma(x, 0.5f, y); y = fma(x, -0.25f, c);\n"                                                \
  "  x = fma(x, 0.5f, y); y = fma(x, -0.25f, c);\n"                                                \
  "}\n"

constexpr const char *kChain =
    "kernel void chain(global float *out, float a, int trips) {\n"
    "size_t gid = get_global_id(0), lid = get_local_id(0);\n" CHAIN_LOOP "out[gid] = x + y;\n"
    "}\n";

TEST_F(LatencyPacketsTest, OneChainPerWorkItemInRowsOfAnyLength) {
  cl_kernel k = buildKernel(kChain, "chain");
  ASSERT_TRUE(k);
  // 256 and 512: the widest packets; 496 = 256 + 128 + 64 + 32 + 16;
  // 100 and 23: narrower packets and single work-items; 3: no packet.
  for (size_t local : {256, 512, 496, 100, 23, 3, 1})
    expectChains(*this, k, local * 4, local);
}

TEST_F(LatencyPacketsTest, TwoChainsPerWorkItemAsAFloat2) {
  cl_kernel k = buildKernel(R"(
    kernel void chains(global float *out, float a, int trips) {
      size_t gid = get_global_id(0);
      float c = (float)(gid % 7) + 0.5f * (float)(get_local_id(0) % 5);
      float2 x = (float2)(a, 0.0f);
      for (int i = 0; i < trips; ++i)
        for (int step = 0; step < 4; ++step) {
          x.x = fma(x.x, 0.5f, x.y);
          x.y = fma(x.x, -0.25f, c);
          x = fma(x, (float2)(0.5f, -0.25f), (float2)(x.y, c));
        }
      out[gid] = x.x + x.y;
    })",
                            "chains");
  ASSERT_TRUE(k);
  for (size_t local : {128, 200, 48, 5}) {
    SCOPED_TRACE(testing::Message() << "groups of " << local);
    size_t global = local * 3;
    cl_mem out = outputBuffer<float>(global);
    ASSERT_EQ(setArgs(k, out, kA, cl_int(kTrips)), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<float> got = read<float>(out, global);
    for (size_t gid = 0; gid < global; ++gid) {
      float c = float(gid % 7) + 0.5f * float(gid % local % 5), x = kA, y = 0.0f;
      for (int i = 0; i < kTrips * 4; ++i) {
        x = std::fma(x, 0.5f, y);
        y = std::fma(x, -0.25f, c);
        float nx = std::fma(x, 0.5f, y), ny = std::fma(y, -0.25f, c);
        x = nx;
        y = ny;
      }
      ASSERT_EQ(got[gid], x + y) << "work-item " << gid;
    }
  }
}

TEST_F(LatencyPacketsTest, RegionBeforeABarrier) {
  // Region packets (a barrier in the source): the chain's region returns
  // the barrier it stopped at from whichever packet ran last in the row.
  cl_kernel k = buildKernel(
      "kernel void chain(global float *out, float a, int trips, local float *t) {\n"
      "size_t gid = get_global_id(0), lid = get_local_id(0);\n" CHAIN_LOOP "t[lid] = x + y;\n"
      "barrier(CLK_LOCAL_MEM_FENCE);\n"
      "out[gid] = t[lid] - t[(lid + 1) % get_local_size(0)];\n"
      "}\n",
      "chain");
  ASSERT_TRUE(k);
  for (size_t local : {256, 368, 40}) {
    SCOPED_TRACE(testing::Message() << "groups of " << local);
    size_t global = local * 3;
    cl_mem out = outputBuffer<float>(global);
    ASSERT_EQ(setArgs(k, out, kA, cl_int(kTrips), LocalBytes{local * sizeof(float)}), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<float> got = read<float>(out, global);
    for (size_t gid = 0; gid < global; ++gid) {
      size_t group = gid / local * local, next = group + (gid - group + 1) % local;
      float want = chainOf(gid, gid - group, kA, kTrips) - chainOf(next, next - group, kA, kTrips);
      ASSERT_EQ(got[gid], want) << "work-item " << gid;
    }
  }
}

TEST_F(LatencyPacketsTest, RequiredRowNarrowerThanTheWidestPacket) {
  cl_kernel k =
      buildKernel(std::string("__attribute__((reqd_work_group_size(48, 1, 1)))") + kChain, "chain");
  ASSERT_TRUE(k);
  expectChains(*this, k, 48 * 5, 48);
}

#undef CHAIN_LOOP

} // namespace
} // namespace corecl::test
