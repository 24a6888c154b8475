// Finds the memory a work-group call owns (owned_memory.h).
#include "compiler/passes/owned_memory.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace corecl::compiler {

/// The loads of ctx->wi_storage and ctx->local_arena in a work-group
/// function, and which memory each is.
OwnedBases ownedBases(llvm::Function &f) {
  OwnedBases bases;
  if (f.arg_size() != 2 || !f.hasFnAttribute(attr::kWiStorage))
    return bases;
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  const llvm::StructLayout *ctx = layout.getStructLayout(wgContextType(f.getContext()));
  uint64_t storageField = ctx->getElementOffset(ctxfield::WiStorage);
  uint64_t arenaField = ctx->getElementOffset(ctxfield::LocalArena);
  for (llvm::Instruction &inst : f.getEntryBlock()) {
    auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
    if (!load || !load->getType()->isPointerTy())
      continue;
    llvm::APInt offset(layout.getIndexTypeSizeInBits(load->getPointerOperandType()), 0);
    const llvm::Value *base =
        load->getPointerOperand()->stripAndAccumulateConstantOffsets(layout, offset, true);
    if (base != f.getArg(1))
      continue;
    if (offset == storageField)
      bases[load] = Owned::Storage;
    else if (offset == arenaField)
      bases[load] = Owned::Local;
  }
  return bases;
}

} // namespace corecl::compiler
