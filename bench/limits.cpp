#include "limits.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace bench {
namespace {

/// STREAM's triad, a[i] = b[i] + s * c[i], split over `threads` threads,
/// each initialising its own part first (first touch places the pages).
double streamTriad(unsigned threads) {
  const size_t n = size_t(32) << 20; // 3 x 256 MiB: far beyond the caches
  std::unique_ptr<double[]> a(new double[n]), b(new double[n]), c(new double[n]);
  auto parallel = [&](auto body) {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&, t] { body(n * t / threads, n * (t + 1) / threads); });
    for (std::thread &th : pool)
      th.join();
  };
  parallel([&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      a[i] = 0;
      b[i] = 1;
      c[i] = 2;
    }
  });
  double best = 1e30;
  for (int round = 0; round < 7; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    parallel([&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i)
        a[i] = b[i] + 3.0 * c[i];
    });
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  // STREAM counts 3 arrays of n doubles (no write-allocate traffic).
  return 3.0 * 8.0 * double(n) / best * 1e-9;
}

/// The highest clock the OS reports: cpufreq's maximum, else /proc/cpuinfo.
double frequencyGHz() {
  std::ifstream maxFreq("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  double khz = 0;
  if (maxFreq >> khz && khz > 0)
    return khz * 1e-6;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("cpu MHz", 0) == 0)
      return std::stod(line.substr(line.find(':') + 1)) * 1e-3;
  return 0;
}

unsigned simdFloats() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return 16;
  if (__builtin_cpu_supports("avx"))
    return 8;
  return 4;
}

} // namespace

Limits measureLimits() {
  Limits l;
  l.cores = std::max(1u, std::thread::hardware_concurrency());
  l.frequencyGHz = frequencyGHz();
  l.simdFloats = simdFloats();
  // Two fused multiply-adds (2 flops each) per cycle at full width: the
  // usual peak of current x86 cores (an upper bound where AVX-512 runs on
  // 256-bit units).
  l.peakGflops = l.frequencyGHz * l.cores * l.simdFloats * 2 * 2;
  l.streamTriadGBs = streamTriad(l.cores);
  return l;
}

} // namespace bench
