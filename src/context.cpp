// Contexts: creation (from devices or a device type), info, callbacks.
#include "src/objects/context.h"
#include "src/info_util.h"
#include "src/objects/platform.h"

#include <algorithm>

using namespace corecl;

namespace {

/// Checks a context property list; copies it (with its terminator) to `out`.
cl_int parseContextProperties(const cl_context_properties *props,
                              std::vector<cl_context_properties> &out, const char *entry) {
  if (!props)
    return CL_SUCCESS;
  bool seenPlatform = false, seenInterop = false;
  size_t i = 0;
  for (; props[i] != 0; i += 2) {
    switch (props[i]) {
    case CL_CONTEXT_PLATFORM:
      if (seenPlatform)
        return apiError(entry, CL_INVALID_PROPERTY, "properties: CL_CONTEXT_PLATFORM given twice");
      seenPlatform = true;
      if (cl_int err = checkLive<Platform>(reinterpret_cast<cl_platform_id>(props[i + 1]), entry))
        return err;
      break;
    case CL_CONTEXT_INTEROP_USER_SYNC:
      if (seenInterop)
        return apiError(entry, CL_INVALID_PROPERTY,
                        "properties: CL_CONTEXT_INTEROP_USER_SYNC given twice");
      seenInterop = true;
      if (props[i + 1] != CL_TRUE && props[i + 1] != CL_FALSE)
        return apiError(entry, CL_INVALID_PROPERTY,
                        "properties: CL_CONTEXT_INTEROP_USER_SYNC value %lld is not a cl_bool",
                        (long long)props[i + 1]);
      break;
    default:
      return apiError(entry, CL_INVALID_PROPERTY, "properties: unknown property 0x%llx",
                      (unsigned long long)props[i]);
    }
  }
  out.assign(props, props + i + 1);
  return CL_SUCCESS;
}

cl_context createContext(const cl_context_properties *properties, std::vector<Device *> devices,
                         Context::NotifyFn notify, void *userData, cl_int *errcode_ret,
                         const char *entry) {
  std::vector<cl_context_properties> props;
  if (cl_int err = parseContextProperties(properties, props, entry))
    return withError<_cl_context>(errcode_ret, err);
  for (Device *d : devices)
    if (!d->available())
      return withError<_cl_context>(errcode_ret, apiError(entry, CL_DEVICE_NOT_AVAILABLE,
                                                          "device %p is not available",
                                                          static_cast<void *>(d->handle())));
  Context *context = new Context(std::move(devices), std::move(props), notify, userData);
  return withError(errcode_ret, CL_SUCCESS, context->handle());
}

} // namespace

extern "C" {

CL_API_ENTRY cl_context CL_API_CALL clCreateContext(
    const cl_context_properties *properties, cl_uint num_devices, const cl_device_id *devices,
    void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *), void *user_data,
    cl_int *errcode_ret) {
  const char *entry = __func__;
  if (!devices || num_devices == 0)
    return withError<_cl_context>(
        errcode_ret, apiError(entry, CL_INVALID_VALUE, "num_devices is %u and devices is %s",
                              num_devices, devices ? "not NULL" : "NULL"));
  if (!pfn_notify && user_data)
    return withError<_cl_context>(errcode_ret, noCallbackForUserData(entry));
  return guardedCreate(errcode_ret, [&]() -> cl_context {
    std::vector<Device *> list;
    for (cl_uint i = 0; i < num_devices; ++i) {
      Device *d;
      if (cl_int err = resolve(devices[i], d, entry))
        return withError<_cl_context>(errcode_ret, err);
      // Duplicates are ignored, as the spec says.
      if (std::find(list.begin(), list.end(), d) == list.end())
        list.push_back(d);
    }
    return createContext(properties, std::move(list), pfn_notify, user_data, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_context CL_API_CALL
clCreateContextFromType(const cl_context_properties *properties, cl_device_type device_type,
                        void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *),
                        void *user_data, cl_int *errcode_ret) {
  const char *entry = __func__;
  if (!pfn_notify && user_data)
    return withError<_cl_context>(errcode_ret, noCallbackForUserData(entry));
  return guardedCreate(errcode_ret, [&]() -> cl_context {
    cl_device_id device;
    cl_int err = clGetDeviceIDs(nullptr, device_type, 1, &device, nullptr);
    if (err != CL_SUCCESS)
      return withError<_cl_context>(
          errcode_ret,
          apiError(entry, err, "no device of device_type 0x%llx", (unsigned long long)device_type));
    return createContext(properties, {Device::fromHandle(device)}, pfn_notify, user_data,
                         errcode_ret, entry);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context context) {
  return retainHandle<Context>(context);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseContext(cl_context context) {
  return releaseHandle<Context>(context);
}

CL_API_ENTRY cl_int CL_API_CALL clGetContextInfo(cl_context context, cl_context_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return answerInfo<Context>(context, param_name, param_value_size, param_value,
                             param_value_size_ret, [&](Context *c, auto put) -> cl_int {
                               switch (param_name) {
                               case CL_CONTEXT_REFERENCE_COUNT:
                                 return put(c->publicRefCount());
                               case CL_CONTEXT_NUM_DEVICES:
                                 return put(cl_uint(c->devices().size()));
                               case CL_CONTEXT_DEVICES: {
                                 std::vector<cl_device_id> ids;
                                 for (Device *d : c->devices())
                                   ids.push_back(d->handle());
                                 return put(ids);
                               }
                               case CL_CONTEXT_PROPERTIES:
                                 return put(c->properties());
                               default:
                                 return CL_INVALID_VALUE;
                               }
                             });
}

CL_API_ENTRY cl_int CL_API_CALL clSetContextDestructorCallback(
    cl_context context, void(CL_CALLBACK *pfn_notify)(cl_context, void *), void *user_data) {
  Context *c;
  if (cl_int err = resolve(context, c))
    return err;
  if (!pfn_notify)
    return apiError(__func__, CL_INVALID_VALUE, "pfn_notify is NULL");
  return guarded([&] {
    c->addDestructorCallback(pfn_notify, user_data);
    return CL_SUCCESS;
  });
}

} // extern "C"
