// The second half of a build, for one kernel at a time: work-group
// formation, optimisation and native code generation of a module that
// kernel_split.h cut out of the prepared program.
#pragma once
#include "compiler/compiler.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace corecl::compiler {

/// How a program's kernels are generated (one executable's settings).
struct CodegenSettings {
  Target target;
  bool optDisable = false;   // -cl-opt-disable
  bool groupPackets = false; // packets of groups of one (buildWithGroupPackets)
  /// Assembly text instead of an object (a build for another machine).
  bool assembly = false;
};

struct GeneratedKernel {
  KernelCode facts;   // all but the entry, which the JIT gives
  std::string object; // or the assembly text, with CodegenSettings::assembly
};

/// Generates the kernel `kernelName` of `bitcode` (one module of
/// SplitProgram::kernelBitcodes). False, with the reason in `log`, if
/// something went wrong inside the compiler.
bool generateKernel(const std::string &bitcode, const std::string &kernelName,
                    const CodegenSettings &settings, GeneratedKernel &out, std::string &log);

/// Generates SplitProgram::shared (the program's shared variables and
/// constructors) into `out`.
bool generateShared(llvm::Module &shared, const CodegenSettings &settings, std::string &out,
                    std::string &log);

} // namespace corecl::compiler
