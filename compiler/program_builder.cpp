// The whole pipeline of DESIGN.md, from OpenCL C to the work-group
// functions of every kernel, in the three shapes the API needs:
// compile (source to bitcode), link (bitcodes to an executable or a
// library) and build (both).
#include "compiler/bitcode_bounds.h"
#include "compiler/compiler.h"
#include "compiler/crash_recovery.h"
#include "compiler/disk_cache.h"
#include "compiler/frontend.h"
#include "compiler/guarded_build.h"
#include "compiler/kernel_codegen.h"
#include "compiler/kernel_metadata.h"
#include "compiler/kernel_split.h"
#include "compiler/lazy_executable.h"
#include "compiler/llvm_init.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/pipeline.h"
#include "compiler/program_constructors.h"
#include "compiler/spirv.h"
#include "compiler/spirv_samplers.h"
#include "corecl/aarch64_host.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <functional>
#include <set>

namespace corecl::compiler {
namespace {

// Named metadata that carries the compile options from clCompileProgram to
// clLinkProgram (and inside program binaries).
constexpr const char *kOptionsMetadata = "corecl.compile_options";

/// LLVM's name and features of the host CPU; with `fromFeatures`, also its
/// vector width and x86-64 level as the features tell them (the rules of
/// runtime/cpu_info.cpp, which reads cpuid, and of the x86-64 psABI).
Target describeHostCpu(bool fromFeatures) {
  Target target;
  target.cpuName = llvm::sys::getHostCPUName().str();
  std::string features;
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  for (const auto &[name, enabled] : host) {
    if (!features.empty())
      features += ',';
    features += enabled ? '+' : '-';
    features += name.str();
  }
  target.cpuFeatures = features;
  if (!fromFeatures)
    return target;
  auto all = [&](std::initializer_list<const char *> names) {
    return std::all_of(names.begin(), names.end(),
                       [&](const char *name) { return host.lookup(name); });
  };
  target.simdBytes = all({"avx512f"}) ? 64 : all({"avx"}) ? 32 : 16;
  bool v2 = all({"sse3", "ssse3", "sse4.1", "sse4.2", "popcnt"});
  bool v3 = v2 && all({"avx2", "fma", "f16c", "bmi", "bmi2"});
  bool v4 = v3 && all({"avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512cd"});
  target.isa = v4   ? IsaLevel::X86_64_V4
               : v3 ? IsaLevel::X86_64_V3
               : v2 ? IsaLevel::X86_64_V2
                    : IsaLevel::Generic;
  return target;
}

/// An AArch64 device: LLVM's CPU name where the compiler runs on that CPU
/// (LLVM reads it from /proc/cpuinfo, for tuning), "generic" elsewhere; the
/// features from the device's extensions alone, each said on or off, so
/// that neither a CPU name's defaults nor an emulator's /proc/cpuinfo
/// decide what the code may use.
Target describeAArch64(const DeviceTarget &device) {
  Target target;
  target.triple = "aarch64-unknown-linux-gnu";
  target.cpuName = "generic";
#if defined(__aarch64__)
  target.cpuName = llvm::sys::getHostCPUName().str();
#endif
  uint32_t extensions =
      device.aarch64Extensions | (device.isa == IsaLevel::AArch64_Sve ? kAArch64Sve : 0);
  auto feature = [&](uint32_t bit, const char *name) {
    target.cpuFeatures += (extensions & bit) ? ",+" : ",-";
    target.cpuFeatures += name;
  };
  target.cpuFeatures = "+neon,+fp-armv8";
  feature(kAArch64Fp16, "fullfp16");
  feature(kAArch64DotProd, "dotprod");
  feature(kAArch64Sve, "sve");
  feature(kAArch64Sve2, "sve2");
  target.isa = device.isa;
  target.simdBytes = device.simdBytes;
  if (device.isa == IsaLevel::AArch64_Sve) {
    target.sveVectorBytes = std::max(device.sveVectorBytes, device.simdBytes);
  } else {
    target.simdBytes = 16;
  }
  return target;
}

void recordOptions(llvm::Module &module, const std::string &options) {
  llvm::NamedMDNode *node = module.getOrInsertNamedMetadata(kOptionsMetadata);
  node->addOperand(
      llvm::MDNode::get(module.getContext(), {llvm::MDString::get(module.getContext(), options)}));
}

/// The compile options of every object linked into `module`.
std::vector<std::string> recordedOptions(const llvm::Module &module) {
  std::vector<std::string> result;
  if (const llvm::NamedMDNode *node = module.getNamedMetadata(kOptionsMetadata))
    for (const llvm::MDNode *op : node->operands())
      if (auto *s = llvm::dyn_cast<llvm::MDString>(op->getOperand(0)))
        result.push_back(s->getString().str());
  return result;
}

/// Records the bytes of the program's writable program-scope variables
/// (SPIR's __global address space 1) in `result`; false, with a log line
/// naming it, if one is larger than CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE.
bool measureGlobalVariables(const llvm::Module &module, BuildResult &result) {
  const llvm::DataLayout &layout = module.getDataLayout();
  uint64_t total = 0;
  bool fits = true;
  for (const llvm::GlobalVariable &g : module.globals()) {
    if (g.isDeclaration() || g.getAddressSpace() != 1)
      continue;
    uint64_t bytes = layout.getTypeAllocSize(g.getValueType());
    if (bytes > CORECL_MAX_GLOBAL_VARIABLE_SIZE) {
      result.log += "error: the program-scope variable '" + g.getName().str() + "' takes " +
                    std::to_string(bytes) + " bytes, more than the device's " +
                    std::to_string(CORECL_MAX_GLOBAL_VARIABLE_SIZE) +
                    " (CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE)\n";
      fits = false;
    }
    total += bytes;
  }
  result.globalVariableBytes = total;
  return fits;
}

/// CoreCL's sub-groups are a packet's lanes where the kernel's width
/// divides a launch's rows, else one work-item (builtins/lib/sub_group.cl):
/// only sub-groups of one can be promised for every launch. A kernel that
/// requires them (intel_reqd_sub_group_size(1)) gets them
/// (work_group_loops.cpp); one that requires another size cannot run as
/// written, and its build fails with a log line saying so; false then.
bool checkRequiredSubGroupSizes(const llvm::Module &module, BuildResult &result) {
  bool fine = true;
  for (const llvm::Function &f : module) {
    const llvm::MDNode *node = f.getMetadata("intel_reqd_sub_group_size");
    if (!node || node->getNumOperands() == 0)
      continue;
    auto *value = llvm::mdconst::dyn_extract<llvm::ConstantInt>(node->getOperand(0));
    if (value && value->getZExtValue() == 1)
      continue;
    result.log += "error: kernel '" + f.getName().str() + "' requires sub-groups of " +
                  (value ? std::to_string(value->getZExtValue()) : std::string("?")) +
                  " work-items (intel_reqd_sub_group_size); CoreCL can promise sub-groups of one "
                  "work-item only (its sub-groups are SIMD lanes only where their width divides "
                  "a launch's rows)\n";
    fine = false;
  }
  return fine;
}

/// Each kernel's private variables left in memory once everything is
/// inlined and simplified (its static allocas): what a work-item needs on
/// a stack where the work-group function keeps them there (groups of one
/// work-item), and CL_KERNEL_PRIVATE_MEM_SIZE.
void recordPrivateMemory(const llvm::Module &module, std::vector<KernelDesc> &kernels) {
  for (KernelDesc &desc : kernels)
    if (const llvm::Function *kernel = module.getFunction(desc.name);
        kernel && !kernel->isDeclaration())
      desc.privateMemSize = staticPrivateBytes(*kernel);
}

/// Which kernels can reach a barrier once everything is inlined: through
/// any chain of calls (a builtin's work_group_reduce waits at one).
void recordBarriers(const llvm::Module &module, std::vector<KernelDesc> &kernels) {
  for (KernelDesc &desc : kernels) {
    const llvm::Function *kernel = module.getFunction(desc.name);
    if (!kernel || kernel->isDeclaration())
      continue;
    std::vector<const llvm::Function *> work = {kernel};
    std::set<const llvm::Function *> seen = {kernel};
    bool reaches = false;
    while (!work.empty() && !reaches) {
      const llvm::Function *f = work.back();
      work.pop_back();
      for (const llvm::Instruction &inst : llvm::instructions(*f)) {
        const auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
        if (!call)
          continue;
        const llvm::Function *callee = call->getCalledFunction();
        // An indirect call could reach anything.
        if (!callee || isBarrierFunctionName(callee->getName())) {
          reaches = true;
          break;
        }
        if (!callee->isDeclaration() && seen.insert(callee).second)
          work.push_back(callee);
      }
    }
    desc.mayHaveBarriers = reaches;
  }
}

/// Which kernels call device-side enqueue's builtins, once everything is
/// inlined: they reach the runtime through the launch context
/// (builtins/lib/device_enqueue_host.cl).
void recordDeviceEnqueue(const llvm::Module &module, std::vector<KernelDesc> &kernels) {
  const llvm::Function *services = module.getFunction("__corecl_device_services");
  if (!services)
    return;
  for (KernelDesc &desc : kernels)
    for (const llvm::User *user : services->users())
      if (const auto *call = llvm::dyn_cast<llvm::CallInst>(user);
          call && call->getFunction()->getName() == desc.name)
        desc.usesDeviceEnqueue = true;
}

/// The cache key of an executable linked from `bitcodes` alone (a binary
/// an application kept, as hashcat and pyopencl do). Build options do not
/// enter it: the options that change code generation are recorded in the
/// bitcode.
std::string binaryCacheKey(const std::vector<std::string> &bitcodes, const Target &target) {
  std::string material = "corecl-executable-from-bitcode";
  for (const std::string &bitcode : bitcodes)
    material += '\0' + std::to_string(bitcode.size()) + '\0' + bitcode;
  return cacheKey(material, "", target);
}

/// `simdBytes`: the vector width to compile for, if not the target's.
void makeExecutable(std::unique_ptr<llvm::LLVMContext> context,
                    std::unique_ptr<llvm::Module> module, const Target &device, BuildResult &result,
                    const std::vector<std::string> &cacheKeys = {}, bool groupPackets = false,
                    uint32_t simdBytes = 0) {
  // The module must die before its context. Parameters are destroyed in an
  // order the ABI leaves open, so the module goes first explicitly.
  struct ModuleFirst {
    std::unique_ptr<llvm::Module> &module;
    ~ModuleFirst() { module.reset(); }
  } moduleFirst{module};
  bool optDisable = false;
  result.kernelArgInfo = false;
  result.nonUniformWorkGroups = true;
  for (const std::string &text : recordedOptions(*module)) {
    BuildOptions o = parseBuildOptions(text, OptionsKind::Compile);
    optDisable |= o.optDisable;
    result.kernelArgInfo |= o.kernelArgInfo;
    result.nonUniformWorkGroups &= o.clVersion() >= 200 && !o.uniformWorkGroupSize;
  }
  std::string diagnostics; // LLVM's errors while the program is prepared
  context->setDiagnosticHandlerCallBack(&appendLlvmErrors, &diagnostics);
  // Images and samplers as plain values (passes/lower_images.cpp): the
  // descriptions and the builtins' signatures see them that way.
  lowerImages(*module);
  // Before the kernels are described: it marks the block kernels.
  if (!lowerDeviceEnqueue(*module, result.log))
    return;
  // Before the kernels are described: Clang makes constructors kernels.
  result.programConstructors = lowerProgramConstructors(*module);
  std::vector<KernelDesc> kernels = describeKernels(*module);
  if (!measureGlobalVariables(*module, result) || !checkRequiredSubGroupSizes(*module, result))
    return;
  if (!linkBuiltins(*module, device.isa, result.log))
    return;
  prepareForWorkGroups(*module);
  recordPrivateMemory(*module, kernels);
  recordDeviceEnqueue(*module, kernels);
  recordBarriers(*module, kernels);

  std::string missing = undefinedFunctions(*module, /*beforeWorkGroups=*/true);
  if (!missing.empty()) {
    result.log += missing;
    return;
  }
  result.log += diagnostics;

  ProgramCode code;
  code.settings.target = device;
  if (simdBytes)
    code.settings.target.simdBytes = simdBytes;
  code.settings.optDisable = optDisable;
  code.settings.groupPackets = groupPackets;
  code.settings.assembly = isCrossTarget(device);
  std::vector<std::string> names;
  for (const KernelDesc &desc : kernels)
    names.push_back(desc.name);
  SplitProgram split = splitByKernel(*module, names);
  if (split.shared && !generateShared(*split.shared, code.settings, code.sharedObject, result.log))
    return;
  split.shared.reset(); // before its context
  if (code.settings.assembly) {
    // Code for another machine: nothing here can load it, so all of it is
    // generated now, as assembly text.
    result.assembly = code.sharedObject;
    for (size_t i = 0; i < kernels.size(); ++i) {
      GeneratedKernel generated;
      if (!generateKernel(split.kernelBitcodes[i], kernels[i].name, code.settings, generated,
                          result.log))
        return;
      result.assembly += generated.object;
    }
    result.status = BuildResult::Success;
    return;
  }
  code.kernels = std::move(kernels);
  code.kernelBitcodes = std::move(split.kernelBitcodes);
  code.programConstructors = result.programConstructors;
  bool caching = std::any_of(cacheKeys.begin(), cacheKeys.end(),
                             [](const std::string &key) { return !key.empty(); });
  if (caching) {
    code.cacheId = binaryCacheKey({result.bitcode}, device);
    CachedBuild cached;
    cached.kernels = code.kernels;
    cached.kernelArgInfo = result.kernelArgInfo;
    cached.nonUniformWorkGroups = result.nonUniformWorkGroups;
    cached.globalVariableBytes = result.globalVariableBytes;
    cached.programConstructors = result.programConstructors;
    cached.optDisable = optDisable;
    cached.kernelBitcodes = code.kernelBitcodes;
    cached.sharedObject = code.sharedObject;
    cached.bitcode = result.bitcode;
    cached.log = result.log;
    for (const std::string &key : cacheKeys)
      storeCachedBuild(key, cached);
  }
  result.executable = loadExecutable(std::move(code), result.log);
  if (result.executable)
    result.status = BuildResult::Success;
}

/// Fills `result` from the disk cache entry `key`; false on a miss (or an
/// unusable entry, which is a miss too). `groupPackets` and `simdBytes` as
/// makeExecutable takes them.
bool loadFromCache(const std::string &key, const Target &target, BuildResult &result,
                   bool groupPackets = false, uint32_t simdBytes = 0) {
  std::optional<CachedBuild> hit = loadCachedBuild(key);
  if (!hit)
    return false;
  result.bitcode = std::move(hit->bitcode);
  result.log = std::move(hit->log);
  result.kernelArgInfo = hit->kernelArgInfo;
  result.nonUniformWorkGroups = hit->nonUniformWorkGroups;
  result.globalVariableBytes = hit->globalVariableBytes;
  result.programConstructors = hit->programConstructors;
  ProgramCode code;
  code.kernels = std::move(hit->kernels);
  code.kernelBitcodes = std::move(hit->kernelBitcodes);
  code.sharedObject = std::move(hit->sharedObject);
  code.programConstructors = hit->programConstructors;
  code.settings.target = target;
  if (simdBytes)
    code.settings.target.simdBytes = simdBytes;
  code.settings.optDisable = hit->optDisable;
  code.settings.groupPackets = groupPackets;
  code.cacheId = binaryCacheKey({result.bitcode}, target);
  result.executable = loadExecutable(std::move(code), result.log);
  if (result.executable) {
    result.status = BuildResult::Success;
    return true;
  }
  result = BuildResult();
  return false;
}

std::unique_ptr<llvm::Module> compileToModule(llvm::LLVMContext &context, const std::string &source,
                                              const std::string &optionText,
                                              const std::vector<HeaderFile> &headers,
                                              OptionsKind kind, BuildResult &result) {
  BuildOptions options = parseBuildOptions(optionText, kind);
  if (!options.error.empty()) {
    result.status = BuildResult::InvalidOptions;
    result.log = "error: " + options.error + "\n";
    return nullptr;
  }
  std::unique_ptr<llvm::Module> module =
      compileOpenCLC(context, source, options, headers, result.log);
  if (module)
    recordOptions(*module, optionText);
  return module;
}

/// Parses and links user bitcodes into one module; nullptr (and a log
/// line) if one is malformed or two define the same symbol.
std::unique_ptr<llvm::Module> linkBitcodes(llvm::LLVMContext &context,
                                           const std::vector<std::string> &bitcodes,
                                           BuildResult &result) {
  std::string &log = result.log;
  auto invalid = [&](const std::string &why) {
    log += "error: invalid program binary: " + why + "\n";
    result.status = BuildResult::InvalidBinary;
    return nullptr;
  };
  std::unique_ptr<llvm::Module> linked;
  for (const std::string &bitcode : bitcodes) {
    // LLVM's reader trusts some counts in the stream with allocations.
    if (std::optional<std::string> problem = findImplausibleBitcodeCount(bitcode))
      return invalid(*problem);
    auto parsed = [&] {
      CrashNote reading(kInvalidBinaryNote);
      return llvm::parseBitcodeFile(llvm::MemoryBufferRef(bitcode, "program"), context);
    }();
    if (!parsed)
      return invalid(llvm::toString(parsed.takeError()));
    // A binary is untrusted input (docs/architecture.md, "Trust"): bitcode
    // that reads but breaks IR rules would crash the passes that assume
    // them, so it is refused here.
    std::string broken;
    llvm::raw_string_ostream brokenStream(broken);
    if (llvm::verifyModule(**parsed, &brokenStream)) {
      brokenStream.flush();
      if (broken.size() > 2000)
        broken.resize(2000);
      return invalid("its bitcode is not valid LLVM IR:\n" + broken);
    }
    if (!linked) {
      linked = std::move(*parsed);
      continue;
    }
    std::string diagnostics;
    llvm::raw_string_ostream out(diagnostics);
    context.setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *info, void *stream) {
          llvm::DiagnosticPrinterRawOStream printer(*static_cast<llvm::raw_ostream *>(stream));
          info->print(printer);
          *static_cast<llvm::raw_ostream *>(stream) << "\n";
        },
        &out);
    bool failed = llvm::Linker::linkModules(*linked, std::move(*parsed));
    context.setDiagnosticHandlerCallBack(nullptr, nullptr);
    out.flush();
    if (failed) {
      log += "error: linking failed: " + diagnostics;
      return nullptr;
    }
  }
  return linked;
}

} // namespace

