// A sampler: how a kernel's image reads address and filter (issue 13). The
// host object only keeps its settings; kernels get them with the argument.
#pragma once
#include "include/corecl/image_abi.h"
#include "src/objects/context.h"
#include "src/objects/object.h"

#include <vector>

namespace corecl {

class Sampler : public Object<Sampler, _cl_sampler, Tag::Sampler> {
public:
  Sampler(Context &context, bool normalizedCoords, cl_addressing_mode addressing,
          cl_filter_mode filter, std::vector<cl_sampler_properties> properties)
      : context_(&context), normalizedCoords_(normalizedCoords), addressing_(addressing),
        filter_(filter), properties_(std::move(properties)) {}

  Context &context() const { return *context_; }
  bool normalizedCoords() const { return normalizedCoords_; }
  cl_addressing_mode addressing() const { return addressing_; }
  cl_filter_mode filter() const { return filter_; }
  /// The sampler as a kernel receives it: OpenCL C's CLK_* bits.
  uint32_t bits() const {
    uint32_t b = normalizedCoords_ ? CORECL_SAMPLER_NORMALIZED_COORDS : 0;
    // CL_ADDRESS_NONE ... CL_ADDRESS_MIRRORED_REPEAT are 0x1130 ... 0x1134,
    // the CLK_ADDRESS_* values 0, 2, ... 8.
    b |= uint32_t(addressing_ - CL_ADDRESS_NONE) * 2;
    b |= filter_ == CL_FILTER_LINEAR ? CORECL_SAMPLER_FILTER_LINEAR : CORECL_SAMPLER_FILTER_NEAREST;
    return b;
  }
  /// CL_SAMPLER_PROPERTIES: as given to clCreateSamplerWithProperties.
  const std::vector<cl_sampler_properties> &properties() const { return properties_; }

private:
  Ref<Context> context_;
  bool normalizedCoords_;
  cl_addressing_mode addressing_;
  cl_filter_mode filter_;
  std::vector<cl_sampler_properties> properties_;
};

} // namespace corecl
