// The whole-function vectoriser (packetize.h).
//
// 1. Analysis: the lane parameters vary; so does everything computed from
//    them, private memory (each lane has its own), atomics and calls with
//    side effects (each lane makes its own). A branch on a varying
//    condition is divergent: its region is what lies between it and its
//    immediate post-dominator (the join). The join's phis vary, and so
//    does every value of the region used past it, because lanes that ran
//    the region one by one may have left it with different values.
//    Repeated until nothing changes. Loads from a uniform address are
//    uniform: lanes reading one location see one value unless another
//    lane writes it meanwhile, a data race in OpenCL.
// 2. Vector mode: each block is emitted once, uniform instructions as
//    they are, varying ones widened. Accesses whose address moves by one
//    element per lane become one vector load or store (checked at run time
//    where the address went through a sign or zero extension), others
//    gathers and scatters; atomics, calls and volatile accesses run lane by
//    lane in lane order.
// 3. At a divergent branch: all lanes true, or all false, continue in
//    vector mode. Otherwise a loop over the lanes runs a scalar copy of the
//    region for each lane, entered at the branch itself, and collects
//    what each lane takes past the join in small stack buffers; vector
//    mode resumes at the join with those. SSA form is restored with
//    LLVM's SSAUpdater where the copy is entered in the middle of a loop
//    (a varying loop exit) and where a value of the region now has two
//    definitions (vector mode's and the lane loop's).
#include "compiler/passes/packetize.h"

#include "compiler/passes/address_difference.h"
#include "compiler/passes/cycle_walk.h"
#include "compiler/passes/lane_interleaved_objects.h"
#include "compiler/passes/stride_guesses.h"
#include "compiler/passes/sub_group_lanes.h"
#include "compiler/passes/work_item_state.h"
#include "corecl/kernel_abi.h"

#include <llvm/ADT/MapVector.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/ADT/Statistic.h>
#include <llvm/ADT/bit.h>
#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/Debug.h>
#include <llvm/Support/MathExtras.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Triple.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/SSAUpdater.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <vector>

#define DEBUG_TYPE "corecl-packetize"

STATISTIC(NumPackets, "Functions packetised");
STATISTIC(NumDivergentBranches, "Divergent branches given a lane loop");
STATISTIC(NumWideAccesses, "Loads and stores of consecutive lanes made one vector access");
STATISTIC(NumGathers, "Loads and stores made gathers or scatters");
STATISTIC(NumInterleavedStores,
          "Strided stores written together with their neighbours by one wide store");
STATISTIC(NumInterleavedLoads,
          "Strided loads read together with their neighbours by one wide load");
STATISTIC(NumInterleavedObjects, "Private objects laid out lane-interleaved");

namespace corecl::compiler {
namespace {

/// Instructions of a lane loop's region copy, times the lanes, up to which
/// LLVM may unroll the loop (buildLaneLoop). hashcat's compares of a hash
/// against the one searched for (19 to 36 instructions, two lanes of
/// SHA-512) stay within it; MD5's cold build (hundreds of lane loops of
/// four lanes): none unrolled 21 s, up to 72 24 s, up to 128 27 s, PoCL 24.
constexpr size_t kUnrolledLaneInstructions = 72;

/// Weights for a branch between lanes that agree and lanes that part
/// (`apartFirst`: the parting lanes' way is the branch's first): parting
/// is taken as the rarer way, so that code placement and the register
/// allocator favour the way lanes agree. hashcat SHA-512 (a packet of two
/// groups whose hot loop ends in eight divergent compares that never
/// part): 65 MH/s without the weights, 100 with them and the compares'
/// lane loops unrolled (either alone: 64-68; PoCL 70).
llvm::MDNode *lanesApartWeights(llvm::LLVMContext &context, bool apartFirst = false) {
  constexpr uint32_t kAgree = 63, kApart = 1;
  llvm::MDBuilder weights(context);
  return apartFirst ? weights.createBranchWeights(kApart, kAgree)
                    : weights.createBranchWeights(kAgree, kApart);
}

/// Thrown inside the packetiser for a function it does not handle.
struct Unsupported {
  std::string why;
};

/// The type of a varying value: lane-major <width*N x T> for <N x T> and
/// scalars; a struct of those for a struct (cmpxchg's result).
llvm::Type *widenType(llvm::Type *type, unsigned width) {
  if (auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type))
    return llvm::FixedVectorType::get(vector->getElementType(), vector->getNumElements() * width);
  if (type->isIntegerTy() || type->isFloatingPointTy() || type->isPointerTy())
    return llvm::FixedVectorType::get(type, width);
  if (auto *structure = llvm::dyn_cast<llvm::StructType>(type)) {
    std::vector<llvm::Type *> fields;
    for (llvm::Type *field : structure->elements()) {
      if (field->isStructTy() || field->isArrayTy())
        return nullptr;
      fields.push_back(widenType(field, width));
      if (!fields.back())
        return nullptr;
    }
    return llvm::StructType::get(type->getContext(), fields);
  }
  return nullptr;
}

unsigned elementsPerLane(llvm::Type *type) {
  if (auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type))
    return vector->getNumElements();
  return 1;
}

/// Intrinsics that mean nothing to the packet (debug info, lifetimes,
/// assumptions about scalar values).
bool isDropped(const llvm::Instruction &inst) {
  if (llvm::isa<llvm::DbgInfoIntrinsic>(inst))
    return true;
  if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
    switch (intrinsic->getIntrinsicID()) {
    case llvm::Intrinsic::lifetime_start:
    case llvm::Intrinsic::lifetime_end:
    case llvm::Intrinsic::assume:
    case llvm::Intrinsic::experimental_noalias_scope_decl:
      return true;
    default:
      break;
    }
  return false;
}

class Packetizer {
public:
  Packetizer(llvm::Function &f, unsigned width, llvm::ArrayRef<unsigned> laneParams,
             const std::map<const llvm::Instruction *, llvm::Constant *> &known, Lanes lanes,
             int boundParam)
      : f_(f), width_(width), context_(f.getContext()), module_(*f.getParent()),
        layout_(module_.getDataLayout()), laneParams_(laneParams.begin(), laneParams.end()),
        known_(known), lanes_(lanes), boundParam_(boundParam), dt_(f), pdt_(f), cycles_(f) {
    if (lanes_ == Lanes::OneSubGroup)
      for (llvm::Instruction &inst : llvm::instructions(f_))
        if (llvm::isa<llvm::LoadInst>(inst) && inst.getMetadata(kSubGroupWidthLoad))
          known_[&inst] = llvm::ConstantInt::get(inst.getType(), width_);
  }

  llvm::Function *run();
  const PacketReport &report() const { return report_; }

private:
  struct Divergence {
    llvm::BasicBlock *branch;
    llvm::BasicBlock *join; // null: the paths meet only at the function's end
    std::set<llvm::BasicBlock *> region;
    std::vector<llvm::BasicBlock *> regionWalk;    // the region in the order first reached
    llvm::SetVector<llvm::Instruction *> liveOuts; // in regionWalk's order
    std::set<llvm::BasicBlock *> reentered; // region blocks the join leads back to
    llvm::BasicBlock *lanes = nullptr; // where vector mode hands over to the lanes
  };

  void checkSupported();
  void checkLanesCannotWait(const Divergence &d);
  llvm::LoopInfo &loopInfo();
  void analyse();
  bool leavesRegion(const Divergence &d, llvm::Instruction &inst) const;
  llvm::Type *bufferElement(llvm::Type *element) const;
  bool mustVary(llvm::Instruction &inst) const;
  uint64_t laneObjectStride(const llvm::AllocaInst &alloca) const;
  void computeStrides();
  void findInterleavedAccesses();

  // Vector mode.
  llvm::BasicBlock *newBlock(const llvm::Twine &name);
  void emit(llvm::Instruction &inst);
  void emitVarying(llvm::Instruction &inst);
  void emitLaneZero(llvm::Instruction &inst);
  void emitStrideGuesses(llvm::Instruction &inst);
  void emitTerminator(llvm::BasicBlock &bb);
  void emitAccess(llvm::Instruction &inst);
  void emitLaneByLane(llvm::Instruction &inst);
  void emitSubGroupRead(llvm::Instruction &inst);
  void noteScattered(llvm::Instruction &inst);
  bool widensInWorkItem(llvm::Instruction &inst);
  unsigned timesRun(const llvm::BasicBlock &bb);
  llvm::Value *scalar(llvm::Value *value);
  llvm::Value *vector(llvm::Value *value);
  llvm::Value *splat(llvm::Value *uniform);
  llvm::Value *laneOf(llvm::Value *wide, llvm::Type *type, unsigned lane);
  llvm::Value *combineLanes(llvm::Type *type, llvm::ArrayRef<llvm::Value *> lanes);
  void setVector(llvm::Instruction &inst, llvm::Value *value);
  void fillPhis();

  // Lane loops.
  void buildLaneLoop(Divergence &d);
  void repairLiveOuts();

  llvm::Function &f_;
  unsigned width_;
  llvm::LLVMContext &context_;
  llvm::Module &module_;
  const llvm::DataLayout &layout_;
  std::set<unsigned> laneParams_;
  std::map<const llvm::Instruction *, llvm::Constant *> known_;
  Lanes lanes_;
  // A packet with trailing lanes off (packetize.h): the parameter bounding
  // the lanes, and once emitted, which lanes are on and how many.
  int boundParam_ = -1;
  llvm::Value *active_ = nullptr, *activeCount_ = nullptr;
  bool masked() const { return boundParam_ >= 0; }
  llvm::Value *allActive(llvm::Value *cond);
  llvm::Value *anyActive(llvm::Value *cond);
  llvm::Value *activeFor(llvm::Type *type);
  PacketReport report_;
  llvm::DominatorTree dt_;
  llvm::PostDominatorTree pdt_;
  CycleWalk cycles_;                      // where a join leads back into its region
  std::unique_ptr<llvm::LoopInfo> loops_; // of f_, made when first needed
  /// Scalar evolution over f_, made when first needed (widensInWorkItem).
  struct Evolution {
    llvm::TargetLibraryInfoImpl libraryImpl;
    llvm::TargetLibraryInfo library;
    llvm::AssumptionCache assumptions;
    llvm::ScalarEvolution se;
    Evolution(llvm::Function &f, llvm::DominatorTree &dt, llvm::LoopInfo &loops)
        : libraryImpl(llvm::Triple(f.getParent()->getTargetTriple())), library(libraryImpl),
          assumptions(f), se(f, library, assumptions, dt, loops) {}
  };
  std::unique_ptr<Evolution> evolution_;
  std::vector<llvm::BasicBlock *> order_; // reverse post-order

  std::set<const llvm::Value *> varying_;
  // Private objects whose lanes' copies interleave, and the addresses
  // derived from them, each with its unit in bytes
  // (lane_interleaved_objects.h): an offset added to such an address is
  // scaled by the width.
  std::map<const llvm::Value *, uint64_t> interleavedObjects_;
  llvm::Value *interleavedGep(llvm::IRBuilderBase &b, const llvm::GetElementPtrInst &gep,
                              llvm::Value *base,
                              llvm::function_ref<llvm::Value *(unsigned)> indexOf);
  llvm::Align laneAlign(const llvm::Value *ptr, llvm::Align align) const;
  void lowerLaneAlignment(const llvm::Instruction &original, llvm::Instruction &copy) const;
  // In a fixed order (the blocks' order, a walk's), as every container a
  // packet's code is built from by iterating: keyed by address, the IR
  // (and which register LLVM chose for what) changed from one build to the
  // next.
  llvm::MapVector<llvm::BasicBlock *, Divergence> divergences_;
  std::map<const llvm::Value *, int64_t> strides_; // lane l = lane 0 + l * stride
  std::set<const llvm::Value *> inexact_;          // ... only where no extension wrapped
  // What an instruction guessed of its lanes (stride_guesses.h), and,
  // once emitted, a scalar that says whether this packet's lanes bear out
  // every guess its value rests on (none where a lane 0 is not known).
  struct Guess {
    enum { Extension, ShiftPair, Split } kind;
    llvm::Value *operand; // the value extended, shifted or divided
    int64_t stride;       // the operand's
    bool isSigned = false;
    llvm::Type *wide = nullptr; // Extension: the extended type
    unsigned shift = 0;         // ShiftPair
    llvm::APInt divisor;        // Split
    Division division = Division::Unsigned;
  };
  std::map<const llvm::Value *, std::vector<Guess>> guesses_;
  std::map<const llvm::Value *, llvm::Value *> guessesHold_;
  // Values whose lanes step the same sign- (zero-) extended: no lane
  // wrapped past the others (`add nsw` of such values, e.g. a uniform
  // row start plus `(int)get_local_id(0)`).
  std::set<const llvm::Value *> signedSteps_, unsignedSteps_;
  // Strided loads that read a run of consecutive elements together
  // (address_difference.h): their group and place in it, and, once the
  // group's first load is emitted, each place's vector.
  std::vector<unsigned> interleaved_; // each group's factor
  std::map<const llvm::Instruction *, std::pair<size_t, unsigned>> interleavedPlace_;
  // Stores of one block that together write every element of the lanes'
  // stretches (findInterleavedAccesses): the last one in the block writes them
  // all, the others leave their values here.
  struct StoreGroup {
    unsigned factor;
    llvm::StoreInst *last;
    std::vector<llvm::Value *> values;
  };
  std::vector<StoreGroup> storeGroups_;
  std::map<const llvm::StoreInst *, std::pair<size_t, unsigned>> storePlace_;
  unsigned interleaveFactor(llvm::Value *ptr, llvm::Type *type) const;
  BoundFn laneBound() const;
  std::map<size_t, std::vector<llvm::Value *>> interleavedVectors_;
  // Lane 0's value of a strided integer or address, computed as a scalar
  // (emitLaneZero): a consecutive access's address. Taken out of the
  // vector of addresses instead, each access's extract is pushed by
  // InstCombine up to the lane-id vector, whose thousands of extracts it
  // then visits by scanning all of that vector's users: quadratic, 7 of
  // 13 s of the optimisation of a 50,000-instruction packet.
  std::map<const llvm::Value *, llvm::Value *> laneZero_;
  std::set<const llvm::Value *> small_;            // every lane in [0, 2^31)
  std::map<const llvm::Value *, uint64_t> bounds_; // every lane below it (unsigned)
  void noteBound(llvm::Instruction &inst);
  std::set<const llvm::Instruction *> liveOuts_;   // of any divergent region

