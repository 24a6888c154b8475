#include "runtime/executor.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

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

void Executor::spawn(std::function<void()> task) { impl_->arena.enqueue(std::move(task)); }

void Executor::execute(const std::function<void()> &body) { impl_->arena.execute(body); }

} // namespace corecl::rt
