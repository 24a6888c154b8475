// Keeps a compiler crash inside the build that caused it: the build runs
// on a thread of its own under LLVM's CrashRecoveryContext, so a signal
// (a null dereference in a pass, a trap) ends that build with a log
// instead of ending the application's process.
#pragma once
#include <functional>
#include <string>

namespace corecl::compiler {

/// Runs `work` on a thread with a large stack. Returns true if it ran to
/// its end; throws std::bad_alloc if no thread could be created (out of
/// memory); false if it crashed, with `what` saying how ("signal 11
/// (Segmentation fault)"). Exceptions must not leave `work`.
///
/// What a crashed build owned is leaked, and a lock it held stays held:
/// recovery keeps the process alive, it does not make the crash harmless.
/// A stack overflow is recovered too (the handlers run on an alternate
/// signal stack) and `what` then says so. CORECL_CRASH_RECOVERY=0 turns
/// recovery off (then a debugger sees the crash where it happens).
bool runRecoveringCrashes(const std::function<void()> &work, std::string &what);

/// For LLVM's error handlers: ends the build running on this thread at
/// once (as a crash would: what it owned is leaked) and never returns.
/// runRecoveringCrashes then throws std::bad_alloc for `outOfMemory`, else
/// reports `reason`. Returns false, doing nothing, on any other thread
/// (or with recovery off).
bool abandonBuild(bool outOfMemory, const char *reason);

/// Names what the build thread is doing while it lives, for the report of
/// a crash or allocation failure inside it (kept if the build ends there):
/// "invalid program binary" while LLVM reads an untrusted binary, whose
/// reader crashes on some malformed inputs. runRecoveringCrashes then
/// reports "<note>: ..." and does not throw std::bad_alloc.
class CrashNote {
public:
  explicit CrashNote(const char *note);
  ~CrashNote();
  CrashNote(const CrashNote &) = delete;
  CrashNote &operator=(const CrashNote &) = delete;
};

} // namespace corecl::compiler
