// The machine's limits, measured or computed in the same run as the
// kernels, so each kernel's rate can be shown as a fraction of what the
// hardware allows.
#pragma once

namespace bench {

struct Limits {
  double streamTriadGBs = 0; // plain C++ STREAM triad on every core
  double peakGflops = 0;     // frequency x cores x SIMD floats x 2 (FMA) x 2 pipes
  double frequencyGHz = 0;
  unsigned cores = 0;
  unsigned simdFloats = 0;
};

/// Measures the STREAM triad (best of several) and computes the peak.
Limits measureLimits();

} // namespace bench
