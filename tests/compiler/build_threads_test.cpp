// The fault and out-of-memory handlers CoreCL installs while a build runs
// see every thread of the process. They must know build threads from the
// application's without touching CoreCL's thread-local data (glibc
// allocates it on a thread's first touch and ends the process when that
// fails), and pass an application thread's failed allocation on as
// std::bad_alloc, as if no build were running.
#include "../sanitized.h"
#include "compiler/build_threads.h"
#include "compiler/crash_recovery.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <new>
#include <string>
#include <thread>

namespace corecl::compiler {
namespace {

TEST(BuildThreads, BuildThreadsAreKnownWithoutThreadLocalData) {
  EXPECT_FALSE(onBuildThread());
  bool inside = false;
  runOnBuildThread([&] {
    inside = onBuildThread();
    return true;
  });
  EXPECT_TRUE(inside);
  bool onOther = true;
  std::thread([&] { onOther = onBuildThread(); }).join();
  EXPECT_FALSE(onOther);
}


TEST(BuildThreads, AnApplicationThreadsFailedAllocationDuringABuildIsBadAlloc) {
  if (test::kSanitized)
    GTEST_SKIP() << "the sanitizers' allocators end the process on a huge request";
  std::atomic<bool> building{false}, allocated{false};
  std::string what;
  std::thread build([&] {
    bool finished = runRecoveringCrashes(
        [&] {
          building = true;
          while (!allocated)
            std::this_thread::yield();
        },
        what);
    EXPECT_TRUE(finished) << what;
  });
  while (!building)
    std::this_thread::yield();
  // The build's new-handler is installed now; this thread is not a build.
  bool threw = false;
  try {
    volatile size_t huge = size_t(1) << 62;
    void *volatile p = ::operator new(huge); // volatile: not elided
    ::operator delete(p);
  } catch (const std::bad_alloc &) {
    threw = true;
  }
  allocated = true;
  build.join();
  EXPECT_TRUE(threw);
  EXPECT_FALSE(abandonBuild(true, "not a build thread"));
}

} // namespace
} // namespace corecl::compiler
