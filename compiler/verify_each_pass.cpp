// See verify_each_pass.h. The verifier is linear in the module's size and
// CoreCL's work-group pipeline has a handful of passes, so it always runs
// there, not only in builds with assertions.
#include "compiler/verify_each_pass.h"

#include "compiler/llvm_init.h"

#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

namespace corecl::compiler {

void verifyAfterEachPass(llvm::PassInstrumentationCallbacks &callbacks, llvm::Module &module) {
  callbacks.registerAfterPassCallback(
      [&module](llvm::StringRef pass, llvm::Any, const llvm::PreservedAnalyses &) {
        std::string findings;
        llvm::raw_string_ostream out(findings);
        if (llvm::verifyModule(module, &out))
          throw FatalCompilerError("internal compiler error: pass " + pass.str() +
                                   " left invalid IR:\n" + out.str());
      });
}

} // namespace corecl::compiler
