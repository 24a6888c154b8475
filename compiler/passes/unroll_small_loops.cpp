// Before work-group formation: loops with a small constant trip count are
// marked for full unrolling (llvm.loop.unroll.full), up to a size budget
// far above LLVM's own full-unroll threshold.
//
// Why unroll more than LLVM would: a loop left in a work-item's body is
// kept inside the work-item loop, where LLVM does not vectorise across
// work-items (it vectorises innermost loops only), or in a packet, where a
// private array it indexes stays one copy per lane in memory. Unrolled,
// the loop is straight-line code: its values stay in registers and the
// region's work-item loop vectorises. A register-tiled matrix multiply's loop over
// the tile (CLBlast's Xgemm: 16 trips of 16 multiply-adds) is the shape
// this is for; private arrays indexed by the counter become values too.
#include "compiler/passes/unroll_small_loops.h"

#include "compiler/passes/dependent_chains.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <cstdlib>

namespace corecl::compiler {
namespace {

// At most this many trips, and this many instructions once unrolled: the
// code grows, and so does compile time, by no more than a few thousand
// instructions per loop.
constexpr unsigned kMaxTrips = 64;
constexpr unsigned kMaxUnrolledInstructions = 4096;
// Dependent operations from the loop's first to its last, from which a
// latency-bound loop stays a loop.
constexpr uint64_t kLongChain = 256;

unsigned instructionCount(const llvm::Loop &loop) {
  unsigned count = 0;
  for (llvm::BasicBlock *bb : loop.blocks())
    count += unsigned(bb->size());
  return count;
}

/// True if `loop` loads or stores through a private variable (an alloca).
bool accessesPrivateMemory(const llvm::Loop &loop) {
  for (llvm::BasicBlock *bb : loop.blocks())
    for (llvm::Instruction &inst : *bb) {
      const llvm::Value *pointer = llvm::getLoadStorePointerOperand(&inst);
      if (pointer && llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(pointer)))
        return true;
    }
  return false;
}

} // namespace

llvm::PreservedAnalyses MarkSmallLoopsForUnrollPass::run(llvm::Loop &loop,
                                                         llvm::LoopAnalysisManager &,
                                                         llvm::LoopStandardAnalysisResults &ar,
                                                         llvm::LPMUpdater &) {
  if (llvm::hasUnrollTransformation(&loop) != llvm::TM_Unspecified)
    return llvm::PreservedAnalyses::all(); // the source said what it wants
  unsigned trips = ar.SE.getSmallConstantTripCount(&loop);
  if (trips < 2 || trips > kMaxTrips ||
      uint64_t(trips) * instructionCount(loop) > kMaxUnrolledInstructions)
    return llvm::PreservedAnalyses::all();
  // A long chain of dependent operations, with fewer than four operations
  // per step of it (dependent_chains.h), and no private
  // memory to turn into values: unrolled, the chain fills the work-item
  // loop's body and only one packet's chains are in flight (clpeak's
  // float2, 64 trips of two chains of 16 multiply-adds: 47 against
  // float's 90 GFLOP/s); kept, its packets get as many lanes as keep
  // enough chains in flight (packet_width.h, latencyPacketWidth). Short chains unroll as before,
  // and so do integer ones: clpeak's int2 and int4 (a multiply and an add per step) ran at 34-43
  // against 54-91 GIOPS as loops, int at 58-69 against 28.
  ChainShape shape = chainShape(loop, ar.LI);
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << loop.getHeader()->getParent()->getName() << ": loop of " << trips << " trips, "
                 << shape.operations << " operations, chain " << shape.chain << "\n";
  if (shape.floatingPoint && shape.latencyBound(kLatencyParallelism) &&
      uint64_t(trips) * shape.chain >= kLongChain && !accessesPrivateMemory(loop))
    return llvm::PreservedAnalyses::all();
  llvm::LLVMContext &context = loop.getHeader()->getContext();
  llvm::MDNode *full =
      llvm::MDNode::get(context, {llvm::MDString::get(context, "llvm.loop.unroll.full")});
  llvm::MDNode *id = llvm::makePostTransformationMetadata(context, loop.getLoopID(), {}, {full});
  loop.setLoopID(id);
  return llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
