// Step 2 of work-group formation: kernel-scope __local variables (globals in
// address space 3) become offsets into the local arena of the worker running
// the group, so each group gets its own copy and no global state is shared.
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ReplaceConstant.h>

#include <map>

namespace corecl::compiler {
namespace {

bool usedIn(llvm::GlobalVariable &g, llvm::Function &f) {
  for (llvm::User *u : g.users())
    if (auto *i = llvm::dyn_cast<llvm::Instruction>(u))
      if (i->getFunction() == &f)
        return true;
  return false;
}

} // namespace

uint64_t lowerLocalMemory(llvm::Function &body) {
  llvm::Module &module = *body.getParent();
  const llvm::DataLayout &layout = module.getDataLayout();
  std::vector<llvm::GlobalVariable *> locals;
  for (llvm::GlobalVariable &g : module.globals())
    if (g.getAddressSpace() == kLocalAddressSpace)
      locals.push_back(&g);
  if (locals.empty())
    return 0;
  // Constant expressions (GEPs of the global) become instructions, so each
  // use sits in one function and can be rewritten there.
  std::vector<llvm::Constant *> constants(locals.begin(), locals.end());
  llvm::convertUsersOfConstantsToInstructions(constants);

  WorkItemParams p{unsigned(body.arg_size() - WorkItemParams::kCount)};
  llvm::IRBuilder<> b(&*body.getEntryBlock().getFirstInsertionPt());
  auto *ctxType = wgContextType(body.getContext());
  llvm::Value *arenaAddr =
      b.CreateConstInBoundsGEP2_32(ctxType, body.getArg(p.ctx()), 0, ctxfield::LocalArena);
  auto *arena = b.CreateLoad(b.getPtrTy(), arenaAddr, "local.arena");
  // Fixed for the launch (lower_work_items.cpp's context loads likewise).
  arena->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(b.getContext(), {}));

  uint64_t offset = 0;
  for (llvm::GlobalVariable *g : locals) {
    if (!usedIn(*g, body))
      continue;
    llvm::Type *type = g->getValueType();
    uint64_t align = std::max<uint64_t>(g->getAlign().valueOrOne().value(),
                                        layout.getABITypeAlign(type).value());
    align = std::max<uint64_t>(align, 16);
    offset = (offset + align - 1) / align * align;
    llvm::Value *addr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), arena, offset);
    llvm::Value *local =
        b.CreateAddrSpaceCast(addr, llvm::PointerType::get(body.getContext(), kLocalAddressSpace),
                              g->getName() + ".arena");
    offset += layout.getTypeAllocSize(type);
    std::vector<llvm::Use *> uses;
    for (llvm::Use &u : g->uses())
      if (auto *i = llvm::dyn_cast<llvm::Instruction>(u.getUser()))
        if (i->getFunction() == &body)
          uses.push_back(&u);
    for (llvm::Use *u : uses)
      u->set(local);
  }
  return offset;
}


llvm::PreservedAnalyses LocalMemoryPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  for (llvm::Function *body : kernelBodies(module))
    kernelOfBody(*body)->addFnAttr(attr::kLocalBytes, std::to_string(lowerLocalMemory(*body)));
  return llvm::PreservedAnalyses::none();
}

} // namespace corecl::compiler
