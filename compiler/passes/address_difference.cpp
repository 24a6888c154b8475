// Constant distances between addresses (address_difference.h).
#include "compiler/passes/address_difference.h"

#include <llvm/ADT/MapVector.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>

#include <set>

namespace corecl::compiler {
namespace {

/// How a difference must hold: modulo the type's width, or exactly for
/// the values read as signed (unsigned) numbers, which a sign (zero)
/// extension then keeps.
enum class Exact { Modular, Signed, Unsigned };

constexpr unsigned kDepth = 16;

/// The same computation: the same value, or instructions of one kind
/// without side effects (loads only from invariant memory) over the same
/// operands.
bool identical(const llvm::Value *a, const llvm::Value *b, unsigned depth) {
  if (a == b)
    return true;
  auto *x = llvm::dyn_cast<llvm::Instruction>(a), *y = llvm::dyn_cast<llvm::Instruction>(b);
  if (!depth || !x || !y || !x->isSameOperationAs(y) || x->mayHaveSideEffects() ||
      llvm::isa<llvm::PHINode>(x) || llvm::isa<llvm::CallBase>(x) || llvm::isa<llvm::AllocaInst>(x))
    return false;
  if (x->mayReadFromMemory() &&
      !(llvm::isa<llvm::LoadInst>(x) && x->hasMetadata(llvm::LLVMContext::MD_invariant_load) &&
        y->hasMetadata(llvm::LLVMContext::MD_invariant_load)))
    return false;
  for (unsigned i = 0; i < x->getNumOperands(); ++i)
    if (!identical(x->getOperand(i), y->getOperand(i), depth - 1))
      return false;
  return true;
}

/// `v` as `x + c` with c a constant, where that sum holds as `exact` asks.
/// An addition of a small constant to a value whose lanes all lie in
/// [0, bound) wraps neither way when the sum stays below the sign bit:
/// CLBlast writes `2 * lid + 18` without `nsw`.
bool sumStaysSmall(const llvm::BinaryOperator &op, int64_t c, const BoundFn &bound) {
  uint64_t limit = bound ? bound(op.getOperand(0)) : 0;
  unsigned bits = op.getType()->getScalarSizeInBits();
  if (!limit || c < 0 || bits < 2 || bits > 64 || c > (int64_t(1) << 30))
    return false;
  return limit - 1 + uint64_t(c) < (uint64_t(1) << (bits - 1));
}

bool splitConstant(const llvm::Value *v, Exact exact, const BoundFn &bound, const llvm::Value *&x,
                   int64_t &c) {
  auto *op = llvm::dyn_cast<llvm::BinaryOperator>(v);
  if (!op)
    return false;
  auto *constant = llvm::dyn_cast<llvm::ConstantInt>(op->getOperand(1));
  if (!constant || constant->getBitWidth() > 64)
    return false;
  bool wraps = exact == Exact::Signed ? !op->hasNoSignedWrap() : !op->hasNoUnsignedWrap();
  switch (op->getOpcode()) {
  case llvm::Instruction::Or: // disjoint: an addition without carries, exact either way
    if (!llvm::cast<llvm::PossiblyDisjointInst>(op)->isDisjoint())
      return false;
    break;
  case llvm::Instruction::Add:
    if (exact != Exact::Modular && wraps && !sumStaysSmall(*op, constant->getSExtValue(), bound))
      return false;
    break;
  case llvm::Instruction::Sub:
    if (exact != Exact::Modular && wraps)
      return false;
    break;
  default:
    return false;
  }
  x = op->getOperand(0);
  c = op->getOpcode() == llvm::Instruction::Sub ? -constant->getSExtValue()
                                                : constant->getSExtValue();
  return true;
}

std::optional<int64_t> difference(const llvm::Value *a, const llvm::Value *b, Exact exact,
                                  const llvm::DataLayout &layout, const BoundFn &bound,
                                  unsigned depth);

/// Two GEPs: their bases' distance plus their offsets', index by index.
std::optional<int64_t> gepDifference(const llvm::GEPOperator &a, const llvm::GEPOperator &b,
                                     const llvm::DataLayout &layout, const BoundFn &bound,
                                     unsigned depth) {
  unsigned bits = layout.getIndexTypeSizeInBits(a.getType());
  if (bits > 64 || bits != layout.getIndexTypeSizeInBits(b.getType()))
    return std::nullopt;
  llvm::MapVector<llvm::Value *, llvm::APInt> termsA, termsB;
  llvm::APInt constantA(bits, 0), constantB(bits, 0);
  if (!a.collectOffset(layout, bits, termsA, constantA) ||
      !b.collectOffset(layout, bits, termsB, constantB) || termsA.size() != termsB.size())
    return std::nullopt;
  std::optional<int64_t> base = difference(a.getPointerOperand(), b.getPointerOperand(),
                                           Exact::Modular, layout, bound, depth - 1);
  if (!base)
    return std::nullopt;
  int64_t total = *base + (constantA - constantB).getSExtValue();
  auto itB = termsB.begin();
  for (auto &[index, scale] : termsA) {
    if (scale != itB->second)
      return std::nullopt;
    // An index narrower than an address is sign-extended.
    Exact indexExact =
        index->getType()->getScalarSizeInBits() < bits ? Exact::Signed : Exact::Modular;
    std::optional<int64_t> d = difference(index, itB->first, indexExact, layout, bound, depth - 1);
    if (!d)
      return std::nullopt;
    total += *d * scale.getSExtValue();
    ++itB;
  }
  return total;
}

std::optional<int64_t> difference(const llvm::Value *a, const llvm::Value *b, Exact exact,
                                  const llvm::DataLayout &layout, const BoundFn &bound,
                                  unsigned depth) {
  if (a->getType() != b->getType() && !(a->getType()->isPointerTy() && b->getType()->isPointerTy()))
    return std::nullopt;
  if (identical(a, b, depth))
    return 0;
  if (!depth)
    return std::nullopt;
  const llvm::Value *rest = nullptr;
  int64_t c = 0;
  if (splitConstant(a, exact, bound, rest, c))
    if (auto d = difference(rest, b, exact, layout, bound, depth - 1))
      return *d + c;
  if (splitConstant(b, exact, bound, rest, c))
    if (auto d = difference(a, rest, exact, layout, bound, depth - 1))
      return *d - c;
  auto *gepA = llvm::dyn_cast<llvm::GEPOperator>(a), *gepB = llvm::dyn_cast<llvm::GEPOperator>(b);
  if (gepA && gepB)
    if (auto d = gepDifference(*gepA, *gepB, layout, bound, depth))
      return d;
  // A GEP with constant offsets on one side (or GEPs indexed differently,
  // `gep i8, (gep float, p, i), 8` against `gep float, p, i`): its offset
  // from its base.
  for (auto [gep, other, sign] :
       {std::tuple{gepA, b, int64_t(1)}, std::tuple{gepB, a, int64_t(-1)}})
    if (gep) {
      unsigned bits = layout.getIndexTypeSizeInBits(gep->getType());
      llvm::APInt offset(bits, 0);
      if (bits <= 64 && gep->accumulateConstantOffset(layout, offset))
        if (auto d = sign > 0 ? difference(gep->getPointerOperand(), other, Exact::Modular, layout,
                                           bound, depth - 1)
                              : difference(other, gep->getPointerOperand(), Exact::Modular, layout,
                                           bound, depth - 1))
          return *d + sign * offset.getSExtValue();
    }
  auto *x = llvm::dyn_cast<llvm::Instruction>(a), *y = llvm::dyn_cast<llvm::Instruction>(b);
  if (!x || !y || x->getOpcode() != y->getOpcode())
    return std::nullopt;
  switch (x->getOpcode()) {
  case llvm::Instruction::SExt:
  case llvm::Instruction::ZExt: {
    Exact inner = x->getOpcode() == llvm::Instruction::SExt ? Exact::Signed : Exact::Unsigned;
    if (exact != Exact::Modular && exact != inner)
      return std::nullopt;
    return difference(x->getOperand(0), y->getOperand(0), inner, layout, bound, depth - 1);
  }
  case llvm::Instruction::Trunc:
    if (exact != Exact::Modular)
      return std::nullopt;
    return difference(x->getOperand(0), y->getOperand(0), Exact::Modular, layout, bound, depth - 1);
  case llvm::Instruction::PtrToInt:
  case llvm::Instruction::IntToPtr:
  case llvm::Instruction::AddrSpaceCast:
    if (layout.getTypeSizeInBits(x->getType()) != 64 ||
        layout.getTypeSizeInBits(x->getOperand(0)->getType()) != 64)
      return std::nullopt;
    return difference(x->getOperand(0), y->getOperand(0), Exact::Modular, layout, bound, depth - 1);
  case llvm::Instruction::Shl:
  case llvm::Instruction::Mul: {
    // The same scale on both sides.
    auto *op = llvm::cast<llvm::BinaryOperator>(x), *other = llvm::cast<llvm::BinaryOperator>(y);
    auto *scale = llvm::dyn_cast<llvm::ConstantInt>(op->getOperand(1));
    if (!scale || scale != other->getOperand(1) || scale->getBitWidth() > 64)
      return std::nullopt;
    if ((exact == Exact::Signed && !(op->hasNoSignedWrap() && other->hasNoSignedWrap())) ||
        (exact == Exact::Unsigned && !(op->hasNoUnsignedWrap() && other->hasNoUnsignedWrap())))
      return std::nullopt;
    auto d = difference(op->getOperand(0), other->getOperand(0), exact, layout, bound, depth - 1);
    if (!d)
      return std::nullopt;
    if (x->getOpcode() == llvm::Instruction::Mul)
      return int64_t(uint64_t(*d) * scale->getZExtValue());
    if (scale->getZExtValue() >= 63)
      return std::nullopt;
    return int64_t(uint64_t(*d) << scale->getZExtValue());
  }
  default:
    return std::nullopt;
  }
}

/// Whether `inst` may touch memory an access in address space `space`
/// reaches. OpenCL's global, constant and local memories (SPIR's address
/// spaces 1, 2 and 3) are disjoint, so a plain load or store in one never
/// meets an access in another: a tile copy's `t[2 * x] = a[2 * x];
/// t[2 * x + 1] = a[2 * x + 1];` is one interleaved load and one
/// interleaved store. Nor does a load of memory no store changes
/// (`!invariant.load`: the local arena's base, reloaded for each access).
bool mayMeet(const llvm::Instruction &inst, unsigned space) {
  if (inst.hasMetadata(llvm::LLVMContext::MD_invariant_load))
    return false;
  auto named = [](unsigned s) { return s >= 1 && s <= 3; };
  const llvm::Value *ptr = llvm::isa<llvm::LoadInst, llvm::StoreInst>(inst)
                               ? llvm::getLoadStorePointerOperand(&inst)
                               : nullptr;
  if (!ptr)
    return true;
  unsigned other = ptr->getType()->getPointerAddressSpace();
  return !(named(space) && named(other) && space != other);
}

} // namespace

std::optional<int64_t> constantDifference(const llvm::Value *a, const llvm::Value *b,
                                          const llvm::DataLayout &layout, const BoundFn &bound) {
  return difference(a, b, Exact::Modular, layout, bound, kDepth);
}

std::vector<InterleavedGroup>
findInterleavedGroups(InterleavedAccess kind, const std::vector<llvm::Instruction *> &accesses,
                      const std::vector<unsigned> &factors, const llvm::DataLayout &layout,
                      const BoundFn &bound) {
  std::vector<InterleavedGroup> groups;
  std::vector<bool> taken(accesses.size(), false);
  for (size_t i = 0; i < accesses.size(); ++i) {
    if (taken[i])
      continue;
    unsigned factor = factors[i];
    llvm::Type *type = llvm::getLoadStoreType(accesses[i]);
    unsigned space =
        llvm::getLoadStorePointerOperand(accesses[i])->getType()->getPointerAddressSpace();
    int64_t size = int64_t(layout.getTypeStoreSize(type));
    // Each other access's place in units of elements, from access i's.
    std::vector<std::pair<size_t, int64_t>> near = {{i, 0}};
    for (size_t j = 0; j < accesses.size(); ++j) {
      if (j == i || taken[j] || factors[j] != factor || llvm::getLoadStoreType(accesses[j]) != type)
        continue;
      auto d = constantDifference(llvm::getLoadStorePointerOperand(accesses[j]),
                                  llvm::getLoadStorePointerOperand(accesses[i]), layout, bound);
      if (d && *d % size == 0 && *d / size > -int64_t(factor) && *d / size < int64_t(factor))
        near.emplace_back(j, *d / size);
    }
    for (int64_t start = -int64_t(factor) + 1; start <= 0; ++start) {
      InterleavedGroup group{factor, std::vector<std::vector<llvm::Instruction *>>(factor)};
      size_t first = accesses.size(), last = 0;
      std::set<const llvm::Instruction *> members;
      for (auto [j, place] : near)
        if (place >= start && place < start + int64_t(factor)) {
          group.members[size_t(place - start)].push_back(accesses[j]);
          members.insert(accesses[j]);
          first = std::min(first, j), last = std::max(last, j);
        }
      bool whole = true;
      for (auto &member : group.members)
        whole = whole && (kind == InterleavedAccess::Loads ? !member.empty() : member.size() == 1);
      if (!whole)
        continue;
      // One access at the first (loads) or last (stores) member's place
      // must see memory as each member would have at its own.
      bool crossed = false;
      for (auto it = accesses[first]->getIterator(); &*it != accesses[last]; ++it)
        crossed = crossed ||
                  (kind == InterleavedAccess::Loads
                       ? it->mayWriteToMemory() && mayMeet(*it, space)
                       : !members.count(&*it) && it->mayReadOrWriteMemory() && mayMeet(*it, space));
      if (crossed)
        continue;
      for (auto [j, place] : near)
        if (place >= start && place < start + int64_t(factor))
          taken[j] = true;
      groups.push_back(std::move(group));
      break;
    }
  }
  return groups;
}

} // namespace corecl::compiler
