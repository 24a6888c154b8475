// Device-side enqueue (OpenCL C 2.0 s6.13.17): enqueue_kernel,
// enqueue_marker and the clk_event_t functions hand their work to the
// runtime through the table in the launch context
// (include/corecl/device_enqueue_abi.h). compiler/passes/
// lower_device_enqueue.cpp turns Clang's calls into calls of these, under
// these plain names, with queue_t and clk_event_t as `global void *`
// (lower_images.cpp). Compiled for x86-64 (calls through the table use the
// host's calling convention, and need Clang's function pointers).
#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable

#include "builtins.h"
#include "corecl/device_enqueue_abi.h"

// Lowered by compiler/passes/lower_work_items.cpp to loads from the
// launch context.
const corecl_device_services *__corecl_device_services(void);
void *__corecl_device_launch(void);

// OpenCL C's CLK_* codes for what cannot be carried out here.
#define CORECL_CLK_ENQUEUE_FAILURE -101
#define CORECL_CLK_INVALID_QUEUE -102

int __corecl_enqueue_kernel(global void *queue, uint flags, const corecl_ndrange *range,
                            const char *kernel_name, const void *block, uint num_events,
                            void *const *events, void **event_ret, uint num_local_sizes,
                            const ulong *local_sizes) {
  const corecl_device_services *services = __corecl_device_services();
  if (!services)
    return CORECL_CLK_ENQUEUE_FAILURE;
  if (!queue)
    return CORECL_CLK_INVALID_QUEUE;
  corecl_enqueue_request request;
  request.queue = (void *)queue;
  request.flags = flags;
  request.num_local_sizes = num_local_sizes;
  request.range = range;
  request.kernel_name = kernel_name;
  request.block = block;
  request.local_sizes = local_sizes;
  request.num_events = num_events;
  request.reserved = 0;
  request.events = events;
  request.event_ret = event_ret;
  return services->enqueue_kernel(__corecl_device_launch(), &request);
}

uint __corecl_block_kernel_query(const char *kernel_name, uint what, const corecl_ndrange *range) {
  const corecl_device_services *services = __corecl_device_services();
  if (!services)
    return 0;
  return (uint)services->block_kernel_query(__corecl_device_launch(), kernel_name, what, range);
}

int __corecl_enqueue_marker(global void *queue, uint num_events, void *const *events,
                            void **event_ret) {
  const corecl_device_services *services = __corecl_device_services();
  if (!services)
    return CORECL_CLK_ENQUEUE_FAILURE;
  if (!queue)
    return CORECL_CLK_INVALID_QUEUE;
  return services->enqueue_marker(__corecl_device_launch(), (void *)queue, num_events, events,
                                  event_ret);
}

global void *__corecl_create_user_event(void) {
  const corecl_device_services *services = __corecl_device_services();
  return services ? (global void *)services->create_user_event(__corecl_device_launch()) : 0;
}

void __corecl_retain_event(global void *event) {
  const corecl_device_services *services = __corecl_device_services();
  if (services && event)
    services->retain_event((void *)event);
}

void __corecl_release_event(global void *event) {
  const corecl_device_services *services = __corecl_device_services();
  if (services && event)
    services->release_event((void *)event);
}

bool __corecl_is_valid_event(global void *event) { return event != 0; }

void __corecl_set_user_event_status(global void *event, int status) {
  const corecl_device_services *services = __corecl_device_services();
  if (services && event)
    services->set_user_event_status((void *)event, status);
}

void __corecl_capture_event_profiling_info(global void *event, int name, global void *value) {
  const corecl_device_services *services = __corecl_device_services();
  if (services && event)
    services->capture_event_profiling_info((void *)event, name, (void *)value);
}