  llvm::Function *packet_ = nullptr;
  llvm::IRBuilder<> b_{context_};
  llvm::BasicBlock *entry_ = nullptr;
  std::map<const llvm::Value *, llvm::Value *> scalars_, vectors_;
  std::map<llvm::BasicBlock *, llvm::BasicBlock *> head_;
  std::map<std::pair<llvm::BasicBlock *, llvm::BasicBlock *>, llvm::BasicBlock *> edgeFrom_;
  std::vector<std::pair<llvm::PHINode *, llvm::PHINode *>> phis_;
  llvm::MapVector<llvm::Instruction *, std::vector<std::pair<llvm::BasicBlock *, llvm::Value *>>>
      laneDefs_;
};

void Packetizer::checkSupported() {
  unsigned count = 0;
  auto isLocal = [&](llvm::Type *type) {
    if (lanes_ != Lanes::OfGroups)
      return false;
    if (auto *vector = llvm::dyn_cast<llvm::VectorType>(type))
      type = vector->getElementType();
    // Generic pointers (address space 4) may point into local memory too.
    return type->isPointerTy() &&
           (type->getPointerAddressSpace() == 3 || type->getPointerAddressSpace() == 4);
  };
  for (llvm::Argument &arg : f_.args())
    if (isLocal(arg.getType()) && !arg.use_empty())
      throw Unsupported{"local memory (one arena per work-group)"};
  for (llvm::Instruction &inst : llvm::instructions(f_)) {
    if (++count > 500000)
      throw Unsupported{"function too large"};
    if (isLocal(inst.getType()))
      throw Unsupported{"local memory (one arena per work-group)"};
    for (llvm::Value *op : inst.operands())
      if (isLocal(op->getType()))
        throw Unsupported{"local memory (one arena per work-group)"};
    if (llvm::isa<llvm::InvokeInst>(inst) || llvm::isa<llvm::CallBrInst>(inst) ||
        llvm::isa<llvm::IndirectBrInst>(inst) || inst.isEHPad())
      throw Unsupported{"exception or indirect control flow"};
    if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
      if ((call->isConvergent() && !isSubGroupRead(inst)) || call->isInlineAsm())
        throw Unsupported{"convergent call or inline assembly"};
    }
    if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst))
      if (!alloca->isStaticAlloca())
        throw Unsupported{"dynamic stack allocation"};
  }
}

/// Distance between the lanes' copies of a private object.
uint64_t Packetizer::laneObjectStride(const llvm::AllocaInst &alloca) const {
  return llvm::alignTo(layout_.getTypeAllocSize(alloca.getAllocatedType()), alloca.getAlign());
}

/// `gep` into an interleaved object, from `base` (the packet's vector or
/// lane 0's address, or a lane's own in a lane loop): its offset W times.
llvm::Value *Packetizer::interleavedGep(llvm::IRBuilderBase &b, const llvm::GetElementPtrInst &gep,
                                        llvm::Value *base,
                                        llvm::function_ref<llvm::Value *(unsigned)> indexOf) {
  llvm::Value *offset = scaledGepOffset(b, layout_, gep, indexOf, width_);
  // Not inbounds: the address one past the object's end, valid for the
  // work-item, lies past the lanes' copies in every lane but the first.
  return b.CreateGEP(b.getInt8Ty(), base, offset, gep.getName());
}

/// What an access at `ptr` may assume of a lane's address: into an
/// interleaved object, only its unit's alignment (lane 0's, a whole
/// packet's access, keeps the original's, its offset scaled by W).
llvm::Align Packetizer::laneAlign(const llvm::Value *ptr, llvm::Align align) const {
  auto unit = interleavedObjects_.find(ptr);
  return unit == interleavedObjects_.end() ? align : std::min(align, llvm::Align(unit->second));
}

/// A lane's copy of a load or store `original`: only as aligned as a
/// lane's address is.
void Packetizer::lowerLaneAlignment(const llvm::Instruction &original,
                                    llvm::Instruction &copy) const {
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&copy))
    load->setAlignment(laneAlign(llvm::getLoadStorePointerOperand(&original), load->getAlign()));
  else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&copy))
    store->setAlignment(laneAlign(llvm::getLoadStorePointerOperand(&original), store->getAlign()));
}

bool Packetizer::mustVary(llvm::Instruction &inst) const {
  if (isDropped(inst) || known_.count(&inst))
    return false;
  if (llvm::isa<llvm::AllocaInst>(inst) || llvm::isa<llvm::AtomicRMWInst>(inst) ||
      llvm::isa<llvm::AtomicCmpXchgInst>(inst))
    return true;
  if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst); load && !load->isSimple())
    return true;
  // A sub-group read is one lane's value: the same for every lane where
  // the lane read is; where a lane is a sub-group of its own, the value.
  if (isSubGroupRead(inst))
    return varying_.count(inst.getOperand(lanes_ == Lanes::OneSubGroup ? 1 : 0)) != 0;
  if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
    if (call->mayHaveSideEffects())
      return true;
  for (llvm::Value *op : inst.operands())
    if (varying_.count(op))
      return true;
  return false;
}

/// A divergent loop runs lane by lane when the lanes disagree: one lane's
/// loop to its end, then the next. A loop that waits for another work-item
/// (a spin lock on an atomic flag, a flag another work-item sets) would
/// then wait for ever on a lane that has not run yet. OpenCL promises no
/// forward progress between work-items, but CPU drivers that run them one
/// after the other give it, and programs rely on it: such a function keeps
/// no packet. A loop can wait only if its exit depends on an atomic or
/// volatile access (or a call that may make one) in it; hashcat's loop
/// over candidates, which counts a found hash with `atomic_inc` but ends
/// after a count it reads from its arguments, does not wait.
void Packetizer::checkLanesCannotWait(const Divergence &d) {
  auto inLoop = [&](llvm::BasicBlock *bb) { return bb == d.branch || d.region.count(bb); };
  auto waits = [&](llvm::Instruction &inst) {
    if (llvm::isa<llvm::AtomicRMWInst>(inst) || llvm::isa<llvm::AtomicCmpXchgInst>(inst))
      return true;
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
      return !load->isSimple();
    if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
      return !store->isSimple();
    if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
      return call->mayHaveSideEffects() && !isDropped(inst) && !isSubGroupRead(inst);
    return false;
  };
  // True if a condition that ends `loop` depends on such an access in the
  // loop, or on a private variable left in memory (a volatile one written
  // there). A plain load of global memory is no wait: another work-item
  // writing it meanwhile would be a data race.
  auto exitMayWait = [&](llvm::Loop &loop) {
    llvm::SmallVector<llvm::BasicBlock *, 4> exiting;
    loop.getExitingBlocks(exiting);
    std::vector<llvm::Value *> work;
    for (llvm::BasicBlock *bb : exiting) {
      llvm::Instruction *term = bb->getTerminator();
      if (auto *br = llvm::dyn_cast<llvm::BranchInst>(term); br && br->isConditional())
        work.push_back(br->getCondition());
      else if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(term))
        work.push_back(sw->getCondition());
    }
    std::set<llvm::Value *> seen;
    while (!work.empty()) {
      auto *inst = llvm::dyn_cast<llvm::Instruction>(work.back());
      work.pop_back();
      if (!inst || !loop.contains(inst) || !seen.insert(inst).second)
        continue;
      if (waits(*inst))
        return true;
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(inst);
          load && llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(load->getPointerOperand())))
        return true;
      work.insert(work.end(), inst->op_begin(), inst->op_end());
    }
    return false;
  };
  std::set<llvm::Loop *> checked;
  for (llvm::BasicBlock *bb : d.region)
    for (llvm::Loop *loop = loopInfo().getLoopFor(bb); loop; loop = loop->getParentLoop()) {
      if (!inLoop(loop->getHeader()) || !checked.insert(loop).second)
        continue; // not repeated lane by lane, or seen
      bool holdsWait = false;
      for (llvm::BasicBlock *block : loop->blocks())
        for (llvm::Instruction &inst : *block)
          holdsWait = holdsWait || waits(inst);
      if (holdsWait && exitMayWait(*loop))
        throw Unsupported{"a divergent loop (" + loop->getHeader()->getName().str() +
                          ") whose exit depends on an atomic or volatile access (a lane may "
                          "wait for another)"};
    }
}

llvm::LoopInfo &Packetizer::loopInfo() {
  if (!loops_)
    loops_ = std::make_unique<llvm::LoopInfo>(dt_);
  return *loops_;
}

void Packetizer::analyse() {
  for (llvm::BasicBlock *bb : llvm::ReversePostOrderTraversal<llvm::Function *>(&f_))
    order_.push_back(bb);
  for (unsigned index : laneParams_)
    varying_.insert(f_.getArg(index));
  bool changed = true;
  while (changed) {
    changed = false;
    for (llvm::BasicBlock *bb : order_)
      for (llvm::Instruction &inst : *bb)
        if (!varying_.count(&inst) && mustVary(inst)) {
          varying_.insert(&inst);
          changed = true;
        }
    for (llvm::BasicBlock *bb : order_) {
      llvm::Instruction *term = bb->getTerminator();
      auto *br = llvm::dyn_cast<llvm::BranchInst>(term);
      auto *sw = llvm::dyn_cast<llvm::SwitchInst>(term);
      bool divergent = (br && br->isConditional() && br->getSuccessor(0) != br->getSuccessor(1) &&
                        varying_.count(br->getCondition())) ||
                       (sw && sw->getNumSuccessors() > 1 && varying_.count(sw->getCondition()));
      if (!divergent || divergences_.count(bb))
        continue;
      llvm::DomTreeNode *node = pdt_.getNode(bb);
      if (!node)
        throw Unsupported{"a divergent branch that never reaches the end"};
      Divergence d;
      d.branch = bb;
      d.join = node->getIDom() ? node->getIDom()->getBlock() : nullptr;
      std::vector<llvm::BasicBlock *> work(llvm::succ_begin(bb), llvm::succ_end(bb));
      while (!work.empty()) {
        llvm::BasicBlock *next = work.back();
        work.pop_back();
        if (next == d.join || !d.region.insert(next).second)
          continue;
        d.regionWalk.push_back(next);
        for (llvm::BasicBlock *succ : llvm::successors(next))
          work.push_back(succ);
      }
      if (d.join)
        cycles_.reachesAny(d.join, {}, [&](llvm::BasicBlock *next) {
          if (d.region.count(next))
            d.reentered.insert(next);
          return false;
        });
      checkLanesCannotWait(d);
      // Lanes that part run the region one by one: a sub-group read there
      // would see no other lane.
      if (lanes_ == Lanes::OneSubGroup)
        for (llvm::BasicBlock *inside : d.regionWalk)
          for (llvm::Instruction &inst : *inside)
            if (isSubGroupRead(inst))
              throw Unsupported{"a sub-group function under a branch the work-items of a "
                                "sub-group may take apart (" +
                                bb->getName().str() + ")"};
      divergences_.insert({bb, std::move(d)});
      changed = true;
    }
    for (auto &[bb, d] : divergences_) {
      if (d.join)
        for (llvm::PHINode &phi : d.join->phis())
          changed |= varying_.insert(&phi).second;
      for (llvm::BasicBlock *inside : d.regionWalk)
        for (llvm::Instruction &inst : *inside)
          if (leavesRegion(d, inst)) {
            d.liveOuts.insert(&inst);
            changed |= varying_.insert(&inst).second;
          }
    }
  }
}

/// The type a lane's element of a value takes in a stack buffer the
/// lanes fill one by one and vector mode then loads whole: an integer of a
/// width other than 8, 16, 32, 64, ... bits is laid out bit-packed in a
/// vector (the optimiser's i6 of a rotate's result: sixteen lanes in 12
/// bytes) but a byte or more apart in an array, so it travels as the next
/// such width.
llvm::Type *Packetizer::bufferElement(llvm::Type *element) const {
  if (!element->isIntegerTy())
    return element;
  unsigned bits = element->getIntegerBitWidth();
  unsigned stored = unsigned(llvm::PowerOf2Ceil(std::max(bits, 8u)));
  return stored == bits ? element : llvm::Type::getIntNTy(context_, stored);
}

