// Preparation, retargeting and optimisation with LLVM's new pass manager.
#include "compiler/bounded_passes.h"
#include "compiler/kernel_metadata.h"
#include "compiler/llvm_init.h"
#include "compiler/passes/any_lane_reduction.h"
#include "compiler/passes/avoid_masked_ternlog.h"
#include "compiler/passes/chain_groups.h"
#include "compiler/passes/deinterleave_in_lanes.h"
#include "compiler/passes/distribute_bit_masks.h"
#include "compiler/passes/drop_unreachable_edges.h"
#include "compiler/passes/fold_step_only_loops.h"
#include "compiler/passes/hoist_safe_divisions.h"
#include "compiler/passes/inline_image_accesses.h"
#include "compiler/passes/keep_item_order.h"
#include "compiler/passes/packet_width.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/plain_private_volatile.h"
#include "compiler/passes/quiet_nan_min_max.h"
#include "compiler/passes/split_huge_blocks.h"
#include "compiler/passes/unroll_small_loops.h"
#include "compiler/pipeline.h"
#include "compiler/program_constructors.h"
#include "compiler/verify_each_pass.h"

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/StandardInstrumentations.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Transforms/IPO/Inliner.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/LoopRotation.h>
#include <llvm/Transforms/Scalar/LoopUnrollPass.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Vectorize/SLPVectorizer.h>
#include <llvm/Transforms/Vectorize/VectorCombine.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <optional>
#include <set>

namespace corecl::compiler {
namespace {

/// LLVM's scalarizer, for work-group functions that do not move wide
/// OpenCL vectors through memory. The loop vectoriser widens scalar
/// instructions only: a work-item loop computing with float4 (N-body's
/// positions) vectorises across work-items once split into components, four
/// times as wide on AVX-512; so does one computing with int16 in registers
/// (clpeak's chains of multiply-adds, whose values cross regions through
/// per-work-item storage that is split per component already): sixteen
/// independent chains per work-item instead of one long one. Loads and
/// stores of vectors of more than four elements and half a register or
/// more (float8, float16 on AVX-512; float8 on AVX2) keep the function as
/// it is: split, they would have to be put back together from eight- or
/// sixteen-way interleaved accesses, which the vectoriser judges too dear
/// (a float16 copy-and-scale kernel ran 10x slower). Four-way interleaving
/// it handles well at any width: float4 kept whole on AVX2 (half a ymm)
/// left N-body's work-item loop scalar, 0.6x PoCL on Zen 3 against 5x split.
constexpr const char *kScalarized = "corecl.scalarized";

struct ScalarizeNarrowVectorsPass : llvm::PassInfoMixin<ScalarizeNarrowVectorsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses) {
    // A packet (passes/packetize.h) is vectorised already.
    if (f.hasFnAttribute(attr::kPacketWidth))
      return llvm::PreservedAnalyses::all();
    unsigned registerBits = 128;
    f.getFnAttribute("prefer-vector-width").getValueAsString().getAsInteger(10, registerBits);
    if (movesWideVectors(f, registerBits))
      return llvm::PreservedAnalyses::all();
    llvm::ScalarizerPassOptions options;
    options.ScalarizeLoadStore = true;
    f.addFnAttr(kScalarized);
    return llvm::ScalarizerPass(options).run(f, analyses);
  }
};

/// Runs `pass` on `f` as a pass manager would: only where the
/// instrumentation lets it (bounded_passes.h, -opt-bisect-limit).
template <typename Pass>
llvm::PreservedAnalyses runInstrumented(Pass pass, llvm::Function &f,
                                        llvm::FunctionAnalysisManager &analyses) {
  llvm::PassInstrumentation instrumentation =
      analyses.getResult<llvm::PassInstrumentationAnalysis>(f);
  if (!instrumentation.runBeforePass(pass, f))
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses kept = pass.run(f, analyses);
  instrumentation.runAfterPass(pass, f, kept);
  return kept;
}

