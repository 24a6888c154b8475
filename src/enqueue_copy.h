// The rectangle copies the buffer and image commands enqueue, once their
// arguments are checked: between a memory object and host memory, and
// between two memory objects (layouts in bytes, runtime/transfer.h).
#pragma once
#include "runtime/transfer.h"
#include "src/api_util.h"
#include "src/enqueue_util.h"

#include <array>

namespace corecl {

/// Copies `bytes` between `mem` (at memLayout) and host memory at `host`
/// (at hostLayout), to the host if `toHost`; the command is `type`.
inline cl_int enqueueHostRectCopy(CommandQueue &q, cl_command_type type, MemObject *mem,
                                  rt::RectLayout memLayout, void *host, rt::RectLayout hostLayout,
                                  std::array<size_t, 3> bytes, bool toHost, cl_bool blocking,
                                  cl_uint numEvents, const cl_event *waitList, cl_event *event,
                                  const char *entry) {
  return guarded(
      [&] {
        Ref<MemObject> keep(mem);
        char *hostBytes = static_cast<char *>(host);
        Event *e = q.enqueue(
            type,
            [=] {
              if (toHost)
                rt::copyRect(hostBytes, hostLayout, keep->data(), memLayout, bytes.data());
              else
                rt::copyRect(keep->data(), memLayout, hostBytes, hostLayout, bytes.data());
              return CL_SUCCESS;
            },
            numEvents, waitList);
        return completeEnqueue(e, event, blocking);
      },
      entry);
}

/// Copies `bytes` from `from` (at fromLayout) to `to` (at toLayout).
inline cl_int enqueueRectCopy(CommandQueue &q, cl_command_type type, MemObject *from,
                              rt::RectLayout fromLayout, MemObject *to, rt::RectLayout toLayout,
                              std::array<size_t, 3> bytes, cl_uint numEvents,
                              const cl_event *waitList, cl_event *event, const char *entry) {
  return guarded(
      [&] {
        Ref<MemObject> src(from), dst(to);
        Event *e = q.enqueue(
            type,
            [=] {
              rt::copyRect(dst->data(), toLayout, src->data(), fromLayout, bytes.data());
              return CL_SUCCESS;
            },
            numEvents, waitList);
        return completeEnqueue(e, event, false);
      },
      entry);
}

} // namespace corecl
