// Passes whose time grows with the square of a block's length are skipped
// on functions with a block past the limit, and full unrolling inside loop
// nests past theirs (compiler/bounded_passes.h), and only there.
#include "compiler/bounded_passes.h"
#include "compiler/compiler.h"
#include "compiler/llvm_init.h"
#include "compiler/pipeline.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassInstrumentation.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Target/TargetMachine.h>

#include <gtest/gtest.h>

#include <string>

namespace corecl::compiler {
namespace {

/// Runs `pipeline` on `module` with CoreCL's bounds on quadratic passes,
/// for `machine`'s vector registers if given.
void runWithCoreCLBounds(llvm::Module &module, llvm::StringRef pipeline,
                         llvm::TargetMachine *machine = nullptr) {
  llvm::PassInstrumentationCallbacks instrumentation;
  skipQuadraticPassesOnHugeBlocks(instrumentation);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(machine, llvm::PipelineTuningOptions(), std::nullopt, &instrumentation);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes;
  EXPECT_FALSE(builder.parsePassPipeline(passes, pipeline));
  passes.run(module, mam);
}

/// `ir` parsed and run through `pipeline` with CoreCL's bounds; null if
/// it does not parse.
std::unique_ptr<llvm::Module> parseAndRun(llvm::LLVMContext &context, const std::string &ir,
                                          llvm::StringRef pipeline,
                                          llvm::TargetMachine *machine = nullptr) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(ir, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  if (!module)
    return module;
  if (machine) {
    module->setDataLayout(machine->createDataLayout());
    module->setTargetTriple(machine->getTargetTriple().str());
  }
  runWithCoreCLBounds(*module, pipeline, machine);
  return module;
}

/// `filler` additions in a chain, %a0 to %a<filler-1>, from %x.
std::string additionChain(int filler) {
  std::string ir = "  %a0 = add i32 %x, 1\n";
  for (int i = 1; i < filler; ++i)
    ir += "  %a" + std::to_string(i) + " = add i32 %a" + std::to_string(i - 1) + ", 1\n";
  return ir;
}

/// Whether @f of `module` (null: not parsed) loads a vector.
bool loadsAVector(const llvm::Module *module) {
  if (!module)
    return false;
  for (const llvm::Instruction &inst : llvm::instructions(*module->getFunction("f")))
    if (llvm::isa<llvm::LoadInst>(inst) && inst.getType()->isVectorTy())
      return true;
  return false;
}

/// A scalar load put into a vector's first element, which VectorCombine
/// widens to a vector load, after `filler` additions in the same block.
std::string loadInsertAfter(int filler) {
  std::string ir = "define <4 x float> @f(ptr dereferenceable(16) align 16 %p, i32 %x) {\n" +
                   additionChain(filler);
  ir += "  store volatile i32 %a" + std::to_string(filler - 1) +
        ", ptr %p\n"
        "  %s = load float, ptr %p, align 16\n"
        "  %v = insertelement <4 x float> poison, float %s, i64 0\n"
        "  ret <4 x float> %v\n}\n";
  return ir;
}

/// Whether VectorCombine, run with CoreCL's instrumentation, widened the load.
bool vectorCombineWidens(int filler) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      parseAndRun(context, loadInsertAfter(filler), "function(vector-combine)");
  if (module)
    EXPECT_EQ(hasHugeBlock(*module->getFunction("f")), filler > 6000);
  return loadsAVector(module.get());
}

TEST(BoundedPasses, VectorCombineRunsOnOrdinaryBlocks) {
  EXPECT_TRUE(vectorCombineWidens(100));
}

TEST(BoundedPasses, VectorCombineSkipsHugeBlocks) {
  EXPECT_FALSE(vectorCombineWidens(6500));
}

/// A sum of eight neighbouring loads, which SLP turns into one vector load
/// and a reduction, after `filler` additions in the same block.
std::string reductionAfter(int filler) {
  std::string ir = "define i32 @f(ptr %p, i32 %x) {\n" + additionChain(filler);
  ir += "  store volatile i32 %a" + std::to_string(filler - 1) + ", ptr %p\n";
  for (int i = 0; i < 8; ++i)
    ir += "  %q" + std::to_string(i) + " = getelementptr inbounds i32, ptr %p, i64 " +
          std::to_string(i + 1) + "\n  %l" + std::to_string(i) + " = load i32, ptr %q" +
          std::to_string(i) + ", align 4\n";
  ir += "  %s1 = add i32 %l0, %l1\n";
  for (int i = 2; i < 8; ++i)
    ir += "  %s" + std::to_string(i) + " = add i32 %s" + std::to_string(i - 1) + ", %l" +
          std::to_string(i) + "\n";
  ir += "  ret i32 %s7\n}\n";
  return ir;
}

/// Whether SLP, run with CoreCL's instrumentation for the host, vectorised
/// the sum.
bool slpReduces(int filler) {
  initializeLLVM();
  std::unique_ptr<llvm::TargetMachine> machine = createHostTargetMachine(hostTarget());
  EXPECT_TRUE(machine);
  llvm::LLVMContext context;
  return loadsAVector(
      parseAndRun(context, reductionAfter(filler), "function(slp-vectorizer)", machine.get())
          .get());
}

TEST(BoundedPasses, SlpRunsOnOrdinaryBlocks) {
  EXPECT_TRUE(slpReduces(100));
}

TEST(BoundedPasses, SlpSkipsHugeBlocks) {
  EXPECT_FALSE(slpReduces(6500));
}

/// A loop of 4 trips inside an outer loop of `filler` more blocks.
std::string smallLoopInNestOf(int filler) {
  std::string ir = "define void @f(ptr %p, i32 %n) {\n"
                   "entry:\n  br label %outer\n"
                   "outer:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]\n  br label %inner\n"
                   "inner:\n  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]\n"
                   "  %a = getelementptr i32, ptr %p, i32 %j\n  store volatile i32 %i, ptr %a\n"
                   "  %j.next = add i32 %j, 1\n  %more = icmp ult i32 %j.next, 4\n"
                   "  br i1 %more, label %inner, label %b0\n";
  for (int i = 0; i < filler; ++i)
    ir += "b" + std::to_string(i) + ":\n  store volatile i32 " + std::to_string(i) +
          ", ptr %p\n  br label %" + (i + 1 < filler ? "b" + std::to_string(i + 1) : "latch") +
          "\n";
  ir += "latch:\n  %i.next = add i32 %i, 1\n  %again = icmp ult i32 %i.next, %n\n"
        "  br i1 %again, label %outer, label %exit\n"
        "exit:\n  ret void\n}\n";
  return ir;
}

/// Whether full unrolling, run with CoreCL's instrumentation, unrolled the
/// inner loop.
bool unrollsInnerLoop(int filler) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      parseAndRun(context, smallLoopInNestOf(filler), "function(loop(loop-unroll-full))");
  if (!module)
    return false;
  for (llvm::Instruction &inst : llvm::instructions(*module->getFunction("f")))
    if (inst.getName() == "j")
      return false;
  return true;
}

TEST(BoundedPasses, FullUnrollingRunsInOrdinaryNests) {
  EXPECT_TRUE(unrollsInnerLoop(10));
}

TEST(BoundedPasses, FullUnrollingSkipsLoopsInHugeNests) {
  EXPECT_FALSE(unrollsInnerLoop(2100));
}

} // namespace
} // namespace corecl::compiler
