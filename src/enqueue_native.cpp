// clEnqueueNativeKernel: runs a host function on a worker thread, with the
// memory objects in its argument block replaced by their storage pointers.
#include "src/api_util.h"
#include "src/enqueue_util.h"

#include <cstdint>
#include <cstring>
#include <memory>

using namespace corecl;

namespace {

// Entry points that allocate while they check their arguments (device
// lists, headers, memory lists): each runs whole inside its exception
// guard, so a bad_alloc there is CL_OUT_OF_HOST_MEMORY, never an
// exception escaping into the application.
cl_int enqueueNativeKernelBody(cl_command_queue command_queue, void(CL_CALLBACK *user_func)(void *),
                               void *args, size_t cb_args, cl_uint num_mem_objects,
                               const cl_mem *mem_list, const void **args_mem_loc,
                               cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                               cl_event *event) {
  const char *entry = "clEnqueueNativeKernel";
  CommandQueue *q;
  if (cl_int err = resolveQueue(command_queue, num_events_in_wait_list, event_wait_list, q, entry))
    return err;
  if (!user_func)
    return apiError(entry, CL_INVALID_VALUE, "user_func is NULL");
  if ((!args && cb_args) || (args && !cb_args) || (!args && num_mem_objects))
    return apiError(entry, CL_INVALID_VALUE, "args is %s with cb_args %zu and num_mem_objects %u",
                    args ? "not NULL" : "NULL", cb_args, num_mem_objects);
  // A block that would run past the end of the address space cannot exist.
  if (args && cb_args > UINTPTR_MAX - reinterpret_cast<uintptr_t>(args))
    return apiError(entry, CL_INVALID_VALUE, "args + cb_args %zu wraps around the address space",
                    cb_args);
  if ((num_mem_objects > 0) != (mem_list != nullptr) ||
      (num_mem_objects > 0) != (args_mem_loc != nullptr))
    return apiError(entry, CL_INVALID_VALUE,
                    "num_mem_objects is %u but mem_list is %s and args_mem_loc %s", num_mem_objects,
                    mem_list ? "not NULL" : "NULL", args_mem_loc ? "not NULL" : "NULL");
  cl_device_exec_capabilities caps = 0;
  q->device().getInfo(CL_DEVICE_EXECUTION_CAPABILITIES, sizeof caps, &caps, nullptr);
  if (!(caps & CL_EXEC_NATIVE_KERNEL))
    return apiError(entry, CL_INVALID_OPERATION, "the queue's device cannot run native kernels");

  std::vector<Ref<MemObject>> mems;
  std::vector<size_t> slots; // byte offsets of the cl_mem slots in args
  for (cl_uint i = 0; i < num_mem_objects; ++i) {
    MemObject *m;
    if (cl_int err = resolveMemObject(*q, mem_list[i], m, "mem_list", i, entry))
      return err;
    // Compared as integers: pointer arithmetic past `args` is undefined.
    auto loc = reinterpret_cast<uintptr_t>(args_mem_loc[i]);
    auto base = reinterpret_cast<uintptr_t>(args);
    if (loc < base || cb_args < sizeof(void *) || loc - base > cb_args - sizeof(void *))
      return apiError(entry, CL_INVALID_VALUE,
                      "args_mem_loc[%u] does not point at a pointer inside args", i);
    slots.push_back(size_t(loc - base));
    mems.emplace_back(m);
  }
  return guarded([&] {
    // The spec lets the application reuse `args` once this call returns.
    auto block = std::make_shared<std::vector<char>>(static_cast<const char *>(args),
                                                     static_cast<const char *>(args) + cb_args);
    Event *e = q->enqueue(
        CL_COMMAND_NATIVE_KERNEL,
        [=] {
          for (size_t i = 0; i < slots.size(); ++i) {
            void *data = mems[i]->data();
            std::memcpy(block->data() + slots[i], &data, sizeof data);
          }
          user_func(block->empty() ? nullptr : block->data());
          return CL_SUCCESS;
        },
        num_events_in_wait_list, event_wait_list);
    return completeEnqueue(e, event, false);
  });
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNativeKernel(
    cl_command_queue command_queue, void(CL_CALLBACK *user_func)(void *), void *args,
    size_t cb_args, cl_uint num_mem_objects, const cl_mem *mem_list, const void **args_mem_loc,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return guarded([&] {
    return enqueueNativeKernelBody(command_queue, user_func, args, cb_args, num_mem_objects,
                                   mem_list, args_mem_loc, num_events_in_wait_list, event_wait_list,
                                   event);
  });
}

} // extern "C"
