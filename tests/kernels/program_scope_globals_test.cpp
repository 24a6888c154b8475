// End-to-end: OpenCL C 3.0 program-scope __global variables and static
// locals: initialised as written, shared by every kernel of the program,
// kept between launches (also launches whose shape would pick another
// build of the kernels), separate per program, counted by
// CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE and bounded by
// CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, and separate per device.
#include "kernels/kernel_fixture.h"

#include <cstdint>
#include <vector>

namespace corecl::test {
namespace {

using ProgramScopeGlobalsTest = KernelTest;

constexpr const char *kCl3 = "-cl-std=CL3.0";

constexpr const char *kCounterSource = R"(
  global int counter = 5;
  global float table[4] = {1.5f, 2.5f, 3.5f, 4.5f};
  global int *target = &counter;            // a pointer to another variable
  global struct { short s; long l; } pair = {7, 1L << 40};

  kernel void bump(global int *out) {
    static global int launches = 100;       // a static local, also in __global
    atomic_inc(&counter);
    if (get_global_id(0) == 0)
      out[0] = ++launches;
  }
  kernel void look(global float *out) {
    size_t i = get_global_id(0);
    out[i] = (float)*target + table[i & 3] + (float)(pair.l >> 40) + pair.s;
  }
  kernel void scale(float factor) {
    size_t i = get_global_id(0);
    if (i < 4)
      table[i] *= factor;
  }
)";

TEST_F(ProgramScopeGlobalsTest, VariablesAreSharedAndKeptBetweenLaunches) {
  cl_program program = build(kCounterSource, kCl3);
  ASSERT_TRUE(program);
  cl_kernel bump = createKernel(program, "bump"), look = createKernel(program, "look"),
            scale = createKernel(program, "scale");
  ASSERT_TRUE(bump && look && scale);
  cl_mem launches = outputBuffer<int>(1), seen = outputBuffer<float>(8);
  ASSERT_EQ(setArgs(bump, launches), CL_SUCCESS);
  ASSERT_EQ(setArgs(look, seen), CL_SUCCESS);
  ASSERT_EQ(setArgs(scale, 2.0f), CL_SUCCESS);

  int counter = 5;
  // Shapes that run different work-group code: vectorised rows, groups of
  // one work-item (which may be compiled again with packets of groups), a
  // narrow row (which may be compiled again with narrower vectors).
  const size_t shapes[][2] = {{256, 64}, {64, 1}, {64, 1}, {6, 3}, {1000, 8}};
  int launch = 0;
  for (const auto &shape : shapes) {
    ASSERT_EQ(run(bump, 1, &shape[0], &shape[1]), CL_SUCCESS);
    counter += int(shape[0]);
    EXPECT_EQ(read<int>(launches, 1)[0], 101 + launch++);
  }
  ASSERT_EQ(run(scale, 1, &shapes[1][0], &shapes[1][1]), CL_SUCCESS);
  const size_t eight = 8;
  ASSERT_EQ(run(look, 1, &eight), CL_SUCCESS);
  std::vector<float> got = read<float>(seen, 8);
  const float table[4] = {3.0f, 5.0f, 7.0f, 9.0f};
  for (size_t i = 0; i < 8; ++i)
    EXPECT_EQ(got[i], float(counter) + table[i & 3] + 1.0f + 7.0f) << i;
}

TEST_F(ProgramScopeGlobalsTest, EachProgramHasItsOwnVariables) {
  cl_program first = build(kCounterSource, kCl3), second = build(kCounterSource, kCl3);
  ASSERT_TRUE(first && second);
  cl_kernel bump = createKernel(first, "bump"), look = createKernel(second, "look");
  ASSERT_TRUE(bump && look);
  cl_mem launches = outputBuffer<int>(1), seen = outputBuffer<float>(4);
  ASSERT_EQ(setArgs(bump, launches), CL_SUCCESS);
  ASSERT_EQ(setArgs(look, seen), CL_SUCCESS);
  const size_t n = 512, four = 4;
  ASSERT_EQ(run(bump, 1, &n), CL_SUCCESS);
  ASSERT_EQ(run(look, 1, &four), CL_SUCCESS);
  // The second program's counter is still 5.
  EXPECT_EQ(read<float>(seen, 4), (std::vector<float>{14.5f, 15.5f, 16.5f, 17.5f}));
}

TEST_F(ProgramScopeGlobalsTest, TotalSizeIsReported) {
  cl_program program = build(kCounterSource, kCl3);
  ASSERT_TRUE(program);
  size_t total = 0;
  ASSERT_EQ(clGetProgramBuildInfo(program, device(), CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                  sizeof total, &total, nullptr),
            CL_SUCCESS);
  // counter 4, table 16, target 8, pair 16, launches 4.
  EXPECT_EQ(total, size_t(4 + 16 + 8 + 16 + 4));

  cl_program none = build("kernel void k(global int *p) { *p = 1; }", kCl3);
  ASSERT_TRUE(none);
  ASSERT_EQ(clGetProgramBuildInfo(none, device(), CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                  sizeof total, &total, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(total, size_t(0));
}

TEST_F(ProgramScopeGlobalsTest, TooLargeVariableFailsWithALog) {
  size_t max = deviceSize(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE);
  ASSERT_GE(max, size_t(64 * 1024)); // the spec's minimum
  EXPECT_GE(deviceSize(CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE), size_t(1));
  std::string fits = "global char big[" + std::to_string(max) +
                     "];\nkernel void k(global char *p) { big[get_global_id(0)] = 3; "
                     "*p = big[5]; }";
  EXPECT_TRUE(build(fits, kCl3));
  std::string tooBig = "global char big[" + std::to_string(max + 1) +
                       "];\nkernel void k(global char *p) { *p = big[5]; }";
  cl_program program = createProgram(tooBig);
  cl_device_id d = device();
  EXPECT_EQ(clBuildProgram(program, 1, &d, kCl3, nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
  std::string log = buildLog(program);
  EXPECT_NE(log.find("'big'"), std::string::npos) << log;
  EXPECT_NE(log.find("CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE"), std::string::npos) << log;
}

TEST_F(ProgramScopeGlobalsTest, VariablesCrossLinkedObjects) {
  // One object defines the variable, another declares it extern.
  cl_program owner = createProgram("global int shared_value = 40;\n"
                                   "kernel void add(int v) { shared_value += v; }\n");
  cl_program user = createProgram("extern global int shared_value;\n"
                                  "kernel void get(global int *out) { *out = shared_value; }\n");
  cl_device_id d = device();
  ASSERT_EQ(clCompileProgram(owner, 1, &d, kCl3, 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clCompileProgram(user, 1, &d, kCl3, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  cl_program both[] = {owner, user};
  cl_int err;
  cl_program linked = clLinkProgram(context, 1, &d, "", 2, both, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_kernel add = createKernel(linked, "add"), get = createKernel(linked, "get");
  ASSERT_TRUE(add && get);
  cl_mem out = outputBuffer<int>(1);
  ASSERT_EQ(setArgs(add, int(2)), CL_SUCCESS);
  ASSERT_EQ(setArgs(get, out), CL_SUCCESS);
  const size_t one = 1;
  ASSERT_EQ(run(add, 1, &one), CL_SUCCESS);
  ASSERT_EQ(run(get, 1, &one), CL_SUCCESS);
  EXPECT_EQ(read<int>(out, 1)[0], 42);
  EXPECT_EQ(clReleaseProgram(linked), CL_SUCCESS);
}

TEST_F(ProgramScopeGlobalsTest, EachDeviceHasItsOwnVariables) {
  // The root device and a sub-device of one CPU in one context: the spec
  // keeps a program's variables per device.
  cl_device_id root = device(), sub = nullptr;
  const cl_device_partition_property byCounts[] = {CL_DEVICE_PARTITION_BY_COUNTS, 1,
                                                   CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0};
  cl_uint made = 0;
  ASSERT_EQ(clCreateSubDevices(root, byCounts, 1, &sub, &made), CL_SUCCESS);
  cl_device_id both[] = {root, sub};
  cl_int err;
  cl_context shared = clCreateContext(nullptr, 2, both, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const char *source = "global int counter = 10;\n"
                       "kernel void bump(int by) { counter += by; }\n"
                       "kernel void get(global int *out) { *out = counter; }\n";
  cl_program program = clCreateProgramWithSource(shared, 1, &source, nullptr, &err);
  ASSERT_EQ(clBuildProgram(program, 2, both, kCl3, nullptr, nullptr), CL_SUCCESS);
  cl_kernel bump = clCreateKernel(program, "bump", &err),
            get = clCreateKernel(program, "get", &err);
  cl_command_queue onRoot = clCreateCommandQueueWithProperties(shared, root, nullptr, &err),
                   onSub = clCreateCommandQueueWithProperties(shared, sub, nullptr, &err);
  cl_mem out = clCreateBuffer(shared, CL_MEM_READ_WRITE, sizeof(int), nullptr, &err);
  const size_t one = 1;
  auto bumpOn = [&](cl_command_queue q, int by) {
    ASSERT_EQ(clSetKernelArg(bump, 0, sizeof by, &by), CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(q, bump, 1, nullptr, &one, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(q), CL_SUCCESS);
  };
  auto valueOn = [&](cl_command_queue q) {
    int value = -1;
    EXPECT_EQ(clSetKernelArg(get, 0, sizeof out, &out), CL_SUCCESS);
    EXPECT_EQ(clEnqueueNDRangeKernel(q, get, 1, nullptr, &one, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof value, &value, 0, nullptr, nullptr),
              CL_SUCCESS);
    return value;
  };
  bumpOn(onRoot, 5);
  bumpOn(onSub, 100);
  bumpOn(onRoot, 7);
  EXPECT_EQ(valueOn(onRoot), 22);
  EXPECT_EQ(valueOn(onSub), 110);
  clReleaseMemObject(out);
  clReleaseCommandQueue(onRoot);
  clReleaseCommandQueue(onSub);
  clReleaseKernel(bump);
  clReleaseKernel(get);
  clReleaseProgram(program);
  clReleaseContext(shared);
  clReleaseDevice(sub);
}

} // namespace
} // namespace corecl::test
