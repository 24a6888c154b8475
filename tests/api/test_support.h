// Shared fixtures for the API tests: the CoreCL platform, its device, and a
// context with an in-order queue, all created through the public API.
#pragma once
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace corecl::test {

cl_platform_id platform();
cl_device_id device();
/// Whether device() lists `extension` in CL_DEVICE_EXTENSIONS.
bool deviceReports(const char *extension);

/// A context on the CoreCL device, and an in-order queue on it.
class ContextTest : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;
  /// A queue with the given properties (released in TearDown).
  cl_command_queue makeQueue(cl_command_queue_properties props);

  cl_context context = nullptr;
  cl_command_queue queue = nullptr;

private:
  std::vector<cl_command_queue> extraQueues_;
};

} // namespace corecl::test
