// The builtins library is embedded once per x86-64 level.
#include "builtins/builtins_bitcode.h"

#include <gtest/gtest.h>

namespace corecl {
namespace {

TEST(IsaLevel, EveryLevelHasALibrary) {
  for (IsaLevel level : {IsaLevel::X86_64_V2, IsaLevel::X86_64_V3, IsaLevel::X86_64_V4}) {
    std::string_view bitcode = builtinsBitcode(level);
    ASSERT_GT(bitcode.size(), 4u);
    EXPECT_EQ(bitcode.substr(0, 4), std::string_view("BC\xC0\xDE", 4));
  }
}

} // namespace
} // namespace corecl
