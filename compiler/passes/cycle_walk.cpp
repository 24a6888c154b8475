#include "compiler/passes/cycle_walk.h"

#include <llvm/ADT/SCCIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Function.h>

#include <vector>

namespace corecl::compiler {

CycleWalk::CycleWalk(llvm::Function &f) {
  unsigned index = 0;
  for (auto scc = llvm::scc_begin(&f); !scc.isAtEnd(); ++scc, ++index)
    if (scc.hasCycle())
      for (llvm::BasicBlock *block : *scc)
        component_[block] = index;
  // Blocks that reach one without successors (a return, an unreachable),
  // walking predecessors back from those.
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> ends;
  std::vector<const llvm::BasicBlock *> work;
  for (const llvm::BasicBlock &block : f)
    if (llvm::succ_empty(&block))
      work.push_back(&block);
  while (!work.empty()) {
    const llvm::BasicBlock *block = work.back();
    work.pop_back();
    if (!ends.insert(block).second)
      continue;
    for (const llvm::BasicBlock *pred : llvm::predecessors(block))
      work.push_back(pred);
  }
  for (const llvm::BasicBlock &block : f)
    everyBlockEnds_ = everyBlockEnds_ && ends.count(&block);
}

void CycleWalk::appendSuccessors(llvm::BasicBlock *from, llvm::BasicBlock *block,
                                 llvm::SmallVectorImpl<llvm::BasicBlock *> &work) const {
  if (!everyBlockEnds_) {
    work.append(llvm::succ_begin(block), llvm::succ_end(block));
    return;
  }
  auto own = component_.find(from);
  if (own == component_.end())
    return;
  for (llvm::BasicBlock *succ : llvm::successors(block)) {
    auto it = component_.find(succ);
    if (it != component_.end() && it->second == own->second)
      work.push_back(succ);
  }
}

} // namespace corecl::compiler
