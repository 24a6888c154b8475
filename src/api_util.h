// Helpers shared by the entry points: answering clGet*Info queries, and
// keeping C++ exceptions (above all std::bad_alloc) from crossing the C API.
#pragma once
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

/// Runs an entry point's body, turning escaped exceptions into error codes.
template <class F> cl_int guarded(F &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return CL_OUT_OF_HOST_MEMORY;
  } catch (const std::length_error &) { // a size no container can hold
    return CL_OUT_OF_HOST_MEMORY;
  } catch (...) {
    return CL_OUT_OF_RESOURCES;
  }
}

/// The same for entry points that return an object and report through
/// errcode_ret.
template <class F> auto guardedCreate(cl_int *errcodeRet, F &&body) noexcept -> decltype(body()) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return withError<std::remove_pointer_t<decltype(body())>>(errcodeRet, CL_OUT_OF_HOST_MEMORY);
  } catch (const std::length_error &) { // a size no container can hold
    return withError<std::remove_pointer_t<decltype(body())>>(errcodeRet, CL_OUT_OF_HOST_MEMORY);
  } catch (...) {
    return withError<std::remove_pointer_t<decltype(body())>>(errcodeRet, CL_OUT_OF_RESOURCES);
  }
}

/// The opening every clGet*Info shares: the handle checked (its type's
/// CL_INVALID_* code if it is not a live object), then, inside the
/// exception guard, `answer(object, put)`, where put(value) writes a
/// value as every clGet*Info does (writeInfo).
template <class T, class Handle, class F>
cl_int answerInfo(Handle *handle, size_t valueSize, void *value, size_t *valueSizeRet,
                  F &&answer) noexcept {
  T *object = T::fromHandle(handle);
  if (!object)
    return T::kInvalidHandle;
  return guarded([&]() -> cl_int {
    auto put = [&](auto v) { return writeInfo(valueSize, value, valueSizeRet, v); };
    return answer(object, put);
  });
}

/// clRetain*: one more public reference on the live object `handle` names
/// (a device's own rule: the root device is never counted).
template <class T, class Handle> cl_int retainHandle(Handle *handle) {
  T *object = T::fromHandle(handle);
  if (!object)
    return T::kInvalidHandle;
  if constexpr (requires { object->retainApi(); })
    object->retainApi();
  else
    object->retainPublic();
  return CL_SUCCESS;
}

/// clRelease*: one public reference less; an object whose public count is
/// already zero is no longer the application's to release.
template <class T, class Handle> cl_int releaseHandle(Handle *handle) {
  T *object = T::fromHandle(handle);
  bool released;
  if constexpr (requires { object->releaseApi(); })
    released = object && object->releaseApi();
  else
    released = object && object->releasePublic();
  return released ? CL_SUCCESS : T::kInvalidHandle;
}

} // namespace corecl
