// End-to-end: what clBuildProgram reports for bad programs and options:
// CL_BUILD_PROGRAM_FAILURE with a log naming source.cl:LINE:COL, the build
// status and options queries, CL_INVALID_BUILD_OPTIONS, and recovery by a
// later successful build of the same program object.
#include "kernels/kernel_fixture.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <functional>
#include <optional>
#include <pthread.h>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace corecl::test {
namespace {

using KernelBuildErrorTest = KernelTest;

cl_build_status buildStatus(cl_program p) {
  cl_build_status status = 1234;
  EXPECT_EQ(
      clGetProgramBuildInfo(p, device(), CL_PROGRAM_BUILD_STATUS, sizeof status, &status, nullptr),
      CL_SUCCESS);
  return status;
}

std::string buildOptions(cl_program p) {
  size_t size = 0;
  EXPECT_EQ(clGetProgramBuildInfo(p, device(), CL_PROGRAM_BUILD_OPTIONS, 0, nullptr, &size),
            CL_SUCCESS);
  std::string s(size, '\0');
  EXPECT_EQ(clGetProgramBuildInfo(p, device(), CL_PROGRAM_BUILD_OPTIONS, size, s.data(), nullptr),
            CL_SUCCESS);
  if (!s.empty() && s.back() == '\0')
    s.pop_back();
  return s;
}

TEST_F(KernelBuildErrorTest, SyntaxErrorGivesLineAndColumn) {
  // The missing ';' is reported just after the last token of line 3
  // ("  b[0] = 1 + 2" ends at column 14).
  cl_program p = createProgram("// a comment\n"
                               "kernel void f(global int *b) {\n"
                               "  b[0] = 1 + 2\n"
                               "}\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(buildStatus(p), CL_BUILD_NONE);
  cl_device_id d = device();
  EXPECT_EQ(clBuildProgram(p, 1, &d, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  std::string log = buildLog(p);
  EXPECT_NE(log.find("source.cl:3:15: error"), std::string::npos) << log;
  EXPECT_NE(log.find("expected ';'"), std::string::npos) << log;
  EXPECT_EQ(buildStatus(p), CL_BUILD_ERROR);
  cl_int err;
  EXPECT_EQ(clCreateKernel(p, "f", &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PROGRAM_EXECUTABLE);
  size_t numKernels = 0;
  EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof numKernels, &numKernels, nullptr),
            CL_INVALID_PROGRAM_EXECUTABLE);
}

TEST_F(KernelBuildErrorTest, UndeclaredIdentifierLineAndColumn) {
  cl_program p = createProgram("kernel void f(global int *b) {\n"
                               "\n"
                               "    b[0] = missing_name;\n"
                               "}\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  std::string log = buildLog(p);
  EXPECT_NE(log.find("source.cl:3:12: error"), std::string::npos) << log;
  EXPECT_NE(log.find("missing_name"), std::string::npos) << log;
  EXPECT_EQ(buildStatus(p), CL_BUILD_ERROR);
}

TEST_F(KernelBuildErrorTest, ErrorsInSeveralSourceStrings) {
  // Several strings are one source: line numbers run on across them.
  const char *parts[] = {"kernel void f(global int *b) {\n", "  b[0] = 1;\n", "  int x = ;\n}\n"};
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 3, parts, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(p, 0, nullptr, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  std::string log = buildLog(p);
  EXPECT_NE(log.find("source.cl:3:11: error"), std::string::npos) << log;
  clReleaseProgram(p);
}

/// A source with a warning (division by zero) and no error; `nonce` makes
/// the text unique, so that no cached build of an earlier run answers.
std::string warningSource(const std::string &nonce) {
  return "// " + nonce +
         "\n"
         "kernel void f(global int *b) {\n"
         "  b[0] = 1 / 0;\n"
         "}\n";
}

std::string uniqueNonce() {
  return std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + "-" +
         std::to_string(std::random_device{}());
}

TEST_F(KernelBuildErrorTest, WarningsDoNotFailButWerrorDoes) {
  const std::string source = warningSource(uniqueNonce());
  cl_program ok = createProgram(source);
  ASSERT_TRUE(ok);
  cl_device_id d = device();
  EXPECT_EQ(clBuildProgram(ok, 1, &d, "", nullptr, nullptr), CL_SUCCESS) << buildLog(ok);
  EXPECT_EQ(buildStatus(ok), CL_BUILD_SUCCESS);
  EXPECT_NE(buildLog(ok).find("source.cl:3:12: warning"), std::string::npos) << buildLog(ok);

  cl_program strict = createProgram(source);
  ASSERT_TRUE(strict);
  EXPECT_EQ(clBuildProgram(strict, 1, &d, "-Werror", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  EXPECT_EQ(buildStatus(strict), CL_BUILD_ERROR);
  EXPECT_NE(buildLog(strict).find("source.cl:3:12: error"), std::string::npos) << buildLog(strict);

  cl_program quiet = createProgram(source);
  ASSERT_TRUE(quiet);
  EXPECT_EQ(clBuildProgram(quiet, 1, &d, "-w", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(buildLog(quiet).find("warning"), std::string::npos) << buildLog(quiet);
}

TEST_F(KernelBuildErrorTest, RepeatedBuildGivesTheSameLog) {
  // Building the same source with the same options again (which CoreCL
  // may answer from its kernel cache) reports the same warnings.
  const std::string source = warningSource(uniqueNonce());
  cl_program first = createProgram(source);
  cl_program second = createProgram(source);
  ASSERT_TRUE(first && second);
  cl_device_id d = device();
  ASSERT_EQ(clBuildProgram(first, 1, &d, "", nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(second, 1, &d, "", nullptr, nullptr), CL_SUCCESS);
  std::string a = buildLog(first), b = buildLog(second);
  ASSERT_NE(a.find("warning"), std::string::npos) << a;
  // The second build may come from the disk cache: its log is replayed.
  EXPECT_EQ(a, b);
}

TEST_F(KernelBuildErrorTest, UnknownOptionIsInvalidBuildOptions) {
  cl_program p = createProgram("kernel void f(global int *b) { b[0] = 1; }");
  ASSERT_TRUE(p);
  cl_device_id d = device();
  for (const char *options :
       {"-cl-no-such-option", "--bogus", "-cl-std=CL9.9", "-D", "hello", "-cl-mad-enable -fancy"}) {
    SCOPED_TRACE(options);
    EXPECT_EQ(clBuildProgram(p, 1, &d, options, nullptr, nullptr), CL_INVALID_BUILD_OPTIONS);
    EXPECT_EQ(buildStatus(p), CL_BUILD_ERROR);
  }
  // The same program object then builds with good options.
  EXPECT_EQ(clBuildProgram(p, 1, &d, "-cl-mad-enable -DX=1 -cl-std=CL1.2", nullptr, nullptr),
            CL_SUCCESS)
      << buildLog(p);
  EXPECT_EQ(buildStatus(p), CL_BUILD_SUCCESS);
  EXPECT_EQ(buildOptions(p), "-cl-mad-enable -DX=1 -cl-std=CL1.2");
}

TEST_F(KernelBuildErrorTest, PreprocessorOptionsReachTheSource) {
  // -D with and without a value, as one token and as two.
  cl_kernel k = buildKernel(R"(
    #ifndef FLAG
    #error FLAG must be defined
    #endif
    kernel void f(global int *out) { out[0] = VALUE * 10 + FLAG + OTHER; })",
                            "f", "-DFLAG -D VALUE=4 -DOTHER=(2)");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_int>(1);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(out, 1)[0], 43);
}

TEST_F(KernelBuildErrorTest, ErrorDirectiveFailsWithItsMessage) {
  cl_program p = createProgram("#ifndef NEEDED\n#error NEEDED was not given\n#endif\n"
                               "kernel void f(global int *b) { b[0] = 1; }\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(clBuildProgram(p, 0, nullptr, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  std::string log = buildLog(p);
  EXPECT_NE(log.find("source.cl:2:2: error"), std::string::npos) << log;
  EXPECT_NE(log.find("NEEDED was not given"), std::string::npos) << log;
  // Building again with the macro defined succeeds and replaces the log.
  EXPECT_EQ(clBuildProgram(p, 0, nullptr, "-DNEEDED", nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(buildStatus(p), CL_BUILD_SUCCESS);
  EXPECT_EQ(buildLog(p).find("NEEDED was not given"), std::string::npos);
}

TEST_F(KernelBuildErrorTest, SemanticErrorsAreBuildFailures) {
  // OpenCL C rules Clang enforces: a kernel must return void; pointer
  // arguments of a kernel need an address space; __local variables take
  // no initializer.
  const char *sources[] = {
      "kernel int f(global int *b) { return 1; }\n",
      "kernel void f(int *b) { b[0] = 1; }\n",
      "kernel void f(global int *b) { local int x = 5; b[0] = x; }\n",
  };
  for (const char *source : sources) {
    SCOPED_TRACE(source);
    cl_program p = createProgram(source);
    ASSERT_TRUE(p);
    EXPECT_EQ(clBuildProgram(p, 0, nullptr, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
    EXPECT_NE(buildLog(p).find("source.cl:1:"), std::string::npos) << buildLog(p);
    EXPECT_EQ(buildStatus(p), CL_BUILD_ERROR);
  }
}

TEST_F(KernelBuildErrorTest, UndefinedFunctionIsReportedNotFatal) {
  // A function that is declared but defined nowhere (neither by the program
  // nor by the builtins library) fails the build with a log naming it,
  // instead of failing later in the JIT or aborting.
  cl_program p = createProgram("float never_defined(float x);\n"
                               "kernel void f(global float *b) { b[0] = never_defined(b[1]); }\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(clBuildProgram(p, 0, nullptr, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  EXPECT_NE(buildLog(p).find("never_defined"), std::string::npos) << buildLog(p);
  EXPECT_EQ(buildStatus(p), CL_BUILD_ERROR);
}

/// Makes every build in its scope crash the compiler, as a compiler bug
/// would (program_builder.cpp's test hook).
struct CrashingBuilds {
  CrashingBuilds() { ::setenv("CORECL_DEBUG_CRASH_BUILD", "1", 1); }
  ~CrashingBuilds() { ::unsetenv("CORECL_DEBUG_CRASH_BUILD"); }
};

TEST_F(KernelBuildErrorTest, CompilerCrashIsABuildFailureNotADeadProcess) {
  // The build fails with a log, the process lives on, and the same program
  // object (and every later build) still builds. clCompileProgram likewise.
  const char *source = "kernel void f(global int *b) { b[0] = 1; }\n";
  cl_device_id d = device();
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round);
    cl_program p = createProgram(source);
    ASSERT_TRUE(p);
    {
      CrashingBuilds crashing;
      EXPECT_EQ(clBuildProgram(p, 1, &d, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
      std::string log = buildLog(p);
      EXPECT_NE(log.find("internal compiler error: the compiler crashed (signal"),
                std::string::npos)
          << log;
      EXPECT_EQ(buildStatus(p), CL_BUILD_ERROR);
      EXPECT_EQ(clCompileProgram(p, 1, &d, "", 0, nullptr, nullptr, nullptr, nullptr),
                CL_COMPILE_PROGRAM_FAILURE);
    }
    EXPECT_EQ(clBuildProgram(p, 1, &d, "", nullptr, nullptr), CL_SUCCESS);
  }
  cl_kernel k = buildKernel("kernel void f(global int *b) { b[get_global_id(0)] = 42; }", "f");
  ASSERT_TRUE(k);
  const size_t n = 4;
  cl_mem out = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  for (cl_int v : read<cl_int>(out, n))
    EXPECT_EQ(v, 42);
}

void applicationSegvHandler(int) {}

TEST_F(KernelBuildErrorTest, ApplicationSignalHandlersAreBackAfterABuild) {
  // Crash recovery installs process-wide handlers only while a build runs:
  // an application's own handler (a JVM's, a Python runtime's) is back as
  // soon as the build returns, crashed or not.
  struct sigaction mine = {}, old = {}, now = {};
  mine.sa_handler = applicationSegvHandler;
  sigemptyset(&mine.sa_mask);
  ASSERT_EQ(sigaction(SIGSEGV, &mine, &old), 0);
  cl_device_id d = device();
  for (bool crash : {false, true}) {
    cl_program p = createProgram("kernel void f(global int *b) { b[0] = 1; }");
    ASSERT_TRUE(p);
    {
      std::optional<CrashingBuilds> crashing;
      if (crash)
        crashing.emplace();
      clBuildProgram(p, 1, &d, "", nullptr, nullptr);
    }
    ASSERT_EQ(sigaction(SIGSEGV, nullptr, &now), 0);
    EXPECT_EQ(now.sa_handler, applicationSegvHandler) << (crash ? "crashed" : "built");
  }
  sigaction(SIGSEGV, &old, nullptr);
}

TEST_F(KernelBuildErrorTest, DebugCrashPragmasInASourceAreIgnored) {
  // Clang's `#pragma clang __debug crash` would trap inside a live LLVM
  // timer; a source must not be able to crash the compiler (or, through
  // the timer left behind, make later builds crash and hang).
  for (const char *pragma : {"crash", "llvm_fatal_error", "llvm_unreachable"}) {
    SCOPED_TRACE(pragma);
    cl_kernel k = buildKernel(std::string("#pragma clang __debug ") + pragma +
                                  "\nkernel void f(global int *b) { b[0] = 7; }\n",
                              "f");
    ASSERT_TRUE(k);
    cl_mem out = outputBuffer<cl_int>(1);
    ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
    const size_t one = 1;
    ASSERT_EQ(run(k, 1, &one), CL_SUCCESS);
    EXPECT_EQ(read<cl_int>(out, 1)[0], 7);
  }
}

TEST_F(KernelBuildErrorTest, BuildsAfterACrashRunConcurrently) {
  // Rounds of a crashed build followed by four threads building at once:
  // with the crash made by Clang's pragma, this segfaulted within a few
  // rounds and then hung forever on LLVM's timer lock.
  cl_device_id d = device();
  for (int round = 0; round < 8; ++round) {
    SCOPED_TRACE(round);
    {
      CrashingBuilds crashing;
      cl_program p = createProgram("kernel void f(global int *b) { b[0] = 1; }");
      ASSERT_TRUE(p);
      EXPECT_EQ(clBuildProgram(p, 1, &d, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
    }
    std::vector<cl_int> results(4, CL_INVALID_VALUE);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        std::string source =
            "kernel void f(global int *b) { b[0] = " + std::to_string(round * 4 + t) +
            "; }\n"; // distinct sources: no cache hits
        const char *text = source.c_str();
        cl_int err;
        cl_program p = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
        results[size_t(t)] =
            err == CL_SUCCESS ? clBuildProgram(p, 1, &d, "", nullptr, nullptr) : err;
        if (p)
          clReleaseProgram(p);
      });
    for (std::thread &t : threads)
      t.join();
    for (cl_int r : results)
      EXPECT_EQ(r, CL_SUCCESS);
  }
}

/// Runs `body` on a thread whose stack is only `bytes` long, as an
/// application's worker thread may be.
void runOnSmallStack(size_t bytes, const std::function<void()> &body) {
  pthread_attr_t attributes;
  ASSERT_EQ(pthread_attr_init(&attributes), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attributes, bytes), 0);
  pthread_t thread;
  auto trampoline = [](void *arg) -> void * {
    (*static_cast<const std::function<void()> *>(arg))();
    return nullptr;
  };
  ASSERT_EQ(
      pthread_create(&thread, &attributes, trampoline, const_cast<std::function<void()> *>(&body)),
      0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attributes);
}

/// A kernel that stores `depth` nested negations of its input.
std::string nestedNegations(int depth) {
  std::string expression;
  for (int i = 0; i < depth; ++i)
    expression += "- ";
  return "kernel void neg(global int *b) { int x = b[0]; b[0] = " + expression + "x; }\n";
}

TEST_F(KernelBuildErrorTest, DeepNestingIsABuildErrorEvenFromASmallStack) {
  // Clang's parser recurses once per nesting level. 200 levels from a
  // thread with a 512 KiB stack once overflowed it; 50,000 levels overflow
  // the build thread's own stack and must become a build log, not a dead
  // process. Builds after the overflow work, several at once.
  cl_device_id d = device();
  runOnSmallStack(512 << 10, [&] {
    cl_kernel k = createKernel(build(nestedNegations(201)), "neg");
    ASSERT_TRUE(k);
    std::vector<cl_int> value = {17};
    cl_mem b = bufferOf(value);
    ASSERT_EQ(setArgs(k, b), CL_SUCCESS);
    size_t one = 1;
    ASSERT_EQ(run(k, 1, &one), CL_SUCCESS);
    EXPECT_EQ(read<cl_int>(b, 1)[0], -17);

    cl_program deep = createProgram(nestedNegations(50000));
    ASSERT_TRUE(deep);
    EXPECT_EQ(clBuildProgram(deep, 1, &d, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
    EXPECT_NE(buildLog(deep).find("stack overflow"), std::string::npos) << buildLog(deep);
    EXPECT_EQ(buildStatus(deep), CL_BUILD_ERROR);
  });
  std::vector<cl_int> results(3, CL_INVALID_VALUE);
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([&, t] {
      std::string source = nestedNegations(300 + t);
      const char *text = source.c_str();
      cl_int err;
      cl_program p = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
      results[size_t(t)] = err == CL_SUCCESS ? clBuildProgram(p, 1, &d, "", nullptr, nullptr) : err;
      if (p)
        clReleaseProgram(p);
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(results, std::vector<cl_int>(3, CL_SUCCESS));
}

TEST_F(KernelBuildErrorTest, RebuildWithLiveKernelIsInvalidOperation) {
  cl_program p = build("kernel void f(global int *b) { b[0] = 1; }");
  ASSERT_TRUE(p);
  cl_kernel k = createKernel(p, "f");
  ASSERT_TRUE(k);
  cl_device_id d = device();
  EXPECT_EQ(clBuildProgram(p, 1, &d, "", nullptr, nullptr), CL_INVALID_OPERATION);
}

} // namespace
} // namespace corecl::test