bool Packetizer::leavesRegion(const Divergence &d, llvm::Instruction &inst) const {
  for (llvm::User *user : inst.users())
    if (!d.region.count(llvm::cast<llvm::Instruction>(user)->getParent()))
      return true;
  if (d.reentered.empty())
    return false;
  // Where the join leads back into the region (the region sits in a loop
  // whose header is the join, or a path to it), a later iteration may use
  // the value of an earlier one before redefining it: after the lanes ran,
  // that use must see what each lane left, not what vector mode had.
  std::set<llvm::BasicBlock *> usedIn;
  for (llvm::Use &use : inst.uses()) {
    auto *user = llvm::cast<llvm::Instruction>(use.getUser());
    auto *phi = llvm::dyn_cast<llvm::PHINode>(user);
    llvm::BasicBlock *where = phi ? phi->getIncomingBlock(use) : user->getParent();
    if (d.reentered.count(where))
      usedIn.insert(where);
  }
  return !usedIn.empty() &&
         cycles_.reachesAny(d.join, {inst.getParent()},
                            [&](llvm::BasicBlock *next) { return usedIn.count(next) != 0; });
}

void Packetizer::computeStrides() {
  for (unsigned index : laneParams_) {
    strides_[f_.getArg(index)] = 1;
    // Local ids are below the largest work-group size, far below 2^31.
    if (lanes_ != Lanes::OfGroups) {
      small_.insert(f_.getArg(index));
      bounds_[f_.getArg(index)] = CORECL_MAX_WORK_GROUP_SIZE;
    }
  }
  auto strideOf = [&](llvm::Value *value, int64_t &stride, bool &exact) {
    if (!varying_.count(value)) {
      stride = 0;
      return true;
    }
    auto it = strides_.find(value);
    if (it == strides_.end())
      return false;
    stride = it->second;
    exact = exact && !inexact_.count(value);
    return true;
  };
  // Extending the lanes' values keeps their steps: no lane wrapped.
  auto extendsExactly = [&](llvm::Value *value, bool isSigned) {
    return !varying_.count(value) || small_.count(value) ||
           (isSigned ? signedSteps_ : unsignedSteps_).count(value);
  };
  std::vector<Guess> own; // the guesses of the instruction at hand
  // A flattened local id split again, `tid / 8` and `tid % 8` (CLBlast's
  // tile copies): within a packet whose lanes do not cross a multiple of
  // the divisor, the quotient is the same in every lane and the remainder
  // steps as the dividend does. That depends on where the packet starts,
  // so it is only a guess, which an access checks at run time (inexact).
  auto splitGuess = [&](llvm::Value *dividend, const llvm::APInt &divisor, bool quotient,
                        Division division, int64_t &step, bool &exact, int64_t &result) {
    if (divisor.isNegative() || divisor.getActiveBits() > 62 || divisor.getZExtValue() < width_ ||
        !strideOf(dividend, step, exact) || step < 0 ||
        uint64_t(step) * (width_ - 1) >= divisor.getZExtValue())
      return false;
    exact = exact && step == 0;
    if (step != 0)
      own.push_back({Guess::Split, dividend, step, false, nullptr, 0, divisor, division});
    result = quotient ? 0 : step;
    return true;
  };
  for (llvm::BasicBlock *bb : order_)
    for (llvm::Instruction &inst : *bb) {
      if (!varying_.count(&inst))
        continue;
      int64_t a = 0, c = 0;
      bool exact = true, known = false;
      int64_t result = 0;
      own.clear();
      noteBound(inst);
      if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst)) {
        auto unit = interleavedObjects_.find(alloca);
        result =
            int64_t(unit != interleavedObjects_.end() ? unit->second : laneObjectStride(*alloca));
        known = true;
      } else if (auto *binary = llvm::dyn_cast<llvm::BinaryOperator>(&inst)) {
        llvm::Value *x = binary->getOperand(0), *y = binary->getOperand(1);
        auto constantOf = [&](llvm::Value *v) -> llvm::ConstantInt * {
          if (auto *known = llvm::dyn_cast<llvm::Instruction>(v); known && known_.count(known))
            return llvm::dyn_cast<llvm::ConstantInt>(known_.at(known));
          return llvm::dyn_cast<llvm::ConstantInt>(v);
        };
        if (binary->getOpcode() == llvm::Instruction::Mul && !constantOf(y))
          std::swap(x, y);
        auto *constant = constantOf(y);
        switch (binary->getOpcode()) {
        case llvm::Instruction::Add:
          known = strideOf(x, a, exact) && strideOf(y, c, exact), result = a + c;
          break;
        case llvm::Instruction::Or:
          if (llvm::cast<llvm::PossiblyDisjointInst>(binary)->isDisjoint())
            known = strideOf(x, a, exact) && strideOf(y, c, exact), result = a + c;
          break;
        case llvm::Instruction::Sub:
          known = strideOf(x, a, exact) && strideOf(y, c, exact), result = a - c;
          break;
        case llvm::Instruction::Mul:
          if (constant && constant->getBitWidth() <= 64)
            known = strideOf(x, a, exact), result = a * constant->getSExtValue();
          else // the same in every lane times the same
            known = strideOf(x, a, exact) && strideOf(y, c, exact) && a == 0 && c == 0;
          break;
        case llvm::Instruction::UDiv:
        case llvm::Instruction::SDiv:
        case llvm::Instruction::URem:
        case llvm::Instruction::SRem:
          if (constant)
            known = splitGuess(x, constant->getValue(),
                               binary->getOpcode() == llvm::Instruction::UDiv ||
                                   binary->getOpcode() == llvm::Instruction::SDiv,
                               binary->getOpcode() == llvm::Instruction::UDiv ||
                                       binary->getOpcode() == llvm::Instruction::URem
                                   ? Division::Unsigned
                                   : Division::Truncating,
                               a, exact, result);
          break;
        case llvm::Instruction::And:
          // `tid & 7`, InstCombine's `tid % 8` for an unsigned tid.
          if (constant && (constant->getValue() + 1).isPowerOf2())
            known = splitGuess(x, constant->getValue() + 1, false, Division::Unsigned, a, exact,
                               result);
          break;
        case llvm::Instruction::Shl:
          if (constant && constant->getZExtValue() < 32)
            known = strideOf(x, a, exact), result = a << constant->getZExtValue();
          break;
        case llvm::Instruction::AShr:
        case llvm::Instruction::LShr: {
          // `(x << c1) >> c2` with x in [0, 2^31) and c1 no more than the
          // width less 32: InstCombine's form of `(long)(int)x * 2^(c1-c2)`,
          // a local id turned into a byte offset (CLBlast's Xgemm indexes
          // its local tiles so). No bit of x reaches the sign.
          llvm::Value *shifted = nullptr;
          const llvm::APInt *c1 = nullptr;
          unsigned bits = binary->getType()->getScalarSizeInBits();
          using namespace llvm::PatternMatch;
          if (!constant || constant->getZExtValue() >= bits - 1)
            break;
          // Any other x (`(int)get_global_id(0)`, CLBlast's Xaxpy) may wrap
          // between lanes there: a guess each access checks at run time.
          if (match(x, m_Shl(m_Value(shifted), m_APInt(c1))) && c1->getZExtValue() < bits &&
              constant->getZExtValue() <= c1->getZExtValue()) {
            known = strideOf(shifted, a, exact),
            result = a << (c1->getZExtValue() - constant->getZExtValue());
            bool isSigned = binary->getOpcode() == llvm::Instruction::AShr;
            if (!small_.count(shifted) || c1->getZExtValue() + 32 > bits) {
              exact = false;
              own.push_back({Guess::ShiftPair, shifted, a, isSigned, nullptr,
                             unsigned(c1->getZExtValue()), llvm::APInt(), Division::Unsigned});
            }
          } else // `tid >> 3`, InstCombine's `tid / 8`
            known = splitGuess(
                x, llvm::APInt::getOneBitSet(bits, unsigned(constant->getZExtValue())), true,
                binary->getOpcode() == llvm::Instruction::AShr ? Division::Floor
                                                               : Division::Unsigned,
                a, exact, result);
          break;
        }
        default:
          break;
        }
      } else if (auto *cast = llvm::dyn_cast<llvm::CastInst>(&inst)) {
        // A value whose lanes all lie in [0, 2^31) keeps that through a
        // truncation to 32 bits or more and through extensions, which then
        // cannot wrap between lanes: `int tx = get_local_id(0)`.
        bool small = small_.count(cast->getOperand(0)) &&
                     cast->getType()->getScalarSizeInBits() >= 32 &&
                     (cast->getOpcode() == llvm::Instruction::Trunc ||
                      cast->getOpcode() == llvm::Instruction::ZExt ||
                      cast->getOpcode() == llvm::Instruction::SExt);
        if (small)
          small_.insert(cast);
        switch (cast->getOpcode()) {
        case llvm::Instruction::ZExt:
        case llvm::Instruction::SExt:
        case llvm::Instruction::Trunc:
        case llvm::Instruction::AddrSpaceCast:
        case llvm::Instruction::PtrToInt:
        case llvm::Instruction::IntToPtr:
          if (!cast->getType()->isVectorTy())
            known = strideOf(cast->getOperand(0), result, exact);
          break;
        default:
          break;
        }
        // An extension steps as its operand does unless the lanes wrap.
        bool isSigned = cast->getOpcode() == llvm::Instruction::SExt;
        if (known && (isSigned || cast->getOpcode() == llvm::Instruction::ZExt) &&
            !extendsExactly(cast->getOperand(0), isSigned)) {
          own.push_back({Guess::Extension, cast->getOperand(0), result, isSigned, cast->getType(),
                         0, llvm::APInt(), Division::Unsigned});
          exact = false;
        }
      } else if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst)) {
        known = !gep->getType()->isVectorTy() && strideOf(gep->getPointerOperand(), result, exact);
        // Into an interleaved object every offset counts W times.
        int64_t scale = interleavedObjects_.count(gep) ? int64_t(width_) : 1;
        for (auto it = llvm::gep_type_begin(gep); known && it != llvm::gep_type_end(gep); ++it) {
          if (it.isStruct())
            continue;
          int64_t step = 0;
          known = strideOf(it.getOperand(), step, exact);
          // An index narrower than an address is sign-extended.
          if (known && step != 0 && it.getOperand()->getType()->getScalarSizeInBits() < 64 &&
              !extendsExactly(it.getOperand(), true)) {
            exact = false;
            own.push_back({Guess::Extension, it.getOperand(), step, true,
                           llvm::Type::getInt64Ty(context_), 0, llvm::APInt(), Division::Unsigned});
          }
          result += step * scale * int64_t(it.getSequentialElementStride(layout_).getFixedValue());
        }
      }
      if (known) {
        strides_[&inst] = result;
        if (!exact)
          inexact_.insert(&inst);
        if (!own.empty())
          guesses_[&inst] = own;
        // `add nsw` of values whose sign extensions step exactly steps
        // exactly sign-extended too (the operation is the same on the
        // wider values), and so for the other operations and for `nuw`.
        if (auto *math = llvm::dyn_cast<llvm::OverflowingBinaryOperator>(&inst))
          for (bool isSigned : {true, false}) {
            bool flagged = isSigned ? math->hasNoSignedWrap() : math->hasNoUnsignedWrap();
            unsigned opcode = math->getOpcode();
            bool steps = flagged && extendsExactly(math->getOperand(0), isSigned);
            if (opcode == llvm::Instruction::Add || opcode == llvm::Instruction::Sub)
              steps = steps && extendsExactly(math->getOperand(1), isSigned);
            else if (opcode == llvm::Instruction::Mul || opcode == llvm::Instruction::Shl)
              steps = steps && llvm::isa<llvm::ConstantInt>(math->getOperand(1));
            else
              steps = false;
            if (steps)
              (isSigned ? signedSteps_ : unsignedSteps_).insert(&inst);
          }
        else if (auto *disjoint = llvm::dyn_cast<llvm::PossiblyDisjointInst>(&inst);
                 disjoint && disjoint->isDisjoint()) // an addition without carries
          for (bool isSigned : {true, false})
            if (extendsExactly(inst.getOperand(0), isSigned) &&
                extendsExactly(inst.getOperand(1), isSigned))
              (isSigned ? signedSteps_ : unsignedSteps_).insert(&inst);
      }
    }
}

/// The lanes of an access of an element of `type` at `ptr` lie this many
/// elements apart (2 to 8, the group's access within eight registers of 32
/// bytes), exactly; 0 where it is no candidate for an interleaved group.
unsigned Packetizer::interleaveFactor(llvm::Value *ptr, llvm::Type *type) const {
  constexpr unsigned kMaxFactor = 8, kMaxBytes = 256;
  if (!varying_.count(ptr) || inexact_.count(ptr) || type->isVectorTy() ||
      !(type->isIntegerTy() || type->isFloatingPointTy()) || bufferElement(type) != type)
    return 0;
  auto stride = strides_.find(ptr);
  int64_t size = int64_t(layout_.getTypeStoreSize(type));
  if (stride == strides_.end() || size != int64_t(layout_.getTypeAllocSize(type)) ||
      stride->second % size != 0 || stride->second / size < 2 ||
      stride->second / size > kMaxFactor || uint64_t(stride->second) * width_ > kMaxBytes)
    return 0;
  return unsigned(stride->second / size);
}

/// The lanes' bounds (noteBound) as address_difference.h takes them.
BoundFn Packetizer::laneBound() const {
  return [this](const llvm::Value *v) -> uint64_t {
    auto it = bounds_.find(v);
    return it == bounds_.end() ? 0 : it->second;
  };
}

