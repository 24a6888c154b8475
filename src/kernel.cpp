// Kernels. No program can be built yet (see program.cpp), so no kernel can
// exist: kernel creation reports CL_INVALID_PROGRAM_EXECUTABLE and every
// call taking a cl_kernel reports CL_INVALID_KERNEL.
#include "src/api_util.h"
#include "src/enqueue_util.h"
#include "src/objects/program.h"

using namespace corecl;

extern "C" {

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program, const char *kernel_name,
                                                  cl_int *errcode_ret) {
  if (!Program::fromHandle(program))
    return withError<_cl_kernel>(errcode_ret, CL_INVALID_PROGRAM);
  if (!kernel_name)
    return withError<_cl_kernel>(errcode_ret, CL_INVALID_VALUE);
  return withError<_cl_kernel>(errcode_ret, CL_INVALID_PROGRAM_EXECUTABLE);
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program, cl_uint,
                                                         cl_kernel *, cl_uint *) {
  if (!Program::fromHandle(program))
    return CL_INVALID_PROGRAM;
  return CL_INVALID_PROGRAM_EXECUTABLE;
}

CL_API_ENTRY cl_kernel CL_API_CALL clCloneKernel(cl_kernel, cl_int *errcode_ret) {
  return withError<_cl_kernel>(errcode_ret, CL_INVALID_KERNEL);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainKernel(cl_kernel) { return CL_INVALID_KERNEL; }
CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel) { return CL_INVALID_KERNEL; }

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel, cl_uint, size_t, const void *) {
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel, cl_uint, const void *) {
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel, cl_kernel_exec_info, size_t,
                                                    const void *) {
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelInfo(cl_kernel, cl_kernel_info, size_t, void *,
                                                size_t *) {
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel, cl_uint, cl_kernel_arg_info,
                                                   size_t, void *, size_t *) {
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel, cl_device_id,
                                                         cl_kernel_work_group_info, size_t,
                                                         void *, size_t *) {
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel, cl_device_id,
                                                        cl_kernel_sub_group_info, size_t,
                                                        const void *, size_t, void *, size_t *) {
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel,
                                                       cl_uint, const size_t *, const size_t *,
                                                       const size_t *, cl_uint num_events,
                                                       const cl_event *wait_list, cl_event *) {
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events, wait_list, q))
    return err;
  return CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue, cl_kernel,
                                              cl_uint num_events, const cl_event *wait_list,
                                              cl_event *) {
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events, wait_list, q))
    return err;
  return CL_INVALID_KERNEL;
}

} // extern "C"
