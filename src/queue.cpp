// Command queues: creation, info, flush and finish.
#include "src/objects/queue.h"
#include "src/info_util.h"

using namespace corecl;

namespace {

constexpr cl_command_queue_properties kKnownQueueProperties =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE |
    CL_QUEUE_ON_DEVICE_DEFAULT;

cl_command_queue createQueue(cl_context context, cl_device_id device,
                             cl_command_queue_properties properties,
                             std::vector<cl_queue_properties> list, bool sizeGiven,
                             cl_int *errcode_ret, const char *entry) {
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
  // Device-side queues are optional in OpenCL 3.0; CoreCL has none.
  if (properties & ~d->queueProperties())
    return fail(apiError(entry, CL_INVALID_QUEUE_PROPERTIES,
                         "properties 0x%llx: the device does not support 0x%llx", bits,
                         bits & ~(unsigned long long)d->queueProperties()));
  auto *q = new CommandQueue(*c, *d, properties, std::move(list));
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
          break;
        default:
          return withError<_cl_command_queue>(
              errcode_ret, apiError(entry, CL_INVALID_VALUE, "properties: unknown property 0x%llx",
                                    (unsigned long long)properties[i]));
        }
      }
      list.assign(properties, properties + i + 1);
    }
    return createQueue(context, device, bits, std::move(list), seenSize, errcode_ret, entry);
  });
}

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueue(cl_context context, cl_device_id device,
                     cl_command_queue_properties properties, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&, entry = __func__] {
    return createQueue(context, device, properties, {}, false, errcode_ret, entry);
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
                                      return apiError("clGetCommandQueueInfo",
                                                      CL_INVALID_COMMAND_QUEUE,
                                                      "CL_QUEUE_SIZE of a host queue");
                                    case CL_QUEUE_DEVICE_DEFAULT:
                                      return put(cl_command_queue(nullptr));
                                    default:
                                      return CL_INVALID_VALUE;
                                    }
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
