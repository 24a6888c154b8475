// Links the builtins library (builtins/, compiled to bitcode at build time
// and embedded in libCoreCL.so) into a program module.
#include "compiler/pipeline.h"

#include "builtins/builtins_bitcode.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>

namespace corecl::compiler {

bool linkBuiltins(llvm::Module &module, IsaLevel isa, std::string &log) {
  std::string_view bitcode = builtinsBitcode(isa);
  if (bitcode.empty()) {
    log += "internal error: this CoreCL holds no builtins library for the target's ISA level\n";
    return false;
  }
  llvm::MemoryBufferRef buffer(llvm::StringRef(bitcode.data(), bitcode.size()), "corecl-builtins");
  // Lazily: only the functions the program uses are read from the bitcode,
  // so build time does not grow with the size of the library.
  auto builtins = llvm::getLazyBitcodeModule(buffer, module.getContext());
  if (!builtins) {
    log += "internal error: cannot read CoreCL's builtins library: " +
           llvm::toString(builtins.takeError()) + "\n";
    return false;
  }
  (*builtins)->setDataLayout(module.getDataLayout());
  (*builtins)->setTargetTriple(module.getTargetTriple());
  // Parts of the library are compiled for the host (see builtins/): give
  // every function the program's calling convention and no CPU attributes,
  // so calls match and inlining is allowed until the module is retargeted.
  for (llvm::Function &f : **builtins)
    f.setCallingConv(llvm::CallingConv::SPIR_FUNC);
  bool failed = llvm::Linker::linkModules(
      module, std::move(*builtins), llvm::Linker::LinkOnlyNeeded,
      [](llvm::Module &linked, const llvm::StringSet<> &names) {
        for (const auto &name : names)
          if (llvm::Function *f = linked.getFunction(name.getKey())) {
            f->setCallingConv(llvm::CallingConv::SPIR_FUNC);
            f->removeFnAttr("target-cpu");
            f->removeFnAttr("target-features");
            f->removeFnAttr("tune-cpu");
          }
      });
  if (failed) {
    log += "internal error: linking CoreCL's builtins library failed\n";
    return false;
  }
  return true;
}

} // namespace corecl::compiler
