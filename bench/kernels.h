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
  /// Whether the rate compares with a machine limit (STREAM bandwidth for
  /// bytes, peak FLOP/s for flops); not for overhead rows.
  virtual bool hasLimit() const { return true; }
  /// Unit of work() per second, scaled by 1e9 in the table.
  virtual std::string rateUnit() const { return isFlops() ? "GFLOP/s" : "GB/s"; }
  virtual void setUp(const Driver &driver) = 0;
  /// Enqueues one run and waits for it.
  virtual void run() = 0;
  /// Compares the last run's output with the host reference.
  virtual bool verify() = 0;
  virtual void tearDown() = 0;
  /// Whether `driver`'s device has what the row's kernel needs (an
  /// optional OpenCL C feature); a row a driver lacks runs on the other
  /// alone and stays out of the geometric mean.
  virtual bool supportedBy(const Driver &) const { return true; }
};

std::vector<std::unique_ptr<Benchmark>> allBenchmarks();

/// A tag unique across runs and processes (a random per-process value and
/// a counter), for sources no driver cache has seen.
std::string freshSourceTag();

/// Copy and triad (stream_kernels.cpp).
void addStreamBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Black-Scholes and N-body (math_kernels.cpp).
void addMathBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Bilinear resize and 5x5 convolution on images and on buffers
/// (image_kernels.cpp).
void addImageBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// A 5x5 convolution with local tiles (compute_kernels.cpp).
void addComputeBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Histogram with local atomics and a block scan (local_kernels.cpp).
void addLocalMemoryBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Block reduce and scan with work-group functions and with local memory,
/// a histogram with C11 atomics (collective_kernels.cpp).
void addCollectiveBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
void addPipeBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
void addDeviceEnqueueBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
void addCommandBufferBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// SAXPY and the tiled GEMM in half (half_kernels.cpp).
void addHalfBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Buffer write, read and map bandwidth (transfer_kernels.cpp).
void addTransferBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Launch and round-trip latency, program build time (overhead_kernels.cpp).
void addOverheadBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Cold builds of a math-heavy kernel and of long generated kernels
/// (build_kernels.cpp).
void addBuildBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);
/// Independent kernels on in-order, out-of-order and two queues
/// (concurrency_kernels.cpp).
void addConcurrencyBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);

/// CLBlast's SGEMM, DGEMM, GemmDirect, SGEMV and SAXPY through the real
/// library (clblast_kernels.cpp).
void addClblastBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);

/// Rows per work-item, float16, a task's loop (shape_kernels.cpp).
void addShapeBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);

/// A data-indexed private array per work-item (private_array_kernels.cpp).
void addPrivateArrayBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list);

} // namespace bench