/// LLVM's SLP vectoriser, on the functions the scalariser did not split.
/// On split ones LLVM 19's SLP computes wrong results: a random kernel
/// (uint4 swizzles and abs_diff in a loop, tests/fuzz seed 2525) was right
/// at -cl-opt-disable, on PoCL, and here with either pass left out, and
/// wrong with both. Their work-item loops are the loop vectoriser's job;
/// functions keeping their wide vectors (a float16 kernel) still have
/// per-component builtin code put back together by SLP.
struct SelectiveSlpPass : llvm::PassInfoMixin<SelectiveSlpPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses) {
    if (f.hasFnAttribute(kScalarized))
      return llvm::PreservedAnalyses::all();
    llvm::PreservedAnalyses kept = runInstrumented(llvm::SLPVectorizerPass(), f, analyses);
    if (kept.areAllPreserved())
      return kept;
    analyses.invalidate(f, kept);
    // What the standard pipeline runs after SLP: VectorCombine joins the
    // narrow pieces SLP leaves (float2 halves of a float16 builtin).
    llvm::PreservedAnalyses combined = runInstrumented(llvm::VectorCombinePass(), f, analyses);
    analyses.invalidate(f, combined);
    kept.intersect(combined);
    kept.intersect(runInstrumented(llvm::InstCombinePass(), f, analyses));
    return kept;
  }
};

/// Runs `passes` with every analysis registered for `machine` (or none).
/// CoreCL's own passes (`coreclPasses` given) are verified after each.
void runModulePasses(llvm::Module &module, llvm::TargetMachine *machine,
                     const std::function<llvm::ModulePassManager(llvm::PassBuilder &)> &build,
                     const WorkGroupLoopsOptions *coreclPasses = nullptr) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = true;
  // The SLP vectoriser runs from optimizeModule instead, on the functions
  // the scalariser left alone (SelectiveSlpPass).
  tuning.SLPVectorization = false;
  llvm::PassInstrumentationCallbacks instrumentation;
  skipQuadraticPassesOnHugeBlocks(instrumentation);
  if (coreclPasses)
    verifyAfterEachPass(instrumentation, module);
  // LLVM's standard instrumentation (-opt-bisect-limit, -print-after, ...)
  // only when a developer asked for LLVM options: it costs time per pass.
  std::optional<llvm::StandardInstrumentations> standard;
  if (std::getenv("CORECL_LLVM_OPTIONS")) {
    standard.emplace(module.getContext(), /*DebugLogging=*/false);
    standard->registerCallbacks(instrumentation, &mam);
  }
  llvm::PassBuilder builder(machine, tuning, std::nullopt, &instrumentation);
  if (coreclPasses)
    registerCoreCLPasses(builder, *coreclPasses);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes = build(builder);
  passes.run(module, mam);
}

/// What prepareForWorkGroups runs on each function once its callees are
/// inlined into it.
llvm::FunctionPassManager simplifyBeforeWorkGroups() {
  llvm::FunctionPassManager fpm;
  // Before SROA, which leaves volatile accesses in memory.
  fpm.addPass(PlainPrivateVolatilePass());
  fpm.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  fpm.addPass(llvm::EarlyCSEPass());
  fpm.addPass(llvm::SimplifyCFGPass());
  fpm.addPass(llvm::InstCombinePass());
  // Loops with a small constant trip count are unrolled now, before
  // work-group formation: a private array indexed by their counter (a
  // register block of accumulators) then becomes separate values, which
  // live in registers or per-component slots instead of an array in
  // per-work-item memory, and such loops need no splitting later.
  llvm::LoopPassManager loops;
  loops.addPass(llvm::LoopRotatePass());
  loops.addPass(MarkSmallLoopsForUnrollPass());
  loops.addPass(llvm::LoopFullUnrollPass(/*OptLevel=*/3));
  fpm.addPass(llvm::createFunctionToLoopPassAdaptor(std::move(loops)));
  fpm.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  // Loops that only step values (in registers or memory) to an end known
  // in advance, removed while each work-item's accesses are its own
  // (passes/fold_step_only_loops.cpp).
  fpm.addPass(llvm::createFunctionToLoopPassAdaptor(FoldStepOnlyLoopsPass(),
                                                    /*UseMemorySSA=*/true));
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::SimplifyCFGPass());
  return fpm;
}

/// Runs `passes` on the functions of `only`, and nothing on the others.
struct OnlyFunctionsPass : llvm::PassInfoMixin<OnlyFunctionsPass> {
  std::set<const llvm::Function *> only;
  llvm::FunctionPassManager passes;
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &analyses) {
    if (!only.count(&f))
      return llvm::PreservedAnalyses::all();
    return passes.run(f, analyses);
  }
};

} // namespace