/// Strided loads that together read a run of consecutive elements (one
/// wide load and shuffles, at the first of them), and stores that
/// together write one (`q[2 * lid] = re; q[2 * lid + 1] = im;`: their
/// values interleaved into one wide store, at the last of them).
void Packetizer::findInterleavedAccesses() {
  if (masked())
    return; // wide accesses of whole groups would touch the lanes off
  BoundFn bound = laneBound();
  for (llvm::BasicBlock *bb : order_) {
    std::vector<llvm::Instruction *> loads, stores;
    std::vector<unsigned> loadFactors, storeFactors;
    for (llvm::Instruction &inst : *bb) {
      auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
      auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst);
      if (!(load && load->isSimple()) && !(store && store->isSimple()))
        continue;
      if (unsigned factor = interleaveFactor(llvm::getLoadStorePointerOperand(&inst),
                                             llvm::getLoadStoreType(&inst))) {
        (load ? loads : stores).push_back(&inst);
        (load ? loadFactors : storeFactors).push_back(factor);
      }
    }
    if (loads.size() >= 2 && loads.size() <= 64)
      for (InterleavedGroup &group :
           findInterleavedGroups(InterleavedAccess::Loads, loads, loadFactors, layout_, bound)) {
        for (unsigned place = 0; place < group.factor; ++place)
          for (llvm::Instruction *load : group.members[place])
            interleavedPlace_[load] = {interleaved_.size(), place};
        interleaved_.push_back(group.factor);
      }
    if (stores.size() >= 2 && stores.size() <= 64)
      for (InterleavedGroup &group :
           findInterleavedGroups(InterleavedAccess::Stores, stores, storeFactors, layout_, bound)) {
        StoreGroup stored{group.factor, nullptr, std::vector<llvm::Value *>(group.factor)};
        for (unsigned place = 0; place < group.factor; ++place) {
          auto *store = llvm::cast<llvm::StoreInst>(group.members[place].front());
          storePlace_[store] = {storeGroups_.size(), place};
          if (!stored.last || stored.last->comesBefore(store))
            stored.last = store;
        }
        storeGroups_.push_back(std::move(stored));
      }
  }
}

/// A bound on the lanes' values from the local ids' (below the largest
/// work-group size): `2 * lid + 1`, CLBlast's index of a work-item's
/// second element, stays far below 2^31, so its extension steps exactly.
void Packetizer::noteBound(llvm::Instruction &inst) {
  auto *type = llvm::dyn_cast<llvm::IntegerType>(inst.getType());
  if (!type || type->getBitWidth() < 2)
    return;
  constexpr uint64_t kHuge = uint64_t(1) << 62;
  auto boundOf = [&](llvm::Value *v) -> uint64_t { // 0: none known
    if (auto *constant = llvm::dyn_cast<llvm::ConstantInt>(v))
      return constant->getValue().getActiveBits() < 62 ? constant->getZExtValue() + 1 : 0;
    auto it = bounds_.find(v);
    return it == bounds_.end() ? 0 : it->second;
  };
  auto constantOf = [&](unsigned i) -> uint64_t { // 0: not a small constant
    auto *constant = llvm::dyn_cast<llvm::ConstantInt>(inst.getOperand(i));
    return constant && constant->getValue().getActiveBits() < 31 ? constant->getZExtValue() : 0;
  };
  uint64_t x = inst.getNumOperands() > 0 ? boundOf(inst.getOperand(0)) : 0;
  uint64_t y = inst.getNumOperands() > 1 ? boundOf(inst.getOperand(1)) : 0;
  uint64_t bound = 0;
  switch (inst.getOpcode()) {
  case llvm::Instruction::Trunc:
  case llvm::Instruction::ZExt:
    bound = x;
    break;
  case llvm::Instruction::SExt: // a bound below the sign bit
    if (x && x <= (uint64_t(1) << (inst.getOperand(0)->getType()->getScalarSizeInBits() - 1)))
      bound = x;
    break;
  case llvm::Instruction::Add:
    if (x && y)
      bound = x + y - 1;
    break;
  case llvm::Instruction::Or:
    if (x && y && llvm::cast<llvm::PossiblyDisjointInst>(inst).isDisjoint())
      bound = x + y - 1;
    break;
  case llvm::Instruction::Mul:
    if (x && constantOf(1) && x < kHuge / constantOf(1))
      bound = (x - 1) * constantOf(1) + 1;
    break;
  case llvm::Instruction::Shl:
    if (x && constantOf(1) && constantOf(1) < 31 && x < (kHuge >> constantOf(1)))
      bound = ((x - 1) << constantOf(1)) + 1;
    break;
  case llvm::Instruction::And:
    bound = x && y ? std::min(x, y) : std::max(x, y);
    break;
  case llvm::Instruction::UDiv:
    if (x && constantOf(1))
      bound = (x - 1) / constantOf(1) + 1;
    break;
  case llvm::Instruction::URem:
    if (constantOf(1))
      bound = x ? std::min(x, constantOf(1)) : constantOf(1);
    break;
  case llvm::Instruction::LShr:
    if (x && constantOf(1) && constantOf(1) < 64)
      bound = ((x - 1) >> constantOf(1)) + 1;
    break;
  default:
    break;
  }
  if (!bound || bound >= kHuge ||
      (type->getBitWidth() < 63 && bound > (uint64_t(1) << type->getBitWidth())))
    return;
  bounds_[&inst] = bound;
  if (type->getBitWidth() >= 32 && bound <= (uint64_t(1) << 31))
    small_.insert(&inst);
}

llvm::BasicBlock *Packetizer::newBlock(const llvm::Twine &name) {
  auto *bb = llvm::BasicBlock::Create(context_, name, packet_);
  return bb;
}

llvm::Value *Packetizer::scalar(llvm::Value *value) {
  if (auto *arg = llvm::dyn_cast<llvm::Argument>(value))
    return packet_->getArg(arg->getArgNo());
  if (llvm::isa<llvm::Instruction>(value)) {
    auto it = scalars_.find(value);
    if (it == scalars_.end())
      throw Unsupported{"internal: no scalar form of a value"};
    return it->second;
  }
  return value;
}

llvm::Value *Packetizer::splat(llvm::Value *uniform) {
  unsigned n = elementsPerLane(uniform->getType());
  if (!uniform->getType()->isVectorTy())
    return b_.CreateVectorSplat(width_, uniform);
  std::vector<int> mask;
  for (unsigned i = 0; i < width_ * n; ++i)
    mask.push_back(int(i % n));
  return b_.CreateShuffleVector(uniform, mask);
}

llvm::Value *Packetizer::vector(llvm::Value *value) {
  if (varying_.count(value)) {
    auto it = vectors_.find(value);
    if (it == vectors_.end())
      throw Unsupported{"internal: no vector form of a value"};
    return it->second;
  }
  llvm::Type *wide = widenType(value->getType(), width_);
  if (!wide || wide->isStructTy())
    throw Unsupported{"a uniform value of a type that cannot be widened"};
  if (llvm::isa<llvm::PoisonValue>(value))
    return llvm::PoisonValue::get(wide);
  if (llvm::isa<llvm::UndefValue>(value))
    return llvm::UndefValue::get(wide);
  return splat(scalar(value));
}

llvm::Value *Packetizer::laneOf(llvm::Value *wide, llvm::Type *type, unsigned lane) {
  if (auto *structure = llvm::dyn_cast<llvm::StructType>(type)) {
    llvm::Value *result = llvm::PoisonValue::get(type);
    for (unsigned i = 0; i < structure->getNumElements(); ++i)
      result = b_.CreateInsertValue(
          result, laneOf(b_.CreateExtractValue(wide, i), structure->getElementType(i), lane), i);
    return result;
  }
  unsigned n = elementsPerLane(type);
  if (!type->isVectorTy())
    return b_.CreateExtractElement(wide, uint64_t(lane));
  std::vector<int> mask;
  for (unsigned i = 0; i < n; ++i)
    mask.push_back(int(lane * n + i));
  return b_.CreateShuffleVector(wide, mask);
}

llvm::Value *Packetizer::combineLanes(llvm::Type *type, llvm::ArrayRef<llvm::Value *> lanes) {
  llvm::Type *wide = widenType(type, width_);
  if (!wide)
    throw Unsupported{"a varying value of a type that cannot be widened"};
  if (auto *structure = llvm::dyn_cast<llvm::StructType>(type)) {
    llvm::Value *result = llvm::PoisonValue::get(wide);
    for (unsigned i = 0; i < structure->getNumElements(); ++i) {
      std::vector<llvm::Value *> fields;
      for (llvm::Value *lane : lanes)
        fields.push_back(b_.CreateExtractValue(lane, i));
      result = b_.CreateInsertValue(result, combineLanes(structure->getElementType(i), fields), i);
    }
    return result;
  }
  unsigned n = elementsPerLane(type);
  llvm::Value *result = llvm::PoisonValue::get(wide);
  for (unsigned lane = 0; lane < lanes.size(); ++lane) {
    if (!type->isVectorTy()) {
      result = b_.CreateInsertElement(result, lanes[lane], uint64_t(lane));
      continue;
    }
    for (unsigned i = 0; i < n; ++i)
      result = b_.CreateInsertElement(result, b_.CreateExtractElement(lanes[lane], uint64_t(i)),
                                      uint64_t(lane * n + i));
  }
  return result;
}

void Packetizer::setVector(llvm::Instruction &inst, llvm::Value *value) {
  // A region's live-out needs an instruction of its own as one of the
  // definitions SSA repair merges: the builder may have folded the value
  // into a constant or an existing value, whose other uses must stay.
  // An instruction forced to vary (a region's live-out) whose operands
  // are all uniform comes out scalar (a GEP keeps uniform operands so).
  if (value->getType() == inst.getType() && !inst.getType()->isStructTy())
    value = splat(value);
  if (!llvm::isa<llvm::Instruction>(value) || liveOuts_.count(&inst))
    value = b_.CreateFreeze(value);
  value->setName(inst.getName());
  vectors_[&inst] = value;
}

void Packetizer::emitLaneZero(llvm::Instruction &inst) {
  // A divergent region's live-out has its vector merged from the lanes'
  // definitions afterwards (repairLiveOuts); a scalar copy would not be.
  if (!strides_.count(&inst) || liveOuts_.count(&inst) || llvm::isa<llvm::PHINode>(inst) ||
      !(llvm::isa<llvm::BinaryOperator>(inst) || llvm::isa<llvm::CastInst>(inst) ||
        llvm::isa<llvm::GetElementPtrInst>(inst)))
    return;
  auto laneZeroOf = [&](llvm::Value *op) -> llvm::Value * {
    if (!varying_.count(op))
      return scalar(op);
    auto it = laneZero_.find(op);
    return it != laneZero_.end() ? it->second : nullptr;
  };
  if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst);
      gep && interleavedObjects_.count(gep)) {
    if (!llvm::all_of(gep->operands(), laneZeroOf))
      return;
    laneZero_[&inst] = interleavedGep(b_, *gep, laneZeroOf(gep->getPointerOperand()),
                                      [&](unsigned i) { return laneZeroOf(gep->getOperand(i)); });
    return;
  }
  llvm::Instruction *copy = inst.clone();
  for (unsigned i = 0; i < copy->getNumOperands(); ++i) {
    llvm::Value *lane = laneZeroOf(inst.getOperand(i));
    if (!lane) {
      copy->deleteValue();
      return;
    }
    copy->setOperand(i, lane);
  }
  b_.Insert(copy, inst.getName() + ".lane0");
  laneZero_[&inst] = copy;
}

void Packetizer::emitStrideGuesses(llvm::Instruction &inst) {
  if (!inexact_.count(&inst))
    return;
  llvm::Value *hold = nullptr;
  auto also = [&](llvm::Value *test) { hold = hold ? b_.CreateAnd(hold, test) : test; };
  for (llvm::Value *operand : inst.operands())
    if (inexact_.count(operand)) {
      auto it = guessesHold_.find(operand);
      if (it == guessesHold_.end())
        return;
      also(it->second);
    }
  for (const Guess &guess : guesses_[&inst]) {
    llvm::Value *lane0 = nullptr;
    if (!varying_.count(guess.operand))
      lane0 = scalar(guess.operand);
    else if (auto it = laneZero_.find(guess.operand); it != laneZero_.end())
      lane0 = it->second;
    if (!lane0)
      return;
    llvm::Value *test = nullptr;
    switch (guess.kind) {
    case Guess::Extension:
      test = extensionHolds(b_, lane0, guess.stride, width_, guess.isSigned, guess.wide);
      break;
    case Guess::ShiftPair:
      test = shiftPairHolds(b_, lane0, guess.stride, width_, guess.shift, guess.isSigned);
      break;
    case Guess::Split:
      test = splitHolds(b_, lane0, guess.stride, width_, guess.divisor, guess.division);
      break;
    }
    if (!test)
      return;
    also(test);
  }
  if (hold)
    guessesHold_[&inst] = hold;
}

void Packetizer::emit(llvm::Instruction &inst) {
  if (isDropped(inst))
    return;
  if (varying_.count(&inst)) {
    emitVarying(inst);
    emitLaneZero(inst);
    return emitStrideGuesses(inst);
  }
  if (auto it = known_.find(&inst); it != known_.end()) {
    scalars_[&inst] = it->second;
    return;
  }
  if (isSubGroupRead(inst))
    return emitSubGroupRead(inst);
  if (auto *phi = llvm::dyn_cast<llvm::PHINode>(&inst)) {
    llvm::PHINode *copy = b_.CreatePHI(phi->getType(), phi->getNumIncomingValues(), phi->getName());
    scalars_[phi] = copy;
    phis_.emplace_back(phi, copy);
    return;
  }
  llvm::Instruction *copy = inst.clone();
  for (unsigned i = 0; i < copy->getNumOperands(); ++i)
    copy->setOperand(i, scalar(inst.getOperand(i)));
  b_.Insert(copy, inst.getName());
  scalars_[&inst] = copy;
}

