#include "compiler/bounded_passes.h"

#include <llvm/ADT/Any.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Analysis/LoopInfo.h>
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

//
// LLVM 19's SLP vectoriser tries each add of a long chain as the root of a
// horizontal reduction when the whole chain does not pay, and works out
// again for each how few bits its values need: CLSmith's checksum, one sum
// of 4,500 loaded fields in a block of 12,000 instructions (the scalar
// work-items of `basic` seed 10310), held it for 12 of a 39-second build.
// In blocks this long the packets have vectorised the work-items already.
bool isQuadraticInBlockLength(llvm::StringRef pass) {
  return pass == "VectorCombinePass" || pass == "SLPVectorizerPass";
}

// After work-group formation the work-item loops hold a whole kernel, and
// every loop of the kernel lies inside them. Each loop LLVM 19 fully
// unrolls makes ScalarEvolution forget the outermost loop of its nest,
// and loop idiom recognition asks again, for each inner loop, what it had
// learnt about that outermost loop (a walk over all of it): both grow
// with the number of inner loops times the size of the nest. A random
// program with many small atomic loops (CLSmith --atomics, seed 10232)
// spent two fifths of a 24-second build there. Inside nests larger than
// this the two passes are skipped: their loops were unrolled before
// work-group formation where they could be, and memset or memcpy idioms
// are rare in kernels of that size.
constexpr unsigned kQuadraticPassNestBlocks = 2000;

bool isQuadraticInNestSize(llvm::StringRef pass) {
  return pass == "LoopIdiomRecognizePass" || pass == "LoopFullUnrollPass";
}

} // namespace

bool hasHugeBlock(const llvm::Function &f) {
  for (const llvm::BasicBlock &block : f)
    if (block.sizeWithoutDebug() > kQuadraticPassBlockLimit)
      return true;
  return false;
}

void skipQuadraticPassesOnHugeBlocks(llvm::PassInstrumentationCallbacks &callbacks) {
  callbacks.registerShouldRunOptionalPassCallback([](llvm::StringRef pass, llvm::Any ir) {
    if (isQuadraticInNestSize(pass)) {
      const auto *loop = llvm::any_cast<const llvm::Loop *>(&ir);
      return !loop || (*loop)->getOutermostLoop()->getNumBlocks() <= kQuadraticPassNestBlocks;
    }
    if (!isQuadraticInBlockLength(pass))
      return true;
    const auto *f = llvm::any_cast<const llvm::Function *>(&ir);
    return !f || !hasHugeBlock(**f);
  });
}

} // namespace corecl::compiler
