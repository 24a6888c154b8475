// The base of the rows that run their own kernels: the driver, program,
// kernel and buffers each such row holds, released together in tearDown,
// so that a row's code is its data, its kernel and its host reference.
#pragma once
#include "kernels.h"

#include <string>
#include <vector>

namespace bench {

class KernelRow : public Benchmark {
public:
  /// Releases the buffers, the kernel and the program.
  void tearDown() override;

protected:
  /// Remembers `d`, builds `source` on it and creates its kernel `entry`.
  void compile(const Driver &d, const std::string &source, const char *entry,
               const char *options = "");
  /// Releases the kernel and the program, for rows that build every run.
  void releaseProgram();
  /// A buffer on the row's driver (remembered by compile or set in d_),
  /// released in tearDown.
  cl_mem buffer(size_t bytes, const void *init = nullptr);
  template <class... Args> void setArgs(const Args &...args) { setKernelArgs(kernel_, args...); }

  const Driver *d_ = nullptr;
  cl_program program_ = nullptr;
  cl_kernel kernel_ = nullptr;

private:
  std::vector<cl_mem> buffers_;
};

/// A row timing builds: its rate is builds per second, with no limit.
class BuildRow : public KernelRow {
public:
  double work() const override { return 1e9; } // one build a run
  bool isFlops() const override { return false; }
  std::string rateUnit() const override { return "builds/s"; }
  bool hasLimit() const override { return false; }
};

} // namespace bench
