// The OpenCL C extensions CoreCL's front end enables, which the device
// reports in CL_DEVICE_EXTENSIONS: one list, so the two cannot disagree.
#pragma once

namespace corecl::compiler {

const char *frontendExtensions();

} // namespace corecl::compiler
