#include "compiler/jit.h"

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/TargetParser/Host.h>

namespace corecl::compiler {

class JitProgram {
public:
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

JitProgramPtr jitLoadObject(const std::string &object, const Target &target, std::string &log) {
  llvm::orc::JITTargetMachineBuilder machine(llvm::Triple(llvm::sys::getProcessTriple()));
  machine.setCPU(target.cpuName);
  machine.addFeatures(std::vector<std::string>{target.cpuFeatures});
  auto jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(machine)).create();
  if (!jit) {
    log += "error: cannot create the JIT: " + llvm::toString(jit.takeError()) + "\n";
    return nullptr;
  }
  JitProgramPtr program(new JitProgram());
  program->jit = std::move(*jit);
  char prefix = program->jit->getDataLayout().getGlobalPrefix();
  auto generator = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!generator) {
    log += "error: " + llvm::toString(generator.takeError()) + "\n";
    return nullptr;
  }
  program->jit->getMainJITDylib().addGenerator(std::move(*generator));
  // The C math library by name: through the ICD loader CoreCL is opened
  // with RTLD_LOCAL, so libm's symbols need not be in the process's global
  // scope even though libCoreCL.so depends on it.
  if (auto libm = llvm::orc::DynamicLibrarySearchGenerator::Load("libm.so.6", prefix))
    program->jit->getMainJITDylib().addGenerator(std::move(*libm));
  else
    llvm::consumeError(libm.takeError());
  // Failures come back from lookups into the build log; the session must not
  // print them on the application's stderr.
  program->jit->getExecutionSession().setErrorReporter([](llvm::Error err) {
    llvm::consumeError(std::move(err));
  });
  if (auto err = program->jit->addObjectFile(
          llvm::MemoryBuffer::getMemBufferCopy(object, "corecl-program"))) {
    log += "error: cannot load the program's code: " + llvm::toString(std::move(err)) + "\n";
    return nullptr;
  }
  return program;
}

void *jitLookup(JitProgram &program, const std::string &name, std::string &log) {
  auto symbol = program.jit->lookup(name);
  if (!symbol) {
    log += "error: code generation failed for '" + name +
           "': " + llvm::toString(symbol.takeError()) + "\n";
    return nullptr;
  }
  return symbol->toPtr<void *>();
}

void destroyJitProgram(JitProgram *program) { delete program; }

} // namespace corecl::compiler
