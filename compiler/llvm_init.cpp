#include "compiler/llvm_init.h"

#include <llvm/Support/CommandLine.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/TargetSelect.h>

#include <mutex>

namespace corecl::compiler {
namespace {

// LLVM calls this instead of exiting. LLVM is built with unwind tables, so
// the exception reaches the build entry point, which reports it in the log.
// (Frames it unwinds leak what they own; the host process survives.)
void onFatalError(void *, const char *reason, bool) {
  throw FatalCompilerError(std::string("LLVM fatal error: ") + reason);
}

} // namespace

void initializeLLVM() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    llvm::install_fatal_error_handler(onFatalError, nullptr);
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
