// The memory a work-group call owns: per-work-item storage and the local
// arena, found in a work-group function as the loads of their context
// fields (owned_memory.cpp). Shared by the passes that rely on nobody
// else touching it.
#pragma once
#include <llvm/ADT/DenseMap.h>

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace corecl::compiler {

enum class Owned { Storage, Local };
using OwnedBases = llvm::SmallDenseMap<llvm::Value *, Owned, 4>;

/// The loads of ctx->wi_storage and ctx->local_arena in the entry block of
/// a work-group function, and which memory each is; empty for any other
/// function.
OwnedBases ownedBases(llvm::Function &f);

} // namespace corecl::compiler
