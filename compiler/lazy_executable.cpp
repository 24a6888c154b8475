#include "compiler/lazy_executable.h"

#include "compiler/disk_cache.h"
#include "compiler/guarded_build.h"
#include "compiler/jit.h"
#include "compiler/passes/passes.h"
#include "compiler/program_constructors.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <thread>

namespace corecl::compiler {
namespace {

class LazyExecutable final : public Executable {
public:
  LazyExecutable(ProgramCode code, JitProgramPtr jit)
      : code_(std::move(code)), jit_(std::move(jit)), slots_(code_.kernels.size()) {}

  const std::vector<KernelDesc> &kernels() const override { return code_.kernels; }

  const KernelCode *code(size_t index) const override {
    return unlessReady(index, [&](Slot &slot) -> const KernelCode * {
      if (!slot.failure.empty())
        return nullptr;
      std::string log;
      if (!generate(index, slot, log)) {
        slot.failure = log.empty() ? "internal error: code generation failed\n" : log;
        return nullptr;
      }
      slot.ready.store(&slot.code, std::memory_order_release);
      return &slot.code;
    });
  }

  const KernelCode *facts(size_t index) const override {
    return unlessReady(index, [&](Slot &slot) { return form(index, slot); });
  }

  std::string codeFailure(size_t index) const override {
    Slot &slot = slots_.at(index);
    std::lock_guard lock(slot.mutex);
    return slot.failure;
  }

  bool generateAll(unsigned threads) const override {
    std::atomic<size_t> next{0};
    std::atomic<bool> fine{true};
    std::exception_ptr memory;
    std::mutex memoryMutex;
    auto work = [&] {
      for (size_t i; (i = next++) < slots_.size();) {
        try {
          if (!code(i))
            fine = false;
        } catch (const std::bad_alloc &) {
          std::lock_guard lock(memoryMutex);
          memory = std::current_exception();
          fine = false;
        }
      }
    };
    std::vector<std::thread> helpers;
    unsigned extra = std::min<size_t>(std::max(threads, 1u), slots_.size()) - 1;
    for (unsigned t = 0; t < extra && slots_.size() > 1; ++t) {
      try {
        helpers.emplace_back(work);
      } catch (const std::system_error &) {
        break; // fewer threads: this one does the rest
      }
    }
    work();
    for (std::thread &helper : helpers)
      helper.join();
    if (memory)
      std::rethrow_exception(memory);
    return fine;
  }

private:
  struct Slot {
    std::mutex mutex;
    std::atomic<const KernelCode *> ready{nullptr};
    KernelCode code;
    /// The object, once generated (or read from the cache), with its
    /// facts in `code`: kept for a second try when loading it ran out of
    /// memory.
    std::string object;
    std::string failure; // the log of a failed generation
    /// What formation decided, known before the code (facts()), and the
    /// formed module, which code generation starts from (dropped then).
    KernelCode formedFacts;
    std::string formedModule;
    bool formed = false;
    /// The kernel's key in the disk cache, once worked out ("" without
    /// the cache): a hash of its prepared module.
    std::optional<std::string> cacheKey;
  };

  /// Kernel `index`'s key in the disk cache, its slot locked.
  const std::string &cacheKeyOf(size_t index, Slot &slot) const {
    if (!slot.cacheKey) {
      const std::string &name = code_.kernels[index].name;
      slot.cacheKey =
          code_.cacheId.empty()
              ? std::string()
              : cacheKey(code_.cacheId + '\0' + name + '\0' + code_.kernelBitcodes[index],
                         code_.settings.groupPackets ? "corecl-kernel group-packets"
                                                     : "corecl-kernel",
                         code_.settings.target);
    }
    return *slot.cacheKey;
  }

  /// What `fill` makes of kernel `index`'s slot, under its lock, unless
  /// the kernel's code is ready (then that).
  template <class Fill> const KernelCode *unlessReady(size_t index, Fill fill) const {
    Slot &slot = slots_.at(index);
    if (const KernelCode *ready = slot.ready.load(std::memory_order_acquire))
      return ready;
    std::lock_guard lock(slot.mutex);
    if (const KernelCode *ready = slot.ready.load(std::memory_order_relaxed))
      return ready;
    return fill(slot);
  }

