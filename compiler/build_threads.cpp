// Build threads (build_threads.h): created on demand, parked when idle,
// at most kMaxIdle of them parked at a time.
#include "compiler/build_threads.h"

#include <clang/Basic/Stack.h>

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace corecl::compiler {
namespace {

// Clang's parser and LLVM's passes recurse over expressions and loop nests;
// random and generated kernels nest deeply. Only touched pages cost memory.
constexpr size_t kBuildStackBytes = 64u << 20;
// Short of address space, a smaller stack may still fit.
constexpr size_t kMinBuildStackBytes = 4u << 20;
// Where fault handlers run: LLVM's handler, the unwinding longjmp and the
// report need a few KiB; MINSIGSTKSZ is not enough for glibc's signal
// frames with AVX-512 state.
constexpr size_t kSignalStackBytes = 256u << 10;
// Parked threads cost their stacks' touched pages; builds rarely run more
// than a few at once.
constexpr size_t kMaxIdle = 4;

thread_local uintptr_t tStackLow = 0;

// The build threads that exist, by pthread id (0: a free slot). Fault and
// allocation-failure handlers run on any thread of the process and must
// not touch CoreCL's thread-local data on threads that never did: glibc
// allocates it on the first touch (see build_threads.h). They look here
// first, without allocating and from a signal handler alike.
constexpr size_t kMaxBuildThreads = 64;
std::atomic<pthread_t> gBuildThreads[kMaxBuildThreads];
static_assert(std::atomic<pthread_t>::is_always_lock_free);

/// A free slot, now reserved (nonzero placeholder until the thread fills
/// in its id); nullptr when every slot is taken.
std::atomic<pthread_t> *reserveSlot() {
  const pthread_t reserved = ~pthread_t(0);
  for (std::atomic<pthread_t> &slot : gBuildThreads) {
    pthread_t expected = 0;
    if (slot.compare_exchange_strong(expected, reserved))
      return &slot;
  }
  return nullptr;
}

/// A build handed to a thread; lives on the caller's stack. Guarded by the
/// pool's mutex.
struct Handoff {
  const std::function<bool()> *job;
  bool done = false;
  std::condition_variable finished;
};

/// One build thread. Guarded by the pool's mutex.
struct BuildThread {
  std::condition_variable wake;
  Handoff *handoff = nullptr;
  std::unique_ptr<char[]> signalStack;
  std::atomic<pthread_t> *slot = nullptr; // in gBuildThreads
};

class Pool {
public:
  void run(const std::function<bool()> &job) {
    BuildThread *thread = takeIdle();
    if (!thread)
      thread = start(); // throws bad_alloc
    Handoff handoff{&job};
    std::unique_lock lock(mutex_);
    thread->handoff = &handoff;
    thread->wake.notify_one();
    // The thread is not touched again here: it may end as soon as it has
    // marked the hand-off done.
    handoff.finished.wait(lock, [&] { return handoff.done; });
  }

private:
  BuildThread *takeIdle() {
    std::lock_guard lock(mutex_);
    if (idle_.empty())
      return nullptr;
    BuildThread *t = idle_.back();
    idle_.pop_back();
    return t;
  }

  BuildThread *start() {
    auto thread = std::make_unique<BuildThread>();
    thread->signalStack = std::make_unique<char[]>(kSignalStackBytes);
    thread->slot = reserveSlot();
    if (!thread->slot)
      throw std::bad_alloc(); // kMaxBuildThreads builds at once
    struct ReleaseSlot {
      BuildThread *thread;
      ~ReleaseSlot() {
        if (thread)
          thread->slot->store(0);
      }
    } releaseUnlessStarted{thread.get()};
    // Room to park it later without allocating.
    {
      std::lock_guard lock(mutex_);
      idle_.reserve(kMaxIdle);
    }
    for (size_t stack = kBuildStackBytes; stack >= kMinBuildStackBytes; stack /= 4) {
      pthread_attr_t attributes;
      if (pthread_attr_init(&attributes) != 0)
        break;
      pthread_t handle;
      bool created = pthread_attr_setstacksize(&attributes, stack) == 0 &&
                     pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED) == 0 &&
                     pthread_create(&handle, &attributes, main, thread.get()) == 0;
      pthread_attr_destroy(&attributes);
      if (created) {
        releaseUnlessStarted.thread = nullptr;
        return thread.release(); // owned by the thread from now on
      }
    }
    throw std::bad_alloc();
  }

  static void *main(void *arg) {
    BuildThread *self = static_cast<BuildThread *>(arg);
    self->slot->store(pthread_self());
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
      void *low = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attributes, &low, &size) == 0)
        tStackLow = reinterpret_cast<uintptr_t>(low);
      pthread_attr_destroy(&attributes);
    }
    // Clang's own stack checks then know how deep this thread is.
    clang::noteBottomOfStack();
    stack_t alternate = {};
    alternate.ss_sp = self->signalStack.get();
    alternate.ss_size = kSignalStackBytes;
    sigaltstack(&alternate, nullptr);

    Pool &pool = instance();
    bool keep = true;
    while (keep) {
      Handoff *handoff;
      {
        std::unique_lock lock(pool.mutex_);
        self->wake.wait(lock, [&] { return self->handoff != nullptr; });
        handoff = self->handoff;
      }
      keep = (*handoff->job)();
      std::lock_guard lock(pool.mutex_);
      self->handoff = nullptr;
      handoff->done = true;
      handoff->finished.notify_one(); // the caller wakes once the lock is free
      if (keep && pool.idle_.size() < kMaxIdle)
        pool.idle_.push_back(self); // capacity reserved in start()
      else
        keep = false;
    }
    stack_t off = {};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    self->slot->store(0);
    delete self;
    return nullptr;
  }

public:
  static Pool &instance() {
    static Pool *pool = [] {
      Pool *p = new Pool; // outlives the threads parked in it
      // A forked child has none of the parked threads: handing it a build
      // would wait forever. The lock is held across fork so that the child
      // does not inherit it locked by a thread it does not have.
      pthread_atfork([] { instance().mutex_.lock(); }, [] { instance().mutex_.unlock(); },
                     [] {
                       instance().idle_.clear(); // their memory is leaked
                       // Their ids may name the child's next threads.
                       for (std::atomic<pthread_t> &slot : gBuildThreads)
                         slot.store(0);
                       instance().mutex_.unlock();
                     });
      return p;
    }();
    return *pool;
  }

private:
  std::mutex mutex_;
  std::vector<BuildThread *> idle_;
};

} // namespace

void runOnBuildThread(const std::function<bool()> &job) {
  Pool::instance().run(job);
}

bool onBuildThread() {
  const pthread_t self = pthread_self();
  for (const std::atomic<pthread_t> &slot : gBuildThreads)
    if (slot.load(std::memory_order_relaxed) == self)
      return true;
  return false;
}

uintptr_t buildThreadStackLow() {
  return tStackLow;
}

} // namespace corecl::compiler
