#include "compiler/guarded_build.h"

#include "compiler/crash_recovery.h"
#include "compiler/llvm_init.h"

#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>

namespace corecl::compiler {

BuildResult guardedBuild(const std::function<BuildResult()> &body) {
  BuildResult result;
  auto failWith = [&](const std::string &message) {
    result = BuildResult();
    result.log = "error: " + message + "\n";
  };
  auto outOfMemory = [&] {
    failWith("out of memory while compiling; the program was not built");
    result.status = BuildResult::OutOfHostMemory;
  };
  std::string crash;
  bool finished = true;
  try {
    // Here, not on the build thread: its creation needs LLVM's error
    // handlers in place.
    initializeLLVM();
    finished = runRecoveringCrashes(
        [&] {
          try {
            // For tests of crash recovery: a source cannot make the
            // compiler crash on purpose (compileOpenCLC turns Clang's
            // __debug pragmas off), so tests set CORECL_DEBUG_CRASH_BUILD=1.
            if (const char *crash = std::getenv("CORECL_DEBUG_CRASH_BUILD"); crash && *crash == '1')
              __builtin_trap();
            result = body();
          } catch (const FatalCompilerError &e) {
            failWith(e.what());
          } catch (const std::bad_alloc &) {
            outOfMemory();
          } catch (const std::exception &e) {
            failWith(std::string("internal compiler error: ") + e.what());
          }
        },
        crash);
  } catch (const std::bad_alloc &) {
    outOfMemory();
  } catch (const FatalCompilerError &e) {
    failWith(e.what());
  }
  auto startsWith = [&](const char *prefix) { return crash.rfind(prefix, 0) == 0; };
  if (finished)
    return result;
  if (startsWith(kInvalidBinaryNote)) {
    failWith(crash + "; the program was not built.");
    result.status = BuildResult::InvalidBinary;
  } else if (startsWith("stack overflow"))
    failWith(crash + "; the program was not built. Split deeply nested expressions or "
                     "statements into smaller ones.");
  else
    failWith("internal compiler error: the compiler crashed (" + crash +
             "); the program was not built. Please report it to CoreCL with the program's "
             "source and build options.");
  return result;
}

} // namespace corecl::compiler
