// The Executable of a built program: its kernels' prepared modules
// (kernel_split.h), each generated into native code the first time it is
// asked for (kernel_codegen.h), found in the disk cache under its own key
// or generated on a build thread, and loaded into the program's JIT beside
// the object of the variables they share.
#pragma once
#include "compiler/compiler.h"
#include "compiler/kernel_codegen.h"

#include <memory>
#include <string>
#include <vector>

namespace corecl::compiler {

struct ProgramCode {
  std::vector<KernelDesc> kernels;
  std::vector<std::string> kernelBitcodes; // index-aligned with kernels
  std::string sharedObject;                // "" if the program has no shared variables
  bool programConstructors = false;        // sharedObject defines kProgramInitName
  CodegenSettings settings;
  /// What names the program in the disk cache (its bitcode's key): each
  /// kernel's code is kept under it and the kernel's name; "" without the
  /// cache.
  std::string cacheId;
};

/// Loads the shared object (running the program's constructors) and
/// returns the executable; nullptr, with a log line, if loading failed.
std::shared_ptr<Executable> loadExecutable(ProgramCode code, std::string &log);

} // namespace corecl::compiler