Target targetFor(const DeviceTarget &device) {
  if (isAArch64(device.isa))
    return describeAArch64(device);
  Target target = describeHostCpu(/*fromFeatures=*/false);
  target.simdBytes = device.simdBytes;
  target.isa = device.isa;
  return target;
}

const Target &hostTarget() {
#if defined(__aarch64__) && defined(__linux__)
  static const Target target = targetFor(aarch64DeviceTarget(readAArch64Host()));
#else
  static const Target target = describeHostCpu(/*fromFeatures=*/true);
#endif
  return target;
}

bool isCrossTarget(const Target &target) {
  return !target.triple.empty() && llvm::Triple(target.triple).getArch() !=
                                       llvm::Triple(llvm::sys::getProcessTriple()).getArch();
}

BuildResult buildProgram(const std::string &source, const std::string &options,
                         const Target &target) {
  return guardedBuild([&] {
    BuildResult result;
    // A cached build skips every compiler step; a bad entry is just a miss.
    std::string key;
    if (parseBuildOptions(options, OptionsKind::Build).error.empty()) {
      key = cacheKey(source, options, target);
      if (loadFromCache(key, target, result))
        return result;
    }
    auto context = std::make_unique<llvm::LLVMContext>();
    auto module = compileToModule(*context, source, options, {}, OptionsKind::Build, result);
    if (!module)
      return result;
    result.bitcode = writeBitcode(*module);
    // Also under the key of its bitcode: the binary an application keeps
    // (CL_PROGRAM_BINARIES) then loads without compiling again.
    std::string fromBinary = key.empty() ? "" : binaryCacheKey({result.bitcode}, target);
    makeExecutable(std::move(context), std::move(module), target, result, {key, fromBinary});
    return result;
  });
}

