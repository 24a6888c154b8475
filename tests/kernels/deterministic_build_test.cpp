// The same source builds to the same code every time. The packetiser once
// iterated containers keyed by address (its divergent regions, their
// live-outs, a lane loop's copied instructions), so the order of the
// code it built, and the registers LLVM then chose, changed from one
// build to the next: a random kernel miscompiled (by an LLVM bug, see
// compiler/llvm_init.cpp) in one build of three, and could not be
// reproduced at will.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
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

/// The IR one build and launch dumps, files in the order of their kinds,
/// metadata numbers left out (a module's numbering is its own business).
std::string buildAndDump(KernelTest &test) {
  std::filesystem::path dump = std::filesystem::temp_directory_path() /
                               ("corecl-deterministic-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dump);
  std::filesystem::create_directories(dump);
  ::setenv("CORECL_DUMP_IR", dump.c_str(), 1);
  ::setenv("CORECL_CACHE", "0", 1);
  cl_kernel k = test.buildKernel(kSource, "k");
  std::vector<cl_int> in(256);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = cl_int(i * 2654435761u >> 5);
  cl_mem inBuffer = test.bufferOf(in);
  cl_mem outBuffer = test.outputBuffer<cl_int>(in.size());
  const size_t global = in.size(), local = 64;
  bool ran = k && test.setArgs(k, inBuffer, outBuffer, cl_int(40)) == CL_SUCCESS &&
             test.run(k, 1, &global, &local) == CL_SUCCESS;
  ::unsetenv("CORECL_DUMP_IR");
  ::unsetenv("CORECL_CACHE");
  EXPECT_TRUE(ran);
  // Files are named <kernel>[.kind].<counter>.ll; the counter runs on
  // through the process.
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto &file : std::filesystem::directory_iterator(dump)) {
    std::ifstream stream(file.path());
    std::string text(std::istreambuf_iterator<char>(stream), {});
    files.emplace_back(
        std::regex_replace(file.path().filename().string(), std::regex("[0-9]+"), ""),
        std::regex_replace(text, std::regex("![0-9]+"), "!N"));
  }
  std::filesystem::remove_all(dump);
  std::sort(files.begin(), files.end());
  std::string all;
  for (auto &[name, text] : files)
    all += "; " + name + "\n" + text;
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