  /// What formation decides for kernel `index` (facts()), its slot locked.
  const KernelCode *form(size_t index, Slot &slot) const {
    if (slot.formed)
      return &slot.formedFacts;
    if (!slot.failure.empty())
      return nullptr;
    const std::string &name = code_.kernels[index].name;
    const std::string &bitcode = code_.kernelBitcodes[index];
    if (bitcode.empty()) {
      slot.failure = "internal error: kernel '" + name + "' has no prepared module\n";
      return nullptr;
    }
    // A cached kernel has its facts at hand; its object is loaded when its
    // code is asked for.
    if (slot.object.empty())
      if (std::optional<CachedKernel> hit = loadCachedKernel(cacheKeyOf(index, slot))) {
        slot.code = hit->facts;
        slot.object = std::move(hit->object);
      }
    if (!slot.object.empty()) {
      slot.formedFacts = slot.code;
      slot.formed = true;
      return &slot.formedFacts;
    }
    KernelCode formed;
    std::string formedModule;
    BuildResult result = guardedBuild([&] {
      BuildResult r;
      if (formKernel(bitcode, name, code_.settings, formed, formedModule, r.log))
        r.status = BuildResult::Success;
      return r;
    });
    if (result.status == BuildResult::OutOfHostMemory)
      throw std::bad_alloc();
    if (result.status != BuildResult::Success) {
      slot.failure =
          result.log.empty() ? "internal error: work-group formation failed\n" : result.log;
      return nullptr;
    }
    slot.formedFacts = formed;
    slot.formedModule = std::move(formedModule);
    slot.formed = true;
    return &slot.formedFacts;
  }

  /// Kernel `index`'s code from the disk cache or generated, loaded, in
  /// `slot.code`. Throws std::bad_alloc when memory ran out.
  bool generate(size_t index, Slot &slot, std::string &log) const {
    const std::string &name = code_.kernels[index].name;
    if (!slot.object.empty())
      return load(name, slot, log);
    const std::string &bitcode = code_.kernelBitcodes[index];
    if (bitcode.empty()) {
      log += "internal error: kernel '" + name + "' has no prepared module\n";
      return false;
    }
    const std::string &key = cacheKeyOf(index, slot);
    CachedKernel kernel;
    bool generated = false;
    if (std::optional<CachedKernel> hit = loadCachedKernel(key)) {
      kernel = std::move(*hit);
    } else {
      GeneratedKernel made;
      const bool formed = !slot.formedModule.empty();
      BuildResult result = guardedBuild([&] {
        BuildResult r;
        if (generateKernel(formed ? slot.formedModule : bitcode, name, code_.settings, made, r.log,
                           formed))
          r.status = BuildResult::Success;
        return r;
      });
      if (result.status == BuildResult::OutOfHostMemory)
        throw std::bad_alloc();
      if (result.status != BuildResult::Success) {
        log += result.log;
        return false;
      }
      kernel.facts = made.facts;
      kernel.object = std::move(made.object);
      generated = true;
      std::string().swap(slot.formedModule);
    }
    if (generated)
      storeCachedKernel(key, kernel);
    slot.code = kernel.facts;
    slot.object = std::move(kernel.object);
    return load(name, slot, log);
  }

  /// Loads the slot's object and looks its entry up. Out of memory, it
  /// takes the object out again (the JIT keeps a symbol it failed to link
  /// in error) and throws std::bad_alloc: the next call tries again.
  bool load(const std::string &name, Slot &slot, std::string &log) const {
    uint64_t number = 0;
    if (!jitAddObject(*jit_, slot.object, log, &number))
      return false;
    void *entry = nullptr;
    try {
      entry = jitLookup(*jit_, workGroupFunctionName(name), log);
    } catch (const std::bad_alloc &) {
      jitRemoveObject(*jit_, number);
      throw;
    }
    if (!entry)
      return false;
    slot.code.entry = reinterpret_cast<corecl_wg_fn>(entry);
    std::string().swap(slot.object); // linked: the JIT has its own copy
    return true;
  }

  ProgramCode code_;
  JitProgramPtr jit_;
  mutable std::vector<Slot> slots_;
};

} // namespace

std::shared_ptr<Executable> loadExecutable(ProgramCode code, std::string &log) {
  JitProgramPtr jit = jitCreate(code.settings.target, log);
  if (!jit)
    return nullptr;
  if (!code.sharedObject.empty()) {
    if (!jitAddObject(*jit, code.sharedObject, log))
      return nullptr;
    // C++ for OpenCL's program-scope constructors, once per load: each
    // executable has its own program-scope variables.
    if (code.programConstructors) {
      void *init = jitLookup(*jit, kProgramInitName, log);
      if (!init)
        return nullptr;
      reinterpret_cast<void (*)()>(init)();
    }
  }
  return std::make_shared<LazyExecutable>(std::move(code), std::move(jit));
}

} // namespace corecl::compiler
