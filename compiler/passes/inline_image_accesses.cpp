// An image read or write does not know its image's format until the
// kernel runs: its body decodes every channel order and type (lib/
// image_rw.cl, lib/image_sample.cl), several hundred instructions once
// inlined. Inlined, a kernel's accesses vectorise across its work-items
// (the format is the same for all of them) and fold with a sampler written
// in the source; that is worth it for the few accesses most kernels make.
// A kernel making dozens (an unrolled stencil over an image) would grow
// by tens of thousands of instructions, which packets multiply again and
// code generation takes minutes over: such a kernel calls them instead,
// one call a work-item.
#include "compiler/passes/inline_image_accesses.h"

#include "compiler/kernel_metadata.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace corecl::compiler {
namespace {

/// The calls of `kernel` to image access builtins.
std::vector<llvm::CallInst *> imageAccessCalls(llvm::Function &kernel) {
  std::vector<llvm::CallInst *> calls;
  for (llvm::Instruction &inst : llvm::instructions(kernel))
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst))
      if (llvm::Function *callee = call->getCalledFunction();
          callee && !callee->isDeclaration() && isImageAccessBuiltin(*callee))
        calls.push_back(call);
  return calls;
}

} // namespace

bool isImageAccessBuiltin(const llvm::Function &f) {
  // Itanium-mangled: _Z<length><name>...
  llvm::StringRef name = f.getName();
  if (!name.consume_front("_Z"))
    return false;
  name = name.drop_while([](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  return name.starts_with("read_image") || name.starts_with("write_image");
}

bool isColdImageBuiltin(const llvm::Function &f) {
  return f.getName().starts_with("__corecl_cold_");
}

std::vector<llvm::Function *> inlineImageAccessesWithinBudget(llvm::Module &module,
                                                              unsigned budget) {
  std::vector<llvm::Function *> changed;
  for (llvm::Function &kernel : module) {
    if (kernel.isDeclaration() || !isKernel(kernel))
      continue;
    // Builtin by builtin, those whose calls cost least together first:
    // a kernel reading an image at many places and writing it at one
    // still has its write inlined.
    std::map<llvm::Function *, std::vector<llvm::CallInst *>> callsOf;
    for (llvm::CallInst *call : imageAccessCalls(kernel))
      callsOf[call->getCalledFunction()].push_back(call);
    std::vector<std::pair<uint64_t, llvm::Function *>> byCost;
    for (auto &[callee, calls] : callsOf)
      byCost.emplace_back(uint64_t(callee->getInstructionCount()) * calls.size(), callee);
    std::sort(byCost.begin(), byCost.end(), [](const auto &a, const auto &b) {
      return a.first != b.first ? a.first < b.first : a.second->getName() < b.second->getName();
    });
    uint64_t left = budget;
    bool inlined = false;
    for (auto &[cost, callee] : byCost) {
      if (cost > left)
        break;
      left -= cost;
      for (llvm::CallInst *call : callsOf[callee]) {
        llvm::InlineFunctionInfo info;
        inlined |= llvm::InlineFunction(*call, info).isSuccess();
      }
    }
    if (inlined)
      changed.push_back(&kernel);
  }
  return changed;
}

} // namespace corecl::compiler
