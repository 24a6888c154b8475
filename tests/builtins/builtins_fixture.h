// The fixture of the builtins tests: small kernels that call OpenCL C
// builtins over many inputs, built and run through the public API, whose
// results are compared with references computed on the host.
//
// Run with CORECL_CACHE=0 after changing the builtins library: the kernel
// cache does not key on the library's content.
#pragma once
#include "api/test_support.h"

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace corecl::test {

class BuiltinsTest : public ContextTest {
public:
  // Public, so that helpers outside the test bodies can use them too.
  void TearDown() override {
    if (queue)
      clFinish(queue);
    for (cl_kernel k : kernels_)
      clReleaseKernel(k);
    for (cl_mem m : mems_)
      clReleaseMemObject(m);
    for (cl_program p : programs_)
      clReleaseProgram(p);
    ContextTest::TearDown();
  }

  /// Builds `source` and returns its kernel `name`, or nullptr (with a
  /// recorded failure showing the build log).
  cl_kernel buildKernel(const std::string &source, const char *name, const char *options = "") {
    const char *text = source.c_str();
    cl_int err;
    cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (!program)
      return nullptr;
    programs_.push_back(program);
    cl_device_id d = device();
    err = clBuildProgram(program, 1, &d, options, nullptr, nullptr);
    if (err != CL_SUCCESS) {
      size_t size = 0;
      clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string log(size, '\0');
      clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      ADD_FAILURE() << "clBuildProgram failed (" << err << "):\n" << log << "\nsource:\n" << source;
      return nullptr;
    }
    cl_kernel k = clCreateKernel(program, name, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (k)
      kernels_.push_back(k);
    return k;
  }

  /// A buffer of `bytes`, initialised from `init` when not null.
  cl_mem makeBuffer(size_t bytes, const void *init = nullptr) {
    cl_mem_flags flags = CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0);
    cl_int err;
    cl_mem m = clCreateBuffer(context, flags, bytes ? bytes : 1, const_cast<void *>(init), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (m)
      mems_.push_back(m);
    return m;
  }

  template <class T> cl_mem bufferOf(const std::vector<T> &data) {
    return makeBuffer(data.size() * sizeof(T), data.data());
  }

  /// A buffer of `bytes` filled with 0xAB, so that unwritten results show.
  cl_mem poisonBuffer(size_t bytes) {
    std::vector<unsigned char> poison(bytes, 0xAB);
    return makeBuffer(bytes, poison.data());
  }

  std::vector<unsigned char> readBytes(cl_mem mem, size_t bytes) {
    std::vector<unsigned char> out(bytes);
    EXPECT_EQ(clEnqueueReadBuffer(queue, mem, CL_TRUE, 0, bytes, out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return out;
  }

  /// Sets the buffers as the kernel's arguments, in order, and runs it
  /// over `global` work-items.
  bool run(cl_kernel k, const std::vector<cl_mem> &args, size_t global) {
    for (cl_uint i = 0; i < args.size(); ++i)
      if (clSetKernelArg(k, i, sizeof(cl_mem), &args[i]) != CL_SUCCESS) {
        ADD_FAILURE() << "clSetKernelArg " << i;
        return false;
      }
    cl_int err =
        clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr);
    EXPECT_EQ(err, CL_SUCCESS);
    return err == CL_SUCCESS && clFinish(queue) == CL_SUCCESS;
  }

private:
  std::vector<cl_program> programs_;
  std::vector<cl_kernel> kernels_;
  std::vector<cl_mem> mems_;
};

/// Element N of a byte vector holding T values.
template <class T> T elementAt(const std::vector<unsigned char> &bytes, size_t index) {
  T v;
  std::memcpy(&v, bytes.data() + index * sizeof(T), sizeof(T));
  return v;
}

template <class T> uint64_t bitsOf(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

/// The OpenCL C spelling of a vector width ("" for scalars).
inline std::string widthSuffix(int n) {
  return n == 1 ? "" : std::to_string(n);
}

/// Kernel-source macros LOAD(i, p) and STORE(v, i, p) for width n: vloadN
/// and vstoreN, or plain indexing for scalars.
inline std::string loadStoreMacros(int n) {
  if (n == 1)
    return "#define LOAD(i, p) ((p)[i])\n#define STORE(v, i, p) ((p)[i] = (v))\n";
  std::string s = std::to_string(n);
  return "#define LOAD(i, p) vload" + s + "(i, p)\n#define STORE(v, i, p) vstore" + s +
         "(v, i, p)\n";
}

} // namespace corecl::test
