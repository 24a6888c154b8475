// buildProgram: the whole pipeline of DESIGN.md, from OpenCL C to the
// work-group functions of every kernel.
#include "compiler/compiler.h"
#include "compiler/frontend.h"
#include "compiler/jit.h"
#include "compiler/kernel_metadata.h"
#include "compiler/llvm_init.h"
#include "compiler/passes/passes.h"
#include "compiler/pipeline.h"
#include "runtime/cpu_info.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Host.h>

namespace corecl::compiler {
namespace {

class JitExecutable final : public Executable {
public:
  JitExecutable(JitProgramPtr program,
                std::vector<KernelDesc> kernels, std::vector<corecl_wg_fn> entries)
      : program_(std::move(program)), kernels_(std::move(kernels)), entries_(std::move(entries)) {}
  const std::vector<KernelDesc> &kernels() const override { return kernels_; }
  corecl_wg_fn entry(size_t index) const override { return entries_.at(index); }

private:
  JitProgramPtr program_;
  std::vector<KernelDesc> kernels_;
  std::vector<corecl_wg_fn> entries_;
};

Target detectHostTarget() {
  Target target;
  target.cpuName = llvm::sys::getHostCPUName().str();
  std::string features;
  for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
    features += (features.empty() ? "" : ",") + std::string(enabled ? "+" : "-") + name.str();
  target.cpuFeatures = features;
  target.simdBytes = rt::hostCpuInfo().simdBytes;
  return target;
}

/// Turns every kernel of the prepared module into its work-group function.
void formWorkGroups(llvm::Module &module, std::vector<KernelDesc> &kernels,
                    const Target &target) {
  for (KernelDesc &desc : kernels) {
    llvm::Function *kernel = module.getFunction(desc.name);
    llvm::Function *body = makeKernelBody(*kernel);
    desc.staticLocalMemSize = lowerLocalMemory(*body);
    Regions regions = formBarrierRegions(*body);
    desc.hasBarriers = regions.hasBarriers;
    desc.wiStoragePerItem = regions.wiStorageBytes;
    desc.vectorWidth = std::max<uint32_t>(1, target.simdBytes / 4);
    buildWorkGroupFunction(*kernel, regions, desc);
  }
  // The original kernels are replaced by their work-group functions.
  for (KernelDesc &desc : kernels) {
    llvm::Function *kernel = module.getFunction(desc.name);
    kernel->replaceAllUsesWith(llvm::PoisonValue::get(kernel->getType()));
    kernel->eraseFromParent();
  }
}

BuildResult build(const std::string &source, const std::string &optionText) {
  BuildResult result;
  BuildOptions options = parseBuildOptions(optionText, OptionsKind::Build);
  if (!options.error.empty()) {
    result.status = BuildResult::InvalidOptions;
    result.log = "error: " + options.error + "\n";
    return result;
  }
  initializeLLVM();
  auto context = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> module = compileOpenCLC(*context, source, options, result.log);
  if (!module)
    return result;
  std::vector<KernelDesc> kernels = describeKernels(*module);
  if (!linkBuiltins(*module, result.log))
    return result;
  prepareForWorkGroups(*module);

  const Target &target = hostTarget();
  std::unique_ptr<llvm::TargetMachine> machine = createHostTargetMachine(target);
  if (!machine) {
    result.log += "internal error: no target machine for the host CPU\n";
    return result;
  }
  formWorkGroups(*module, kernels, target);
  retargetToHost(*module, *machine, target);
  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(*module, &verifyStream)) {
    result.log += "internal error: CoreCL produced invalid IR:\n" + verifyErrors;
    return result;
  }
  optimizeModule(*module, *machine, options.optDisable);
  std::string missing = undefinedFunctions(*module);
  if (!missing.empty()) {
    result.log += missing;
    return result;
  }
  dumpIfRequested(*module, *machine, kernels.empty() ? "program" : kernels.front().name);

  JitProgramPtr program = jitCompile(std::move(context), std::move(module), target, result.log);
  if (!program)
    return result;
  std::vector<corecl_wg_fn> entries;
  for (const KernelDesc &desc : kernels) {
    void *address = jitLookup(*program, workGroupFunctionName(desc.name), result.log);
    if (!address)
      return result;
    entries.push_back(reinterpret_cast<corecl_wg_fn>(address));
  }
  result.executable =
      std::make_shared<JitExecutable>(std::move(program), std::move(kernels), std::move(entries));
  result.status = BuildResult::Success;
  return result;
}

} // namespace

const Target &hostTarget() {
  static const Target target = detectHostTarget();
  return target;
}

BuildResult buildProgram(const std::string &source, const std::string &options) {
  try {
    return build(source, options);
  } catch (const FatalCompilerError &e) {
    BuildResult result;
    result.log = std::string("error: ") + e.what() + "\n";
    return result;
  } catch (const std::bad_alloc &) {
    BuildResult result;
    result.log = "error: out of memory while compiling\n";
    return result;
  }
}

} // namespace corecl::compiler
