// Events: waiting, info, user events, callbacks, profiling, and the
// synchronisation commands (markers, barriers).
#include "src/objects/event.h"
#include "src/api_util.h"
#include "src/objects/queue.h"

using namespace corecl;

namespace {

cl_int enqueueSync(cl_command_queue command_queue, cl_uint num_events, const cl_event *wait_list,
                   cl_event *event, cl_command_type type, CommandQueue::Ordering ordering) {
  CommandQueue *q = CommandQueue::fromHandle(command_queue);
  if (!q)
    return CL_INVALID_COMMAND_QUEUE;
  if (cl_int err = validateWaitList(q->context(), num_events, wait_list))
    return err;
  return guarded([&] {
    Event *e = q->enqueue(type, nullptr, num_events, wait_list, ordering);
    return completeEnqueue(e, event, false);
  });
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list) {
  if (num_events == 0 || !event_list)
    return CL_INVALID_VALUE;
  const Context *context = nullptr;
  for (cl_uint i = 0; i < num_events; ++i) {
    Event *e = Event::fromHandle(event_list[i]);
    if (!e)
      return CL_INVALID_EVENT;
    if (context && &e->context() != context)
      return CL_INVALID_CONTEXT;
    context = &e->context();
  }
  cl_int result = CL_SUCCESS;
  for (cl_uint i = 0; i < num_events; ++i)
    if (Event::fromHandle(event_list[i])->wait() < 0)
      result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  return result;
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventInfo(cl_event event, cl_event_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  return answerInfo<Event>(event, param_value_size, param_value, param_value_size_ret,
                           [&](Event *e, auto put) -> cl_int {
                             switch (param_name) {
                             case CL_EVENT_COMMAND_QUEUE:
                               return put(
                                   cl_command_queue(e->queue() ? e->queue()->handle() : nullptr));
                             case CL_EVENT_CONTEXT:
                               return put(cl_context(e->context().handle()));
                             case CL_EVENT_COMMAND_TYPE:
                               return put(e->commandType());
                             case CL_EVENT_COMMAND_EXECUTION_STATUS:
                               return put(cl_int(e->status()));
                             case CL_EVENT_REFERENCE_COUNT:
                               return put(e->publicRefCount());
                             default:
                               return CL_INVALID_VALUE;
                             }
                           });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainEvent(cl_event event) {
  return retainHandle<Event>(event);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseEvent(cl_event event) {
  return releaseHandle<Event>(event);
}

CL_API_ENTRY cl_event CL_API_CALL clCreateUserEvent(cl_context context, cl_int *errcode_ret) {
  Context *c = Context::fromHandle(context);
  if (!c)
    return withError<_cl_event>(errcode_ret, CL_INVALID_CONTEXT);
  return guardedCreate(
      errcode_ret, [&] { return withError(errcode_ret, CL_SUCCESS, (new Event(*c))->handle()); });
}

CL_API_ENTRY cl_int CL_API_CALL clSetUserEventStatus(cl_event event, cl_int execution_status) {
  Event *e = Event::fromHandle(event);
  if (!e || !e->isUserEvent())
    return CL_INVALID_EVENT;
  if (execution_status > CL_COMPLETE)
    return CL_INVALID_VALUE;
  return guarded(
      [&] { return e->finishExternally(execution_status) ? CL_SUCCESS : CL_INVALID_OPERATION; });
}

CL_API_ENTRY cl_int CL_API_CALL
clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                   void(CL_CALLBACK *pfn_notify)(cl_event, cl_int, void *), void *user_data) {
  Event *e = Event::fromHandle(event);
  if (!e)
    return CL_INVALID_EVENT;
  if (!pfn_notify ||
      (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
       command_exec_callback_type != CL_COMPLETE))
    return CL_INVALID_VALUE;
  return guarded([&] {
    e->addCallback(command_exec_callback_type, pfn_notify, user_data);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event,
                                                        cl_profiling_info param_name,
                                                        size_t param_value_size, void *param_value,
                                                        size_t *param_value_size_ret) {
  Event *e = Event::fromHandle(event);
  if (!e)
    return CL_INVALID_EVENT;
  if (e->isUserEvent() || !e->queue()->profiling() || e->status() != CL_COMPLETE)
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  rt::Stage stage;
  switch (param_name) {
  case CL_PROFILING_COMMAND_QUEUED:
    stage = rt::Stage::Queued;
    break;
  case CL_PROFILING_COMMAND_SUBMIT:
    stage = rt::Stage::Submitted;
    break;
  case CL_PROFILING_COMMAND_START:
    stage = rt::Stage::Started;
    break;
  case CL_PROFILING_COMMAND_END:
  case CL_PROFILING_COMMAND_COMPLETE:
    stage = rt::Stage::Ended;
    break;
  default:
    return CL_INVALID_VALUE;
  }
  return writeInfo(param_value_size, param_value, param_value_size_ret,
                   cl_ulong(e->timestamp(stage)));
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue command_queue,
                                                            cl_uint num_events_in_wait_list,
                                                            const cl_event *event_wait_list,
                                                            cl_event *event) {
  return enqueueSync(command_queue, num_events_in_wait_list, event_wait_list, event,
                     CL_COMMAND_MARKER, CommandQueue::Ordering::Marker);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue command_queue,
                                                             cl_uint num_events_in_wait_list,
                                                             const cl_event *event_wait_list,
                                                             cl_event *event) {
  return enqueueSync(command_queue, num_events_in_wait_list, event_wait_list, event,
                     CL_COMMAND_BARRIER, CommandQueue::Ordering::Barrier);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarker(cl_command_queue command_queue, cl_event *event) {
  if (CommandQueue::fromHandle(command_queue) && !event)
    return CL_INVALID_VALUE;
  return enqueueSync(command_queue, 0, nullptr, event, CL_COMMAND_MARKER,
                     CommandQueue::Ordering::Marker);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue command_queue) {
  return enqueueSync(command_queue, 0, nullptr, nullptr, CL_COMMAND_BARRIER,
                     CommandQueue::Ordering::Barrier);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue command_queue,
                                                       cl_uint num_events,
                                                       const cl_event *event_list) {
  CommandQueue *q = CommandQueue::fromHandle(command_queue);
  if (!q)
    return CL_INVALID_COMMAND_QUEUE;
  if (num_events == 0 || !event_list)
    return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < num_events; ++i) {
    Event *e = Event::fromHandle(event_list[i]);
    if (!e)
      return CL_INVALID_EVENT;
    if (&e->context() != &q->context())
      return CL_INVALID_CONTEXT;
  }
  // The 1.1 form: later commands wait for these events, like a barrier.
  return enqueueSync(command_queue, num_events, event_list, nullptr, CL_COMMAND_BARRIER,
                     CommandQueue::Ordering::Barrier);
}

} // extern "C"
