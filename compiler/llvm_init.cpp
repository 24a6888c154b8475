#include "compiler/llvm_init.h"

#include "compiler/crash_recovery.h"

#include <llvm/Support/CommandLine.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/TargetSelect.h>

#include <mutex>
#include <new>

namespace corecl::compiler {
namespace {

// LLVM calls these instead of exiting or aborting. On a build thread the
// build ends at once (abandonBuild: LLVM's frames have no exception
// handling, so unwinding them with an exception would run half the
// destructors of objects they own); elsewhere the exception reaches the
// API entry point, which reports it.
void onFatalError(void *, const char *reason, bool) {
  abandonBuild(/*outOfMemory=*/false, reason);
  throw FatalCompilerError(std::string("LLVM fatal error: ") + reason);
}

// LLVM's allocations that fail (without a handler: "LLVM ERROR: out of
// memory" and abort) become CL_OUT_OF_HOST_MEMORY.
void onBadAlloc(void *, const char *reason, bool) {
  abandonBuild(/*outOfMemory=*/true, reason);
  throw std::bad_alloc();
}

} // namespace

void initializeLLVM() {
  static std::once_flag once;
  std::call_once(once, [] {
    // The handlers first: initialisation allocates too.
    llvm::install_fatal_error_handler(onFatalError, nullptr);
    llvm::install_bad_alloc_error_handler(onBadAlloc, nullptr);
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    // For compiler developers: LLVM's own options (-opt-bisect-limit=N,
    // -print-after=..., -debug-only= in assertion builds) from
    // CORECL_LLVM_OPTIONS, to find which pass changes a result inside a
    // real application.
    const char *argv[] = {"corecl"};
    llvm::cl::ParseCommandLineOptions(1, argv, "", nullptr, "CORECL_LLVM_OPTIONS");
  });
}

} // namespace corecl::compiler

// Debian's static LLVM and Clang archives register Polly as a statically
// linked pass plugin (LLVM's Extension.def), but Polly is shipped only as
// a loadable module. CoreCL never runs Polly: this empty plugin satisfies
// the reference and registers nothing.
#include <llvm/Passes/PassPlugin.h>

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "corecl-no-polly", "0", [](llvm::PassBuilder &) {}};
}
