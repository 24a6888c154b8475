// Program binaries are untrusted input: an application may hand
// clCreateProgramWithBinary anything with a valid CoreCL header and
// checksum. Corrupted bitcode inside such a binary must be refused with a
// log (the reader's error or the IR verifier's), never reach the passes
// that assume valid IR, and never take the process down.
#include "compiler/compiler.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace corecl::compiler {
namespace {

TEST(CraftedBinary, CorruptedBitcodeIsRefusedWithALog) {
  BuildResult original = buildProgram(R"(
    kernel void k(global float *a, global const int *b, float s) {
      size_t i = get_global_id(0);
      float acc = 0.0f;
      for (int j = 0; j < b[i]; ++j)
        acc += sin(a[i] * j) * s;
      barrier(CLK_GLOBAL_MEM_FENCE);
      a[i] = acc;
    })",
                                      "-cl-std=CL1.2");
  ASSERT_EQ(original.status, BuildResult::Success) << original.log;
  const std::string &bitcode = original.bitcode;
  ASSERT_GT(bitcode.size(), 100u);

  std::mt19937 rng(2026);
  int refused = 0, built = 0;
  for (int round = 0; round < 250; ++round) {
    std::string mutated = bitcode;
    // One to eight changed bytes past the bitcode's magic (a wrong magic
    // is an easy refusal), sometimes a truncation or a duplicated tail.
    int changes = 1 + int(rng() % 8);
    for (int c = 0; c < changes; ++c) {
      size_t at = 4 + rng() % (mutated.size() - 4);
      switch (rng() % 3) {
      case 0:
        mutated[at] = char(rng());
        break;
      case 1:
        mutated[at] ^= char(1u << (rng() % 8));
        break;
      case 2:
        mutated[at] = char(0xff);
        break;
      }
    }
    if (round % 25 == 0)
      mutated.resize(4 + rng() % (mutated.size() - 4));
    BuildResult result = buildFromBinary(mutated, "");
    SCOPED_TRACE("round " + std::to_string(round));
    if (result.status == BuildResult::Success) {
      ++built; // a change the reader and verifier accept (constants, names)
      continue;
    }
    ++refused;
    // Bitcode that does not read or verify is an invalid binary
    // (CL_INVALID_BINARY); one that reads but fails later a failed build.
    EXPECT_TRUE(result.status == BuildResult::InvalidBinary ||
                result.status == BuildResult::Failure)
        << result.status;
    EXPECT_NE(result.log.find("error:"), std::string::npos) << result.log;
    EXPECT_EQ(result.log.find("internal compiler error"), std::string::npos) << result.log;
  }
  EXPECT_GT(refused, 100) << "most corruptions must be caught (built: " << built << ")";
}

} // namespace
} // namespace corecl::compiler
