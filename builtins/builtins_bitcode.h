// The builtins bitcode embedded in libCoreCL.so: one library per ISA level
// (the compiler picks the one for the CPU, see link_builtins.cpp).
#pragma once
#include "corecl/device_target.h"

#include <cstddef>
#include <string_view>

namespace corecl {

/// The library for `level` (the lowest native one for Generic: its IR is
/// generic), or the file named by CORECL_BUILTINS_BC (a development hook
/// that replaces every level's library). Empty if this binary holds no
/// library for `level` (another architecture's, outside the tests).
std::string_view builtinsBitcode(IsaLevel level);

/// The path named by CORECL_BUILTINS_BC, or null.
const char *builtinsBitcodeOverride();

} // namespace corecl
