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
/// With `formed`, `bitcode` is the module formKernel formed (its
/// formation is not run again).
bool generateKernel(const std::string &bitcode, const std::string &kernelName,
                    const CodegenSettings &settings, GeneratedKernel &out, std::string &log,
                    bool formed = false);

/// Forms kernel `kernelName`'s work-group function from `bitcode` as
/// generateKernel does and returns what formation decided (`facts`; no
/// entry) and the formed module (`formed`, bitcode for generateKernel),
/// without optimising or generating code: what the API's queries of a
/// kernel need, at a tenth or so of the cost.
bool formKernel(const std::string &bitcode, const std::string &kernelName,
                const CodegenSettings &settings, KernelCode &facts, std::string &formed,
                std::string &log);

/// Generates SplitProgram::shared (the program's shared variables and
/// constructors) into `out`.
bool generateShared(llvm::Module &shared, const CodegenSettings &settings, std::string &out,
                    std::string &log);

} // namespace corecl::compiler
