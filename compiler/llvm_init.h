// One-time process setup for the LLVM side: native target registration and
// the fatal-error handler that turns LLVM aborts into build failures.
#pragma once
#include <stdexcept>
#include <string>

namespace corecl::compiler {

/// Thrown (from LLVM's fatal-error handler) instead of aborting the process.
struct FatalCompilerError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void initializeLLVM();

} // namespace corecl::compiler
