// What the loop rewrites (divergent_loops.cpp, uniform_loops.cpp) ask of a
// loop's body.
#pragma once

namespace llvm {
class Loop;
} // namespace llvm

namespace corecl::compiler {

/// No call (other than an intrinsic) and no atomic: once the work-item loop
/// runs inside the loop, its iteration can be vectorised.
bool hasVectorisableBody(const llvm::Loop &loop);

/// A barrier inside: barrier regions split the loop already.
bool containsBarrier(const llvm::Loop &loop);

} // namespace corecl::compiler
