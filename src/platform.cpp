// clGetPlatformIDs and clGetPlatformInfo.
#include "src/objects/platform.h"
#include "runtime/clock.h"
#include "src/info_util.h"

using namespace corecl;

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms,
                                                 cl_uint *num_platforms) {
  if (num_entries == 0 && platforms)
    return apiError(__func__, CL_INVALID_VALUE, "num_entries is 0 but platforms is not NULL");
  if (!platforms && !num_platforms)
    return apiError(__func__, CL_INVALID_VALUE, "platforms and num_platforms are both NULL");
  return guarded([&] {
    if (platforms)
      platforms[0] = Platform::instance().handle();
    if (num_platforms)
      *num_platforms = 1;
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                  cl_platform_info param_name,
                                                  size_t param_value_size, void *param_value,
                                                  size_t *param_value_size_ret) {
  // A NULL platform selects the (only) CoreCL platform, as the spec allows.
  if (platform)
    if (cl_int err = checkLive<Platform>(platform))
      return err;
  return answerQuery(__func__, param_name, param_value_size, param_value, param_value_size_ret,
                     [&](InfoBuffer put) -> cl_int {
                       switch (param_name) {
                       case CL_PLATFORM_PROFILE:
                         return put(Platform::profile());
                       case CL_PLATFORM_VERSION:
                         return put(Platform::versionString());
                       case CL_PLATFORM_NUMERIC_VERSION:
                         return put(cl_version(CL_MAKE_VERSION(3, 0, 0)));
                       case CL_PLATFORM_NAME:
                         return put(Platform::name());
                       case CL_PLATFORM_VENDOR:
                         return put(Platform::vendor());
                       case CL_PLATFORM_EXTENSIONS:
                         return put(Platform::extensions());
                       case CL_PLATFORM_EXTENSIONS_WITH_VERSION:
                         return put(Platform::extensionsWithVersion());
                       case CL_PLATFORM_HOST_TIMER_RESOLUTION:
                         return put(cl_ulong(rt::monotonicResolution()));
                       case CL_PLATFORM_ICD_SUFFIX_KHR:
                         return put(Platform::icdSuffix());
                       default:
                         return CL_INVALID_VALUE;
                       }
                     });
}

} // extern "C"
