// GPU kernels choose their memory layouts for GPU lanes, which are the x
// dimension of a work-group, and then often read local memory along x with
// a padded stride (to avoid bank conflicts) and along y consecutively or
// not at all. CLBlast's XgemmDirectTN, its GEMM for matrices below about
// a thousand rows (DGEMM up to more), reads A's tile at `(lid.x * 2 +
// i) * 17 + k`: 34 floats apart along x, the same along y. Vectorised
// across x, as every work-item loop is by default, each such read is a
// gather of eight scalars; across y it is one broadcast, and B's tile,
// uniform along x, is consecutive along y.
//
// This analysis estimates, for each load and store of the kernel body, the
// cost of a vector access along x and along y from the address's change
// when the local id grows by one (a derivative over the index arithmetic):
// none (uniform: a broadcast), one element (consecutive),
// a few elements (an interleave group: shuffles), or anything else (a
// gather or scatter). Accesses to private variables are left out: they
// move to per-work-item storage laid out along the chosen dimension. Deeper
// loops weigh more. Work-group formation then lays out per-work-item
// storage y-fastest and puts the y loop innermost (barrier_regions.cpp,
// work_group_loops.cpp).
#include "compiler/passes/item_order.h"

#include "compiler/kernel_metadata.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Support/KnownBits.h>
#include <llvm/Support/MathExtras.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace corecl::compiler {
namespace {

// Fewer lanes than this along y would leave the vectors mostly empty.
constexpr uint64_t kMinLanes = 8;

/// How far a value moves when one local id grows by one: a small
/// derivative over the index arithmetic kernels write (sums, products by
/// constants, shifts, extensions, GEPs), nothing for what does not depend
/// on the id, and no answer for anything else.
class StrideOf {
public:
  /// `extent`: the ids run from 0 to extent - 1 (reqd_work_group_size).
  StrideOf(llvm::Value *id, uint64_t extent, const llvm::DataLayout &layout)
      : id_(id), extent_(extent), layout_(layout) {}

  std::optional<int64_t> operator()(llvm::Value *v, unsigned depth = 0) {
    if (v == id_)
      return 1;
    auto *inst = llvm::dyn_cast<llvm::Instruction>(v);
    if (!inst)
      return 0; // constants, kernel arguments, the other ids
    if (auto found = memo_.find(v); found != memo_.end())
      return found->second;
    // Around a cycle (a loop counter's phi) the value is taken not to move
    // until shown otherwise.
    memo_[v] = 0;
    std::optional<int64_t> result = depth > 24 ? std::nullopt : compute(inst, depth + 1);
    memo_[v] = result;
    return result;
  }

private:
  std::optional<int64_t> compute(llvm::Instruction *inst, unsigned depth) {
    using namespace llvm::PatternMatch;
    const llvm::APInt *c = nullptr;
    llvm::Value *a = nullptr;
    switch (inst->getOpcode()) {
    case llvm::Instruction::Add:
      return combine(inst, depth, +1);
    case llvm::Instruction::Sub:
      return combine(inst, depth, -1);
    case llvm::Instruction::Or:
      if (!llvm::cast<llvm::PossiblyDisjointInst>(inst)->isDisjoint())
        break;
      return combine(inst, depth, +1); // no common bits: a sum
    case llvm::Instruction::Mul:
      if (match(inst, m_c_Mul(m_Value(a), m_APInt(c))))
        return scaled((*this)(a, depth), c->getSExtValue());
      break;
    case llvm::Instruction::Shl:
      if (match(inst, m_Shl(m_Value(a), m_APInt(c))) && c->ult(62))
        return scaled((*this)(a, depth), int64_t(1) << c->getZExtValue());
      break;
    case llvm::Instruction::SRem:
    case llvm::Instruction::URem:
    case llvm::Instruction::SDiv:
    case llvm::Instruction::UDiv:
      if (match(inst->getOperand(1), m_APInt(c)) && c->isPowerOf2() && !c->isOne())
        return splitFlattened(inst->getOperand(0), c->getZExtValue(),
                              inst->getOpcode() == llvm::Instruction::SRem ||
                                  inst->getOpcode() == llvm::Instruction::URem,
                              depth);
      break;
    case llvm::Instruction::And:
      if (match(inst->getOperand(1), m_APInt(c)) && (*c + 1).isPowerOf2())
        return splitFlattened(inst->getOperand(0), c->getZExtValue() + 1, true, depth);
      break;
    case llvm::Instruction::LShr:
    case llvm::Instruction::AShr:
      if (match(inst->getOperand(1), m_APInt(c)) && c->ult(62) && !c->isZero())
        return splitFlattened(inst->getOperand(0), int64_t(1) << c->getZExtValue(), false, depth);
      break;
    case llvm::Instruction::SExt:
    case llvm::Instruction::ZExt:
    case llvm::Instruction::Trunc:
      // Index arithmetic on ids that fit in 31 bits does not wrap.
      return (*this)(inst->getOperand(0), depth);
    case llvm::Instruction::GetElementPtr: {
      auto *gep = llvm::cast<llvm::GetElementPtrInst>(inst);
      std::optional<int64_t> total = (*this)(gep->getPointerOperand(), depth);
      for (llvm::gep_type_iterator it = llvm::gep_type_begin(gep), end = llvm::gep_type_end(gep);
           total && it != end; ++it) {
        std::optional<int64_t> index = (*this)(it.getOperand(), depth);
        if (!index)
          return std::nullopt;
        if (*index == 0)
          continue;
        if (it.getStructTypeOrNull())
          return std::nullopt; // a varying field index
        total = *total + *index * int64_t(it.getSequentialElementStride(layout_).getFixedValue());
      }
      return total;
    }
    default:
      break;
    }
    // Anything else: fine if it does not depend on the id at all.
    for (llvm::Value *operand : inst->operands()) {
      std::optional<int64_t> s = (*this)(operand, depth);
      if (!s || *s != 0)
        return std::nullopt;
    }
    // A loop counter, a load from an address the same for neighbours.
    return 0;
  }

