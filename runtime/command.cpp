#include "runtime/command.h"

#include "runtime/clock.h"
#include "runtime/executor.h"

namespace corecl::rt {

Command::Command(bool timestamps) : timestamps_(timestamps) { stamp(Stage::Queued); }

Command::~Command() = default;

void Command::stamp(Stage stage) {
  if (!timestamps_)
    return;
  stageTimes_[int(stage)].store(monotonicNanoseconds(), std::memory_order_release);
}

void Command::addDependency(Command &dep, bool propagateFailure) {
  std::lock_guard lock(dep.mutex_);
  if (dep.finishedLocked_) {
    if (dep.status() < 0 && propagateFailure)
      dependencyFailed_.store(true, std::memory_order_relaxed);
    return;
  }
  pendingDependencies_.fetch_add(1, std::memory_order_relaxed);
  retainCommand(); // held by dep until it finishes
  dep.successors_.push_back({this, propagateFailure});
}

void Command::commit(Executor *executor) {
  executor_ = executor;
  retainCommand(); // in flight until finish()
  dependencyDone(false, /*atCommit=*/true);
}

void Command::dependencyDone(bool failed, bool atCommit) {
  if (failed)
    dependencyFailed_.store(true, std::memory_order_relaxed);
  if (pendingDependencies_.fetch_sub(1, std::memory_order_acq_rel) == 1)
    launch(atCommit);
}

void Command::launch(bool atCommit) {
  if (!executor_)
    return; // a user event waits for finishExternally()
  stamp(Stage::Submitted);
  if (!dependencyFailed_.load(std::memory_order_relaxed)) {
    status_.store(status::kSubmitted, std::memory_order_release);
    onStatus(status::kSubmitted);
  }
  if (atCommit && runOnCommit_) {
    // Ready at commit: one level deep on the committing thread, never a
    // chain (the successors finish() readies go to workers).
    run();
    return;
  }
  // Spawn even a failing command, so that a long chain of failures unwinds
  // on workers instead of recursing on this stack.
  executor_->spawn([this] { run(); });
}

namespace {
// A pointer, constant-initialised: no allocation on a thread's first use.
thread_local Command *runningCommand = nullptr;
} // namespace

Command *Command::running() {
  return runningCommand;
}

void Command::run() {
  if (dependencyFailed_.load(std::memory_order_relaxed)) {
    finish(status::kDependencyFailed);
    return;
  }
  stamp(Stage::Started);
  status_.store(status::kRunning, std::memory_order_release);
  onStatus(status::kRunning);
  Command *outer = runningCommand; // a command may run inside another's wait
  runningCommand = this;
  int result = execute();
  runningCommand = outer;
  stamp(Stage::Executed);
  result_ = result < 0 ? result : status::kComplete;
  releaseCompletion();
}

void Command::releaseCompletion() {
  // The last release sees result_: the work's own release comes after it
  // is written, and acq_rel orders it for whichever release is last.
  if (holds_.fetch_sub(1, std::memory_order_acq_rel) == 1)
    finish(result_);
}

bool Command::finishExternally(int finalStatus) { return finish(finalStatus); }

bool Command::finish(int finalStatus) {
  std::vector<Successor> successors;
  {
    // Check and claim under one lock, so that of two racing finishers (two
    // clSetUserEventStatus calls) exactly one wins and stamps the end time.
    std::lock_guard lock(mutex_);
    if (finishedLocked_)
      return false;
    stamp(Stage::Ended);
    finishedLocked_ = true;
    status_.store(finalStatus, std::memory_order_release);
    successors.swap(successors_);
  }
  onStatus(finalStatus);
  {
    std::lock_guard lock(mutex_);
    hooksDone_ = true;
  }
  done_.notify_all();
  for (const Successor &next : successors) {
    next.command->dependencyDone(finalStatus < 0 && next.propagateFailure);
    next.command->releaseCommand();
  }
  releaseCommand(); // the in-flight reference taken by commit()
  return true;
}

int Command::wait() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return hooksDone_; });
  return status();
}

} // namespace corecl::rt
