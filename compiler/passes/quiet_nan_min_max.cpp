// See quiet_nan_min_max.h. An operand is tested unless LLVM can tell it is
// never a signalling NaN: the result of arithmetic, a conversion from an
// integer, a constant. What is left are loads and arguments: the
// half-precision tests' fmin(x, sNaN) returned a quiet NaN on AArch64.
#include "compiler/passes/quiet_nan_min_max.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/TargetParser/Triple.h>

#include <vector>

#define DEBUG_TYPE "corecl-quiet-nan-min-max"

STATISTIC(NumQuieted, "Operands of minnum and maxnum tested for NaN");

namespace corecl::compiler {
namespace {

/// True if `value` cannot be a signalling NaN: the result of arithmetic or
/// a rounding (they quiet NaNs), a conversion from an integer, a constant
/// that is none, or a select or phi of such values. Not a conversion
/// between float types, which quiets too, but which LLVM may fold away
/// (minnum of two extended halves becomes a half minnum).
/// LLVM's computeKnownFPClass says so only for values it knows are never
/// NaN at all.
bool neverSignalling(const llvm::Value *value, const llvm::DataLayout &layout, unsigned depth = 0) {
  if (llvm::computeKnownFPClass(value, layout, llvm::fcSNan).isKnownNever(llvm::fcSNan))
    return true;
  const auto *inst = llvm::dyn_cast<llvm::Instruction>(value);
  if (!inst || depth > 4)
    return false;
  switch (inst->getOpcode()) {
  case llvm::Instruction::FAdd:
  case llvm::Instruction::FSub:
  case llvm::Instruction::FMul:
  case llvm::Instruction::FDiv:
  case llvm::Instruction::FRem:
  case llvm::Instruction::SIToFP:
  case llvm::Instruction::UIToFP:
    return true;
  case llvm::Instruction::Select:
    return neverSignalling(inst->getOperand(1), layout, depth + 1) &&
           neverSignalling(inst->getOperand(2), layout, depth + 1);
  case llvm::Instruction::PHI:
    return llvm::all_of(inst->operands(), [&](const llvm::Use &use) {
      return neverSignalling(use.get(), layout, depth + 1);
    });
  default:
    break;
  }
  if (const auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(inst))
    switch (call->getIntrinsicID()) {
    case llvm::Intrinsic::fma:
    case llvm::Intrinsic::fmuladd:
    case llvm::Intrinsic::sqrt:
    case llvm::Intrinsic::minnum:
    case llvm::Intrinsic::maxnum:
    case llvm::Intrinsic::floor:
    case llvm::Intrinsic::ceil:
    case llvm::Intrinsic::trunc:
    case llvm::Intrinsic::rint:
    case llvm::Intrinsic::nearbyint:
    case llvm::Intrinsic::round:
    case llvm::Intrinsic::roundeven:
    case llvm::Intrinsic::canonicalize:
      return true;
    default:
      break;
    }
  return false;
}

} // namespace

llvm::PreservedAnalyses QuietNaNMinMaxPass::run(llvm::Function &f,
                                                llvm::FunctionAnalysisManager &) {
  if (!llvm::Triple(f.getParent()->getTargetTriple()).isAArch64())
    return llvm::PreservedAnalyses::all();
  std::vector<llvm::IntrinsicInst *> calls;
  for (llvm::Instruction &inst : llvm::instructions(f))
    if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
      if (call->getIntrinsicID() == llvm::Intrinsic::minnum ||
          call->getIntrinsicID() == llvm::Intrinsic::maxnum)
        calls.push_back(call);
  const llvm::DataLayout &layout = f.getParent()->getDataLayout();
  bool changed = false;
  for (llvm::IntrinsicInst *call : calls) {
    llvm::Value *a = call->getArgOperand(0), *b = call->getArgOperand(1);
    bool aMay = !neverSignalling(a, layout), bMay = !neverSignalling(b, layout);
    if (!aMay && !bMay)
      continue;
    // min(a, b) = isnan(a) ? b : isnan(b) ? a : minnum(a, b), each test
    // only for an operand that may be a signalling NaN. (llvm.canonicalize
    // would quiet it, but AArch64 cannot select it on vectors in LLVM 19.)
    std::vector<llvm::Use *> uses;
    for (llvm::Use &use : call->uses())
      uses.push_back(&use);
    llvm::IRBuilder<> builder(call->getNextNode());
    llvm::Value *result = call;
    if (bMay)
      result = builder.CreateSelect(builder.CreateFCmpUNO(b, b), a, result, "nan.b");
    if (aMay)
      result = builder.CreateSelect(builder.CreateFCmpUNO(a, a), b, result, "nan.a");
    for (llvm::Use *use : uses)
      use->set(result);
    NumQuieted += aMay + bMay;
    changed = true;
  }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
