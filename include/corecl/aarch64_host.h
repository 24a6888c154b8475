// What an AArch64 Linux host's CPU offers, read from the kernel's hardware
// capabilities (getauxval) and the SVE vector length (prctl). The runtime
// (runtime/cpu_info.cpp, for the device) and the compiler (its host target
// for callers without a device) must agree on it, so both read it here.
// /proc/cpuinfo is not used for this: emulators (qemu-user) and some
// containers show the host's text there, not the CPU the code runs on.
#pragma once
#include "corecl/device_target.h"

#if defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#endif

namespace corecl {

struct AArch64Host {
  uint32_t extensions = 0; // AArch64Extension bits
  uint32_t sveVectorBytes = 0;
};

/// The widest vectors CoreCL compiles for with SVE: 64 bytes, the widest
/// packets its passes form (64 lanes of char). A longer SVE machine runs
/// code made for 64 bytes (DeviceTarget::sveVectorBytes).
inline constexpr uint32_t kMaxSveCompileBytes = 64;

/// The device description of an AArch64 CPU with these extensions: SVE
/// when it is there (at its vector length, up to kMaxSveCompileBytes),
/// NEON otherwise.
inline DeviceTarget aarch64DeviceTarget(const AArch64Host &host) {
  DeviceTarget target;
  target.aarch64Extensions = host.extensions;
  if ((host.extensions & kAArch64Sve) && host.sveVectorBytes >= 16) {
    target.isa = IsaLevel::AArch64_Sve;
    target.sveVectorBytes = host.sveVectorBytes;
    target.simdBytes =
        host.sveVectorBytes < kMaxSveCompileBytes ? host.sveVectorBytes : kMaxSveCompileBytes;
    // SVE lengths are multiples of 16 bytes, but only powers of two make
    // whole packets of every element type.
    while (target.simdBytes & (target.simdBytes - 1))
      target.simdBytes &= target.simdBytes - 1;
  } else {
    target.isa = IsaLevel::AArch64_Neon;
    target.simdBytes = 16;
  }
  return target;
}

#if defined(__aarch64__) && defined(__linux__)
/// This process's CPU, as the kernel reports it.
inline AArch64Host readAArch64Host() {
  AArch64Host host;
  unsigned long caps = getauxval(AT_HWCAP), caps2 = getauxval(AT_HWCAP2);
  if (caps & HWCAP_ASIMDHP)
    host.extensions |= kAArch64Fp16;
  if (caps & HWCAP_ASIMDDP)
    host.extensions |= kAArch64DotProd;
  if (caps & HWCAP_SVE) {
    int vl = prctl(PR_SVE_GET_VL);
    if (vl > 0) {
      host.extensions |= kAArch64Sve;
      host.sveVectorBytes = uint32_t(vl & PR_SVE_VL_LEN_MASK);
    }
  }
  if ((host.extensions & kAArch64Sve) && (caps2 & HWCAP2_SVE2))
    host.extensions |= kAArch64Sve2;
  return host;
}
#endif

} // namespace corecl