BuildResult compileProgram(const std::string &source, const std::string &options,
                           const std::vector<HeaderFile> &headers) {
  return guardedBuild([&] {
    BuildResult result;
    llvm::LLVMContext context;
    auto module = compileToModule(context, source, options, headers, OptionsKind::Compile, result);
    if (!module)
      return result;
    result.bitcode = writeBitcode(*module);
    result.status = BuildResult::Success;
    return result;
  });
}

BuildResult compileFromIL(const std::string &il, const SpirvSpecValues &specValues,
                          const std::string &options) {
  return guardedBuild([&] {
    BuildResult result;
    BuildOptions parsed = parseBuildOptions(options, OptionsKind::Compile);
    if (!parsed.error.empty()) {
      result.status = BuildResult::InvalidOptions;
      result.log = "error: " + parsed.error + "\n";
      return result;
    }
    std::string why;
    std::optional<SpirvModuleInfo> info = inspectSpirv(il, /*validate=*/false, why);
    std::string translated;
    if (!info || !translateSpirv(il, *info, specValues, translated, result.log)) {
      if (!info)
        result.log += "error: " + why + "\n";
      return result;
    }
    llvm::LLVMContext context;
    auto module = linkBitcodes(context, {translated}, result);
    if (!module)
      return result;
    lowerTranslatedSamplers(*module);
    // SPIR-V kernels follow OpenCL C 3.0's rules (non-uniform groups unless
    // -cl-uniform-work-group-size); the options travel like a compile's.
    recordOptions(*module, "-cl-std=CL3.0 " + options);
    result.bitcode = writeBitcode(*module);
    result.status = BuildResult::Success;
    return result;
  });
}

