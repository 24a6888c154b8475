// Helpers shared by the entry points: answering clGet*Info queries, and
// keeping C++ exceptions (above all std::bad_alloc) from crossing the C API.
#pragma once
#include "src/debug_log.h"

#include <CL/cl.h>

#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace corecl {

/// Copies `bytes` of `data` into the caller's buffer the way every
/// clGet*Info function does: CL_INVALID_VALUE if the buffer is too small.
inline cl_int writeInfo(size_t valueSize, void *value, size_t *valueSizeRet, const void *data,
                        size_t bytes) {
  if (value) {
    if (valueSize < bytes)
      return CL_INVALID_VALUE;
    if (bytes)
      std::memcpy(value, data, bytes);
  }
  if (valueSizeRet)
    *valueSizeRet = bytes;
  return CL_SUCCESS;
}

template <class T> cl_int writeInfo(size_t valueSize, void *value, size_t *valueSizeRet, T v) {
  return writeInfo(valueSize, value, valueSizeRet, &v, sizeof(T));
}

inline cl_int writeInfo(size_t valueSize, void *value, size_t *valueSizeRet, const char *text) {
  return writeInfo(valueSize, value, valueSizeRet, text, std::strlen(text) + 1);
}

inline cl_int writeInfo(size_t valueSize, void *value, size_t *valueSizeRet,
                        const std::string &text) {
  return writeInfo(valueSize, value, valueSizeRet, text.c_str(), text.size() + 1);
}

template <class T>
cl_int writeInfo(size_t valueSize, void *value, size_t *valueSizeRet, const std::vector<T> &v) {
  return writeInfo(valueSize, value, valueSizeRet, v.data(), v.size() * sizeof(T));
}

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

/// The opening every clGet*Info shares: the handle checked (its type's
/// CL_INVALID_* code if it is not a live object), then, inside the
/// exception guard, `answer(object, put)`, where put(value) writes a
/// value as every clGet*Info does (writeInfo).
template <class T, class Handle, class F>
cl_int answerInfo(Handle *handle, size_t valueSize, void *value, size_t *valueSizeRet, F &&answer,
                  const char *entry = __builtin_FUNCTION()) noexcept {
  T *object = T::fromHandle(handle);
  if (!object)
    return notALiveObject<T>(entry, handle);
  cl_int result = guarded(
      [&]() -> cl_int {
        auto put = [&](auto v) { return writeInfo(valueSize, value, valueSizeRet, v); };
        return answer(object, put);
      },
      entry);
  if (result == CL_INVALID_VALUE)
    apiError(entry, result,
             "a param_name it does not answer, or param_value_size %zu smaller than the value",
             valueSize);
  return result;
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
