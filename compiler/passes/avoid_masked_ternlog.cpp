// LLVM 19's x86 back end miscompiles a select over bitwise logic on
// AVX-512: `select(m, g, (g & ~c) | (p & c))` on 32- or 64-bit lanes
// becomes one VPTERNLOG masked by m, with g tied as its pass-through, and
// the truth table it then needs for its operands in another order comes
// from swapped tables (llvm/llvm-project#157929, fixed after LLVM 19 by
// #209782): `vpternlogd $184` where `$228` was due. A random program
// (fuzz seed 33754: a bitselect in one arm of a branch the lanes took
// apart, if-converted into such a select) gave wrong words; ten lines of
// IR through llc-19 -mcpu=znver4 do too.
//
// The pass rewrites such a select as b ^ ((a ^ b) & sext(m)), with its
// arms frozen (a select stops the poison of the arm it does not take, an
// xor would not): the back end makes an unmasked ternary of it, whose
// operands need no reordering. Only where the function is compiled for
// AVX-512 and an arm is an and, or or xor, so that other selects keep
// their blends.
#include "compiler/passes/avoid_masked_ternlog.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include <vector>

#define DEBUG_TYPE "corecl-avoid-masked-ternlog"

STATISTIC(NumRewritten, "Vector selects over bitwise logic rewritten as xor and and");

namespace corecl::compiler {
namespace {

bool compiledForAvx512(const llvm::Function &f) {
  llvm::Attribute features = f.getFnAttribute("target-features");
  return features.isValid() && features.getValueAsString().contains("+avx512f");
}

bool isBitwiseLogic(const llvm::Value *value) {
  auto *op = llvm::dyn_cast<llvm::BinaryOperator>(value);
  return op &&
         (op->getOpcode() == llvm::Instruction::And || op->getOpcode() == llvm::Instruction::Or ||
          op->getOpcode() == llvm::Instruction::Xor);
}

/// A select of 32- or 64-bit integer lanes under a mask of lanes, with an
/// arm the back end may fold with it into a masked ternary.
bool atRisk(const llvm::SelectInst &select) {
  auto *type = llvm::dyn_cast<llvm::FixedVectorType>(select.getType());
  if (!type || !select.getCondition()->getType()->isVectorTy())
    return false;
  llvm::Type *element = type->getElementType();
  if (!element->isIntegerTy(32) && !element->isIntegerTy(64))
    return false;
  return isBitwiseLogic(select.getTrueValue()) || isBitwiseLogic(select.getFalseValue());
}

} // namespace

llvm::PreservedAnalyses AvoidMaskedTernlogPass::run(llvm::Function &f,
                                                    llvm::FunctionAnalysisManager &) {
  if (!compiledForAvx512(f))
    return llvm::PreservedAnalyses::all();
  std::vector<llvm::SelectInst *> selects;
  for (llvm::Instruction &inst : llvm::instructions(f))
    if (auto *select = llvm::dyn_cast<llvm::SelectInst>(&inst); select && atRisk(*select))
      selects.push_back(select);
  for (llvm::SelectInst *select : selects) {
    llvm::IRBuilder<> b(select);
    llvm::Value *onTrue = b.CreateFreeze(select->getTrueValue());
    llvm::Value *onFalse = b.CreateFreeze(select->getFalseValue());
    llvm::Value *mask = b.CreateSExt(select->getCondition(), select->getType());
    llvm::Value *blended = b.CreateXor(b.CreateAnd(b.CreateXor(onTrue, onFalse), mask), onFalse);
    blended->takeName(select);
    select->replaceAllUsesWith(blended);
    select->eraseFromParent();
    ++NumRewritten;
  }
  return keptUnlessInstructionsChanged(!selects.empty());
}

} // namespace corecl::compiler
