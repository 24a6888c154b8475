// A unit of work in a device's dependency graph. Each command counts its
// unfinished dependencies; the thread that finishes the last one spawns the
// command into its executor. Status moves QUEUED, SUBMITTED, RUNNING, then
// COMPLETE or a negative error, exactly once each.
//
// The values match the OpenCL execution-status codes, but this layer includes
// no API header: src/ maps between the two.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <vector>

namespace corecl::rt {

class Executor;

namespace status {
inline constexpr int kComplete = 0;
inline constexpr int kRunning = 1;
inline constexpr int kSubmitted = 2;
inline constexpr int kQueued = 3;
/// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST: a dependency failed.
inline constexpr int kDependencyFailed = -14;
} // namespace status

/// Executed: the command's own work is done; Ended: it has finished, its
/// child commands too (device-side enqueue; CL_PROFILING_COMMAND_END and
/// _COMPLETE). A command that never runs has no Executed time.
enum class Stage { Queued, Submitted, Started, Executed, Ended };

class Command {
public:
  /// `timestamps`: record the stage times (only profiling queues read them,
  /// and a clock read per stage is a measurable part of a tiny launch).
  explicit Command(bool timestamps = true);
  virtual ~Command();
  Command(const Command &) = delete;
  Command &operator=(const Command &) = delete;

  /// Lifetime is owned by the subclass (the API object's reference count).
  virtual void retainCommand() = 0;
  virtual void releaseCommand() = 0;

  /// Before commit(): this command will not start before `dep` finishes.
  /// With `propagateFailure` (an explicit wait-list entry), a failed `dep`
  /// makes this command fail with kDependencyFailed; an ordering-only edge
  /// (the previous command of an in-order queue) just waits.
  void addDependency(Command &dep, bool propagateFailure = true);

  /// Hands the command to `executor`; it runs once every dependency is done.
  /// A command with no executor is a user event: it only finishes through
  /// finishExternally().
  void commit(Executor *executor);

  /// Before commit(): if every dependency is already done at commit, run
  /// the command right there on the committing thread instead of handing it
  /// to a worker. For work shorter than a worker's wake-up (tiny kernels);
  /// a command that becomes ready later still goes to a worker.
  void runOnCommitIfReady() { runOnCommit_ = true; }

  /// Finishes a command that never runs (a user event). Returns false if it
  /// had already finished.
  bool finishExternally(int finalStatus);

  int status() const { return status_.load(std::memory_order_acquire); }
  bool finished() const { return status() <= status::kComplete; }

  /// Blocks until the command finished and its status hooks ran; returns
  /// the final status.
  int wait();

  /// While execute() runs, on its thread: child commands (device-side
  /// enqueue) that must complete before this command does. Each hold is
  /// given back by releaseCompletion(); the command finishes when its own
  /// work and every hold are done, with its own work's status.
  void holdCompletion() { holds_.fetch_add(1, std::memory_order_relaxed); }
  void releaseCompletion();

  /// The command whose execute() runs on the calling thread, or null.
  static Command *running();

  uint64_t timestamp(Stage stage) const {
    return stageTimes_[int(stage)].load(std::memory_order_acquire);
  }

protected:
  /// Does the work on a worker thread; returns 0 or a negative error.
  virtual int execute() = 0;
  /// Called after each status transition on the thread that made it.
  virtual void onStatus(int newStatus) {}
  /// Lets a subclass mark the command as submitted right away (user events).
  void setInitialStatus(int s) { status_.store(s, std::memory_order_release); }

private:
  void dependencyDone(bool failed, bool atCommit = false);
  void launch(bool atCommit);
  void run();
  /// Returns false if the command had already finished.
  bool finish(int finalStatus);
  void stamp(Stage stage);

  std::atomic<int> status_{status::kQueued};
  std::atomic<int> holds_{1};               // 1 = the command's own work
  int result_ = status::kComplete;          // its own work's, for the last release
  std::atomic<int> pendingDependencies_{1}; // 1 = the commit guard
  std::atomic<bool> dependencyFailed_{false};
  Executor *executor_ = nullptr;
  const bool timestamps_;
  bool runOnCommit_ = false;

  std::mutex mutex_;
  std::condition_variable done_;
  bool finishedLocked_ = false; // status final, successors taken
  bool hooksDone_ = false;      // waiters may return
  struct Successor {
    Command *command;
    bool propagateFailure;
  };
  std::vector<Successor> successors_;
  std::atomic<uint64_t> stageTimes_[5] = {};
};

} // namespace corecl::rt
