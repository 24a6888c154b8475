// A program object: its source, and after a successful build the compiled
// executable (shared by every device of the context: they are all the same
// CPU) with the build status, options and log per device.
#pragma once
#include "compiler/compiler.h"
#include "src/objects/context.h"
#include "src/objects/object.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace corecl {

class Program : public Object<Program, _cl_program, Tag::Program> {
public:
  Program(Context &context, std::string source);
  ~Program();

  Context &context() const { return *context_; }
  const std::string &source() const { return source_; }

  struct BuildInfo {
    cl_build_status status = CL_BUILD_NONE;
    std::string options;
    std::string log;
  };

  /// Builds for `devices` (all of the context's if empty). Returns the
  /// clBuildProgram result code.
  cl_int build(const std::vector<Device *> &devices, const std::string &options);
  BuildInfo buildInfo(const Device &device) const;

  /// The executable once a build succeeded, else nullptr.
  std::shared_ptr<compiler::Executable> executable() const;
  bool builtFor(const Device &device) const;
  bool kernelArgInfoRequested() const { return kernelArgInfo_; }
  bool nonUniformWorkGroups() const { return nonUniform_; }

  /// Kernels created from the program (a rebuild is refused while any exist).
  void kernelCreated() { ++liveKernels_; }
  void kernelReleased() { --liveKernels_; }

private:
  Context *context_; // internally retained
  std::string source_;
  mutable std::mutex mutex_;
  std::map<const Device *, BuildInfo> builds_;
  std::shared_ptr<compiler::Executable> executable_;
  bool kernelArgInfo_ = false;
  bool nonUniform_ = false;
  std::atomic<int> liveKernels_{0};
};

} // namespace corecl
