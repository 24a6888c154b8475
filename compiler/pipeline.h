// The LLVM side of a build, step by step (program_builder.cpp strings them
// together): linking the builtins, preparing, retargeting to the host,
// optimising, checking for undefined functions, and the JIT.
#pragma once
#include "compiler/compiler.h"

#include <memory>
#include <string>

namespace llvm {
class DiagnosticInfo;
class Module;
class TargetMachine;
namespace orc {
class LLJIT;
}
} // namespace llvm

namespace corecl::compiler {

/// Links CoreCL's builtins bitcode for `isa` (builtins/), keeping only what
/// the module uses.
bool linkBuiltins(llvm::Module &module, IsaLevel isa, std::string &log);

/// Inlines every user function into the kernels that call it and cleans up
/// (SROA, CSE, CFG simplification), so work-group formation sees one body.
void prepareForWorkGroups(llvm::Module &module);

/// Runs the work-group formation passes (passes/pass_registry.h) over every
/// kernel: each kernel is replaced by its `<name>.wg` function.
/// With `groupPackets`, also packets of groups of one work-item
/// (CORECL_PACKET_WIDTH overrides either way).
void runWorkGroupPipeline(llvm::Module &module, const Target &target, bool groupPackets = false);

/// Host target machine for `target` (tuned for the CPU it describes).
std::unique_ptr<llvm::TargetMachine> createHostTargetMachine(const Target &target);

/// Switches the module from spir64 to the host: triple, data layout, calling
/// conventions, and CPU attributes on every function.
void retargetToHost(llvm::Module &module, llvm::TargetMachine &machine, const Target &target);

/// O3 (or a minimal pipeline for -cl-opt-disable) for the host CPU.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine, bool optDisable);

/// Native code generation: the module as a relocatable object file.
std::string emitObject(llvm::Module &module, llvm::TargetMachine &machine);

/// Native code generation: the module as assembly text.
std::string emitAssembly(llvm::Module &module, llvm::TargetMachine &machine);

/// Reports calls to functions nobody defines (a builtin CoreCL lacks, or a
/// function the program declares and never defines), demangled, one per
/// line. Empty if none. `beforeWorkGroups`: the module is prepared
/// (prepareForWorkGroups), and what work-group formation lowers is not
/// missing.
std::string undefinedFunctions(const llvm::Module &module, bool beforeWorkGroups = false);

/// The module as bitcode.
std::string writeBitcode(const llvm::Module &module);

/// An LLVMContext diagnostic handler (setDiagnosticHandlerCallBack) that
/// keeps LLVM's diagnostics away from the application's stderr: errors
/// are appended to the std::string `log` points to, as "error: ..." lines;
/// notes (a loop left scalar) are not actionable for a kernel's author and
/// are dropped.
void appendLlvmErrors(const llvm::DiagnosticInfo *info, void *log);

/// Writes the module's IR or assembly for users who asked (CORECL_DUMP_IR,
/// CORECL_DUMP_ASM: a directory); `assembly` false skips the latter (the
/// work-group functions before optimisation are dumped as IR only).
void dumpIfRequested(const llvm::Module &module, llvm::TargetMachine &machine,
                     const std::string &tag, bool assembly = true);

} // namespace corecl::compiler
