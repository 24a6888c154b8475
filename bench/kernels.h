// The benchmark kernels. Each one sets itself up on a driver, runs once
// (timed by the caller), and verifies its output against a host reference.
#pragma once
#include "driver.h"

#include <memory>
#include <string>
#include <vector>

namespace bench {

class Benchmark {
public:
  virtual ~Benchmark() = default;
  virtual std::string name() const = 0;
  /// Work per run, for the "fraction of limit" column: bytes moved or flops.
  virtual double work() const = 0;
  virtual bool isFlops() const = 0;
  /// Unit of work() per second, scaled by 1e9 in the table.
  virtual std::string rateUnit() const { return isFlops() ? "GFLOP/s" : "GB/s"; }
  virtual void setUp(const Driver &driver) = 0;
  /// Enqueues one run and waits for it.
  virtual void run() = 0;
  /// Compares the last run's output with the host reference.
  virtual bool verify() = 0;
  virtual void tearDown() = 0;
};

std::vector<std::unique_ptr<Benchmark>> allBenchmarks();

/// Black-Scholes and N-body (math_kernels.cpp).
void addMathBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);

} // namespace bench
