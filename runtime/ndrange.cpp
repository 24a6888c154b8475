#include "runtime/ndrange.h"

#include "runtime/aligned_memory.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <pthread.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace corecl::rt {
namespace {

/// The lowest address of this thread's stack (the generic address space
/// tells private pointers by it: kernel_abi.h), asked once per thread.
char *threadStackLow() {
  thread_local char *low = [] {
    pthread_attr_t attr;
    void *base = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      pthread_attr_getstack(&attr, &base, &size);
      pthread_attr_destroy(&attr);
    }
    return static_cast<char *>(base);
  }();
  return low;
}

/// A reusable scratch block (local arena, per-work-item storage), grown
/// on demand and kept for the next launch.
class Scratch {
public:
  ~Scratch() { freeAligned(data_); }
  char *get(size_t bytes) {
    if (bytes > capacity_) {
      freeAligned(data_);
      capacity_ = std::max(bytes, capacity_ * 2);
      data_ = static_cast<char *>(allocateAligned(capacity_));
      if (!data_) {
        capacity_ = 0;
        throw std::bad_alloc(); // the command fails with CL_OUT_OF_HOST_MEMORY
      }
    }
    return data_;
  }

private:
  char *data_ = nullptr;
  size_t capacity_ = 0;
};

/// Scratch blocks for whichever thread runs groups: workers and the
/// application's threads (small launches run inline). Not thread_local: a
/// thread's first touch of a dlopen'ed library's TLS makes glibc allocate,
/// and when that fails it ends the process. A pool allocates only through
/// paths that report failure, and the most recently returned block (warm
/// in this core's cache, most likely) is handed out first.
class ScratchPool {
public:
  std::unique_ptr<Scratch> take() {
    std::lock_guard lock(mutex_);
    if (!free_.empty()) {
      std::unique_ptr<Scratch> s = std::move(free_.back());
      free_.pop_back();
      return s;
    }
    // Room for every block in existence, so that give() never allocates
    // (it runs in a destructor, where bad_alloc would end the process).
    free_.reserve(created_ + 1);
    auto s = std::make_unique<Scratch>();
    ++created_;
    return s;
  }
  void give(std::unique_ptr<Scratch> s) noexcept {
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(s));
  }

private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Scratch>> free_;
  size_t created_ = 0;
};

ScratchPool &scratchPool() {
  static ScratchPool *pool = new ScratchPool; // outlives every worker
  return *pool;
}

/// A scratch block borrowed for one slice of groups.
class Lease {
public:
  Lease() : scratch_(scratchPool().take()) {}
  ~Lease() { scratchPool().give(std::move(scratch_)); }
  char *get(size_t bytes) { return scratch_->get(bytes); }

private:
  std::unique_ptr<Scratch> scratch_;
};

size_t roundUp(size_t n) {
  return (n + 127) / 128 * 128;
}

uint64_t groupsIn(uint64_t global, uint64_t local) {
  // No division for the common local size 1: a launch of a tiny kernel is
  // short enough for three divisions to show.
  return local == 1 ? global : global / local + (global % local != 0); // cannot wrap
}

/// Small ranges run on the calling thread: spawning costs more than it
/// saves. Small by their measured time where the kernel ran before (a few
/// thousand heavy work-items are real work: hashcat launches 2048 that
/// run 5 us each), else by their size.
bool smallRange(uint64_t totalGroups, uint64_t groupItems, uint64_t nsPerKiloItems) {
  if (totalGroups == 1)
    return true;
  uint64_t items = totalGroups * groupItems;
  if (nsPerKiloItems == 0 || items > (uint64_t(1) << 40))
    return items < 4096;
  return items * nsPerKiloItems / 1024 < 4000;
}

/// Consecutive groups per task: slices of a few thousand cheap work-items
/// (tiny groups do not pay a call each) or of about 30 us of measured
/// work, and at least eight slices per worker where the groups allow.
uint64_t grainSize(uint64_t totalGroups, uint64_t groupItems, uint64_t nsPerKiloItems) {
  uint64_t items = 2048;
  if (nsPerKiloItems)
    items = std::clamp<uint64_t>(30000 * 1024 / nsPerKiloItems, 1, 2048);
  uint64_t groups = std::max<uint64_t>(1, items / std::max<uint64_t>(1, groupItems));
  uint64_t workers = uint64_t(std::max(1, tbb::this_task_arena::max_concurrency()));
  return std::max<uint64_t>(1, std::min(groups, totalGroups / (8 * workers)));
}

} // namespace

