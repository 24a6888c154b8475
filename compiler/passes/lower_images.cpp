// Images and samplers as plain values (issue 13). Clang 19 gives OpenCL
// C's image and sampler types, for the spir64 target, as LLVM target
// extension types: target("spirv.Image", ...) for every image type (1D to
// 3D, arrays, buffers, depth) and target("spirv.Sampler"). Nothing after
// the front end knows them: the builtins library defines read_imagef and
// friends over plain types, the work-group passes load kernel arguments
// from the args block, and x86 code generation cannot lower them. This
// pass removes them from a module:
//
//  - an image becomes `ptr addrspace(1)`, the address of the corecl_image
//    descriptor the runtime keeps for the launch (include/corecl/
//    image_abi.h). Address space 1, global, as for a buffer: the args
//    block holds it like a buffer's pointer (8 bytes), the kernel's
//    kernel_arg_addr_space metadata already says global for images, and a
//    builtin takes it as `__global const corecl_image *`, which means the
//    same in every OpenCL C version the builtins could be compiled as;
//  - a sampler becomes an `i32` holding the CLK_* bits (image_abi.h's
//    CORECL_SAMPLER_*), what the runtime stores for a sampler argument;
//    a sampler written in the source (a kernel-scope `const sampler_t`, a
//    program-scope one, a literal), which Clang emits as a call to
//    __translate_sampler_initializer(i32 bits), becomes those bits.
//
// Pipes and reservations (OpenCL C 2.0's pipe and reserve_id_t, Clang's
// target("spirv.Pipe", access) and target("spirv.ReserveId")) are lowered
// the same way: a pipe becomes `ptr addrspace(1)` to its corecl_pipe, a
// reservation an i64 (include/corecl/pipe_abi.h), for the builtins of
// lib/pipes_host.cl and lib/pipes.cl.
//
// Functions whose signature mentions either type (kernels, helpers taking
// an image, the builtins' declarations) are recreated with the lowered
// signature under the same name, with their attributes, calling
// convention, metadata (kernel_arg_*, debug info) and body: the mangled
// names stay, so the builtins library defines, say,
// _Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i over (ptr addrspace(1),
// i32, <2 x i32>). Every value of the two types (arguments, allocas and
// the loads and stores of unoptimised code, calls, phis, selects) takes
// the lowered type in place.
//
// It runs first in makeExecutable (program_builder.cpp): before the
// kernels are described (describeKernel reads image and sampler arguments
// from kernel_arg_base_type, kernel_metadata.cpp) and before the builtins
// are linked, so the linker sees matching signatures. Bitcode (program
// binaries, clCompileProgram's objects) keeps Clang's types.
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/AttributeMask.h>
#include <llvm/IR/Attributes.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DebugProgramInstruction.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace corecl::compiler {
namespace {

constexpr const char *kSamplerInitializer = "__translate_sampler_initializer";

class ImageLowering {
public:
  explicit ImageLowering(llvm::Module &module)
      : module_(module), image_(llvm::PointerType::get(module.getContext(), 1)),
        sampler_(llvm::Type::getInt32Ty(module.getContext())),
        reserveId_(llvm::Type::getInt64Ty(module.getContext())) {}

