#include "driver.h"

#include <cstdio>
#include <cstdlib>
#include <regex>

namespace bench {

void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    std::fprintf(stderr, "%s failed with %d\n", what, err);
    std::exit(1);
  }
}

cl_program Driver::build(const char *source, const char *options) const {
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  if (clBuildProgram(p, 1, &device, options, nullptr, nullptr) != CL_SUCCESS) {
    char log[16384] = {};
    clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, nullptr);
    std::fprintf(stderr, "%s: build failed:\n%s\n", name.c_str(), log);
    std::exit(1);
  }
  return p;
}

void Driver::runKernel(cl_kernel kernel, cl_uint dims, const size_t *global, const size_t *local,
                       const char *what) const {
  check(clEnqueueNDRangeKernel(queue, kernel, dims, nullptr, global, local, 0, nullptr, nullptr),
        what);
  check(clFinish(queue), "clFinish");
}

cl_mem Driver::buffer(size_t bytes, const void *init) const {
  cl_int err;
  cl_mem m = clCreateBuffer(context, init ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE, bytes,
                            const_cast<void *>(init), &err);
  check(err, "clCreateBuffer");
  return m;
}

cl_kernel createKernel(cl_program program, const char *name) {
  cl_int err;
  cl_kernel kernel = clCreateKernel(program, name, &err);
  check(err, "clCreateKernel");
  return kernel;
}

void Driver::release() {
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
}

std::vector<Driver> openDrivers(const std::string &label, const std::string &needle) {
  cl_uint count = 0;
  clGetPlatformIDs(0, nullptr, &count);
  std::vector<cl_platform_id> platforms(count);
  if (count)
    clGetPlatformIDs(count, platforms.data(), nullptr);
  std::vector<Driver> drivers;
  for (cl_platform_id p : platforms) {
    char name[256] = {}, version[256] = {};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name - 1, name, nullptr);
    if (std::string(name).find(needle) == std::string::npos)
      continue;
    Driver d;
    d.name = label;
    clGetPlatformInfo(p, CL_PLATFORM_VERSION, sizeof version - 1, version, nullptr);
    std::cmatch release;
    if (std::regex_search(version, release, std::regex(label + " ([0-9]+\\.[0-9]+)")))
      d.name += " " + release[1].str();
    d.platform = p;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &d.device, nullptr) != CL_SUCCESS)
      continue;
    cl_int err;
    d.context = clCreateContext(nullptr, 1, &d.device, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    d.queue = clCreateCommandQueueWithProperties(d.context, d.device, nullptr, &err);
    check(err, "clCreateCommandQueueWithProperties");
    drivers.push_back(d);
  }
  return drivers;
}

} // namespace bench
