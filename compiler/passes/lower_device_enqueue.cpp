// Device-side enqueue (OpenCL C 2.0 s6.13.17): Clang's calls become calls
// of CoreCL's builtins (builtins/lib/device_enqueue_host.cl), which hand
// the requests to the runtime through the launch context
// (include/corecl/device_enqueue_abi.h).
//
// Clang emits enqueue_kernel as one of four library calls
// (__enqueue_kernel_basic, _basic_events, _varargs, _events_varargs) that
// pass the block literal and the address of a kernel Clang made for the
// block (`__<fn>_block_invoke[_N]_kernel`, the block's invoke function
// wrapped as a kernel taking the literal and the block's __local
// pointers). The get_kernel_* queries take the same pair. Nothing can call
// a kernel through its address on a CPU driver that compiles each kernel
// into a work-group function, so each call gets the kernel's *name* (a
// string constant) instead, and the runtime finds that kernel in the
// executable of the launch that asks. All four enqueue forms become one
// __corecl_enqueue_kernel call with an empty wait list or no __local sizes
// where Clang's form has none.
//
// The block kernels are marked (kBlockKernelMetadata): the API lists no
// such kernel, and they get kernel_arg_addr_space metadata (Clang gives
// them none) so that their __local pointer arguments are described as
// such. Stores of the block invoke functions' addresses into block
// literals become stores of null: OpenCL C calls blocks directly, so no
// code reads that field, and the functions can then be inlined away.
//
// The mangled clk_event_t functions and enqueue_marker are renamed to the
// builtins' plain names (after lower_images.cpp, their queue_t and
// clk_event_t are `ptr addrspace(1)`, as the builtins take them).
#include "compiler/passes/passes.h"

#include <llvm/ADT/StringSwitch.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>

#include <map>
#include <optional>
#include <vector>

namespace corecl::compiler {
namespace {

constexpr unsigned kConstant = 2, kGeneric = 4; // SPIR address spaces

/// Clang's four enqueue_kernel forms: where their operands are.
struct EnqueueForm {
  int range, numEvents, events, eventRet, invoke, block, numSizes, sizes; // -1: absent
};

std::optional<EnqueueForm> enqueueForm(llvm::StringRef name) {
  if (name == "__enqueue_kernel_basic")
    return EnqueueForm{2, -1, -1, -1, 3, 4, -1, -1};
  if (name == "__enqueue_kernel_basic_events")
    return EnqueueForm{2, 3, 4, 5, 6, 7, -1, -1};
  if (name == "__enqueue_kernel_varargs")
    return EnqueueForm{2, -1, -1, -1, 3, 4, 5, 6};
  if (name == "__enqueue_kernel_events_varargs")
    return EnqueueForm{2, 3, 4, 5, 6, 7, 8, 9};
  return std::nullopt;
}

/// The CORECL_BLOCK_* query of a get_kernel_*_impl call, and where its
/// operands are; -1 if `name` is none of them.
int blockQuery(llvm::StringRef name) {
  return llvm::StringSwitch<int>(name)
      .Case("__get_kernel_work_group_size_impl", 0)
      .Case("__get_kernel_preferred_work_group_size_multiple_impl", 1)
      .Case("__get_kernel_max_sub_group_size_for_ndrange_impl", 2)
      .Case("__get_kernel_sub_group_count_for_ndrange_impl", 3)
      .Default(-1);
}

/// The builtins' plain names for Clang's mangled clk_event_t functions.
llvm::StringRef plainName(llvm::StringRef mangled) {
  static const std::pair<const char *, const char *> kNames[] = {
      {"_Z14enqueue_marker", "__corecl_enqueue_marker"},
      {"_Z12retain_event", "__corecl_retain_event"},
      {"_Z13release_event", "__corecl_release_event"},
      {"_Z17create_user_event", "__corecl_create_user_event"},
      {"_Z14is_valid_event", "__corecl_is_valid_event"},
      {"_Z21set_user_event_status", "__corecl_set_user_event_status"},
      {"_Z28capture_event_profiling_info", "__corecl_capture_event_profiling_info"},
  };
  for (const auto &[prefix, plain] : kNames)
    if (mangled.starts_with(prefix))
      return plain;
  return {};
}

class DeviceEnqueueLowering {
public:
  DeviceEnqueueLowering(llvm::Module &module, std::string &log)
      : module_(module), context_(module.getContext()), log_(log) {}

