// The builtins bitcode embedded in libCoreCL.so.
#pragma once
#include <cstddef>

namespace corecl {

const unsigned char *builtinsBitcode();
size_t builtinsBitcodeSize();

/// The path named by CORECL_BUILTINS_BC, which replaces the embedded
/// library (a development hook), or null.
const char *builtinsBitcodeOverride();

} // namespace corecl
