// Fences. Barriers themselves never reach the library: the compiler turns
// them into work-group region boundaries (compiler/passes/barrier_regions).
// A fence orders this work-item's memory operations for other threads; on
// the CPU that is a thread fence.
#include "builtins.h"

OVERLOAD void mem_fence(cl_mem_fence_flags flags) {
  __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
}
OVERLOAD void read_mem_fence(cl_mem_fence_flags flags) {
  __c11_atomic_thread_fence(__ATOMIC_ACQUIRE);
}
OVERLOAD void write_mem_fence(cl_mem_fence_flags flags) {
  __c11_atomic_thread_fence(__ATOMIC_RELEASE);
}
