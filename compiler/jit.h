// ORC LLJIT for one program: its own execution session, resolving the C
// library (libm for math the builtins defer to) from the process.
#pragma once
#include "compiler/compiler.h"

#include <cstdint>
#include <memory>
#include <string>

namespace corecl::compiler {

class JitProgram;
void destroyJitProgram(JitProgram *program);

struct JitProgramDeleter {
  void operator()(JitProgram *p) const { destroyJitProgram(p); }
};
using JitProgramPtr = std::unique_ptr<JitProgram, JitProgramDeleter>;

/// A JIT for one executable's code, with nothing loaded yet.
JitProgramPtr jitCreate(const Target &target, std::string &log);

/// Loads a relocatable object compiled for the host (from our own code
/// generation or the disk cache) into `program`, where it may use what the
/// objects loaded before it define and the reverse. Thread-safe. With
/// `removable`, the object can be taken out again (jitRemoveObject): its
/// number is stored there.
bool jitAddObject(JitProgram &program, const std::string &object, std::string &log,
                  uint64_t *removable = nullptr);

/// Takes object `number` (jitAddObject's `removable`) out of `program`, its
/// symbols with it: after a lookup failed to link it (the JIT keeps a
/// symbol whose linking failed in error for good), it can be loaded again.
void jitRemoveObject(JitProgram &program, uint64_t number);

/// Address of a function the JIT compiled, or nullptr.
void *jitLookup(JitProgram &program, const std::string &name, std::string &log);

} // namespace corecl::compiler
