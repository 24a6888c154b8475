// Helpers shared by the entry points: keeping C++ exceptions (above all
// std::bad_alloc) from crossing the C API, and resolving handles with the
// reason for a refusal told to CORECL_DEBUG=api.
#pragma once
#include "src/debug_log.h"

#include <CL/cl.h>

#include <new>
#include <stdexcept>
#include <type_traits>

namespace corecl {

/// Sets *errcodeRet (if given) and returns `result`.
template <class T> T *withError(cl_int *errcodeRet, cl_int code, T *result = nullptr) {
  if (errcodeRet)
    *errcodeRet = code;
  return result;
}

/// Tells CORECL_DEBUG=api that `entry` ended with an exception.
inline cl_int caught(const char *entry, cl_int code, const char *what) {
  if (debugging(DebugArea::Api))
    debugLog(DebugArea::Api, "%s: %s (%s)", entry, errorName(code), what);
  return code;
}

/// Runs an entry point's body, turning escaped exceptions into error codes.
template <class F> cl_int guarded(F &&body, const char *entry = __builtin_FUNCTION()) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return caught(entry, CL_OUT_OF_HOST_MEMORY, "out of host memory");
  } catch (const std::length_error &) { // a size no container can hold
    return caught(entry, CL_OUT_OF_HOST_MEMORY, "a size no container can hold");
  } catch (...) {
    return caught(entry, CL_OUT_OF_RESOURCES, "an internal exception");
  }
}

/// The same for entry points that return an object and report through
/// errcode_ret.
template <class F>
auto guardedCreate(cl_int *errcodeRet, F &&body, const char *entry = __builtin_FUNCTION()) noexcept
    -> decltype(body()) {
  using Handle = std::remove_pointer_t<decltype(body())>;
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return withError<Handle>(errcodeRet,
                             caught(entry, CL_OUT_OF_HOST_MEMORY, "out of host memory"));
  } catch (const std::length_error &) { // a size no container can hold
    return withError<Handle>(errcodeRet,
                             caught(entry, CL_OUT_OF_HOST_MEMORY, "a size no container can hold"));
  } catch (...) {
    return withError<Handle>(errcodeRet,
                             caught(entry, CL_OUT_OF_RESOURCES, "an internal exception"));
  }
}

/// Tells CORECL_DEBUG=api that `entry` was given `handle`, which is not a
/// live object of T's type; returns that type's error code.
template <class T> cl_int notALiveObject(const char *entry, const void *handle) {
  if (debugging(DebugArea::Api))
    debugLog(DebugArea::Api, "%s: %p is not a live object of its type (%s)", entry, handle,
             errorName(T::kInvalidHandle));
  return T::kInvalidHandle;
}

/// Resolves `handle` to the live object of T's type it names, in `object`;
/// T's CL_INVALID_* code (told to CORECL_DEBUG=api) if it names none.
template <class T, class Handle>
cl_int resolve(Handle *handle, T *&object, const char *entry = __builtin_FUNCTION()) {
  object = T::fromHandle(handle);
  return object ? CL_SUCCESS : notALiveObject<T>(entry, handle);
}

/// The same check where the entry point needs no object.
template <class T, class Handle>
cl_int checkLive(Handle *handle, const char *entry = __builtin_FUNCTION()) {
  T *object;
  return resolve(handle, object, entry);
}

/// The refusal of a feature no CoreCL device supports (yet): `handle`
/// checked first, then CL_INVALID_OPERATION, the spec's code for that case.
template <class T, class Handle>
cl_int unsupported(Handle *handle, const char *feature, const char *entry = __builtin_FUNCTION()) {
  if (cl_int err = checkLive<T>(handle, entry))
    return err;
  return apiError(entry, CL_INVALID_OPERATION, "no CoreCL device supports %s", feature);
}

/// The same for create functions, which report through errcode_ret.
template <class T, class Result, class Handle>
Result *unsupportedCreate(cl_int *errcodeRet, Handle *handle, const char *feature,
                          const char *entry = __builtin_FUNCTION()) {
  return withError<Result>(errcodeRet, unsupported<T>(handle, feature, entry));
}

/// A handle of a kind CoreCL creates none of yet (images, pipes,
/// samplers), so never a live object: `code`, the kind's CL_INVALID_*.
inline cl_int neverLive(const char *entry, cl_int code, const void *handle, const char *kind) {
  return apiError(entry, code, "%p is not a live %s: CoreCL creates none yet", handle, kind);
}

/// A callback's data without the callback (CL_INVALID_VALUE everywhere the
/// spec pairs pfn_notify with user_data).
inline cl_int noCallbackForUserData(const char *entry) {
  return apiError(entry, CL_INVALID_VALUE, "user_data is not NULL but pfn_notify is NULL");
}

/// A program without an executable where one is needed.
inline cl_int noExecutable(const char *entry) {
  return apiError(entry, CL_INVALID_PROGRAM_EXECUTABLE,
                  "the program has no executable (not built, or its build failed)");
}

/// clRetain*: one more public reference on the live object `handle` names
/// (a device's own rule: the root device is never counted).
template <class T, class Handle>
cl_int retainHandle(Handle *handle, const char *entry = __builtin_FUNCTION()) {
  T *object = T::fromHandle(handle);
  if (!object)
    return notALiveObject<T>(entry, handle);
  if constexpr (requires { object->retainApi(); })
    object->retainApi();
  else
    object->retainPublic();
  return CL_SUCCESS;
}

/// clRelease*: one public reference less; an object whose public count is
/// already zero is no longer the application's to release.
template <class T, class Handle>
cl_int releaseHandle(Handle *handle, const char *entry = __builtin_FUNCTION()) {
  T *object = T::fromHandle(handle);
  bool released;
  if constexpr (requires { object->releaseApi(); })
    released = object && object->releaseApi();
  else
    released = object && object->releasePublic();
  return released ? CL_SUCCESS : notALiveObject<T>(entry, handle);
}

} // namespace corecl
