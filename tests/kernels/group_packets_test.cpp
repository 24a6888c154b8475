// End-to-end: kernels launched with one work-item per group, which the
// work-group function runs several consecutive groups at a time through a
// packet (passes/group_packets.cpp, passes/packetize.cpp). Each kernel has
// the shapes the packetiser handles differently: a bounds guard, uniform
// loops, branches some lanes take (a rare hit with an atomic, a loop whose
// trip count and exit differ between work-items, a switch), private arrays
// indexed by data, OpenCL vectors with swizzles and rotates, structures,
// a 2-D range with an offset, and group counts that leave a partial
// packet. Results are checked against host references.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

// A launch with one work-item per group and 64 or more groups in a row
// builds the program again with packets, once (compiler::
// buildWithGroupPackets); smaller ones run as built. The tests run as the
// driver does by default and, through ctest's kernels.group_packets_eager,
// with CORECL_PACKET_WIDTH=3 (packets in every build, three lanes).
using GroupPacketsTest = KernelTest;

uint32_t rotl(uint32_t v, uint32_t r) {
  return r ? (v << r) | (v >> (32 - r)) : v;
}

/// Host reference of `chains` for one work-item: its final word, and the
/// rounds at which its first lane equals `target`.
uint32_t chain(uint32_t in, uint32_t gid, uint32_t rounds, uint32_t target,
               std::vector<uint32_t> *hitsOf = nullptr) {
  uint32_t s[8] = {in, 1, 2, 3, 4, 5, 6, 7};
  for (uint32_t &v : s)
    v += gid;
  for (uint32_t r = 0; r < rounds; ++r) {
    uint32_t next[8];
    for (int k = 0; k < 8; ++k) {
      uint32_t swizzled = s[k == 0 ? 7 : k - 1]; // .s70123456
      next[k] = rotl(s[k] * 0x9E3779B1u + swizzled, r & 31);
    }
    std::copy(next, next + 8, s);
    if (s[0] == target && hitsOf)
      hitsOf->push_back(gid);
  }
  return s[0] ^ s[1] ^ s[2] ^ s[3] ^ s[4] ^ s[5] ^ s[6] ^ s[7];
}

TEST_F(GroupPacketsTest, HashLikeChainsWithRareHits) {
  cl_kernel k = buildKernel(R"(
    kernel void chains(global const uint *in, global uint *out, volatile global uint *hits,
                       uint n, uint rounds, uint target) {
      size_t gid = get_global_id(0);
      if (gid >= n) return;
      uint8 s = (uint8)(in[gid], 1, 2, 3, 4, 5, 6, 7) + (uint8)((uint)gid);
      for (uint r = 0; r < rounds; ++r) {
        s = rotate(s * 0x9E3779B1u + s.s70123456, (uint8)(r & 31));
        if (s.s0 == target) {
          uint slot = atomic_inc(hits);
          out[n + slot] = (uint)gid;
        }
      }
      out[gid] = s.s0 ^ s.s1 ^ s.s2 ^ s.s3 ^ s.s4 ^ s.s5 ^ s.s6 ^ s.s7;
    })",
                            "chains");
  ASSERT_TRUE(k);
  const uint32_t rounds = 9;
  for (uint32_t n : {1u, 3u, 37u, 261u}) {
    SCOPED_TRACE(testing::Message() << n << " work-items");
    std::vector<uint32_t> in(n);
    for (uint32_t i = 0; i < n; ++i)
      in[i] = i * 2654435761u + 17;
    // A target some work-item reaches: work-item n/2's state after round 3.
    uint32_t target = 0;
    {
      uint32_t gid = n / 2;
      uint32_t s[8] = {in[gid], 1, 2, 3, 4, 5, 6, 7};
      for (uint32_t &v : s)
        v += gid;
      for (uint32_t r = 0; r < 4; ++r) {
        uint32_t next[8];
        for (int j = 0; j < 8; ++j)
          next[j] = rotl(s[j] * 0x9E3779B1u + s[j == 0 ? 7 : j - 1], r & 31);
        std::copy(next, next + 8, s);
      }
      target = s[0];
    }
    std::vector<uint32_t> hits, expected(n);
    for (uint32_t i = 0; i < n; ++i)
      expected[i] = chain(in[i], i, rounds, target, &hits);
    ASSERT_FALSE(hits.empty());
    cl_mem inBuf = bufferOf(in);
    cl_mem outBuf = bufferOf(std::vector<uint32_t>(n + 64, 0xdeadbeef));
    cl_mem hitBuf = bufferOf(std::vector<uint32_t>(1, 0));
    ASSERT_EQ(setArgs(k, inBuf, outBuf, hitBuf, n, rounds, target), CL_SUCCESS);
    // More work-items than n: the guard retires some lanes of a packet.
    const size_t global = n + 5, local = 1;
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<uint32_t> got = read<uint32_t>(outBuf, n + 64);
    for (uint32_t i = 0; i < n; ++i)
      ASSERT_EQ(got[i], expected[i]) << "work-item " << i;
    ASSERT_EQ(read<uint32_t>(hitBuf, 1)[0], hits.size());
    std::vector<uint32_t> gotHits(got.begin() + n, got.begin() + n + hits.size());
    std::sort(gotHits.begin(), gotHits.end());
    std::sort(hits.begin(), hits.end());
    EXPECT_EQ(gotHits, hits);
  }
}

