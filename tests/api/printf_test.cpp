// printf from kernels: formats (including vector specifiers) compared with
// the host's own printf of the same values, flushed when the command ends.
#include "api/test_support.h"

#include <cstdarg>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>

namespace corecl::test {
namespace {

class PrintfTest : public ContextTest {
protected:
  std::string runAndCapture(const char *source, size_t global, size_t local) {
    cl_int err;
    cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    cl_device_id d = device();
    EXPECT_EQ(clBuildProgram(program, 1, &d, "", nullptr, nullptr), CL_SUCCESS);
    cl_kernel kernel = clCreateKernel(program, "k", &err);
    EXPECT_EQ(err, CL_SUCCESS);
    testing::internal::CaptureStdout();
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr,
                                     nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clFinish(queue), CL_SUCCESS);
    std::string out = testing::internal::GetCapturedStdout();
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    return out;
  }
};

std::string hostFormat(const char *format, ...) {
  char text[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  return text;
}

TEST_F(PrintfTest, ScalarConversionsMatchTheHost) {
  std::string out = runAndCapture(R"(
    kernel void k() {
      printf("%d|%5u|%x|%#o|%c|%s|%.3f|%e|%g|%ld|%%\n", -42, 7u, 255, 8, 'z', "text", 3.14159f,
             1.0e10f, 0.0001f, 123456789012L);
    })", 1, 1);
  std::string expected = hostFormat("%d|%5u|%x|%#o|%c|%s|%.3f|%e|%g|%ld|%%\n", -42, 7u, 255, 8,
                                    'z', "text", double(3.14159f), double(1.0e10f),
                                    double(0.0001f), 123456789012L);
  EXPECT_EQ(out, expected);
}

TEST_F(PrintfTest, VectorSpecifiersPrintEveryElement) {
  std::string out = runAndCapture(R"(
    kernel void k() {
      float4 f = (float4)(1.0f, 2.5f, -3.25f, 4.0f);
      int2 i = (int2)(7, -8);
      uchar3 c = (uchar3)(1, 2, 255);
      printf("%.2v4hlf|%v2d|%v3hhu\n", f, i, c);
    })", 1, 1);
  EXPECT_EQ(out, "1.00,2.50,-3.25,4.00|7,-8|1,2,255\n");
}

TEST_F(PrintfTest, EveryWorkItemPrintsOnce) {
  std::string out = runAndCapture(R"(
    kernel void k() { printf("item %d\n", (int)get_global_id(0)); })", 64, 16);
  std::istringstream lines(out);
  std::set<std::string> seen;
  std::string line;
  while (std::getline(lines, line))
    EXPECT_TRUE(seen.insert(line).second) << "duplicate: " << line;
  EXPECT_EQ(seen.size(), 64u);
  for (int i = 0; i < 64; ++i)
    EXPECT_TRUE(seen.count("item " + std::to_string(i))) << i;
}

} // namespace
} // namespace corecl::test

namespace corecl::test {
namespace {

TEST_F(PrintfTest, LengthModifiersNarrowScalars) {
  std::string out = runAndCapture(R"(
    kernel void k() {
      printf("%hx|%hhx|%hd|%hhd|%hu|%lx\n", 0x18001, 0x180, 0x18001, 0x1ff, -1, 0x100000001L);
    })", 1, 1);
  EXPECT_EQ(out, "8001|80|-32767|-1|65535|100000001\n");
}

} // namespace
} // namespace corecl::test
