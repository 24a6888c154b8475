// Walks from a block to the blocks it reaches again, within its cycle.
//
// The packetiser asks, for each branch its lanes may take apart, which
// blocks of the branch's region the join leads back into, and for values
// defined there whether a use is reached again from the join. A walk over
// everything the join reaches made that quadratic in the function's size:
// a random program with two thousand such branches (CLSmith `--atomics`,
// seed 10313) spent a fifth of its build there. A block of the region is
// reached from the join only around a cycle through both (it reaches the
// join: the join post-dominates the branch, when every block of the
// function can end it), so the walk stays within the join's strongly
// connected component, and a join on no cycle reaches none.
#pragma once

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SmallVector.h>

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace corecl::compiler {

class CycleWalk {
public:
  explicit CycleWalk(llvm::Function &f);

  /// Whether a block reached from `from` (itself included), not passing
  /// through those in `skipped`, satisfies `found`; only blocks that lie on
  /// a cycle with `from` are visited where every block of the function can
  /// reach its end, all blocks `from` reaches otherwise.
  template <typename Found>
  bool reachesAny(llvm::BasicBlock *from, llvm::ArrayRef<llvm::BasicBlock *> skipped,
                  Found found) const {
    llvm::SmallPtrSet<llvm::BasicBlock *, 16> seen(skipped.begin(), skipped.end());
    llvm::SmallVector<llvm::BasicBlock *, 32> work{from};
    while (!work.empty()) {
      llvm::BasicBlock *next = work.pop_back_val();
      if (!seen.insert(next).second)
        continue;
      if (found(next))
        return true;
      appendSuccessors(from, next, work);
    }
    return false;
  }

private:
  /// Adds to `work` the successors of `block` the walk from `from` visits.
  void appendSuccessors(llvm::BasicBlock *from, llvm::BasicBlock *block,
                        llvm::SmallVectorImpl<llvm::BasicBlock *> &work) const;

  /// Each block's strongly connected component, numbered; blocks on no
  /// cycle have none.
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> component_;
  bool everyBlockEnds_ = true;
};

} // namespace corecl::compiler
