// Formatting the printf buffer that compiled kernels fill; its layout is
// the contract in corecl/printf_abi.h.
#pragma once
#include "corecl/printf_abi.h"

#include <cstddef>
#include <string>

namespace corecl::rt {

/// Formats every complete record of `buffer` (`capacity` bytes) in order.
std::string formatPrintfBuffer(const char *buffer, size_t capacity);

} // namespace corecl::rt
