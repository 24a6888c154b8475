#include "src/objects/program.h"

#include "compiler/build_options.h"

namespace corecl {

Program::Program(Context &context, std::string source)
    : context_(&context), source_(std::move(source)) {
  context_->retainInternal();
}

Program::~Program() { context_->releaseInternal(); }

cl_int Program::build(const std::vector<Device *> &requested, const std::string &options) {
  std::vector<Device *> devices = requested.empty() ? context_->devices() : requested;
  if (liveKernels_.load() > 0)
    return CL_INVALID_OPERATION;
  {
    std::lock_guard lock(mutex_);
    for (Device *d : devices)
      builds_[d] = {CL_BUILD_IN_PROGRESS, options, ""};
  }
  compiler::BuildResult result = compiler::buildProgram(source_, options);
  compiler::BuildOptions parsed =
      compiler::parseBuildOptions(options, compiler::OptionsKind::Build);
  std::lock_guard lock(mutex_);
  cl_build_status status =
      result.status == compiler::BuildResult::Success ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  for (Device *d : devices)
    builds_[d] = {status, options, result.log};
  switch (result.status) {
  case compiler::BuildResult::Success:
    executable_ = result.executable;
    kernelArgInfo_ = parsed.kernelArgInfo;
    nonUniform_ = parsed.clVersion() >= 200 && !parsed.uniformWorkGroupSize;
    return CL_SUCCESS;
  case compiler::BuildResult::InvalidOptions:
    for (Device *d : devices)
      builds_[d].status = CL_BUILD_ERROR;
    return CL_INVALID_BUILD_OPTIONS;
  default: return CL_BUILD_PROGRAM_FAILURE;
  }
}

Program::BuildInfo Program::buildInfo(const Device &device) const {
  std::lock_guard lock(mutex_);
  auto it = builds_.find(&device);
  return it == builds_.end() ? BuildInfo{} : it->second;
}

std::shared_ptr<compiler::Executable> Program::executable() const {
  std::lock_guard lock(mutex_);
  return executable_;
}

bool Program::builtFor(const Device &device) const {
  std::lock_guard lock(mutex_);
  auto it = builds_.find(&device);
  return it != builds_.end() && it->second.status == CL_BUILD_SUCCESS && executable_;
}

} // namespace corecl
