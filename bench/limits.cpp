#include "limits.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

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
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
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

// Twelve independent chains of fused multiply-adds, enough to keep two FMA
// pipes with a four-cycle latency busy: what the cores really retire.
constexpr int kChains = 12;

#if defined(__x86_64__)
__attribute__((target("avx512f"))) float fmaChains512(long iterations) {
  __m512 acc[kChains];
  for (int c = 0; c < kChains; ++c)
    acc[c] = _mm512_set1_ps(float(c));
  const __m512 m = _mm512_set1_ps(0.999f), a = _mm512_set1_ps(0.001f);
  for (long i = 0; i < iterations; ++i)
    for (int c = 0; c < kChains; ++c)
      acc[c] = _mm512_fmadd_ps(acc[c], m, a);
  __m512 sum = acc[0];
  for (int c = 1; c < kChains; ++c)
    sum = _mm512_add_ps(sum, acc[c]);
  return _mm512_reduce_add_ps(sum);
}

__attribute__((target("avx2,fma"))) float fmaChains256(long iterations) {
  __m256 acc[kChains];
  for (int c = 0; c < kChains; ++c)
    acc[c] = _mm256_set1_ps(float(c));
  const __m256 m = _mm256_set1_ps(0.999f), a = _mm256_set1_ps(0.001f);
  for (long i = 0; i < iterations; ++i)
    for (int c = 0; c < kChains; ++c)
      acc[c] = _mm256_fmadd_ps(acc[c], m, a);
  __m256 sum = acc[0];
  for (int c = 1; c < kChains; ++c)
    sum = _mm256_add_ps(sum, acc[c]);
  float lanes[8];
  _mm256_storeu_ps(lanes, sum);
  return lanes[0] + lanes[7];
}

bool hasFma() {
  return __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx");
}

float fmaChains(unsigned floats, long iterations) {
  return floats == 16 ? fmaChains512(iterations) : fmaChains256(iterations);
}
#elif defined(__aarch64__)
// NEON's 128-bit FMLA: every AArch64 core has it.
float fmaChains128(long iterations) {
  float32x4_t acc[kChains];
  for (int c = 0; c < kChains; ++c)
    acc[c] = vdupq_n_f32(float(c));
  const float32x4_t m = vdupq_n_f32(0.999f), a = vdupq_n_f32(0.001f);
  for (long i = 0; i < iterations; ++i)
    for (int c = 0; c < kChains; ++c)
      acc[c] = vfmaq_f32(a, acc[c], m);
  float32x4_t sum = acc[0];
  for (int c = 1; c < kChains; ++c)
    sum = vaddq_f32(sum, acc[c]);
  return vaddvq_f32(sum);
}

bool hasFma() {
  return true;
}

float fmaChains(unsigned, long iterations) {
  return fmaChains128(iterations);
}
#else
bool hasFma() {
  return false;
}

float fmaChains(unsigned, long) {
  return 0;
}
#endif

/// GFLOP/s of the FMA chains on `threads` threads (best of seven: the two
/// vCPUs are shared, and a round where they land on one core halves it), or 0
/// where the CPU has no FMA.
double measuredFmaGflops(unsigned threads, unsigned floats) {
  if (!hasFma())
    return 0;
  const long iterations = 4 << 20;
  double best = 1e30;
  std::vector<float> sink(threads);
  for (int round = 0; round < 7; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&, t] { sink[t] = fmaChains(floats, iterations); });
    for (std::thread &th : pool)
      th.join();
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  double flops = double(iterations) * kChains * floats * 2 * threads;
  return sink[0] == -1.0f ? 0 : flops / best * 1e-9; // sink: keep the work
}

unsigned simdFloats() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return 16;
  if (__builtin_cpu_supports("avx"))
    return 8;
#endif
  return 4;
}

} // namespace

Limits measureLimits() {
  Limits l;
  l.cores = std::max(1u, std::thread::hardware_concurrency());
  l.frequencyGHz = frequencyGHz();
  l.simdFloats = simdFloats();
  // Two fused multiply-adds (2 flops each) per cycle at full width: the
  // peak of current x86 cores (an upper bound where AVX-512 runs on 256-bit
  // units; the measured FMA rate beside it shows what this CPU retires).
  l.peakGflops = l.frequencyGHz * l.cores * l.simdFloats * 2 * 2;
  l.measuredFmaGflops = measuredFmaGflops(l.cores, l.simdFloats);
  l.streamTriadGBs = streamTriad(l.cores);
  return l;
}

} // namespace bench
