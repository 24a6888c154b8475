// CORECL_NUM_THREADS: the thread count users set for CoreCL's pool.
#include "runtime/cpu_info.h"

#include <gtest/gtest.h>

namespace corecl::rt {
namespace {

TEST(ThreadCountSetting, UnsetOrEmptyKeepsTheMachine) {
  EXPECT_EQ(threadCountSetting(nullptr, 8), 8u);
  EXPECT_EQ(threadCountSetting("", 8), 8u);
}

TEST(ThreadCountSetting, WholeNumbersInRangeAreTaken) {
  EXPECT_EQ(threadCountSetting("1", 8), 1u);
  EXPECT_EQ(threadCountSetting("3", 8), 3u);
  EXPECT_EQ(threadCountSetting("32", 8), 32u); // oversubscription up to 4x
}

TEST(ThreadCountSetting, NonsenseIsIgnored) {
  for (const char *bad : {"0", "-2", "two", "3x", "1.5", "33", "99999999999999999999"})
    EXPECT_EQ(threadCountSetting(bad, 8), 8u) << bad;
}

} // namespace
} // namespace corecl::rt
