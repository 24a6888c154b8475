// Sub-groups in the lanes of a packet (sub_group_lanes.h) and the reads
// left in code that runs one work-item at a time.
#include "compiler/passes/sub_group_lanes.h"

#include "compiler/passes/pass_registry.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace corecl::compiler {

bool isSubGroupRead(const llvm::Instruction &inst) {
  auto *call = llvm::dyn_cast<llvm::CallInst>(&inst);
  const llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
  if (!callee || call->arg_size() != 2)
    return false;
  llvm::StringRef name = callee->getName();
  return name == "__corecl_sub_group_read_u32" || name == "__corecl_sub_group_read_u64";
}

bool readsSubGroupLanes(const llvm::Function &f) {
  for (const llvm::Instruction &inst : llvm::instructions(f))
    if (isSubGroupRead(inst))
      return true;
  return false;
}

llvm::PreservedAnalyses SubGroupReadsPass::run(llvm::Module &module,
                                               llvm::ModuleAnalysisManager &) {
  std::vector<llvm::Instruction *> reads;
  for (llvm::Function &f : module)
    for (llvm::Instruction &inst : llvm::instructions(f))
      if (isSubGroupRead(inst)) {
        reads.push_back(&inst);
        // work_group_loops.cpp: a kernel whose regions read lanes runs
        // them as sub-group packets or with sub-groups of one.
        f.addFnAttr(attr::kSubGroupReads, "1");
      }
  for (llvm::Instruction *read : reads) {
    read->replaceAllUsesWith(llvm::cast<llvm::CallInst>(read)->getArgOperand(0));
    read->eraseFromParent();
  }
  return reads.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

} // namespace corecl::compiler
