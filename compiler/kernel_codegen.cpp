#include "compiler/kernel_codegen.h"

#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/pipeline.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <algorithm>

namespace corecl::compiler {
namespace {

/// What work-group formation recorded on the kernel's work-group function.
KernelCode factsOf(const llvm::Function *wg) {
  auto number = [&](const char *key) {
    uint64_t value = 0;
    if (wg && wg->hasFnAttribute(key))
      wg->getFnAttribute(key).getValueAsString().getAsInteger(10, value);
    return value;
  };
  KernelCode facts;
  facts.staticLocalMemSize = number(attr::kLocalBytes);
  facts.wiStoragePerItem = number(attr::kWiStorage);
  facts.hasBarriers = number(attr::kBarriers) != 0;
  facts.usesPrintf = number(attr::kPrintf) != 0;
  facts.vectorWidth = uint32_t(std::max<uint64_t>(1, number(attr::kVectorWidth)));
  facts.subGroupWidth = uint32_t(std::clamp<uint64_t>(number(attr::kSubGroupWidth), 1, 128));
  facts.readsSubGroupLanes = number(attr::kSubGroupReads) != 0;
  return facts;
}

/// Optimises `module` (retargeted) and emits it as `settings` ask.
bool optimizeAndEmit(llvm::Module &module, llvm::TargetMachine &machine,
                     const CodegenSettings &settings, const std::string &dumpTag, std::string &out,
                     std::string &log) {
  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(module, &verifyStream)) {
    log += "internal error: CoreCL produced invalid IR:\n" + verifyErrors;
    return false;
  }
  dumpIfRequested(module, machine, dumpTag + ".unoptimized", /*assembly=*/false);
  optimizeModule(module, machine, settings.optDisable);
  std::string missing = undefinedFunctions(module);
  if (!missing.empty()) {
    log += missing;
    return false;
  }
  dumpIfRequested(module, machine, dumpTag);
  out = settings.assembly ? emitAssembly(module, machine) : emitObject(module, machine);
  if (out.empty()) {
    log += "internal error: code generation for " +
           (settings.target.triple.empty() ? std::string("the host") : settings.target.triple) +
           " failed\n";
    return false;
  }
  return true;
}

} // namespace

void appendLlvmErrors(const llvm::DiagnosticInfo *info, void *log) {
  if (info->getSeverity() != llvm::DS_Error)
    return;
  std::string message;
  llvm::raw_string_ostream out(message);
  llvm::DiagnosticPrinterRawOStream printer(out);
  info->print(printer);
  out.flush();
  *static_cast<std::string *>(log) += "error: " + message + "\n";
}

namespace {

/// An LLVM context whose errors are collected, and the host's target
/// machine: what one kernel's formation or generation works in.
struct Session {
  llvm::LLVMContext context;
  std::string diagnostics;
  std::unique_ptr<llvm::TargetMachine> machine;

  /// False, with a line in `log`, if there is no target machine.
  bool start(const CodegenSettings &settings, std::string &log) {
    context.setDiagnosticHandlerCallBack(&appendLlvmErrors, &diagnostics);
    machine = createHostTargetMachine(settings.target);
    if (!machine)
      log += "internal error: no target machine for the host CPU\n";
    return machine != nullptr;
  }
};

/// The kernel's prepared module, parsed, and its work-group function once
/// formed (`formed`: the bitcode is a formed module already, formKernel's);
/// null, with the reason in `log`, if something went wrong.
std::unique_ptr<llvm::Module> formWorkGroups(const std::string &bitcode,
                                             const std::string &kernelName,
                                             const CodegenSettings &settings,
                                             llvm::TargetMachine &machine,
                                             llvm::LLVMContext &context, bool dump, bool formed,
                                             llvm::Function *&wg, std::string &log) {
  auto parsed = llvm::parseBitcodeFile(llvm::MemoryBufferRef(bitcode, kernelName), context);
  if (!parsed) {
    log += "internal error: the prepared kernel '" + kernelName +
           "' cannot be read: " + llvm::toString(parsed.takeError()) + "\n";
    return nullptr;
  }
  std::unique_ptr<llvm::Module> module = std::move(*parsed);
  if (!formed) {
    // The input of work-group formation, for corecl_opt (tests/tools).
    if (dump)
      dumpIfRequested(*module, machine, kernelName + ".prepared", /*assembly=*/false);
    runWorkGroupPipeline(*module, settings.target, settings.groupPackets);
  }
  wg = module->getFunction(workGroupFunctionName(kernelName));
  if (!wg || wg->isDeclaration()) {
    log += "internal error: no work-group function was made for kernel '" + kernelName + "'\n";
    return nullptr;
  }
  return module;
}

} // namespace

bool formKernel(const std::string &bitcode, const std::string &kernelName,
                const CodegenSettings &settings, KernelCode &facts, std::string &formed,
                std::string &log) {
  Session session;
  if (!session.start(settings, log))
    return false;
  llvm::Function *wg = nullptr;
  std::unique_ptr<llvm::Module> module =
      formWorkGroups(bitcode, kernelName, settings, *session.machine, session.context,
                     /*dump=*/false, /*formed=*/false, wg, log);
  log += session.diagnostics;
  if (!module)
    return false;
  facts = factsOf(wg);
  formed = writeBitcode(*module);
  return true;
}

bool generateKernel(const std::string &bitcode, const std::string &kernelName,
                    const CodegenSettings &settings, GeneratedKernel &out, std::string &log,
                    bool formed) {
  Session session;
  if (!session.start(settings, log))
    return false;
  llvm::Function *wg = nullptr;
  std::unique_ptr<llvm::Module> parsed =
      formWorkGroups(bitcode, kernelName, settings, *session.machine, session.context,
                     /*dump=*/true, formed, wg, log);
  if (!parsed) {
    log += session.diagnostics;
    return false;
  }
  llvm::Module &module = *parsed;
  out.facts = factsOf(wg);
  // Only the work-group function is looked up: whatever the passes made
  // beside it stays inside this kernel's object.
  for (llvm::Function &f : module)
    if (!f.isDeclaration() && &f != wg)
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  retargetToHost(module, *session.machine, settings.target);
  bool emitted = optimizeAndEmit(module, *session.machine, settings, kernelName, out.object, log);
  log += session.diagnostics;
  return emitted;
}

bool generateShared(llvm::Module &shared, const CodegenSettings &settings, std::string &out,
                    std::string &log) {
  std::unique_ptr<llvm::TargetMachine> machine = createHostTargetMachine(settings.target);
  if (!machine) {
    log += "internal error: no target machine for the host CPU\n";
    return false;
  }
  retargetToHost(shared, *machine, settings.target);
  return optimizeAndEmit(shared, *machine, settings, "program.shared", out, log);
}

} // namespace corecl::compiler
