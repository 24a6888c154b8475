// Image reads and writes inlined into a kernel while they fit a budget
// (inline_image_accesses.cpp).
#pragma once
#include <llvm/IR/PassManager.h>

#include <vector>

namespace corecl::compiler {

/// Whether `f` is one of the builtins library's image reads or writes
/// (read_image{f,i,ui,h}, write_image{f,i,ui,h}, with or without a
/// sampler), whose bodies handle every image format at run time.
bool isImageAccessBuiltin(const llvm::Function &f);

/// Whether `f` is a part of the image builtins kept out of line for good
/// (named __corecl_cold_*: the formats few programs use).
bool isColdImageBuiltin(const llvm::Function &f);

/// Instructions of inlined image accesses a kernel may hold: about ten
/// reads or writes of 2-D images, 25 reads of a stencil (a 5x5
/// convolution) and a write.
inline constexpr unsigned kInlinedImageAccessBudget = 10000;

/// Inlines the calls of each kernel in `module` to image access builtins
/// while they fit `budget` (instructions), all the calls to one builtin or
/// none, and returns the kernels that changed; the others stay calls. The
/// builtins' own bodies must be simplified already.
std::vector<llvm::Function *>
inlineImageAccessesWithinBudget(llvm::Module &module, unsigned budget = kInlinedImageAccessBudget);

/// inlineImageAccessesWithinBudget as a pass, for tests.
struct InlineImageAccessesPass : llvm::PassInfoMixin<InlineImageAccessesPass> {
  explicit InlineImageAccessesPass(unsigned budget) : budget(budget) {}
  llvm::PreservedAnalyses run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
    return inlineImageAccessesWithinBudget(module, budget).empty()
               ? llvm::PreservedAnalyses::all()
               : llvm::PreservedAnalyses::none();
  }
  unsigned budget;
};

} // namespace corecl::compiler
