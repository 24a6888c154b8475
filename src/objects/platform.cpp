#include "src/objects/platform.h"

#include "src/objects/device.h"
#include "src/version.h"

#include <sstream>

namespace corecl {

Platform &Platform::instance() {
  // Deliberately leaked: ocl-icd and applications may call in from atexit
  // handlers, after static destructors would have run.
  static Platform *platform = new Platform();
  return *platform;
}

Platform::Platform() {
  rootDevice_ = new Device(*this, nullptr, rt::hostCpuInfo().computeUnits, {});
  devices_.push_back(rootDevice_);
}

const char *Platform::versionString() { return "OpenCL 3.0 CoreCL " CORECL_VERSION_STRING; }

const char *Platform::extensions() { return "cl_khr_icd cl_khr_extended_versioning"; }

std::vector<cl_name_version> parseExtensions(const char *names, cl_version version) {
  std::vector<cl_name_version> result;
  std::istringstream in(names);
  std::string name;
  while (in >> name) {
    cl_name_version entry = {};
    // Provisional extensions carry their own version.
    entry.version = name == "cl_khr_command_buffer"                    ? CL_MAKE_VERSION(0, 9, 8)
                    : name == "cl_khr_command_buffer_mutable_dispatch" ? CL_MAKE_VERSION(0, 9, 5)
                                                                       : version;
    name.copy(entry.name, CL_NAME_VERSION_MAX_NAME_SIZE - 1);
    result.push_back(entry);
  }
  return result;
}

std::vector<cl_name_version> Platform::extensionsWithVersion() {
  // cl_khr_icd 1.0.0, cl_khr_extended_versioning 1.0.0
  return parseExtensions(extensions(), CL_MAKE_VERSION(1, 0, 0));
}

} // namespace corecl
