// Scalar tests of the packetiser's guessed strides (stride_guesses.h).
#include "compiler/passes/stride_guesses.h"

#include <llvm/ADT/APInt.h>
#include <llvm/IR/IRBuilder.h>

namespace corecl::compiler {
namespace {

/// The last lane's distance from lane 0, if it is below 2^(bits - 1) in
/// magnitude: then lane 0 and the last lane, one value of `bits` bits and
/// the other found by a wider addition, tell whether a boundary lies
/// between them.
bool spanFits(int64_t stride, unsigned lanes, unsigned bits, llvm::APInt &span) {
  llvm::APInt magnitude(128, stride < 0 ? -uint64_t(stride) : uint64_t(stride));
  magnitude *= llvm::APInt(128, lanes - 1);
  if (bits == 0 || magnitude.getActiveBits() >= bits)
    return false;
  span = llvm::APInt(128, uint64_t(stride), true) * llvm::APInt(128, lanes - 1);
  return true;
}

} // namespace

llvm::Value *extensionHolds(llvm::IRBuilderBase &b, llvm::Value *lane0, int64_t stride,
                            unsigned lanes, bool isSigned, llvm::Type *wide) {
  unsigned narrow = lane0->getType()->getScalarSizeInBits();
  llvm::APInt span;
  if (!spanFits(stride, lanes, narrow - 1, span) || wide->getScalarSizeInBits() <= narrow)
    return nullptr;
  unsigned bits = wide->getScalarSizeInBits();
  llvm::Value *first = isSigned ? b.CreateSExt(lane0, wide) : b.CreateZExt(lane0, wide);
  llvm::Value *last = b.CreateAdd(first, llvm::ConstantInt::get(wide, span.trunc(bits)));
  llvm::Value *back = b.CreateTrunc(last, lane0->getType());
  llvm::Value *again = isSigned ? b.CreateSExt(back, wide) : b.CreateZExt(back, wide);
  return b.CreateICmpEQ(again, last, "stride.holds");
}

llvm::Value *shiftPairHolds(llvm::IRBuilderBase &b, llvm::Value *lane0, int64_t stride,
                            unsigned lanes, unsigned shift, bool isSigned) {
  llvm::Type *type = lane0->getType();
  unsigned bits = type->getScalarSizeInBits();
  llvm::APInt span;
  if (shift == 0 || shift >= bits || !spanFits(stride, lanes, bits - shift - 1, span))
    return nullptr;
  auto narrowed = [&](llvm::Value *x) {
    llvm::Value *high = b.CreateShl(x, shift);
    return isSigned ? b.CreateAShr(high, shift) : b.CreateLShr(high, shift);
  };
  llvm::Value *first = narrowed(lane0);
  llvm::Value *last = b.CreateAdd(first, llvm::ConstantInt::get(type, span.trunc(bits)));
  return b.CreateICmpEQ(narrowed(last), last, "stride.holds");
}

llvm::Value *splitHolds(llvm::IRBuilderBase &b, llvm::Value *lane0, int64_t stride, unsigned lanes,
                        const llvm::APInt &divisor, Division division) {
  if (stride == 0)
    return b.getTrue();
  llvm::Type *type = lane0->getType();
  unsigned bits = type->getScalarSizeInBits();
  llvm::APInt span;
  // Below 2^(bits - 1) for a signed order, which could not tell a wrap
  // from a step otherwise.
  unsigned spanBits = division == Division::Unsigned ? bits : bits - 1;
  if (stride < 0 || !spanFits(stride, lanes, spanBits, span))
    return nullptr;
  llvm::Value *last = b.CreateAdd(lane0, llvm::ConstantInt::get(type, span.trunc(bits)));
  llvm::Constant *by = llvm::ConstantInt::get(type, divisor.zextOrTrunc(bits));
  auto quotient = [&](llvm::Value *t) -> llvm::Value * {
    switch (division) {
    case Division::Unsigned:
      return b.CreateUDiv(t, by);
    case Division::Truncating:
      return b.CreateSDiv(t, by);
    case Division::Floor:
      return b.CreateAShr(t, divisor.logBase2());
    }
    return nullptr;
  };
  // No wrap between the lanes: they run from lane 0 up to the last.
  llvm::Value *ordered =
      division == Division::Unsigned ? b.CreateICmpULE(lane0, last) : b.CreateICmpSLE(lane0, last);
  llvm::Value *same = b.CreateICmpEQ(quotient(lane0), quotient(last));
  return b.CreateAnd(ordered, same, "stride.holds");
}

} // namespace corecl::compiler
