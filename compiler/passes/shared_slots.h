// Which values kept across barriers may share per-work-item storage.
//
// A loop with a barrier in it carries its values around through a phi in
// the loop header: the phi is kept across the barrier after the header, and
// the value the latch passes to it across the barrier before the latch.
// Each gets slots of its own, so every trip copies the value from one slot
// to the other: CLBlast's Xgemm reloads and stores its eight accumulators
// per work-item in its tile-copy region, which touches them otherwise not
// at all. When neither value is reloaded after the other is stored, they
// can live in one slot, the copy becomes a store of what was just loaded
// from the same place, and LLVM removes it.
#ifndef CORECL_COMPILER_PASSES_SHARED_SLOTS_H
#define CORECL_COMPILER_PASSES_SHARED_SLOTS_H

#include <map>
#include <utility>
#include <vector>

namespace llvm {
class Function;
class Instruction;
class Use;
} // namespace llvm

namespace corecl::compiler {

/// Where a value kept in per-work-item storage is stored: just after its
/// definition (after the phis for a phi).
llvm::Instruction *storePointFor(llvm::Instruction &def);

/// Where a use across a barrier reloads the value: just before the user
/// (at the end of the incoming block for a phi).
llvm::Instruction *reloadPointFor(llvm::Use &use);

/// A value kept in per-work-item storage and its uses across barriers,
/// which reload it.
using KeptValue = std::pair<llvm::Instruction *, std::vector<llvm::Use *>>;

/// For each of `kept` that shares slots with another, the value whose
/// slots it uses (the first of its group in `kept`); values not in the
/// map get slots of their own. Stored and reloaded where storePointFor and
/// reloadPointFor say, two values share only if no path from one's store reaches a reload of the other without
/// passing the other's definition.
std::map<llvm::Instruction *, llvm::Instruction *>
sharedSlotLeaders(const std::vector<KeptValue> &kept);

/// Metadata on the loads and stores of a per-work-item slot: `!{i64
/// offset}`, the slot's offset in the storage layout.
inline constexpr const char *kSlotTag = "corecl.slot";

/// Erases from a region function the stores that put back into a slot what
/// the region loaded from it, when nothing else in the region writes that
/// slot (a shared loop-carried value the region only passes on).
void dropStoresOfUnchangedSlots(llvm::Function &region);

} // namespace corecl::compiler

#endif
