// Crash recovery for builds (crash_recovery.h).
//
// CrashRecoveryContext's signal handlers are process-wide: they are
// installed while at least one build runs and removed after the last, so
// an application that has handlers of its own gets them back between
// builds. A signal on a thread that is not building while they are
// installed makes LLVM remove them and raise it again, which reaches the
// application's handler as before.
//
// A stack overflow needs more: the kernel cannot run a handler on the
// stack that overflowed, so the process would die. Each build thread gets
// an alternate signal stack, and LLVM's SIGSEGV/SIGBUS handlers are
// wrapped by one that runs there (SA_ONSTACK), notes whether the fault hit
// the build thread's stack guard, and passes the signal on to LLVM's
// handler, which unwinds the build.
#include "compiler/crash_recovery.h"

#include "compiler/build_threads.h"

#include <llvm/Support/CrashRecoveryContext.h>

#include <signal.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>

namespace corecl::compiler {
namespace {

/// What the fault handler knows of the build running on this thread.
struct BuildState {
  bool stackOverflowed = false;
  // Set by abandonBuild. A fixed buffer: it may be written out of memory.
  bool abandoned = false;
  bool outOfMemory = false;
  char reason[512] = {};
  const char *note = nullptr; // CrashNote's, while one lives
};
thread_local BuildState *tBuild = nullptr;

// LLVM's handlers, which onFault passes signals on to.
struct sigaction gLlvmSegv, gLlvmBus;

/// A fault within this distance below (or slightly above) the lowest
/// stack address is the stack's guard being hit.
constexpr uintptr_t kGuardReach = 1u << 20;

void onFault(int signal, siginfo_t *info, void *context) {
  BuildState *build = onBuildThread() ? tBuild : nullptr;
  if (build) {
    auto address = reinterpret_cast<uintptr_t>(info->si_addr);
    uintptr_t stackLow = buildThreadStackLow();
    if (address + kGuardReach >= stackLow && address < stackLow + 4096 * 4)
      build->stackOverflowed = true;
  }
  const struct sigaction &next = signal == SIGBUS ? gLlvmBus : gLlvmSegv;
  if (next.sa_flags & SA_SIGINFO) {
    next.sa_sigaction(signal, info, context);
  } else if (next.sa_handler != SIG_DFL && next.sa_handler != SIG_IGN) {
    next.sa_handler(signal);
  } else {
    ::signal(signal, SIG_DFL);
    raise(signal);
  }
}

/// Puts onFault in front of LLVM's handler for `signal`, unless it is
/// there already (LLVM's Enable() does nothing while its handlers stand).
void wrapLlvmHandler(int signal, struct sigaction &saved) {
  struct sigaction current;
  if (sigaction(signal, nullptr, &current) != 0)
    return;
  if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == onFault)
    return;
  saved = current;
  struct sigaction wrapper = {};
  wrapper.sa_sigaction = onFault;
  wrapper.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&wrapper.sa_mask);
  sigaction(signal, &wrapper, nullptr);
}

bool recoveryWanted() {
  const char *setting = std::getenv("CORECL_CRASH_RECOVERY");
  return !setting || std::strcmp(setting, "0") != 0;
}

bool abandonBuildForMemory();

// The application's new-handler, called for allocations that fail outside
// a build while CoreCL's is installed.
std::new_handler gApplicationNewHandler = nullptr;

/// operator new's handler while builds run. Clang and LLVM are compiled
/// without exception handling: a bad_alloc thrown through their frames
/// skips their cleanups and leaves objects (the parser, the preprocessor)
/// half torn down for the next destructor to crash on. On a build thread
/// the build is abandoned instead, before anything is thrown.
void onNewFailure() {
  abandonBuildForMemory(); // returns only off build threads
  if (gApplicationNewHandler)
    gApplicationNewHandler();
  else
    throw std::bad_alloc();
}

/// Installs LLVM's handlers for as long as one instance lives.
class RecoveryScope {
public:
  RecoveryScope() {
    std::lock_guard<std::mutex> lock(mutex());
    // Enable() again even when others are running: a foreign signal may
    // have made LLVM remove the handlers meanwhile. It does nothing if they
    // are in place.
    llvm::CrashRecoveryContext::Enable();
    wrapLlvmHandler(SIGSEGV, gLlvmSegv);
    wrapLlvmHandler(SIGBUS, gLlvmBus);
    if (count() == 0) {
      std::new_handler previous = std::set_new_handler(onNewFailure);
      gApplicationNewHandler = previous == onNewFailure ? nullptr : previous;
    }
    ++count();
  }
  ~RecoveryScope() {
    std::lock_guard<std::mutex> lock(mutex());
    if (--count() == 0) {
      llvm::CrashRecoveryContext::Disable();
      std::set_new_handler(gApplicationNewHandler);
    }
  }
  RecoveryScope(const RecoveryScope &) = delete;
  RecoveryScope &operator=(const RecoveryScope &) = delete;

private:
  static std::mutex &mutex() {
    static std::mutex m;
    return m;
  }
  static unsigned &count() {
    static unsigned n = 0;
    return n;
  }
};

std::string describeCrash(int retCode) {
  // On POSIX systems LLVM reports a signal as 128 plus its number.
  if (retCode > 128) {
    int signal = retCode - 128;
    const char *name = strsignal(signal);
    return "signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")";
  }
  return "exit code " + std::to_string(retCode);
}

} // namespace

bool abandonBuild(bool outOfMemory, const char *reason) {
  // Any thread's failed allocation comes here while a build runs; only
  // build threads have (or may touch) the thread-local build state.
  if (!onBuildThread())
    return false;
  BuildState *build = tBuild;
  llvm::CrashRecoveryContext *context = llvm::CrashRecoveryContext::GetCurrent();
  if (!build || !context)
    return false;
  build->abandoned = true;
  build->outOfMemory = outOfMemory;
  std::strncpy(build->reason, reason ? reason : "", sizeof build->reason - 1);
  context->HandleExit(1); // unwinds to RunSafely without returning
  return true;
}

CrashNote::CrashNote(const char *note) {
  if (tBuild)
    tBuild->note = note;
}

CrashNote::~CrashNote() {
  if (tBuild)
    tBuild->note = nullptr;
}

namespace {

bool abandonBuildForMemory() {
  return abandonBuild(/*outOfMemory=*/true, "out of memory");
}

} // namespace

bool runRecoveringCrashes(const std::function<void()> &work, std::string &what) {
  if (!recoveryWanted()) {
    work();
    return true;
  }
  RecoveryScope scope;
  BuildState build;
  bool finished = false;
  int retCode = 0;
  runOnBuildThread([&] {
    llvm::CrashRecoveryContext context;
    tBuild = &build;
    finished = context.RunSafely(work);
    tBuild = nullptr;
    retCode = context.RetCode;
    return finished;
  }); // throws bad_alloc without a thread
  if (build.abandoned && build.outOfMemory && !build.note)
    throw std::bad_alloc();
  if (finished)
    return true;
  if (build.note)
    what = std::string(build.note) +
           (build.abandoned && build.outOfMemory
                ? ": reading it ran out of memory (a corrupted size, or too little memory)"
                : ": LLVM failed on it (" +
                      (build.abandoned ? std::string(build.reason) : describeCrash(retCode)) + ")");
  else if (build.abandoned)
    what = std::string("LLVM fatal error: ") + build.reason;
  else if (build.stackOverflowed)
    what = "stack overflow: the program nests expressions or statements more deeply than the "
           "compiler's stack holds";
  else
    what = describeCrash(retCode);
  return false;
}

} // namespace corecl::compiler