  /// `x % c` (remainder) or `x / c` for a power of two c, where x is a
  /// flattened id: one term moving with the id by s, staying below c over
  /// the group (s * (extent - 1) < c), the other terms multiples of c
  /// (known trailing zeros). The remainder then moves by s and the
  /// quotient not at all; a term moving by a multiple of c moves the
  /// remainder not at all and the quotient by s / c.
  std::optional<int64_t> splitFlattened(llvm::Value *x, int64_t c, bool remainder, unsigned depth) {
    std::optional<int64_t> s = (*this)(x, depth);
    if (!s)
      return std::nullopt;
    if (*s % c == 0)
      return remainder ? 0 : *s / c;
    std::vector<llvm::Value *> terms;
    collectTerms(x, terms);
    unsigned zeros = llvm::Log2_64(uint64_t(c));
    int64_t moving = 0;
    for (llvm::Value *term : terms) {
      std::optional<int64_t> t = (*this)(term, depth);
      if (!t)
        return std::nullopt;
      if (*t != 0) {
        if (moving || *t < 0)
          return std::nullopt;
        moving = *t;
        continue;
      }
      if (llvm::computeKnownBits(term, layout_).countMinTrailingZeros() < zeros)
        return std::nullopt;
    }
    // The moving term must be the id itself times its stride from zero:
    // only then does it stay in [0, c).
    if (!extent_ || moving * int64_t(extent_ - 1) >= c)
      return std::nullopt;
    return remainder ? moving : 0;
  }

  /// The summands of `x` through adds, disjoint ors and extensions.
  static void collectTerms(llvm::Value *x, std::vector<llvm::Value *> &terms) {
    while (llvm::isa<llvm::TruncInst>(x) || llvm::isa<llvm::SExtInst>(x) ||
           llvm::isa<llvm::ZExtInst>(x))
      x = llvm::cast<llvm::Instruction>(x)->getOperand(0);
    auto *op = llvm::dyn_cast<llvm::BinaryOperator>(x);
    bool sum = op && (op->getOpcode() == llvm::Instruction::Add ||
                      (op->getOpcode() == llvm::Instruction::Or &&
                       llvm::cast<llvm::PossiblyDisjointInst>(op)->isDisjoint()));
    if (!sum) {
      terms.push_back(x);
      return;
    }
    collectTerms(op->getOperand(0), terms);
    collectTerms(op->getOperand(1), terms);
  }

  /// The first operand's stride plus `sign` times the second's.
  std::optional<int64_t> combine(llvm::Instruction *inst, unsigned depth, int64_t sign) {
    auto l = (*this)(inst->getOperand(0), depth), r = (*this)(inst->getOperand(1), depth);
    if (!l || !r)
      return std::nullopt;
    return *l + sign * *r;
  }

  static std::optional<int64_t> scaled(std::optional<int64_t> s, int64_t factor) {
    if (!s)
      return std::nullopt;
    return *s * factor;
  }

  llvm::Value *id_;
  uint64_t extent_;
  const llvm::DataLayout &layout_;
  std::map<llvm::Value *, std::optional<int64_t>> memo_;
};

/// What a vector access costs per element, in rough instructions, for an
/// address that moves `stride` bytes per work-item (none: unknown): a
/// broadcast or a consecutive access one, an interleave group of k-element
/// records about k (loads and their in-lane shuffles), a gather or
/// scatter about twenty (eight scalar accesses, their addresses, inserts).
unsigned accessCost(std::optional<int64_t> stride, uint64_t elementBytes) {
  if (!stride)
    return 20;
  int64_t bytes = std::abs(*stride);
  if (bytes == 0 || bytes == int64_t(elementBytes))
    return 1;
  if (elementBytes && bytes % int64_t(elementBytes) == 0 && bytes <= 4 * int64_t(elementBytes))
    return unsigned(bytes / int64_t(elementBytes));
  return 20;
}

} // namespace

