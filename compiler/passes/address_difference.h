// How far apart two addresses computed the same way lie, as a constant.
//
// A work-item keeping a tile of values in registers reads them from
// neighbouring elements: CLBlast's XgemmDirect loads `blm[2 * lid + 0]`
// and `blm[2 * lid + 1]`. Across a packet's lanes each is a stride-2
// gather, but together they are one run of consecutive elements, one wide
// load and two shuffles, as LLVM's loop vectoriser makes of them (its
// interleave groups; packetize.cpp forms them from this distance). The
// addresses are written out separately by then (inlined helpers, each
// reloading the local arena's base), so the distance is found by walking
// both expressions side by side: identical parts cancel, constants added
// on either side count, and an extension passes a distance only where the
// narrow values provably did not wrap (`or disjoint`, `add nsw`).
#ifndef CORECL_COMPILER_PASSES_ADDRESS_DIFFERENCE_H
#define CORECL_COMPILER_PASSES_ADDRESS_DIFFERENCE_H

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace llvm {
class DataLayout;
class Instruction;
class Value;
} // namespace llvm

namespace corecl::compiler {

/// What is known of a value's lanes: all lie in [0, bound(v)), or 0 for
/// nothing known. Lets a sum without `nsw` extend exactly when it is small.
using BoundFn = std::function<uint64_t(const llvm::Value *)>;

/// a - b in bytes (addresses) or units (integers of one type), when both
/// are the same computation up to constants; nullopt when that cannot be
/// told.
std::optional<int64_t> constantDifference(const llvm::Value *a, const llvm::Value *b,
                                          const llvm::DataLayout &layout,
                                          const BoundFn &bound = nullptr);

/// Which accesses a group holds, and so what may stand between its first
/// and last member: loads are all read at the first member, so nothing
/// between may write memory (several loads may read one element); stores
/// are all written at the last, so nothing between but the group's own
/// stores may read or write memory (exactly one store per element).
enum class InterleavedAccess { Loads, Stores };

/// Accesses of one block that together reach a run of consecutive
/// elements: with a packet's lanes `factor` elements apart, `members[j]`
/// reach element j of each lane's stretch.
struct InterleavedGroup {
  unsigned factor = 0;
  std::vector<std::vector<llvm::Instruction *>> members;
};

/// Groups `accesses` (all loads or all stores of one block, in its order;
/// each of an element type, its lanes `factors[i]` elements apart) whose
/// distances make every element of the lanes' stretches reached.
std::vector<InterleavedGroup>
findInterleavedGroups(InterleavedAccess kind, const std::vector<llvm::Instruction *> &accesses,
                      const std::vector<unsigned> &factors, const llvm::DataLayout &layout,
                      const BoundFn &bound = nullptr);

} // namespace corecl::compiler

#endif
