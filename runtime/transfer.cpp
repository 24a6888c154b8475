#include "runtime/transfer.h"

#include <algorithm>
#include <cstring>

namespace corecl::rt {

void copyRect(char *dst, const RectLayout &dstLayout, const char *src,
              const RectLayout &srcLayout, const size_t region[3]) {
  const char *srcBase = src + srcLayout.offset();
  char *dstBase = dst + dstLayout.offset();
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      std::memmove(dstBase + z * dstLayout.slicePitch + y * dstLayout.rowPitch,
                   srcBase + z * srcLayout.slicePitch + y * srcLayout.rowPitch, region[0]);
}

void fillPattern(char *dst, size_t size, const void *pattern, size_t patternSize) {
  if (size == 0)
    return;
  if (patternSize == 1) {
    std::memset(dst, *static_cast<const unsigned char *>(pattern), size);
    return;
  }
  // Write the pattern once, then double the filled prefix: O(log n) memcpy
  // calls, each of them large.
  std::memcpy(dst, pattern, patternSize);
  size_t filled = patternSize;
  while (filled < size) {
    size_t chunk = std::min(filled, size - filled);
    std::memcpy(dst + filled, dst, chunk);
    filled += chunk;
  }
}

} // namespace corecl::rt
