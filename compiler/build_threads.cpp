// Build threads (build_threads.h): created on demand, parked when idle,
// at most kMaxIdle of them parked at a time.
#include "compiler/build_threads.h"

#include <clang/Basic/Stack.h>

#include <pthread.h>
#include <signal.h>

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
      if (created)
        return thread.release(); // owned by the thread from now on
    }
    throw std::bad_alloc();
  }

  static void *main(void *arg) {
    BuildThread *self = static_cast<BuildThread *>(arg);
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

uintptr_t buildThreadStackLow() {
  return tStackLow;
}

} // namespace corecl::compiler
