#include "api/test_support.h"

namespace corecl::test {

cl_platform_id platform() {
  cl_platform_id p = nullptr;
  EXPECT_EQ(clGetPlatformIDs(1, &p, nullptr), CL_SUCCESS);
  return p;
}

cl_device_id device() {
  cl_device_id d = nullptr;
  EXPECT_EQ(clGetDeviceIDs(platform(), CL_DEVICE_TYPE_CPU, 1, &d, nullptr), CL_SUCCESS);
  return d;
}

bool deviceReports(const char *extension) {
  size_t size = 0;
  clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS, 0, nullptr, &size);
  std::string list(size, '\0');
  clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS, size, list.data(), nullptr);
  return (" " + std::string(list.c_str()) + " ").find(" " + std::string(extension) + " ") !=
         std::string::npos;
}

void ContextTest::SetUp() {
  cl_device_id d = device();
  cl_int err;
  context = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  queue = clCreateCommandQueueWithProperties(context, d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
}

cl_command_queue ContextTest::makeQueue(cl_command_queue_properties props) {
  cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, props, 0};
  cl_int err;
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device(), list, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  extraQueues_.push_back(q);
  return q;
}

void ContextTest::TearDown() {
  for (cl_command_queue q : extraQueues_) {
    clFinish(q);
    clReleaseCommandQueue(q);
  }
  if (queue) {
    EXPECT_EQ(clFinish(queue), CL_SUCCESS);
    EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
  }
  if (context)
    EXPECT_EQ(clReleaseContext(context), CL_SUCCESS);
}

} // namespace corecl::test
