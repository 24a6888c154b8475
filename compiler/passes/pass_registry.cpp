#include "compiler/passes/pass_registry.h"
#include "compiler/passes/any_lane_reduction.h"
#include "compiler/passes/avoid_masked_ternlog.h"
#include "compiler/passes/chain_groups.h"
#include "compiler/passes/deinterleave_in_lanes.h"
#include "compiler/passes/distribute_bit_masks.h"
#include "compiler/passes/divergence_analysis.h"
#include "compiler/passes/drop_unreachable_edges.h"
#include "compiler/passes/hoist_safe_divisions.h"
#include "compiler/passes/keep_item_order.h"
#include "compiler/passes/plain_private_volatile.h"
#include "compiler/passes/split_huge_blocks.h"
#include "compiler/passes/unroll_small_loops.h"

#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>

namespace corecl::compiler {

void registerCoreCLPasses(llvm::PassBuilder &builder, WorkGroupLoopsOptions options) {
  builder.registerAnalysisRegistrationCallback([](llvm::FunctionAnalysisManager &analyses) {
    analyses.registerPass([] { return WorkItemDivergenceAnalysis(); });
  });
  builder.registerPipelineParsingCallback(
      [options](llvm::StringRef name, llvm::FunctionPassManager &passes,
                llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (name == "print<corecl-divergence>") {
          // To standard output, where corecl_opt's tests read.
          passes.addPass(WorkItemDivergencePrinterPass(llvm::outs()));
          return true;
        }
        if (name == "corecl-keep-item-order") {
          passes.addPass(KeepWorkItemOrderPass());
          return true;
        }
        if (name == "corecl-any-lane-reduction") {
          passes.addPass(AnyLaneReductionPass());
          return true;
        }
        if (name == "corecl-avoid-masked-ternlog") {
          passes.addPass(AvoidMaskedTernlogPass());
          return true;
        }
        if (name == "corecl-deinterleave-in-lanes") {
          passes.addPass(DeinterleaveInLanesPass());
          return true;
        }
        if (name == "corecl-distribute-bit-masks") {
          passes.addPass(DistributeBitMasksPass());
          return true;
        }
        if (name == "corecl-drop-unreachable-edges") {
          passes.addPass(DropUnreachableEdgesPass());
          return true;
        }
        if (name == "corecl-plain-private-volatile") {
          passes.addPass(PlainPrivateVolatilePass());
          return true;
        }
        if (name == "corecl-hoist-safe-divisions") {
          passes.addPass(HoistSafeDivisionsPass());
          return true;
        }
        if (name == "corecl-split-huge-blocks") {
          passes.addPass(SplitHugeBlocksPass());
          return true;
        }
        if (name == "corecl-chain-groups") {
          // corecl_opt has no target: x86-64's register file for the SIMD width.
          passes.addPass(ChainGroupsPass(options.simdBytes >= 64 ? 32 : 16, options.simdBytes * 8));
          return true;
        }
        return false;
      });
  builder.registerPipelineParsingCallback(
      [options](llvm::StringRef name, llvm::ModulePassManager &passes,
                llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (name == "corecl-safe-division")
          passes.addPass(SafeDivisionPass());
        else if (name == "corecl-kernel-body")
          passes.addPass(KernelBodyPass());
        else if (name == "corecl-printf")
          passes.addPass(PrintfLoweringPass());
        else if (name == "corecl-local-memory")
          passes.addPass(LocalMemoryPass());
        else if (name == "corecl-body-packets")
          passes.addPass(BodyPacketsPass(options));
        else if (name == "corecl-barrier-regions")
          passes.addPass(BarrierRegionsPass());
        else if (name == "corecl-mark-small-loops-for-unroll")
          // For tests: on its own it runs on every function's loops.
          passes.addPass(llvm::createModuleToFunctionPassAdaptor(
              llvm::createFunctionToLoopPassAdaptor(MarkSmallLoopsForUnrollPass())));
        else if (name == "corecl-group-packets")
          passes.addPass(GroupPacketsPass(options));
        else if (name == "corecl-region-packets")
          passes.addPass(RegionPacketsPass(options));
        else if (name == "corecl-work-group-loops")
          passes.addPass(WorkGroupLoopsPass(options));
        else
          return false;
        return true;
      });
}

} // namespace corecl::compiler