namespace {

/// Links `bitcodes` after checking `options` as options of `kind`.
BuildResult linkChecked(const std::vector<std::string> &bitcodes, const std::string &options,
                        OptionsKind kind, bool createLibrary, const Target &target) {
  return guardedBuild([&] {
    BuildResult result;
    BuildOptions parsed = parseBuildOptions(options, kind);
    if (!parsed.error.empty()) {
      result.status = BuildResult::InvalidOptions;
      result.log = "error: " + parsed.error + "\n";
      return result;
    }
    std::string key = createLibrary ? "" : binaryCacheKey(bitcodes, target);
    if (loadFromCache(key, target, result))
      return result;
    auto context = std::make_unique<llvm::LLVMContext>();
    auto module = linkBitcodes(*context, bitcodes, result);
    if (!module)
      return result;
    result.bitcode = writeBitcode(*module);
    if (createLibrary) {
      result.status = BuildResult::Success;
      return result;
    }
    // Also under the linked bitcode, which is what CL_PROGRAM_BINARIES
    // hands out (hashcat compiles and links, then keeps that binary).
    std::string linked = key.empty() ? "" : binaryCacheKey({result.bitcode}, target);
    makeExecutable(std::move(context), std::move(module), target, result,
                   {key, linked == key ? "" : linked});
    return result;
  });
}

} // namespace

