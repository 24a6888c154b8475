// A sampler: how a kernel's image reads address and filter (issue 13). The
// host object only keeps its settings; kernels get them with the argument.
#pragma once
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
