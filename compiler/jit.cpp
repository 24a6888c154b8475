#include "compiler/jit.h"

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/Module.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/TargetParser/Host.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <unistd.h>
#include <vector>

namespace corecl::compiler {

class JitProgram {
public:
  std::unique_ptr<llvm::orc::LLJIT> jit;
  /// Objects loaded so that they can be taken out again, by number.
  std::mutex trackersMutex;
  std::map<uint64_t, llvm::orc::ResourceTrackerSP> trackers;
  uint64_t nextTracker = 0;
  /// What the session reported while materialising (the cause behind a
  /// lookup's "Failed to materialize symbols").
  std::mutex reportedMutex;
  std::string reported;
};

namespace {

/// With CORECL_PERF_MAP=1, names the program's functions for Linux perf in
/// /tmp/perf-<pid>.map (perf's convention for JIT code), so that a profile
/// of a real application shows which kernel, and with perf annotate on
/// the object file written beside the CORECL_DUMP_ASM listing, which
/// instructions take the time. (The listing alone does not do: it comes
/// from a second code generation, and its offsets drifted from the JIT's.)
void announceToProfilers(llvm::orc::LLJIT &jit, const std::string &object) {
  const char *wanted = std::getenv("CORECL_PERF_MAP");
  if (!wanted || std::string(wanted) != "1")
    return;
  if (const char *dir = std::getenv("CORECL_DUMP_ASM")) {
    static std::atomic<unsigned> counter{0};
    std::string path = std::string(dir) + "/jit." + std::to_string(::getpid()) + "." +
                       std::to_string(counter++) + ".o";
    if (std::FILE *out = std::fopen(path.c_str(), "wb")) {
      std::fwrite(object.data(), 1, object.size(), out);
      std::fclose(out);
    }
  }
  auto file =
      llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(object, "corecl-program"));
  if (!file) {
    llvm::consumeError(file.takeError());
    return;
  }
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  std::string path = "/tmp/perf-" + std::to_string(::getpid()) + ".map";
  std::FILE *map = std::fopen(path.c_str(), "a");
  if (!map)
    return;
  // Local functions (a region's row of packets) cannot be looked up by
  // name; they are placed at the same distance from an exported function
  // of their section as in the object.
  struct Function {
    std::string name;
    uint64_t offset, size;
    llvm::object::section_iterator section;
    bool exported;
  };
  std::vector<Function> functions;
  for (const llvm::object::SymbolRef &symbol : (*file)->symbols()) {
    auto type = symbol.getType();
    auto name = symbol.getName();
    auto offset = symbol.getValue();
    auto section = symbol.getSection();
    auto flags = symbol.getFlags();
    if (!type || !name || !offset || !section || !flags ||
        *type != llvm::object::SymbolRef::ST_Function) {
      if (!type)
        llvm::consumeError(type.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
      if (!offset)
        llvm::consumeError(offset.takeError());
      if (!section)
        llvm::consumeError(section.takeError());
      if (!flags)
        llvm::consumeError(flags.takeError());
      continue;
    }
    functions.push_back({name->str(), *offset, llvm::object::ELFSymbolRef(symbol).getSize(),
                         *section, (*flags & llvm::object::SymbolRef::SF_Global) != 0});
  }
  std::vector<std::pair<llvm::object::section_iterator, uint64_t>> sectionBases;
  for (const Function &function : functions) {
    if (!function.exported)
      continue;
    auto address = jit.lookup(function.name);
    if (!address) {
      llvm::consumeError(address.takeError());
      continue;
    }
    sectionBases.emplace_back(function.section, address->getValue() - function.offset);
  }
  for (const Function &function : functions)
    for (const auto &[section, base] : sectionBases)
      if (section == function.section) {
        std::fprintf(map, "%llx %llx %s\n", (unsigned long long)(base + function.offset),
                     (unsigned long long)function.size, function.name.c_str());
        break;
      }
  std::fclose(map);
}

} // namespace

JitProgramPtr jitCreate(const Target &target, std::string &log) {
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
  // The same for libgcc_s: half conversions without F16C (x86-64-v2), and
  // from double at every level, are its __extendhfsf2, __truncsfhf2 and
  // __truncdfhf2 (correctly rounded, half passed in xmm registers as LLVM
  // passes it).
  for (const char *library : {"libm.so.6", "libgcc_s.so.1"}) {
    if (auto found = llvm::orc::DynamicLibrarySearchGenerator::Load(library, prefix))
      program->jit->getMainJITDylib().addGenerator(std::move(*found));
    else
      llvm::consumeError(found.takeError());
  }
  // Failures come back from lookups into the build log; the session must not
  // print them on the application's stderr.
  JitProgram *self = program.get();
  program->jit->getExecutionSession().setErrorReporter([self](llvm::Error err) {
    std::string text = llvm::toString(std::move(err));
    std::lock_guard lock(self->reportedMutex);
    self->reported += text + "\n";
  });
  return program;
}

bool jitAddObject(JitProgram &program, const std::string &object, std::string &log,
                  uint64_t *removable) {
  llvm::orc::JITDylib &dylib = program.jit->getMainJITDylib();
  llvm::orc::ResourceTrackerSP tracker =
      removable ? dylib.createResourceTracker() : dylib.getDefaultResourceTracker();
  if (auto err = program.jit->addObjectFile(
          tracker, llvm::MemoryBuffer::getMemBufferCopy(object, "corecl-program"))) {
    log += "error: cannot load the program's code: " + llvm::toString(std::move(err)) + "\n";
    return false;
  }
  if (removable) {
    std::lock_guard lock(program.trackersMutex);
    *removable = program.nextTracker++;
    program.trackers.emplace(*removable, std::move(tracker));
  }
  announceToProfilers(*program.jit, object);
  return true;
}

void jitRemoveObject(JitProgram &program, uint64_t number) {
  llvm::orc::ResourceTrackerSP tracker;
  {
    std::lock_guard lock(program.trackersMutex);
    auto it = program.trackers.find(number);
    if (it == program.trackers.end())
      return;
    tracker = std::move(it->second);
    program.trackers.erase(it);
  }
  llvm::consumeError(tracker->remove());
}

void *jitLookup(JitProgram &program, const std::string &name, std::string &log) {
  auto symbol = program.jit->lookup(name);
  if (!symbol) {
    std::string cause;
    {
      std::lock_guard lock(program.reportedMutex);
      cause.swap(program.reported);
    }
    // The JIT maps memory for the code: out of address space, that fails
    // with ENOMEM, which the build reports as CL_OUT_OF_HOST_MEMORY.
    if (cause.find(std::strerror(ENOMEM)) != std::string::npos) {
      llvm::consumeError(symbol.takeError());
      throw std::bad_alloc();
    }
    log += "error: code generation failed for '" + name +
           "': " + llvm::toString(symbol.takeError()) + "\n" + cause;
    return nullptr;
  }
  return symbol->toPtr<void *>();
}

void destroyJitProgram(JitProgram *program) {
  delete program;
}

} // namespace corecl::compiler
