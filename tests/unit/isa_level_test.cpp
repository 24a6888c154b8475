// The builtins library is embedded once per ISA level of the machine's
// architecture: x86-64's v2, v3 and v4, or AArch64's NEON and SVE.
#include "builtins/builtins_bitcode.h"

#include <gtest/gtest.h>

namespace corecl {
namespace {

TEST(IsaLevel, EveryLevelHasALibrary) {
#if defined(__aarch64__)
  const IsaLevel levels[] = {IsaLevel::AArch64_Neon, IsaLevel::AArch64_Sve, IsaLevel::Generic};
#else
  const IsaLevel levels[] = {IsaLevel::X86_64_V2, IsaLevel::X86_64_V3, IsaLevel::X86_64_V4,
                             IsaLevel::Generic};
#endif
  for (IsaLevel level : levels) {
    std::string_view bitcode = builtinsBitcode(level);
    ASSERT_GT(bitcode.size(), 4u);
    EXPECT_EQ(bitcode.substr(0, 4), std::string_view("BC\xC0\xDE", 4));
  }
}

} // namespace
} // namespace corecl
