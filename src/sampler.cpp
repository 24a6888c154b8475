// Samplers: creation from the 1.x arguments or a property list, queries,
// reference counts.
#include "src/objects/sampler.h"
#include "src/api_util.h"
#include "src/info_util.h"
#include "src/objects/device.h"

using namespace corecl;

namespace {

/// The sampler settings, checked one by one.
struct SamplerSettings {
  cl_bool normalized = CL_TRUE;
  cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
  cl_filter_mode filter = CL_FILTER_NEAREST;
};

cl_int checkSettings(const SamplerSettings &s, const char *entry) {
  if (s.normalized != CL_TRUE && s.normalized != CL_FALSE)
    return apiError(entry, CL_INVALID_VALUE, "normalized_coords %u is not CL_TRUE or CL_FALSE",
                    s.normalized);
  switch (s.addressing) {
  case CL_ADDRESS_NONE:
  case CL_ADDRESS_CLAMP_TO_EDGE:
  case CL_ADDRESS_CLAMP:
  case CL_ADDRESS_REPEAT:
  case CL_ADDRESS_MIRRORED_REPEAT:
    break;
  default:
    return apiError(entry, CL_INVALID_VALUE, "addressing_mode 0x%x is not an addressing mode",
                    s.addressing);
  }
  if (s.filter != CL_FILTER_NEAREST && s.filter != CL_FILTER_LINEAR)
    return apiError(entry, CL_INVALID_VALUE, "filter_mode 0x%x is not a filter mode", s.filter);
  return CL_SUCCESS;
}

/// Reads a zero-terminated property list, each property at most once.
cl_int readProperties(const cl_sampler_properties *properties, SamplerSettings &s,
                      std::vector<cl_sampler_properties> &kept, const char *entry) {
  if (!properties)
    return CL_SUCCESS;
  bool seen[3] = {false, false, false};
  for (const cl_sampler_properties *p = properties; *p; p += 2) {
    int index;
    switch (p[0]) {
    case CL_SAMPLER_NORMALIZED_COORDS:
      index = 0;
      s.normalized = cl_bool(p[1]);
      break;
    case CL_SAMPLER_ADDRESSING_MODE:
      index = 1;
      s.addressing = cl_addressing_mode(p[1]);
      break;
    case CL_SAMPLER_FILTER_MODE:
      index = 2;
      s.filter = cl_filter_mode(p[1]);
      break;
    default:
      return apiError(entry, CL_INVALID_VALUE, "sampler_properties: unknown property 0x%llx",
                      (unsigned long long)p[0]);
    }
    if (seen[index])
      return apiError(entry, CL_INVALID_VALUE, "sampler_properties: property 0x%llx given twice",
                      (unsigned long long)p[0]);
    seen[index] = true;
    kept.insert(kept.end(), {p[0], p[1]});
  }
  kept.push_back(0);
  return CL_SUCCESS;
}

cl_sampler createSampler(cl_context context, const SamplerSettings &s,
                         std::vector<cl_sampler_properties> properties, cl_int *errcode_ret,
                         const char *entry) {
  Context *c;
  if (cl_int err = resolve(context, c, entry))
    return withError<_cl_sampler>(errcode_ret, err);
  if (cl_int err = checkSettings(s, entry))
    return withError<_cl_sampler>(errcode_ret, err);
  auto *sampler =
      new Sampler(*c, s.normalized == CL_TRUE, s.addressing, s.filter, std::move(properties));
  return withError(errcode_ret, CL_SUCCESS, sampler->handle());
}

} // namespace

extern "C" {

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool normalized_coords,
                                                    cl_addressing_mode addressing_mode,
                                                    cl_filter_mode filter_mode,
                                                    cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    SamplerSettings s{normalized_coords, addressing_mode, filter_mode};
    return createSampler(context, s, {}, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(
    cl_context context, const cl_sampler_properties *sampler_properties, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    SamplerSettings s;
    std::vector<cl_sampler_properties> kept;
    if (cl_int err = readProperties(sampler_properties, s, kept, entry))
      return withError<_cl_sampler>(errcode_ret, err);
    return createSampler(context, s, std::move(kept), errcode_ret, entry);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler sampler) {
  return retainHandle<Sampler>(sampler);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler) {
  return releaseHandle<Sampler>(sampler);
}

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler, cl_sampler_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return answerInfo<Sampler>(sampler, param_name, param_value_size, param_value,
                             param_value_size_ret, [&](Sampler *s, auto put) -> cl_int {
                               switch (param_name) {
                               case CL_SAMPLER_REFERENCE_COUNT:
                                 return put(s->publicRefCount());
                               case CL_SAMPLER_CONTEXT:
                                 return put(cl_context(s->context().handle()));
                               case CL_SAMPLER_NORMALIZED_COORDS:
                                 return put(cl_bool(s->normalizedCoords() ? CL_TRUE : CL_FALSE));
                               case CL_SAMPLER_ADDRESSING_MODE:
                                 return put(s->addressing());
                               case CL_SAMPLER_FILTER_MODE:
                                 return put(s->filter());
                               case CL_SAMPLER_PROPERTIES:
                                 return put(s->properties());
                               default:
                                 return CL_INVALID_VALUE;
                               }
                             });
}

} // extern "C"