  bool run() {
    bool changed = false;
    std::vector<llvm::Function *> functions;
    for (llvm::Function &f : module_)
      functions.push_back(&f);
    for (llvm::Function *f : functions)
      if (lower(f->getFunctionType()) != f->getFunctionType()) {
        recreate(*f);
        changed = true;
      }
    for (llvm::Function &f : module_)
      for (llvm::Instruction &inst : llvm::instructions(f))
        changed |= lowerInstruction(inst);
    changed |= foldSamplerInitializers();
    return changed;
  }

private:
  /// `type` with images and samplers replaced, or `type` itself.
  llvm::Type *lower(llvm::Type *type) {
    if (auto found = lowered_.find(type); found != lowered_.end())
      return found->second;
    llvm::Type *result = type;
    if (auto *ext = llvm::dyn_cast<llvm::TargetExtType>(type)) {
      // Device-side enqueue's queue_t and clk_event_t are the runtime's
      // handles (include/corecl/device_enqueue_abi.h).
      if (ext->getName() == "spirv.Image" || ext->getName() == "spirv.Pipe" ||
          ext->getName() == "spirv.Queue" || ext->getName() == "spirv.DeviceEvent")
        result = image_;
      else if (ext->getName() == "spirv.Sampler")
        result = sampler_;
      else if (ext->getName() == "spirv.ReserveId")
        result = reserveId_;
    } else if (auto *array = llvm::dyn_cast<llvm::ArrayType>(type)) {
      llvm::Type *element = lower(array->getElementType());
      if (element != array->getElementType())
        result = llvm::ArrayType::get(element, array->getNumElements());
    } else if (auto *s = llvm::dyn_cast<llvm::StructType>(type); s && s->isLiteral()) {
      std::vector<llvm::Type *> elements;
      bool differs = false;
      for (llvm::Type *element : s->elements()) {
        elements.push_back(lower(element));
        differs |= elements.back() != element;
      }
      if (differs)
        result = llvm::StructType::get(module_.getContext(), elements, s->isPacked());
    } else if (auto *fn = llvm::dyn_cast<llvm::FunctionType>(type)) {
      std::vector<llvm::Type *> params;
      bool differs = false;
      for (llvm::Type *param : fn->params()) {
        params.push_back(lower(param));
        differs |= params.back() != param;
      }
      llvm::Type *ret = lower(fn->getReturnType());
      differs |= ret != fn->getReturnType();
      if (differs)
        result = llvm::FunctionType::get(ret, params, fn->isVarArg());
    }
    lowered_[type] = result;
    return result;
  }

  /// The constant of the lowered type standing for `c` (undef, poison or
  /// the zero value of an image or sampler type).
  llvm::Constant *lowerConstant(llvm::Constant *c) {
    llvm::Type *type = lower(c->getType());
    if (llvm::isa<llvm::PoisonValue>(c))
      return llvm::PoisonValue::get(type);
    if (llvm::isa<llvm::UndefValue>(c))
      return llvm::UndefValue::get(type);
    return llvm::Constant::getNullValue(type);
  }

  /// Attributes that the new type of parameter `i` (or the return value,
  /// for AttributeList::ReturnIndex) cannot carry.
  template <class T> static void dropIncompatible(T &holder, llvm::FunctionType *type) {
    for (unsigned i = 0; i < type->getNumParams(); ++i)
      holder.removeParamAttrs(i, llvm::AttributeFuncs::typeIncompatible(type->getParamType(i)));
    holder.removeRetAttrs(llvm::AttributeFuncs::typeIncompatible(type->getReturnType()));
  }

  /// Replaces `f` by a function of the lowered signature, same name, same
  /// attributes, metadata and body.
  void recreate(llvm::Function &f) {
    auto *type = llvm::cast<llvm::FunctionType>(lower(f.getFunctionType()));
    llvm::Function *g =
        llvm::Function::Create(type, f.getLinkage(), f.getAddressSpace(), "", &module_);
    module_.getFunctionList().splice(f.getIterator(), module_.getFunctionList(), g->getIterator());
    g->copyAttributesFrom(&f);
    dropIncompatible(*g, type);
    g->copyMetadata(&f, 0);
    g->IsNewDbgInfoFormat = f.IsNewDbgInfoFormat;
    g->splice(g->begin(), &f);
    for (llvm::Argument &old : f.args()) {
      llvm::Argument *now = g->getArg(old.getArgNo());
      now->takeName(&old);
      // Uses take the lowered type in place (lowerInstruction): the old
      // argument takes it first so that its uses can move to the new one.
      old.mutateType(now->getType());
      old.replaceAllUsesWith(now);
    }
    g->takeName(&f);
    // Callers: the function's address has the same type (ptr); their
    // function types follow in lowerInstruction.
    f.replaceAllUsesWith(g);
    f.eraseFromParent();
  }

