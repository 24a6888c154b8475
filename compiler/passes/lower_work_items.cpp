// Step 1 of work-group formation: the kernel body with explicit work-item
// parameters, and every work-item function computed from them.
#include "compiler/kernel_metadata.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/ADT/StringSwitch.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

namespace corecl::compiler {

llvm::StructType *wgContextType(llvm::LLVMContext &context) {
  if (auto *existing = llvm::StructType::getTypeByName(context, "corecl.wg_ctx"))
    return existing;
  auto *i64 = llvm::Type::getInt64Ty(context);
  auto *i32 = llvm::Type::getInt32Ty(context);
  auto *ptr = llvm::PointerType::get(context, 0);
  auto *dims = llvm::ArrayType::get(i64, 3);
  return llvm::StructType::create(context, {dims, dims, dims, dims, i64, i64, i32, i32, ptr, ptr,
                                            ptr,  i64,  i64,  i64,  ptr, ptr, ptr, ptr, ptr, ptr},
                                  "corecl.wg_ctx");
}

namespace {

enum class WorkItemQuery {
  GlobalId,
  LocalId,
  GroupId,
  LocalSize,
  EnqueuedLocalSize,
  GlobalSize,
  NumGroups,
  GlobalOffset,
  WorkDim,
  GlobalLinearId,
  LocalLinearId,
  GroupScratch,
  SubGroupWidth,
  DeviceServices,
  DeviceLaunch,
  DefaultQueue,
  None,
};

WorkItemQuery classify(llvm::StringRef name) {
  return llvm::StringSwitch<WorkItemQuery>(name)
      .Case("_Z13get_global_idj", WorkItemQuery::GlobalId)
      .Case("_Z12get_local_idj", WorkItemQuery::LocalId)
      .Case("_Z12get_group_idj", WorkItemQuery::GroupId)
      .Case("_Z14get_local_sizej", WorkItemQuery::LocalSize)
      .Case("_Z23get_enqueued_local_sizej", WorkItemQuery::EnqueuedLocalSize)
      .Case("_Z15get_global_sizej", WorkItemQuery::GlobalSize)
      .Case("_Z14get_num_groupsj", WorkItemQuery::NumGroups)
      .Case("_Z17get_global_offsetj", WorkItemQuery::GlobalOffset)
      .Case("_Z12get_work_dimv", WorkItemQuery::WorkDim)
      .Case("_Z20get_global_linear_idv", WorkItemQuery::GlobalLinearId)
      .Case("_Z19get_local_linear_idv", WorkItemQuery::LocalLinearId)
      // The collective functions' scratch row (builtins/lib/work_group.cl).
      .Case("__corecl_group_scratch", WorkItemQuery::GroupScratch)
      // The launch's sub-group width (builtins/lib/sub_group.cl).
      .Case("__corecl_sub_group_width", WorkItemQuery::SubGroupWidth)
      // Device-side enqueue (builtins/lib/device_enqueue_host.cl).
      .Case("__corecl_device_services", WorkItemQuery::DeviceServices)
      .Case("__corecl_device_launch", WorkItemQuery::DeviceLaunch)
      .Case("_Z17get_default_queuev", WorkItemQuery::DefaultQueue)
      .Default(WorkItemQuery::None);
}

/// Emits the value of `query` for dimension `dim` (a constant 0..2).
llvm::Value *queryFor(llvm::IRBuilder<> &b, llvm::Function &body, const WorkItemParams &p,
                      WorkItemQuery query, unsigned dim) {
  auto *ctxType = wgContextType(body.getContext());
  llvm::Value *ctx = body.getArg(p.ctx());
  auto ctxDim = [&](unsigned field) -> llvm::Value * {
    llvm::Value *addr = b.CreateConstInBoundsGEP2_32(ctxType, ctx, 0, field);
    addr = b.CreateConstInBoundsGEP1_32(b.getInt64Ty(), addr, dim);
    // The launch context does not change while the group runs: such loads
    // may move and merge freely, also past the kernel's own stores.
    auto *load = b.CreateLoad(b.getInt64Ty(), addr);
    load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(b.getContext(), {}));
    return load;
  };
  switch (query) {
  case WorkItemQuery::LocalId: return body.getArg(p.localId(dim));
  case WorkItemQuery::GroupId: return body.getArg(p.groupId(dim));
  case WorkItemQuery::LocalSize: return body.getArg(p.localSize(dim));
  case WorkItemQuery::EnqueuedLocalSize: return ctxDim(ctxfield::LocalSize);
  case WorkItemQuery::GlobalSize: return ctxDim(ctxfield::GlobalSize);
  case WorkItemQuery::NumGroups: return ctxDim(ctxfield::NumGroups);
  case WorkItemQuery::GlobalOffset: return ctxDim(ctxfield::GlobalOffset);
  case WorkItemQuery::GlobalId: {
    // group * enqueued local size + local id + offset
    llvm::Value *base = b.CreateMul(body.getArg(p.groupId(dim)), ctxDim(ctxfield::LocalSize));
    llvm::Value *id = b.CreateAdd(base, body.getArg(p.localId(dim)));
    return b.CreateAdd(id, ctxDim(ctxfield::GlobalOffset));
  }
  default: return nullptr;
  }
}

/// The value for a dimension given at run time: dimensions above 2 answer
/// 0 for ids and offsets, 1 for sizes, as the spec says.
llvm::Value *queryAnyDim(llvm::IRBuilder<> &b, llvm::Function &body, const WorkItemParams &p,
                         WorkItemQuery query, llvm::Value *dimArg) {
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(dimArg)) {
    uint64_t d = c->getZExtValue();
    if (d < 3)
      return queryFor(b, body, p, query, unsigned(d));
  }
  bool isSize = query == WorkItemQuery::LocalSize || query == WorkItemQuery::GlobalSize ||
                query == WorkItemQuery::NumGroups || query == WorkItemQuery::EnqueuedLocalSize;
  llvm::Value *result = b.getInt64(isSize ? 1 : 0);
  for (int d = 2; d >= 0; --d) {
    llvm::Value *isDim = b.CreateICmpEQ(dimArg, b.getInt32(d));
    result = b.CreateSelect(isDim, queryFor(b, body, p, query, unsigned(d)), result);
  }
  return result;
}

