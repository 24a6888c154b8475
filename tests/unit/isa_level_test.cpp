// The builtins library variant chosen from a CPU's feature string.
#include "builtins/builtins_bitcode.h"

#include <gtest/gtest.h>

namespace corecl {
namespace {

const char *kV3 = "+sse4.2,+popcnt,+avx,+avx2,+bmi,+bmi2,+f16c,+fma,+lzcnt,+movbe";

TEST(IsaLevel, BaselineIsV2) {
  EXPECT_EQ(isaLevelForFeatures(""), IsaLevel::V2);
  EXPECT_EQ(isaLevelForFeatures("+sse4.2,+popcnt,+avx"), IsaLevel::V2);
}

TEST(IsaLevel, V3NeedsEveryFeature) {
  EXPECT_EQ(isaLevelForFeatures(kV3), IsaLevel::V3);
  // AVX2 without FMA (or with FMA disabled) is not v3.
  EXPECT_EQ(isaLevelForFeatures("+avx,+avx2,+bmi,+bmi2,+f16c,+lzcnt,+movbe"), IsaLevel::V2);
  EXPECT_EQ(isaLevelForFeatures(std::string(kV3) + ",-fma"), IsaLevel::V2);
}

TEST(IsaLevel, V4NeedsTheAvx512Subsets) {
  std::string v4 = std::string(kV3) + ",+avx512f,+avx512bw,+avx512cd,+avx512dq,+avx512vl";
  EXPECT_EQ(isaLevelForFeatures(v4), IsaLevel::V4);
  // AVX-512F alone (Xeon Phi) stays v3.
  EXPECT_EQ(isaLevelForFeatures(std::string(kV3) + ",+avx512f"), IsaLevel::V3);
  // A later "-feature" disables it, as in LLVM's feature strings.
  EXPECT_EQ(isaLevelForFeatures(v4 + ",-avx512vl"), IsaLevel::V3);
}

TEST(IsaLevel, EveryLevelHasALibrary) {
  for (IsaLevel level : {IsaLevel::V2, IsaLevel::V3, IsaLevel::V4}) {
    std::string_view bitcode = builtinsBitcode(level);
    ASSERT_GT(bitcode.size(), 4u);
    EXPECT_EQ(bitcode.substr(0, 4), std::string_view("BC\xC0\xDE", 4));
  }
}

} // namespace
} // namespace corecl