struct Record {
  cl_int a;
  cl_float b;
  cl_short c;
};
static_assert(sizeof(Record) == 12);

TEST_F(GroupPacketsTest, DivergentLoopsSwitchesPrivateArraysAndStructures) {
  cl_kernel k = buildKernel(R"(
    typedef struct { int a; float b; short c; } rec;
    kernel void shapes(global const rec *recs, global const int *data, global int *out, int n) {
      int i = get_global_id(0);
      if (i >= n) return;
      int priv[8];
      for (int k = 0; k < 8; ++k) priv[k] = data[(i + k) % n];
      int acc = 0;
      for (int k = 0; k < i % 7; ++k) {
        acc += priv[(acc + k) & 7];
        if (acc > 1000) break;
      }
      switch (i & 3) {
        case 0: acc += recs[i].a; break;
        case 1: acc -= (int)recs[i].b; break;
        case 2: acc ^= recs[i].c; break;
        default: acc *= 3;
      }
      float4 v = (float4)((float)acc, (float)i, recs[i].b, 1.0f);
      v = v.wzyx * 2.0f + v;
      out[i] = (int)(v.x + v.y) + (int)v.z - (int)v.w;
    })",
                            "shapes");
  ASSERT_TRUE(k);
  for (int n : {1, 2, 9, 100, 203}) {
    SCOPED_TRACE(testing::Message() << n << " work-items");
    std::vector<Record> recs(n);
    std::vector<cl_int> data(n);
    for (int i = 0; i < n; ++i) {
      recs[i] = {i * 7 - 50, float(i % 13) - 4.5f, cl_short(i * 3 - 100)};
      data[i] = (i * 37) % 500 - 60;
    }
    std::vector<cl_int> expected(n);
    for (int i = 0; i < n; ++i) {
      int priv[8];
      for (int k = 0; k < 8; ++k)
        priv[k] = data[(i + k) % n];
      int acc = 0;
      for (int k = 0; k < i % 7; ++k) {
        acc += priv[(acc + k) & 7];
        if (acc > 1000)
          break;
      }
      switch (i & 3) {
      case 0:
        acc += recs[i].a;
        break;
      case 1:
        acc -= int(recs[i].b);
        break;
      case 2:
        acc ^= recs[i].c;
        break;
      default:
        acc *= 3;
      }
      float v[4] = {float(acc), float(i), recs[i].b, 1.0f};
      float w[4] = {v[3] * 2 + v[0], v[2] * 2 + v[1], v[1] * 2 + v[2], v[0] * 2 + v[3]};
      expected[i] = int(w[0] + w[1]) + int(w[2]) - int(w[3]);
    }
    cl_mem recBuf = bufferOf(recs);
    cl_mem dataBuf = bufferOf(data);
    cl_mem outBuf = bufferOf(std::vector<cl_int>(n, -1));
    ASSERT_EQ(setArgs(k, recBuf, dataBuf, outBuf, cl_int(n)), CL_SUCCESS);
    const size_t global = size_t(n), local = 1;
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<cl_int> got = read<cl_int>(outBuf, n);
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(got[i], expected[i]) << "work-item " << i;
  }
}

