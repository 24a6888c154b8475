// What the host CPU and OS offer: read once from cpuid (x86-64) or the
// kernel's hardware capabilities and MIDR (AArch64), sysfs and the
// scheduler affinity mask. The device layer turns this into CL_DEVICE_* values.
#pragma once
#include "corecl/device_target.h"

#include <cstdint>
#include <string>

namespace corecl::rt {

struct CpuInfo {
  std::string vendor;     // e.g. "GenuineIntel", "AuthenticAMD", "ARM"
  std::string brand;      // processor brand string (x86) or model (AArch64)
  uint32_t vendorId = 0;  // PCI vendor id of the CPU maker (0x8086 Intel, 0x1022 AMD)
  unsigned computeUnits = 1;   // CPUs this process may run on
  unsigned maxClockMHz = 0;
  uint64_t globalMemBytes = 0;
  uint64_t l1DataCacheBytes = 32 * 1024;
  uint64_t lastLevelCacheBytes = 0;
  unsigned cacheLineBytes = 64;
  IsaLevel isa = IsaLevel::Generic;
  bool hasAvx = false, hasAvx2 = false, hasFma = false, hasAvx512f = false,
       hasAvx512bw = false, hasF16c = false;
  /// Widest SIMD register the compiler will use, in bytes (16, 32 or 64).
  unsigned simdBytes = 16;
  /// AArch64: the AArch64Extension bits (device_target.h) and, with SVE,
  /// the vector length in bytes.
  uint32_t aarch64Extensions = 0;
  uint32_t sveVectorBytes = 0;
};

/// The thread count a CORECL_NUM_THREADS value asks for: a whole number
/// from 1 to kMaxThreadsPerCpu times the CPUs available; anything else
/// (unset, malformed, out of range) leaves `available`. It becomes the
/// device's compute units and the size of its thread pool.
constexpr unsigned kMaxThreadsPerCpu = 4;
unsigned threadCountSetting(const char *setting, unsigned available);

/// Reads the machine once (honouring CORECL_NUM_THREADS); later calls
/// return the same object.
const CpuInfo &hostCpuInfo();

} // namespace corecl::rt
