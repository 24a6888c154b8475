// One OpenCL driver under test: its platform, device, context and queue,
// found by platform name through the ICD loader.
#pragma once
#include <CL/cl.h>

#include <string>
#include <vector>

namespace bench {

struct Driver {
  std::string name; // short label: "CoreCL", "PoCL"
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;

  /// Builds `source`; exits with the build log on failure.
  cl_program build(const char *source, const char *options = "") const;
  cl_mem buffer(size_t bytes, const void *init = nullptr) const;
  /// Enqueues `kernel` over `global` (and `local`, or the driver's choice
  /// when null) and waits for it; exits naming `what` on an error.
  void runKernel(cl_kernel kernel, cl_uint dims, const size_t *global, const size_t *local,
                 const char *what) const;
  void release();
};

/// The drivers whose platform name contains one of `wanted` (in that order).
std::vector<Driver> openDrivers(const std::vector<std::pair<std::string, std::string>> &wanted);

void check(cl_int err, const char *what);

} // namespace bench
