// A prepared program (builtins linked, helpers inlined: prepareForWorkGroups)
// cut into one module per kernel, so that each kernel's code is generated
// on its own, when it is first needed and side by side with the others
// (lazy_executable.cpp), plus one module of what the kernels share.
//
// What the kernels share is the program's writable variables (program-scope
// __global variables and static locals, SPIR's address space 1): a kernel
// that writes one and a kernel that reads it must see one copy. They are
// defined once, in the shared module (with the C++ for OpenCL constructors
// that initialise them), and declared with external linkage in every
// kernel's module; the JIT resolves them. Everything else a kernel reaches
// (constants, builtins, its __local variables) is copied into its module
// with internal linkage, so kernel objects define nothing but their
// work-group function and never clash.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace corecl::compiler {

struct SplitProgram {
  /// One bitcode module per name in `kernelNames`, in that order: the
  /// kernel and everything it reaches, other kernels as plain functions.
  std::vector<std::string> kernelBitcodes;
  /// The shared variables and the program's constructors; null if the
  /// program has neither.
  std::unique_ptr<llvm::Module> shared;
};

/// Cuts `prepared`, whose shared variables it first gives external
/// linkage (their names are unique in the module already).
SplitProgram splitByKernel(llvm::Module &prepared, const std::vector<std::string> &kernelNames);

} // namespace corecl::compiler
