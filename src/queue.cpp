// Command queues: creation, info, flush and finish.
#include "src/objects/queue.h"
#include "src/api_util.h"

using namespace corecl;

namespace {

constexpr cl_command_queue_properties kKnownQueueProperties =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE |
    CL_QUEUE_ON_DEVICE_DEFAULT;

cl_command_queue createQueue(cl_context context, cl_device_id device,
                             cl_command_queue_properties properties,
                             std::vector<cl_queue_properties> list, bool sizeGiven,
                             cl_int *errcode_ret) {
  Context *c = Context::fromHandle(context);
  if (!c)
    return withError<_cl_command_queue>(errcode_ret, CL_INVALID_CONTEXT);
  Device *d = Device::fromHandle(device);
  if (!d || !c->hasDevice(d))
    return withError<_cl_command_queue>(errcode_ret, CL_INVALID_DEVICE);
  if (properties & ~kKnownQueueProperties)
    return withError<_cl_command_queue>(errcode_ret, CL_INVALID_VALUE);
  // ON_DEVICE_DEFAULT needs ON_DEVICE; ON_DEVICE needs out-of-order mode.
  if ((properties & CL_QUEUE_ON_DEVICE_DEFAULT) && !(properties & CL_QUEUE_ON_DEVICE))
    return withError<_cl_command_queue>(errcode_ret, CL_INVALID_VALUE);
  if ((properties & CL_QUEUE_ON_DEVICE) && !(properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
    return withError<_cl_command_queue>(errcode_ret, CL_INVALID_VALUE);
  if (sizeGiven && !(properties & CL_QUEUE_ON_DEVICE))
    return withError<_cl_command_queue>(errcode_ret, CL_INVALID_VALUE);
  // Device-side queues are optional in OpenCL 3.0; CoreCL has none.
  if (properties & ~d->queueProperties())
    return withError<_cl_command_queue>(errcode_ret, CL_INVALID_QUEUE_PROPERTIES);
  auto *q = new CommandQueue(*c, *d, properties, std::move(list));
  return withError(errcode_ret, CL_SUCCESS, q->handle());
}

} // namespace

extern "C" {

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                   const cl_queue_properties *properties, cl_int *errcode_ret) {
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
            return withError<_cl_command_queue>(errcode_ret, CL_INVALID_VALUE);
          seenProps = true;
          bits = properties[i + 1];
          break;
        case CL_QUEUE_SIZE:
          if (seenSize)
            return withError<_cl_command_queue>(errcode_ret, CL_INVALID_VALUE);
          seenSize = true;
          break;
        default:
          return withError<_cl_command_queue>(errcode_ret, CL_INVALID_VALUE);
        }
      }
      list.assign(properties, properties + i + 1);
    }
    return createQueue(context, device, bits, std::move(list), seenSize, errcode_ret);
  });
}

CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueue(cl_context context, cl_device_id device,
                     cl_command_queue_properties properties, cl_int *errcode_ret) {
  return guardedCreate(errcode_ret, [&] {
    return createQueue(context, device, properties, {}, false, errcode_ret);
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
  return answerInfo<CommandQueue>(command_queue, param_value_size, param_value,
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
                                    case CL_QUEUE_SIZE:
                                      return CL_INVALID_COMMAND_QUEUE; // host queues have no size
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
  if (!CommandQueue::fromHandle(command_queue))
    return CL_INVALID_COMMAND_QUEUE;
  return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clFlush(cl_command_queue command_queue) {
  // Commands are handed to the executor as they are enqueued; nothing waits
  // for a flush.
  if (!CommandQueue::fromHandle(command_queue))
    return CL_INVALID_COMMAND_QUEUE;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue command_queue) {
  CommandQueue *q = CommandQueue::fromHandle(command_queue);
  if (!q)
    return CL_INVALID_COMMAND_QUEUE;
  return guarded([&] {
    q->finish();
    return CL_SUCCESS;
  });
}

} // extern "C"
