// End-to-end: kernels without barriers whose loops run through a packet of
// consecutive work-items (passes/body_packets.cpp, passes/packetize.cpp),
// in the shapes where lanes part ways: an escape loop whose trip count
// differs from work-item to work-item (and between lanes of one packet),
// a loop with break and continue, float4 math split into components, a
// bounds guard, rows whose length is no multiple of the packet's (the rest
// runs one work-item at a time), 2-D groups narrower than a packet, and a
// spin lock between work-items (no packet: a lane would wait for ever).
// Results are checked against host references.
#include "kernels/kernel_fixture.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace corecl::test {
namespace {

using BodyPacketsTest = KernelTest;

uint32_t collatzSteps(uint32_t v, uint32_t limit) {
  uint32_t steps = 0;
  while (v != 1 && steps < limit) {
    v = (v & 1) ? 3 * v + 1 : v / 2;
    ++steps;
  }
  return steps * 1000 + v % 1000;
}

TEST_F(BodyPacketsTest, EscapeLoopsOfEveryLengthInOnePacket) {
  // Collatz sequences: neighbouring work-items stop after very different
  // numbers of steps, so the lanes of a packet part ways in every packet.
  cl_kernel k = buildKernel(R"(
    kernel void escape(global uint *out, uint width, uint height, uint limit) {
      uint x = get_global_id(0), y = get_global_id(1);
      if (x >= width || y >= height) return;
      uint v = y * width + x + 1, steps = 0;
      while (v != 1 && steps < limit) {
        v = (v & 1) ? 3 * v + 1 : v / 2;
        ++steps;
      }
      out[y * width + x] = steps * 1000 + v % 1000;
    })",
                            "escape");
  ASSERT_TRUE(k);
  // 37 x 11 points in groups of 12 x 2 (rows of 12: one packet of 8 and 4
  // work-items one at a time on AVX2), guarded past the edges; then in
  // groups of 2 x 8, narrower than a packet.
  const uint32_t width = 37, height = 11, limit = 90;
  cl_mem outBuf = bufferOf(std::vector<cl_uint>(width * height, 0));
  ASSERT_EQ(setArgs(k, outBuf, width, height, limit), CL_SUCCESS);
  for (auto [lx, ly] : {std::pair<size_t, size_t>{12, 2}, {2, 8}}) {
    SCOPED_TRACE(testing::Message() << "groups of " << lx << " x " << ly);
    const size_t global[2] = {48, 16}, local[2] = {lx, ly};
    ASSERT_EQ(run(k, 2, global, local), CL_SUCCESS);
    std::vector<cl_uint> got = read<cl_uint>(outBuf, width * height);
    for (uint32_t y = 0; y < height; ++y)
      for (uint32_t x = 0; x < width; ++x)
        ASSERT_EQ(got[y * width + x], collatzSteps(y * width + x + 1, limit)) << x << "," << y;
  }
}

TEST_F(BodyPacketsTest, BreakContinueAndPrivateAccumulators) {
  cl_kernel k = buildKernel(R"(
    kernel void walk(global const int *data, global int *out, int n) {
      int i = get_global_id(0);
      int acc = 0, seen = 0;
      for (int k = 0; k < n; ++k) {
        int v = data[i + k];
        if (v % 3 == 0) continue;
        acc += v * (k + 1);
        if (++seen > i % 11) break;
      }
      out[i] = acc * 100 + seen;
    })",
                            "walk");
  ASSERT_TRUE(k);
  const int n = 53, items = 200;
  std::vector<cl_int> data(items + n);
  for (int i = 0; i < items + n; ++i)
    data[i] = (i * 37 + 5) % 41 - 20;
  cl_mem dataBuf = bufferOf(data);
  cl_mem outBuf = bufferOf(std::vector<cl_int>(items, 0));
  ASSERT_EQ(setArgs(k, dataBuf, outBuf, n), CL_SUCCESS);
  for (size_t local : {size_t(8), size_t(20), size_t(1), size_t(5)}) {
    SCOPED_TRACE(testing::Message() << "groups of " << local);
    const size_t global = items;
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(outBuf, items);
    for (int i = 0; i < items; ++i) {
      int acc = 0, seen = 0;
      for (int k = 0; k < n; ++k) {
        int v = data[i + k];
        if (v % 3 == 0)
          continue;
        acc += v * (k + 1);
        if (++seen > i % 11)
          break;
      }
      ASSERT_EQ(got[i], acc * 100 + seen) << "work-item " << i;
    }
  }
}