/// The generic address space's queries (OpenCL C 3.0 s6.4.4, s6.15.10).
enum class SpaceQuery { ToGlobal, ToLocal, ToPrivate, GetFence, None };

SpaceQuery classifySpaceQuery(llvm::StringRef name) {
  return llvm::StringSwitch<SpaceQuery>(name)
      .Case("__to_global", SpaceQuery::ToGlobal)
      .Case("__to_local", SpaceQuery::ToLocal)
      .Case("__to_private", SpaceQuery::ToPrivate)
      .Cases("_Z9get_fencePU3AS4v", "_Z9get_fencePU3AS4Kv", SpaceQuery::GetFence)
      .Default(SpaceQuery::None);
}

/// Which named space the generic pointer of `call` points into, answered
/// from the address ranges of the launch context (kernel_abi.h): a generic
/// pointer is an address like any other on the host.
llvm::Value *lowerSpaceQuery(llvm::IRBuilder<> &b, llvm::Function &body, const WorkItemParams &p,
                             llvm::CallInst *call, SpaceQuery query) {
  auto *ctxType = wgContextType(body.getContext());
  llvm::Value *ctx = body.getArg(p.ctx());
  auto field = [&](unsigned index) -> llvm::Value * {
    llvm::Value *addr = b.CreateConstInBoundsGEP2_32(ctxType, ctx, 0, index);
    llvm::Type *type = ctxType->getElementType(index);
    auto *load = b.CreateLoad(type, addr);
    load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(b.getContext(), {}));
    return type->isPointerTy() ? b.CreatePtrToInt(load, b.getInt64Ty()) : load;
  };
  llvm::Value *pointer = call->getArgOperand(0);
  llvm::Value *address = b.CreatePtrToInt(pointer, b.getInt64Ty());
  // begin <= address < begin + size, as one unsigned comparison.
  auto within = [&](llvm::Value *begin, llvm::Value *size) {
    return b.CreateICmpULT(b.CreateSub(address, begin), size);
  };
  llvm::Value *arena = field(ctxfield::LocalArena);
  llvm::Value *isLocal = within(arena, field(ctxfield::LocalArenaSize));
  llvm::Value *low = field(ctxfield::PrivateLow);
  llvm::Value *onStack = within(low, b.CreateSub(field(ctxfield::PrivateHigh), low));
  llvm::Value *inStorage = within(field(ctxfield::WiStorage), field(ctxfield::WiStorageSize));
  llvm::Value *isPrivate = b.CreateOr(onStack, inStorage);
  if (query == SpaceQuery::GetFence) {
    // Local memory takes a local fence, global memory a global one; private
    // memory is the work-item's own and needs none (0 is a valid fence).
    llvm::Value *flags = b.CreateSelect(isPrivate, b.getInt32(0), b.getInt32(2)); // GLOBAL
    flags = b.CreateSelect(isLocal, b.getInt32(1), flags);                        // LOCAL
    return b.CreateZExtOrTrunc(flags, call->getType());
  }
  llvm::Value *matches = query == SpaceQuery::ToLocal ? isLocal
                         : query == SpaceQuery::ToPrivate
                             ? isPrivate
                             : b.CreateNot(b.CreateOr(isLocal, isPrivate));
  auto *resultType = llvm::cast<llvm::PointerType>(call->getType());
  llvm::Value *cast = b.CreateAddrSpaceCast(pointer, resultType);
  return b.CreateSelect(matches, cast, llvm::ConstantPointerNull::get(resultType));
}

} // namespace

