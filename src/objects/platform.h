// The one CoreCL platform and its root CPU device.
#pragma once
#include "src/objects/object.h"

#include <string>
#include <vector>

namespace corecl {

class Device;

class Platform : public Object<Platform, _cl_platform_id, Tag::Platform> {
public:
  /// The process-wide platform, created on first use and never destroyed
  /// (the ICD loader may call into CoreCL during process teardown).
  static Platform &instance();

  Device &rootDevice() { return *rootDevice_; }
  const std::vector<Device *> &devices() const { return devices_; }

  static const char *name() { return "CoreCL"; }
  static const char *vendor() { return "CoreCL"; }
  static const char *profile() { return "FULL_PROFILE"; }
  static const char *versionString();
  static const char *icdSuffix() { return "CoreCL"; }
  /// Space-separated platform extension names.
  static const char *extensions();
  static std::vector<cl_name_version> extensionsWithVersion();

private:
  Platform();
  Device *rootDevice_;
  std::vector<Device *> devices_;
};

/// Splits a space-separated extension string into cl_name_version entries.
std::vector<cl_name_version> parseExtensions(const char *names, cl_version version);

} // namespace corecl
