#include "runtime/cpu_info.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sched.h>
#include <sstream>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#if defined(__aarch64__)
#include "corecl/aarch64_host.h"
#include "runtime/arm_cpu_names.h"
#endif

namespace corecl::rt {
namespace {

std::string readFirstLine(const std::string &path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

/// Parses sysfs cache sizes such as "48K" or "32768K" or "1M".
uint64_t parseCacheSize(const std::string &text) {
  if (text.empty())
    return 0;
  uint64_t value = std::strtoull(text.c_str(), nullptr, 10);
  switch (text.back()) {
  case 'K': return value * 1024;
  case 'M': return value * 1024 * 1024;
  case 'G': return value * 1024 * 1024 * 1024;
  default: return value;
  }
}

void readCaches(CpuInfo &info) {
  for (int index = 0; index < 8; ++index) {
    std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
    std::string type = readFirstLine(dir + "type");
    if (type.empty())
      break;
    int level = std::atoi(readFirstLine(dir + "level").c_str());
    uint64_t size = parseCacheSize(readFirstLine(dir + "size"));
    unsigned line = unsigned(std::atoi(readFirstLine(dir + "coherency_line_size").c_str()));
    if (line)
      info.cacheLineBytes = line;
    if (level == 1 && type == "Data" && size)
      info.l1DataCacheBytes = size;
    if (type != "Instruction" && size && level >= 2)
      info.lastLevelCacheBytes = std::max(info.lastLevelCacheBytes, size);
  }
  if (!info.lastLevelCacheBytes)
    info.lastLevelCacheBytes = info.l1DataCacheBytes;
}

void readClock(CpuInfo &info) {
  std::string khz = readFirstLine("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  if (!khz.empty()) {
    info.maxClockMHz = unsigned(std::strtoull(khz.c_str(), nullptr, 10) / 1000);
    return;
  }
  // Virtual machines often have no cpufreq: fall back to /proc/cpuinfo.
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("cpu MHz", 0) == 0) {
      auto colon = line.find(':');
      if (colon != std::string::npos)
        info.maxClockMHz = unsigned(std::strtod(line.c_str() + colon + 1, nullptr));
      return;
    }
  }
}

#if defined(__x86_64__) || defined(__i386__)
void readCpuid(CpuInfo &info) {
  unsigned eax, ebx, ecx, edx;
  if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx))
    return;
  unsigned maxLeaf = eax;
  char vendor[13] = {};
  std::memcpy(vendor + 0, &ebx, 4);
  std::memcpy(vendor + 4, &edx, 4);
  std::memcpy(vendor + 8, &ecx, 4);
  info.vendor = vendor;
  if (info.vendor == "GenuineIntel")
    info.vendorId = 0x8086;
  else if (info.vendor == "AuthenticAMD" || info.vendor == "HygonGenuine")
    info.vendorId = 0x1022;

  __get_cpuid(1, &eax, &ebx, &ecx, &edx);
  bool sse3 = ecx & bit_SSE3, ssse3 = ecx & bit_SSSE3, sse41 = ecx & bit_SSE4_1,
       sse42 = ecx & bit_SSE4_2, popcnt = ecx & bit_POPCNT, osxsave = ecx & bit_OSXSAVE;
  info.hasFma = ecx & bit_FMA;
  info.hasF16c = ecx & bit_F16C;
  bool avx = ecx & bit_AVX;

  // AVX state must also be enabled by the OS (XCR0), not only by the CPU.
  uint64_t xcr0 = 0;
  if (osxsave) {
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    xcr0 = (uint64_t(hi) << 32) | lo;
  }
  bool osAvx = (xcr0 & 0x6) == 0x6;
  bool osAvx512 = (xcr0 & 0xe6) == 0xe6;
  info.hasAvx = avx && osAvx;
  info.hasFma = info.hasFma && info.hasAvx;

  if (maxLeaf >= 7) {
    __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx);
    info.hasAvx2 = info.hasAvx && (ebx & bit_AVX2);
    info.hasAvx512f = osAvx512 && (ebx & bit_AVX512F);
    info.hasAvx512bw = info.hasAvx512f && (ebx & bit_AVX512BW);
    bool avx512dq = ebx & bit_AVX512DQ, avx512vl = ebx & bit_AVX512VL,
         avx512cd = ebx & bit_AVX512CD;
    bool v2 = sse3 && ssse3 && sse41 && sse42 && popcnt;
    bool v3 = v2 && info.hasAvx2 && info.hasFma && info.hasF16c && (ebx & bit_BMI) &&
              (ebx & bit_BMI2);
    bool v4 = v3 && info.hasAvx512f && info.hasAvx512bw && avx512dq && avx512vl && avx512cd;
    info.isa = v4 ? IsaLevel::X86_64_V4
               : v3 ? IsaLevel::X86_64_V3
               : v2 ? IsaLevel::X86_64_V2
                    : IsaLevel::Generic;
  }
  info.simdBytes = info.hasAvx512f ? 64 : info.hasAvx ? 32 : 16;

  __get_cpuid(0x80000000, &eax, &ebx, &ecx, &edx);
  if (eax >= 0x80000004) {
    char brand[49] = {};
    for (unsigned leaf = 0; leaf < 3; ++leaf) {
      __get_cpuid(0x80000002 + leaf, &eax, &ebx, &ecx, &edx);
      std::memcpy(brand + leaf * 16 + 0, &eax, 4);
      std::memcpy(brand + leaf * 16 + 4, &ebx, 4);
      std::memcpy(brand + leaf * 16 + 8, &ecx, 4);
      std::memcpy(brand + leaf * 16 + 12, &edx, 4);
    }
    std::string text = brand;
    auto first = text.find_first_not_of(' ');
    auto last = text.find_last_not_of(' ');
    info.brand = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  }
}
#elif defined(__aarch64__) && defined(__linux__)
/// MIDR_EL1 from sysfs, or from the register itself: Linux emulates the
/// read for user space where it reports HWCAP_CPUID (so does qemu-user).
uint64_t readMidr() {
  if (uint64_t midr =
          parseMidr(readFirstLine("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1")))
    return midr;
  if (!(getauxval(AT_HWCAP) & HWCAP_CPUID))
    return 0;
  uint64_t midr = 0;
  __asm__ volatile("mrs %0, MIDR_EL1" : "=r"(midr));
  return midr;
}