  /// Debug records and intrinsics that point at a constant of an image or
  /// sampler type point at its lowered constant.
  void lowerDebugOperands(llvm::Instruction &inst) {
    auto lowerOps = [&](auto &record) {
      std::vector<llvm::Value *> stale;
      for (llvm::Value *v : record.location_ops())
        if (auto *c = llvm::dyn_cast_or_null<llvm::Constant>(v);
            c && lower(c->getType()) != c->getType())
          stale.push_back(c);
      for (llvm::Value *v : stale)
        record.replaceVariableLocationOp(v, lowerConstant(llvm::cast<llvm::Constant>(v)));
    };
    for (llvm::DbgVariableRecord &record : llvm::filterDbgVars(inst.getDbgRecordRange()))
      lowerOps(record);
    if (auto *intrinsic = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&inst))
      lowerOps(*intrinsic);
  }

  bool lowerInstruction(llvm::Instruction &inst) {
    bool changed = false;
    lowerDebugOperands(inst);
    for (llvm::Use &use : inst.operands())
      if (auto *c = llvm::dyn_cast<llvm::Constant>(use.get());
          c && !llvm::isa<llvm::GlobalValue>(c) && lower(c->getType()) != c->getType()) {
        use.set(lowerConstant(c));
        changed = true;
      }
    if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst)) {
      llvm::Type *type = lower(alloca->getAllocatedType());
      if (type != alloca->getAllocatedType()) {
        alloca->setAllocatedType(type);
        loweredAllocas_.push_back(alloca);
        changed = true;
      }
    } else if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
      auto *type = llvm::cast<llvm::FunctionType>(lower(call->getFunctionType()));
      if (type != call->getFunctionType()) {
        call->mutateFunctionType(type);
        dropIncompatible(*call, type);
        changed = true;
      }
      if (llvm::Function *callee = call->getCalledFunction();
          callee && callee->getName() == kSamplerInitializer)
        samplerInitializers_.push_back(call);
    } else if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst)) {
      llvm::Type *source = lower(gep->getSourceElementType());
      if (source != gep->getSourceElementType()) {
        gep->setSourceElementType(source);
        gep->setResultElementType(lower(gep->getResultElementType()));
        changed = true;
      }
    }
    if (llvm::Type *type = lower(inst.getType()); type != inst.getType()) {
      inst.mutateType(type);
      changed = true;
    }
    return changed;
  }

  /// Samplers written in the source become their bits; the lifetimes of
  /// the allocas that held a sampler take their new, smaller size.
  bool foldSamplerInitializers() {
    const llvm::DataLayout &layout = module_.getDataLayout();
    for (llvm::AllocaInst *alloca : loweredAllocas_) {
      std::optional<llvm::TypeSize> size = alloca->getAllocationSize(layout);
      if (!size || size->isScalable())
        continue;
      for (llvm::User *user : alloca->users())
        if (auto *lifetime = llvm::dyn_cast<llvm::LifetimeIntrinsic>(user);
            lifetime && lifetime->getArgOperand(1) == alloca)
          lifetime->setArgOperand(0, llvm::ConstantInt::get(lifetime->getArgOperand(0)->getType(),
                                                            size->getFixedValue()));
    }
    bool changed = !samplerInitializers_.empty();
    for (llvm::CallBase *call : samplerInitializers_) {
      if (call->arg_size() == 1 && call->getType() == sampler_ &&
          call->getArgOperand(0)->getType() == sampler_) {
        call->replaceAllUsesWith(call->getArgOperand(0));
        call->eraseFromParent();
      }
    }
    if (llvm::Function *initializer = module_.getFunction(kSamplerInitializer);
        initializer && initializer->use_empty())
      initializer->eraseFromParent();
    return changed;
  }

  llvm::Module &module_;
  llvm::PointerType *image_;
  llvm::IntegerType *sampler_;
  llvm::IntegerType *reserveId_;
  llvm::DenseMap<llvm::Type *, llvm::Type *> lowered_;
  std::vector<llvm::AllocaInst *> loweredAllocas_;
  std::vector<llvm::CallBase *> samplerInitializers_;
};

} // namespace

bool lowerImages(llvm::Module &module) {
  return ImageLowering(module).run();
}

llvm::PreservedAnalyses LowerImagesPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  return lowerImages(module) ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
