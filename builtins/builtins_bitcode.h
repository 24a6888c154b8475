// The builtins bitcode embedded in libCoreCL.so: one library per x86-64
// ISA level (the compiler picks the one for the CPU, see link_builtins.cpp).
#pragma once
#include <cstddef>
#include <string_view>

namespace corecl {

/// x86-64 micro-architecture levels the library is built for.
enum class IsaLevel { V2 = 2, V3 = 3, V4 = 4 };

/// The library for `level`, or the file named by CORECL_BUILTINS_BC (a
/// development hook that replaces every level's library).
std::string_view builtinsBitcode(IsaLevel level);

/// The path named by CORECL_BUILTINS_BC, or null.
const char *builtinsBitcodeOverride();

} // namespace corecl