TEST_F(BodyPacketsTest, Float4ComponentsSplitAcrossLanes) {
  // N-body's shape: a uniform loop over float4 positions, the work-item's
  // own float4 loaded and stored whole, dot products across components.
  cl_kernel k = buildKernel(R"(
    kernel void pull(global const float4 *pos, global float4 *acc, int n) {
      int i = get_global_id(0);
      float4 me = pos[i], a = (float4)(0.0f);
      for (int j = 0; j < n; ++j) {
        float4 d = pos[j] - me;
        float r2 = d.x * d.x + d.y * d.y + d.z * d.z + 0.5f;
        a += d * (1.0f / r2);
      }
      acc[i] = (float4)(a.x, a.y, a.z, me.w);
    })",
                            "pull");
  ASSERT_TRUE(k);
  const int n = 67;
  std::vector<cl_float4> pos(n);
  for (int i = 0; i < n; ++i)
    pos[i] = {{float(i % 7) - 3, float(i % 5) * 0.5f, float(i % 3) - 1, float(i)}};
  cl_mem posBuf = bufferOf(pos);
  cl_mem accBuf = bufferOf(std::vector<cl_float4>(n));
  ASSERT_EQ(setArgs(k, posBuf, accBuf, n), CL_SUCCESS);
  const size_t global = n;
  ASSERT_EQ(run(k, 1, &global), CL_SUCCESS);
  std::vector<cl_float4> got = read<cl_float4>(accBuf, n);
  for (int i = 0; i < n; ++i) {
    double a[3] = {0, 0, 0};
    for (int j = 0; j < n; ++j) {
      double d[3];
      for (int c = 0; c < 3; ++c)
        d[c] = double(pos[j].s[c]) - double(pos[i].s[c]);
      double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 0.5;
      for (int c = 0; c < 3; ++c)
        a[c] += d[c] / r2;
    }
    for (int c = 0; c < 3; ++c)
      ASSERT_NEAR(got[i].s[c], a[c], 1e-3 * (1 + std::fabs(a[c]))) << i << "." << c;
    ASSERT_EQ(got[i].s[3], pos[i].s[3]) << i;
  }
}

TEST_F(BodyPacketsTest, SpinLockBetweenWorkItemsStillFinishes) {
  // Work-items take turns through a lock on a global flag. Lanes of a
  // packet run a divergent loop one after the other, so a packet would
  // wait for ever on a lane not yet run: this kernel keeps none.
  cl_kernel k = buildKernel(R"(
    kernel void locked(volatile global int *lock, global int *total, global const int *in) {
      int i = get_global_id(0);
      for (int round = 0; round < 2; ++round) {
        while (atomic_cmpxchg(lock, 0, 1) != 0) {}
        *total += in[i];
        atomic_xchg(lock, 0);
      }
    })",
                            "locked");
  ASSERT_TRUE(k);
  const int items = 64;
  std::vector<cl_int> in(items);
  int expected = 0;
  for (int i = 0; i < items; ++i)
    expected += 2 * (in[i] = i * 3 - 50);
  cl_mem lockBuf = bufferOf(std::vector<cl_int>(1, 0));
  cl_mem totalBuf = bufferOf(std::vector<cl_int>(1, 0));
  cl_mem inBuf = bufferOf(in);
  ASSERT_EQ(setArgs(k, lockBuf, totalBuf, inBuf), CL_SUCCESS);
  const size_t global = items, local = 32;
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(totalBuf, 1)[0], expected);
}

