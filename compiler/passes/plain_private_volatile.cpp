// Kernels written for GPU compilers declare private variables volatile to
// steer register allocation or to keep a value from being rematerialised:
// CLBlast's GEMM reads its flattened local id from `volatile int tid`.
// Nothing outside the work-item can observe private memory whose address
// is never taken beyond loads and stores: no other work-item, no host, no
// device. Volatile accesses to it are then ordinary accesses, and keeping
// them volatile only costs: the variable stays in memory (SROA leaves
// volatile accesses alone), after a barrier in a lane-interleaved
// per-work-item slot, every use reloads it, and the value is opaque to
// every later analysis (CLBlast's copy of a tile to local memory became
// scalar loads and stores, a third of the kernel's time).
//
// This pass clears the volatile flag of loads and stores whose address is
// a private alloca (or a GEP into one) used only as the address of loads
// and stores, by lifetime markers, or through further GEPs and casts that
// are used the same way. An alloca whose address is stored, passed to a
// call or compared keeps its volatile accesses.
#include "compiler/passes/plain_private_volatile.h"
#include "compiler/passes/preserved.h"

#include <llvm/ADT/Statistic.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Support/Debug.h>

#include <vector>

#define DEBUG_TYPE "corecl-plain-private-volatile"

STATISTIC(NumPlain, "Volatile accesses to private variables made plain");

namespace corecl::compiler {
namespace {

/// Collects the loads and stores through `pointer` into `accesses`; false
/// if the address may be seen by anything else.
bool onlyAccessed(llvm::Value *pointer, std::vector<llvm::Instruction *> &accesses,
                  unsigned depth = 0) {
  if (depth > 16)
    return false;
  for (llvm::User *user : pointer->users()) {
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(user)) {
      accesses.push_back(load);
    } else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(user)) {
      if (store->getValueOperand() == pointer)
        return false; // the address itself is stored
      accesses.push_back(store);
    } else if (llvm::isa<llvm::GetElementPtrInst>(user) || llvm::isa<llvm::BitCastInst>(user)) {
      if (!onlyAccessed(user, accesses, depth + 1))
        return false;
    } else if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user);
               intrinsic && intrinsic->isLifetimeStartOrEnd()) {
      continue;
    } else {
      return false;
    }
  }
  return true;
}

} // namespace

llvm::PreservedAnalyses PlainPrivateVolatilePass::run(llvm::Function &f,
                                                      llvm::FunctionAnalysisManager &) {
  bool changed = false;
  for (llvm::Instruction &inst : llvm::instructions(f)) {
    auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst);
    if (!alloca || alloca->getAddressSpace() != 0)
      continue;
    std::vector<llvm::Instruction *> accesses;
    if (!onlyAccessed(alloca, accesses))
      continue;
    for (llvm::Instruction *access : accesses) {
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(access); load && load->isVolatile()) {
        load->setVolatile(false);
        ++NumPlain;
        changed = true;
      } else if (auto *store = llvm::dyn_cast<llvm::StoreInst>(access);
                 store && store->isVolatile()) {
        store->setVolatile(false);
        ++NumPlain;
        changed = true;
      }
    }
    LLVM_DEBUG(if (!accesses.empty()) llvm::dbgs()
               << "plain-private-volatile: " << alloca->getName() << "\n");
  }
  return keptUnlessInstructionsChanged(changed);
}

} // namespace corecl::compiler
