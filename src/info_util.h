// Answering clGet*Info queries the way the spec asks of all of them, with
// the reason for a CL_INVALID_VALUE told to CORECL_DEBUG=api.
#pragma once
#include "src/api_util.h"

#include <CL/cl.h>

#include <cstring>
#include <string>
#include <utility>
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

/// The application's buffer of one query: put(value) (or put(data,
/// bytes)) writes an answer into it as writeInfo does.
struct InfoBuffer {
  size_t size;
  void *value;
  size_t *sizeRet;
  template <class... V> cl_int operator()(V &&...answer) const {
    return writeInfo(size, value, sizeRet, std::forward<V>(answer)...);
  }
};

/// Answers one clGet*Info query inside the exception guard, as
/// answer(put) with put an InfoBuffer. A CL_INVALID_VALUE is told to
/// CORECL_DEBUG=api in words: the query, asked again for its size only,
/// tells a param_value_size too small from a param_name not answered.
template <class F>
cl_int answerQuery(const char *entry, cl_uint paramName, size_t valueSize, void *value,
                   size_t *valueSizeRet, F &&answer) noexcept {
  cl_int result = guarded(
      [&] {
        return answer(InfoBuffer{valueSize, value, valueSizeRet});
      },
      entry);
  if (result != CL_INVALID_VALUE || !debugging(DebugArea::Api))
    return result;
  size_t bytes = 0;
  if (guarded([&] { return answer(InfoBuffer{0, nullptr, &bytes}); }, entry) == CL_SUCCESS)
    return apiError(entry, result,
                    "param_value_size %zu is smaller than the %zu-byte answer to "
                    "param_name 0x%x",
                    valueSize, bytes, paramName);
  return apiError(entry, result, "param_name 0x%x is not a query it answers", paramName);
}

/// The opening every clGet*Info on an object shares: the handle checked
/// (its type's CL_INVALID_* code if it is not a live object), then
/// answerQuery with answer(object, put).
template <class T, class Handle, class F>
cl_int answerInfo(Handle *handle, cl_uint paramName, size_t valueSize, void *value,
                  size_t *valueSizeRet, F &&answer,
                  const char *entry = __builtin_FUNCTION()) noexcept {
  T *object;
  // The template itself, never a narrower overload (resolve for host
  // queues): every live object of T has its info.
  if (cl_int err = resolve<T>(handle, object, entry))
    return err;
  return answerQuery(entry, paramName, valueSize, value, valueSizeRet,
                     [&](InfoBuffer put) { return answer(object, put); });
}

} // namespace corecl
