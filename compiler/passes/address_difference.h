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
class LoadInst;
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

/// Loads of one block that together read a run of consecutive elements:
/// with a packet's lanes `factor` elements apart, `members[j]` read
/// element j of each lane's stretch (several loads of one element share
/// it), and nothing between the first and the last writes memory.
struct InterleavedLoads {
  unsigned factor = 0;
  std::vector<std::vector<llvm::LoadInst *>> members;
};

/// Groups `loads` (of one block, in its order; each of an element type,
/// its lanes `factors[i]` elements apart) whose distances make every
/// element of the lanes' stretches read.
std::vector<InterleavedLoads> findInterleavedLoads(const std::vector<llvm::LoadInst *> &loads,
                                                   const std::vector<unsigned> &factors,
                                                   const llvm::DataLayout &layout,
                                                   const BoundFn &bound = nullptr);

} // namespace corecl::compiler

#endif
