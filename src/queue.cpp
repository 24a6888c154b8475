// Command queues: creation, info, flush and finish.
#include "src/objects/queue.h"
#include "src/api_util.h"
#include "src/info_util.h"

using namespace corecl;

namespace corecl {

cl_int resolve(cl_command_queue handle, CommandQueue *&queue, const char *entry) {
  queue = CommandQueue::fromHandle(handle);
  if (!queue)
    return notALiveObject<CommandQueue>(entry, handle);
  if (queue->onDevice())
    return apiError(entry, CL_INVALID_COMMAND_QUEUE,
                    "%p is an on-device queue (CL_QUEUE_ON_DEVICE): only kernels enqueue to it",
                    static_cast<const void *>(handle));
  return CL_SUCCESS;
}

} // namespace corecl

namespace {

constexpr cl_command_queue_properties kKnownQueueProperties =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE |
    CL_QUEUE_ON_DEVICE_DEFAULT;

cl_command_queue createQueue(cl_context context, cl_device_id device,
                             cl_command_queue_properties properties,
                             std::vector<cl_queue_properties> list, bool sizeGiven,
                             cl_queue_properties size, cl_int *errcode_ret, const char *entry) {
  auto fail = [&](cl_int code) { return withError<_cl_command_queue>(errcode_ret, code); };
  const auto bits = (unsigned long long)properties;
  Context *c;
  if (cl_int err = resolve(context, c, entry))
    return fail(err);
  Device *d;
  if (cl_int err = resolve(device, d, entry))
    return fail(err);
  if (!c->hasDevice(d))
    return fail(apiError(entry, CL_INVALID_DEVICE, "the device is not one of the context's"));
  if (properties & ~kKnownQueueProperties)
    return fail(apiError(entry, CL_INVALID_VALUE, "properties 0x%llx: unknown bits 0x%llx", bits,
                         bits & ~(unsigned long long)kKnownQueueProperties));
  // ON_DEVICE_DEFAULT needs ON_DEVICE; ON_DEVICE needs out-of-order mode.
  if ((properties & CL_QUEUE_ON_DEVICE_DEFAULT) && !(properties & CL_QUEUE_ON_DEVICE))
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "properties 0x%llx: CL_QUEUE_ON_DEVICE_DEFAULT without "
                         "CL_QUEUE_ON_DEVICE",
                         bits));
  if ((properties & CL_QUEUE_ON_DEVICE) && !(properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "properties 0x%llx: CL_QUEUE_ON_DEVICE without out-of-order mode", bits));
  if (sizeGiven && !(properties & CL_QUEUE_ON_DEVICE))
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "CL_QUEUE_SIZE given for a queue that is not CL_QUEUE_ON_DEVICE"));
  const bool onDevice = properties & CL_QUEUE_ON_DEVICE;
  const cl_command_queue_properties supported =
      onDevice ? d->deviceQueueProperties() | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT
               : d->queueProperties();
  if (properties & ~supported)
    return fail(apiError(entry, CL_INVALID_QUEUE_PROPERTIES,
                         "properties 0x%llx: the device does not support 0x%llx", bits,
                         bits & ~(unsigned long long)supported));
  if (!onDevice)
    return withError(errcode_ret, CL_SUCCESS,
                     (new CommandQueue(*c, *d, properties, std::move(list)))->handle());
  if (sizeGiven && size > Device::kDeviceQueueMaxSize)
    return fail(apiError(entry, CL_INVALID_VALUE,
                         "CL_QUEUE_SIZE %llu is above CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE %u",
                         (unsigned long long)size, Device::kDeviceQueueMaxSize));
  // One default on-device queue per device: asking for it again gives it
  // again (OpenCL 2.0 s5.1).
  if (properties & CL_QUEUE_ON_DEVICE_DEFAULT)
    if (Ref<CommandQueue> existing = c->defaultDeviceQueue(*d); existing && existing->onDevice()) {
      existing->retainPublic();
      return withError(errcode_ret, CL_SUCCESS, existing->handle());
    }
  auto *q = new CommandQueue(*c, *d, properties, std::move(list),
                             sizeGiven ? cl_uint(size) : Device::kDeviceQueuePreferredSize);
  if (properties & CL_QUEUE_ON_DEVICE_DEFAULT)
    c->setDefaultDeviceQueue(*d, q);
  return withError(errcode_ret, CL_SUCCESS, q->handle());
}

} // namespace

