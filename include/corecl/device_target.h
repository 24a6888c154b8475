// What the compiler is told about the device it builds for. The API layer
// fills it from the device (whose CPU the runtime reads, runtime/cpu_info.h);
// the compiler never asks the runtime.
#pragma once
#include <cstdint>

namespace corecl {

/// x86-64 micro-architecture levels (the x86-64 psABI's v2, v3 and v4):
/// which builtins library the compiler links (builtins/).
enum class IsaLevel { Generic, X86_64_V2, X86_64_V3, X86_64_V4 };

struct DeviceTarget {
  IsaLevel isa = IsaLevel::Generic;
  /// The widest vector register the compiler may use, in bytes (16, 32 or 64).
  uint32_t simdBytes = 16;
};

} // namespace corecl
