// CORECL_DEBUG: failures told in words on standard error. ctest runs this
// with CORECL_DEBUG=all (api.debug_log); without it the test is skipped,
// since the setting is read once per process.
#include "api/test_support.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace corecl::test {
namespace {

/// Standard error while `body` runs.
template <class F> std::string capturedStderr(F &&body) {
  std::fflush(stderr);
  char path[] = "/tmp/corecl-debug-XXXXXX";
  int file = ::mkstemp(path);
  int saved = ::dup(2);
  ::dup2(file, 2);
  body();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  ::close(file);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  ::unlink(path);
  return text.str();
}

class DebugLog : public ContextTest {
protected:
  void SetUp() override {
    if (!std::getenv("CORECL_DEBUG"))
      GTEST_SKIP() << "run by ctest with CORECL_DEBUG=all";
    ContextTest::SetUp();
  }
};

TEST_F(DebugLog, FailuresAreToldInWords) {
  cl_int err;
  cl_device_id dev = device();
  struct {
    void *dispatch = nullptr;
    unsigned tag = 0;
  } junk;
  const char *source = "kernel void k(global int *p) { p[0] = undefined_thing; }";
  cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  std::string log = capturedStderr([&] {
    EXPECT_EQ(clRetainContext(reinterpret_cast<cl_context>(&junk)), CL_INVALID_CONTEXT);
    cl_uint value;
    EXPECT_EQ(clGetContextInfo(context, 0xdead, sizeof value, &value, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clBuildProgram(program, 1, &dev, "-DX=1", nullptr, nullptr),
              CL_BUILD_PROGRAM_FAILURE);
  });
  EXPECT_NE(log.find("corecl api: clRetainContext: "), std::string::npos) << log;
  EXPECT_NE(log.find("is not a live object of its type (CL_INVALID_CONTEXT)"), std::string::npos)
      << log;
  EXPECT_NE(log.find("corecl api: clGetContextInfo: CL_INVALID_VALUE"), std::string::npos) << log;
  EXPECT_NE(log.find("corecl build: program "), std::string::npos) << log;
  EXPECT_NE(log.find("CL_BUILD_PROGRAM_FAILURE with options \"-DX=1\""), std::string::npos) << log;
  EXPECT_NE(log.find("undeclared identifier 'undefined_thing'"), std::string::npos) << log;
  clReleaseProgram(program);
}

TEST_F(DebugLog, LaunchRefusalsSayWhy) {
  cl_int err;
  cl_device_id dev = device();
  const char *source = "kernel void add(global int *p, int v) { p[get_global_id(0)] += v; }";
  cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  ASSERT_EQ(clBuildProgram(program, 1, &dev, "", nullptr, nullptr), CL_SUCCESS);
  cl_kernel kernel = clCreateKernel(program, "add", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64 * sizeof(int), nullptr, &err);
  ASSERT_EQ(clSetKernelArg(kernel, 0, sizeof buffer, &buffer), CL_SUCCESS);
  size_t global = 10, local = 3;
  std::string log = capturedStderr([&] {
    EXPECT_EQ(
        clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
        CL_INVALID_KERNEL_ARGS);
    cl_int v = 1;
    ASSERT_EQ(clSetKernelArg(kernel, 1, sizeof v, &v), CL_SUCCESS);
    EXPECT_EQ(
        clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr),
        CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_EQ(
        clEnqueueNDRangeKernel(queue, kernel, 4, nullptr, &global, nullptr, 0, nullptr, nullptr),
        CL_INVALID_WORK_DIMENSION);
  });
  EXPECT_NE(log.find("clEnqueueNDRangeKernel: CL_INVALID_KERNEL_ARGS: argument 1 (v) of add was "
                     "never set"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE: local_work_size[0] 3 "
                     "does not divide global_work_size[0] 10"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("CL_INVALID_WORK_DIMENSION: work_dim 4 is not 1, 2 or 3"), std::string::npos)
      << log;
  // The issue's own example: a read past the end of a buffer.
  std::vector<int> host(64);
  log = capturedStderr([&] {
    EXPECT_EQ(
        clEnqueueReadBuffer(queue, buffer, CL_TRUE, 200, 64, host.data(), 0, nullptr, nullptr),
        CL_INVALID_VALUE);
  });
  EXPECT_NE(log.find("clEnqueueReadBuffer: CL_INVALID_VALUE: offset 200 + size 64 exceeds the "
                     "buffer's 256 bytes"),
            std::string::npos)
      << log;
  clReleaseMemObject(buffer);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
}

/// Whether `log` has a line "corecl api: <entry>: <code>: ..." that also
/// holds `word` (a word of the reason).
bool told(const std::string &log, const std::string &entry, const std::string &code,
          const std::string &word) {
  std::istringstream lines(log);
  std::string line;
  const std::string head = "corecl api: " + entry + ": " + code + ": ";
  while (std::getline(lines, line))
    if (line.rfind(head, 0) == 0 && line.find(word, head.size()) != std::string::npos)
      return true;
  return false;
}

TEST_F(DebugLog, EveryFileTellsWhy) {
  cl_int err = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 1024, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  std::string log = capturedStderr([&] {
    // A create function reporting through errcode_ret (memory.cpp).
    EXPECT_EQ(clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY, 64, nullptr, &err),
              nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    // An info query with too small a buffer, and one it does not answer.
    cl_uint small;
    EXPECT_EQ(clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof small, &small, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clGetDeviceInfo(device(), 0x7777, sizeof small, &small, nullptr), CL_INVALID_VALUE);
    // A wait list that is not one (event.cpp, through the queue's check).
    EXPECT_EQ(clEnqueueMarkerWithWaitList(queue, 2, nullptr, nullptr), CL_INVALID_EVENT_WAIT_LIST);
    // A sampler setting that is none (sampler.cpp), an SVM copy onto
    // itself (svm.cpp), and a buffer where an image belongs
    // (enqueue_image.cpp).
    EXPECT_EQ(clCreateSampler(context, CL_FALSE, 0x9999, CL_FILTER_NEAREST, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    size_t origin[3] = {0, 0, 0}, region[3] = {1, 1, 1};
    char pixel[16];
    EXPECT_EQ(clEnqueueReadImage(queue, buffer, CL_TRUE, origin, region, 0, 0, pixel, 0, nullptr,
                                 nullptr),
              CL_INVALID_MEM_OBJECT);
    EXPECT_EQ(clEnqueueSVMMemcpy(queue, CL_TRUE, pixel, pixel + 2, 4, 0, nullptr, nullptr),
              CL_MEM_COPY_OVERLAP);
    // A queue property list with a property no queue knows (queue.cpp).
    cl_queue_properties props[] = {0x1234, 0, 0};
    EXPECT_EQ(clCreateCommandQueueWithProperties(context, device(), props, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    // A rectangle past the end of a buffer (enqueue_buffer.cpp).
    size_t bigRegion[3] = {1024, 2, 1};
    EXPECT_EQ(clEnqueueCopyBufferRect(queue, buffer, buffer, origin, origin, bigRegion, 0, 0, 0, 0,
                                      0, nullptr, nullptr),
              CL_INVALID_VALUE);
  });
  EXPECT_TRUE(told(log, "clCreateBuffer", "CL_INVALID_VALUE", "combine access flags")) << log;
  EXPECT_TRUE(told(log, "clGetMemObjectInfo", "CL_INVALID_VALUE",
                   "param_value_size 4 is smaller than the 8-byte answer"))
      << log;
  EXPECT_TRUE(told(log, "clGetDeviceInfo", "CL_INVALID_VALUE", "param_name 0x7777")) << log;
  EXPECT_TRUE(told(log, "clEnqueueMarkerWithWaitList", "CL_INVALID_EVENT_WAIT_LIST",
                   "num_events_in_wait_list is 2"))
      << log;
  EXPECT_TRUE(told(log, "clCreateSampler", "CL_INVALID_VALUE", "addressing_mode 0x9999")) << log;
  EXPECT_TRUE(told(log, "clEnqueueReadImage", "CL_INVALID_MEM_OBJECT", "not a live image")) << log;
  EXPECT_TRUE(told(log, "clEnqueueSVMMemcpy", "CL_MEM_COPY_OVERLAP", "overlap")) << log;
  EXPECT_TRUE(told(log, "clCreateCommandQueueWithProperties", "CL_INVALID_VALUE",
                   "unknown property 0x1234"))
      << log;
  EXPECT_TRUE(told(log, "clEnqueueCopyBufferRect", "CL_INVALID_VALUE", "src rectangle ends"))
      << log;
  clReleaseMemObject(buffer);
}

} // namespace
} // namespace corecl::test
