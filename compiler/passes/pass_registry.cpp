#include "compiler/passes/pass_registry.h"
#include "compiler/passes/keep_item_order.h"
#include "compiler/passes/unroll_small_loops.h"

#include <llvm/Passes/PassBuilder.h>

namespace corecl::compiler {

void registerCoreCLPasses(llvm::PassBuilder &builder, WorkGroupLoopsOptions options) {
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
        else if (name == "corecl-divergent-loops")
          passes.addPass(DivergentLoopsPass());
        else if (name == "corecl-uniform-loops")
          passes.addPass(UniformLoopsPass());
        else if (name == "corecl-barrier-regions")
          passes.addPass(BarrierRegionsPass());
        else if (name == "corecl-mark-small-loops-for-unroll")
          // For tests: on its own it runs on every function's loops.
          passes.addPass(llvm::createModuleToFunctionPassAdaptor(
              llvm::createFunctionToLoopPassAdaptor(MarkSmallLoopsForUnrollPass())));
        else if (name == "corecl-keep-item-order")
          passes.addPass(llvm::createModuleToFunctionPassAdaptor(KeepWorkItemOrderPass()));
        else if (name == "corecl-work-group-loops")
          passes.addPass(WorkGroupLoopsPass(options));
        else
          return false;
        return true;
      });
}

} // namespace corecl::compiler
