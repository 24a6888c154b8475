// Private objects a packet lays out lane-interleaved (packetize.cpp).
//
// A packet gives each lane its own copy of a work-item's private array.
// Side by side, lane l's copy at l times the object's size, an access to
// element i, the same i in every lane (a loop filling or reading the array
// in step), touches addresses an object apart: a gather or a scatter.
// Interleaved at the granularity of the object's accesses, lane l's unit
// of s bytes at offset o lives at o * W + l * s (W lanes), so that the same
// access is one vector load or store of W consecutive units. An access
// indexed by data still gathers, from a span no wider than before.
//
// That layout changes every address computed from the object: an offset
// added to it is scaled by W. It applies only where every use is known:
// the object's addresses reach nothing but address arithmetic (GEPs) and
// loads and stores of one power-of-two size s through them, aligned to s
// (so each access's offset is a multiple of s), besides lifetime markers;
// an address stored, compared, passed to a call, turned into an integer or
// merged with another (phi, select) keeps the object side by side.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>

#include <cstdint>
#include <map>

namespace llvm {
class DataLayout;
class Function;
class GetElementPtrInst;
class IRBuilderBase;
class Value;
} // namespace llvm

namespace corecl::compiler {

/// The static allocas of `f` that can be laid out lane-interleaved, and
/// every address derived from them, each with the unit s of its object.
std::map<const llvm::Value *, uint64_t> findLaneInterleavedObjects(const llvm::Function &f);

/// The bytes `gep` adds to its address, times `scale`, as an i64 or, where
/// an index is a vector, a vector of i64. `indexOf(i)` gives the value to
/// use for the GEP's operand i (1 for its first index), a scalar or a
/// vector.
llvm::Value *scaledGepOffset(llvm::IRBuilderBase &b, const llvm::DataLayout &layout,
                             const llvm::GetElementPtrInst &gep,
                             llvm::function_ref<llvm::Value *(unsigned)> indexOf, uint64_t scale);

} // namespace corecl::compiler
