// The verifier after each pass: a pass that leaves broken IR fails the
// build with its own name and the verifier's findings, instead of
// crashing a later pass or the code generator.
#include "compiler/llvm_init.h"
#include "compiler/verify_each_pass.h"

#include <gtest/gtest.h>
#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>

namespace corecl::compiler {
namespace {

/// Removes the terminator of every block: the module no longer verifies.
struct BreakTerminatorsPass : llvm::PassInfoMixin<BreakTerminatorsPass> {
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
    for (llvm::Function &f : module)
      for (llvm::BasicBlock &bb : f)
        if (llvm::Instruction *term = bb.getTerminator())
          term->eraseFromParent();
    return llvm::PreservedAnalyses::none();
  }
};

/// Changes nothing.
struct KeepPass : llvm::PassInfoMixin<KeepPass> {
  llvm::PreservedAnalyses run(llvm::Module &, llvm::ModuleAnalysisManager &) {
    return llvm::PreservedAnalyses::all();
  }
};

template <class... Passes> void runVerified(llvm::Module &module) {
  llvm::PassInstrumentationCallbacks callbacks;
  verifyAfterEachPass(callbacks, module);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(nullptr, llvm::PipelineTuningOptions(), std::nullopt, &callbacks);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes;
  (passes.addPass(Passes()), ...);
  passes.run(module, mam);
}

std::unique_ptr<llvm::Module> smallModule(llvm::LLVMContext &context) {
  llvm::SMDiagnostic error;
  auto module = llvm::parseAssemblyString("define i32 @f(i32 %x) {\n"
                                          "  %y = add i32 %x, 1\n"
                                          "  ret i32 %y\n"
                                          "}\n",
                                          error, context);
  EXPECT_TRUE(module);
  return module;
}

TEST(VerifyEachPass, ValidIrPassesThrough) {
  llvm::LLVMContext context;
  auto module = smallModule(context);
  EXPECT_NO_THROW(runVerified<KeepPass>(*module));
}

TEST(VerifyEachPass, BrokenIrNamesThePassAndTheFinding) {
  llvm::LLVMContext context;
  auto module = smallModule(context);
  try {
    runVerified<KeepPass, BreakTerminatorsPass, KeepPass>(*module);
    FAIL() << "broken IR was not reported";
  } catch (const FatalCompilerError &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("BreakTerminatorsPass"), std::string::npos) << message;
    EXPECT_NE(message.find("left invalid IR"), std::string::npos) << message;
    EXPECT_NE(message.find("terminator"), std::string::npos) << message;
  }
}

} // namespace
} // namespace corecl::compiler
