// The threads builds run on: a large stack for Clang's and LLVM's
// recursion, an alternate signal stack so that a fault handler can run
// even when the stack overflowed, and kept from one build to the next.
//
// Kept, because a new thread's first touch of a dlopen'ed library's
// thread-local data makes glibc allocate it, and glibc ends the process
// when that allocation fails ("cannot allocate memory for thread-local
// data"): a build under memory pressure must not need a new thread.
#pragma once
#include <cstdint>
#include <functional>

namespace corecl::compiler {

/// Runs `job` on a build thread and waits for it. `job` returns whether
/// the thread may serve later builds (false after a crash: LLVM's
/// thread-local state may point into the abandoned frames). Throws
/// std::bad_alloc when no thread is free and none can be created.
void runOnBuildThread(const std::function<bool()> &job);

/// Whether the calling thread is a build thread. Reads no thread-local
/// data and allocates nothing, so fault and out-of-memory handlers on any
/// thread may ask before they touch CoreCL's thread-local data (which
/// glibc would allocate on a thread's first touch). At most 64 build
/// threads exist at once; runOnBuildThread throws std::bad_alloc past that.
bool onBuildThread();

/// The lowest address of this build thread's stack; 0 on other threads.
uintptr_t buildThreadStackLow();

} // namespace corecl::compiler