extern "C" {

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                   const cl_queue_properties *properties, cl_int *errcode_ret) {
  const char *entry = __func__;
  auto twice = [&](const char *name) {
    return withError<_cl_command_queue>(
        errcode_ret, apiError(entry, CL_INVALID_VALUE, "properties: %s given twice", name));
  };
  return guardedCreate(errcode_ret, [&]() -> cl_command_queue {
    cl_command_queue_properties bits = 0;
    bool seenProps = false, seenSize = false;
    cl_queue_properties size = 0;
    std::vector<cl_queue_properties> list;
    if (properties) {
      size_t i = 0;
      for (; properties[i] != 0; i += 2) {
        switch (properties[i]) {
        case CL_QUEUE_PROPERTIES:
          if (seenProps)
            return twice("CL_QUEUE_PROPERTIES");
          seenProps = true;
          bits = properties[i + 1];
          break;
        case CL_QUEUE_SIZE:
          if (seenSize)
            return twice("CL_QUEUE_SIZE");
          seenSize = true;
          size = properties[i + 1];
          break;
        default:
          return withError<_cl_command_queue>(
              errcode_ret, apiError(entry, CL_INVALID_VALUE, "properties: unknown property 0x%llx",
                                    (unsigned long long)properties[i]));
        }
      }
      list.assign(properties, properties + i + 1);
    }
    return createQueue(context, device, bits, std::move(list), seenSize, size, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueue(cl_context context, cl_device_id device,
                     cl_command_queue_properties properties, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    // clCreateCommandQueue (OpenCL 1.x) makes host queues only.
    if (properties & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT))
      return withError<_cl_command_queue>(
          errcode_ret, apiError(entry, CL_INVALID_VALUE,
                                "clCreateCommandQueue cannot make on-device queues "
                                "(clCreateCommandQueueWithProperties can)"));
    return createQueue(context, device, properties, {}, false, 0, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue command_queue) {
  return retainHandle<CommandQueue>(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue command_queue) {
  // Commands still in flight hold their own references to the queue, so
  // releasing it never cuts them off (the implicit flush is a no-op:
  // CoreCL submits commands as soon as they are enqueued).
  return releaseHandle<CommandQueue>(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue command_queue,
                                                      cl_command_queue_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  return answerInfo<CommandQueue>(command_queue, param_name, param_value_size, param_value,
                                  param_value_size_ret, [&](CommandQueue *q, auto put) -> cl_int {
                                    switch (param_name) {
                                    case CL_QUEUE_CONTEXT:
                                      return put(cl_context(q->context().handle()));
                                    case CL_QUEUE_DEVICE:
                                      return put(cl_device_id(q->device().handle()));
                                    case CL_QUEUE_REFERENCE_COUNT:
                                      return put(q->publicRefCount());
                                    case CL_QUEUE_PROPERTIES:
                                      return put(q->properties());
                                    case CL_QUEUE_PROPERTIES_ARRAY:
                                      return put(q->propertyList());
                                    case CL_QUEUE_SIZE: // host queues have no size
                                      if (!q->onDevice())
                                        return apiError("clGetCommandQueueInfo",
                                                        CL_INVALID_COMMAND_QUEUE,
                                                        "CL_QUEUE_SIZE of a host queue");
                                      return put(q->deviceQueueSize());
                                    case CL_QUEUE_DEVICE_DEFAULT: {
                                      Ref<CommandQueue> d =
                                          q->context().defaultDeviceQueue(q->device());
                                      return put(cl_command_queue(d ? d->handle() : nullptr));
                                    }
                                    default:
                                      return CL_INVALID_VALUE;
                                    }
                                  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context,
                                                               cl_device_id device,
                                                               cl_command_queue command_queue) {
  const char *entry = __func__;
  Context *c;
  if (cl_int err = resolve(context, c, entry))
    return err;
  Device *d;
  if (cl_int err = resolve(device, d, entry))
    return err;
  if (!c->hasDevice(d))
    return apiError(entry, CL_INVALID_DEVICE, "the device is not one of the context's");
  CommandQueue *q = CommandQueue::fromHandle(command_queue);
  if (!q || !q->onDevice() || &q->context() != c || &q->device() != d)
    return apiError(entry, CL_INVALID_COMMAND_QUEUE,
                    "%p is not an on-device queue of the context and the device",
                    static_cast<const void *>(command_queue));
  return guarded([&] {
    c->setDefaultDeviceQueue(*d, q);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue command_queue,
                                                          cl_command_queue_properties properties,
                                                          cl_bool enable,
                                                          cl_command_queue_properties *old) {
  // Removed in OpenCL 1.1; properties are fixed at creation in CoreCL.
  return unsupported<CommandQueue>(command_queue, "changing a queue's properties after creation");
}

CL_API_ENTRY cl_int CL_API_CALL clFlush(cl_command_queue command_queue) {
  // Commands are handed to the executor as they are enqueued; nothing waits
  // for a flush.
  return checkLive<CommandQueue>(command_queue);
}

CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue command_queue) {
  CommandQueue *q;
  if (cl_int err = resolve(command_queue, q))
    return err;
  return guarded([&] {
    q->finish();
    return CL_SUCCESS;
  });
}

} // extern "C"
