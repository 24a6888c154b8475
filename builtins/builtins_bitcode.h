// The builtins bitcode embedded in libCoreCL.so: one library per x86-64
// ISA level, the best one the CPU runs chosen from its features.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace corecl {

/// x86-64 micro-architecture levels the library is built for.
enum class IsaLevel { V2 = 2, V3 = 3, V4 = 4 };

/// The highest level whose features are all in `features` (LLVM's
/// "+avx2,+fma,..." form): v4 needs AVX-512 F/BW/CD/DQ/VL, v3 AVX2, FMA,
/// BMI1/2, LZCNT, MOVBE and F16C; anything less gets v2.
IsaLevel isaLevelForFeatures(const std::string &features);

/// The library for `level`, or the file named by CORECL_BUILTINS_BC (a
/// development hook that replaces every level's library).
std::string_view builtinsBitcode(IsaLevel level);

/// The path named by CORECL_BUILTINS_BC, or null.
const char *builtinsBitcodeOverride();

} // namespace corecl
