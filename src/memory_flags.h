// The rules for cl_mem_flags shared by buffers, sub-buffers and images.
#pragma once
#include "src/api_util.h"
#include "src/objects/context.h"

#include <bit>
#include <vector>

namespace corecl {

inline constexpr cl_mem_flags kAccessFlags =
    CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
inline constexpr cl_mem_flags kHostPtrFlags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
inline constexpr cl_mem_flags kHostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

/// The flags no two of which may be combined: two access or two host
/// access flags in `flags` (every clCreate*Buffer* and clCreateSubBuffer).
inline cl_int checkExclusiveFlags(cl_mem_flags flags, const char *entry) {
  if (std::popcount(flags & kAccessFlags) > 1)
    return apiError(entry, CL_INVALID_VALUE,
                    "flags 0x%llx combine access flags (CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, "
                    "CL_MEM_READ_ONLY)",
                    (unsigned long long)flags);
  if (std::popcount(flags & kHostAccessFlags) > 1)
    return apiError(entry, CL_INVALID_VALUE,
                    "flags 0x%llx combine host access flags (CL_MEM_HOST_WRITE_ONLY, "
                    "CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_NO_ACCESS)",
                    (unsigned long long)flags);
  return CL_SUCCESS;
}

/// Flags outside `known`.
inline cl_int checkKnownFlags(cl_mem_flags flags, cl_mem_flags known, const char *entry) {
  if (flags & ~known)
    return apiError(entry, CL_INVALID_VALUE, "flags 0x%llx: unknown flags 0x%llx",
                    (unsigned long long)flags, (unsigned long long)(flags & ~known));
  return checkExclusiveFlags(flags, entry);
}

/// The flag rules shared by every clCreate*Buffer* and clCreateImage*
/// call; `extra` are flags this kind of object also accepts.
inline cl_int validateBufferFlags(cl_mem_flags flags, const char *entry, cl_mem_flags extra = 0) {
  if (cl_int err =
          checkKnownFlags(flags, kAccessFlags | kHostPtrFlags | kHostAccessFlags | extra, entry))
    return err;
  if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return apiError(entry, CL_INVALID_VALUE,
                    "flags 0x%llx combine CL_MEM_USE_HOST_PTR with CL_MEM_ALLOC_HOST_PTR or "
                    "CL_MEM_COPY_HOST_PTR",
                    (unsigned long long)flags);
  return CL_SUCCESS;
}

/// A clCreate*WithProperties list: OpenCL 3.0 defines no buffer or image
/// properties (extensions add some), so only an empty list (or none) is
/// accepted; `kept` gets what CL_MEM_PROPERTIES reports.
inline cl_int readMemProperties(const cl_mem_properties *properties,
                                std::vector<cl_mem_properties> &kept, const char *entry) {
  if (!properties)
    return CL_SUCCESS;
  if (properties[0] != 0)
    return apiError(entry, CL_INVALID_PROPERTY, "properties: unknown property 0x%llx",
                    (unsigned long long)properties[0]);
  kept.push_back(0);
  return CL_SUCCESS;
}

/// The opening every clCreateBuffer* and clCreateImage* shares: the
/// context, the property list and the flags (`extra`: flags this kind of
/// object also accepts).
inline cl_int openMemCreate(cl_context context, const cl_mem_properties *properties,
                            cl_mem_flags flags, cl_mem_flags extra, Context *&c,
                            std::vector<cl_mem_properties> &props, const char *entry) {
  if (cl_int err = resolve(context, c, entry))
    return err;
  if (cl_int err = readMemProperties(properties, props, entry))
    return err;
  return validateBufferFlags(flags, entry, extra);
}

} // namespace corecl
