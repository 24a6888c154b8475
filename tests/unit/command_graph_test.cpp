// runtime::Command on its own: dependencies, failure propagation, user-event
// style commands (finishExternally), waiting and the intrusive lifetime.
#include "runtime/command.h"
#include "runtime/executor.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace corecl::rt {
namespace {

/// Commands alive right now, so each test can prove nothing leaked.
std::atomic<int> gLive{0};

/// A command whose work is a closure and whose lifetime is an intrusive
/// count starting at 1 (the test's own reference).
class TestCommand : public Command {
public:
  explicit TestCommand(std::function<int()> work = {}) : work_(std::move(work)) { ++gLive; }
  ~TestCommand() override { --gLive; }

  void retainCommand() override { refs_.fetch_add(1, std::memory_order_relaxed); }
  void releaseCommand() override {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }

  int runs() const { return runs_.load(); }
  std::vector<int> statuses() {
    std::lock_guard lock(mutex_);
    return statuses_;
  }

private:
  int execute() override {
    ++runs_;
    return work_ ? work_() : 0;
  }
  void onStatus(int s) override {
    std::lock_guard lock(mutex_);
    statuses_.push_back(s);
  }

  std::function<int()> work_;
  std::atomic<int> refs_{1};
  std::atomic<int> runs_{0};
  std::mutex mutex_;
  std::vector<int> statuses_;
};

/// Owning handle for the test's reference.
struct Releaser {
  void operator()(TestCommand *c) const { c->releaseCommand(); }
};
using Handle = std::unique_ptr<TestCommand, Releaser>;
Handle make(std::function<int()> work = {}) {
  return Handle(new TestCommand(std::move(work)));
}

/// A command that never runs: it finishes through finishExternally().
Handle makeGate() {
  Handle h = make();
  h->commit(nullptr);
  return h;
}

class CommandGraph : public ::testing::Test {
protected:
  void SetUp() override { liveAtStart_ = gLive.load(); }
  void TearDown() override {
    // Every command's in-flight and successor references must be gone once
    // the test dropped its own: nothing leaks. A worker may still be
    // dropping its last reference after wait() returned, so allow it a
    // (generous, bounded) moment.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (gLive.load() != liveAtStart_ && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(gLive.load(), liveAtStart_);
  }
  Executor executor{2};

private:
  int liveAtStart_ = 0;
};

TEST_F(CommandGraph, RunsOnceWithStatusesInOrder) {
  Handle c = make();
  EXPECT_EQ(c->status(), status::kQueued);
  c->commit(&executor);
  EXPECT_EQ(c->wait(), status::kComplete);
  EXPECT_EQ(c->runs(), 1);
  EXPECT_EQ(c->statuses(),
            (std::vector<int>{status::kSubmitted, status::kRunning, status::kComplete}));
  EXPECT_TRUE(c->finished());
}

TEST_F(CommandGraph, TimestampsAreMonotonic) {
  Handle c = make();
  c->commit(&executor);
  c->wait();
  EXPECT_GT(c->timestamp(Stage::Queued), 0u);
  EXPECT_LE(c->timestamp(Stage::Queued), c->timestamp(Stage::Submitted));
  EXPECT_LE(c->timestamp(Stage::Submitted), c->timestamp(Stage::Started));
  EXPECT_LE(c->timestamp(Stage::Started), c->timestamp(Stage::Ended));
}

TEST_F(CommandGraph, WaitsForItsDependency) {
  Handle gate = makeGate();
  Handle c = make();
  c->addDependency(*gate);
  c->commit(&executor);
  // The gate is still open, so the command cannot even have been submitted.
  EXPECT_EQ(c->status(), status::kQueued);
  EXPECT_EQ(c->runs(), 0);
  EXPECT_TRUE(gate->finishExternally(status::kComplete));
  EXPECT_EQ(c->wait(), status::kComplete);
  EXPECT_EQ(c->runs(), 1);
}

TEST_F(CommandGraph, DependencyOrderIsKeptInAChain) {
  // Each link records its index; the gate holds the whole chain back.
  std::mutex m;
  std::vector<int> order;
  Handle gate = makeGate();
  std::vector<Handle> chain;
  Command *prev = gate.get();
  for (int i = 0; i < 200; ++i) {
    chain.push_back(make([&, i] {
      std::lock_guard lock(m);
      order.push_back(i);
      return 0;
    }));
    chain.back()->addDependency(*prev);
    chain.back()->commit(&executor);
    prev = chain.back().get();
  }
  gate->finishExternally(status::kComplete);
  EXPECT_EQ(chain.back()->wait(), status::kComplete);
  ASSERT_EQ(order.size(), 200u);
  for (int i = 0; i < 200; ++i)
    EXPECT_EQ(order[i], i);
}

TEST_F(CommandGraph, FanInRunsOnceAfterAllDependencies) {
  std::atomic<int> done{0};
  std::vector<Handle> deps;
  for (int i = 0; i < 64; ++i)
    deps.push_back(make([&] {
      ++done;
      return 0;
    }));
  Handle gate = makeGate();
  int seen = -1;
  Handle join = make([&] {
    seen = done.load();
    return 0;
  });
  join->addDependency(*gate);
  for (Handle &d : deps) {
    join->addDependency(*d);
    d->addDependency(*gate);
    d->commit(&executor);
  }
  join->commit(&executor);
  gate->finishExternally(status::kComplete);
  EXPECT_EQ(join->wait(), status::kComplete);
  EXPECT_EQ(join->runs(), 1);
  EXPECT_EQ(seen, 64);
}

TEST_F(CommandGraph, FailurePropagatesTransitively) {
  Handle gate = makeGate();
  Handle b = make(), c = make();
  b->addDependency(*gate);
  c->addDependency(*b);
  b->commit(&executor);
  c->commit(&executor);
  EXPECT_TRUE(gate->finishExternally(-5));
  EXPECT_EQ(gate->wait(), -5);
  EXPECT_EQ(b->wait(), status::kDependencyFailed);
  EXPECT_EQ(c->wait(), status::kDependencyFailed);
  // A failed command never runs and never reports SUBMITTED or RUNNING.
  EXPECT_EQ(b->runs(), 0);
  EXPECT_EQ(c->runs(), 0);
  EXPECT_EQ(b->statuses(), std::vector<int>{status::kDependencyFailed});
  EXPECT_EQ(c->statuses(), std::vector<int>{status::kDependencyFailed});
}

TEST_F(CommandGraph, OneFailedDependencyAmongManyFails) {
  Handle ok = makeGate(), bad = makeGate();
  Handle c = make();
  c->addDependency(*ok);
  c->addDependency(*bad);
  c->commit(&executor);
  bad->finishExternally(-1);
  EXPECT_EQ(c->status(), status::kQueued); // still waits for `ok`
  ok->finishExternally(status::kComplete);
  EXPECT_EQ(c->wait(), status::kDependencyFailed);
  EXPECT_EQ(c->runs(), 0);
}

TEST_F(CommandGraph, FinishedDependencies) {
  Handle done = makeGate(), failed = makeGate();
  done->finishExternally(status::kComplete);
  failed->finishExternally(-3);

  Handle a = make();
  a->addDependency(*done);
  a->commit(&executor);
  EXPECT_EQ(a->wait(), status::kComplete);

  Handle b = make();
  b->addDependency(*failed);
  b->commit(&executor);
  EXPECT_EQ(b->wait(), status::kDependencyFailed);
  EXPECT_EQ(b->runs(), 0);
}

TEST_F(CommandGraph, ExecuteErrorBecomesStatusAndFailsSuccessors) {
  Handle a = make([] { return -42; });
  Handle b = make();
  b->addDependency(*a);
  a->commit(&executor);
  b->commit(&executor);
  EXPECT_EQ(a->wait(), -42);
  EXPECT_EQ(b->wait(), status::kDependencyFailed);
}

TEST_F(CommandGraph, FinishExternallyOnlyOnce) {
  Handle gate = makeGate();
  EXPECT_FALSE(gate->finished());
  EXPECT_TRUE(gate->finishExternally(status::kComplete));
  EXPECT_FALSE(gate->finishExternally(-1));
  EXPECT_EQ(gate->status(), status::kComplete);
  EXPECT_EQ(gate->wait(), status::kComplete);
  EXPECT_EQ(gate->statuses(), std::vector<int>{status::kComplete});
}

TEST_F(CommandGraph, ConcurrentFinishExternallyHasOneWinner) {
  for (int round = 0; round < 200; ++round) {
    Handle gate = makeGate();
    std::atomic<int> wins{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        while (!go.load())
          std::this_thread::yield();
        if (gate->finishExternally(t == 0 ? status::kComplete : -1 - t))
          ++wins;
      });
    go = true;
    for (auto &t : threads)
      t.join();
    ASSERT_EQ(wins.load(), 1) << "round " << round;
    EXPECT_EQ(gate->statuses().size(), 1u);
  }
}