bool runsOnCallingThread(const NDRange &range) {
  uint64_t totalGroups = 1, groupItems = 1;
  for (int d = 0; d < 3; ++d) {
    totalGroups *= groupsIn(range.globalSize[d], range.localSize[d]);
    groupItems *= range.localSize[d];
  }
  return smallRange(totalGroups, groupItems, range.nsPerKiloItems);
}

void runNDRange(corecl_wg_fn entry, const void *args, const NDRange &range) {
  corecl_wg_ctx base = {};
  uint64_t totalGroups = 1, groupItems = 1;
  for (int d = 0; d < 3; ++d) {
    base.global_size[d] = range.globalSize[d];
    base.global_offset[d] = range.globalOffset[d];
    base.local_size[d] = range.localSize[d];
    base.num_groups[d] = groupsIn(range.globalSize[d], range.localSize[d]);
    totalGroups *= base.num_groups[d];
    groupItems *= range.localSize[d];
  }
  base.work_dim = range.workDim;
  base.sub_group_width = std::max<uint32_t>(1, range.subGroupWidth);
  base.printf_buffer = range.printfBuffer;
  base.printf_capacity = range.printfCapacity;
  base.device_services = range.deviceServices;
  base.device_launch = range.deviceLaunch;
  base.default_queue = range.defaultQueue;
  const size_t arenaBytes = roundUp(range.localMemBytes);
  const size_t storageBytes = roundUp(range.wiStoragePerItem * groupItems);
  // The arena and the storage, each with its slack on both sides
  // (kernel_abi.h; the slack between them is shared), and 64 bytes more
  // past the end, as before the slack was part of the ABI.
  const size_t slack = CORECL_OWNED_MEMORY_SLACK;
  static_assert(CORECL_OWNED_MEMORY_SLACK % kBufferAlignment == 0,
                "__local long16 arguments need the arena 128-byte aligned");
  // The collective functions' row: a slot per work-item and two more.
  const size_t rowBytes = roundUp((groupItems + 2) * 8);
  const size_t scratchBytes = slack + arenaBytes + slack + storageBytes + slack + rowBytes + 64;

  // Groups [begin, end) with `ctx`, on this thread's leased scratch.
  auto runGroups = [&](corecl_wg_ctx &ctx, uint64_t begin, uint64_t end) {
    ctx.group_begin = begin;
    ctx.group_end = end;
    Lease lease;
    char *scratch = lease.get(scratchBytes);
    ctx.local_arena = scratch + slack;
    ctx.local_arena_size = arenaBytes;
    ctx.wi_storage = scratch + slack + arenaBytes + slack;
    ctx.wi_storage_size = storageBytes;
    ctx.group_scratch = ctx.wi_storage + storageBytes + slack;
    // Every private object of the call lies on this stack below this frame.
    ctx.private_high = static_cast<char *>(__builtin_frame_address(0));
    ctx.private_low = threadStackLow();
    if (!ctx.private_low) // no stack bounds from pthreads: the next MiB
      ctx.private_low = ctx.private_high - (size_t(1) << 20);
    entry(args, &ctx);
  };
  auto runSlice = [&](uint64_t begin, uint64_t end) {
    corecl_wg_ctx ctx = base;
    runGroups(ctx, begin, end);
  };

  if (smallRange(totalGroups, groupItems, range.nsPerKiloItems)) {
    // Straight from `base`, without runSlice's copy of the context.
    runGroups(base, 0, totalGroups);
    return;
  }
  uint64_t grain = grainSize(totalGroups, groupItems, range.nsPerKiloItems);
  tbb::parallel_for(tbb::blocked_range<uint64_t>(0, totalGroups, grain),
                    [&](const tbb::blocked_range<uint64_t> &r) { runSlice(r.begin(), r.end()); });
}

} // namespace corecl::rt
