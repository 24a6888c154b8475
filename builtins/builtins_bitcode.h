// The builtins bitcode embedded in libCoreCL.so.
#pragma once
#include <cstddef>

namespace corecl {

const unsigned char *builtinsBitcode();
size_t builtinsBitcodeSize();

} // namespace corecl
