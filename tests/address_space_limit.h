// Whether lowering RLIMIT_AS really limits this process: tests that make
// allocations fail with it skip where it does not. qemu-user accepts the
// limit but does not apply it (its own mappings would fail), and a fork
// there, in a process with threads, ended qemu itself.
#pragma once
#include <sys/mman.h>
#include <sys/resource.h>

#include <unistd.h>

#include <cstddef>
#include <cstdio>

namespace corecl::test {

/// Sets RLIMIT_AS 64 MiB above what the process maps, tries to reserve
/// 512 MiB more, and restores the limit.
inline bool addressSpaceLimitEnforced() {
  rlimit saved;
  if (getrlimit(RLIMIT_AS, &saved) != 0)
    return false;
  rlimit lowered = saved;
  constexpr size_t kProbe = size_t(512) << 20;
  void *mapped =
      mmap(nullptr, kProbe, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapped == MAP_FAILED)
    return false;
  munmap(mapped, kProbe);
  // What the process maps now, read as the kernel counts it.
  FILE *statm = std::fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (!statm || std::fscanf(statm, "%lu", &pages) != 1) {
    if (statm)
      std::fclose(statm);
    return false;
  }
  std::fclose(statm);
  lowered.rlim_cur = rlim_t(pages) * rlim_t(sysconf(_SC_PAGESIZE)) + (rlim_t(64) << 20);
  if (saved.rlim_max != RLIM_INFINITY && saved.rlim_max < lowered.rlim_cur)
    return true; // already lower than the probe needs: it is enforced
  if (setrlimit(RLIMIT_AS, &lowered) != 0)
    return false;
  void *probe =
      mmap(nullptr, kProbe, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  setrlimit(RLIMIT_AS, &saved);
  if (probe == MAP_FAILED)
    return true;
  munmap(probe, kProbe);
  return false;
}

} // namespace corecl::test