void prepareForWorkGroups(llvm::Module &module) {
  for (llvm::Function &f : module) {
    if (f.isDeclaration())
      continue;
    // Before anything simplifies: a division that would trap is undefined
    // behaviour to LLVM, unspecified only to OpenCL C
    // (passes/safe_division.cpp).
    makeDivisionSafe(f);
    f.removeFnAttr(llvm::Attribute::OptimizeNone);
    // Image accesses are inlined afterwards, within a budget
    // (passes/inline_image_accesses.cpp), once unrolling has made their
    // calls; their rare formats' code never is.
    if (isImageAccessBuiltin(f) || isColdImageBuiltin(f)) {
      f.removeFnAttr(llvm::Attribute::AlwaysInline);
      f.addFnAttr(llvm::Attribute::NoInline);
      // OpenCL C makes every function convergent; these synchronise
      // nothing, and a call that stays convergent keeps its kernel from
      // packets (passes/packetize.cpp).
      f.removeFnAttr(llvm::Attribute::Convergent);
      for (llvm::User *user : f.users())
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(user))
          call->removeFnAttr(llvm::Attribute::Convergent);
    } else {
      f.removeFnAttr(llvm::Attribute::NoInline);
      f.addFnAttr(llvm::Attribute::AlwaysInline);
    }
    // The program's constructors stay callable by name (program_constructors.h).
    if (!isKernel(f) && f.getName() != kProgramInitName)
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  runModulePasses(module, nullptr, [](llvm::PassBuilder &) {
    llvm::ModulePassManager mpm;
    llvm::FunctionPassManager fpm = simplifyBeforeWorkGroups();
    // Bottom-up over the call graph: each function is simplified once its
    // callees are inlined into it, before it is inlined into its callers,
    // so that what a caller copies has had its dead code and constant
    // branches removed already (hashcat's helpers are called many times
    // with constant arguments: inlining them unsimplified took 65 % of a
    // cold run).
    llvm::CGSCCPassManager cgpm;
    cgpm.addPass(llvm::InlinerPass(/*OnlyMandatory=*/true));
    cgpm.addPass(llvm::createCGSCCToFunctionPassAdaptor(std::move(fpm)));
    mpm.addPass(llvm::createModuleToPostOrderCGSCCPassAdaptor(std::move(cgpm)));
    mpm.addPass(llvm::GlobalDCEPass());
    // Last: a switch's unreachable default would leave the packets'
    // divergent switches without a join.
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(DropUnreachableEdgesPass()));
    return mpm;
  });
  std::vector<llvm::Function *> inlined = inlineImageAccessesWithinBudget(module);
  if (!inlined.empty())
    runModulePasses(module, nullptr, [&](llvm::PassBuilder &) {
      OnlyFunctionsPass simplify;
      simplify.only.insert(inlined.begin(), inlined.end());
      simplify.passes = simplifyBeforeWorkGroups();
      simplify.passes.addPass(DropUnreachableEdgesPass());
      llvm::ModulePassManager mpm;
      mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(simplify)));
      mpm.addPass(llvm::GlobalDCEPass());
      return mpm;
    });
  // Inlined helpers are no longer needed by name; builtins stay until the
  // final optimisation decides.
  for (llvm::Function &f : module)
    if (!isKernel(f))
      f.removeFnAttr(llvm::Attribute::AlwaysInline);
}

