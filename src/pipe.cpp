// Pipes and device-side queues are optional in OpenCL 3.0, and CoreCL
// reports neither yet (CL_DEVICE_PIPE_SUPPORT = CL_FALSE, no device-side
// enqueue capabilities). These entry points fail with the spec's codes for
// that case.
#include "src/api_util.h"
#include "src/enqueue_util.h"

using namespace corecl;

extern "C" {

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags, cl_uint, cl_uint,
                                             const cl_pipe_properties *, cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_mem>(errcode_ret, context, "pipes");
}

CL_API_ENTRY cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info, size_t, void *, size_t *) {
  // No pipe can exist; a buffer is not a pipe.
  return neverLive(__func__, CL_INVALID_MEM_OBJECT, pipe, "pipe");
}

CL_API_ENTRY cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context,
                                                               cl_device_id device,
                                                               cl_command_queue queue) {
  return unsupported<Context>(context, "device-side queues");
}

} // extern "C"
