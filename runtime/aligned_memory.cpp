#include "runtime/aligned_memory.h"

#include <cstdlib>

namespace corecl::rt {

void *allocateAligned(size_t bytes) {
  // aligned_alloc wants a multiple of the alignment; zero-sized requests
  // still get a distinct pointer so that sub-buffer arithmetic stays valid.
  size_t rounded = (bytes + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
  if (rounded < bytes)
    return nullptr; // overflow
  if (rounded == 0)
    rounded = kBufferAlignment;
  return std::aligned_alloc(kBufferAlignment, rounded);
}

void freeAligned(void *ptr) { std::free(ptr); }

} // namespace corecl::rt
