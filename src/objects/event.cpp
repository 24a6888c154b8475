#include "src/objects/event.h"

#include "src/debug_log.h"
#include "src/objects/queue.h"

#include <algorithm>
#include <new>
#include <string>

namespace corecl {

Event::Event(CommandQueue &queue, cl_command_type type, Work work)
    : rt::Command(/*timestamps=*/queue.profiling()), context_(&queue.context()), queue_(&queue),
      type_(type), work_(std::move(work)) {}

Event::Event(Context &context) : context_(&context), type_(CL_COMMAND_USER) {
  setInitialStatus(CL_SUBMITTED);
  commit(nullptr); // never runs: it finishes when the application says so
}

Event::~Event() {
  work_ = nullptr; // what the closure holds, before the queue and context
}

int Event::execute() {
  // Moving the closure out releases what it captured (buffers, copies of
  // arguments) as soon as the work is done.
  Work work = std::move(work_);
  int result;
  try {
    result = work ? work() : CL_SUCCESS;
  } catch (const std::bad_alloc &) {
    result = CL_OUT_OF_HOST_MEMORY;
  } catch (...) {
    result = CL_OUT_OF_RESOURCES;
  }
  if (result < 0 && debugging(DebugArea::Exec))
    debugLog(DebugArea::Exec, "event %p (command type 0x%x) failed: %s",
             static_cast<void *>(handle()), unsigned(type_), errorName(result));
  return result;
}

void Event::addCallback(cl_int type, CallbackFn fn, void *userData) {
  cl_int current;
  {
    std::lock_guard lock(callbackMutex_);
    current = status();
    if (current > type) {
      callbacks_.push_back({type, fn, userData});
      return;
    }
  }
  fn(handle(), current < 0 ? current : type, userData);
}

void Event::onStatus(int newStatus) {
  // A failed command never runs: drop its closure now, so that what it
  // captured (buffers) is not pinned for as long as the event lives.
  if (newStatus < 0)
    work_ = nullptr;
  std::vector<Callback> due;
  {
    std::lock_guard lock(callbackMutex_);
    auto reached = [&](const Callback &c) { return newStatus < 0 || c.type >= newStatus; };
    for (const Callback &c : callbacks_)
      if (reached(c))
        due.push_back(c);
    std::erase_if(callbacks_, reached);
  }
  // Earlier states first: SUBMITTED, RUNNING, then COMPLETE.
  std::stable_sort(due.begin(), due.end(),
                   [](const Callback &a, const Callback &b) { return a.type > b.type; });
  for (const Callback &c : due)
    c.fn(handle(), newStatus < 0 ? newStatus : c.type, c.userData);

  if (newStatus < 0 && newStatus != rt::status::kDependencyFailed && queue_)
    reportCommandFailure(*context_, type_, newStatus);
}

void reportCommandFailure(const Context &context, cl_command_type type, cl_int error) {
  context.notify("CoreCL: a command of type 0x" + std::to_string(type) + " failed with error " +
                 std::to_string(error));
}

cl_int validateWaitList(const Context &context, cl_uint count, const cl_event *list,
                        const char *entry) {
  if ((count == 0) != (list == nullptr))
    return apiError(entry, CL_INVALID_EVENT_WAIT_LIST,
                    "num_events_in_wait_list is %u but event_wait_list is %s", count,
                    list ? "not NULL" : "NULL");
  for (cl_uint i = 0; i < count; ++i) {
    Event *e = Event::fromHandle(list[i]);
    if (!e)
      return apiError(entry, CL_INVALID_EVENT_WAIT_LIST,
                      "event_wait_list[%u] %p is not a live event", i,
                      static_cast<const void *>(list[i]));
    if (&e->context() != &context)
      return apiError(entry, CL_INVALID_CONTEXT,
                      "event_wait_list[%u] belongs to another context than the queue's", i);
  }
  return CL_SUCCESS;
}

} // namespace corecl
