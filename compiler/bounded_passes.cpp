#include "compiler/bounded_passes.h"

#include <llvm/ADT/Any.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/PassInstrumentation.h>

namespace corecl::compiler {
namespace {

// LLVM 19's VectorCombine asks isSafeToLoadUnconditionally about each
// scalar load it would widen (a uniform load broadcast to the lanes), and
// that walks back to the start of the block every time: 11 of a 14-second
// build of a 4,000-statement kernel (one block of about 30,000
// instructions), 100 of 115 seconds at 8,000. Below this length it costs
// well under a second; above it the pass only tidies what the vectorisers
// made, which code generation mostly does as well.
constexpr unsigned kQuadraticPassBlockLimit = 6000;

bool isQuadraticInBlockLength(llvm::StringRef pass) { return pass == "VectorCombinePass"; }

} // namespace

bool hasHugeBlock(const llvm::Function &f) {
  for (const llvm::BasicBlock &block : f)
    if (block.sizeWithoutDebug() > kQuadraticPassBlockLimit)
      return true;
  return false;
}

void skipQuadraticPassesOnHugeBlocks(llvm::PassInstrumentationCallbacks &callbacks) {
  callbacks.registerShouldRunOptionalPassCallback([](llvm::StringRef pass, llvm::Any ir) {
    if (!isQuadraticInBlockLength(pass))
      return true;
    const auto *f = llvm::any_cast<const llvm::Function *>(&ir);
    return !f || !hasHugeBlock(**f);
  });
}

} // namespace corecl::compiler
