#include "compiler/program_constructors.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <vector>

namespace corecl::compiler {

bool lowerProgramConstructors(llvm::Module &module) {
  // Destructor registrations first: they sit inside the constructors.
  if (llvm::Function *atexit = module.getFunction("__cxa_atexit")) {
    std::vector<llvm::CallBase *> calls;
    for (llvm::User *user : atexit->users())
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(user))
        calls.push_back(call);
    for (llvm::CallBase *call : calls) {
      call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), 0));
      call->eraseFromParent();
    }
  }
  llvm::GlobalVariable *list = module.getGlobalVariable("llvm.global_ctors");
  if (!list)
    return false;
  std::vector<std::pair<uint64_t, llvm::Function *>> constructors;
  if (auto *entries = llvm::dyn_cast_or_null<llvm::ConstantArray>(list->getInitializer()))
    for (llvm::Value *op : entries->operands()) {
      auto *entry = llvm::dyn_cast<llvm::ConstantStruct>(op);
      if (!entry || entry->getNumOperands() < 2)
        continue;
      auto *priority = llvm::dyn_cast<llvm::ConstantInt>(entry->getOperand(0));
      auto *fn = llvm::dyn_cast<llvm::Function>(entry->getOperand(1)->stripPointerCasts());
      if (priority && fn)
        constructors.emplace_back(priority->getZExtValue(), fn);
    }
  list->eraseFromParent();
  if (constructors.empty())
    return false;
  std::stable_sort(constructors.begin(), constructors.end(),
                   [](const auto &a, const auto &b) { return a.first < b.first; });

  llvm::LLVMContext &context = module.getContext();
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), false);
  auto *init =
      llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, kProgramInitName, module);
  init->setCallingConv(llvm::CallingConv::SPIR_FUNC);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", init));
  for (auto &[priority, fn] : constructors) {
    // Clang makes each one an internal kernel: it is not a kernel of the
    // program (no CL_PROGRAM_KERNEL_NAMES entry, no work-group function).
    fn->setCallingConv(llvm::CallingConv::SPIR_FUNC);
    for (const char *md : {"kernel_arg_addr_space", "kernel_arg_access_qual", "kernel_arg_type",
                           "kernel_arg_base_type", "kernel_arg_type_qual", "kernel_arg_name"})
      fn->setMetadata(md, nullptr);
    b.CreateCall(fn)->setCallingConv(llvm::CallingConv::SPIR_FUNC);
  }
  b.CreateRetVoid();
  return true;
}

} // namespace corecl::compiler
