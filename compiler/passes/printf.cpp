// printf: each call appends one record to the launch's printf buffer
// (corecl/printf_abi.h has the layout) with a single atomic add on the
// buffer's cursor; the runtime formats the records when the command ends.
// A full buffer drops the record and printf returns -1, as the spec allows.
#include "compiler/passes/pass_registry.h"
#include "compiler/passes/passes.h"
#include "compiler/passes/work_item_state.h"
#include "corecl/printf_abi.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

namespace corecl::compiler {
namespace {

struct ArgLayout {
  uint8_t kind;
  uint8_t elementBytes;
  uint16_t lanes;
  uint64_t dataBytes; // padded to 8
};

ArgLayout layoutOf(llvm::Type *type) {
  unsigned lanes = 1;
  llvm::Type *element = type;
  if (auto *v = llvm::dyn_cast<llvm::FixedVectorType>(type)) {
    lanes = v->getNumElements();
    element = v->getElementType();
  }
  ArgLayout l;
  if (element->isPointerTy()) {
    l.kind = printfrec::kPointer;
    l.elementBytes = 8;
  } else if (element->isFloatingPointTy()) {
    l.kind = printfrec::kFloat;
    l.elementBytes = uint8_t(element->getPrimitiveSizeInBits() / 8);
  } else {
    l.kind = printfrec::kInteger;
    l.elementBytes = uint8_t(std::max<unsigned>(1, element->getIntegerBitWidth() / 8));
  }
  l.lanes = uint16_t(lanes);
  l.dataBytes = (uint64_t(l.elementBytes) * lanes + 7) / 8 * 8;
  return l;
}

void lowerCall(llvm::CallInst *call, llvm::Value *ctx) {
  llvm::LLVMContext &context = call->getContext();
  llvm::IRBuilder<> b(call);
  auto *ctxType = wgContextType(context);
  llvm::Value *buffer = b.CreateLoad(
      b.getPtrTy(), b.CreateConstInBoundsGEP2_32(ctxType, ctx, 0, ctxfield::PrintfBuffer));
  llvm::Value *capacity = b.CreateLoad(
      b.getInt64Ty(), b.CreateConstInBoundsGEP2_32(ctxType, ctx, 0, ctxfield::PrintfCapacity));

  std::vector<ArgLayout> layouts;
  uint64_t size = printfrec::kRecordHeaderBytes;
  for (unsigned i = 1; i < call->arg_size(); ++i) {
    layouts.push_back(layoutOf(call->getArgOperand(i)->getType()));
    size += printfrec::kArgHeaderBytes + layouts.back().dataBytes;
  }

  // Reserve, then write only if the record fits.
  llvm::Value *hasBuffer = b.CreateIsNotNull(buffer);
  llvm::Instruction *reserveTerm = llvm::SplitBlockAndInsertIfThen(hasBuffer, call, false);
  b.SetInsertPoint(reserveTerm);
  llvm::Value *old = b.CreateAtomicRMW(llvm::AtomicRMWInst::Add, buffer, b.getInt64(size),
                                       llvm::MaybeAlign(8), llvm::AtomicOrdering::Monotonic);
  llvm::Value *end = b.CreateAdd(old, b.getInt64(size));
  llvm::Value *room = b.CreateSub(capacity, b.getInt64(printfrec::kHeaderBytes));
  llvm::Value *fits = b.CreateICmpULE(end, room);
  llvm::Instruction *writeTerm = llvm::SplitBlockAndInsertIfThen(fits, reserveTerm, false);
  b.SetInsertPoint(writeTerm);
  llvm::Value *record =
      b.CreateInBoundsGEP(b.getInt8Ty(), buffer, b.CreateAdd(old, b.getInt64(8)));
  auto at = [&](uint64_t offset) {
    return b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), record, offset);
  };
  b.CreateAlignedStore(b.getInt32(uint32_t(size)), at(0), llvm::Align(8));
  b.CreateAlignedStore(b.getInt32(uint32_t(layouts.size())), at(4), llvm::Align(4));
  llvm::Value *format = b.CreatePtrToInt(call->getArgOperand(0), b.getInt64Ty());
  b.CreateAlignedStore(format, at(8), llvm::Align(8));
  uint64_t offset = printfrec::kRecordHeaderBytes;
  for (unsigned i = 1; i < call->arg_size(); ++i) {
    const ArgLayout &l = layouts[i - 1];
    uint64_t header = uint64_t(l.kind) | uint64_t(l.elementBytes) << 8 | uint64_t(l.lanes) << 16;
    b.CreateAlignedStore(b.getInt64(header), at(offset), llvm::Align(8));
    llvm::Value *value = call->getArgOperand(i);
    if (value->getType()->isPointerTy())
      value = b.CreatePtrToInt(value, b.getInt64Ty());
    b.CreateAlignedStore(value, at(offset + printfrec::kArgHeaderBytes), llvm::Align(8));
    offset += printfrec::kArgHeaderBytes + l.dataBytes;
  }

  // printf's result: 0 when the record was written, -1 otherwise.
  llvm::BasicBlock *afterWrite = reserveTerm->getParent(); // reserve block's tail
  b.SetInsertPoint(reserveTerm);
  llvm::Value *reserved = b.CreateSelect(fits, b.getInt32(0), b.getInt32(-1));
  b.SetInsertPoint(call);
  llvm::PHINode *result = b.CreatePHI(b.getInt32Ty(), 2, "printf.result");
  for (llvm::BasicBlock *pred : llvm::predecessors(call->getParent()))
    result->addIncoming(pred == afterWrite ? reserved : b.getInt32(-1), pred);
  call->replaceAllUsesWith(result);
  call->eraseFromParent();
}

} // namespace

bool lowerPrintf(llvm::Function &body) {
  std::vector<llvm::CallInst *> calls;
  for (llvm::BasicBlock &bb : body)
    for (llvm::Instruction &inst : bb)
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst))
        if (llvm::Function *callee = call->getCalledFunction())
          if (callee->getName() == "printf")
            calls.push_back(call);
  if (calls.empty())
    return false;
  WorkItemParams p{unsigned(body.arg_size() - WorkItemParams::kCount)};
  for (llvm::CallInst *call : calls)
    lowerCall(call, body.getArg(p.ctx()));
  return true;
}


llvm::PreservedAnalyses PrintfLoweringPass::run(llvm::Module &module,
                                                llvm::ModuleAnalysisManager &) {
  bool changed = false;
  for (llvm::Function *body : kernelBodies(module))
    if (lowerPrintf(*body)) {
      kernelOfBody(*body)->addFnAttr(attr::kPrintf, "1");
      changed = true;
    }
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace corecl::compiler
