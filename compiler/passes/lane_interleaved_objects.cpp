// See lane_interleaved_objects.h.
#include "compiler/passes/lane_interleaved_objects.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MathExtras.h>

#include <vector>

namespace corecl::compiler {
namespace {

bool isLifetimeMarker(const llvm::User *user) {
  auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user);
  return intrinsic && (intrinsic->getIntrinsicID() == llvm::Intrinsic::lifetime_start ||
                       intrinsic->getIntrinsicID() == llvm::Intrinsic::lifetime_end);
}

/// Whether an access of `type` aligned to `align` fits a unit: a
/// power-of-two size with no padding, stored whole, at a multiple of it.
/// `unit` is set by the first access and must be met by the others.
bool fitsUnit(const llvm::DataLayout &layout, llvm::Type *type, llvm::Align align, uint64_t &unit) {
  if (!type->isSized() || type->isStructTy() || type->isArrayTy())
    return false;
  uint64_t size = layout.getTypeStoreSize(type);
  if (size != layout.getTypeAllocSize(type) || !llvm::isPowerOf2_64(size) || align.value() < size ||
      (unit && unit != size))
    return false;
  unit = size;
  return true;
}

} // namespace

std::map<const llvm::Value *, uint64_t> findLaneInterleavedObjects(const llvm::Function &f) {
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  std::map<const llvm::Value *, uint64_t> found;
  if (f.isDeclaration())
    return found;
  for (const llvm::Instruction &inst : f.getEntryBlock()) {
    auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst);
    if (!alloca || !alloca->isStaticAlloca())
      continue;
    uint64_t unit = 0;
    bool fits = true;
    std::vector<const llvm::Value *> addresses{alloca};
    for (size_t i = 0; fits && i < addresses.size(); ++i)
      for (const llvm::User *user : addresses[i]->users()) {
        const llvm::Value *address = addresses[i];
        if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(user);
            gep && gep->getPointerOperand() == address && !gep->getType()->isVectorTy()) {
          addresses.push_back(gep);
        } else if (auto *load = llvm::dyn_cast<llvm::LoadInst>(user)) {
          fits = fitsUnit(layout, load->getType(), load->getAlign(), unit);
        } else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(user);
                   store && store->getValueOperand() != address) {
          fits = fitsUnit(layout, store->getValueOperand()->getType(), store->getAlign(), unit);
        } else if (!isLifetimeMarker(user)) {
          fits = false;
        }
        if (!fits)
          break;
      }
    // The lanes' copies lie an object apart (rounded up to its alignment):
    // a whole number of units, each unit as aligned as its accesses.
    uint64_t object =
        llvm::alignTo(layout.getTypeAllocSize(alloca->getAllocatedType()), alloca->getAlign());
    if (!fits || !unit || object % unit || alloca->getAlign().value() < unit)
      continue;
    for (const llvm::Value *address : addresses)
      found[address] = unit;
  }
  return found;
}

llvm::Value *scaledGepOffset(llvm::IRBuilderBase &b, const llvm::DataLayout &layout,
                             const llvm::GetElementPtrInst &gep,
                             llvm::function_ref<llvm::Value *(unsigned)> indexOf, uint64_t scale) {
  llvm::Type *i64 = b.getInt64Ty();
  uint64_t constant = 0;
  llvm::Value *varying = nullptr;
  auto add = [&](llvm::Value *term) {
    if (!varying) {
      varying = term;
      return;
    }
    // A scalar sum meets a vector term: the scalar goes to every lane.
    if (auto *vector = llvm::dyn_cast<llvm::VectorType>(term->getType());
        vector && !varying->getType()->isVectorTy())
      varying = b.CreateVectorSplat(vector->getElementCount(), varying);
    else if (auto *vector = llvm::dyn_cast<llvm::VectorType>(varying->getType());
             vector && !term->getType()->isVectorTy())
      term = b.CreateVectorSplat(vector->getElementCount(), term);
    varying = b.CreateAdd(varying, term);
  };
  unsigned operand = 1;
  for (auto it = llvm::gep_type_begin(gep); it != llvm::gep_type_end(gep); ++it, ++operand) {
    if (llvm::StructType *record = it.getStructTypeOrNull()) {
      auto field = llvm::cast<llvm::ConstantInt>(it.getOperand())->getZExtValue();
      constant += layout.getStructLayout(record)->getElementOffset(unsigned(field)) * scale;
      continue;
    }
    uint64_t step = it.getSequentialElementStride(layout).getFixedValue() * scale;
    if (auto *index = llvm::dyn_cast<llvm::ConstantInt>(it.getOperand())) {
      constant += uint64_t(index->getSExtValue()) * step;
      continue;
    }
    llvm::Value *index = indexOf(operand);
    llvm::Type *wide = i64;
    if (auto *vector = llvm::dyn_cast<llvm::VectorType>(index->getType()))
      wide = llvm::VectorType::get(i64, vector->getElementCount());
    // GEP indices narrower than an address are sign-extended.
    index = b.CreateSExtOrTrunc(index, wide);
    add(step == 1 ? index : b.CreateMul(index, llvm::ConstantInt::get(wide, step)));
  }
  if (!varying)
    return b.getInt64(constant);
  if (constant)
    add(b.getInt64(constant));
  return varying;
}

} // namespace corecl::compiler
