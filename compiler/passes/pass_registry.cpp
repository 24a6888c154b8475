#include "compiler/passes/pass_registry.h"
#include "compiler/passes/any_lane_reduction.h"
#include "compiler/passes/avoid_masked_ternlog.h"
#include "compiler/passes/chain_groups.h"
#include "compiler/passes/deinterleave_in_lanes.h"
#include "compiler/passes/distribute_bit_masks.h"
#include "compiler/passes/divergence_analysis.h"
#include "compiler/passes/drop_unreachable_edges.h"
#include "compiler/passes/fold_step_only_loops.h"
#include "compiler/passes/hoist_safe_divisions.h"
#include "compiler/passes/inline_image_accesses.h"
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
#define CORECL_FUNCTION_PASS(NAME, CREATE)                                                         \
  if (name == NAME) {                                                                              \
    passes.addPass(CREATE);                                                                        \
    return true;                                                                                   \
  }
#include "compiler/passes/passes.def"
        return false;
      });
  builder.registerPipelineParsingCallback(
      [options](llvm::StringRef name, llvm::ModulePassManager &passes,
                llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
#define CORECL_WORK_GROUP_PASS(NAME, CREATE)                                                       \
  if (name == NAME) {                                                                              \
    passes.addPass(CREATE);                                                                        \
    return true;                                                                                   \
  }
#define CORECL_MODULE_PASS(NAME, CREATE) CORECL_WORK_GROUP_PASS(NAME, CREATE)
#include "compiler/passes/passes.def"
        return false;
      });
}

std::string workGroupPipeline() {
  std::string pipeline;
#define CORECL_WORK_GROUP_PASS(NAME, CREATE)                                                       \
  pipeline += std::string(pipeline.empty() ? "" : ",") + NAME;
#include "compiler/passes/passes.def"
  return pipeline;
}

} // namespace corecl::compiler
