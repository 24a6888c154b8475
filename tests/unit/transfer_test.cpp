// rt::copyRect and rt::fillPattern against plain reference loops.
#include "runtime/transfer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace corecl::rt {
namespace {

std::vector<char> randomBytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<char> v(n);
  for (char &c : v)
    c = char(rng());
  return v;
}

/// The spec's definition, one byte at a time.
void referenceCopyRect(char *dst, const RectLayout &d, const char *src, const RectLayout &s,
                       const size_t region[3]) {
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      for (size_t x = 0; x < region[0]; ++x)
        dst[(d.origin[2] + z) * d.slicePitch + (d.origin[1] + y) * d.rowPitch + d.origin[0] + x] =
            src[(s.origin[2] + z) * s.slicePitch + (s.origin[1] + y) * s.rowPitch + s.origin[0] +
                x];
}

size_t extent(const RectLayout &l, const size_t region[3]) {
  return l.offset() + (region[2] - 1) * l.slicePitch + (region[1] - 1) * l.rowPitch + region[0];
}

TEST(CopyRect, OffsetFormula) {
  RectLayout l{{3, 2, 1}, 10, 50};
  EXPECT_EQ(l.offset(), 1u * 50 + 2u * 10 + 3u);
}

TEST(CopyRect, MatchesReferenceOnRandomShapes) {
  std::mt19937 rng(1234);
  auto pick = [&](size_t lo, size_t hi) {
    return std::uniform_int_distribution<size_t>(lo, hi)(rng);
  };
  for (int iter = 0; iter < 300; ++iter) {
    size_t region[3] = {pick(1, 17), pick(1, 6), pick(1, 4)};
    if (iter % 3 == 0)
      region[2] = 1; // 2D
    auto layout = [&] {
      RectLayout l;
      l.rowPitch = region[0] + pick(0, 9);
      l.slicePitch = l.rowPitch * (region[1] + pick(0, 3));
      l.origin[0] = pick(0, l.rowPitch - region[0]);
      l.origin[1] = pick(0, 3);
      l.origin[2] = pick(0, 2);
      return l;
    };
    RectLayout s = layout(), d = layout();
    std::vector<char> src = randomBytes(extent(s, region), iter);
    std::vector<char> dst = randomBytes(extent(d, region), iter + 1000);
    std::vector<char> expect = dst;
    referenceCopyRect(expect.data(), d, src.data(), s, region);
    copyRect(dst.data(), d, src.data(), s, region);
    ASSERT_EQ(dst, expect) << "iteration " << iter;
  }
}

TEST(CopyRect, LeavesBytesOutsideTheRectangleAlone) {
  size_t region[3] = {4, 3, 2};
  RectLayout s{{0, 0, 0}, 4, 12};
  RectLayout d{{2, 1, 1}, 8, 40};
  std::vector<char> src(s.slicePitch * 2, 'x');
  std::vector<char> dst(extent(d, region) + 16, '.');
  copyRect(dst.data(), d, src.data(), s, region);
  size_t copied = 0;
  for (size_t i = 0; i < dst.size(); ++i) {
    size_t z = i / d.slicePitch, y = (i % d.slicePitch) / d.rowPitch, x = i % d.rowPitch;
    bool inside = z >= 1 && z < 3 && y >= 1 && y < 4 && x >= 2 && x < 6;
    EXPECT_EQ(dst[i], inside ? 'x' : '.') << "byte " << i;
    copied += inside;
  }
  EXPECT_EQ(copied, 4u * 3 * 2);
}

TEST(FillPattern, EveryPatternSizeMatchesReference) {
  for (size_t patternSize = 1; patternSize <= 128; patternSize *= 2) {
    std::vector<char> pattern = randomBytes(patternSize, uint32_t(patternSize));
    for (size_t count : {1u, 2u, 3u, 7u, 64u, 1000u}) {
      size_t size = patternSize * count;
      std::vector<char> dst(size + 32, '#');
      fillPattern(dst.data() + 16, size, pattern.data(), patternSize);
      for (size_t i = 0; i < 16; ++i) {
        ASSERT_EQ(dst[i], '#');
        ASSERT_EQ(dst[16 + size + i], '#') << "overrun, pattern " << patternSize;
      }
      for (size_t i = 0; i < size; ++i)
        ASSERT_EQ(dst[16 + i], pattern[i % patternSize])
            << "pattern " << patternSize << " count " << count << " byte " << i;
    }
  }
}

TEST(FillPattern, ZeroSizeWritesNothing) {
  char dst[4] = {'a', 'b', 'c', 'd'};
  const uint32_t pattern = 0xFFFFFFFF;
  fillPattern(dst, 0, &pattern, sizeof pattern);
  EXPECT_EQ(std::string(dst, 4), "abcd");
}

} // namespace
} // namespace corecl::rt
