// Integer division and remainder that cannot trap. OpenCL C leaves the
// result of x / 0 (and of INT_MIN / -1) unspecified, but a kernel doing it
// must not kill the host process, and on x86 the divide instruction raises
// SIGFPE for both. Each divisor is replaced by 1 where it would trap; the
// selects vectorise, so the cost is a compare and a blend.
//
// It runs first in the preparation (prepareForWorkGroups), before any
// simplification: to LLVM such a division is undefined behaviour, which
// InstSimplify folds to poison (a constant vector divisor with a zero lane,
// CLSmith's vector "safe" macros, which divide in every lane, && being
// elementwise for vectors), and a branch on it to `unreachable`.
// Divisions made safe are marked (kSafeDivision) so that a second run,
// the work-group pipeline's, leaves them alone.
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace corecl::compiler {
namespace {

constexpr const char *kSafeDivision = "corecl.safe-division";

} // namespace

bool makeDivisionSafe(llvm::Function &f) {
  std::vector<llvm::BinaryOperator *> divisions;
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &inst : bb)
      if (auto *op = llvm::dyn_cast<llvm::BinaryOperator>(&inst);
          op && !op->hasMetadata(kSafeDivision))
        switch (op->getOpcode()) {
        case llvm::Instruction::SDiv:
        case llvm::Instruction::UDiv:
        case llvm::Instruction::SRem:
        case llvm::Instruction::URem: divisions.push_back(op); break;
        default: break;
        }
  for (llvm::BinaryOperator *op : divisions) {
    llvm::IRBuilder<> b(op);
    llvm::Value *divisor = op->getOperand(1);
    llvm::Type *type = divisor->getType();
    // A constant divisor that is neither 0 nor -1 can never trap.
    if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(divisor))
      if (!c->isZero() && !c->isMinusOne())
        continue;
    llvm::Constant *zero = llvm::Constant::getNullValue(type);
    llvm::Constant *one = llvm::ConstantInt::get(type, 1);
    llvm::Value *traps = b.CreateICmpEQ(divisor, zero);
    bool isSigned = op->getOpcode() == llvm::Instruction::SDiv ||
                    op->getOpcode() == llvm::Instruction::SRem;
    if (isSigned) {
      unsigned bits = type->getScalarSizeInBits();
      llvm::Value *minValue =
          llvm::ConstantInt::get(type, llvm::APInt::getSignedMinValue(bits));
      // One statement each: the order of a call's arguments is the
      // compiler's choice, and the output must not depend on it.
      llvm::Value *isMin = b.CreateICmpEQ(op->getOperand(0), minValue);
      llvm::Value *isMinusOne = b.CreateICmpEQ(divisor, llvm::Constant::getAllOnesValue(type));
      llvm::Value *overflow = b.CreateAnd(isMin, isMinusOne);
      traps = b.CreateOr(traps, overflow);
    }
    op->setOperand(1, b.CreateSelect(traps, one, divisor, "safe.divisor"));
    op->setMetadata(kSafeDivision, llvm::MDNode::get(op->getContext(), {}));
  }
  return !divisions.empty();
}

llvm::PreservedAnalyses SafeDivisionPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  bool changed = false;
  for (llvm::Function &f : module)
    if (!f.isDeclaration())
      changed |= makeDivisionSafe(f);
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
