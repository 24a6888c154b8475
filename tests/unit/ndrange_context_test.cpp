// runNDRange's launch context: what each call of a work-group function
// is told (sizes, offsets, group counts with partial groups, its slice of
// groups) and the memory it is given (a local arena and per-work-item
// storage of the sizes asked for, with the ABI's slack, the call's own;
// the printf buffer passed through). The values expected are worked out
// from the range by hand.
#include "runtime/ndrange.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

namespace corecl::rt {
namespace {

struct Call {
  corecl_wg_ctx ctx;
};

std::mutex callMutex;
std::vector<Call> calls;
uint64_t arenaBytes = 0, storageBytes = 0;

/// Records the call and writes every byte it owns (the arena and the
/// storage, slack included): a call writing outside what it was given, or
/// into another call's memory while that runs, shows under the sanitizers
/// and in the pattern checks below.
void recordCall(const void *, const corecl_wg_ctx *ctx) {
  const size_t slack = CORECL_OWNED_MEMORY_SLACK;
  if (arenaBytes)
    std::memset(ctx->local_arena - slack, 0x5a, arenaBytes + 2 * slack);
  if (storageBytes)
    std::memset(ctx->wi_storage - slack, 0xa5, storageBytes + 2 * slack);
  // Still ours at the end of the call: nobody else wrote meanwhile.
  if (arenaBytes)
    EXPECT_TRUE(std::all_of(ctx->local_arena, ctx->local_arena + arenaBytes,
                            [](char c) { return c == 0x5a; }));
  std::lock_guard lock(callMutex);
  calls.push_back({*ctx});
}

std::vector<Call> run(const NDRange &range) {
  calls.clear();
  runNDRange(recordCall, nullptr, range);
  return calls;
}

/// Every linear group index exactly once over the calls.
void expectEveryGroupOnce(std::vector<Call> got, uint64_t groups) {
  std::sort(got.begin(), got.end(),
            [](const Call &a, const Call &b) { return a.ctx.group_begin < b.ctx.group_begin; });
  uint64_t next = 0;
  for (const Call &c : got) {
    EXPECT_EQ(c.ctx.group_begin, next);
    EXPECT_LT(c.ctx.group_begin, c.ctx.group_end);
    next = c.ctx.group_end;
  }
  EXPECT_EQ(next, groups);
}

TEST(NDRangeContext, SizesOffsetsAndPartialGroupsIn3D) {
  NDRange range;
  range.workDim = 3;
  range.globalSize[0] = 10; // 4 + 4 + 2: the last group partial
  range.globalSize[1] = 6;
  range.globalSize[2] = 3;
  range.localSize[0] = 4;
  range.localSize[1] = 3;
  range.localSize[2] = 2; // 2 + 1
  range.globalOffset[0] = 100;
  range.globalOffset[1] = 7;
  range.globalOffset[2] = 0;
  std::vector<Call> got = run(range);
  ASSERT_FALSE(got.empty());
  for (const Call &c : got) {
    EXPECT_EQ(c.ctx.work_dim, 3u);
    const uint64_t global[3] = {10, 6, 3}, offset[3] = {100, 7, 0}, local[3] = {4, 3, 2},
                   groups[3] = {3, 2, 2};
    for (int d = 0; d < 3; ++d) {
      EXPECT_EQ(c.ctx.global_size[d], global[d]) << d;
      EXPECT_EQ(c.ctx.global_offset[d], offset[d]) << d;
      EXPECT_EQ(c.ctx.local_size[d], local[d]) << d;
      EXPECT_EQ(c.ctx.num_groups[d], groups[d]) << d;
    }
  }
  expectEveryGroupOnce(got, 3 * 2 * 2);
}

TEST(NDRangeContext, ManyGroupsAreSplitAndEachRunsOnce) {
  NDRange range;
  range.globalSize[0] = 1 << 20;
  range.localSize[0] = 16;
  std::vector<Call> got = run(range);
  EXPECT_GT(got.size(), 1u); // a million cheap work-items are spread
  expectEveryGroupOnce(got, (1 << 20) / 16);
}

TEST(NDRangeContext, ArenaAndStorageOfTheSizesAskedForAlignedAndSeparate) {
  NDRange range;
  range.globalSize[0] = 1 << 16;
  range.localSize[0] = 64;
  range.localMemBytes = 1000;
  range.wiStoragePerItem = 24;
  arenaBytes = 1000;
  storageBytes = 24 * 64;
  std::vector<Call> got = run(range);
  arenaBytes = storageBytes = 0;
  ASSERT_FALSE(got.empty());
  for (const Call &c : got) {
    ASSERT_NE(c.ctx.local_arena, nullptr);
    ASSERT_NE(c.ctx.wi_storage, nullptr);
    // __local long16 arguments need 128-byte alignment.
    EXPECT_EQ(reinterpret_cast<uintptr_t>(c.ctx.local_arena) % 128, 0u);
    // The storage lies past the arena and both slacks.
    EXPECT_GE(c.ctx.wi_storage, c.ctx.local_arena + 1000 + CORECL_OWNED_MEMORY_SLACK);
  }
  expectEveryGroupOnce(got, (1 << 16) / 64);
}

TEST(NDRangeContext, PrintfBufferIsPassedThrough) {
  std::vector<char> buffer(4096);
  NDRange range;
  range.globalSize[0] = 8;
  range.localSize[0] = 8;
  range.printfBuffer = buffer.data();
  range.printfCapacity = buffer.size();
  std::vector<Call> got = run(range);
  ASSERT_EQ(got.size(), 1u); // one group: one call on this thread
  EXPECT_EQ(got[0].ctx.printf_buffer, buffer.data());
  EXPECT_EQ(got[0].ctx.printf_capacity, buffer.size());
  EXPECT_EQ(got[0].ctx.work_dim, 1u);
}

TEST(NDRangeContext, SmallRangesRunOnTheCallingThreadLargeOnesDoNot) {
  NDRange small;
  small.globalSize[0] = 64;
  small.localSize[0] = 8;
  EXPECT_TRUE(runsOnCallingThread(small));
  NDRange large;
  large.globalSize[0] = 1 << 20;
  large.localSize[0] = 64;
  EXPECT_FALSE(runsOnCallingThread(large));
  NDRange one;
  one.globalSize[0] = 1 << 20;
  one.localSize[0] = 1 << 20; // a single group, however large
  EXPECT_TRUE(runsOnCallingThread(one));
}

} // namespace
} // namespace corecl::rt