void readCpuid(CpuInfo &info) {
  if (uint64_t midr = readMidr()) {
    ArmCpuName name = armCpuName(midr);
    info.vendor = name.vendor;
    info.vendorId = name.vendorId;
    info.brand = name.vendor + " " + name.model;
  }
  DeviceTarget target = aarch64DeviceTarget(readAArch64Host());
  info.isa = target.isa;
  info.simdBytes = target.simdBytes;
  info.aarch64Extensions = target.aarch64Extensions;
  info.sveVectorBytes = target.sveVectorBytes;
  // Every AArch64 floating-point unit fuses multiply-adds.
  info.hasFma = true;
}
#else
void readCpuid(CpuInfo &) {}
#endif

CpuInfo readHost() {
  CpuInfo info;
  readCpuid(info);
  if (info.brand.empty())
    info.brand = "Generic CPU";
  if (info.vendor.empty())
    info.vendor = "Unknown";

  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    info.computeUnits = std::max(1, CPU_COUNT(&set));
  else
    info.computeUnits = std::max(1L, sysconf(_SC_NPROCESSORS_ONLN));
  info.computeUnits = threadCountSetting(std::getenv("CORECL_NUM_THREADS"), info.computeUnits);

  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  info.globalMemBytes = (pages > 0 && pageSize > 0) ? uint64_t(pages) * uint64_t(pageSize)
                                                    : uint64_t(1) << 30;
  readCaches(info);
  readClock(info);
  return info;
}

} // namespace

unsigned threadCountSetting(const char *setting, unsigned available) {
  if (!setting || !*setting)
    return available;
  char *end = nullptr;
  long n = std::strtol(setting, &end, 10);
  // Malformed or out-of-range values are ignored rather than guessed at.
  if (*end != '\0' || n < 1 || n > long(kMaxThreadsPerCpu) * long(available))
    return available;
  return unsigned(n);
}

const CpuInfo &hostCpuInfo() {
  static const CpuInfo info = readHost();
  return info;
}

} // namespace corecl::rt
