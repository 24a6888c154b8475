// A work-item loop that reads one float4 (or int4) per work-item from
// consecutive addresses, split into components for the loop vectoriser,
// becomes an interleave group: one wide load of VF float4s and four
// shuffles picking component k of each (`<k, k+4, k+8, ...>`). LLVM 19's
// x86 back end has no pattern for this factor and element size and
// lowers each of the four shuffles on its own, from all four source
// registers, as permutes and blends: about 26 shuffles for eight
// work-items' float4 on AVX2, three per multiply-add in CLBlast's GEMM,
// whose register tile reads a float4 of A per work-item and step.
//
// The same result costs eight in-lane shuffles when each register is
// loaded with the float4s of work-items i, i+4, i+8, ... in its 128-bit
// lanes (a 128-bit load and inserts of the others, which x86 does from
// memory): the four registers then hold, lane by lane, a 4x4 block to be
// transposed, and unpacking 32-bit then 64-bit halves leaves component k
// of work-items 4l .. 4l+3 in lane l of result k, in work-item order.
//
// This pass rewrites such loads (simple, one work-item's vector filling a
// 128-bit lane: four 32-bit or two 64-bit elements, at least two lanes,
// used only by the component shuffles) that way; a double2 needs one
// unpack per component. Unused components cost nothing. Not on targets
// with 512-bit registers (see run()).
#include "compiler/passes/deinterleave_in_lanes.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/Debug.h>

#include <vector>

#define DEBUG_TYPE "corecl-deinterleave-in-lanes"

STATISTIC(NumRewritten, "Deinterleaving loads rebuilt as in-lane transposes");

