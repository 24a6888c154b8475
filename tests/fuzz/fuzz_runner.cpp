// Runs one generated kernel (tests/fuzz/kernelgen.py) on the first GPU-or-
// CPU device of the first platform the ICD loader offers, and prints its
// results for the driver script to compare with the host reference:
//   fuzz_runner program.cl global local [build options]
// (local: a size, or LXxLY for a 2-D launch of the same work-items)
// Output: "out" and the global size's worth of hex words, then "acc" and
// the four accumulators. Exit status 3: the build failed (log on stderr);
// 4: another OpenCL error.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr size_t kInputWords = 64; // kernelgen.IN_SIZE

// The same as kernelgen.input_value.
cl_uint inputValue(cl_uint i) {
  cl_uint x = i * 2654435761u + 12345u;
  x ^= x >> 13;
  return x * 2246822519u;
}

int fail(const char *what, cl_int err) {
  std::fprintf(stderr, "%s failed: %d\n", what, err);
  return 4;
}

// What the driver tells of a command that failed while it ran (the
// enqueue itself succeeded): the launch's output would be the untouched
// buffer, which must read as a failure, not as the kernel's result.
void CL_CALLBACK notify(const char *message, const void *, size_t, void *) {
  std::fprintf(stderr, "context: %s\n", message);
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: fuzz_runner program.cl global local [options]\n");
    return 2;
  }
  std::ifstream file(argv[1]);
  std::stringstream text;
  text << file.rdbuf();
  std::string source = text.str();
  // `local` is a size, or "LXxLY" for a 2-D launch: groups of LX x LY
  // work-items side by side along x (the kernel flattens the ids).
  size_t global = std::strtoul(argv[2], nullptr, 10);
  char *rest = nullptr;
  size_t local = std::strtoul(argv[3], &rest, 10), rows = 1;
  if (rest && *rest == 'x')
    rows = std::strtoul(rest + 1, nullptr, 10);
  if (local == 0 || rows == 0 || (rows > 1 && global % (local * rows) != 0)) {
    std::fprintf(stderr, "fuzz_runner: bad local size %s for %zu work-items\n", argv[3], global);
    return 4;
  }
  const char *options = argc > 4 ? argv[4] : "";

  cl_platform_id platform;
  cl_uint count = 0;
  cl_int err = clGetPlatformIDs(1, &platform, &count);
  if (err != CL_SUCCESS || count == 0)
    return fail("clGetPlatformIDs", err);
  cl_device_id device;
  err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
  if (err != CL_SUCCESS)
    return fail("clGetDeviceIDs", err);
  cl_context context = clCreateContext(nullptr, 1, &device, notify, nullptr, &err);
  if (!context)
    return fail("clCreateContext", err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  if (!queue)
    return fail("clCreateCommandQueue", err);
  const char *src = source.c_str();
  cl_program program = clCreateProgramWithSource(context, 1, &src, nullptr, &err);
  if (!program)
    return fail("clCreateProgramWithSource", err);
  err = clBuildProgram(program, 1, &device, options, nullptr, nullptr);
  if (err != CL_SUCCESS) {
    size_t size = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    std::fprintf(stderr, "build failed (%d):\n%s\n", err, log.c_str());
    return 3;
  }
  cl_kernel kernel = clCreateKernel(program, "entry", &err);
  if (!kernel)
    return fail("clCreateKernel", err);

  std::vector<cl_uint> out(global, 0xDEADBEEFu), input(kInputWords), acc = {0, 0, 0, 0xFFFFFFFFu};
  for (size_t i = 0; i < kInputWords; ++i)
    input[i] = inputValue(cl_uint(i));
  cl_mem outBuf = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 out.size() * 4, out.data(), &err);
  cl_mem inBuf = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                input.size() * 4, input.data(), &err);
  cl_mem accBuf = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 acc.size() * 4, acc.data(), &err);
  if (!outBuf || !inBuf || !accBuf)
    return fail("clCreateBuffer", err);
  clSetKernelArg(kernel, 0, sizeof outBuf, &outBuf);
  clSetKernelArg(kernel, 1, sizeof inBuf, &inBuf);
  clSetKernelArg(kernel, 2, sizeof accBuf, &accBuf);
  size_t global2[2] = {global / rows, rows}, local2[2] = {local, rows};
  cl_event launched = nullptr;
  err = rows > 1 ? clEnqueueNDRangeKernel(queue, kernel, 2, nullptr, global2, local2, 0, nullptr,
                                          &launched)
                 : clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr,
                                          &launched);
  if (err != CL_SUCCESS)
    return fail("clEnqueueNDRangeKernel", err);
  // A launch that failed while it ran fails the wait
  // (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) and has a negative status.
  cl_int status = CL_COMPLETE;
  clWaitForEvents(1, &launched);
  clGetEventInfo(launched, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
  clReleaseEvent(launched);
  if (status != CL_COMPLETE)
    return fail("the launch, while it ran,", status);
  err = clEnqueueReadBuffer(queue, outBuf, CL_TRUE, 0, out.size() * 4, out.data(), 0, nullptr,
                            nullptr);
  if (err == CL_SUCCESS)
    err = clEnqueueReadBuffer(queue, accBuf, CL_TRUE, 0, acc.size() * 4, acc.data(), 0, nullptr,
                              nullptr);
  if (err != CL_SUCCESS)
    return fail("clEnqueueReadBuffer", err);
  std::printf("out");
  for (cl_uint v : out)
    std::printf(" %08x", v);
  std::printf("\nacc");
  for (cl_uint v : acc)
    std::printf(" %08x", v);
  std::printf("\n");
  clReleaseMemObject(outBuf);
  clReleaseMemObject(inBuf);
  clReleaseMemObject(accBuf);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
