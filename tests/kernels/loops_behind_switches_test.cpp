// Loops behind switches on values the same for every work-item, inlined
// many times (the shape of a random program's helpers). When the loop
// passes ran, each such loop got a barrier, the paths around them made
// every region copy what followed, and a program of this shape never
// finished building. Loops now stay whole: in a packet of work-items
// (body_packets.cpp, region_packets.cpp), or one work-item at a time in
// the work-item loops of a body or region refused a packet. No barrier is
// added, and the results match a host reference on every path: the
// default, without body packets, without region packets, in groups of
// sixteen work-items and of one.
#include "kernels/kernel_fixture.h"

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using LoopsBehindSwitchesTest = KernelTest;

constexpr const char *kHelpers = R"(
  uint mix(uint h, uint k) {
    h ^= k * 0xcc9e2d51u;
    h = rotate(h, 13u) * 5u + 0xe6546b64u;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    return h * 0xc2b2ae35u;
  }
  uint steps(uint x, uint sel) {
    switch (sel % 3u) {
    case 0: {
      uint n = 0;
      while (x != 1u && n < 40u) {
        x = (x & 1u) ? 3u * x + 1u : x / 2u;
        ++n;
      }
      return n;
    }
    case 1:
      return x * 7u;
    default:
      return mix(x, sel);
    }
  }
)";

uint32_t rotl(uint32_t v, uint32_t r) {
  return (v << r) | (v >> (32 - r));
}

uint32_t mix(uint32_t h, uint32_t k) {
  h ^= k * 0xcc9e2d51u;
  h = rotl(h, 13) * 5u + 0xe6546b64u;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  return h * 0xc2b2ae35u;
}

uint32_t steps(uint32_t x, uint32_t sel) {
  switch (sel % 3u) {
  case 0: {
    uint32_t n = 0;
    while (x != 1u && n < 40u) {
      x = (x & 1u) ? 3u * x + 1u : x / 2u;
      ++n;
    }
    return n;
  }
  case 1:
    return x * 7u;
  default:
    return mix(x, sel);
  }
}

/// A kernel that (`withBarrier`) first adds its neighbour's value through
/// local memory and a barrier of its own, then calls steps() `loops`
/// times, each call's loop behind a switch on a value the same for all
/// work-items, then mixes its value `tail` times. A loop in front adds to
/// a counter atomically, a different number of times in each work-item.
std::string kernelSource(unsigned loops, unsigned tail, bool withBarrier) {
  std::string body = "kernel void many(global uint *out, global const uint *sel, "
                     "global uint *count) {\n"
                     "  local uint shared[16];\n"
                     "  uint x = get_global_id(0) + 1u;\n"
                     "  for (uint i = 0; i < x % 3u; ++i)\n"
                     "    atomic_add(count, sel[(x * 7u + i) % " +
                     std::to_string(loops) + "u]);\n";
  if (withBarrier)
    body += "  uint lid = get_local_id(0);\n"
            "  shared[lid] = x;\n"
            "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            "  x += shared[(lid + 1) % get_local_size(0)];\n";
  for (unsigned i = 0; i < loops; ++i)
    body += "  x += steps(x + " + std::to_string(i) + "u, sel[" + std::to_string(i) + "]);\n";
  for (unsigned i = 0; i < tail; ++i)
    body += "  x = mix(x, " + std::to_string(i) + "u);\n";
  return std::string(kHelpers) + body + "  out[get_global_id(0)] = x;\n}\n";
}

/// The kernel's results for `n` work-items in groups of `local`.
std::vector<uint32_t> reference(size_t n, size_t local, const std::vector<uint32_t> &sel,
                                unsigned tail, bool withBarrier) {
  std::vector<uint32_t> out(n);
  for (uint32_t gid = 0; gid < n; ++gid) {
    uint32_t x = gid + 1, lid = uint32_t(gid % local);
    if (withBarrier)
      x += gid - lid + (lid + 1) % local + 1; // the neighbour's first value
    for (unsigned i = 0; i < sel.size(); ++i)
      x += steps(x + i, sel[i]);
    for (unsigned i = 0; i < tail; ++i)
      x = mix(x, i);
    out[gid] = x;
  }
  return out;
}

