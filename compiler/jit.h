// ORC LLJIT for one program: its own execution session, resolving the C
// library (libm for math the builtins defer to) from the process.
#pragma once
#include "compiler/compiler.h"

#include <memory>
#include <string>

namespace corecl::compiler {

class JitProgram;
void destroyJitProgram(JitProgram *program);

struct JitProgramDeleter {
  void operator()(JitProgram *p) const { destroyJitProgram(p); }
};
using JitProgramPtr = std::unique_ptr<JitProgram, JitProgramDeleter>;

/// Loads a relocatable object compiled for the host (from our own code
/// generation or the disk cache) and links it.
JitProgramPtr jitLoadObject(const std::string &object, const Target &target, std::string &log);

/// Address of a function the JIT compiled, or nullptr.
void *jitLookup(JitProgram &program, const std::string &name, std::string &log);

} // namespace corecl::compiler
