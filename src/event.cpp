// Events: waiting, info, user events, callbacks, profiling, and the
// synchronisation commands (markers, barriers).
#include "src/objects/event.h"
#include "src/info_util.h"
#include "src/objects/queue.h"

using namespace corecl;

namespace {

/// Resolves every event of a list the application waits for: the list
/// non-empty, each event live and all of one context (`context`, if given,
/// else the first event's).
cl_int resolveEventList(cl_uint num_events, const cl_event *event_list, const Context *context,
                        const char *entry) {
  if (num_events == 0 || !event_list)
    return apiError(entry, CL_INVALID_VALUE, "num_events is %u and event_list is %s", num_events,
                    event_list ? "not NULL" : "NULL");
  for (cl_uint i = 0; i < num_events; ++i) {
    Event *e = Event::fromHandle(event_list[i]);
    if (!e)
      return apiError(entry, CL_INVALID_EVENT, "event_list[%u] %p is not a live event", i,
                      static_cast<const void *>(event_list[i]));
    if (context && &e->context() != context)
      return apiError(entry, CL_INVALID_CONTEXT, "event_list[%u] is of another context", i);
    context = &e->context();
  }
  return CL_SUCCESS;
}

cl_int enqueueSync(cl_command_queue command_queue, cl_uint num_events, const cl_event *wait_list,
                   cl_event *event, cl_command_type type, CommandQueue::Ordering ordering,
                   const char *entry = __builtin_FUNCTION()) {
  CommandQueue *q;
  if (cl_int err = resolve(command_queue, q, entry))
    return err;
  if (cl_int err = validateWaitList(q->context(), num_events, wait_list, entry))
    return err;
  return guarded([&] {
    Event *e = q->enqueue(type, nullptr, num_events, wait_list, ordering);
    return completeEnqueue(e, event, false);
  });
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list) {
  if (cl_int err = resolveEventList(num_events, event_list, nullptr, __func__))
    return err;
  cl_int result = CL_SUCCESS;
  for (cl_uint i = 0; i < num_events; ++i)
    if (Event::fromHandle(event_list[i])->wait() < 0)
      result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  return result;
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventInfo(cl_event event, cl_event_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  return answerInfo<Event>(event, param_name, param_value_size, param_value, param_value_size_ret,
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
  Context *c;
  if (cl_int err = resolve(context, c))
    return withError<_cl_event>(errcode_ret, err);
  return guardedCreate(
      errcode_ret, [&] { return withError(errcode_ret, CL_SUCCESS, (new Event(*c))->handle()); });
}

CL_API_ENTRY cl_int CL_API_CALL clSetUserEventStatus(cl_event event, cl_int execution_status) {
  Event *e;
  if (cl_int err = resolve(event, e))
    return err;
  if (!e->isUserEvent())
    return apiError(__func__, CL_INVALID_EVENT, "the event is not a user event");
  if (execution_status > CL_COMPLETE)
    return apiError(__func__, CL_INVALID_VALUE,
                    "execution_status %d is neither CL_COMPLETE nor a negative error",
                    execution_status);
  return guarded([&] {
    if (e->finishExternally(execution_status))
      return CL_SUCCESS;
    return apiError("clSetUserEventStatus", CL_INVALID_OPERATION,
                    "the user event's status was already set");
  });
}

CL_API_ENTRY cl_int CL_API_CALL
clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                   void(CL_CALLBACK *pfn_notify)(cl_event, cl_int, void *), void *user_data) {
  Event *e;
  if (cl_int err = resolve(event, e))
    return err;
  if (!pfn_notify)
    return apiError(__func__, CL_INVALID_VALUE, "pfn_notify is NULL");
  if (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
      command_exec_callback_type != CL_COMPLETE)
    return apiError(__func__, CL_INVALID_VALUE,
                    "command_exec_callback_type %d is not CL_SUBMITTED, CL_RUNNING or "
                    "CL_COMPLETE",
                    command_exec_callback_type);
  return guarded([&] {
    e->addCallback(command_exec_callback_type, pfn_notify, user_data);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event,
                                                        cl_profiling_info param_name,
                                                        size_t param_value_size, void *param_value,
                                                        size_t *param_value_size_ret) {
  Event *e;
  if (cl_int err = resolve(event, e))
    return err;
  if (e->isUserEvent() || !e->queue()->profiling() || e->status() != CL_COMPLETE)
    return apiError(__func__, CL_PROFILING_INFO_NOT_AVAILABLE, "%s",
                    e->isUserEvent()           ? "the event is a user event"
                    : !e->queue()->profiling() ? "the queue was created without profiling"
                                               : "the command has not completed");
  return answerQuery(__func__, param_name, param_value_size, param_value, param_value_size_ret,
                     [&](InfoBuffer put) -> cl_int {
                       switch (param_name) {
                       case CL_PROFILING_COMMAND_QUEUED:
                         return put(cl_ulong(e->timestamp(rt::Stage::Queued)));
                       case CL_PROFILING_COMMAND_SUBMIT:
                         return put(cl_ulong(e->timestamp(rt::Stage::Submitted)));
                       case CL_PROFILING_COMMAND_START:
                         return put(cl_ulong(e->timestamp(rt::Stage::Started)));
                       case CL_PROFILING_COMMAND_END: // its own work
                         if (uint64_t executed = e->timestamp(rt::Stage::Executed))
                           return put(cl_ulong(executed));
                         return put(cl_ulong(e->timestamp(rt::Stage::Ended)));
                       case CL_PROFILING_COMMAND_COMPLETE: // and its children's
                         return put(cl_ulong(e->timestamp(rt::Stage::Ended)));
                       default:
                         return CL_INVALID_VALUE;
                       }
                     });
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
    return apiError(__func__, CL_INVALID_VALUE, "event is NULL");
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
  CommandQueue *q;
  if (cl_int err = resolve(command_queue, q))
    return err;
  if (cl_int err = resolveEventList(num_events, event_list, &q->context(), __func__))
    return err;
  // The 1.1 form: later commands wait for these events, like a barrier.
  return enqueueSync(command_queue, num_events, event_list, nullptr, CL_COMMAND_BARRIER,
                     CommandQueue::Ordering::Barrier);
}

} // extern "C"
