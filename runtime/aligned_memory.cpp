#include "runtime/aligned_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <optional>
#include <unordered_map>
#include <vector>

namespace corecl::rt {
namespace {

// Large buffers get pages of their own, mapped in 2 MiB units with
// transparent huge pages requested: a first touch then faults once per
// 2 MiB instead of once per 4 KiB. Freed, they are kept for a while for
// the next large buffer, whose pages then need no fault and no zeroing:
// applications (and the CTS) create and release large buffers over and
// over. A kept block larger than the request is trimmed to it; a smaller
// one has its pages moved (mremap) to the front of the new block.
constexpr size_t kLargeBytes = size_t(8) << 20;
constexpr size_t kHugePage = size_t(2) << 20;
// A large buffer starts half a page into its mapping. glibc's memcpy runs
// 2-3x slower on this AMD core when the destination lies a little (up to
// about 512 bytes) past the source modulo 4 KiB; host arrays from malloc
// start 16 bytes into a page, so a page-aligned buffer halved
// clEnqueueReadBuffer's bandwidth, and a 128-byte offset did the same to
// clEnqueueWriteBuffer. Half a page is far from that zone both ways.
constexpr size_t kLead = 2048;
static_assert(kLead % kBufferAlignment == 0);

size_t keptBytesLimit() {
  static const size_t limit = [] {
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    size_t memory = pages > 0 && pageSize > 0 ? size_t(pages) * size_t(pageSize) : 0;
    return std::min<size_t>(size_t(1) << 30, memory / 16);
  }();
  return limit;
}

struct Block {
  void *base;
  size_t bytes;
};

class LargeBlocks {
public:
  void *take(size_t bytes) {
    if (bytes > SIZE_MAX - kLead - kHugePage)
      return nullptr;
    const size_t mapped = (bytes + kLead + kHugePage - 1) / kHugePage * kHugePage;
    std::optional<Block> reused = takeKept(mapped);
    void *base = nullptr;
    if (reused && reused->bytes >= mapped) {
      // Big enough: its pages beyond the request go back to the system.
      base = reused->base;
      if (reused->bytes > mapped)
        munmap(static_cast<char *>(base) + mapped, reused->bytes - mapped);
    } else {
      base = map(mapped);
      if (!base) {
        if (reused)
          munmap(reused->base, reused->bytes);
        return nullptr;
      }
      // Too small: its pages, already touched, move to the front of the
      // new block, so that only the rest is faulted in and zeroed.
      if (reused && mremap(reused->base, reused->bytes, reused->bytes,
                           MREMAP_MAYMOVE | MREMAP_FIXED, base) == MAP_FAILED)
        munmap(reused->base, reused->bytes);
    }
    void *user = static_cast<char *>(base) + kLead;
    std::lock_guard lock(mutex_);
    try {
      live_.emplace(user, mapped);
      kept_.reserve(live_.size() + kept_.size()); // so that give() need not allocate
    } catch (const std::bad_alloc &) {
      live_.erase(user);
      munmap(base, mapped);
      return nullptr;
    }
    return user;
  }

  /// False if `ptr` is not a large block.
  bool give(void *ptr) {
    std::vector<Block> unmap;
    {
      std::lock_guard lock(mutex_);
      auto it = live_.find(ptr);
      if (it == live_.end())
        return false;
      Block block{static_cast<char *>(ptr) - kLead, it->second};
      live_.erase(it);
      if (block.bytes > keptBytesLimit() || kept_.size() == kept_.capacity()) {
        unmap.push_back(block);
      } else {
        kept_.push_back(block);
        keptBytes_ += block.bytes;
        // The oldest go first.
        while (keptBytes_ > keptBytesLimit()) {
          unmap.push_back(kept_.front());
          keptBytes_ -= kept_.front().bytes;
          kept_.erase(kept_.begin());
        }
      }
    }
    for (const Block &b : unmap)
      munmap(b.base, b.bytes);
    return true;
  }

private:
  /// The kept block that serves a request of `bytes` best, removed from
  /// the kept ones: the smallest that holds it, else the largest.
  std::optional<Block> takeKept(size_t bytes) {
    std::lock_guard lock(mutex_);
    auto best = kept_.end(), largest = kept_.end();
    for (auto it = kept_.begin(); it != kept_.end(); ++it) {
      if (it->bytes >= bytes && (best == kept_.end() || it->bytes < best->bytes))
        best = it;
      if (largest == kept_.end() || it->bytes > largest->bytes)
        largest = it;
    }
    auto chosen = best != kept_.end() ? best : largest;
    if (chosen == kept_.end())
      return std::nullopt;
    Block block = *chosen;
    kept_.erase(chosen);
    keptBytes_ -= block.bytes;
    return block;
  }

  /// `bytes` (a multiple of 2 MiB) of fresh pages aligned to 2 MiB.
  static void *map(size_t bytes) {
    size_t span = bytes + kHugePage;
    void *raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
      return nullptr;
    auto start = reinterpret_cast<uintptr_t>(raw);
    uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
    if (aligned > start)
      munmap(raw, aligned - start);
    if (uintptr_t end = start + span, used = aligned + bytes; end > used)
      munmap(reinterpret_cast<void *>(used), end - used);
    void *base = reinterpret_cast<void *>(aligned);
    madvise(base, bytes, MADV_HUGEPAGE); // a request; fine if refused
    return base;
  }

  std::mutex mutex_;
  std::unordered_map<void *, size_t> live_;
  std::vector<Block> kept_;
  size_t keptBytes_ = 0;
};

LargeBlocks &largeBlocks() {
  static LargeBlocks *blocks = new LargeBlocks; // buffers may outlive statics
  return *blocks;
}

} // namespace

void *allocateAligned(size_t bytes) {
  if (bytes >= kLargeBytes)
    return largeBlocks().take(bytes);
  // aligned_alloc wants a multiple of the alignment; zero-sized requests
  // still get a distinct pointer so that sub-buffer arithmetic stays valid.
  size_t rounded = (bytes + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
  if (rounded < bytes)
    return nullptr; // overflow
  if (rounded == 0)
    rounded = kBufferAlignment;
  return std::aligned_alloc(kBufferAlignment, rounded);
}

void freeAligned(void *ptr) {
  if (!ptr)
    return;
  // Large blocks start kLead bytes past a 2 MiB boundary; most small ones
  // do not, and skip the lookup.
  if (reinterpret_cast<uintptr_t>(ptr) % kHugePage == kLead && largeBlocks().give(ptr))
    return;
  std::free(ptr);
}

} // namespace corecl::rt
