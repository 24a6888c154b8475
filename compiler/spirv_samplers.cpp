#include "compiler/spirv_samplers.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace corecl::compiler {
namespace {

constexpr unsigned kConstantAddressSpace = 2;

bool isSamplerPointer(const llvm::Type *type) {
  return type->isPointerTy() && type->getPointerAddressSpace() == kConstantAddressSpace;
}

} // namespace

void lowerTranslatedSamplers(llvm::Module &module) {
  llvm::LLVMContext &context = module.getContext();
  auto *i32 = llvm::Type::getInt32Ty(context);
  std::vector<llvm::Function *> declarations;
  for (llvm::Function &f : module)
    if (f.isDeclaration() && f.getName().contains("11ocl_sampler"))
      declarations.push_back(&f);
  for (llvm::Function *old : declarations) {
    llvm::FunctionType *type = old->getFunctionType();
    std::vector<llvm::Type *> params(type->param_begin(), type->param_end());
    bool any = false;
    for (llvm::Type *&param : params)
      if (isSamplerPointer(param)) {
        param = i32;
        any = true;
      }
    if (!any)
      continue;
    std::string name = old->getName().str();
    old->setName(name + ".translated");
    auto *replacement = llvm::Function::Create(
        llvm::FunctionType::get(type->getReturnType(), params, type->isVarArg()), old->getLinkage(),
        name, module);
    replacement->setCallingConv(old->getCallingConv());
    replacement->setAttributes(old->getAttributes());
    std::vector<llvm::CallInst *> calls;
    for (llvm::User *user : old->users())
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(user))
        calls.push_back(call);
    for (llvm::CallInst *call : calls) {
      llvm::IRBuilder<> b(call);
      std::vector<llvm::Value *> args;
      for (llvm::Value *arg : call->args())
        args.push_back(isSamplerPointer(arg->getType())
                           ? b.CreateTrunc(b.CreatePtrToInt(arg, b.getInt64Ty()), i32)
                           : arg);
      llvm::CallInst *fresh = b.CreateCall(replacement, args);
      fresh->setCallingConv(call->getCallingConv());
      fresh->setAttributes(call->getAttributes());
      fresh->takeName(call);
      call->replaceAllUsesWith(fresh);
      call->eraseFromParent();
    }
    if (old->use_empty())
      old->eraseFromParent();
  }
  // __translate_sampler_initializer(bits): the pointer made of the bits,
  // which the calls above turn back into them.
  if (llvm::Function *init = module.getFunction("__translate_sampler_initializer");
      init && isSamplerPointer(init->getReturnType())) {
    std::vector<llvm::CallInst *> calls;
    for (llvm::User *user : init->users())
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(user))
        calls.push_back(call);
    for (llvm::CallInst *call : calls) {
      llvm::IRBuilder<> b(call);
      llvm::Value *bits = b.CreateZExtOrTrunc(call->getArgOperand(0), b.getInt64Ty());
      call->replaceAllUsesWith(b.CreateIntToPtr(bits, call->getType()));
      call->eraseFromParent();
    }
    if (init->use_empty())
      init->eraseFromParent();
  }
}

} // namespace corecl::compiler
