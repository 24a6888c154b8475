// Pipes (OpenCL 2.0, optional in 3.0): clCreatePipe and clGetPipeInfo. A
// pipe is a memory object whose storage is the ring of
// include/corecl/pipe_abi.h; kernels read and write it
// (builtins/lib/pipes_host.cl), the host cannot (every buffer command
// refuses a pipe: its type is CL_MEM_OBJECT_PIPE).
#include "include/corecl/pipe_abi.h"
#include "src/api_util.h"
#include "src/enqueue_util.h"
#include "src/info_util.h"
#include "src/objects/memory.h"

using namespace corecl;

namespace {

cl_mem createPipe(cl_context context, cl_mem_flags flags, cl_uint packetSize, cl_uint maxPackets,
                  const cl_pipe_properties *properties, cl_int *errcode_ret, const char *entry) {
  Context *c;
  if (cl_int err = resolve(context, c, entry))
    return withError<_cl_mem>(errcode_ret, err);
  // Only these two may be given; 0 means both.
  if (flags & ~cl_mem_flags(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS))
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_INVALID_VALUE,
                                       "flags 0x%llx: a pipe takes CL_MEM_READ_WRITE and "
                                       "CL_MEM_HOST_NO_ACCESS only",
                                       (unsigned long long)flags));
  if (properties && properties[0] != 0)
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_INVALID_VALUE,
                                       "properties: OpenCL defines no pipe property (0x%llx)",
                                       (unsigned long long)properties[0]));
  if (packetSize == 0 || packetSize > CORECL_PIPE_MAX_PACKET_SIZE)
    return withError<_cl_mem>(
        errcode_ret, apiError(entry, CL_INVALID_PIPE_SIZE,
                              "pipe_packet_size %u is 0 or above CL_DEVICE_PIPE_MAX_PACKET_SIZE %u",
                              packetSize, CORECL_PIPE_MAX_PACKET_SIZE));
  const uint64_t bytes = CORECL_PIPE_DATA_OFFSET(maxPackets) + uint64_t(packetSize) * maxPackets;
  if (maxPackets == 0 || bytes > c->maxMemAllocSize())
    return withError<_cl_mem>(errcode_ret,
                              apiError(entry, CL_INVALID_PIPE_SIZE,
                                       "pipe_max_packets %u is 0, or the pipe's %llu bytes exceed "
                                       "CL_DEVICE_MAX_MEM_ALLOC_SIZE",
                                       maxPackets, (unsigned long long)bytes));
  MemObject *pipe = MemObject::createPipe(
      *c, flags ? flags : CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, packetSize, maxPackets);
  if (!pipe)
    return withError<_cl_mem>(errcode_ret, apiError(entry, CL_MEM_OBJECT_ALLOCATION_FAILURE,
                                                    "no memory for a pipe of %llu bytes",
                                                    (unsigned long long)bytes));
  return withError(errcode_ret, CL_SUCCESS, pipe->handle());
}

} // namespace

extern "C" {

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags flags,
                                             cl_uint pipe_packet_size, cl_uint pipe_max_packets,
                                             const cl_pipe_properties *properties,
                                             cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    return createPipe(context, flags, pipe_packet_size, pipe_max_packets, properties, errcode_ret,
                      entry);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info param_name,
                                              size_t param_value_size, void *param_value,
                                              size_t *param_value_size_ret) {
  const char *entry = __func__;
  MemObject *m = MemObject::fromHandle(pipe);
  if (!m || !m->isPipe())
    return apiError(entry, CL_INVALID_MEM_OBJECT, "%p is not a live pipe",
                    static_cast<const void *>(pipe));
  return answerQuery(entry, param_name, param_value_size, param_value, param_value_size_ret,
                     [&](InfoBuffer put) -> cl_int {
                       switch (param_name) {
                       case CL_PIPE_PACKET_SIZE:
                         return put(m->pipePacketSize());
                       case CL_PIPE_MAX_PACKETS:
                         return put(m->pipeMaxPackets());
                       case CL_PIPE_PROPERTIES:
                         return put(nullptr, 0); // none were given (or could be)
                       default:
                         return CL_INVALID_VALUE;
                       }
                     });
}

} // extern "C"
