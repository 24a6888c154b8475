// Half precision on the host, for the tests' references: the value of a
// half's bits, and the half a real number rounds to in each rounding mode,
// found among the finite halves by binary search (not by bit tricks, so it
// shares nothing with the builtins' conversions).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace corecl::test {

inline long double halfValue(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  long double v = e == 0    ? std::ldexp((long double)m, -24)
                  : e == 31 ? (m ? std::numeric_limits<long double>::quiet_NaN()
                                 : std::numeric_limits<long double>::infinity())
                            : std::ldexp((long double)(m | 0x400), e - 25);
  return (h & 0x8000) ? -v : v;
}

/// The half of `negative` sign and magnitude `a` (a finite number of type
/// V) rounded by `mode` (rte, rtz, rtp, rtn); magnitudeOf(h) gives a
/// finite half's magnitude in V's units, exactly.
template <class V, class MagnitudeOf>
uint16_t roundToHalf(bool negative, V a, MagnitudeOf magnitudeOf, const std::string &mode) {
  uint16_t sign = negative ? 0x8000 : 0;
  // lo: the largest finite half magnitude <= a.
  uint16_t lo = 0, hi = 0x7bff;
  while (lo < hi) {
    uint16_t mid = uint16_t((lo + hi + 1) / 2);
    if (magnitudeOf(mid) <= a)
      lo = mid;
    else
      hi = uint16_t(mid - 1);
  }
  if (magnitudeOf(lo) == a)
    return sign | lo;
  uint16_t up = uint16_t(lo + 1); // 0x7c00 (infinity) above the largest
  // 65536 is where the next binade's first value would be.
  V upValue = up == 0x7c00 ? magnitudeOf(0x7bff) + (magnitudeOf(0x7bff) - magnitudeOf(0x7bfe))
                           : magnitudeOf(up);
  bool away;
  if (mode == "rte") {
    V twiceA = a + a, sum = magnitudeOf(lo) + upValue;
    away = twiceA > sum || (twiceA == sum && (lo & 1));
  } else if (mode == "rtz") {
    away = false;
  } else if (mode == "rtp") {
    away = !sign;
  } else {
    away = sign;
  }
  return sign | (away ? up : lo);
}

/// The half nearest x in the direction of `mode` (rte, rtz, rtp, rtn).
inline uint16_t halfOf(long double x, const std::string &mode = "rte") {
  if (std::isnan(x))
    return 0x7e00;
  if (std::isinf(x))
    return std::signbit(x) ? 0xfc00 : 0x7c00;
  return roundToHalf(
      std::signbit(x), std::fabs(x), [](uint16_t h) { return std::fabs(halfValue(h)); }, mode);
}

/// The half nearest n * 2^-48 (every product of two halves and every sum
/// of such a product and a half is one, below 2^82: exact sums for fma).
inline uint16_t halfOfUnits(__int128 n, const std::string &mode = "rte") {
  auto units = [](uint16_t h) { return (__int128)std::ldexp(std::fabs(halfValue(h)), 48); };
  return roundToHalf(n < 0, n < 0 ? -n : n, units, mode);
}

/// A finite half's value in units of 2^-48.
inline __int128 halfUnits(uint16_t h) {
  return (__int128)std::ldexp(halfValue(h), 48);
}

inline bool halfIsNan(uint16_t h) {
  return (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
}

} // namespace corecl::test