  bool run() {
    renameEventFunctions();
    std::vector<llvm::CallInst *> calls;
    for (llvm::Function &f : module_)
      if (f.isDeclaration() && (enqueueForm(f.getName()) || blockQuery(f.getName()) >= 0))
        for (llvm::User *user : f.users())
          if (auto *call = llvm::dyn_cast<llvm::CallInst>(user))
            calls.push_back(call);
    for (llvm::CallInst *call : calls)
      if (!lowerCall(call))
        return false;
    for (llvm::Function *kernel : blockKernels_)
      markBlockKernel(*kernel);
    dropInvokeAddresses();
    return true;
  }

private:
  void renameEventFunctions() {
    for (llvm::Function &f : module_) {
      llvm::StringRef plain = f.isDeclaration() ? plainName(f.getName()) : llvm::StringRef();
      if (plain.empty())
        continue;
      if (llvm::Function *existing = module_.getFunction(plain)) {
        f.replaceAllUsesWith(existing);
        continue; // the old declaration goes with the other dead ones
      }
      f.setName(plain);
    }
  }

  /// The kernel Clang made for a block: `invoke` with its casts stripped.
  llvm::Function *blockKernel(llvm::Value *invoke) {
    auto *kernel = llvm::dyn_cast<llvm::Function>(invoke->stripPointerCasts());
    if (!kernel || kernel->isDeclaration() ||
        kernel->getCallingConv() != llvm::CallingConv::SPIR_KERNEL)
      return nullptr;
    return kernel;
  }

  /// A constant C string holding `kernel`'s name, as a generic pointer.
  llvm::Constant *nameOf(llvm::Function &kernel) {
    llvm::Constant *&name = names_[&kernel];
    if (!name) {
      llvm::Constant *text = llvm::ConstantDataArray::getString(context_, kernel.getName());
      auto *global = new llvm::GlobalVariable(
          module_, text->getType(), true, llvm::GlobalValue::PrivateLinkage, text,
          "corecl.block_kernel_name", nullptr, llvm::GlobalValue::NotThreadLocal, kConstant);
      global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
      name = llvm::ConstantExpr::getAddrSpaceCast(global, genericPtr());
    }
    return name;
  }

  llvm::PointerType *genericPtr() { return llvm::PointerType::get(context_, kGeneric); }

  /// `v` as a generic pointer (a private one cast, null stays null).
  llvm::Value *generic(llvm::IRBuilder<> &b, llvm::Value *v) {
    if (v->getType() == genericPtr())
      return v;
    return b.CreateAddrSpaceCast(v, genericPtr());
  }

  bool lowerCall(llvm::CallInst *call) {
    llvm::StringRef callee = call->getCalledFunction()->getName();
    std::optional<EnqueueForm> form = enqueueForm(callee);
    int query = blockQuery(callee);
    int invokeAt = form ? form->invoke : call->arg_size() - 2;
    llvm::Function *kernel = blockKernel(call->getArgOperand(invokeAt));
    if (!kernel) {
      log_ += "error: CoreCL cannot tell which block a call of " + callee.str() +
              " enqueues or asks about (its block is not a literal it can trace)\n";
      return false;
    }
    blockKernels_.insert(kernel);
    llvm::IRBuilder<> b(call);
    llvm::Type *i32 = b.getInt32Ty();
    llvm::Value *result;
    if (form) {
      auto operand = [&](int at, llvm::Value *absent) {
        return at < 0 ? absent : call->getArgOperand(at);
      };
      llvm::Value *nullGeneric = llvm::ConstantPointerNull::get(genericPtr());
      llvm::Value *args[] = {
          call->getArgOperand(0),                           // queue
          call->getArgOperand(1),                           // flags
          generic(b, call->getArgOperand(form->range)),     // ndrange
          nameOf(*kernel),                                  // block kernel
          generic(b, call->getArgOperand(form->block)),     // block literal
          operand(form->numEvents, b.getInt32(0)),          // wait list
          generic(b, operand(form->events, nullGeneric)),   //
          generic(b, operand(form->eventRet, nullGeneric)), // event out
          operand(form->numSizes, b.getInt32(0)),           // __local sizes
          generic(b, operand(form->sizes, nullGeneric)),    //
      };
      std::vector<llvm::Type *> types;
      for (llvm::Value *a : args)
        types.push_back(a->getType());
      llvm::FunctionCallee enqueue = module_.getOrInsertFunction(
          "__corecl_enqueue_kernel", llvm::FunctionType::get(i32, types, false));
      result = b.CreateCall(enqueue, args);
    } else {
      llvm::Value *range = query >= 2 ? generic(b, call->getArgOperand(0))
                                      : llvm::ConstantPointerNull::get(genericPtr());
      llvm::Value *args[] = {nameOf(*kernel), b.getInt32(query), range};
      llvm::FunctionCallee ask = module_.getOrInsertFunction(
          "__corecl_block_kernel_query",
          llvm::FunctionType::get(i32, {genericPtr(), i32, genericPtr()}, false));
      result = b.CreateCall(ask, args);
    }
    if (result->getType() != call->getType())
      result = b.CreateZExtOrTrunc(result, call->getType());
    call->replaceAllUsesWith(result);
    call->eraseFromParent();
    return true;
  }

