// Runs LLVM's IR verifier after every pass of a pipeline, so that a pass
// which leaves broken IR is named at once instead of crashing a later pass
// or the code generator far from the cause.
#pragma once
#include <llvm/IR/PassInstrumentation.h>

namespace llvm {
class Module;
} // namespace llvm

namespace corecl::compiler {

/// After each pass that `callbacks` instruments, verifies `module` and, if
/// it is broken, throws FatalCompilerError naming the pass and the
/// verifier's findings (a build then fails with them in its log).
void verifyAfterEachPass(llvm::PassInstrumentationCallbacks &callbacks, llvm::Module &module);

} // namespace corecl::compiler
