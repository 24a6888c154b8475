// Crash recovery for builds (crash_recovery.h).
//
// CrashRecoveryContext's signal handlers are process-wide: they are
// installed while at least one build runs and removed after the last, so
// an application that has handlers of its own gets them back between
// builds. A signal on a thread that is not building while they are
// installed makes LLVM remove them and raise it again, which reaches the
// application's handler as before.
#include "compiler/crash_recovery.h"

#include <llvm/Support/CrashRecoveryContext.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

namespace corecl::compiler {
namespace {

// Clang's parser and LLVM's passes recurse over expressions and loop nests;
// random and generated kernels nest deeply. Only touched pages cost memory.
constexpr unsigned kBuildStackBytes = 64u << 20;

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
  if (context.RunSafelyOnThread([&] { work(); }, kBuildStackBytes))
    return true;
  what = describeCrash(context.RetCode);
  return false;
}

} // namespace corecl::compiler