namespace corecl::compiler {
namespace {

/// The component `shuffle` picks from its wide source (`<k, k+F, k+2F,
/// ...>`, vf entries), or -1.
int componentOf(llvm::ShuffleVectorInst *shuffle, unsigned factor, unsigned vf) {
  if (!llvm::isa<llvm::PoisonValue>(shuffle->getOperand(1)) &&
      !llvm::isa<llvm::UndefValue>(shuffle->getOperand(1)))
    return -1;
  llvm::ArrayRef<int> mask = shuffle->getShuffleMask();
  if (mask.size() != vf || mask[0] < 0 || mask[0] >= int(factor))
    return -1;
  for (unsigned i = 0; i < vf; ++i)
    if (mask[i] != mask[0] + int(factor * i))
      return -1;
  return mask[0];
}

/// A mask over two `vf`-element vectors made of 128-bit lanes of `lane`
/// elements: `pattern` (indices into a lane of the first operand, then of
/// the second) repeated in every lane.
std::vector<int> laneMask(unsigned vf, unsigned lane, const std::vector<int> &pattern) {
  std::vector<int> mask;
  for (unsigned l = 0; l < vf / lane; ++l)
    for (int p : pattern)
      mask.push_back(p < int(lane) ? int(l * lane) + p : int(vf + l * lane) + p - int(lane));
  return mask;
}

/// Joins `pieces` pairwise until one vector remains.
llvm::Value *concatenate(llvm::IRBuilder<> &b, std::vector<llvm::Value *> pieces) {
  while (pieces.size() > 1) {
    std::vector<llvm::Value *> joined;
    for (size_t p = 0; p < pieces.size(); p += 2) {
      unsigned width = llvm::cast<llvm::FixedVectorType>(pieces[p]->getType())->getNumElements();
      std::vector<int> mask(2 * width);
      for (unsigned e = 0; e < 2 * width; ++e)
        mask[e] = int(e);
      joined.push_back(b.CreateShuffleVector(pieces[p], pieces[p + 1], mask));
    }
    pieces = std::move(joined);
  }
  return pieces[0];
}

bool rewrite(llvm::LoadInst *load) {
  auto *type = llvm::dyn_cast<llvm::FixedVectorType>(load->getType());
  if (!type || !load->isSimple())
    return false;
  unsigned bits = type->getScalarSizeInBits();
  if (bits != 32 && bits != 64)
    return false;
  // One work-item's vector fills a 128-bit lane: float4, int4, double2.
  unsigned factor = 128 / bits;
  unsigned elements = type->getNumElements();
  unsigned vf = elements / factor;
  if (elements % factor || vf < 2 * factor || vf % factor)
    return false;
  std::vector<std::pair<llvm::ShuffleVectorInst *, int>> uses;
  std::vector<bool> wanted(factor, false);
  for (llvm::User *user : load->users()) {
    auto *shuffle = llvm::dyn_cast<llvm::ShuffleVectorInst>(user);
    int component = shuffle ? componentOf(shuffle, factor, vf) : -1;
    if (component < 0 || shuffle->getOperand(0) != load)
      return false;
    uses.push_back({shuffle, component});
    wanted[component] = true;
  }
  if (uses.empty())
    return false;

  llvm::IRBuilder<> b(load);
  auto *laneType = llvm::FixedVectorType::get(type->getElementType(), factor);
  llvm::Value *base = load->getPointerOperand();
  llvm::Align align = load->getAlign();
  // Register i: the vectors of work-items i, i+F, i+2F, ..., one per lane.
  std::vector<llvm::Value *> rows;
  for (unsigned i = 0; i < factor; ++i) {
    std::vector<llvm::Value *> pieces;
    for (unsigned lane = 0; lane < vf / factor; ++lane) {
      uint64_t offset = uint64_t(lane * factor + i) * 16;
      llvm::Value *at = offset ? b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), base, offset) : base;
      auto *piece = b.CreateAlignedLoad(laneType, at, llvm::commonAlignment(align, offset),
                                        load->getName() + ".lane");
      piece->copyMetadata(*load, {llvm::LLVMContext::MD_tbaa, llvm::LLVMContext::MD_alias_scope,
                                  llvm::LLVMContext::MD_noalias, llvm::LLVMContext::MD_nontemporal,
                                  llvm::LLVMContext::MD_invariant_load,
                                  llvm::LLVMContext::MD_access_group});
      pieces.push_back(piece);
    }
    rows.push_back(concatenate(b, pieces));
  }
  // The transpose within each lane.
  std::vector<llvm::Value *> components(factor, nullptr);
  const char *names[4] = {".x", ".y", ".z", ".w"};
  if (factor == 2) {
    // 64-bit halves: component k of work-items 2l, 2l+1 in lane l.
    for (unsigned k = 0; k < 2; ++k)
      if (wanted[k])
        components[k] = b.CreateShuffleVector(
            rows[0], rows[1], laneMask(vf, 2, {int(k), int(k) + 2}), load->getName() + names[k]);
  } else {
    // 32-bit halves of rows 0/1 and 2/3, then their 64-bit halves:
    // component k of work-items 4l .. 4l+3 in lane l.
    llvm::Value *xy01 = nullptr, *zw01 = nullptr, *xy23 = nullptr, *zw23 = nullptr;
    if (wanted[0] || wanted[1]) {
      xy01 = b.CreateShuffleVector(rows[0], rows[1], laneMask(vf, 4, {0, 4, 1, 5}));
      xy23 = b.CreateShuffleVector(rows[2], rows[3], laneMask(vf, 4, {0, 4, 1, 5}));
    }
    if (wanted[2] || wanted[3]) {
      zw01 = b.CreateShuffleVector(rows[0], rows[1], laneMask(vf, 4, {2, 6, 3, 7}));
      zw23 = b.CreateShuffleVector(rows[2], rows[3], laneMask(vf, 4, {2, 6, 3, 7}));
    }
    for (unsigned k = 0; k < 4; ++k) {
      if (!wanted[k])
        continue;
      llvm::Value *first = k < 2 ? xy01 : zw01, *second = k < 2 ? xy23 : zw23;
      std::vector<int> half =
          k % 2 == 0 ? std::vector<int>{0, 1, 4, 5} : std::vector<int>{2, 3, 6, 7};
      components[k] =
          b.CreateShuffleVector(first, second, laneMask(vf, 4, half), load->getName() + names[k]);
    }
  }
  for (auto &[shuffle, component] : uses) {
    shuffle->replaceAllUsesWith(components[component]);
    shuffle->eraseFromParent();
  }
  load->eraseFromParent();
  ++NumRewritten;
  return true;
}

} // namespace

llvm::PreservedAnalyses DeinterleaveInLanesPass::run(llvm::Function &f,
                                                     llvm::FunctionAnalysisManager &analyses) {
  // AVX-512 permutes across a whole register from two sources
  // (vpermt2ps/pd, one instruction per component and pair of registers),
  // which LLVM uses for the loop vectoriser's own shuffles: rebuilt in
  // 128-bit lanes, eight work-items' double2 took eight 16-byte loads and
  // six inserts where two loads and two permutes do (CLBlast's DGEMM 512
  // on Zen 4, XgemmDirectTN: 45 -> 83 GFLOP/s without this pass).
  const llvm::TargetTransformInfo &target = analyses.getResult<llvm::TargetIRAnalysis>(f);
  if (target.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector).getFixedValue() >=
      512)
    return llvm::PreservedAnalyses::all();
  std::vector<llvm::LoadInst *> loads;
  for (llvm::Instruction &inst : llvm::instructions(f))
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
      loads.push_back(load);
  bool changed = false;
  for (llvm::LoadInst *load : loads)
    changed |= rewrite(load);
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