void Packetizer::noteScattered(llvm::Instruction &inst) {
  ++report_.scattered;
  if (loopInfo().getLoopFor(inst.getParent()) && widensInWorkItem(inst))
    report_.hottestScattered += timesRun(*inst.getParent()) == report_.hottestRuns;
}

/// Whether the loop vectoriser could do better with `inst`, an access in a
/// loop, than a packet's gather or scatter, by widening the loop within
/// each work-item: its address steps one element per iteration of its
/// loop (a work-item walking a row of its own), or it is a private array
/// (indexed by data: kept in a work-item's registers or stack, where a
/// packet gathers from one copy per lane). An address that moves by more
/// per iteration (CLBlast's and the bench convolution's tile copies,
/// `i += T * T` in a loop whose trip count differs between work-items)
/// is not widened within a work-item either: the packet keeps it.
bool Packetizer::widensInWorkItem(llvm::Instruction &inst) {
  llvm::Value *ptr = llvm::getLoadStorePointerOperand(&inst);
  if (!ptr || llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(ptr)))
    return true;
  llvm::Loop *loop = loopInfo().getLoopFor(inst.getParent());
  if (!evolution_)
    evolution_ = std::make_unique<Evolution>(f_, dt_, loopInfo());
  llvm::ScalarEvolution &se = evolution_->se;
  auto *walk = llvm::dyn_cast<llvm::SCEVAddRecExpr>(se.getSCEV(ptr));
  if (!walk || walk->getLoop() != loop)
    return false;
  auto *step = llvm::dyn_cast<llvm::SCEVConstant>(walk->getStepRecurrence(se));
  int64_t size =
      int64_t(f_.getParent()->getDataLayout().getTypeStoreSize(llvm::getLoadStoreType(&inst)));
  return step &&
         (step->getAPInt().getSExtValue() == size || step->getAPInt().getSExtValue() == -size);
}

/// How many loops multiply the runs of `bb` (kTimesRun).
unsigned Packetizer::timesRun(const llvm::BasicBlock &bb) {
  if (const llvm::Instruction *end = bb.getTerminator())
    if (const llvm::MDNode *runs = end->getMetadata(kTimesRun))
      if (auto *count = llvm::mdconst::dyn_extract<llvm::ConstantInt>(runs->getOperand(0)))
        return unsigned(count->getZExtValue());
  return loopInfo().getLoopDepth(&bb);
}

/// Whether `cond` holds in every lane that is on (every lane but in a
/// packet with lanes off).
llvm::Value *Packetizer::allActive(llvm::Value *cond) {
  if (!masked())
    return b_.CreateAndReduce(cond);
  return b_.CreateAndReduce(b_.CreateOr(cond, b_.CreateNot(active_)));
}

llvm::Value *Packetizer::anyActive(llvm::Value *cond) {
  if (!masked())
    return b_.CreateOrReduce(cond);
  return b_.CreateOrReduce(b_.CreateAnd(cond, active_));
}

/// The lanes on, one bit per element of a varying value of `type`.
llvm::Value *Packetizer::activeFor(llvm::Type *type) {
  unsigned n = elementsPerLane(type);
  if (n == 1)
    return active_;
  std::vector<int> spread;
  for (unsigned i = 0; i < width_ * n; ++i)
    spread.push_back(int(i / n));
  return b_.CreateShuffleVector(active_, spread);
}

void Packetizer::emitLaneByLane(llvm::Instruction &inst) {
  std::vector<llvm::Value *> results;
  // In a packet with lanes off, what touches memory runs for the lanes on.
  bool guarded = masked() && inst.mayReadOrWriteMemory();
  for (unsigned lane = 0; lane < width_; ++lane) {
    llvm::Instruction *copy = inst.clone();
    for (unsigned i = 0; i < copy->getNumOperands(); ++i) {
      llvm::Value *op = inst.getOperand(i);
      copy->setOperand(i,
                       varying_.count(op) ? laneOf(vector(op), op->getType(), lane) : scalar(op));
    }
    lowerLaneAlignment(inst, *copy);
    if (!guarded || lane == 0) { // lane 0 is always on
      b_.Insert(copy);
      results.push_back(copy);
      continue;
    }
    llvm::BasicBlock *from = b_.GetInsertBlock();
    llvm::BasicBlock *on = newBlock("lane.on"), *after = newBlock("lane.after");
    b_.CreateCondBr(b_.CreateExtractElement(active_, uint64_t(lane)), on, after);
    b_.SetInsertPoint(on);
    b_.Insert(copy);
    b_.CreateBr(after);
    b_.SetInsertPoint(after);
    if (inst.getType()->isVoidTy()) {
      results.push_back(copy);
      continue;
    }
    llvm::PHINode *phi = b_.CreatePHI(inst.getType(), 2);
    phi->addIncoming(copy, on);
    phi->addIncoming(llvm::PoisonValue::get(inst.getType()), from);
    results.push_back(phi);
  }
  if (!inst.getType()->isVoidTy())
    setVector(inst, combineLanes(inst.getType(), results));
}

/// `x` in lane `lane` (sub_group_lanes.h): lane index modulo the width;
/// a uniform lane is one extract, a varying one an extract per lane. Where
/// each lane is a sub-group of its own, the value itself.
void Packetizer::emitSubGroupRead(llvm::Instruction &inst) {
  llvm::Value *x = inst.getOperand(0), *lane = inst.getOperand(1);
  if (lanes_ != Lanes::OneSubGroup) {
    if (varying_.count(&inst))
      return setVector(inst, vector(x));
    scalars_[&inst] = scalar(x);
    return;
  }
  auto wrap = [&](llvm::Value *index) {
    return llvm::isPowerOf2_32(width_)
               ? b_.CreateAnd(index, llvm::ConstantInt::get(index->getType(), width_ - 1))
               : b_.CreateURem(index, llvm::ConstantInt::get(index->getType(), width_));
  };
  if (!varying_.count(x)) {
    // Every lane holds the same value.
    if (varying_.count(&inst))
      setVector(inst, vector(x));
    else
      scalars_[&inst] = scalar(x);
    return;
  }
  llvm::Value *lanes = vector(x);
  if (!varying_.count(lane)) {
    scalars_[&inst] = b_.CreateExtractElement(lanes, wrap(scalar(lane)), inst.getName());
    return;
  }
  llvm::Value *indices = wrap(vector(lane));
  std::vector<llvm::Value *> values;
  for (unsigned l = 0; l < width_; ++l)
    values.push_back(b_.CreateExtractElement(lanes, b_.CreateExtractElement(indices, uint64_t(l))));
  setVector(inst, combineLanes(inst.getType(), values));
}

/// Loads and stores with a varying address.
void Packetizer::emitAccess(llvm::Instruction &inst) {
  auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
  auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst);
  llvm::Value *ptr = load ? load->getPointerOperand() : store->getPointerOperand();
  llvm::Type *type = load ? load->getType() : store->getValueOperand()->getType();
  llvm::Align align = load ? load->getAlign() : store->getAlign();
  bool simple = load ? load->isSimple() : store->isSimple();
  if (!simple || !varying_.count(ptr) || !widenType(type, width_) || type->isStructTy()) {
    if (varying_.count(ptr))
      noteScattered(inst);
    return emitLaneByLane(inst);
  }
  llvm::Type *wide = widenType(type, width_);
  llvm::Type *element = type->getScalarType();
  uint64_t size = layout_.getTypeStoreSize(type);
  // Lanes side by side in memory as in the vector (not so for an integer
  // narrower than a byte or of an odd width, bit-packed in a vector).
  bool packed = bufferElement(element) == element && size == layout_.getTypeAllocSize(type) &&
                size == layout_.getTypeStoreSize(element) * elementsPerLane(type);
  auto stride = strides_.find(ptr);
  if (auto place = store ? storePlace_.find(store) : storePlace_.end();
      place != storePlace_.end()) {
    auto [index, at] = place->second;
    StoreGroup &group = storeGroups_[index];
    group.values[at] = vector(store->getValueOperand());
    ++NumInterleavedStores;
    if (store != group.last)
      return;
    auto lane = laneZero_.find(ptr);
    llvm::Value *base =
        lane != laneZero_.end() ? lane->second : b_.CreateExtractElement(vector(ptr), uint64_t(0));
    llvm::Value *start = b_.CreateConstGEP1_64(b_.getInt8Ty(), base, -int64_t(at * size));
    llvm::Value *all = llvm::concatenateVectors(b_, group.values);
    b_.CreateAlignedStore(b_.CreateShuffleVector(
                              all, llvm::createInterleaveMask(width_, group.factor), "interleaved"),
                          start, llvm::commonAlignment(align, at * size));
    return;
  }
  if (auto place = load ? interleavedPlace_.find(load) : interleavedPlace_.end();
      place != interleavedPlace_.end()) {
    // The group's first load reads every lane's stretch at once and
    // takes each place's elements out for the others.
    auto [group, at] = place->second;
    std::vector<llvm::Value *> &vectors = interleavedVectors_[group];
    unsigned factor = interleaved_[group];
    if (vectors.empty()) {
      auto lane = laneZero_.find(ptr);
      llvm::Value *base = lane != laneZero_.end()
                              ? lane->second
                              : b_.CreateExtractElement(vector(ptr), uint64_t(0));
      llvm::Value *start = b_.CreateConstGEP1_64(b_.getInt8Ty(), base, -int64_t(at * size));
      llvm::Value *all =
          b_.CreateAlignedLoad(llvm::FixedVectorType::get(type, factor * width_), start,
                               llvm::commonAlignment(align, at * size), "interleaved");
      for (unsigned p = 0; p < factor; ++p) {
        std::vector<int> mask;
        for (unsigned l = 0; l < width_; ++l)
          mask.push_back(int(p + l * factor));
        vectors.push_back(b_.CreateShuffleVector(all, mask));
      }
    }
    ++NumInterleavedLoads;
    return setVector(inst, vectors[at]);
  }
  llvm::Value *ptrs = vector(ptr);
  auto wideAccess = [&]() -> llvm::Value * {
    ++NumWideAccesses;
    auto lane = laneZero_.find(ptr);
    llvm::Value *base =
        lane != laneZero_.end() ? lane->second : b_.CreateExtractElement(ptrs, uint64_t(0));
    if (masked()) {
      if (load)
        return b_.CreateMaskedLoad(wide, base, align, activeFor(type), nullptr, inst.getName());
      b_.CreateMaskedStore(vector(store->getValueOperand()), base, align, activeFor(type));
      return nullptr;
    }
    if (load)
      return b_.CreateAlignedLoad(wide, base, align, inst.getName());
    b_.CreateAlignedStore(vector(store->getValueOperand()), base, align);
    return nullptr;
  };
  auto scatteredAccess = [&]() -> llvm::Value * {
    // Each lane's address: into an interleaved object, a unit's alignment.
    llvm::Align laneAligned = laneAlign(ptr, align);
    if (type->isVectorTy() && masked()) {
      emitLaneByLane(inst); // each lane on, its vector whole
      return load ? vector(load) : nullptr;
    }
    if (type->isVectorTy()) {
      // Lane by lane, each lane's vector whole.
      std::vector<llvm::Value *> results;
      for (unsigned lane = 0; lane < width_; ++lane) {
        llvm::Value *address = b_.CreateExtractElement(ptrs, uint64_t(lane));
        if (load)
          results.push_back(b_.CreateAlignedLoad(type, address, laneAligned));
        else
          b_.CreateAlignedStore(laneOf(vector(store->getValueOperand()), type, lane), address,
                                laneAligned);
      }
      return load ? combineLanes(type, results) : nullptr;
    }
    ++NumGathers;
    if (load)
      return b_.CreateMaskedGather(wide, ptrs, laneAligned, active_);
    // Lanes writing one address: the highest lane's value stays, as if
    // the work-items had run one after the other.
    b_.CreateMaskedScatter(vector(store->getValueOperand()), ptrs, laneAligned, active_);
    return nullptr;
  };
  llvm::Value *result = nullptr;
  if (packed && stride != strides_.end() && uint64_t(stride->second) == size &&
      !inexact_.count(ptr)) {
    result = wideAccess();
  } else if (packed && stride != strides_.end() && uint64_t(stride->second) == size) {
    // The address rests on guesses (an extension that may wrap between
    // lanes, a split id): one vector access where this packet's lanes bear
    // them out, or, where that cannot be told from lane 0, where the
    // lanes' addresses are consecutive after all.
    llvm::Value *consecutive = nullptr;
    if (auto hold = guessesHold_.find(ptr); hold != guessesHold_.end()) {
      consecutive = hold->second;
    } else {
      llvm::Type *intPtr = layout_.getIntPtrType(ptrs->getType());
      llvm::Value *asInt = b_.CreatePtrToInt(ptrs, intPtr);
      std::vector<llvm::Constant *> offsets;
      for (unsigned lane = 0; lane < width_; ++lane)
        offsets.push_back(llvm::ConstantInt::get(intPtr->getScalarType(), lane * size));
      llvm::Value *expected =
          b_.CreateAdd(b_.CreateVectorSplat(width_, b_.CreateExtractElement(asInt, uint64_t(0))),
                       llvm::ConstantVector::get(offsets));
      consecutive = b_.CreateAndReduce(b_.CreateICmpEQ(asInt, expected));
    }
    llvm::BasicBlock *fast = newBlock("consecutive"), *slow = newBlock("scattered"),
                     *join = newBlock("access.done");
    b_.CreateCondBr(consecutive, fast, slow);
    b_.SetInsertPoint(fast);
    llvm::Value *fastResult = wideAccess();
    b_.CreateBr(join);
    b_.SetInsertPoint(slow);
    llvm::Value *slowResult = scatteredAccess();
    llvm::BasicBlock *slowEnd = b_.GetInsertBlock();
    b_.CreateBr(join);
    b_.SetInsertPoint(join);
    if (load) {
      llvm::PHINode *phi = b_.CreatePHI(wide, 2);
      phi->addIncoming(fastResult, fast);
      phi->addIncoming(slowResult, slowEnd);
      result = phi;
    }
  } else {
    noteScattered(inst);
    result = scatteredAccess();
  }
  if (load)
    setVector(inst, result);
}

