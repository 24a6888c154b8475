// What the loop rewrites (divergent_loops.cpp, uniform_loops.cpp) ask of a
// loop's body.
#pragma once

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/Dominators.h>

namespace corecl::compiler {

/// The analyses the loop passes decide with, built for one function (a
/// snapshot: rebuild after changing it).
struct LoopAnalyses {
  explicit LoopAnalyses(llvm::Function &f);
  llvm::DominatorTree dt;
  llvm::LoopInfo loops;
  llvm::TargetLibraryInfoImpl tlii;
  llvm::TargetLibraryInfo tli;
  llvm::AssumptionCache assumptions;
  llvm::ScalarEvolution se;
};

/// No call (other than an intrinsic) and no atomic: once the work-item loop
/// runs inside the loop, its iteration can be vectorised.
bool hasVectorisableBody(const llvm::Loop &loop);

/// Some memory access walks memory contiguously with the loop's counter
/// and differs between work-items of the x dimension (a row per work-item:
/// `out[gid * n + i]`). The loop then vectorises as it is, along its
/// counter; moved inside, the work-item loop would gather and scatter
/// (26x slower than PoCL on such a kernel), so the loop passes leave it.
bool walksARowPerWorkItem(const llvm::Loop &loop, llvm::ScalarEvolution &se);

/// A barrier inside: barrier regions split the loop already.
bool containsBarrier(const llvm::Loop &loop);

/// Called before a loop pass adds the first barrier to `body`: if the body
/// has no barrier of its own, keeps a copy of it as it is ("<body>.serial",
/// attribute corecl.serial-of). The work-group function runs that copy for
/// a group of a single work-item, where a split loop would only add a
/// region switch and storage traffic to every iteration (a task, say).
void keepSerialCopy(llvm::Function &body);

} // namespace corecl::compiler