TEST_F(CommandGraph, ManyWaitersAllWakeUp) {
  Handle gate = makeGate();
  Handle c = make();
  c->addDependency(*gate);
  c->commit(&executor);
  std::atomic<int> woke{0};
  std::vector<std::thread> waiters;
  for (int i = 0; i < 8; ++i)
    waiters.emplace_back([&] {
      if (c->wait() == status::kComplete)
        ++woke;
    });
  gate->finishExternally(status::kComplete);
  for (auto &t : waiters)
    t.join();
  EXPECT_EQ(woke.load(), 8);
}

TEST_F(CommandGraph, LongFailingChainUnwindsWithoutDeepRecursion) {
  // 20,000 failures would overflow the stack if each finished its successor
  // recursively; the design spawns them instead.
  Handle gate = makeGate();
  std::vector<Handle> chain;
  Command *prev = gate.get();
  for (int i = 0; i < 20000; ++i) {
    chain.push_back(make());
    chain.back()->addDependency(*prev);
    chain.back()->commit(&executor);
    prev = chain.back().get();
  }
  gate->finishExternally(-1);
  EXPECT_EQ(chain.back()->wait(), status::kDependencyFailed);
  for (Handle &c : chain)
    EXPECT_EQ(c->runs(), 0);
}

TEST_F(CommandGraph, CommandOutlivesTheTestReference) {
  // The test drops its reference before the command runs: the in-flight
  // reference keeps it alive, and it deletes itself when done.
  std::atomic<bool> ran{false};
  Handle gate = makeGate();
  {
    Handle c = make([&] {
      ran = true;
      return 0;
    });
    c->addDependency(*gate);
    c->commit(&executor);
  }
  gate->finishExternally(status::kComplete);
  // TearDown waits (bounded) until the dropped command deleted itself.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!ran.load() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_TRUE(ran.load());
}

} // namespace
} // namespace corecl::rt
