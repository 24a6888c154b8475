// One monotonic clock for every timestamp CoreCL reports (profiling, host
// timer), so that values from different commands can be compared.
#pragma once
#include <cstdint>
#include <time.h>

namespace corecl::rt {

inline uint64_t monotonicNanoseconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}

/// Resolution of monotonicNanoseconds() in nanoseconds.
inline uint64_t monotonicResolution() {
  timespec ts;
  clock_getres(CLOCK_MONOTONIC, &ts);
  uint64_t r = uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
  return r ? r : 1;
}

} // namespace corecl::rt