TEST_F(GroupPacketsTest, TwoDimensionsWithAnOffset) {
  // Packets take consecutive groups of one row only: rows of 70 leave
  // partial packets, and the offset moves every id.
  cl_kernel k = buildKernel(R"(
    kernel void grid(global int *out, int width) {
      int x = get_global_id(0), y = get_global_id(1);
      out[(y - 2) * width + (x - 3)] =
          x * 1000 + y * 10 + (get_group_id(0) == x - 3) + 2 * (get_group_id(1) == y - 2) +
          4 * (get_local_id(0) == 0) + 8 * (get_local_size(0) == 1) +
          16 * (get_num_groups(0) == width);
    })",
                            "grid");
  ASSERT_TRUE(k);
  const size_t global[2] = {70, 5}, local[2] = {1, 1}, offset[2] = {3, 2};
  cl_mem outBuf = bufferOf(std::vector<cl_int>(70 * 5, -1));
  ASSERT_EQ(setArgs(k, outBuf, cl_int(70)), CL_SUCCESS);
  ASSERT_EQ(run(k, 2, global, local, offset), CL_SUCCESS);
  std::vector<cl_int> got = read<cl_int>(outBuf, 70 * 5);
  for (int y = 2; y < 7; ++y)
    for (int x = 3; x < 73; ++x)
      ASSERT_EQ(got[(y - 2) * 70 + (x - 3)], x * 1000 + y * 10 + 31) << x << "," << y;
}

TEST_F(GroupPacketsTest, ConsecutiveAccessesThroughIntIndices) {
  // An int index is sign-extended: the packet checks at run time that the
  // lanes' addresses are consecutive before one vector access.
  cl_kernel k = buildKernel(R"(
    kernel void axpy(global const float *x, global float *y, float a) {
      int i = get_global_id(0);
      y[i] = a * x[i] + y[i];
    })",
                            "axpy");
  ASSERT_TRUE(k);
  const int n = 1003;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 50);
    y[i] = float(i % 7) - 3;
  }
  cl_mem xBuf = bufferOf(x), yBuf = bufferOf(y);
  ASSERT_EQ(setArgs(k, xBuf, yBuf, 2.0f), CL_SUCCESS);
  // The packets are built at this launch (unless forced for every build):
  // their IR shows in a dump.
  std::string ir;
  const size_t groups = n, one = 1;
  ASSERT_EQ(runDumpingIr(k, 1, &groups, &one, ir), CL_SUCCESS);
  if (!std::getenv("CORECL_PACKET_WIDTH"))
    EXPECT_NE(ir.find("axpy.body.packet"), std::string::npos)
        << "no packet built for a launch of 1,003 groups of one";
  std::vector<float> got = read<float>(yBuf, n);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], 2.0f * x[i] + y[i]) << i;
}