/// Builds and runs the kernel of `loops` and `tail` over 64 work-items in
/// groups of 16 and then of 1, checks every result, and returns the value
/// of the kernel's "corecl.barriers" in the IR of the first launch.
std::string runAndCheck(LoopsBehindSwitchesTest &test, unsigned loops, unsigned tail,
                        bool withBarrier = false) {
  cl_kernel k = test.buildKernel(kernelSource(loops, tail, withBarrier), "many");
  if (!k)
    return "no kernel";
  const size_t n = 64;
  std::vector<uint32_t> sel(loops);
  for (unsigned i = 0; i < loops; ++i)
    sel[i] = i * 5 + (i % 4 == 1 ? 1 : 0); // mostly loops (case 0), some of the others
  cl_mem outBuf = test.outputBuffer<cl_uint>(n);
  cl_mem selBuf = test.bufferOf(sel);
  cl_mem countBuf = test.bufferOf(std::vector<cl_uint>{0});
  EXPECT_EQ(test.setArgs(k, outBuf, selBuf, countBuf), CL_SUCCESS);
  std::string ir;
  uint32_t atomics = 0;
  for (size_t local : {size_t(16), size_t(1)}) {
    SCOPED_TRACE(testing::Message() << "groups of " << local);
    cl_int err = ir.empty() ? test.runDumpingIr(k, 1, &n, &local, ir) : test.run(k, 1, &n, &local);
    EXPECT_EQ(err, CL_SUCCESS);
    std::vector<cl_uint> got = test.read<cl_uint>(outBuf, n);
    std::vector<uint32_t> expected = reference(n, local, sel, tail, withBarrier);
    for (uint32_t gid = 0; gid < n; ++gid) {
      EXPECT_EQ(got[gid], expected[gid]) << "work-item " << gid;
      for (uint32_t i = 0; i < (gid + 1) % 3; ++i)
        atomics += sel[((gid + 1) * 7 + i) % loops];
    }
    EXPECT_EQ(test.read<cl_uint>(countBuf, 1)[0], atomics);
  }
  const std::string key = "\"corecl.barriers\"=\"";
  size_t at = ir.find(key);
  return at == std::string::npos ? "not in the IR" : ir.substr(at + key.size(), 1);
}

/// Sets an environment variable while it lives (and puts back what was
/// there): CORECL_BODY_PACKETS=0 sends a kernel without barriers, and
/// CORECL_REGION_PACKETS=0 one with, through the work-item loops.
class ScopedEnvironment {
public:
  ScopedEnvironment(const char *name, const char *value) : name_(name) {
    if (const char *set = std::getenv(name))
      before_ = set;
    ::setenv(name, value, 1);
  }
  ~ScopedEnvironment() {
    if (before_)
      ::setenv(name_, before_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

private:
  const char *name_;
  std::optional<std::string> before_;
};

TEST_F(LoopsBehindSwitchesTest, TwoLoopsAddNoBarrier) {
  EXPECT_EQ(runAndCheck(*this, 2, 64), "0");
  ScopedEnvironment workItemLoops("CORECL_BODY_PACKETS", "0");
  EXPECT_EQ(runAndCheck(*this, 2, 64), "0");
}

TEST_F(LoopsBehindSwitchesTest, SixteenLoopsAndALongTail) {
  // Sixteen loops and a tail of 256 mixes (about 3,000 instructions): with
  // a barrier per loop, seventeen regions would each have held the tail.
  EXPECT_EQ(runAndCheck(*this, 16, 256), "0");
  ScopedEnvironment workItemLoops("CORECL_BODY_PACKETS", "0");
  EXPECT_EQ(runAndCheck(*this, 16, 256), "0");
}

TEST_F(LoopsBehindSwitchesTest, AfterTheKernelsOwnBarrier) {
  // The same after a barrier of the kernel's own, the only one: the
  // work-items still see each other's local memory across it.
  EXPECT_EQ(runAndCheck(*this, 16, 256, true), "1");
  ScopedEnvironment workItemLoops("CORECL_REGION_PACKETS", "0");
  EXPECT_EQ(runAndCheck(*this, 16, 256, true), "1");
}

} // namespace
} // namespace corecl::test
