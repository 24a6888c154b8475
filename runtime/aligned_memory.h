// Host allocations for memory objects. CoreCL's device memory is host memory,
// aligned so that every buffer meets CL_DEVICE_MEM_BASE_ADDR_ALIGN.
#pragma once
#include <cstddef>

namespace corecl::rt {

/// Alignment of every allocation, in bytes. Large enough for a full
/// AVX-512 vector and for the largest OpenCL C type (long16, double16).
inline constexpr size_t kBufferAlignment = 128;

/// Returns nullptr on failure (never throws, never aborts). Blocks of 8 MiB
/// and more are mapped in 2 MiB units with transparent huge pages and,
/// when freed, kept (up to 1 GiB, or 1/16 of memory) for a later request
/// of about their size: its contents are then what the last user left.
void *allocateAligned(size_t bytes);
void freeAligned(void *ptr);

} // namespace corecl::rt
