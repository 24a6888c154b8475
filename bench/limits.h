// The machine's limits, measured or computed in the same run as the
// kernels, so each kernel's rate can be shown as a fraction of what the
// hardware allows.
#pragma once

namespace bench {

struct Limits {
  double streamTriadGBs = 0; // plain C++ STREAM triad on every core
  double peakGflops = 0;     // frequency x cores x SIMD floats x 2 (FMA) x 2 pipes
  double measuredFmaGflops = 0; // independent FMA chains on every core
  double frequencyGHz = 0;
  unsigned cores = 0;
  unsigned simdFloats = 0;

  /// The FLOP/s limit kernels are measured against: the computed peak, or
  /// the measured FMA rate where the cores run faster than the clock the
  /// OS reports (turbo), so the limit is never below what is reachable.
  double flopsLimit() const { return peakGflops > measuredFmaGflops ? peakGflops : measuredFmaGflops; }
};

/// Measures the STREAM triad (best of several) and the FMA rate, and
/// computes the peak.
Limits measureLimits();

} // namespace bench
