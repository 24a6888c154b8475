/* Device-side enqueue (OpenCL C 2.0's enqueue_kernel, enqueue_marker and
 * the clk_event_t functions): the contract between the builtins that a
 * kernel calls (builtins/lib/device_enqueue_host.cl) and the runtime that
 * carries the requests out (src/objects/device_launch.cpp).
 *
 * The launch context (kernel_abi.h) carries a table of runtime functions
 * and the runtime's handle of the launch that runs; a builtin passes both
 * back with each request, so the runtime knows which launch is the parent.
 * A queue_t is the runtime's handle of an on-device queue, a clk_event_t
 * the runtime's handle of a device-side command; both are plain addresses
 * (compiler/passes/lower_images.cpp lowers Clang's types to pointers).
 *
 * compiler/passes/lower_device_enqueue.cpp turns Clang's calls
 * (__enqueue_kernel_basic and its three siblings, __get_kernel_*_impl)
 * into calls of __corecl_enqueue_kernel and __corecl_block_kernel_query,
 * naming the block's kernel by a string constant: the block invoke kernel
 * Clang made for it, which the compiler builds like any kernel and the
 * API does not list.
 */
#ifndef CORECL_DEVICE_ENQUEUE_ABI_H
#define CORECL_DEVICE_ENQUEUE_ABI_H

#ifndef __OPENCL_C_VERSION__
#include <stdint.h>
#define CORECL_DE_U64 uint64_t
#define CORECL_DE_U32 uint32_t
#define CORECL_DE_I32 int32_t
#else
/* The builtins call through the table (Clang's function pointer
 * extension); `void *` is a generic pointer there, the same 8 bytes. */
#define CORECL_DE_U64 ulong
#define CORECL_DE_U32 uint
#define CORECL_DE_I32 int
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Clang's ndrange_t (opencl-c-base.h): a local size of 0 in every
 * dimension means the runtime chooses it. */
typedef struct corecl_ndrange {
  CORECL_DE_U32 work_dim;
  CORECL_DE_U64 global_offset[3];
  CORECL_DE_U64 global_size[3];
  CORECL_DE_U64 local_size[3];
} corecl_ndrange;

/* One enqueue_kernel call: the block kernel's name and the block literal
 * (its first 4 bytes are its size; the runtime copies that many bytes and
 * passes the copy as the kernel's first argument), the sizes of its
 * __local pointer arguments, and the event wait list. */
typedef struct corecl_enqueue_request {
  void *queue;
  CORECL_DE_U32 flags; /* CLK_ENQUEUE_FLAGS_* */
  CORECL_DE_U32 num_local_sizes;
  const corecl_ndrange *range;
  const char *kernel_name;
  const void *block;
  const CORECL_DE_U64 *local_sizes;
  CORECL_DE_U32 num_events;
  CORECL_DE_U32 reserved;
  void *const *events;
  void **event_ret; /* null if the caller wants no event */
} corecl_enqueue_request;

/* What __corecl_block_kernel_query asks of a block kernel. */
enum {
  CORECL_BLOCK_WORK_GROUP_SIZE = 0,
  CORECL_BLOCK_PREFERRED_MULTIPLE = 1,
  CORECL_BLOCK_MAX_SUB_GROUP_SIZE = 2, /* for the given range */
  CORECL_BLOCK_SUB_GROUP_COUNT = 3     /* for the given range */
};

/* The runtime's side. `launch` is corecl_wg_ctx.device_launch of the
 * caller; every function returns an OpenCL C CLK_* code where it returns
 * an int. */
typedef struct corecl_device_services {
  CORECL_DE_I32 (*enqueue_kernel)(void *launch, const corecl_enqueue_request *request);
  CORECL_DE_I32 (*enqueue_marker)
  (void *launch, void *queue, CORECL_DE_U32 num_events, void *const *events, void **event_ret);
  void *(*create_user_event)(void *launch);
  void (*retain_event)(void *event);
  void (*release_event)(void *event);
  void (*set_user_event_status)(void *event, CORECL_DE_I32 status);
  /* CLK_PROFILING_COMMAND_EXEC_TIME: two 64-bit values are written at
   * `value` once the command has completed. */
  void (*capture_event_profiling_info)(void *event, CORECL_DE_I32 name, void *value);
  CORECL_DE_U64 (*block_kernel_query)
  (void *launch, const char *kernel_name, CORECL_DE_U32 what, const corecl_ndrange *range);
} corecl_device_services;

#ifdef __cplusplus
}
#endif

#endif /* CORECL_DEVICE_ENQUEUE_ABI_H */
