// With CORECL_NUM_THREADS set (ctest runs this with 1), the device reports
// that many compute units and kernels still run correctly on the smaller
// pool.
#include "api/test_support.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

TEST(ThreadCountEnvironment, DeviceReportsTheSetting) {
  const char *setting = std::getenv("CORECL_NUM_THREADS");
  if (!setting)
    GTEST_SKIP() << "run by ctest with CORECL_NUM_THREADS set";
  cl_uint units = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(units, cl_uint(std::stoul(setting)));
}

} // namespace
} // namespace corecl::test
