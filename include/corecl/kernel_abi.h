/* The contract between the compiler (which emits work-group functions) and
 * the runtime (which calls them). Plain C so both sides, and tests, agree
 * on the layout without sharing any other header.
 *
 * Each __kernel becomes one work-group function:
 *
 *     void wg(const void *args, const corecl_wg_ctx *ctx);
 *
 * It runs the work-groups with linear index in [group_begin, group_end)
 * (x fastest, then y, then z), each as a loop nest over its work-items.
 * Every work-item function (get_global_id, get_local_size, ...) is computed
 * inside the compiled code from the loop indices and this context.
 */
#ifndef CORECL_KERNEL_ABI_H
#define CORECL_KERNEL_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CORECL_KERNEL_ABI_VERSION 3

/* Bytes before and after corecl_wg_ctx.local_arena and .wi_storage that
 * the call owns as well (see there). A multiple of 128, the alignment of
 * the largest OpenCL C type (long16, double16), so that the arena keeps the
 * alignment of the block it is carved from. */
#define CORECL_OWNED_MEMORY_SLACK 128

/* The most work-items a group may have (CL_DEVICE_MAX_WORK_GROUP_SIZE;
 * the API refuses larger groups): a work-group function may take every
 * local id, and their product, to lie below it. */
#define CORECL_MAX_WORK_GROUP_SIZE 4096

/* The largest program-scope __global variable a program may declare
 * (CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE): the compiler refuses larger ones.
 * Such variables live in the JIT's data sections, allocated when the
 * program's code is loaded. */
#define CORECL_MAX_GLOBAL_VARIABLE_SIZE (64u << 20)

typedef struct corecl_wg_ctx {
  uint64_t global_size[3];   /* get_global_size */
  uint64_t global_offset[3]; /* get_global_offset */
  uint64_t local_size[3];    /* enqueued local size (get_enqueued_local_size) */
  uint64_t num_groups[3];    /* get_num_groups */
  uint64_t group_begin;      /* first linear group index of this call */
  uint64_t group_end;        /* one past the last */
  uint32_t work_dim;         /* get_work_dim */
  /* Work-items per sub-group in this launch (a power of two): the
   * kernel's sub-group width where its groups are single rows or it
   * divides the x size of every group, else 1 (builtins/lib/sub_group.cl). */
  uint32_t sub_group_width;
  /* This worker's local-memory arena: kernel-scope __local variables live
   * at offsets fixed by the compiler, __local pointer arguments at offsets
   * the runtime chose (stored in the args block). Like wi_storage below,
   * it has CORECL_OWNED_MEMORY_SLACK bytes of slack on both sides and is
   * the call's alone. */
  char *local_arena;
  /* Per-work-item storage for values live across barriers:
   * wi_storage_stride bytes per work-item, sized by the runtime from the
   * kernel's reported need (corecl_kernel_desc.wi_storage_per_item).
   * CORECL_OWNED_MEMORY_SLACK bytes before and after it belong to the call
   * as well, and nobody else touches any of it during the call: generated
   * code may read a whole vector next to any valid address and write it
   * back unchanged (a blend instead of a masked store). */
  char *wi_storage;
  /* printf output: a buffer of printf_capacity bytes whose first 8 bytes
   * are the atomic write cursor. */
  char *printf_buffer;
  uint64_t printf_capacity;
  /* Where each kind of memory lies, for the generic address space
   * (to_global, to_local, to_private, get_fence): a generic pointer is a
   * plain address, and these ranges tell which named space it points into.
   * __local: [local_arena, local_arena + local_arena_size).
   * __private: the call's own stack, [private_low, private_high) (the
   * thread's stack from its lowest address up to the caller's frame, above
   * which no work-item object lies), and [wi_storage, wi_storage +
   * wi_storage_size). Everything else is __global. */
  uint64_t local_arena_size;
  uint64_t wi_storage_size;
  char *private_low;
  char *private_high;
  /* The work-group collective functions' scratch row (builtins/lib/
   * work_group.cl): 8 bytes per work-item of a group, plus 16, 64-byte
   * aligned, the call's alone like local_arena. */
  char *group_scratch;
  /* Device-side enqueue (device_enqueue_abi.h): the runtime's functions,
   * its handle of this launch (the parent of what the kernel enqueues),
   * and get_default_queue()'s answer (null: no default on-device queue).
   * All null where the runtime offers no device-side enqueue. */
  const struct corecl_device_services *device_services;
  void *device_launch;
  void *default_queue;
} corecl_wg_ctx;

typedef void (*corecl_wg_fn)(const void *args, const corecl_wg_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif /* CORECL_KERNEL_ABI_H */
