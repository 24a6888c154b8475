// Samplers exist only for images; CoreCL reports no image support yet, so
// creation fails with CL_INVALID_OPERATION and no sampler handle is valid.
#include "src/api_util.h"
#include "src/objects/context.h"

using namespace corecl;

extern "C" {

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool,
                                                    cl_addressing_mode, cl_filter_mode,
                                                    cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_sampler>(errcode_ret, context, "samplers (no images)");
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context context,
                                                                  const cl_sampler_properties *,
                                                                  cl_int *errcode_ret) {
  return unsupportedCreate<Context, _cl_sampler>(errcode_ret, context, "samplers (no images)");
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler sampler) {
  return neverLive(__func__, CL_INVALID_SAMPLER, sampler, "sampler");
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler) {
  return neverLive(__func__, CL_INVALID_SAMPLER, sampler, "sampler");
}

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler, cl_sampler_info, size_t,
                                                 void *, size_t *) {
  return neverLive(__func__, CL_INVALID_SAMPLER, sampler, "sampler");
}

} // extern "C"
