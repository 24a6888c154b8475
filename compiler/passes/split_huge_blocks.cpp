// SelectionDAG builds one DAG per basic block and the machine schedulers
// one dependence graph per block; several of their steps take time
// quadratic in the block's length (users of a value, memory dependences
// between every pair of accesses). A generated kernel of a few thousand
// straight-line statements is one such block inside its work-item loop,
// and took minutes to compile.
//
// Cutting the block every kPieceSize instructions bounds those steps. The
// cut must survive until instruction selection: CodeGenPrepare merges a
// block into its predecessor when that one ends in an unconditional
// branch, and folds a conditional branch whose two targets are the same.
// So each piece ends in a branch on a value LLVM cannot know (an empty
// inline asm that "produces" a register), to the next piece either way,
// once through a block holding only an empty inline asm (an empty block
// would be removed, and the branch with it). At run time that is a
// compare and a branch, per kPieceSize instructions.
//
// Allocas and phis are not counted and never cut before: an alloca moved
// out of the entry block is a dynamic allocation (stack pointer arithmetic
// at run time), and an entry block left with nothing but the cut's branch
// let shrink wrapping place the prologue after it, where the stack probe
// of a large frame clobbered R11 while it held the launch context (a
// random kernel with 300 lane buffers, at -cl-opt-disable, wrote nothing
// in one build of three: fuzz seed 37564).
#include "compiler/passes/split_huge_blocks.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>

#include <iterator>
#include <vector>

#define DEBUG_TYPE "corecl-split-huge-blocks"

namespace corecl::compiler {

llvm::PreservedAnalyses SplitHugeBlocksPass::run(llvm::Function &f,
                                                 llvm::FunctionAnalysisManager &) {
  std::vector<llvm::BasicBlock *> huge;
  for (llvm::BasicBlock &bb : f)
    if (bb.sizeWithoutDebug() > kPieceSize + 1)
      huge.push_back(&bb);
  if (huge.empty())
    return llvm::PreservedAnalyses::all();

  llvm::LLVMContext &context = f.getContext();
  llvm::Type *i32 = llvm::Type::getInt32Ty(context);
  // With side effects, or code generation drops it (its value then feeds
  // only a branch whose targets meet again) and merges the blocks back.
  llvm::InlineAsm *opaque = llvm::InlineAsm::get(llvm::FunctionType::get(i32, false), "", "=r",
                                                 /*hasSideEffects=*/true);
  // In the detour, so that it is not an empty block CodeGenPrepare removes
  // (which would leave a branch with one target to fold away).
  llvm::InlineAsm *mark =
      llvm::InlineAsm::get(llvm::FunctionType::get(llvm::Type::getVoidTy(context), false), "", "",
                           /*hasSideEffects=*/true);
  for (llvm::BasicBlock *block : huge) {
    // The cut points first, in one walk (a block's size() is a walk too),
    // then the cuts from the last to the first: each split moves only the
    // instructions after its cut, which are one piece by then.
    std::vector<llvm::Instruction *> cuts;
    unsigned count = 0;
    // In the entry block, the cuts come after its last static alloca.
    llvm::Instruction *lastAlloca = nullptr;
    if (block->isEntryBlock())
      for (llvm::Instruction &inst : *block)
        if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst);
            alloca && alloca->isStaticAlloca())
          lastAlloca = alloca;
    bool pastAllocas = !lastAlloca;
    for (llvm::Instruction &inst : *block) {
      if (inst.isTerminator())
        break;
      if (llvm::isa<llvm::PHINode>(inst) || llvm::isa<llvm::AllocaInst>(inst)) {
        pastAllocas = pastAllocas || &inst == lastAlloca;
        continue;
      }
      if (count != 0 && count % kPieceSize == 0 && pastAllocas)
        cuts.push_back(&inst);
      ++count;
    }
    for (auto cut = cuts.rbegin(); cut != cuts.rend(); ++cut) {
      llvm::BasicBlock *piece = (*cut)->getParent();
      llvm::BasicBlock *rest = piece->splitBasicBlock(*cut, "piece");
      llvm::BasicBlock *detour = llvm::BasicBlock::Create(context, "", &f, rest);
      llvm::CallInst::Create(mark, "", detour);
      llvm::BranchInst::Create(rest, detour);
      piece->getTerminator()->eraseFromParent();
      llvm::IRBuilder<> builder(piece);
      llvm::Value *unknown = builder.CreateCall(opaque);
      builder.CreateCondBr(builder.CreateICmpEQ(unknown, builder.getInt32(0)), rest, detour);
    }
  }
  return llvm::PreservedAnalyses::none();
}

} // namespace corecl::compiler
