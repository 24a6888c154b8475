// A work-item loop whose iteration is a few long chains of dependent
// arithmetic (clpeak's float4 kernel once its own loop is unrolled: four
// component chains of 512 multiply-adds per work-item; its int kernel, one
// chain of multiplies and adds) is vectorised one vector per chain, and
// LLVM's loop vectoriser does not interleave a loop that long: four chains
// in flight, where an FMA takes four cycles on each of two pipes and eight
// are needed. float4 ran at half of float8 on Zen 4 (271 against 475
// GFLOP/s), and forcing two interleaved iterations for every loop nearly
// doubled it; clpeak's int, int2 and int4 (32-bit multiply-adds) rose from
// 34-38, 70-95 and 122-163 GIOPS to 92-129, 184 and 214 with four, four
// and two (on a machine loaded by a CTS run). This pass asks for that
// where it pays: in a loop marked parallel (a work-item loop,
// work_group_loops.cpp) whose floating-point and 32-bit integer operations
// per iteration over its longest chain of dependent ones
// (dependent_chains.h, iterationShape) leave fewer than eight side by
// side, and whose chain is long enough for its latency to count (64 or
// more), it sets llvm.loop.interleave.count to make eight (at most 4).
#include "compiler/passes/interleave_long_chains.h"

#include "compiler/passes/dependent_chains.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Support/Debug.h>
#include <llvm/Support/MathExtras.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <algorithm>
#include <cstdlib>

#define DEBUG_TYPE "corecl-interleave-long-chains"

STATISTIC(NumInterleaved, "Work-item loops of long dependent chains given an interleave count");

namespace corecl::compiler {
namespace {

/// Vectors an FMA unit pair needs in flight: four cycles on each of two.
constexpr unsigned kInFlight = 8;
constexpr unsigned kMaxInterleave = 4;

/// The interleave count `loop` should have, or 0 to leave it alone.
unsigned interleaveFor(llvm::Loop &loop, llvm::LoopInfo &loops) {
  if (!loop.isInnermost() || !llvm::findOptionMDForLoop(&loop, "llvm.loop.parallel_accesses") ||
      llvm::findOptionMDForLoop(&loop, "llvm.loop.interleave.count"))
    return 0;
  ChainShape shape = iterationShape(loop, loops);
  if (shape.chain < kLatencyChain)
    return 0;
  // Rounded: the chains' own ends (a final sum) add a few operations.
  uint64_t sideBySide = std::max<uint64_t>(1, (shape.operations + shape.chain / 2) / shape.chain);
  if (std::getenv("CORECL_PACKET_TRACE"))
    llvm::errs() << loop.getHeader()->getParent()->getName() << ": work-item loop of "
                 << shape.operations << " operations, longest chain " << shape.chain << "\n";
  // The vectoriser takes powers of two only.
  return unsigned(std::min<uint64_t>(
      kMaxInterleave, llvm::PowerOf2Ceil((kInFlight + sideBySide - 1) / sideBySide)));
}

} // namespace

llvm::PreservedAnalyses InterleaveLongChainsPass::run(llvm::Function &f,
                                                      llvm::FunctionAnalysisManager &analyses) {
  llvm::LoopInfo &loops = analyses.getResult<llvm::LoopAnalysis>(f);
  for (llvm::Loop *loop : loops.getLoopsInPreorder()) {
    unsigned count = interleaveFor(*loop, loops);
    if (count < 2)
      continue;
    llvm::LLVMContext &context = f.getContext();
    llvm::SmallVector<llvm::Metadata *, 4> ops = {nullptr};
    if (llvm::MDNode *id = loop->getLoopID())
      for (unsigned i = 1; i < id->getNumOperands(); ++i)
        ops.push_back(id->getOperand(i));
    ops.push_back(
        llvm::MDNode::get(context, {llvm::MDString::get(context, "llvm.loop.interleave.count"),
                                    llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(
                                        llvm::Type::getInt32Ty(context), count))}));
    llvm::MDNode *id = llvm::MDNode::getDistinct(context, ops);
    id->replaceOperandWith(0, id);
    loop->setLoopID(id);
    LLVM_DEBUG(llvm::dbgs() << f.getName() << ": interleave " << count << "\n");
    if (std::getenv("CORECL_PACKET_TRACE"))
      llvm::errs() << f.getName() << ": work-item loop of long chains, interleaved " << count
                   << "\n";
    ++NumInterleaved;
  }
  return llvm::PreservedAnalyses::all(); // metadata only
}

} // namespace corecl::compiler
