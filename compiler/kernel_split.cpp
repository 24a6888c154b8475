#include "compiler/kernel_split.h"

#include "compiler/kernel_metadata.h"
#include "compiler/pipeline.h"
#include "compiler/program_constructors.h"

#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <algorithm>
#include <vector>

namespace corecl::compiler {
namespace {

constexpr unsigned kLocalAddressSpace = 3; // SPIR

/// A variable every kernel must see one copy of: writable, and not a
/// kernel's __local variable (those belong to the kernel that declares it).
bool isShared(const llvm::GlobalVariable &g) {
  return !g.isDeclaration() && !g.isConstant() && g.getAddressSpace() != kLocalAddressSpace &&
         !g.getName().starts_with("llvm.");
}

/// Every global value `roots` reach through instructions, constant
/// expressions and initialisers.
llvm::SmallPtrSet<const llvm::GlobalValue *, 32>
reachableFrom(const std::vector<const llvm::GlobalValue *> &roots) {
  llvm::SmallPtrSet<const llvm::GlobalValue *, 32> reached;
  llvm::SmallPtrSet<const llvm::Constant *, 32> seenConstants;
  std::vector<const llvm::GlobalValue *> work;
  auto visitConstant = [&](const llvm::Constant *c, auto &self) -> void {
    if (!seenConstants.insert(c).second)
      return;
    if (auto *gv = llvm::dyn_cast<llvm::GlobalValue>(c)) {
      if (reached.insert(gv).second)
        work.push_back(gv);
      return;
    }
    for (const llvm::Value *op : c->operands())
      if (auto *inner = llvm::dyn_cast<llvm::Constant>(op))
        self(inner, self);
  };
  for (const llvm::GlobalValue *root : roots)
    if (reached.insert(root).second)
      work.push_back(root);
  while (!work.empty()) {
    const llvm::GlobalValue *gv = work.back();
    work.pop_back();
    if (auto *var = llvm::dyn_cast<llvm::GlobalVariable>(gv)) {
      if (var->hasInitializer())
        visitConstant(var->getInitializer(), visitConstant);
      continue;
    }
    auto *function = llvm::dyn_cast<llvm::Function>(gv);
    if (!function)
      continue;
    for (const llvm::Instruction &inst : llvm::instructions(*function))
      for (const llvm::Value *op : inst.operands())
        if (auto *c = llvm::dyn_cast<llvm::Constant>(op))
          visitConstant(c, visitConstant);
  }
  return reached;
}

/// A copy of `module` with the definitions `keep` selects; the rest become
/// declarations, and those nothing uses go.
std::unique_ptr<llvm::Module>
copyWith(const llvm::Module &module, const llvm::SmallPtrSet<const llvm::GlobalValue *, 32> &keep) {
  llvm::ValueToValueMapTy map;
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(
      module, map, [&](const llvm::GlobalValue *gv) { return keep.contains(gv); });
  std::vector<llvm::GlobalValue *> unused;
  for (llvm::GlobalValue &gv : copy->global_values())
    if (gv.isDeclaration() && gv.use_empty())
      unused.push_back(&gv);
  for (llvm::GlobalValue *gv : unused)
    gv->eraseFromParent();
  return copy;
}

/// Gives everything in `module` internal linkage but `exported` and the
/// shared variables it declares; shared variables stay declarations that
/// the JIT resolves (so not dso_local: reached through the GOT, wherever
/// the shared object lands).
void internaliseAllBut(llvm::Module &module, const std::vector<std::string> &exported) {
  auto isExported = [&](const llvm::GlobalValue &gv) {
    return std::find(exported.begin(), exported.end(), gv.getName().str()) != exported.end();
  };
  for (llvm::GlobalValue &gv : module.global_values()) {
    if (auto *object = llvm::dyn_cast<llvm::GlobalObject>(&gv))
      object->setComdat(nullptr);
    if (gv.isDeclaration()) {
      if (auto *var = llvm::dyn_cast<llvm::GlobalVariable>(&gv))
        var->setDSOLocal(false);
      continue;
    }
    if (isExported(gv) || gv.getName().starts_with("llvm."))
      continue;
    gv.setLinkage(llvm::GlobalValue::InternalLinkage);
    gv.setVisibility(llvm::GlobalValue::DefaultVisibility);
  }
}

} // namespace

std::string writeBitcode(const llvm::Module &module) {
  std::string bytes;
  llvm::raw_string_ostream out(bytes);
  llvm::WriteBitcodeToFile(module, out);
  out.flush();
  return bytes;
}

SplitProgram splitByKernel(llvm::Module &prepared, const std::vector<std::string> &kernelNames) {
  std::vector<const llvm::GlobalValue *> sharedRoots;
  std::vector<std::string> sharedNames;
  for (llvm::GlobalVariable &g : prepared.globals()) {
    if (!isShared(g))
      continue;
    if (!g.hasName())
      g.setName("corecl.shared");
    g.setLinkage(llvm::GlobalValue::ExternalLinkage);
    g.setVisibility(llvm::GlobalValue::DefaultVisibility);
    sharedRoots.push_back(&g);
    sharedNames.push_back(g.getName().str());
  }

  SplitProgram split;
  for (const std::string &name : kernelNames) {
    const llvm::Function *kernel = prepared.getFunction(name);
    if (!kernel || kernel->isDeclaration()) {
      split.kernelBitcodes.emplace_back();
      continue;
    }
    auto keep = reachableFrom({kernel});
    for (const llvm::GlobalValue *shared : sharedRoots)
      keep.erase(shared);
    std::unique_ptr<llvm::Module> own = copyWith(prepared, keep);
    // Other kernels it reaches are plain functions here: work-group
    // formation makes a work-group function of this kernel alone.
    for (llvm::Function &f : *own)
      if (isKernel(f) && f.getName() != name) {
        f.setCallingConv(llvm::CallingConv::SPIR_FUNC);
        for (llvm::User *user : f.users())
          if (auto *call = llvm::dyn_cast<llvm::CallBase>(user))
            call->setCallingConv(llvm::CallingConv::SPIR_FUNC);
      }
    internaliseAllBut(*own, {name});
    split.kernelBitcodes.push_back(writeBitcode(*own));
  }

  std::vector<const llvm::GlobalValue *> sharedAndInit = sharedRoots;
  std::vector<std::string> sharedExports = sharedNames;
  if (const llvm::Function *init = prepared.getFunction(kProgramInitName);
      init && !init->isDeclaration()) {
    sharedAndInit.push_back(init);
    sharedExports.push_back(kProgramInitName);
  }
  if (!sharedAndInit.empty()) {
    split.shared = copyWith(prepared, reachableFrom(sharedAndInit));
    internaliseAllBut(*split.shared, sharedExports);
  }
  return split;
}

} // namespace corecl::compiler
