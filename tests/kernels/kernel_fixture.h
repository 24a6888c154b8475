// The fixture of the end-to-end kernel tests: OpenCL C built by
// clBuildProgram, run by clEnqueueNDRangeKernel/clEnqueueTask, and checked
// against references computed on the host (never against CoreCL itself).
//
// Every object made through the helpers (programs, kernels, buffers) is
// released in TearDown, after the queue has finished.
#pragma once
#include "api/test_support.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

namespace corecl::test {

/// Marks a __local pointer argument for KernelTest::setArgs: `bytes` of
/// local memory, set with clSetKernelArg(k, i, bytes, NULL).
struct LocalBytes {
  size_t bytes;
};

class KernelTest : public ContextTest {
public:
  // Public, so that helpers outside the test bodies can use them too.
  void TearDown() override {
    if (queue)
      clFinish(queue);
    for (cl_kernel k : kernels_)
      EXPECT_EQ(clReleaseKernel(k), CL_SUCCESS);
    for (cl_mem m : mems_)
      EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
    for (cl_program p : programs_)
      EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);
    ContextTest::TearDown();
  }

  /// A program made from `source` (released in TearDown), not yet built.
  cl_program createProgram(const std::string &source) {
    const char *text = source.c_str();
    cl_int err;
    cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (program)
      programs_.push_back(program);
    return program;
  }

  /// The build log of `program` for the test's device.
  static std::string buildLog(cl_program program) {
    cl_device_id d = device();
    size_t size = 0;
    clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    while (!log.empty() && log.back() == '\0')
      log.pop_back();
    return log;
  }

  /// Creates and builds a program; on failure records a test failure that
  /// shows the build log, and returns nullptr.
  cl_program build(const std::string &source, const char *options = "") {
    cl_program program = createProgram(source);
    if (!program)
      return nullptr;
    cl_device_id d = device();
    cl_int err = clBuildProgram(program, 1, &d, options, nullptr, nullptr);
    if (err != CL_SUCCESS) {
      ADD_FAILURE() << "clBuildProgram failed (" << err << ") with options '" << options << "':\n"
                    << buildLog(program);
      return nullptr;
    }
    return program;
  }

  /// The kernel `name` of a built program (released in TearDown), or
  /// nullptr (with a recorded failure).
  cl_kernel createKernel(cl_program program, const char *name) {
    if (!program)
      return nullptr;
    cl_int err;
    cl_kernel k = clCreateKernel(program, name, &err);
    EXPECT_EQ(err, CL_SUCCESS) << "clCreateKernel(" << name << ")";
    if (k)
      kernels_.push_back(k);
    return k;
  }

  /// Builds `source` and returns its kernel `name`; nullptr on failure.
  cl_kernel buildKernel(const std::string &source, const char *name, const char *options = "") {
    return createKernel(build(source, options), name);
  }

  /// buildKernel() with the IR dump on and the disk cache off: `ir` gets
  /// the text of every module the build dumped.
  cl_kernel buildKernelDumpingIr(const std::string &source, const char *name, std::string &ir) {
    cl_kernel k = nullptr;
    dumpingIr(
        [&] {
          k = buildKernel(source, name);
          generateCode(k);
        },
        ir);
    return k;
  }