llvm::Function *makeKernelBody(llvm::Function &kernel) {
  llvm::LLVMContext &context = kernel.getContext();
  auto *i64 = llvm::Type::getInt64Ty(context);
  auto *ptr = llvm::PointerType::get(context, 0);

  std::vector<llvm::Type *> params(kernel.getFunctionType()->param_begin(),
                                   kernel.getFunctionType()->param_end());
  WorkItemParams p{unsigned(params.size())};
  params.push_back(ptr); // ctx
  for (int i = 0; i < 9; ++i)
    params.push_back(i64); // group ids, local ids, local sizes
  params.push_back(ptr);   // wi base
  auto *type = llvm::FunctionType::get(kernel.getReturnType(), params, false);
  auto *body = llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                                      kernel.getName() + ".body", kernel.getParent());

  llvm::ValueToValueMapTy map;
  for (llvm::Argument &a : kernel.args()) {
    llvm::Argument *to = body->getArg(a.getArgNo());
    to->setName(a.getName());
    map[&a] = to;
  }
  llvm::SmallVector<llvm::ReturnInst *, 4> returns;
  llvm::CloneFunctionInto(body, &kernel, map, llvm::CloneFunctionChangeType::LocalChangesOnly,
                          returns);
  body->setCallingConv(llvm::CallingConv::C);
  body->setLinkage(llvm::GlobalValue::InternalLinkage);
  // Kernel metadata belongs to the kernel, not its body.
  for (const char *md : {"kernel_arg_addr_space", "kernel_arg_access_qual", "kernel_arg_type",
                         "kernel_arg_base_type", "kernel_arg_type_qual", "kernel_arg_name",
                         "reqd_work_group_size", "work_group_size_hint", "vec_type_hint"})
    body->setMetadata(md, nullptr);
  body->getArg(p.ctx())->setName("ctx");
  const char *dims = "xyz";
  for (unsigned d = 0; d < 3; ++d) {
    body->getArg(p.groupId(d))->setName(std::string("group.") + dims[d]);
    body->getArg(p.localId(d))->setName(std::string("lid.") + dims[d]);
    body->getArg(p.localSize(d))->setName(std::string("lsize.") + dims[d]);
  }
  body->getArg(p.wiBase())->setName("wi.base");

  std::vector<llvm::CallInst *> calls, spaceCalls;
  for (llvm::BasicBlock &bb : *body)
    for (llvm::Instruction &inst : bb)
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst))
        if (llvm::Function *callee = call->getCalledFunction()) {
          if (classify(callee->getName()) != WorkItemQuery::None)
            calls.push_back(call);
          else if (classifySpaceQuery(callee->getName()) != SpaceQuery::None)
            spaceCalls.push_back(call);
        }
  for (llvm::CallInst *call : spaceCalls) {
    llvm::IRBuilder<> b(call);
    llvm::Value *value = lowerSpaceQuery(b, *body, p, call,
                                         classifySpaceQuery(call->getCalledFunction()->getName()));
    call->replaceAllUsesWith(value);
    call->eraseFromParent();
  }

  auto *ctxType = wgContextType(context);
  for (llvm::CallInst *call : calls) {
    llvm::IRBuilder<> b(call);
    WorkItemQuery query = classify(call->getCalledFunction()->getName());
    llvm::Value *value = nullptr;
    switch (query) {
    case WorkItemQuery::WorkDim: {
      llvm::Value *addr =
          b.CreateConstInBoundsGEP2_32(ctxType, body->getArg(p.ctx()), 0, ctxfield::WorkDim);
      auto *load = b.CreateLoad(b.getInt32Ty(), addr);
      load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(context, {}));
      value = load;
      break;
    }
    case WorkItemQuery::SubGroupWidth: {
      llvm::Value *addr =
          b.CreateConstInBoundsGEP2_32(ctxType, body->getArg(p.ctx()), 0, ctxfield::SubGroupWidth);
      auto *load = b.CreateLoad(b.getInt32Ty(), addr, "sub_group.width");
      load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(context, {}));
      load->setMetadata(kSubGroupWidthLoad, llvm::MDNode::get(context, {}));
      value = load;
      break;
    }
    case WorkItemQuery::GroupScratch:
    case WorkItemQuery::DeviceServices:
    case WorkItemQuery::DeviceLaunch:
    case WorkItemQuery::DefaultQueue: {
      unsigned field = query == WorkItemQuery::GroupScratch     ? ctxfield::GroupScratch
                       : query == WorkItemQuery::DeviceServices ? ctxfield::DeviceServices
                       : query == WorkItemQuery::DeviceLaunch   ? ctxfield::DeviceLaunch
                                                                : ctxfield::DefaultQueue;
      llvm::Value *addr = b.CreateConstInBoundsGEP2_32(ctxType, body->getArg(p.ctx()), 0, field);
      auto *load = b.CreateLoad(b.getPtrTy(), addr);
      load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(context, {}));
      value = b.CreateAddrSpaceCast(load, call->getType());
      break;
    }
    case WorkItemQuery::LocalLinearId: {
      // (lid.z * lsize.y + lid.y) * lsize.x + lid.x
      llvm::Value *v = b.CreateMul(body->getArg(p.localId(2)), body->getArg(p.localSize(1)));
      v = b.CreateAdd(v, body->getArg(p.localId(1)));
      v = b.CreateMul(v, body->getArg(p.localSize(0)));
      value = b.CreateAdd(v, body->getArg(p.localId(0)));
      break;
    }
    case WorkItemQuery::GlobalLinearId: {
      // ((gid.z - off.z) * gsize.y + (gid.y - off.y)) * gsize.x + (gid.x - off.x)
      auto rel = [&](unsigned d) {
        return b.CreateSub(queryFor(b, *body, p, WorkItemQuery::GlobalId, d),
                           queryFor(b, *body, p, WorkItemQuery::GlobalOffset, d));
      };
      llvm::Value *v = b.CreateMul(rel(2), queryFor(b, *body, p, WorkItemQuery::GlobalSize, 1));
      v = b.CreateAdd(v, rel(1));
      v = b.CreateMul(v, queryFor(b, *body, p, WorkItemQuery::GlobalSize, 0));
      value = b.CreateAdd(v, rel(0));
      break;
    }
    default: value = queryAnyDim(b, *body, p, query, call->getArgOperand(0)); break;
    }
    if (value->getType() != call->getType() && !value->getType()->isPointerTy())
      value = b.CreateZExtOrTrunc(value, call->getType());
    call->replaceAllUsesWith(value);
    call->eraseFromParent();
  }
  return body;
}

std::string workGroupFunctionName(const std::string &kernelName) { return kernelName + ".wg"; }


llvm::PreservedAnalyses KernelBodyPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  std::vector<llvm::Function *> kernels;
  for (llvm::Function &f : module)
    if (isKernel(f))
      kernels.push_back(&f);
  for (llvm::Function *kernel : kernels)
    makeKernelBody(*kernel)->addFnAttr(attr::kBodyOf, kernel->getName());
  return kernels.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

std::vector<llvm::Function *> kernelBodies(llvm::Module &module) {
  std::vector<llvm::Function *> bodies;
  for (llvm::Function &f : module)
    if (f.hasFnAttribute(attr::kBodyOf))
      bodies.push_back(&f);
  return bodies;
}

llvm::Function *kernelOfBody(llvm::Function &body) {
  return body.getParent()->getFunction(
      body.getFnAttribute(attr::kBodyOf).getValueAsString());
}

} // namespace corecl::compiler