void runWorkGroupPipeline(llvm::Module &module, const Target &target, bool groupPackets) {
  WorkGroupLoopsOptions options;
  options.simdBytes = target.simdBytes;
  // AArch64 has 32 vector registers (NEON's v0-v31, SVE's z0-z31); x86-64
  // has 32 with AVX-512 (zmm16-31 need its encoding), 16 before it.
  options.vectorRegisters = isAArch64(target.isa) || target.simdBytes >= 64 ? 32 : 16;
  // Packets of groups of one (passes/group_packets.cpp) double the build
  // time of a large kernel (a packet is a second copy of its body), so the
  // first build makes none; buildWithGroupPackets makes them when a kernel
  // is first launched with one work-item per group. CORECL_PACKET_WIDTH
  // decides for every build: 0 packets of a width chosen per kernel, N of
  // N lanes, 1 none.
  options.packetWidth = groupPackets ? 0 : 1;
  if (const char *width = std::getenv("CORECL_PACKET_WIDTH"); width && *width)
    options.packetWidth = unsigned(std::clamp(std::atoi(width), 0, 64));
  // Packets of a group's work-items (passes/region_packets.cpp) for the
  // regions of kernels with barriers in their source; CORECL_REGION_PACKETS
  // =0 leaves every region to the work-item loops, =1 makes packets for
  // every kernel's regions, =N>1 of N lanes.
  options.regionPackets = RegionPacketKernels::WithBarriers;
  if (const char *regions = std::getenv("CORECL_REGION_PACKETS"); regions && *regions) {
    int lanes = std::clamp(std::atoi(regions), 0, 64);
    options.regionPackets = lanes > 0 ? RegionPacketKernels::All : RegionPacketKernels::None;
    options.regionPacketWidth = lanes > 1 ? unsigned(lanes) : 0;
  }
  // Packets of kernels without barriers (passes/body_packets.cpp);
  // CORECL_BODY_PACKETS=0 leaves every kernel to the loop vectoriser.
  options.bodyPackets = true;
  if (const char *bodies = std::getenv("CORECL_BODY_PACKETS"); bodies && *bodies == '0')
    options.bodyPackets = false;
  // The build for launches of groups of one runs no row of a group longer
  // than one work-item: packets of a group's work-items would be compiled
  // for nothing (hashcat -b -m 1400, cold: 33.5 -> 21.9 s).
  if (groupPackets && options.packetWidth != 1) {
    options.bodyPackets = false;
    options.regionPackets = RegionPacketKernels::None;
  }
  runModulePasses(
      module, nullptr,
      [&](llvm::PassBuilder &builder) {
        llvm::ModulePassManager passes;
        if (llvm::Error err = builder.parsePassPipeline(passes, workGroupPipeline()))
          throw FatalCompilerError("work-group pipeline: " + llvm::toString(std::move(err)));
        return passes;
      },
      &options);
}

std::unique_ptr<llvm::TargetMachine> createHostTargetMachine(const Target &target) {
  llvm::orc::JITTargetMachineBuilder builder(
      llvm::Triple(target.triple.empty() ? llvm::sys::getProcessTriple() : target.triple));
  builder.setCPU(target.cpuName);
  builder.addFeatures(std::vector<std::string>{target.cpuFeatures});
  builder.setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  // Loops start on 32 bytes (LLVM's x86 default: 16), as x86 compilers
  // align hot loops for the decoders' 32-byte fetch windows. hashcat's
  // SHA-512 packet, whose loop is 35-39 KB of AVX-512 code (more than the
  // 32 KB instruction cache): with the same hot code at the same address,
  // a 16-byte shift of the compare code after it took the loop from 100
  // to 64-70 MH/s (Zen 4); with 32-byte loops it ran at 101-106 MH/s in
  // six builds whose packet and compare code differed, with 64-byte loops
  // at 71. The bench and hashcat's other modes did not move.
  if (builder.getTargetTriple().isX86())
    builder.getOptions().LoopAlignment = 32;
  // AArch64's JIT default is the large code model: four instructions to
  // form any address, a constant pool's among them, inside the loops. The
  // JIT links each program's sections together (JITLink, which makes GOT
  // entries and stubs for what lies farther), so the small model's
  // PC-relative pairs reach.
  if (builder.getTargetTriple().isAArch64()) {
    builder.setCodeModel(llvm::CodeModel::Small);
    builder.setRelocationModel(llvm::Reloc::PIC_);
  }
  auto machine = builder.createTargetMachine();
  if (!machine) {
    llvm::consumeError(machine.takeError());
    return nullptr;
  }
  return std::move(*machine);
}

