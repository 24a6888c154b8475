// One OpenCL driver under test: its platform, device, context and queue,
// found by platform name through the ICD loader, and the short forms of the
// OpenCL calls every row makes, each exiting with a message on an error so
// that a row's code reads as what it does.
#pragma once
#include <CL/cl.h>

#include <string>
#include <vector>

namespace bench {

void check(cl_int err, const char *what);

struct Driver {
  std::string name; // short label: "CoreCL", "PoCL 3.1"
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
  /// The first `count` elements of `mem`, read with a blocking read.
  template <class T> std::vector<T> read(cl_mem mem, size_t count) const {
    std::vector<T> out(count);
    check(clEnqueueReadBuffer(queue, mem, CL_TRUE, 0, count * sizeof(T), out.data(), 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer");
    return out;
  }
  void release();
};

/// Every driver with a CPU device whose platform name contains `needle`, in
/// the loader's order, each labelled `label` and, where the platform version names one
/// ("OpenCL 3.0 PoCL 7.1 ..."), the version after `label`: "PoCL 3.1",
/// "PoCL 7.1".
std::vector<Driver> openDrivers(const std::string &label, const std::string &needle);

cl_kernel createKernel(cl_program program, const char *name);

/// A __local kernel argument of `bytes` (set with no value).
struct LocalBytes {
  size_t bytes;
};

inline void setKernelArg(cl_kernel kernel, cl_uint index, LocalBytes local) {
  check(clSetKernelArg(kernel, index, local.bytes, nullptr), "clSetKernelArg");
}

template <class T> void setKernelArg(cl_kernel kernel, cl_uint index, const T &value) {
  check(clSetKernelArg(kernel, index, sizeof value, &value), "clSetKernelArg");
}

/// Sets `kernel`'s arguments 0, 1, ... from `args`, each by its size and
/// address (cl_mem handles, scalars) or as LocalBytes.
template <class... Args> void setKernelArgs(cl_kernel kernel, const Args &...args) {
  cl_uint index = 0;
  (setKernelArg(kernel, index++, args), ...);
}

} // namespace bench
