// Host allocations for memory objects. CoreCL's device memory is host memory,
// aligned so that every buffer meets CL_DEVICE_MEM_BASE_ADDR_ALIGN.
#pragma once
#include <cstddef>

namespace corecl::rt {

/// Alignment of every allocation, in bytes. Large enough for a full
/// AVX-512 vector and for the largest OpenCL C type (long16, double16).
inline constexpr size_t kBufferAlignment = 128;

/// Returns nullptr on failure (never throws, never aborts).
void *allocateAligned(size_t bytes);
void freeAligned(void *ptr);

} // namespace corecl::rt
