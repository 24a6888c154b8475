// The byte-moving parts of memory commands: rectangular copies and pattern
// fills. Pure functions over host memory; validation happens in src/.
#pragma once
#include <cstddef>

namespace corecl::rt {

/// A rectangle's placement in a linear allocation, in bytes.
struct RectLayout {
  size_t origin[3];
  size_t rowPitch;
  size_t slicePitch;
  size_t offset() const { return origin[2] * slicePitch + origin[1] * rowPitch + origin[0]; }
};

/// Copies region[0] bytes x region[1] rows x region[2] slices.
void copyRect(char *dst, const RectLayout &dstLayout, const char *src,
              const RectLayout &srcLayout, const size_t region[3]);

/// Repeats `pattern` (patternSize bytes) over `size` bytes at `dst`;
/// size is a multiple of patternSize.
void fillPattern(char *dst, size_t size, const void *pattern, size_t patternSize);

} // namespace corecl::rt