// A long kernel without loops (a generated test's shape): its body goes
// through a packet too, which the work-group function calls instead of
// inlining it into the work-item loop, where the loop vectoriser and the
// register allocator took time growing faster than the body (56 s for
// 8,000 statements of this shape, 22 s now). Rows of 12 run one packet and
// four work-items one at a time (AVX2); groups of one run packets of eight
// groups and the last four one at a time, each called the same way.
// Results checked against the host.
TEST_F(BodyPacketsTest, LongStraightLineBodyIsAPacketCalledPerStep) {
  const int statements = 1000;
  auto from = [&](int j) { return 7 * j % statements; };
  auto times = [](int j) { return j % 13 + 1; };
  std::string source = "kernel void long_body(global int *out, global const int *in) {\n"
                       "  size_t g = get_global_id(0), G = get_global_size(0);\n";
  for (int j = 0; j < statements; ++j)
    source += "  out[" + std::to_string(j) + " * G + g] = in[" + std::to_string(from(j)) +
              " * G + g] * " + std::to_string(times(j)) + " + in[" + std::to_string(j) +
              " * G + g];\n";
  source += "}\n";
  std::string built;
  cl_kernel k = buildKernelDumpingIr(source, "long_body", built);
  ASSERT_TRUE(k);
  const size_t items = 84; // 7 groups of 12; 10 packets of 8 groups of one and 4 single ones
  std::vector<cl_int> in(items * statements);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = int(i % 1009) - 500;
  cl_mem inBuf = bufferOf(in);
  const bool eager = std::getenv("CORECL_PACKET_WIDTH") != nullptr;
  for (size_t local : {12, 1}) {
    SCOPED_TRACE(testing::Message() << "groups of " << local);
    cl_mem outBuf = bufferOf(std::vector<cl_int>(in.size(), 0));
    ASSERT_EQ(setArgs(k, outBuf, inBuf), CL_SUCCESS);
    std::string ir;
    ASSERT_EQ(runDumpingIr(k, 1, &items, &local, ir), CL_SUCCESS);
    // Packets are functions of their own, called: the body's in the build,
    // the groups' too in the build the first launch with groups of one
    // makes (in the build already with CORECL_PACKET_WIDTH set).
    const std::string &dumped = local == 12 || eager ? built : ir;
    std::set<std::string> called;
    std::regex call(R"(call [^\n]*@(long_body\.body\.packet[0-9.]*[0-9])\()");
    for (auto it = std::sregex_iterator(dumped.begin(), dumped.end(), call);
         it != std::sregex_iterator(); ++it)
      called.insert((*it)[1].str());
    // (With CORECL_BODY_PACKETS=0 region_packets.cpp makes the body's.)
    EXPECT_EQ(called.size(), 1u + (local == 1 || eager ? 1u : 0u));
    std::vector<cl_int> got = read<cl_int>(outBuf, in.size());
    for (int j = 0; j < statements; ++j)
      for (size_t g = 0; g < items; ++g)
        ASSERT_EQ(got[j * items + g], in[from(j) * items + g] * times(j) + in[j * items + g])
            << "statement " << j << ", work-item " << g;
  }
}

// The same between barriers: each long loop-free region of a kernel with
// barriers gets a packet, called per packet like a body's (inlined, every
// region's invariants left the region dispatch loop and lived across the
// whole work-group function: an 8,000-statement kernel with a barrier
// every 500 statements built in 65 s, 26 s now). The second region reads
// what the first one's neighbouring work-item wrote. Results checked
// against the host.
TEST_F(BodyPacketsTest, LongRegionsBetweenBarriersArePacketsCalledPerStep) {
  const int statements = 800;
  auto from = [&](int j) { return 7 * j % statements; };
  std::string source = "kernel void long_regions(global int *out, global int *mid,\n"
                       "                           global const int *in) {\n"
                       "  size_t g = get_global_id(0), G = get_global_size(0);\n";
  for (int j = 0; j < statements; ++j)
    source += "  mid[" + std::to_string(j) + " * G + g] = in[" + std::to_string(from(j)) +
              " * G + g] * 3 + in[" + std::to_string(j) + " * G + g];\n";
  source += "  barrier(CLK_GLOBAL_MEM_FENCE);\n";
  for (int j = 0; j < statements; ++j)
    source += "  out[" + std::to_string(j) + " * G + g] = mid[" + std::to_string(j) +
              " * G + (g ^ 1)] - " + std::to_string(j) + ";\n";
  source += "}\n";
  std::string built;
  cl_kernel k = buildKernelDumpingIr(source, "long_regions", built);
  ASSERT_TRUE(k);
  std::set<std::string> called;
  std::regex call(R"(call [^\n]*@(long_regions\.body\.region[0-9]+\.packet[0-9]+)\()");
  for (auto it = std::sregex_iterator(built.begin(), built.end(), call);
       it != std::sregex_iterator(); ++it)
    called.insert((*it)[1].str());
  EXPECT_EQ(called.size(), 2u);
  const size_t items = 84, local = 12; // a packet of 8 and 4 work-items one at a time a row
  std::vector<cl_int> in(items * statements);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = int(i % 1013) - 400;
  cl_mem inBuf = bufferOf(in);
  cl_mem midBuf = bufferOf(std::vector<cl_int>(in.size(), 0));
  cl_mem outBuf = bufferOf(std::vector<cl_int>(in.size(), 0));
  ASSERT_EQ(setArgs(k, outBuf, midBuf, inBuf), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &items, &local), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(outBuf, in.size());
  for (int j = 0; j < statements; ++j)
    for (size_t g = 0; g < items; ++g) {
      size_t n = g ^ 1;
      ASSERT_EQ(got[j * items + g], in[from(j) * items + n] * 3 + in[j * items + n] - j)
          << "statement " << j << ", work-item " << g;
    }
}

} // namespace
} // namespace corecl::test
