// The packetiser's walk from a join back into its region (cycle_walk.h):
// within the join's cycle where every block can end the function, over
// everything reachable otherwise.
#include "compiler/passes/cycle_walk.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace corecl::compiler {
namespace {

/// The names of the blocks a walk from `from` visits in @f of `ir`.
std::set<std::string> visited(const char *ir, const char *from) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(ir, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  std::set<std::string> names;
  if (!module)
    return names;
  llvm::Function &f = *module->getFunction("f");
  CycleWalk walk(f);
  llvm::BasicBlock *start = nullptr;
  for (llvm::BasicBlock &block : f)
    if (block.getName() == from)
      start = &block;
  EXPECT_TRUE(start);
  walk.reachesAny(start, {}, [&](llvm::BasicBlock *block) {
    names.insert(block->getName().str());
    return false;
  });
  return names;
}

// A branch inside a loop joins at the latch: the walk from the latch goes
// round the loop (header, both arms), not past its exit.
constexpr const char *kLoop = R"(
define void @f(i1 %c, i1 %more) {
entry:
  br label %header
header:
  br i1 %c, label %left, label %right
left:
  br label %latch
right:
  br label %latch
latch:
  br i1 %more, label %header, label %after
after:
  br label %exit
exit:
  ret void
}
)";

TEST(CycleWalk, AJoinInALoopReachesTheLoopOnly) {
  EXPECT_EQ(visited(kLoop, "latch"), (std::set<std::string>{"latch", "header", "left", "right"}));
}

TEST(CycleWalk, AJoinOnNoCycleReachesOnlyItself) {
  EXPECT_EQ(visited(kLoop, "after"), (std::set<std::string>{"after"}));
}

// A block that never reaches the end (an endless loop): a region block
// need not lead back to the join, so the walk visits all it reaches.
constexpr const char *kEndless = R"(
define void @f(i1 %c) {
entry:
  br i1 %c, label %join, label %spin
join:
  br label %spin
spin:
  br label %spin
}
)";

TEST(CycleWalk, AnEndlessLoopMakesTheWalkGoEverywhere) {
  EXPECT_EQ(visited(kEndless, "join"), (std::set<std::string>{"join", "spin"}));
}

} // namespace
} // namespace corecl::compiler
