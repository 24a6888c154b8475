// Program-scope constructors of C++ for OpenCL (-cl-std=CLC++...): Clang
// lists them in llvm.global_ctors, each an internal kernel-convention
// function. They become one function the JIT loader calls once when it
// loads a program's code, before any kernel runs.
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace corecl::compiler {

/// The function that runs a program's constructors, in priority order.
inline constexpr const char *kProgramInitName = "__corecl_program_init";

/// Replaces llvm.global_ctors by kProgramInitName (which calls each
/// constructor in priority order); returns whether there was any
/// constructor. Destructors are not run: Clang 19 registers them with
/// __cxa_atexit and a null object for OpenCL's address spaces (it cannot
/// name the object's address in that call), so those calls are removed
/// and a program reports CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT false.
bool lowerProgramConstructors(llvm::Module &module);

} // namespace corecl::compiler
