// Which values of a kernel body are the same for every work-item of a
// work-group (uniform) and which may differ (varying).
//
// Work-group formation runs each stretch of a kernel between barriers for
// one work-item after another. A value every work-item computes alike can
// then live once per group instead of once per work-item
// (barrier_regions.cpp).
//
// Sources of variation are the local ids, private memory (per-work-item
// storage, addressed by local id), atomics and calls that are not pure.
// Variation spreads through data dependences and through control: a phi
// where the paths of a varying branch meet, and a value defined in a loop
// that work-items may leave after different iterations, used outside it.
// Loads from a uniform address are uniform: work-items that read the same
// location between two barriers see the same value, unless another
// work-item writes it meanwhile, which OpenCL calls a data race.
#pragma once
#include <set>

namespace llvm {
class BasicBlock;
class Function;
class Value;
} // namespace llvm

namespace corecl::compiler {

class WorkItemDivergence {
public:
  /// Analyses `body`, a kernel body with the work-item parameters
  /// (work_item_state.h). The analysis is a snapshot: rerun it after
  /// changing the function.
  explicit WorkItemDivergence(llvm::Function &body);

  bool isUniform(const llvm::Value *value) const { return !varying_.count(value); }

  /// True if some work-items may skip `block` while others run it: it lies
  /// between a varying branch and the point where its paths meet.
  bool isDivergentlyReached(const llvm::BasicBlock *block) const {
    return divergentBlocks_.count(block) != 0;
  }

  /// The same, counting only work-items that have not retired: a varying
  /// branch whose other ways lead straight to the kernel's end (no loop,
  /// no barrier: `if (i >= n) return;`) leaves every work-item that is
  /// still running on one way.
  bool isDivergentlyReachedByLive(const llvm::BasicBlock *block) const {
    return liveDivergentBlocks_.count(block) != 0;
  }

private:
  void propagate(llvm::Function &body);

  std::set<const llvm::Value *> varying_;
  std::set<const llvm::BasicBlock *> divergentBranches_;
  std::set<const llvm::BasicBlock *> divergentBlocks_;
  std::set<const llvm::BasicBlock *> liveDivergentBlocks_;
};

} // namespace corecl::compiler
