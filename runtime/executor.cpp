#include "runtime/executor.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

// ThreadSanitizer cannot see the synchronisation inside libtbb (it is not
// instrumented), so every hand-off from spawn() to a worker would look like
// a race. Under TSan the hand-off is announced explicitly.
#if defined(__SANITIZE_THREAD__)
#define CORECL_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CORECL_TSAN 1
#endif
#endif
#ifdef CORECL_TSAN
extern "C" void __tsan_acquire(void *addr);
extern "C" void __tsan_release(void *addr);
#endif

namespace corecl::rt {
namespace {

/// oneTBB starts (hardware threads - 1) workers by default, expecting the
/// application's thread to join. CoreCL's commands run only on workers, so
/// the pool needs one worker per hardware thread. A global_control can only
/// lower the limit other controls set, so this never raises an application's
/// own cap.
void ensureEnoughWorkers(unsigned concurrency) {
  static tbb::global_control control(tbb::global_control::max_allowed_parallelism,
                                     size_t(concurrency) + 1);
  // Groups of one work-item keep private arrays on the worker's stack (up
  // to the device's 2 MiB per work-item, 16 work-items at a time): 64 MiB
  // of address space, touched only as deep as a kernel goes. oneTBB's
  // default is 4 MiB. The largest stack size any control asks for wins.
  static tbb::global_control stack(tbb::global_control::thread_stack_size, size_t(64) << 20);
}

} // namespace

struct Executor::Impl {
  explicit Impl(unsigned concurrency) : arena(int(concurrency), /*reserved_for_masters=*/0) {}
  tbb::task_arena arena;
};

namespace {

/// The workers' start-up: each start task holds its worker until all have
/// started (so they land on different workers) or the deadline passes.
struct StartUp {
  std::mutex mutex;
  std::condition_variable changed;
  unsigned started = 0;
};

// Threads start within milliseconds; only a machine out of memory or
// threads fails to start them at all.
constexpr std::chrono::seconds kStartDeadline{5};

} // namespace

Executor::Executor(unsigned concurrency) : concurrency_(concurrency ? concurrency : 1) {
  ensureEnoughWorkers(concurrency_);
  impl_ = std::make_unique<Impl>(concurrency_);
  impl_->arena.initialize();
  startWorkers();
}

void Executor::startWorkers() {
  // oneTBB creates workers when work first arrives. Created then, under
  // memory pressure, they may never come, and enqueued commands would wait
  // forever; created now, they exist for the device's life.
  auto state = std::make_shared<StartUp>();
  auto deadline = std::chrono::steady_clock::now() + kStartDeadline;
  const unsigned wanted = concurrency_;
#ifdef CORECL_TSAN
  // As in spawn(): TSan cannot see the hand-off inside libtbb.
  __tsan_release(state.get());
#endif
  try {
    for (unsigned i = 0; i < wanted; ++i)
      impl_->arena.enqueue([state, deadline, wanted] {
#ifdef CORECL_TSAN
        __tsan_acquire(state.get());
#endif
        std::unique_lock lock(state->mutex);
        ++state->started;
        state->changed.notify_all();
        state->changed.wait_until(lock, deadline, [&] { return state->started >= wanted; });
      });
  } catch (...) {
    // Out of memory for the tasks themselves: the wait below decides.
  }
  std::unique_lock lock(state->mutex);
  state->changed.wait_until(lock, deadline, [&] { return state->started >= wanted; });
  workersStarted_ = state->started;
}

Executor::~Executor() = default;

void Executor::spawn(std::function<void()> task) {
#ifdef CORECL_TSAN
  auto shared = std::make_shared<std::function<void()>>(std::move(task));
  __tsan_release(shared.get());
  impl_->arena.enqueue([shared] {
    __tsan_acquire(shared.get());
    (*shared)();
  });
#else
  impl_->arena.enqueue(std::move(task));
#endif
}

} // namespace corecl::rt
