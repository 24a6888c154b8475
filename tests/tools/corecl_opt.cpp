// corecl-opt: runs CoreCL's compiler passes by name over an LLVM IR file
// and prints the result, for the FileCheck tests in tests/passes. The IR
// is verified after every pass.
//   corecl_opt -passes=corecl-kernel-body,corecl-barrier-regions input.ll
// Options: -simd-bytes=N (the target's widest register, 64 by default),
// -packet-width=N (lanes of packets of groups of one; 0 chooses),
// -region-packets[=N] (packets of a group's work-items, N lanes; 0 or none
// chooses), -body-packets (packets of kernel bodies without barriers),
// -target-cpu=NAME (a target machine for the module's triple and that CPU,
// so that passes asking the target, through TargetTransformInfo, see it;
// functions' own "target-cpu" and "prefer-vector-width" attributes count),
// -image-access-budget=N (instructions of image accesses a kernel may have
// inlined), -lane-by-lane-packet=N (instructions above which a packet
// mostly lane by lane is refused).
#include "compiler/passes/pass_registry.h"
#include "compiler/verify_each_pass.h"

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

int main(int argc, char **argv) {
  std::string pipeline, input, cpu;
  corecl::compiler::WorkGroupLoopsOptions options{64};
  unsigned registers = 0; // 0: as many as the width's x86-64 level has
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "-passes=", 8) == 0)
      pipeline = argv[i] + 8;
    else if (std::strncmp(argv[i], "-packet-width=", 14) == 0)
      options.packetWidth = unsigned(std::atoi(argv[i] + 14));
    else if (std::strcmp(argv[i], "-body-packets") == 0)
      options.bodyPackets = true;
    else if (std::strcmp(argv[i], "-region-packets") == 0)
      options.regionPackets = corecl::compiler::RegionPacketKernels::All;
    else if (std::strcmp(argv[i], "-region-packets=barriers") == 0)
      options.regionPackets = corecl::compiler::RegionPacketKernels::WithBarriers;
    else if (std::strncmp(argv[i], "-region-packets=", 16) == 0)
      options.regionPackets = corecl::compiler::RegionPacketKernels::All,
      options.regionPacketWidth = unsigned(std::atoi(argv[i] + 16));
    else if (std::strncmp(argv[i], "-target-cpu=", 12) == 0)
      cpu = argv[i] + 12;
    else if (std::strncmp(argv[i], "-simd-bytes=", 12) == 0)
      options.simdBytes = unsigned(std::atoi(argv[i] + 12));
    else if (std::strncmp(argv[i], "-image-access-budget=", 21) == 0)
      options.inlinedImageAccessBudget = unsigned(std::atoi(argv[i] + 21));
    else if (std::strncmp(argv[i], "-lane-by-lane-packet=", 21) == 0)
      options.laneByLanePacketLimit = unsigned(std::atoi(argv[i] + 21));
    else if (std::strncmp(argv[i], "-vector-registers=", 18) == 0)
      registers = unsigned(std::atoi(argv[i] + 18));
    else
      input = argv[i];
  }
  options.vectorRegisters = registers ? registers : options.simdBytes >= 64 ? 32 : 16;
  if (pipeline.empty() || input.empty()) {
    llvm::errs() << "usage: corecl_opt -passes=<pipeline> [-simd-bytes=N] [-vector-registers=N] "
                    "[-packet-width=N] "
                    "[-region-packets[=N|=barriers]] [-body-packets] [-target-cpu=NAME] "
                    "[-image-access-budget=N] [-lane-by-lane-packet=N] <file.ll>\n";
    return 2;
  }
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module = llvm::parseIRFile(input, error, context);
  if (!module) {
    error.print(argv[0], llvm::errs());
    return 1;
  }
  std::unique_ptr<llvm::TargetMachine> machine;
  if (!cpu.empty()) {
    // Whichever machine this runs on: the tests name their target.
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeAArch64TargetInfo();
    LLVMInitializeAArch64Target();
    LLVMInitializeAArch64TargetMC();
    std::string why;
    const llvm::Target *target = llvm::TargetRegistry::lookupTarget(module->getTargetTriple(), why);
    if (!target) {
      llvm::errs() << "no target for " << module->getTargetTriple() << ": " << why << "\n";
      return 2;
    }
    machine.reset(target->createTargetMachine(module->getTargetTriple(), cpu, "",
                                              llvm::TargetOptions(), std::nullopt));
  }
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  // Each pass is verified, as in the driver, so a test names the pass that
  // broke the IR.
  llvm::PassInstrumentationCallbacks instrumentation;
  corecl::compiler::verifyAfterEachPass(instrumentation, *module);
  llvm::PassBuilder builder(machine.get(), llvm::PipelineTuningOptions(), std::nullopt,
                            &instrumentation);
  corecl::compiler::registerCoreCLPasses(builder, options);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes;
  if (llvm::Error err = builder.parsePassPipeline(passes, pipeline)) {
    llvm::errs() << "bad pipeline: " << llvm::toString(std::move(err)) << "\n";
    return 2;
  }
  try {
    passes.run(*module, mam);
  } catch (const std::exception &e) {
    llvm::errs() << e.what() << "\n";
    return 1;
  }
  if (llvm::verifyModule(*module, &llvm::errs()))
    return 1;
  module->print(llvm::outs(), nullptr);
  return 0;
}
