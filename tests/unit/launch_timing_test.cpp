// The launch-duration estimate that lets tiny launches run inline.
#include "runtime/launch_timing.h"

#include <gtest/gtest.h>

namespace corecl::rt {
namespace {

TEST(LaunchTiming, UnmeasuredKernelsNeverRunInline) {
  LaunchTiming timing;
  EXPECT_FALSE(timing.predictsShorterThan(1));
}

TEST(LaunchTiming, ScalesTheLastLaunchByWorkItems) {
  LaunchTiming timing;
  timing.record(1000, 1000); // 1 ns per work-item
  EXPECT_TRUE(timing.predictsShorterThan(1000, 4000));
  EXPECT_TRUE(timing.predictsShorterThan(3000, 4000));
  EXPECT_FALSE(timing.predictsShorterThan(5000, 4000));
}

TEST(LaunchTiming, OneSlowLaunchDoesNotOverturnTheEstimate) {
  LaunchTiming timing;
  timing.record(1000, 1000); // 1 ns per work-item
  timing.record(1000, 30000); // preempted once: 30 ns per work-item
  EXPECT_TRUE(timing.predictsShorterThan(1000, 5000));
  // Launches that stay slow win in the end.
  for (int i = 0; i < 40; ++i)
    timing.record(1000, 30000);
  EXPECT_FALSE(timing.predictsShorterThan(1000, 5000));
  // A fast launch is believed at once.
  timing.record(1000, 1000);
  EXPECT_TRUE(timing.predictsShorterThan(1000, 2000));
}

TEST(LaunchTiming, InstantLaunchesStillCountAsMeasured) {
  LaunchTiming timing;
  timing.record(1u << 20, 0);
  EXPECT_TRUE(timing.predictsShorterThan(1));
  timing.record(0, 5); // an empty range teaches nothing
  EXPECT_TRUE(timing.predictsShorterThan(1));
}

TEST(LaunchTiming, HugeRangesAreNeverInline) {
  LaunchTiming timing;
  timing.record(1u << 20, 1);
  EXPECT_FALSE(timing.predictsShorterThan(uint64_t(1) << 50));
}

TEST(LaunchTiming, FarBelowTheBudgetOnlySomeLaunchesAreTimed) {
  LaunchTiming timing;
  EXPECT_TRUE(timing.shouldTime(1)); // not measured yet
  timing.record(1000, 1000);         // 1 ns per work-item
  int timed = 0;
  for (uint32_t i = 0; i < 10 * LaunchTiming::kSampleEvery; ++i)
    timed += timing.shouldTime(1);
  EXPECT_EQ(timed, 10);
  // Near or above the budget, every launch is timed.
  for (int i = 0; i < 20; ++i)
    EXPECT_TRUE(timing.shouldTime(LaunchTiming::kSampleBelowNs));
  // A slow launch recorded: the estimate rises, and timing resumes as soon
  // as the prediction leaves the sampled range.
  for (int i = 0; i < 40; ++i)
    timing.record(1, LaunchTiming::kSampleBelowNs * 2);
  for (int i = 0; i < 20; ++i)
    EXPECT_TRUE(timing.shouldTime(1));
}

} // namespace
} // namespace corecl::rt