void Packetizer::emitVarying(llvm::Instruction &inst) {
  llvm::Type *type = inst.getType();
  llvm::Type *wide = type->isVoidTy() ? type : widenType(type, width_);
  if (!wide)
    throw Unsupported{"a varying value of a type that cannot be widened"};
  if (auto *phi = llvm::dyn_cast<llvm::PHINode>(&inst)) {
    if (wide->isStructTy())
      throw Unsupported{"a varying aggregate phi"};
    llvm::PHINode *copy = b_.CreatePHI(wide, phi->getNumIncomingValues(), phi->getName());
    vectors_[phi] = copy;
    phis_.emplace_back(phi, copy);
    return;
  }
  if (auto *binary = llvm::dyn_cast<llvm::BinaryOperator>(&inst)) {
    llvm::Value *result = b_.CreateBinOp(binary->getOpcode(), vector(binary->getOperand(0)),
                                         vector(binary->getOperand(1)));
    if (auto *made = llvm::dyn_cast<llvm::Instruction>(result))
      made->copyIRFlags(binary);
    return setVector(inst, result);
  }
  if (auto *unary = llvm::dyn_cast<llvm::UnaryOperator>(&inst)) {
    llvm::Value *result = b_.CreateUnOp(unary->getOpcode(), vector(unary->getOperand(0)));
    if (auto *made = llvm::dyn_cast<llvm::Instruction>(result))
      made->copyIRFlags(unary);
    return setVector(inst, result);
  }
  if (auto *cmp = llvm::dyn_cast<llvm::CmpInst>(&inst)) {
    llvm::Value *result =
        b_.CreateCmp(cmp->getPredicate(), vector(cmp->getOperand(0)), vector(cmp->getOperand(1)));
    if (auto *made = llvm::dyn_cast<llvm::Instruction>(result))
      made->copyIRFlags(cmp);
    return setVector(inst, result);
  }
  if (auto *cast = llvm::dyn_cast<llvm::CastInst>(&inst))
    return setVector(inst, b_.CreateCast(cast->getOpcode(), vector(cast->getOperand(0)), wide));
  if (auto *freeze = llvm::dyn_cast<llvm::FreezeInst>(&inst))
    return setVector(inst, b_.CreateFreeze(vector(freeze->getOperand(0))));
  if (auto *select = llvm::dyn_cast<llvm::SelectInst>(&inst)) {
    llvm::Value *cond = select->getCondition();
    unsigned n = elementsPerLane(type);
    llvm::Value *wideCond = nullptr;
    if (!varying_.count(cond) && !cond->getType()->isVectorTy())
      wideCond = scalar(cond);
    else if (cond->getType()->isVectorTy() || n == 1)
      wideCond = vector(cond);
    else {
      std::vector<int> mask;
      for (unsigned i = 0; i < width_ * n; ++i)
        mask.push_back(int(i / n));
      wideCond = b_.CreateShuffleVector(vector(cond), mask);
    }
    llvm::Value *result =
        b_.CreateSelect(wideCond, vector(select->getTrueValue()), vector(select->getFalseValue()));
    if (auto *made = llvm::dyn_cast<llvm::Instruction>(result))
      if (llvm::isa<llvm::FPMathOperator>(made))
        made->copyFastMathFlags(select);
    return setVector(inst, result);
  }
  if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst)) {
    if (type->isVectorTy())
      throw Unsupported{"a vector of pointers per work-item"};
    llvm::Value *base = gep->getPointerOperand();
    base = varying_.count(base) ? vector(base) : scalar(base);
    if (interleavedObjects_.count(gep))
      return setVector(inst, interleavedGep(b_, *gep, base, [&](unsigned i) {
                         llvm::Value *index = gep->getOperand(i);
                         return varying_.count(index) ? vector(index) : scalar(index);
                       }));
    std::vector<llvm::Value *> indices;
    for (llvm::Value *index : gep->indices())
      indices.push_back(varying_.count(index) ? vector(index) : scalar(index));
    return setVector(
        inst, b_.CreateGEP(gep->getSourceElementType(), base, indices, "", gep->isInBounds()));
  }
  if (auto *extract = llvm::dyn_cast<llvm::ExtractElementInst>(&inst)) {
    auto *index = llvm::dyn_cast<llvm::ConstantInt>(extract->getIndexOperand());
    unsigned n = elementsPerLane(extract->getVectorOperandType());
    if (!index || index->getZExtValue() >= n)
      return emitLaneByLane(inst);
    std::vector<int> mask;
    for (unsigned lane = 0; lane < width_; ++lane)
      mask.push_back(int(lane * n + index->getZExtValue()));
    return setVector(inst, b_.CreateShuffleVector(vector(extract->getVectorOperand()), mask));
  }
  if (auto *insert = llvm::dyn_cast<llvm::InsertElementInst>(&inst)) {
    auto *index = llvm::dyn_cast<llvm::ConstantInt>(insert->getOperand(2));
    unsigned n = elementsPerLane(type);
    if (!index || index->getZExtValue() >= n)
      return emitLaneByLane(inst);
    // The new element of each lane, spread to the vector's length, then
    // blended in at its position.
    std::vector<int> spread(width_ * n, -1);
    for (unsigned lane = 0; lane < width_; ++lane)
      spread[lane * n + index->getZExtValue()] = int(lane);
    llvm::Value *elements = b_.CreateShuffleVector(vector(insert->getOperand(1)), spread);
    std::vector<int> blend;
    for (unsigned i = 0; i < width_ * n; ++i)
      blend.push_back(i % n == index->getZExtValue() ? int(width_ * n + i) : int(i));
    return setVector(inst, b_.CreateShuffleVector(vector(insert->getOperand(0)), elements, blend));
  }
  if (auto *shuffle = llvm::dyn_cast<llvm::ShuffleVectorInst>(&inst)) {
    unsigned in = elementsPerLane(shuffle->getOperand(0)->getType());
    unsigned out = elementsPerLane(type);
    std::vector<int> mask;
    for (unsigned lane = 0; lane < width_; ++lane)
      for (unsigned j = 0; j < out; ++j) {
        int m = shuffle->getMaskValue(j);
        if (m < 0)
          mask.push_back(-1);
        else if (unsigned(m) < in)
          mask.push_back(int(lane * in + unsigned(m)));
        else
          mask.push_back(int(width_ * in + lane * in + (unsigned(m) - in)));
      }
    return setVector(inst, b_.CreateShuffleVector(vector(shuffle->getOperand(0)),
                                                  vector(shuffle->getOperand(1)), mask));
  }
  if (auto *extract = llvm::dyn_cast<llvm::ExtractValueInst>(&inst)) {
    if (extract->getNumIndices() != 1)
      throw Unsupported{"a nested aggregate"};
    return setVector(
        inst, b_.CreateExtractValue(vector(extract->getAggregateOperand()), extract->getIndices()));
  }
  if (auto *insert = llvm::dyn_cast<llvm::InsertValueInst>(&inst)) {
    if (insert->getNumIndices() != 1)
      throw Unsupported{"a nested aggregate"};
    return setVector(inst, b_.CreateInsertValue(vector(insert->getAggregateOperand()),
                                                vector(insert->getInsertedValueOperand()),
                                                insert->getIndices()));
  }
  if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst)) {
    // Each lane's copy side by side, each as aligned as the original.
    uint64_t stride = laneObjectStride(*alloca);
    llvm::IRBuilder<> entry(entry_, entry_->begin());
    llvm::AllocaInst *copies =
        entry.CreateAlloca(llvm::ArrayType::get(entry.getInt8Ty(), stride * width_),
                           alloca->getAddressSpace(), nullptr, alloca->getName());
    copies->setAlignment(alloca->getAlign());
    // Interleaved, lane l's first unit is the l-th, and a packet's access
    // of a unit in every lane starts a multiple of W units in: aligned to
    // that (up to a cache line), no such access straddles two lines.
    if (auto unit = interleavedObjects_.find(alloca); unit != interleavedObjects_.end()) {
      stride = unit->second;
      laneZero_[alloca] = copies;
      uint64_t row = std::min<uint64_t>(llvm::bit_floor(stride * width_), 64);
      copies->setAlignment(std::max(copies->getAlign(), llvm::Align(row)));
    }
    std::vector<llvm::Constant *> lanes;
    for (unsigned lane = 0; lane < width_; ++lane)
      lanes.push_back(entry.getInt64(lane * stride));
    return setVector(inst,
                     b_.CreateGEP(entry.getInt8Ty(), copies, llvm::ConstantVector::get(lanes)));
  }
  if (llvm::isa<llvm::LoadInst>(inst) || llvm::isa<llvm::StoreInst>(inst))
    return emitAccess(inst);
  if (isSubGroupRead(inst))
    return emitSubGroupRead(inst);
  if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&inst)) {
    llvm::Intrinsic::ID id = intrinsic->getIntrinsicID();
    bool vectorisable = llvm::isTriviallyVectorizable(id) && !wide->isStructTy();
    for (unsigned i = 0; vectorisable && i < intrinsic->arg_size(); ++i)
      if (llvm::isVectorIntrinsicWithScalarOpAtArg(id, i) &&
          varying_.count(intrinsic->getArgOperand(i)))
        vectorisable = false;
    if (vectorisable) {
      std::vector<llvm::Value *> args;
      std::vector<llvm::Type *> overloads;
      if (llvm::isVectorIntrinsicWithOverloadTypeAtArg(id, -1))
        overloads.push_back(wide);
      for (unsigned i = 0; i < intrinsic->arg_size(); ++i) {
        llvm::Value *arg = intrinsic->getArgOperand(i);
        args.push_back(llvm::isVectorIntrinsicWithScalarOpAtArg(id, i) ? scalar(arg) : vector(arg));
        if (llvm::isVectorIntrinsicWithOverloadTypeAtArg(id, int(i)))
          overloads.push_back(args.back()->getType());
      }
      llvm::Function *declaration = llvm::Intrinsic::getDeclaration(&module_, id, overloads);
      llvm::CallInst *call = b_.CreateCall(declaration, args);
      if (llvm::isa<llvm::FPMathOperator>(call))
        call->copyFastMathFlags(intrinsic);
      return setVector(inst, call);
    }
  }
  if (llvm::isa<llvm::CallBase>(inst) || llvm::isa<llvm::AtomicRMWInst>(inst) ||
      llvm::isa<llvm::AtomicCmpXchgInst>(inst))
    return emitLaneByLane(inst);
  throw Unsupported{std::string("a varying ") + inst.getOpcodeName() + " instruction"};
}

