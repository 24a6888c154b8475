// End-to-end: builds and launches when the process runs out of address
// space. Each case runs in a forked child with RLIMIT_AS a little above
// what the child already uses, so that allocations fail at many different
// points of a build; the child must end normally, having reported either
// success or CL_OUT_OF_HOST_MEMORY with a log, and build and run again once
// the limit is lifted.
#include "../address_space_limit.h"
#include "../sanitized.h"
#include "kernels/kernel_fixture.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>

namespace corecl::test {
namespace {


using OutOfMemoryTest = KernelTest;

size_t addressSpaceInUse() {
  std::ifstream statm("/proc/self/statm");
  size_t pages = 0;
  statm >> pages;
  return pages * size_t(sysconf(_SC_PAGESIZE));
}

/// The child's checks, as an exit code: 0 when the build and the kernel's
/// code generation fit in the limit, kFailedCleanly when one failed for
/// lack of memory (the build with a log) and worked once the limit was
/// lifted; else the number of the first check that failed.
constexpr int kFailedCleanly = 10;

int buildUnderLimit(cl_context context, cl_device_id device, long headroom, int salt) {
  // Fresh sources: a cached build would allocate almost nothing.
  std::string source = "kernel void f(global float *a) { size_t i = get_global_id(0);"
                       " a[i] = exp(a[i]) * " +
                       std::to_string(salt) + ".0f + erf(a[i]); }\n";
  const char *text = source.c_str();
  cl_int err;
  cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
  if (!program)
    return 1;
  // A forked child has none of the parent's build threads. Its first one
  // is made before the limit, as in a process that has built before: a
  // thread's first use of CoreCL's thread-local data makes glibc allocate
  // it, and glibc ends the process when that fails (build_threads.h).
  const char *warmText = "kernel void warm(global int *a) { a[0] = 1; }";
  cl_program warm = clCreateProgramWithSource(context, 1, &warmText, nullptr, &err);
  if (!warm || clBuildProgram(warm, 1, &device, "", nullptr, nullptr) != CL_SUCCESS)
    return 6;
  clReleaseProgram(warm);
  ::setenv("CORECL_CODE_ON_QUERY", "1", 1); // this child's own environment
  rlimit limit;
  getrlimit(RLIMIT_AS, &limit);
  const rlimit saved = limit;
  // Below what is in use, no new mapping fits, but memory the allocator
  // already holds still serves.
  limit.rlim_cur = rlim_t(long(addressSpaceInUse()) + headroom);
  setrlimit(RLIMIT_AS, &limit);
  err = clBuildProgram(program, 1, &device, "", nullptr, nullptr);
  if (err == CL_SUCCESS) {
    // The build fit. The kernel's code is generated when first needed,
    // here under the same limit (a query, which with CORECL_CODE_ON_QUERY
    // generates the code as a launch does, rather than forming the kernel
    // alone): a failure for lack of memory is told as such, and the code
    // is generated once memory is back.
    cl_kernel kernel = clCreateKernel(program, "f", &err);
    size_t size = 0;
    cl_int generated =
        kernel
            ? clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                       sizeof size, &size, nullptr)
            : err;
    setrlimit(RLIMIT_AS, &saved);
    if (generated != CL_SUCCESS) {
      std::fprintf(stderr, "code generation under the limit: %d\n", generated);
      if (generated != CL_OUT_OF_HOST_MEMORY && generated != CL_OUT_OF_RESOURCES)
        return 7;
      if (!kernel)
        kernel = clCreateKernel(program, "f", &err);
      if (!kernel ||
          clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                   sizeof size, &size, nullptr) != CL_SUCCESS)
        return 8;
    }
    if (kernel)
      clReleaseKernel(kernel);
    clReleaseProgram(program);
    return generated == CL_SUCCESS ? 0 : kFailedCleanly;
  }
  setrlimit(RLIMIT_AS, &saved);
  // Out of memory is reported as such where CoreCL sees the allocation
  // fail; where a library turns it into an error of its own first (the
  // JIT's memory mapper, say), as a build failure. Either way with a log.
  char log[4096] = {};
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, nullptr);
  std::fprintf(stderr, "build under the limit: %d, log: %s\n", err, log);
  if (err != CL_OUT_OF_HOST_MEMORY && err != CL_BUILD_PROGRAM_FAILURE)
    return 2;
  cl_build_status status = CL_BUILD_NONE;
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, nullptr);
  if (status != CL_BUILD_ERROR)
    return 3;
  if (std::string(log).find("error") == std::string::npos)
    return 4;
  // The same program builds once memory is back.
  err = clBuildProgram(program, 1, &device, "", nullptr, nullptr);
  if (err != CL_SUCCESS) {
    std::fprintf(stderr, "rebuild: %d\n", err);
    return 5;
  }
  clReleaseProgram(program);
  return kFailedCleanly;
  clReleaseProgram(program);
  return 0;
}

TEST_F(OutOfMemoryTest, BuildsFailCleanlyAtAnyPointAndWorkAgainAfterwards) {
  if (kSanitized)
    GTEST_SKIP() << "sanitizers reserve more address space than the limits leave";
  if (!addressSpaceLimitEnforced())
    GTEST_SKIP() << "RLIMIT_AS is not enforced here (an emulator?)";
  cl_device_id d = device();
  // One build first, so that the parent has its build thread and LLVM is
  // initialised; the children then fail in the middle of real builds.
  ASSERT_TRUE(build("kernel void warm(global int *a) { a[0] = 1; }"));
  // Sources new to the disk cache, on every run.
  int salt = int(getpid()) * 100 + int(time(nullptr) % 1000) * 100000;
  int failedCleanly = 0;
  for (long headroomMiB : {-256, -64, -16, 0, 2, 8, 24, 48, 72, 96, 128}) {
    SCOPED_TRACE("headroom " + std::to_string(headroomMiB) + " MiB");
    ++salt;
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      alarm(120); // a hang ends the child with SIGALRM, not the test run
      _exit(buildUnderLimit(context, d, headroomMiB << 20, salt));
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << "the child died of signal " << WTERMSIG(status);
    int code = WEXITSTATUS(status);
    if (code == kFailedCleanly)
      ++failedCleanly;
    else
      EXPECT_EQ(code, 0) << "check " << code << " failed";
  }
  // Otherwise the limits were too loose to test anything.
  EXPECT_GT(failedCleanly, 0);
}

} // namespace
} // namespace corecl::test
