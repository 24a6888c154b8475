// Shared virtual memory and pipes are optional in OpenCL 3.0, and CoreCL
// reports neither yet (CL_DEVICE_SVM_CAPABILITIES = 0, CL_DEVICE_PIPE_SUPPORT
// = CL_FALSE). These entry points fail with the spec's codes for that case.
#include "src/api_util.h"
#include "src/enqueue_util.h"

using namespace corecl;

extern "C" {

CL_API_ENTRY void *CL_API_CALL clSVMAlloc(cl_context, cl_svm_mem_flags, size_t, cl_uint) {
  return nullptr; // no device of any CoreCL context supports SVM
}

CL_API_ENTRY void CL_API_CALL clSVMFree(cl_context, void *) {}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMFree(cl_command_queue q, cl_uint, void *[],
                                                 void(CL_CALLBACK *)(cl_command_queue, cl_uint,
                                                                     void *[], void *),
                                                 void *, cl_uint n, const cl_event *w,
                                                 cl_event *) {
  return refuseCommand(q, n, w, kNoSvm);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue q, cl_bool, void *,
                                                   const void *, size_t, cl_uint n,
                                                   const cl_event *w, cl_event *) {
  return refuseCommand(q, n, w, kNoSvm);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue q, void *, const void *,
                                                    size_t, size_t, cl_uint n, const cl_event *w,
                                                    cl_event *) {
  return refuseCommand(q, n, w, kNoSvm);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue q, cl_bool, cl_map_flags, void *,
                                                size_t, cl_uint n, const cl_event *w,
                                                cl_event *) {
  return refuseCommand(q, n, w, kNoSvm);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue q, void *, cl_uint n,
                                                  const cl_event *w, cl_event *) {
  return refuseCommand(q, n, w, kNoSvm);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMigrateMem(cl_command_queue q, cl_uint,
                                                       const void **, const size_t *,
                                                       cl_mem_migration_flags, cl_uint n,
                                                       const cl_event *w, cl_event *) {
  return refuseCommand(q, n, w, kNoSvm);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags, cl_uint, cl_uint,
                                             const cl_pipe_properties *, cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_mem>(errcode_ret, context, "pipes");
}

CL_API_ENTRY cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info, size_t, void *,
                                              size_t *) {
  // No pipe can exist; a buffer is not a pipe.
  return neverLive(__func__, CL_INVALID_MEM_OBJECT, pipe, "pipe");
}

CL_API_ENTRY cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context,
                                                               cl_device_id device,
                                                               cl_command_queue queue) {
  return unsupported<Context>(context, "device-side queues");
}

} // extern "C"
