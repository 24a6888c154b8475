// Small pieces the rows' host references and registrations share.
#pragma once
#include "kernels.h"

#include <CL/cl.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace bench {

/// Whether `d`'s device lists the OpenCL C feature `name`
/// (CL_DEVICE_OPENCL_C_FEATURES), for rows that need an optional one.
inline bool hasFeature(const Driver &d, const char *name) {
  size_t size = 0;
  if (clGetDeviceInfo(d.device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr, &size) != CL_SUCCESS)
    return false;
  std::vector<cl_name_version> features(size / sizeof(cl_name_version));
  if (clGetDeviceInfo(d.device, CL_DEVICE_OPENCL_C_FEATURES, size, features.data(), nullptr) !=
      CL_SUCCESS)
    return false;
  for (const cl_name_version &f : features)
    if (std::strcmp(f.name, name) == 0)
      return true;
  return false;
}

/// |got - want| within `relative` x (1 + |want|): relative for large
/// values, absolute near zero, where a relative bound would demand more
/// digits than float rounding leaves.
inline bool near(double got, double want, double relative) {
  return std::fabs(got - want) <= relative * (1 + std::fabs(want));
}

/// Whether `ok(i)` holds for i = 0, step, 2 step, ... below n: every
/// element with step 1, or a sample where the host reference for every
/// element would take longer than the row itself.
template <class Check> bool checkEvery(size_t step, size_t n, Check ok) {
  for (size_t i = 0; i < n; i += step)
    if (!ok(i))
      return false;
  return true;
}

/// `n` pseudo-random bytes skewed towards low values like image data, so
/// that some bins of a histogram of them are hot (the histogram rows).
inline std::vector<unsigned char> skewedBytes(size_t n) {
  std::vector<unsigned char> data(n);
  uint32_t state = 2463534242u;
  for (unsigned char &value : data) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    value = (unsigned char)((state & 0xff) * ((state >> 8) & 0xff) >> 8);
  }
  return data;
}

/// The 256-bin histogram of `data`.
inline std::vector<cl_uint> histogramOf(const std::vector<unsigned char> &data) {
  std::vector<cl_uint> bins(256, 0);
  for (unsigned char value : data)
    ++bins[value];
  return bins;
}

/// Whether `result` holds the inclusive scan of each `block` elements of
/// `in`, exactly (unsigned sums wrap the same way on both sides).
inline bool blockScanMatches(const std::vector<cl_uint> &in, const std::vector<cl_uint> &result,
                             size_t block) {
  for (size_t start = 0; start < in.size(); start += block) {
    cl_uint sum = 0;
    for (size_t i = start; i < start + block && i < in.size(); ++i) {
      sum += in[i];
      if (result[i] != sum)
        return false;
    }
  }
  return true;
}

/// Appends one `Row` per constructor argument, in order.
template <class Row, class... Kinds>
void addRows(std::vector<std::unique_ptr<Benchmark>> &list, Kinds... kinds) {
  (list.push_back(std::make_unique<Row>(kinds)), ...);
}

} // namespace bench