namespace {

/// The kernel's x and y extents if its work-items may run in either
/// order (reqd_work_group_size with enough rows, one layer, no packets),
/// else nothing.
std::optional<std::pair<uint64_t, uint64_t>> extentsIfEitherOrder(llvm::Function &body,
                                                                  const llvm::Function &kernel) {
  if (body.hasFnAttribute(attr::kPacketised))
    return std::nullopt;
  uint64_t x = requiredWorkGroupSize(kernel, 0), y = requiredWorkGroupSize(kernel, 1),
           z = requiredWorkGroupSize(kernel, 2);
  if (!x || y < kMinLanes || z != 1)
    return std::nullopt;
  return std::make_pair(x, y);
}

/// Vector costs of the loads and stores of `f` along x and along y,
/// weighted by their blocks' loop depth.
std::pair<uint64_t, uint64_t> accessCosts(llvm::Function &f, uint64_t x, uint64_t y,
                                          const LoopDepth &loopDepth) {
  WorkItemParams p{unsigned(f.arg_size() - WorkItemParams::kCount)};
  const llvm::DataLayout &layout = f.getDataLayout();
  StrideOf strides[2] = {StrideOf(f.getArg(p.localId(0)), x, layout),
                         StrideOf(f.getArg(p.localId(1)), y, layout)};
  uint64_t cost[2] = {0, 0};
  for (llvm::BasicBlock &bb : f) {
    for (llvm::Instruction &inst : bb) {
      llvm::Value *pointer = nullptr;
      llvm::Type *type = nullptr;
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
        pointer = load->getPointerOperand(), type = load->getType();
      else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
        pointer = store->getPointerOperand(), type = store->getValueOperand()->getType();
      if (!pointer || llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(pointer)))
        continue;
      uint64_t elementBytes = layout.getTypeStoreSize(type->getScalarType());
      uint64_t elements = layout.getTypeStoreSize(type) / std::max<uint64_t>(1, elementBytes);
      uint64_t weight = 1;
      for (unsigned depth = loopDepth(bb); depth && weight < 512; --depth)
        weight *= 8;
      // A vector per work-item (float4) is split into its elements, each
      // an access of its own with the same stride.
      for (unsigned d = 0; d < 2; ++d)
        cost[d] += weight * elements * accessCost(strides[d](pointer), elementBytes);
    }
  }
  return {cost[0], cost[1]};
}

std::pair<uint64_t, uint64_t> accessCosts(llvm::Function &f, uint64_t x, uint64_t y) {
  llvm::DominatorTree dt(f);
  llvm::LoopInfo loops(dt);
  std::pair<uint64_t, uint64_t> costs =
      accessCosts(f, x, y, [&](const llvm::BasicBlock &bb) { return loops.getLoopDepth(&bb); });
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << f.getName() << ": accesses cost " << costs.first << " along x, " << costs.second
                 << " along y\n";
  return costs;
}

/// Five percent in favour of x, the order every other part of work-group
/// formation was tuned with: CLBlast's Xgemm (y estimated 3 % cheaper)
/// measured about as fast either way, XgemmDirectTN (y 14 % to 33 %
/// cheaper) twice as fast along y. CORECL_ITEM_ORDER decides instead.
std::optional<bool> forcedColumns() {
  if (const char *forced = std::getenv("CORECL_ITEM_ORDER"); forced && *forced)
    return std::string(forced) == "yx";
  return std::nullopt;
}

bool columnsWin(std::pair<uint64_t, uint64_t> costs) {
  return forcedColumns().value_or(costs.second * 20 < costs.first * 19);
}

} // namespace

std::optional<ItemExtents> extentsForEitherOrder(llvm::Function &body) {
  llvm::Function *kernel = kernelOfBody(body);
  if (!kernel)
    return std::nullopt;
  auto extents = extentsIfEitherOrder(body, *kernel);
  if (!extents)
    return std::nullopt;
  return ItemExtents{extents->first, extents->second};
}

OrderCosts regionCosts(llvm::Function &region, const ItemExtents &extents,
                       const LoopDepth &loopDepth) {
  auto [x, y] = accessCosts(region, extents.x, extents.y, loopDepth);
  return {x, y};
}

bool prefersColumns(const OrderCosts &costs) {
  return columnsWin({costs.x, costs.y});
}

uint64_t costInPreferredOrder(const OrderCosts &costs) {
  return prefersColumns(costs) ? costs.y : costs.x;
}

std::optional<bool> clearPreference(llvm::Function &body, const ItemExtents &extents) {
  auto [x, y] = accessCosts(body, extents.x, extents.y);
  if (std::optional<bool> forced = forcedColumns())
    return forced;
  if (y * 20 < x * 19)
    return true;
  if (x * 20 < y * 19)
    return false;
  return std::nullopt;
}

} // namespace corecl::compiler
