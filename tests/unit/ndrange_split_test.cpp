// runNDRange's split of a launch into tasks: a range of few work-items
// whose measured cost is high is spread over the workers (hashcat launches
// 2048 work-groups of one heavy work-item, which once ran on one thread),
// and a range of few cheap work-items stays in one call. Checked by the
// slices the work-group function receives, never by time.
#include "runtime/ndrange.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

namespace corecl::rt {
namespace {

std::mutex sliceMutex;
std::vector<std::pair<uint64_t, uint64_t>> slices;

void recordSlice(const void *, const corecl_wg_ctx *ctx) {
  std::lock_guard lock(sliceMutex);
  slices.emplace_back(ctx->group_begin, ctx->group_end);
}

std::vector<std::pair<uint64_t, uint64_t>> run(uint64_t groups, uint64_t nsPerKiloItems) {
  slices.clear();
  NDRange range;
  range.globalSize[0] = groups;
  range.localSize[0] = 1;
  range.nsPerKiloItems = nsPerKiloItems;
  runNDRange(recordSlice, nullptr, range);
  return slices;
}

/// Every group exactly once.
void expectCovers(std::vector<std::pair<uint64_t, uint64_t>> got, uint64_t groups) {
  std::sort(got.begin(), got.end());
  uint64_t next = 0;
  for (auto [begin, end] : got) {
    EXPECT_EQ(begin, next);
    EXPECT_LT(begin, end);
    next = end;
  }
  EXPECT_EQ(next, groups);
}

TEST(NDRangeSplit, HeavyWorkItemsAreSplitIntoManySlices) {
  // 2048 groups of one work-item measured at 5 us each.
  auto got = run(2048, 5000 * 1024);
  expectCovers(got, 2048);
  EXPECT_GE(got.size(), 8u);
}

TEST(NDRangeSplit, FewCheapWorkItemsRunInOneCall) {
  auto got = run(2048, 1024); // 1 ns each: 2 us in all
  expectCovers(got, 2048);
  EXPECT_EQ(got.size(), 1u);
}

TEST(NDRangeSplit, UnmeasuredSmallRangeRunsInOneCall) {
  auto got = run(1000, 0);
  expectCovers(got, 1000);
  EXPECT_EQ(got.size(), 1u);
}

TEST(NDRangeSplit, ManyCheapGroupsGetSlicesOfThousandsOfItems) {
  auto got = run(1 << 20, 1024);
  expectCovers(got, 1 << 20);
  EXPECT_GT(got.size(), 1u);               // spread over the workers
  EXPECT_LE(got.size(), (1u << 20) / 256); // not one call per group
}

} // namespace
} // namespace corecl::rt