TEST_F(GroupPacketsTest, AtomicCounterInALoopOfKnownLengthKeepsThePacket) {
  // hashcat's shape: a guard, then a loop whose length comes from the
  // arguments, counting hits with atomic_inc. Lanes that run it one by one
  // never wait for each other (the exit depends on no atomic), so the
  // kernel keeps its packet; a spin lock does not (BodyPacketsTest).
  cl_kernel k = buildKernel(R"(
    kernel void hits(global const uint *in, global uint *count, global uint *found, uint n,
                     uint rounds) {
      uint gid = get_global_id(0);
      if (gid >= n) return;
      uint h = in[gid];
      for (uint r = 0; r < rounds; ++r) {
        h = h * 0x9E3779B1u + r;
        h ^= h >> 15;
        if ((h & 0x3F) == 7) {
          uint slot = atomic_inc(count);
          found[slot] = gid * 1000 + r;
        }
      }
    })",
                            "hits");
  ASSERT_TRUE(k);
  const uint32_t n = 1000, rounds = 40;
  std::vector<uint32_t> in(n), expected;
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t h = in[i] = i * 2654435761u;
    for (uint32_t r = 0; r < rounds; ++r) {
      h = h * 0x9E3779B1u + r;
      h ^= h >> 15;
      if ((h & 0x3F) == 7)
        expected.push_back(i * 1000 + r);
    }
  }
  cl_mem inBuf = bufferOf(in), countBuf = bufferOf(std::vector<cl_uint>{0}),
         foundBuf = outputBuffer<cl_uint>(expected.size());
  ASSERT_EQ(setArgs(k, inBuf, countBuf, foundBuf, n, rounds), CL_SUCCESS);
  std::string ir;
  const size_t groups = 1003, one = 1; // three groups past the guard
  ASSERT_EQ(runDumpingIr(k, 1, &groups, &one, ir), CL_SUCCESS);
  if (!std::getenv("CORECL_PACKET_WIDTH"))
    EXPECT_NE(ir.find("hits.body.packet"), std::string::npos)
        << "no packet built for a loop that only counts with an atomic";
  ASSERT_EQ(read<cl_uint>(countBuf, 1)[0], expected.size());
  std::vector<uint32_t> got = read<uint32_t>(foundBuf, expected.size());
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, expected); // in any order
}

uint64_t rotr64(uint64_t v, unsigned r) {
  return r ? (v >> r) | (v << (64 - r)) : v;
}

TEST_F(GroupPacketsTest, OneLaneKeepsShortVectorsWhole) {
  // The packetiser takes no kernel using local memory, so groups of one
  // run a packet of one lane: the body called as it is, its ulong4 math
  // kept whole (the work-item loops' scalariser would split it in four).
  cl_kernel k = buildKernel(R"(
    kernel void mix(global const ulong *in, global ulong *out, local ulong4 *scratch,
                    uint rounds) {
      size_t gid = get_global_id(0);
      ulong4 s = (ulong4)(in[gid], 1, 2, 3) + (ulong4)(gid);
      for (uint r = 0; r < rounds; ++r) {
        s = rotate(s, (ulong4)(64 - 14, 64 - 18, 64 - 41, 64 - 28)) + s.wxyz * 0x9E3779B97F4A7C15ul;
        scratch[0] = s;
        s ^= scratch[0].yzwx >> (ulong4)(7);
      }
      out[gid] = s.x ^ s.y ^ s.z ^ s.w;
    })",
                            "mix");
  ASSERT_TRUE(k);
  const uint32_t n = 131, rounds = 11;
  std::vector<uint64_t> in(n), expected(n);
  for (uint32_t i = 0; i < n; ++i) {
    in[i] = uint64_t(i) * 0x2545F4914F6CDD1Dull + 99;
    uint64_t s[4] = {in[i] + i, 1 + uint64_t(i), 2 + uint64_t(i), 3 + uint64_t(i)};
    const unsigned by[4] = {14, 18, 41, 28};
    for (uint32_t r = 0; r < rounds; ++r) {
      uint64_t next[4];
      for (int c = 0; c < 4; ++c)
        next[c] = rotr64(s[c], by[c]) + s[(c + 3) % 4] * 0x9E3779B97F4A7C15ull;
      for (int c = 0; c < 4; ++c)
        s[c] = next[c] ^ (next[(c + 1) % 4] >> 7);
    }
    expected[i] = s[0] ^ s[1] ^ s[2] ^ s[3];
  }
  cl_mem inBuf = bufferOf(in);
  cl_mem outBuf = bufferOf(std::vector<uint64_t>(n, 0));
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof(cl_mem), &inBuf), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof(cl_mem), &outBuf), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 2, 32, nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 3, sizeof(rounds), &rounds), CL_SUCCESS);
  std::string ir;
  const size_t groups = n, one = 1;
  ASSERT_EQ(runDumpingIr(k, 1, &groups, &one, ir), CL_SUCCESS);
  if (!std::getenv("CORECL_PACKET_WIDTH"))
    EXPECT_NE(ir.find(".single("), std::string::npos)
        << "no one-lane packet built for a launch of 131 groups of one";
  std::vector<uint64_t> got = read<uint64_t>(outBuf, n);
  for (uint32_t i = 0; i < n; ++i)
    ASSERT_EQ(got[i], expected[i]) << "work-item " << i;
}

