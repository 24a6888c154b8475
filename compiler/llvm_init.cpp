#include "compiler/llvm_init.h"

#include "compiler/crash_recovery.h"
#include "compiler/passes/pass_registry.h"

#include <llvm/CodeGen/MachineFunction.h>
#include <llvm/CodeGen/SchedulerRegistry.h>
#include <llvm/CodeGen/SelectionDAGISel.h>
#include <llvm/IR/Function.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

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

/// Instruction scheduling before register allocation, per function.
/// LLVM's default for x86 keeps source order there and leaves the rest to
/// the machine scheduler; in a region's rows of packets that order kept
/// too much alive at once: CLBlast's Xgemm multiply (16 lanes along y,
/// 32 unrolled steps of 8 multiply-adds) spilled 142 registers per row
/// and reloaded a stack slot for almost every FMA (Zen 4 loads one 64-byte
/// vector a cycle): SGEMM 1024 113 -> 212-227 GFLOP/s scheduled for
/// register pressure ("hybrid": latency while registers last), GemmDirect
/// 3x. Elsewhere source order stays: hashcat's MD5 and SHA-256 groups,
/// chains of integer operations, ran at half and three quarters the speed
/// with the pressure scheduler everywhere.
/// x86 only: LLVM 19's hybrid scheduler crashes on AArch64 (a null
/// register class in RegReductionPQBase::HighRegPressure, for any function
/// with a loop; llc -pre-RA-sched=list-hybrid does the same), whose
/// machine scheduler weighs register pressure anyway.
llvm::ScheduleDAGSDNodes *chooseScheduler(llvm::SelectionDAGISel *isel,
                                          llvm::CodeGenOptLevel level) {
  if (isel->MF && isel->MF->getFunction().hasFnAttribute(attr::kPressureScheduling) &&
      isel->MF->getTarget().getTargetTriple().isX86())
    return llvm::createHybridListDAGScheduler(isel, level);
  return llvm::createDefaultScheduler(isel, level);
}

llvm::RegisterScheduler gChooseScheduler("corecl", "CoreCL: by function (llvm_init.cpp)",
                                         chooseScheduler);

} // namespace

void initializeLLVM() {
  static std::once_flag once;
  std::call_once(once, [] {
    // The handlers first: initialisation allocates too.
    llvm::install_fatal_error_handler(onFatalError, nullptr);
    llvm::install_bad_alloc_error_handler(onBadAlloc, nullptr);
    // Both back-ends, whichever the host: a device's code is generated for
    // its own triple (compiler::Target), and the compiler's tests check
    // AArch64 code on x86-64 machines.
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    LLVMInitializeX86AsmParser();
    LLVMInitializeAArch64TargetInfo();
    LLVMInitializeAArch64Target();
    LLVMInitializeAArch64TargetMC();
    LLVMInitializeAArch64AsmPrinter();
    LLVMInitializeAArch64AsmParser();
    // For compiler developers: LLVM's own options (-opt-bisect-limit=N,
    // -print-after=..., -debug-only= in assertion builds) from
    // CORECL_LLVM_OPTIONS, to find which pass changes a result inside a
    // real application.
    // CoreCL's scheduler choice unless the developer names one.
    const char *own = std::getenv("CORECL_LLVM_OPTIONS");
    std::vector<const char *> argv{"corecl"};
    if (!own || !std::strstr(own, "pre-RA-sched"))
      argv.push_back("-pre-RA-sched=corecl");
    // No shrink wrapping: LLVM 19's x86 prologue probes a large frame
    // (every CoreCL function has probe-stack) with R11 as scratch without
    // asking whether R11 is live, and a prologue moved past the entry
    // block may find it holding a value (fuzz seed 37564 lost its launch
    // context so; split_huge_blocks.cpp). The prologue stays in the entry.
    if (!own || !std::strstr(own, "shrink-wrap"))
      argv.push_back("-enable-shrink-wrap=false");
    llvm::cl::ParseCommandLineOptions(int(argv.size()), argv.data(), "", nullptr,
                                      "CORECL_LLVM_OPTIONS");
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
