// A device's share of the machine: one oneTBB task_arena whose concurrency is
// the device's compute units. Ready commands are spawned into it; nothing
// polls and no driver thread sits in between.
#pragma once
#include <functional>
#include <memory>

namespace corecl::rt {

class Executor {
public:
  explicit Executor(unsigned concurrency);
  ~Executor();
  Executor(const Executor &) = delete;
  Executor &operator=(const Executor &) = delete;

  /// Fire and forget: runs `task` on one of the arena's workers.
  void spawn(std::function<void()> task);

  unsigned concurrency() const { return concurrency_; }

  /// False if no worker thread could be started (the system is out of
  /// memory or threads): spawned tasks would never run.
  bool hasWorkers() const { return workersStarted_ > 0; }

private:
  void startWorkers();

  struct Impl;
  std::unique_ptr<Impl> impl_;
  unsigned concurrency_;
  unsigned workersStarted_ = 0;
};

} // namespace corecl::rt
