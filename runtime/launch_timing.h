// How long a kernel's launches take per work-item, learnt from the last
// launch, so that the enqueue can tell a launch shorter than a worker's
// wake-up (which then runs on the enqueuing thread) from real work.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>

namespace corecl::rt {

class LaunchTiming {
public:
  /// Launches predicted shorter than this run inline: waking a sleeping
  /// worker and handing it the command costs a few microseconds.
  static constexpr uint64_t kInlineBudgetNs = 4000;

  /// The measured cost per 1024 work-items in nanoseconds, 0 if unknown.
  uint64_t nsPerKiloItems() const { return nsPerKiloItems_.load(std::memory_order_relaxed); }

  /// Whether a launch of `items` work-items is predicted to take less than
  /// `budgetNs`. False until a launch has been measured.
  bool predictsShorterThan(uint64_t items, uint64_t budgetNs = kInlineBudgetNs) const {
    uint64_t perKiloItems = nsPerKiloItems_.load(std::memory_order_relaxed);
    if (perKiloItems == 0 || items > (uint64_t(1) << 40))
      return false;
    return perKiloItems * items / 1024 < budgetNs;
  }

  /// Launches predicted shorter than this are timed only one in
  /// kSampleEvery: reading the clock twice costs about a third of such a
  /// launch. A kernel that suddenly became long is then noticed within
  /// kSampleEvery launches instead of at once.
  static constexpr uint64_t kSampleBelowNs = kInlineBudgetNs / 8;
  static constexpr uint32_t kSampleEvery = 8;

  /// Whether the next launch of `items` work-items should be timed (and
  /// record()ed): always, unless it is predicted far below the budget.
  bool shouldTime(uint64_t items) {
    if (!predictsShorterThan(items, kSampleBelowNs))
      return true;
    // Relaxed and not a read-modify-write: a lost count between threads
    // launching the same kernel only shifts the sample.
    uint32_t n = untimed_.load(std::memory_order_relaxed) + 1;
    if (n >= kSampleEvery)
      n = 0;
    untimed_.store(n, std::memory_order_relaxed);
    return n == 0;
  }

  /// Records a launch of `items` work-items that took `ns`. A faster launch
  /// is believed at once; a slower one moves the estimate an eighth of the
  /// way, so that one launch stretched by preemption does not send the
  /// next ones to the workers.
  void record(uint64_t items, uint64_t ns) {
    if (items == 0)
      return;
    // Fixed point (per 1024 items), at least 1 so that 0 keeps meaning
    // "not measured".
    uint64_t sample = std::max<uint64_t>(1, ns * 1024 / items);
    uint64_t old = nsPerKiloItems_.load(std::memory_order_relaxed);
    uint64_t next = old == 0 || sample <= old ? sample : old + (sample - old) / 8;
    nsPerKiloItems_.store(next, std::memory_order_relaxed);
  }

private:
  std::atomic<uint64_t> nsPerKiloItems_{0};
  std::atomic<uint32_t> untimed_{0}; // launches since the last timed one
};

} // namespace corecl::rt