  /// kBlockKernelMetadata, and kernel_arg_addr_space from the parameters'
  /// pointer types (the literal is generic, the rest __local).
  void markBlockKernel(llvm::Function &kernel) {
    kernel.setMetadata(kBlockKernelMetadata, llvm::MDNode::get(context_, {}));
    if (kernel.getMetadata("kernel_arg_addr_space"))
      return;
    std::vector<llvm::Metadata *> spaces;
    for (llvm::Argument &a : kernel.args()) {
      unsigned space = a.getType()->isPointerTy() ? a.getType()->getPointerAddressSpace() : 0;
      spaces.push_back(llvm::ConstantAsMetadata::get(
          llvm::ConstantInt::get(llvm::Type::getInt32Ty(context_), space)));
    }
    kernel.setMetadata("kernel_arg_addr_space", llvm::MDNode::get(context_, spaces));
  }

  /// Block literals' invoke fields are stored (or, for a program-scope
  /// block, initialised) and never read: null them, so the invoke
  /// functions have callers only (and inline away).
  void dropInvokeAddresses() {
    for (llvm::Function &f : module_) {
      if (f.isDeclaration() || f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL)
        continue;
      std::vector<llvm::Use *> stored;
      auto collect = [&](llvm::Value *address) {
        for (llvm::Use &use : address->uses())
          if (auto *store = llvm::dyn_cast<llvm::StoreInst>(use.getUser());
              store && store->getValueOperand() == address)
            stored.push_back(&use);
      };
      collect(&f);
      // Through the address-space cast Clang wraps it in.
      for (llvm::User *user : f.users())
        if (auto *cast = llvm::dyn_cast<llvm::ConstantExpr>(user))
          collect(cast);
      for (llvm::Use *use : stored)
        use->set(llvm::Constant::getNullValue(use->get()->getType()));
    }
    // Program-scope blocks are constant literals (Clang's
    // __block_literal_global*) holding the address in their initializer.
    for (llvm::GlobalVariable &global : module_.globals()) {
      auto *literal = global.hasInitializer()
                          ? llvm::dyn_cast<llvm::ConstantStruct>(global.getInitializer())
                          : nullptr;
      if (!literal || !global.getName().starts_with("__block_literal_global"))
        continue;
      std::vector<llvm::Constant *> fields;
      bool changed = false;
      for (llvm::Use &field : literal->operands()) {
        auto *c = llvm::cast<llvm::Constant>(field.get());
        if (llvm::isa<llvm::Function>(c->stripPointerCasts())) {
          c = llvm::Constant::getNullValue(c->getType());
          changed = true;
        }
        fields.push_back(c);
      }
      if (changed)
        global.setInitializer(llvm::ConstantStruct::get(literal->getType(), fields));
    }
  }

  llvm::Module &module_;
  llvm::LLVMContext &context_;
  std::string &log_;
  llvm::SmallPtrSet<llvm::Function *, 4> blockKernels_;
  std::map<llvm::Function *, llvm::Constant *> names_;
};

} // namespace

bool lowerDeviceEnqueue(llvm::Module &module, std::string &log) {
  return DeviceEnqueueLowering(module, log).run();
}

} // namespace corecl::compiler
