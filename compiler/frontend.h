// Clang in-process: OpenCL C source to an LLVM module for spir64 (distinct
// address spaces, no target ABI coercion of kernel arguments). The module
// is retargeted to the host later (program_builder.cpp).
#pragma once
#include "compiler/build_options.h"
#include "compiler/compiler.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace corecl::compiler {

/// Compiles `source`; on failure returns nullptr. Diagnostics, warnings
/// included, are appended to `log` as "source.cl:LINE:COL: error: ...".
std::unique_ptr<llvm::Module> compileOpenCLC(llvm::LLVMContext &context,
                                             const std::string &source,
                                             const BuildOptions &options,
                                             const std::vector<HeaderFile> &headers,
                                             std::string &log);

} // namespace corecl::compiler
