// Host allocations for memory objects (runtime/aligned_memory.h): alignment
// for every size, and large blocks reused after they are freed.
#include "runtime/aligned_memory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace corecl::rt {
namespace {

TEST(AlignedMemory, EverySizeIsAlignedAndUsable) {
  for (size_t bytes : {size_t(0), size_t(1), size_t(127), size_t(4096), size_t(8) << 20,
                       (size_t(8) << 20) + 1, size_t(33) << 20}) {
    SCOPED_TRACE(bytes);
    char *p = static_cast<char *>(allocateAligned(bytes));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kBufferAlignment, 0u);
    if (bytes) {
      p[0] = 1;
      p[bytes - 1] = 2;
    }
    freeAligned(p);
  }
  freeAligned(nullptr);
  EXPECT_EQ(allocateAligned(SIZE_MAX), nullptr);
  EXPECT_EQ(allocateAligned(SIZE_MAX - 100), nullptr);
}

TEST(AlignedMemory, FreedLargeBlocksServeTheNextRequestOfTheirSize) {
  const size_t bytes = size_t(24) << 20;
  char *first = static_cast<char *>(allocateAligned(bytes));
  ASSERT_NE(first, nullptr);
  std::memset(first, 0x5a, bytes);
  freeAligned(first);
  // About the same size: the kept block comes back, as it was left.
  char *second = static_cast<char *>(allocateAligned(bytes - 4096));
  ASSERT_EQ(second, first);
  EXPECT_EQ(second[bytes / 2], 0x5a);
  // Live blocks are never handed out twice.
  char *third = static_cast<char *>(allocateAligned(bytes));
  ASSERT_NE(third, nullptr);
  EXPECT_NE(third, second);
  // A smaller request takes a kept block and trims it.
  freeAligned(third);
  char *small = static_cast<char *>(allocateAligned(size_t(9) << 20));
  ASSERT_EQ(small, third);
  small[(size_t(9) << 20) - 1] = 1;
  freeAligned(small);
  freeAligned(second);
}

TEST(AlignedMemory, ALargerRequestKeepsAKeptBlocksPagesAtItsFront) {
  // Larger than the blocks other tests keep: this one is the largest kept.
  const size_t bytes = size_t(60) << 20;
  char *first = static_cast<char *>(allocateAligned(bytes));
  ASSERT_NE(first, nullptr);
  std::memset(first, 0x3c, bytes);
  freeAligned(first);
  const size_t larger = size_t(100) << 20;
  char *grown = static_cast<char *>(allocateAligned(larger));
  ASSERT_NE(grown, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(grown) % kBufferAlignment, 0u);
  EXPECT_EQ(grown[0], 0x3c);
  EXPECT_EQ(grown[bytes - 1], 0x3c);
  grown[larger - 1] = 7; // the rest is usable too
  EXPECT_EQ(grown[larger - 1], 7);
  freeAligned(grown);
}

TEST(AlignedMemory, ManyLargeBlocksStayDistinctWhileLive) {
  std::vector<char *> blocks;
  for (int i = 0; i < 12; ++i) {
    char *p = static_cast<char *>(allocateAligned((size_t(8) << 20) + size_t(i) * 4096));
    ASSERT_NE(p, nullptr);
    p[0] = char(i);
    blocks.push_back(p);
  }
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(blocks[size_t(i)][0], char(i)) << "blocks overlap";
  for (char *p : blocks)
    freeAligned(p);
}

} // namespace
} // namespace corecl::rt