void Packetizer::emitTerminator(llvm::BasicBlock &bb) {
  llvm::Instruction *term = bb.getTerminator();
  llvm::BasicBlock *tail = b_.GetInsertBlock();
  if (auto *ret = llvm::dyn_cast<llvm::ReturnInst>(term)) {
    llvm::Value *value = ret->getReturnValue();
    if (value && varying_.count(value))
      throw Unsupported{"a result that differs between work-items"};
    if (value)
      b_.CreateRet(scalar(value));
    else
      b_.CreateRetVoid();
    return;
  }
  if (llvm::isa<llvm::UnreachableInst>(term)) {
    b_.CreateUnreachable();
    return;
  }
  if (auto *sw = llvm::dyn_cast<llvm::SwitchInst>(term)) {
    llvm::Value *cond = nullptr;
    if (divergences_.count(&bb)) {
      // Every lane with the first lane's value, or the lanes one by one.
      llvm::Value *lanes = vector(sw->getCondition());
      cond = b_.CreateExtractElement(lanes, uint64_t(0));
      llvm::Value *same = allActive(b_.CreateICmpEQ(lanes, splat(cond)));
      llvm::BasicBlock *uniform = newBlock(bb.getName() + ".same");
      llvm::BasicBlock *apart = newBlock(bb.getName() + ".lanes");
      b_.CreateCondBr(same, uniform, apart, lanesApartWeights(context_));
      b_.SetInsertPoint(uniform);
      tail = uniform;
      divergences_.find(&bb)->second.lanes = apart;
    } else {
      cond = scalar(sw->getCondition());
    }
    llvm::SwitchInst *copy =
        b_.CreateSwitch(cond, head_.at(sw->getDefaultDest()), sw->getNumCases());
    for (auto &c : sw->cases())
      copy->addCase(c.getCaseValue(), head_.at(c.getCaseSuccessor()));
    for (llvm::BasicBlock *succ : llvm::successors(&bb))
      edgeFrom_[{&bb, succ}] = tail;
    return;
  }
  auto *br = llvm::dyn_cast<llvm::BranchInst>(term);
  if (!br)
    throw Unsupported{std::string("terminator ") + term->getOpcodeName()};
  if (!br->isConditional() || br->getSuccessor(0) == br->getSuccessor(1)) {
    if (br->isConditional())
      b_.CreateCondBr(scalar(br->getCondition()), head_.at(br->getSuccessor(0)),
                      head_.at(br->getSuccessor(1)));
    else
      b_.CreateBr(head_.at(br->getSuccessor(0)));
    edgeFrom_[{&bb, br->getSuccessor(0)}] = tail;
    return;
  }
  llvm::BasicBlock *onTrue = br->getSuccessor(0), *onFalse = br->getSuccessor(1);
  if (!varying_.count(br->getCondition())) {
    b_.CreateCondBr(scalar(br->getCondition()), head_.at(onTrue), head_.at(onFalse));
    edgeFrom_[{&bb, onTrue}] = tail;
    edgeFrom_[{&bb, onFalse}] = tail;
    return;
  }
  // Every lane true, every lane false, or the lanes one by one.
  llvm::Value *cond = vector(br->getCondition());
  llvm::BasicBlock *check = newBlock(bb.getName() + ".some");
  llvm::BasicBlock *lanes = newBlock(bb.getName() + ".lanes");
  b_.CreateCondBr(allActive(cond), head_.at(onTrue), check);
  b_.SetInsertPoint(check);
  b_.CreateCondBr(anyActive(cond), lanes, head_.at(onFalse),
                  lanesApartWeights(context_, /*apartFirst=*/true));
  edgeFrom_[{&bb, onTrue}] = tail;
  edgeFrom_[{&bb, onFalse}] = check;
  divergences_.find(&bb)->second.lanes = lanes;
}

void Packetizer::fillPhis() {
  for (auto [phi, copy] : phis_) {
    bool wide = varying_.count(phi);
    // A switch with several cases leading to the phi's block gives it one
    // entry per case, all with the same value; the copy must repeat the
    // one value it made for that edge (vector() may make a new broadcast
    // per call, and a phi whose entries for one block differ is invalid).
    llvm::SmallDenseMap<llvm::BasicBlock *, llvm::Value *, 4> made;
    for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) {
      llvm::BasicBlock *pred = phi->getIncomingBlock(i);
      if (!head_.count(pred))
        continue; // an unreachable predecessor
      llvm::BasicBlock *from = edgeFrom_.at({pred, phi->getParent()});
      auto [it, first] = made.try_emplace(from, nullptr);
      if (first) {
        b_.SetInsertPoint(from->getTerminator());
        llvm::Value *value = phi->getIncomingValue(i);
        it->second = wide ? vector(value) : scalar(value);
      }
      copy->addIncoming(it->second, from);
    }
  }
}

void Packetizer::buildLaneLoop(Divergence &d) {
  ++NumDivergentBranches;
  llvm::BasicBlock *branch = d.branch;
  // The blocks the lanes run again: the region, and the branch's own block
  // where the region loops back to it.
  std::set<llvm::BasicBlock *> copied = d.region;
  bool branchInRegion = copied.count(branch) != 0;
  bool enteredInside = branchInRegion;
  for (llvm::BasicBlock *bb : d.region)
    for (llvm::BasicBlock *pred : llvm::predecessors(bb))
      if (!copied.count(pred) && pred != branch && head_.count(pred))
        enteredInside = true;

  llvm::BasicBlock *header = newBlock(branch->getName() + ".lane");
  llvm::BasicBlock *latch = newBlock(branch->getName() + ".lane.next");
  llvm::BasicBlock *exit = newBlock(branch->getName() + ".lanes.done");
  llvm::IRBuilder<> lb(d.lanes);
  lb.CreateBr(header);
  lb.SetInsertPoint(header);
  llvm::PHINode *lane = lb.CreatePHI(lb.getInt64Ty(), 2, "lane");
  lane->addIncoming(lb.getInt64(0), d.lanes);
  llvm::BranchInst *enter = lb.CreateBr(header); // retargeted below
  lb.SetInsertPoint(enter);

  // A value of vector mode, for the lane running.
  std::map<llvm::Value *, llvm::Value *> laneValues;
  auto laneValue = [&](llvm::Value *value) -> llvm::Value * {
    if (!varying_.count(value))
      return scalar(value);
    auto it = laneValues.find(value);
    if (it != laneValues.end())
      return it->second;
    llvm::Value *wide = vector(value);
    llvm::Type *type = value->getType();
    llvm::Value *result;
    if (type->isStructTy())
      throw Unsupported{"a varying aggregate used by a divergent region"};
    unsigned bits = unsigned(type->getScalarSizeInBits() * elementsPerLane(type));
    if (!type->isVectorTy()) {
      result = lb.CreateExtractElement(wide, lane);
    } else if (!type->isPtrOrPtrVectorTy() && llvm::isPowerOf2_32(bits) && bits >= 8 &&
               bits <= 512 && type->getScalarSizeInBits() % 8 == 0) {
      // A lane's whole vector as one integer element: one access to the
      // vector spilled once, where element by element took three
      // instructions an element (a hashcat uint16: 48). At most a
      // register's bits: no wider integers for the back end to split.
      auto *slices = llvm::FixedVectorType::get(lb.getIntNTy(bits), width_);
      result =
          lb.CreateBitCast(lb.CreateExtractElement(lb.CreateBitCast(wide, slices), lane), type);
    } else {
      unsigned n = elementsPerLane(type);
      result = llvm::PoisonValue::get(type);
      llvm::Value *first = lb.CreateMul(lane, lb.getInt64(n));
      for (unsigned i = 0; i < n; ++i)
        result = lb.CreateInsertElement(
            result, lb.CreateExtractElement(wide, lb.CreateAdd(first, lb.getInt64(i))),
            uint64_t(i));
    }
    laneValues[value] = result;
    return result;
  };

  // The scalar copy.
  std::map<llvm::BasicBlock *, llvm::BasicBlock *> copyOf, termBlockOf;
  llvm::MapVector<llvm::Instruction *, llvm::Instruction *> instCopy;
  for (llvm::BasicBlock *bb : order_)
    if (copied.count(bb))
      copyOf[bb] = newBlock(bb->getName() + ".lane");
  llvm::BasicBlock *branchCopy = newBlock(branch->getName() + ".lane.branch");
  for (llvm::BasicBlock *bb : order_) {
    if (!copied.count(bb))
      continue;
    for (llvm::Instruction &inst : *bb) {
      if (inst.isTerminator() || isDropped(inst))
        continue;
      llvm::Instruction *copy = inst.clone();
      copy->setName(inst.getName());
      copy->insertInto(copyOf[bb], copyOf[bb]->end());
      instCopy[&inst] = copy;
    }
    termBlockOf[bb] = copyOf[bb];
  }
  if (branchInRegion) {
    llvm::BranchInst::Create(branchCopy, copyOf[branch]);
  }
  termBlockOf[branch] = branchCopy;
  enter->setSuccessor(0, branchCopy);

  struct Exit {
    llvm::BasicBlock *from;     // block of the copy
    llvm::BasicBlock *original; // the original block it copies
  };
  std::vector<Exit> exits;
  auto copyTerminator = [&](llvm::BasicBlock *bb) {
    llvm::Instruction *term = bb->getTerminator();
    llvm::BasicBlock *into = termBlockOf[bb];
    if (llvm::isa<llvm::ReturnInst>(term)) {
      llvm::BranchInst::Create(latch, into);
      exits.push_back({into, bb});
      return;
    }
    llvm::Instruction *copy = term->clone();
    copy->insertInto(into, into->end());
    instCopy[term] = copy;
    for (unsigned i = 0; i < copy->getNumSuccessors(); ++i) {
      llvm::BasicBlock *succ = term->getSuccessor(i);
      if (succ == d.join) {
        copy->setSuccessor(i, latch);
        exits.push_back({into, bb});
      } else if (copyOf.count(succ)) {
        copy->setSuccessor(i, copyOf[succ]);
      } else {
        throw Unsupported{"internal: a divergent region left other than at its join"};
      }
    }
  };
  for (llvm::BasicBlock *bb : order_)
    if (copied.count(bb))
      copyTerminator(bb);
  if (!branchInRegion)
    copyTerminator(branch);

  // Operands: copies inside, this lane's value of vector mode outside.
  auto mapOperand = [&](llvm::Value *op) -> llvm::Value * {
    if (auto *inst = llvm::dyn_cast<llvm::Instruction>(op))
      if (instCopy.count(inst) && !inst->isTerminator())
        return instCopy[inst];
    if (llvm::isa<llvm::Instruction>(op) || llvm::isa<llvm::Argument>(op))
      return laneValue(op);
    return op;
  };
  for (auto [original, copy] : instCopy) {
    if (auto *phi = llvm::dyn_cast<llvm::PHINode>(copy)) {
      // Only the edges the copy has: a value from another predecessor
      // (vector mode's, on a path the lane loop never takes) may not even
      // dominate the loop.
      for (unsigned i = phi->getNumIncomingValues(); i-- > 0;) {
        llvm::BasicBlock *pred = phi->getIncomingBlock(i);
        if (termBlockOf.count(pred) && (copied.count(pred) || pred == branch)) {
          phi->setIncomingValue(i, mapOperand(phi->getIncomingValue(i)));
          phi->setIncomingBlock(i, termBlockOf[pred]);
        } else {
          phi->removeIncomingValue(i, false);
        }
      }
      continue;
    }
    for (unsigned i = 0; i < copy->getNumOperands(); ++i) {
      llvm::Value *op = original->getOperand(i);
      if (llvm::isa<llvm::BasicBlock>(op))
        continue;
      copy->setOperand(i, mapOperand(op));
    }
  }
  // A lane's addresses into interleaved objects: its offsets W times too.
  for (auto &[original, copy] : instCopy) {
    lowerLaneAlignment(*original, *copy);
    auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(original);
    if (!gep || !interleavedObjects_.count(gep))
      continue;
    llvm::IRBuilder<> at(copy);
    // The base is an instruction or an argument: the builder folds nothing.
    auto *scaled = llvm::cast<llvm::Instruction>(interleavedGep(
        at, *gep, copy->getOperand(0), [&](unsigned i) { return copy->getOperand(i); }));
    copy->replaceAllUsesWith(scaled);
    copy->eraseFromParent();
    copy = scaled;
  }

  // Entered at the branch, the copy may reach a use of a value of the
  // region before its definition (the rest of a loop's iteration): the
  // value then is vector mode's for this lane.
  std::map<llvm::Instruction *, std::unique_ptr<llvm::SSAUpdater>> repaired;
  // Vector mode's value for the lane is made only where the copy reads it
  // (replacing a placeholder, below): made for every value of the region
  // defined before the branch, they were most of a hashcat packet (3.3
  // million instructions from 4,900, nearly all unused).
  std::vector<std::pair<llvm::Instruction *, llvm::Instruction *>> entryPlaceholders;
  if (enteredInside) {
    for (auto [original, copy] : instCopy) {
      if (copy->getType()->isVoidTy() || original->isTerminator())
        continue;
      auto updater = std::make_unique<llvm::SSAUpdater>();
      updater->Initialize(copy->getType(), copy->getName());
      updater->AddAvailableValue(copy->getParent(), copy);
      llvm::Value *entryValue = llvm::PoisonValue::get(copy->getType());
      if (dt_.dominates(original, branch->getTerminator())) {
        auto *placeholder = llvm::cast<llvm::Instruction>(
            lb.CreateFreeze(llvm::PoisonValue::get(copy->getType()), "lane.entry"));
        entryPlaceholders.emplace_back(original, placeholder);
        entryValue = placeholder;
      }
      updater->AddAvailableValue(header, entryValue);
      std::vector<llvm::Use *> uses;
      for (llvm::Use &use : copy->uses())
        uses.push_back(&use);
      for (llvm::Use *use : uses) {
        auto *user = llvm::cast<llvm::Instruction>(use->getUser());
        if (!llvm::isa<llvm::PHINode>(user) && user->getParent() == copy->getParent())
          continue;
        updater->RewriteUse(*use);
      }
      repaired[original] = std::move(updater);
    }
  }
  // A value of the copy at the end of `from` (copying `original`).
  auto valueAtEnd = [&](llvm::Value *value, llvm::BasicBlock *from,
                        llvm::BasicBlock *original) -> llvm::Value * {
    auto *inst = llvm::dyn_cast<llvm::Instruction>(value);
    if (!inst || !instCopy.count(inst))
      return mapOperand(value);
    if (repaired.count(inst))
      return repaired[inst]->GetValueAtEndOfBlock(from);
    if (dt_.dominates(inst->getParent(), original))
      return instCopy[inst];
    return llvm::PoisonValue::get(value->getType());
  };

  // What each lane takes past the join: the region's live-outs and the
  // join's phis, gathered in stack buffers, one element per lane.
  struct Item {
    llvm::Value *original; // live-out instruction or join phi
    llvm::PHINode *atLatch;
    llvm::AllocaInst *buffer;
    llvm::Type *stored; // per-lane type in the buffer
  };
  std::vector<Item> items;
  auto addItem = [&](llvm::Value *original) {
    llvm::Type *type = original->getType();
    if (type->isStructTy())
      throw Unsupported{"a varying aggregate leaving a divergent region"};
    llvm::Type *element = bufferElement(type->getScalarType());
    unsigned n = elementsPerLane(type);
    llvm::Type *stored = n > 1 ? llvm::ArrayType::get(element, n) : element;
    llvm::IRBuilder<> entry(entry_, entry_->begin());
    llvm::AllocaInst *buffer =
        entry.CreateAlloca(llvm::ArrayType::get(stored, width_), nullptr, "lanes.buffer");
    buffer->setAlignment(layout_.getABITypeAlign(llvm::FixedVectorType::get(element, width_ * n)));
    llvm::IRBuilder<> at(latch);
    llvm::PHINode *phi = at.CreatePHI(type, unsigned(exits.size()), original->getName());
    items.push_back({original, phi, buffer, stored});
  };
  for (llvm::Instruction *liveOut : d.liveOuts)
    addItem(liveOut);
  if (d.join)
    for (llvm::PHINode &phi : d.join->phis())
      addItem(&phi);
  for (Item &item : items)
    for (const Exit &e : exits) {
      llvm::Value *value;
      if (auto *phi = llvm::dyn_cast<llvm::PHINode>(item.original);
          phi && phi->getParent() == d.join)
        value = valueAtEnd(phi->getIncomingValueForBlock(e.original), e.from, e.original);
      else
        value = valueAtEnd(item.original, e.from, e.original);
      item.atLatch->addIncoming(value, e.from);
    }
  // Every use of the copies is final: the entry values read get made.
  for (auto [original, placeholder] : entryPlaceholders) {
    if (!placeholder->use_empty()) {
      lb.SetInsertPoint(enter);
      placeholder->replaceAllUsesWith(laneValue(original));
    }
    placeholder->eraseFromParent();
  }
  llvm::IRBuilder<> at(latch);
  for (Item &item : items) {
    llvm::Value *value = item.atLatch;
    llvm::Type *element = bufferElement(value->getType()->getScalarType());
    if (element != value->getType()->getScalarType())
      value = at.CreateZExt(value, llvm::isa<llvm::ArrayType>(item.stored)
                                       ? static_cast<llvm::Type *>(llvm::FixedVectorType::get(
                                             element, elementsPerLane(value->getType())))
                                       : element);
    llvm::Value *slot =
        at.CreateInBoundsGEP(item.buffer->getAllocatedType(), item.buffer, {at.getInt64(0), lane});
    at.CreateAlignedStore(value, slot, layout_.getABITypeAlign(value->getType()->getScalarType()));
  }
  llvm::Value *next = at.CreateAdd(lane, at.getInt64(1), "lane.next");
  lane->addIncoming(next, latch);
  llvm::BranchInst *back = at.CreateCondBr(
      at.CreateICmpULT(next, masked() ? activeCount_ : at.getInt64(width_)), header, exit);
  // Its trip count is the packet's width, a constant. A large region's
  // loop is never unrolled: LLVM's full unroller and IndVarSimplify
  // weighed and walked every such loop and copied the region W times
  // (hashcat MD5's cold build: 39 -> 21 s with none unrolled). A small
  // one is left to LLVM (kUnrolledLaneInstructions).
  if (instCopy.size() * width_ > kUnrolledLaneInstructions) {
    llvm::Metadata *disable =
        llvm::MDNode::get(context_, llvm::MDString::get(context_, "llvm.loop.unroll.disable"));
    llvm::MDNode *loopId = llvm::MDNode::getDistinct(context_, {nullptr, disable});
    loopId->replaceOperandWith(0, loopId);
    back->setMetadata(llvm::LLVMContext::MD_loop, loopId);
  }
  at.SetInsertPoint(exit);
  for (Item &item : items) {
    llvm::Type *wide = widenType(item.original->getType(), width_);
    llvm::Type *loadType = wide;
    if (llvm::Type *element = bufferElement(wide->getScalarType());
        element != wide->getScalarType())
      loadType = llvm::FixedVectorType::get(
          element, llvm::cast<llvm::FixedVectorType>(wide)->getNumElements());
    llvm::Value *value = at.CreateAlignedLoad(loadType, item.buffer, item.buffer->getAlign());
    if (loadType != wide)
      value = at.CreateTrunc(value, wide);
    if (auto *phi = llvm::dyn_cast<llvm::PHINode>(item.original); phi && phi->getParent() == d.join)
      llvm::cast<llvm::PHINode>(vectors_.at(phi))->addIncoming(value, exit);
    else
      laneDefs_[llvm::cast<llvm::Instruction>(item.original)].emplace_back(exit, value);
  }
  // Without a join (a return inside the region) the lanes' paths meet only
  // at the end of the function.
  if (d.join) {
    at.CreateBr(head_.at(d.join));
  } else if (f_.getReturnType()->isVoidTy()) {
    at.CreateRetVoid();
  } else {
    // The result the lanes returned: the region's returns may differ (the
    // end of the kernel, or the next barrier), the lanes may not (a
    // barrier is reached by every work-item of the group or by none), so
    // the last lane's is every lane's.
    llvm::PHINode *result = llvm::PHINode::Create(f_.getReturnType(), unsigned(exits.size()),
                                                  "lanes.result", latch->begin());
    for (const Exit &e : exits) {
      llvm::Value *value =
          llvm::cast<llvm::ReturnInst>(e.original->getTerminator())->getReturnValue();
      if (!llvm::isa<llvm::Constant>(value))
        throw Unsupported{"a result that differs between work-items"};
      result->addIncoming(value, e.from);
    }
    at.CreateRet(result);
  }
}