BuildResult linkProgram(const std::vector<std::string> &bitcodes, const std::string &options,
                        bool createLibrary, const Target &target) {
  return linkChecked(bitcodes, options, OptionsKind::Link, createLibrary, target);
}

namespace {

/// A second executable of a built program's bitcode, cached under its own
/// key (`keyParts`): `adjust` marks the module before work-group
/// formation; `groupPackets` and `simdBytes` as makeExecutable takes them.
BuildResult rebuildFromBitcode(const std::string &bitcode, const std::vector<std::string> &keyParts,
                               const std::function<void(llvm::Module &)> &adjust, bool groupPackets,
                               uint32_t simdBytes, const Target &target) {
  return guardedBuild([&] {
    BuildResult result;
    std::string key = binaryCacheKey(keyParts, target);
    if (loadFromCache(key, target, result, groupPackets, simdBytes))
      return result;
    auto context = std::make_unique<llvm::LLVMContext>();
    auto module = linkBitcodes(*context, {bitcode}, result);
    if (!module)
      return result;
    adjust(*module);
    result.bitcode = bitcode;
    makeExecutable(std::move(context), std::move(module), target, result, {key}, groupPackets,
                   simdBytes);
    return result;
  });
}

} // namespace

BuildResult buildWithGroupPackets(const std::string &bitcode,
                                  const std::vector<std::string> &packetKernels,
                                  const Target &target) {
  std::vector<std::string> keyParts = {"corecl-group-packets", bitcode};
  keyParts.insert(keyParts.end(), packetKernels.begin(), packetKernels.end());
  auto onlyThoseLaunched = [&](llvm::Module &module) {
    for (llvm::Function &f : module)
      if (isKernel(f) &&
          std::find(packetKernels.begin(), packetKernels.end(), f.getName()) == packetKernels.end())
        f.addFnAttr(attr::kNoGroupPacket);
  };
  return rebuildFromBitcode(bitcode, keyParts, onlyThoseLaunched, /*groupPackets=*/true,
                            /*simdBytes=*/0, target);
}

BuildResult buildWithNarrowerVectors(const std::string &bitcode, uint32_t simdBytes,
                                     const Target &target) {
  return rebuildFromBitcode(
      bitcode, {"corecl-simd-bytes=" + std::to_string(simdBytes), bitcode}, [](llvm::Module &) {},
      /*groupPackets=*/false, simdBytes, target);
}

BuildResult buildFromIL(const std::string &il, const SpirvSpecValues &specValues,
                        const std::string &options, const Target &target) {
  BuildResult compiled = compileFromIL(il, specValues, options);
  if (compiled.status != BuildResult::Success)
    return compiled;
  BuildResult built = linkChecked({compiled.bitcode}, options, OptionsKind::Build, false, target);
  built.log = compiled.log + built.log;
  return built;
}

BuildResult buildFromBinary(const std::string &bitcode, const std::string &options,
                            const Target &target) {
  // Build options, not link options: an application that caches binaries
  // passes the options it builds its source with (hashcat's -D and -I).
  // The preprocessor ran when the binary was made; they change nothing now.
  return linkChecked({bitcode}, options, OptionsKind::Build, false, target);
}

} // namespace corecl::compiler
