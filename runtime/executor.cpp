#include "runtime/executor.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <memory>

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
}

} // namespace

struct Executor::Impl {
  explicit Impl(unsigned concurrency)
      : arena(int(concurrency), /*reserved_for_masters=*/0) {}
  tbb::task_arena arena;
};

Executor::Executor(unsigned concurrency) : concurrency_(concurrency ? concurrency : 1) {
  ensureEnoughWorkers(concurrency_);
  impl_ = std::make_unique<Impl>(concurrency_);
  impl_->arena.initialize();
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

void Executor::execute(const std::function<void()> &body) { impl_->arena.execute(body); }

} // namespace corecl::rt
