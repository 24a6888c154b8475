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

#include <clang/Basic/Stack.h>
#include <llvm/Support/CrashRecoveryContext.h>

#include <pthread.h>
#include <signal.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

namespace corecl::compiler {
namespace {

// Clang's parser and LLVM's passes recurse over expressions and loop nests;
// random and generated kernels nest deeply. Only touched pages cost memory.
constexpr unsigned kBuildStackBytes = 64u << 20;

// Where a fault handler runs on a build thread: LLVM's handler, the
// unwinding longjmp and the report need a few KiB; MINSIGSTKSZ is not
// enough for glibc's signal frames with AVX-512 state.
constexpr size_t kSignalStackBytes = 256u << 10;

/// What the fault handler knows of the build running on this thread.
struct BuildThread {
  uintptr_t stackLow = 0; // lowest usable address of the thread's stack
  bool stackOverflowed = false;
};
thread_local BuildThread *tBuildThread = nullptr;

// LLVM's handlers, which onFault passes signals on to.
struct sigaction gLlvmSegv, gLlvmBus;

/// A fault within this distance below (or slightly above) the lowest
/// stack address is the stack's guard being hit.
constexpr uintptr_t kGuardReach = 1u << 20;

void onFault(int signal, siginfo_t *info, void *context) {
  if (BuildThread *build = tBuildThread) {
    auto address = reinterpret_cast<uintptr_t>(info->si_addr);
    if (address + kGuardReach >= build->stackLow && address < build->stackLow + 4096 * 4)
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

/// Notes this thread's stack for onFault and for Clang (whose own checks
/// then know how deep it is), and gives the thread its signal stack.
void prepareBuildThread(BuildThread &build, char *signalStack) {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
    void *low = nullptr;
    size_t size = 0;
    if (pthread_attr_getstack(&attributes, &low, &size) == 0)
      build.stackLow = reinterpret_cast<uintptr_t>(low);
    pthread_attr_destroy(&attributes);
  }
  clang::noteBottomOfStack();
  stack_t alternate = {};
  alternate.ss_sp = signalStack;
  alternate.ss_size = kSignalStackBytes;
  sigaltstack(&alternate, nullptr);
  tBuildThread = &build;
}

bool recoveryWanted() {
  const char *setting = std::getenv("CORECL_CRASH_RECOVERY");
  return !setting || std::strcmp(setting, "0") != 0;
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
    ++count();
  }
  ~RecoveryScope() {
    std::lock_guard<std::mutex> lock(mutex());
    if (--count() == 0)
      llvm::CrashRecoveryContext::Disable();
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

bool runRecoveringCrashes(const std::function<void()> &work, std::string &what) {
  if (!recoveryWanted()) {
    work();
    return true;
  }
  RecoveryScope scope;
  llvm::CrashRecoveryContext context;
  // Owned here: the build thread has ended (and with it the use of its
  // signal stack) when RunSafelyOnThread returns.
  auto signalStack = std::make_unique<char[]>(kSignalStackBytes);
  BuildThread build;
  bool finished = context.RunSafelyOnThread(
      [&] {
        prepareBuildThread(build, signalStack.get());
        work();
        tBuildThread = nullptr;
      },
      kBuildStackBytes);
  if (finished)
    return true;
  what = build.stackOverflowed
             ? "stack overflow: the program nests expressions or statements more deeply than "
               "the compiler's " +
                   std::to_string(kBuildStackBytes >> 20) + " MiB stack holds"
             : describeCrash(context.RetCode);
  return false;
}

} // namespace corecl::compiler
