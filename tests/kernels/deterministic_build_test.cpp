// The same source builds to the same code every time. The packetiser once
// iterated containers keyed by address (its divergent regions, their
// live-outs, a lane loop's copied instructions), so the order of the
// code it built, and the registers LLVM then chose, changed from one
// build to the next: a random kernel miscompiled (by an LLVM bug, see
// compiler/llvm_init.cpp) in one build of three, and could not be
// reproduced at will.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using DeterministicBuildTest = KernelTest;

const char *kSource = R"(
  kernel void k(global const int *in, global int *out, int n) {
    int g = get_global_id(0);
    int v = in[g], s = 0, t = 1;
    for (int i = 0; i < n; ++i) {
      if (v & 1) {
        s += i * v;
        t ^= s;
      }
      if (v & 2)
        t += s >> 3;
      if ((v >> 2) & 1)
        s -= t;
      else
        t *= 3;
      if (v & 8)
        break;
      if (v & 16) {
        s ^= i;
        continue;
      }
      v = v * 1103515245 + 12345;
    }
    out[g] = s + t;
  })";

/// The IR one build and launch dumps (KernelTest::dumpingIr), its modules
/// sorted (the dump's files come in directory order) and metadata numbers
/// left out (a module's numbering is its own business).
std::string buildAndDump(KernelTest &test) {
  std::string ir;
  bool ran = false;
  KernelTest::dumpingIr(
      [&] {
        cl_kernel k = test.buildKernel(kSource, "k");
        std::vector<cl_int> in(256);
        for (size_t i = 0; i < in.size(); ++i)
          in[i] = cl_int(i * 2654435761u >> 5);
        cl_mem inBuffer = test.bufferOf(in);
        cl_mem outBuffer = test.outputBuffer<cl_int>(in.size());
        const size_t global = in.size(), local = 64;
        ran = k && test.setArgs(k, inBuffer, outBuffer, cl_int(40)) == CL_SUCCESS &&
              test.run(k, 1, &global, &local) == CL_SUCCESS;
      },
      ir);
  EXPECT_TRUE(ran);
  std::vector<std::string> modules;
  for (size_t at = ir.find("; ModuleID"); at != std::string::npos;) {
    size_t next = ir.find("; ModuleID", at + 1);
    modules.push_back(std::regex_replace(ir.substr(at, next - at), std::regex("![0-9]+"), "!N"));
    at = next;
  }
  std::sort(modules.begin(), modules.end());
  std::string all;
  for (const std::string &module : modules)
    all += module;
  return all;
}

TEST_F(DeterministicBuildTest, TheSameSourceBuildsToTheSameIr) {
  std::string first = buildAndDump(*this);
  ASSERT_NE(first.find("packet"), std::string::npos) << "the kernel should get a packet";
  for (int build = 1; build < 4; ++build) {
    // Other allocations in between move the next build's objects around.
    std::vector<std::vector<char>> ballast;
    for (int i = 0; i < build * 7; ++i)
      ballast.emplace_back(size_t(64 + 48 * i));
    std::string again = buildAndDump(*this);
    ASSERT_EQ(again.size(), first.size()) << "build " << build;
    EXPECT_TRUE(again == first) << "build " << build << " differs";
  }
}

} // namespace
} // namespace corecl::test