  /// Makes CoreCL generate the kernel's code now (it does on the first
  /// launch or a query of what work-group formation decides), so that
  /// what the build dumps is there before a launch.
  static void generateCode(cl_kernel k) {
    size_t multiple = 0;
    if (k)
      EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                         sizeof multiple, &multiple, nullptr),
                CL_SUCCESS);
  }

  /// Takes ownership of a program made elsewhere (released in TearDown).
  cl_program adoptProgram(cl_program p) {
    if (p)
      programs_.push_back(p);
    return p;
  }

  /// Takes ownership of a kernel made elsewhere (clCloneKernel, ...).
  cl_kernel adoptKernel(cl_kernel k) {
    if (k)
      kernels_.push_back(k);
    return k;
  }

  /// A buffer of `bytes` (released in TearDown), initialised from `init`
  /// when it is not null.
  cl_mem makeBuffer(size_t bytes, const void *init = nullptr,
                    cl_mem_flags flags = CL_MEM_READ_WRITE) {
    if (init)
      flags |= CL_MEM_COPY_HOST_PTR;
    cl_int err;
    cl_mem m = clCreateBuffer(context, flags, bytes, const_cast<void *>(init), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (m)
      mems_.push_back(m);
    return m;
  }

  /// A buffer holding a copy of `data`.
  template <class T> cl_mem bufferOf(const std::vector<T> &data) {
    return makeBuffer(data.size() * sizeof(T), data.data());
  }

  /// A buffer of `count` elements of T, every byte set to 0xAB, so that
  /// elements a kernel fails to write stand out.
  template <class T> cl_mem outputBuffer(size_t count) {
    std::vector<unsigned char> poison(count * sizeof(T), 0xAB);
    return makeBuffer(poison.size(), poison.data());
  }

  /// Reads `count` elements of T from `mem` (blocking, on `queue`).
  template <class T> std::vector<T> read(cl_mem mem, size_t count) {
    std::vector<T> out(count);
    EXPECT_EQ(clEnqueueReadBuffer(queue, mem, CL_TRUE, 0, count * sizeof(T), out.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    return out;
  }

  /// Sets the arguments of `k` in order: a cl_mem is set as a buffer, a
  /// LocalBytes as a __local pointer, anything else by value (its size).
  /// Returns the first error, or CL_SUCCESS.
  template <class... Args> cl_int setArgs(cl_kernel k, const Args &...args) {
    cl_int result = CL_SUCCESS;
    cl_uint index = 0;
    auto one = [&](const auto &arg) {
      cl_int err = setArg(k, index++, arg);
      if (result == CL_SUCCESS)
        result = err;
    };
    (one(args), ...);
    return result;
  }

  /// clEnqueueNDRangeKernel on `queue`, then clFinish; returns the enqueue
  /// error (local may be nullptr: CoreCL picks the local size).
  cl_int run(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local = nullptr,
             const size_t *offset = nullptr) {
    cl_int err = clEnqueueNDRangeKernel(queue, k, dims, offset, global, local, 0, nullptr, nullptr);
    if (err == CL_SUCCESS)
      EXPECT_EQ(clFinish(queue), CL_SUCCESS);
    return err;
  }

  /// run() with the IR dump on and the disk cache off (a cached build dumps
  /// nothing): `ir` gets the text of every module the launch dumped (the
  /// work-group functions are compiled at the first launch).
  cl_int runDumpingIr(cl_kernel k, cl_uint dims, const size_t *global, const size_t *local,
                      std::string &ir) {
    cl_int launched = CL_SUCCESS;
    dumpingIr([&] { launched = run(k, dims, global, local); }, ir);
    return launched;
  }

  /// Runs `action` with the IR dump on and the disk cache off (a cached
  /// build dumps nothing); appends what was dumped to `ir`.
  template <class Action> static void dumpingIr(const Action &action, std::string &ir) {
    std::filesystem::path dump =
        std::filesystem::temp_directory_path() / ("corecl-ir-dump-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dump);
    ::setenv("CORECL_DUMP_IR", dump.c_str(), 1);
    ::setenv("CORECL_CACHE", "0", 1);
    action();
    ::unsetenv("CORECL_DUMP_IR");
    ::unsetenv("CORECL_CACHE");
    for (const auto &file : std::filesystem::directory_iterator(dump)) {
      std::ifstream in(file.path());
      ir.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    std::filesystem::remove_all(dump);
  }

  /// The device's value of a size_t query.
  static size_t deviceSize(cl_device_info param) {
    size_t v = 0;
    EXPECT_EQ(clGetDeviceInfo(device(), param, sizeof v, &v, nullptr), CL_SUCCESS);
    return v;
  }

private:
  static cl_int setArg(cl_kernel k, cl_uint index, const cl_mem &mem) {
    return clSetKernelArg(k, index, sizeof(cl_mem), &mem);
  }
  static cl_int setArg(cl_kernel k, cl_uint index, const LocalBytes &local) {
    return clSetKernelArg(k, index, local.bytes, nullptr);
  }
  template <class T> static cl_int setArg(cl_kernel k, cl_uint index, const T &value) {
    return clSetKernelArg(k, index, sizeof(T), &value);
  }

  std::vector<cl_program> programs_;
  std::vector<cl_kernel> kernels_;
  std::vector<cl_mem> mems_;
};

} // namespace corecl::test
