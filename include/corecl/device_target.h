// What the compiler is told about the device it builds for. The API layer
// fills it from the device (whose CPU the runtime reads, runtime/cpu_info.h);
// the compiler never asks the runtime.
#pragma once
#include <cstdint>

namespace corecl {

/// The instruction-set level a device's code is generated for: which
/// builtins library the compiler links (builtins/) and, on AArch64, which
/// vector unit the work-group functions use.
/// - X86_64_V2..V4: the x86-64 psABI's micro-architecture levels.
/// - AArch64_Neon: Advanced SIMD (128-bit), with FP and FMA (every AArch64
///   Linux machine has them).
/// - AArch64_Sve: SVE at the vector length DeviceTarget::simdBytes.
enum class IsaLevel { Generic, X86_64_V2, X86_64_V3, X86_64_V4, AArch64_Neon, AArch64_Sve };

inline bool isAArch64(IsaLevel isa) {
  return isa == IsaLevel::AArch64_Neon || isa == IsaLevel::AArch64_Sve;
}

/// AArch64 extensions beyond the NEON baseline, as Linux reports them
/// (getauxval's hardware capabilities): a bit set.
enum AArch64Extension : uint32_t {
  kAArch64Fp16 = 1u << 0,    // half-precision arithmetic (FEAT_FP16)
  kAArch64DotProd = 1u << 1, // SDOT/UDOT (FEAT_DotProd)
  kAArch64Sve = 1u << 2,     // the Scalable Vector Extension
  kAArch64Sve2 = 1u << 3,
};

struct DeviceTarget {
  IsaLevel isa = IsaLevel::Generic;
  /// The widest vector register the compiler may use, in bytes: 16, 32 or
  /// 64 on x86-64; 16 with NEON; with SVE the vector length (up to 64).
  uint32_t simdBytes = 16;
  /// On AArch64: the AArch64Extension bits the CPU has.
  uint32_t aarch64Extensions = 0;
  /// With SVE: the machine's own vector length in bytes, which may exceed
  /// simdBytes (code for simdBytes stays correct on longer vectors).
  uint32_t sveVectorBytes = 0;
};

} // namespace corecl
