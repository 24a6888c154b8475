// passes.def is the one list of CoreCL's passes: every name in it parses
// in a pipeline string, and the work-group pipeline is its work-group
// passes in order.
#include "compiler/passes/pass_registry.h"

#include <gtest/gtest.h>
#include <llvm/Passes/PassBuilder.h>

#include <string>
#include <vector>

namespace corecl::compiler {
namespace {

TEST(PassRegistry, WorkGroupPipelineIsTheListsWorkGroupPassesInOrder) {
  EXPECT_EQ(workGroupPipeline(),
            "corecl-safe-division,corecl-kernel-body,corecl-printf,corecl-local-memory,"
            "corecl-body-packets,corecl-barrier-regions,corecl-group-packets,"
            "corecl-region-packets,corecl-sub-group-reads,corecl-work-group-loops");
}

TEST(PassRegistry, EveryListedPassParses) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder;
  registerCoreCLPasses(builder);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  std::vector<std::string> modulePasses, functionPasses;
#define CORECL_WORK_GROUP_PASS(NAME, CREATE) modulePasses.push_back(NAME);
#define CORECL_MODULE_PASS(NAME, CREATE) modulePasses.push_back(NAME);
#define CORECL_FUNCTION_PASS(NAME, CREATE) functionPasses.push_back(NAME);
#include "compiler/passes/passes.def"
  EXPECT_EQ(modulePasses.size(), 14u);
  EXPECT_EQ(functionPasses.size(), 10u);
  for (const std::string &name : modulePasses) {
    llvm::ModulePassManager passes;
    llvm::Error err = builder.parsePassPipeline(passes, name);
    EXPECT_FALSE(bool(err)) << name << ": " << llvm::toString(std::move(err));
  }
  for (const std::string &name : functionPasses) {
    llvm::ModulePassManager passes;
    llvm::Error err = builder.parsePassPipeline(passes, "function(" + name + ")");
    EXPECT_FALSE(bool(err)) << name << ": " << llvm::toString(std::move(err));
  }
  llvm::ModulePassManager passes;
  llvm::Error unknown = builder.parsePassPipeline(passes, "corecl-no-such-pass");
  EXPECT_TRUE(bool(unknown));
  llvm::consumeError(std::move(unknown));
}

} // namespace
} // namespace corecl::compiler
