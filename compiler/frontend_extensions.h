// The OpenCL C extensions and OpenCL C 3.0 optional features CoreCL's
// front end enables, which the device reports in CL_DEVICE_EXTENSIONS and
// CL_DEVICE_OPENCL_C_FEATURES: one list each, so the two cannot disagree.
#pragma once

namespace corecl::compiler {

const char *frontendExtensions();

/// Space-separated __opencl_c_* feature macros.
const char *frontendFeatures();

} // namespace corecl::compiler
