// End-to-end: clBuildProgram from several host threads at once (the API is
// thread-safe), each program then run and checked against a host
// reference.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace corecl::test {
namespace {

using KernelConcurrentBuildTest = KernelTest;

// Uses barriers, __local memory and a builtin, so the threads go through
// the whole pipeline (front end, builtins link, work-group passes, JIT).
const char *kSource = R"(
  kernel void scaled_sums(global const int *in, global int *out, int scale) {
    local int tmp[32];
    size_t l = get_local_id(0);
    tmp[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = 0;
    for (int i = 0; i <= (int)l; ++i)
      s += tmp[i];
    out[get_global_id(0)] = max(s * scale, -1000000) + OFFSET;
  })";

constexpr int kThreads = 4;

std::vector<cl_int> expected(const std::vector<cl_int> &in, int scale, int offset) {
  std::vector<cl_int> out(in.size());
  for (size_t g = 0; g < in.size(); g += 32) {
    int s = 0;
    for (size_t l = 0; l < 32; ++l) {
      s += in[g + l];
      out[g + l] = std::max(s * scale, -1000000) + offset;
    }
  }
  return out;
}

TEST_F(KernelConcurrentBuildTest, FourThreadsBuildTheSameSource) {
  // Each thread creates its own program from the same source (with its
  // own -D value), builds it, and runs it on a queue of its own.
  std::vector<cl_program> programs(kThreads);
  std::vector<cl_int> results(kThreads, 1);
  std::vector<std::string> logs(kThreads);
  const char *source = kSource;
  for (int t = 0; t < kThreads; ++t) {
    cl_int err;
    programs[t] = adoptProgram(clCreateProgramWithSource(context, 1, &source, nullptr, &err));
    ASSERT_EQ(err, CL_SUCCESS);
  }
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  cl_device_id d = device();
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::string options = "-DOFFSET=" + std::to_string(t * 100);
      ready.fetch_add(1);
      while (ready.load() < kThreads)
        std::this_thread::yield();
      results[t] = clBuildProgram(programs[t], 1, &d, options.c_str(), nullptr, nullptr);
      if (results[t] != CL_SUCCESS)
        logs[t] = buildLog(programs[t]);
    });
  for (std::thread &th : threads)
    th.join();

  const size_t n = 32 * 50, local = 32;
  std::vector<cl_int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = cl_int(i * 31 % 97) - 40;
  for (int t = 0; t < kThreads; ++t) {
    SCOPED_TRACE(testing::Message() << "thread " << t);
    EXPECT_EQ(results[t], CL_SUCCESS) << logs[t];
    if (results[t] != CL_SUCCESS)
      continue;
    cl_int err;
    cl_kernel k = adoptKernel(clCreateKernel(programs[t], "scaled_sums", &err));
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem out = outputBuffer<cl_int>(n);
    ASSERT_EQ(setArgs(k, bufferOf(in), out, cl_int(t + 2)), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
    EXPECT_EQ(read<cl_int>(out, n), expected(in, t + 2, t * 100));
  }
}

TEST_F(KernelConcurrentBuildTest, FourThreadsBuildAndRunConcurrently) {
  // Build, create kernels, enqueue and read back, all on the threads at
  // once, each on its own in-order queue.
  std::vector<cl_int> in(32 * 20);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = cl_int(i % 23) - 11;
  std::vector<std::string> failures(kThreads);
  std::vector<std::vector<cl_int>> outputs(kThreads);
  std::atomic<int> ready{0};
  cl_device_id d = device();
  cl_context ctx = context;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      auto fail = [&](const std::string &what, cl_int err) {
        failures[t] = what + " failed: " + std::to_string(err);
      };
      cl_int err;
      const char *source = kSource;
      cl_program p = clCreateProgramWithSource(ctx, 1, &source, nullptr, &err);
      cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, nullptr, &err);
      std::string options = "-DOFFSET=" + std::to_string(-t);
      ready.fetch_add(1);
      while (ready.load() < kThreads)
        std::this_thread::yield();
      err = clBuildProgram(p, 0, nullptr, options.c_str(), nullptr, nullptr);
      if (err != CL_SUCCESS) {
        fail("clBuildProgram", err);
        failures[t] += "\n" + buildLog(p);
      } else {
        cl_kernel k = clCreateKernel(p, "scaled_sums", &err);
        cl_mem bin = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, in.size() * 4, in.data(), &err);
        cl_mem bout = clCreateBuffer(ctx, CL_MEM_READ_WRITE, in.size() * 4, nullptr, &err);
        cl_int scale = t + 1;
        clSetKernelArg(k, 0, sizeof bin, &bin);
        clSetKernelArg(k, 1, sizeof bout, &bout);
        clSetKernelArg(k, 2, sizeof scale, &scale);
        size_t n = in.size(), local = 32;
        err = clEnqueueNDRangeKernel(q, k, 1, nullptr, &n, &local, 0, nullptr, nullptr);
        if (err != CL_SUCCESS)
          fail("clEnqueueNDRangeKernel", err);
        outputs[t].resize(n);
        err =
            clEnqueueReadBuffer(q, bout, CL_TRUE, 0, n * 4, outputs[t].data(), 0, nullptr, nullptr);
        if (err != CL_SUCCESS)
          fail("clEnqueueReadBuffer", err);
        clReleaseMemObject(bin);
        clReleaseMemObject(bout);
        clReleaseKernel(k);
      }
      clReleaseCommandQueue(q);
      clReleaseProgram(p);
    });
  for (std::thread &th : threads)
    th.join();
  for (int t = 0; t < kThreads; ++t) {
    SCOPED_TRACE(testing::Message() << "thread " << t);
    EXPECT_EQ(failures[t], "");
    EXPECT_EQ(outputs[t], expected(in, t + 1, -t));
  }
}

TEST_F(KernelConcurrentBuildTest, OneProgramObjectBuiltFromFourThreads) {
  // The same cl_program built by four threads at once: the spec lets a
  // call that overlaps another build fail with CL_INVALID_OPERATION; every
  // other call must succeed, and the program must end up usable.
  const char *source = kSource;
  cl_int err;
  cl_program p = adoptProgram(clCreateProgramWithSource(context, 1, &source, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  std::vector<cl_int> results(kThreads, 1);
  std::atomic<int> ready{0};
  cl_device_id d = device();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads)
        std::this_thread::yield();
      results[t] = clBuildProgram(p, 1, &d, "-DOFFSET=7", nullptr, nullptr);
    });
  for (std::thread &th : threads)
    th.join();
  int successes = 0;
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_TRUE(results[t] == CL_SUCCESS || results[t] == CL_INVALID_OPERATION)
        << "thread " << t << ": " << results[t];
    successes += results[t] == CL_SUCCESS;
  }
  EXPECT_GE(successes, 1);
  cl_build_status status = 0;
  ASSERT_EQ(clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(status, CL_BUILD_SUCCESS);
  cl_kernel k = adoptKernel(clCreateKernel(p, "scaled_sums", &err));
  ASSERT_EQ(err, CL_SUCCESS);
  const size_t n = 32 * 8, local = 32;
  std::vector<cl_int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = cl_int(i % 5);
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, bufferOf(in), out, cl_int(3)), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(out, n), expected(in, 3, 7));
}

} // namespace
} // namespace corecl::test
