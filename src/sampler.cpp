// Samplers exist only for images; CoreCL reports no image support yet, so
// creation fails with CL_INVALID_OPERATION and no sampler handle is valid.
#include "src/api_util.h"
#include "src/objects/context.h"

using namespace corecl;

extern "C" {

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool,
                                                    cl_addressing_mode, cl_filter_mode,
                                                    cl_int *errcode_ret) {
  if (!Context::fromHandle(context))
    return withError<_cl_sampler>(errcode_ret, CL_INVALID_CONTEXT);
  return withError<_cl_sampler>(errcode_ret, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context context,
                                                                  const cl_sampler_properties *,
                                                                  cl_int *errcode_ret) {
  if (!Context::fromHandle(context))
    return withError<_cl_sampler>(errcode_ret, CL_INVALID_CONTEXT);
  return withError<_cl_sampler>(errcode_ret, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler) { return CL_INVALID_SAMPLER; }
CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler) { return CL_INVALID_SAMPLER; }
CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler, cl_sampler_info, size_t, void *,
                                                 size_t *) {
  return CL_INVALID_SAMPLER;
}

} // extern "C"
