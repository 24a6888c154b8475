// The builtins bitcode embedded in libCoreCL.so: one library per x86-64
// ISA level (the compiler picks the one for the CPU, see link_builtins.cpp).
#pragma once
#include "corecl/device_target.h"

#include <cstddef>
#include <string_view>

namespace corecl {

/// The library for `level` (v2's below v2: its IR is generic), or the file named by
/// CORECL_BUILTINS_BC (a development hook that replaces every level's library).
std::string_view builtinsBitcode(IsaLevel level);

/// The path named by CORECL_BUILTINS_BC, or null.
const char *builtinsBitcodeOverride();

} // namespace corecl
