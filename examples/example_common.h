/* What every example does before its own work: check each OpenCL call, and
 * open CoreCL's device, a context and a queue through the ICD loader. */
#ifndef CORECL_EXAMPLES_COMMON_H
#define CORECL_EXAMPLES_COMMON_H
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cl_int err_ = (call);                                                                          \
    if (err_ != CL_SUCCESS) {                                                                      \
      fprintf(stderr, "%s:%d: %s failed with %d\n", __FILE__, __LINE__, #call, err_);              \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* The platform named "CoreCL"; exits when the ICD loader has none. */
static cl_platform_id findCoreCL(void) {
  cl_uint count = 0;
  CHECK(clGetPlatformIDs(0, NULL, &count));
  cl_platform_id platforms[16];
  if (count > 16)
    count = 16;
  CHECK(clGetPlatformIDs(count, platforms, NULL));
  for (cl_uint i = 0; i < count; ++i) {
    char name[128];
    CHECK(clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, NULL));
    if (strcmp(name, "CoreCL") == 0)
      return platforms[i];
  }
  fprintf(stderr, "CoreCL platform not found among %u platforms\n", count);
  exit(1);
}

/* CoreCL's CPU device, a context on it, and a queue with `properties`
 * (NULL for an in-order queue without profiling). */
static void openCoreCL(const cl_queue_properties *properties, cl_device_id *device,
                       cl_context *context, cl_command_queue *queue) {
  cl_int err;
  CHECK(clGetDeviceIDs(findCoreCL(), CL_DEVICE_TYPE_CPU, 1, device, NULL));
  *context = clCreateContext(NULL, 1, device, NULL, NULL, &err);
  CHECK(err);
  *queue = clCreateCommandQueueWithProperties(*context, *device, properties, &err);
  CHECK(err);
}

/* `source` built for `device`; exits with its build log on failure. */
static cl_program buildOrExit(cl_context context, cl_device_id device, const char *source) {
  cl_int err;
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  CHECK(err);
  if (clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
    char log[8192];
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "build failed:\n%s\n", log);
    exit(1);
  }
  return program;
}

#endif