void retargetToHost(llvm::Module &module, llvm::TargetMachine &machine, const Target &target) {
  module.setTargetTriple(machine.getTargetTriple().str());
  module.setDataLayout(machine.createDataLayout());
  for (llvm::Function &f : module) {
    if (f.getCallingConv() == llvm::CallingConv::SPIR_FUNC ||
        f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL)
      f.setCallingConv(llvm::CallingConv::C);
    for (llvm::Instruction &inst : llvm::instructions(f))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
        if (call->getCallingConv() == llvm::CallingConv::SPIR_FUNC)
          call->setCallingConv(llvm::CallingConv::C);
    if (f.isDeclaration())
      continue;
    f.addFnAttr("target-cpu", target.cpuName);
    f.addFnAttr("target-features", target.cpuFeatures);
    // A frame larger than a page touches each page on the way down, so a
    // kernel's private arrays that outgrow the thread's stack fault on its
    // guard page instead of landing in whatever lies below it.
    f.addFnAttr("probe-stack", "inline-asm");
    // Full-width vectors: on AVX-512 machines LLVM otherwise prefers 256 bits.
    f.addFnAttr("prefer-vector-width", std::to_string(target.simdBytes * 8));
    // SVE: the vector length the code may assume, in 128-bit granules. A
    // minimum of simdBytes lets the fixed-width packets (and the loop
    // vectoriser) use SVE's registers at that width; the maximum is the
    // machine's own length, so the code stays correct where the machine's
    // vectors are longer than the ones compiled for (kMaxSveCompileBytes).
    if (target.isa == IsaLevel::AArch64_Sve)
      f.addFnAttr(llvm::Attribute::getWithVScaleRangeArgs(
          f.getContext(), target.simdBytes / 16,
          std::max(target.sveVectorBytes, target.simdBytes) / 16));
    // Frames aligned to the vector registers wherever they are wider than
    // the ABI's 16-byte stack: LLVM decides on realigning before register
    // allocation, so a function whose only over-aligned objects are its
    // spills kept a 16-byte frame and spilled with unaligned moves, and
    // three spill slots in four straddled two cache lines (hashcat's
    // SHA-512: the hottest instructions were such spills).
    if (target.simdBytes > 16 && !isAArch64(target.isa))
      f.addFnAttr("stackrealign");
    // Even under -cl-fast-relaxed-math a float division must stay within
    // 2.5 ulp: the reciprocal estimate plus one Newton step x86 would use
    // reaches 3 (CTS test_bruteforce divide, relaxed).
    f.addFnAttr("reciprocal-estimates", "!divf,!vec-divf");
  }
}

void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine, bool optDisable) {
  runModulePasses(module, &machine, [&](llvm::PassBuilder &builder) {
    // fmin/fmax of signalling NaNs on AArch64 (quiet_nan_min_max.h): once
    // the builtins are inlined, where their operands tell whether they
    // can be signalling NaNs (the vectoriser's start); without
    // optimisation, in the builtins' bodies.
    if (optDisable)
      builder.registerPipelineStartEPCallback(
          [](llvm::ModulePassManager &passes, llvm::OptimizationLevel) {
            passes.addPass(llvm::createModuleToFunctionPassAdaptor(QuietNaNMinMaxPass()));
          });
    builder.registerVectorizerStartEPCallback(
        [](llvm::FunctionPassManager &passes, llvm::OptimizationLevel) {
          passes.addPass(QuietNaNMinMaxPass());
          // First: the vectoriser must not see these divisions under a mask.
          passes.addPass(HoistSafeDivisionsPass());
          passes.addPass(ScalarizeNarrowVectorsPass());
          // Last before the loop vectoriser: it sees the scalarised accesses.
          passes.addPass(KeepWorkItemOrderPass());
        });
    // After each InstCombine: indices from a flattened local id, consecutive
    // again while the work-item loops' assumptions on the ids are still
    // there (GVN drops them).
    builder.registerPeepholeEPCallback(
        [](llvm::FunctionPassManager &passes, llvm::OptimizationLevel) {
          passes.addPass(DistributeBitMasksPass());
        });
    if (!optDisable)
      builder.registerOptimizerLastEPCallback(
          [](llvm::ModulePassManager &passes, llvm::OptimizationLevel) {
            llvm::FunctionPassManager last;
            // First, on the loop vectoriser's interleave groups.
            last.addPass(DeinterleaveInLanesPass());
            // After the vectorisers, on their lane-by-lane mask tests.
            last.addPass(AnyLaneReductionPass());
            last.addPass(SelectiveSlpPass());
            // After every vectoriser, on the vector code's register pressure
            // (CORECL_CHAIN_GROUPS=0 leaves the order as it is, to compare).
            if (const char *groups = std::getenv("CORECL_CHAIN_GROUPS"); !groups || *groups != '0')
              last.addPass(ChainGroupsPass());
            passes.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(last)));
          });
    // The very last IR passes, at every optimisation level: no select the
    // x86 back end would miscompile as a masked ternary
    // (avoid_masked_ternlog.cpp), and blocks of bounded length.
    builder.registerOptimizerLastEPCallback(
        [](llvm::ModulePassManager &passes, llvm::OptimizationLevel) {
          llvm::FunctionPassManager last;
          last.addPass(AvoidMaskedTernlogPass());
          last.addPass(SplitHugeBlocksPass());
          passes.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(last)));
        });
    return optDisable ? builder.buildO0DefaultPipeline(llvm::OptimizationLevel::O0)
                      : builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  });
}

