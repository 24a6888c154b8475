// Rectangles of the rectangular commands (clEnqueue*BufferRect, the
// image commands): pitches defaulted and checked, bounds computed without
// wrapping.
#pragma once
#include "runtime/transfer.h"
#include "src/debug_log.h"

#include <initializer_list>
#include <utility>

namespace corecl {

/// a * b + c without wrapping, or false.
inline bool mulAdd(size_t a, size_t b, size_t c, size_t &out) {
  size_t product;
  return !__builtin_mul_overflow(a, b, &product) && !__builtin_add_overflow(product, c, &out);
}

/// Applies the spec's defaults to a rectangle's pitches and checks them and
/// its bounds against an allocation of `limit` bytes. Every size is computed without
/// wrapping: an origin, region or pitch near SIZE_MAX is CL_INVALID_VALUE,
/// not an access before the buffer.
/// `side` names the rectangle's arguments ("src": src_origin,
/// src_row_pitch, ...) in the reason for a refusal.
inline cl_int resolveRect(const size_t origin[3], const size_t region[3], size_t rowPitch,
                          size_t slicePitch, size_t limit, rt::RectLayout &out, const char *side,
                          const char *entry) {
  size_t rowsBytes = 0;
  if (rowPitch == 0)
    rowPitch = region[0];
  else if (rowPitch < region[0])
    return apiError(entry, CL_INVALID_VALUE, "%s_row_pitch %zu is smaller than region[0] %zu", side,
                    rowPitch, region[0]);
  if (!mulAdd(region[1], rowPitch, 0, rowsBytes))
    return apiError(entry, CL_INVALID_VALUE, "region[1] %zu rows of %s_row_pitch %zu overflow",
                    region[1], side, rowPitch);
  if (slicePitch == 0)
    slicePitch = rowsBytes;
  else if (slicePitch < rowsBytes || slicePitch % rowPitch != 0)
    return apiError(entry, CL_INVALID_VALUE,
                    "%s_slice_pitch %zu is below region[1] x row pitch (%zu) or not a multiple "
                    "of the row pitch %zu",
                    side, slicePitch, rowsBytes, rowPitch);
  // The first byte (origin) and one past the last (origin + extent).
  size_t first = 0, extent = 0, last = 0;
  if (!mulAdd(origin[2], slicePitch, 0, first) || !mulAdd(origin[1], rowPitch, first, first) ||
      __builtin_add_overflow(first, origin[0], &first) ||
      !mulAdd(region[2] - 1, slicePitch, 0, extent) ||
      !mulAdd(region[1] - 1, rowPitch, extent, extent) ||
      __builtin_add_overflow(extent, region[0], &extent) ||
      __builtin_add_overflow(first, extent, &last))
    return apiError(entry, CL_INVALID_VALUE, "the %s rectangle's extent overflows", side);
  out = {{origin[0], origin[1], origin[2]}, rowPitch, slicePitch};
  if (last > limit)
    return apiError(entry, CL_INVALID_VALUE, "the %s rectangle ends at byte %zu, past %zu bytes",
                    side, last, limit);
  return CL_SUCCESS;
}

/// The pointer arguments of a rectangular command, by name, and its
/// region: none NULL, no dimension of the region 0.
inline cl_int checkRectArgs(std::initializer_list<std::pair<const char *, const void *>> pointers,
                            const size_t *region, const char *entry) {
  for (auto [name, pointer] : pointers)
    if (!pointer)
      return apiError(entry, CL_INVALID_VALUE, "%s is NULL", name);
  if (!region)
    return apiError(entry, CL_INVALID_VALUE, "region is NULL");
  if (!region[0] || !region[1] || !region[2])
    return apiError(entry, CL_INVALID_VALUE, "region {%zu, %zu, %zu} has a 0 dimension", region[0],
                    region[1], region[2]);
  return CL_SUCCESS;
}

} // namespace corecl