// Packets are generated only for the kernels launched with groups of one:
// hashcat's programs hold six attack kernels and launch one, and packets
// for all six made its first run 80 s where PoCL took 64. Each kernel's
// code is generated on its first launch (the program's own code and its
// packets), once: a second kernel launched that way later gets its
// packets then, and a kernel launched again generates nothing. Results
// checked against the host each time.
TEST_F(GroupPacketsTest, PacketsOnlyForTheKernelsLaunchedThatWay) {
  cl_program p = build(R"(
    uint mix(uint v, uint rounds) {
      for (uint r = 0; r < rounds; ++r) v = v * 0x9E3779B1u + (v >> 7) + r;
      return v;
    }
    kernel void first(global const uint *in, global uint *out, uint rounds) {
      size_t i = get_global_id(0);
      out[i] = mix(in[i], rounds);
    }
    kernel void second(global const uint *in, global uint *out, uint rounds) {
      size_t i = get_global_id(0);
      out[i] = mix(in[i] ^ 0x5555u, rounds) + 1;
    })");
  ASSERT_TRUE(p);
  const uint32_t n = 128, rounds = 9;
  std::vector<uint32_t> in(n);
  for (uint32_t i = 0; i < n; ++i)
    in[i] = i * 2654435761u;
  auto mix = [&](uint32_t v) {
    for (uint32_t r = 0; r < rounds; ++r)
      v = v * 0x9E3779B1u + (v >> 7) + r;
    return v;
  };
  cl_mem inBuf = bufferOf(in);
  const bool eager = std::getenv("CORECL_PACKET_WIDTH") != nullptr;
  std::vector<std::string> launched;
  for (const char *name : {"first", "second", "first"}) {
    cl_kernel k = createKernel(p, name);
    ASSERT_TRUE(k);
    cl_mem outBuf = bufferOf(std::vector<uint32_t>(n, 0));
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof(cl_mem), &inBuf), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof(cl_mem), &outBuf), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof rounds, &rounds), CL_SUCCESS);
    std::string ir;
    const size_t groups = n, one = 1;
    ASSERT_EQ(runDumpingIr(k, 1, &groups, &one, ir), CL_SUCCESS);
    const bool isNew = std::find(launched.begin(), launched.end(), name) == launched.end();
    if (isNew)
      launched.push_back(name);
    if (!eager) {
      // Code is generated (and dumped) only for a kernel's first launch.
      EXPECT_EQ(!ir.empty(), isNew) << name;
      if (isNew)
        for (const char *other : {"first", "second"}) {
          bool wanted = std::string(other) == name;
          // A packet of groups: `@K.body.packetW(`, `@K.body.packetW.N(` or a
          // one-lane `@K....single(` (a packet of a body's work-items ends in
          // `.rows`; this build makes none).
          std::regex packet("@" + std::string(other) +
                            "\\.[a-z.]*(packet[0-9]+(\\.[0-9]+)?|single)\\(");
          EXPECT_EQ(std::regex_search(ir, packet), wanted) << name << " launched, " << other;
        }
    }
    std::vector<uint32_t> got = read<uint32_t>(outBuf, n);
    for (uint32_t i = 0; i < n; ++i)
      ASSERT_EQ(got[i], name[0] == 'f' ? mix(in[i]) : mix(in[i] ^ 0x5555u) + 1)
          << name << " work-item " << i;
  }
}

} // namespace
} // namespace corecl::test