namespace {

std::string emitFile(llvm::Module &module, llvm::TargetMachine &machine,
                     llvm::CodeGenFileType type) {
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream out(buffer);
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, out, nullptr, type))
    return "";
  passes.run(module);
  return std::string(buffer.data(), buffer.size());
}

} // namespace

std::string emitObject(llvm::Module &module, llvm::TargetMachine &machine) {
  return emitFile(module, machine, llvm::CodeGenFileType::ObjectFile);
}

std::string emitAssembly(llvm::Module &module, llvm::TargetMachine &machine) {
  return emitFile(module, machine, llvm::CodeGenFileType::AssemblyFile);
}

/// Functions that work-group formation defines or replaces (the work-item
/// queries, barriers, printf and the generic address space's to_*;
/// builtins/ declares them for it).
bool loweredByWorkGroupFormation(const std::string &name) {
  static const std::set<std::string> lowered = {
      "printf",
      "_Z13get_global_idj",
      "_Z12get_local_idj",
      "_Z12get_group_idj",
      "_Z14get_local_sizej",
      "_Z23get_enqueued_local_sizej",
      "_Z15get_global_sizej",
      "_Z14get_num_groupsj",
      "_Z17get_global_offsetj",
      "_Z12get_work_dimv",
      "_Z20get_global_linear_idv",
      "_Z19get_local_linear_idv",
      "_Z17get_default_queuev",
      "_Z7barrierj",
      "_Z18work_group_barrierj",
      "_Z18work_group_barrierj12memory_scope",
      "_Z9get_fencePU3AS4v",
      "_Z9get_fencePU3AS4Kv",
      "__to_global",
      "__to_local",
      "__to_private",
  };
  return lowered.count(name) || name.rfind("__corecl_", 0) == 0;
}

std::string undefinedFunctions(const llvm::Module &module, bool beforeWorkGroups) {
  // The JIT resolves the C math library (what LLVM lowers some intrinsics
  // to where the CPU lacks the instruction, fma below x86-64-v3) and the
  // memory routines.
  static void *libm = ::dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
  static const std::set<std::string> memoryRoutines = {"memcpy", "memset", "memmove"};
  std::set<std::string> missing;
  for (const llvm::Function &f : module)
    if (f.isDeclaration() && !f.isIntrinsic() && !f.use_empty()) {
      std::string name = f.getName().str();
      bool provided = memoryRoutines.count(name) || (libm && ::dlsym(libm, name.c_str())) ||
                      (beforeWorkGroups && loweredByWorkGroupFormation(name));
      if (!provided)
        missing.insert(name);
    }
  std::string text;
  for (const std::string &name : missing)
    text += "error: no definition for '" + llvm::demangle(name) +
            "': CoreCL's builtins library does not provide it yet\n";
  return text;
}

void dumpIfRequested(const llvm::Module &module, llvm::TargetMachine &machine,
                     const std::string &tag, bool assembly) {
  static std::atomic<unsigned> counter{0};
  unsigned id = counter++;
  if (const char *dir = std::getenv("CORECL_DUMP_IR")) {
    std::error_code ec;
    llvm::raw_fd_ostream out(std::string(dir) + "/" + tag + "." + std::to_string(id) + ".ll", ec);
    if (!ec)
      module.print(out, nullptr);
  }
  const char *asmDir = assembly ? std::getenv("CORECL_DUMP_ASM") : nullptr;
  if (const char *dir = asmDir) {
    std::error_code ec;
    llvm::raw_fd_ostream out(std::string(dir) + "/" + tag + "." + std::to_string(id) + ".s", ec);
    if (ec)
      return;
    std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
    llvm::legacy::PassManager passes;
    if (!machine.addPassesToEmitFile(passes, out, nullptr, llvm::CodeGenFileType::AssemblyFile))
      passes.run(*copy);
  }
}

} // namespace corecl::compiler