void Packetizer::repairLiveOuts() {
  if (laneDefs_.empty())
    return;
  for (auto &[original, defs] : laneDefs_) {
    llvm::Value *value = vectors_.at(original);
    auto *def = llvm::cast<llvm::Instruction>(value);
    // Every use after the value's own block sees the latest definition on
    // its path: vector mode's, or what the lanes left where they handed
    // back. A use in the region itself may follow a hand-back too, when the
    // join leads back into the region.
    llvm::SSAUpdater updater;
    updater.Initialize(value->getType(), value->getName());
    updater.AddAvailableValue(def->getParent(), def);
    for (auto &[bb, laneValue] : defs)
      updater.AddAvailableValue(bb, laneValue);
    std::vector<llvm::Use *> uses;
    for (llvm::Use &use : value->uses())
      uses.push_back(&use);
    for (llvm::Use *use : uses) {
      auto *user = llvm::cast<llvm::Instruction>(use->getUser());
      llvm::BasicBlock *where = user->getParent();
      if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user))
        where = phi->getIncomingBlock(*use);
      if (where == def->getParent() && !llvm::isa<llvm::PHINode>(user))
        continue; // defined and used in one block of vector mode
      updater.RewriteUse(*use);
    }
  }
}

llvm::Function *Packetizer::run() {
  checkSupported();
  analyse();
  interleavedObjects_ = findLaneInterleavedObjects(f_);
  if (unsigned objects = unsigned(llvm::count_if(interleavedObjects_, [](auto &entry) {
        return llvm::isa<llvm::AllocaInst>(entry.first);
      }))) {
    NumInterleavedObjects += objects;
    if (std::getenv("CORECL_PACKET_TRACE"))
      llvm::errs() << f_.getName() << ": " << objects << " private objects lane-interleaved\n";
  }
  computeStrides();
  findInterleavedAccesses();
  for (llvm::BasicBlock *bb : order_)
    for (llvm::Instruction &inst : *bb)
      if (llvm::isa<llvm::LoadInst, llvm::StoreInst>(inst)) {
        ++report_.accesses;
        unsigned runs = timesRun(*bb);
        if (runs > report_.hottestRuns)
          report_.hottestRuns = runs, report_.hottestAccesses = 0;
        report_.hottestAccesses += runs == report_.hottestRuns;
      }
  for (auto &[bb, d] : divergences_)
    liveOuts_.insert(d.liveOuts.begin(), d.liveOuts.end());
  packet_ = llvm::Function::Create(f_.getFunctionType(), llvm::GlobalValue::InternalLinkage,
                                   f_.getName() + ".packet" + llvm::Twine(width_), module_);
  struct Cleanup {
    llvm::Function *&f;
    bool keep = false;
    ~Cleanup() {
      if (!keep && f)
        f->eraseFromParent();
    }
  } cleanup{packet_};
  packet_->setAttributes(f_.getAttributes());
  std::vector<std::string> ours;
  for (const llvm::Attribute &attribute : f_.getAttributes().getFnAttrs())
    if (attribute.isStringAttribute() && attribute.getKindAsString().starts_with("corecl."))
      ours.push_back(attribute.getKindAsString().str());
  for (const std::string &name : ours)
    packet_->removeFnAttr(name);
  packet_->removeFnAttr(llvm::Attribute::AlwaysInline);
  packet_->addFnAttr(llvm::Attribute::NoInline);
  for (unsigned i = 0; i < f_.arg_size(); ++i)
    packet_->getArg(i)->setName(f_.getArg(i)->getName());

  entry_ = llvm::BasicBlock::Create(context_, "packet", packet_);
  b_.SetInsertPoint(entry_);
  for (unsigned index : laneParams_) {
    llvm::Argument *arg = packet_->getArg(index);
    auto *type = llvm::dyn_cast<llvm::IntegerType>(arg->getType());
    if (!type)
      throw Unsupported{"a lane parameter that is not an integer"};
    std::vector<llvm::Constant *> lanes;
    for (unsigned lane = 0; lane < width_; ++lane)
      lanes.push_back(llvm::ConstantInt::get(type, lane));
    vectors_[f_.getArg(index)] =
        b_.CreateAdd(b_.CreateVectorSplat(width_, arg), llvm::ConstantVector::get(lanes),
                     arg->getName() + ".lanes");
    laneZero_[f_.getArg(index)] = arg;
  }
  if (masked()) {
    // The lanes whose lane parameter lies below the bound are on: the first
    // min(W, bound - lane 0's) of them.
    if (laneParams_.size() != 1 || lanes_ != Lanes::OneSubGroup)
      throw Unsupported{"internal: lanes off in a packet other than a sub-group's"};
    llvm::Value *first = packet_->getArg(*laneParams_.begin());
    llvm::Value *bound = packet_->getArg(unsigned(boundParam_));
    active_ = b_.CreateICmpULT(vectors_[f_.getArg(*laneParams_.begin())],
                               b_.CreateVectorSplat(width_, bound), "lanes.on");
    activeCount_ = b_.CreateBinaryIntrinsic(llvm::Intrinsic::umin, b_.CreateSub(bound, first),
                                            llvm::ConstantInt::get(first->getType(), width_),
                                            nullptr, "lanes.on.count");
  }
  for (llvm::BasicBlock *bb : order_) {
    head_[bb] = newBlock(bb->getName());
  }
  b_.CreateBr(head_.at(&f_.getEntryBlock()));
  for (llvm::BasicBlock *bb : order_) {
    b_.SetInsertPoint(head_[bb]);
    for (llvm::Instruction &inst : *bb)
      if (!inst.isTerminator())
        emit(inst);
    emitTerminator(*bb);
  }
  fillPhis();
  for (auto &[bb, d] : divergences_)
    buildLaneLoop(d);
  repairLiveOuts();
  llvm::removeUnreachableBlocks(*packet_);
  // The copied instructions carry the scalar function's debug locations,
  // whose subprogram is not the packet's: a packet has no line table yet.
  for (llvm::Instruction &inst : llvm::instructions(*packet_))
    inst.setDebugLoc(llvm::DebugLoc());
  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyFunction(*packet_, &out)) {
    LLVM_DEBUG(llvm::dbgs() << "packet of " << f_.getName() << " is broken:\n"
                            << problems << *packet_);
    // Release builds of LLVM have no -debug-only: CORECL_PACKET_TRACE=2.
    if (const char *trace = std::getenv("CORECL_PACKET_TRACE"); trace && *trace == '2')
      llvm::errs() << "packet of " << f_.getName() << " is broken:\n" << problems << f_ << *packet_;
    throw Unsupported{"internal: the packet failed verification: " + problems.substr(0, 200)};
  }
  ++NumPackets;
  cleanup.keep = true;
  return packet_;
}

} // namespace

llvm::Function *
packetizeFunction(llvm::Function &scalar, unsigned width, llvm::ArrayRef<unsigned> laneParams,
                  const std::map<const llvm::Instruction *, llvm::Constant *> &known, Lanes lanes,
                  std::string &whyNot, PacketReport *report, int boundParam) {
  try {
    Packetizer packetizer(scalar, width, laneParams, known, lanes, boundParam);
    llvm::Function *packet = packetizer.run();
    if (report)
      *report = packetizer.report();
    return packet;
  } catch (const Unsupported &reason) {
    whyNot = reason.why;
    return nullptr;
  }
}

void tracePacketChoice(const llvm::Function &f, const llvm::Function *packet,
                       const std::string &whyNot) {
  if (!std::getenv("CORECL_PACKET_TRACE"))
    return;
  llvm::errs() << f.getName() << ": ";
  if (packet)
    llvm::errs() << "packet " << packet->getName() << " (" << packet->getInstructionCount()
                 << " instructions from " << f.getInstructionCount() << ")\n";
  else
    llvm::errs() << "no packet, " << whyNot << "\n";
}

} // namespace corecl::compiler
