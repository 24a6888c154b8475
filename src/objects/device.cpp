#include "src/objects/device.h"

#include "compiler/frontend_extensions.h"
#include "src/objects/platform.h"

#include <algorithm>
#include <string>

namespace corecl {

Device::Device(Platform &platform, Device *parent, unsigned computeUnits,
               std::vector<cl_device_partition_property> partitionType)
    : platform_(platform), parent_(parent), computeUnits_(std::max(1u, computeUnits)),
      partitionType_(std::move(partitionType)),
      executor_(std::make_unique<rt::Executor>(computeUnits_)) {}

Device::~Device() = default;

void Device::retainApi() {
  if (!isRoot())
    retainPublic();
}

bool Device::releaseApi() { return isRoot() ? true : releasePublic(); }

cl_ulong Device::globalMemSize() const { return cpu().globalMemBytes; }

cl_ulong Device::maxMemAllocSize() const {
  // A quarter of memory, but never below the full-profile minimum.
  return std::max<cl_ulong>(globalMemSize() / 4, 128ull * 1024 * 1024);
}

const char *Device::extensions() {
  // SPIR-V only where its translator and validator are installed.
  static const std::string list =
      std::string(compiler::frontendExtensions()) +
      " cl_khr_extended_versioning cl_khr_image2d_from_buffer cl_ext_cxx_for_opencl"
      " cl_khr_command_buffer cl_khr_command_buffer_mutable_dispatch" +
      (compiler::spirvToolsAvailable() ? " cl_khr_il_program" : "");
  return list.c_str();
}

const compiler::Target &Device::compilerTarget() const {
  // Every device of the platform is a share of the same CPU.
  static const compiler::Target target = compiler::targetFor(
      DeviceTarget{cpu().isa, cpu().simdBytes, cpu().aarch64Extensions, cpu().sveVectorBytes});
  return target;
}

} // namespace corecl
