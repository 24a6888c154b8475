#include "src/objects/queue.h"

#include "src/objects/command_buffer.h"
#include "src/objects/device.h"

#include <algorithm>

namespace corecl {

CommandQueue::CommandQueue(Context &context, Device &device, cl_command_queue_properties properties,
                           std::vector<cl_queue_properties> propertyList, cl_uint deviceQueueSize)
    : context_(&context), device_(&device), properties_(properties),
      propertyList_(std::move(propertyList)), deviceQueueSize_(deviceQueueSize) {}

CommandQueue::~CommandQueue() = default;

bool CommandQueue::takeDeviceSlot() {
  const cl_uint capacity = std::max<cl_uint>(1, deviceQueueSize_ / Device::kDeviceCommandBytes);
  if (deviceCommands_.fetch_add(1, std::memory_order_relaxed) < capacity)
    return true;
  giveDeviceSlot();
  return false;
}

void CommandQueue::trackLocked(Event *event) {
  // Drop finished commands now and then, so the lists stay short without
  // scanning them on every enqueue.
  if (unfinished_.size() >= pruneThreshold_) {
    auto done = [](const Ref<Event> &e) { return e->finished(); };
    std::erase_if(unfinished_, done);
    std::erase_if(sinceBarrier_, done);
    pruneThreshold_ = std::max<size_t>(64, unfinished_.size() * 2);
  }
  unfinished_.emplace_back(event);
}

Event *CommandQueue::enqueue(cl_command_type type, Event::Work work, cl_uint numWaitEvents,
                             const cl_event *waitList, Ordering ordering,
                             bool runOnCommitIfReady) {
  if (recorder_) {
    // Recorded, not run: the entry point's checks passed, and the event it
    // hands back (never committed) is released by completeEnqueue.
    recorder_->add(type, std::move(work));
    return new Event(*this, type, nullptr);
  }
  Event *event = new Event(*this, type, std::move(work));
  if (runOnCommitIfReady)
    event->runOnCommitIfReady();
  {
    std::lock_guard lock(mutex_);
    linkLocked(event, numWaitEvents, waitList, ordering);
  }
  // Outside the lock: the command may run right here, and its completion
  // hooks (callbacks) may enqueue on this queue.
  event->commit(&device_->executor());
  return event;
}

void CommandQueue::linkLocked(Event *event, cl_uint numWaitEvents, const cl_event *waitList,
                              Ordering ordering) {
  for (cl_uint i = 0; i < numWaitEvents; ++i)
    event->addDependency(*Event::fromHandle(waitList[i]));

  if (inOrder()) {
    // Order only: a failed predecessor does not fail the commands after it
    // unless they name it in their wait list.
    if (last_)
      event->addDependency(*last_, /*propagateFailure=*/false);
    last_ = Ref<Event>(event);
  } else {
    bool waitsForAll = ordering != Ordering::Normal && numWaitEvents == 0;
    if (waitsForAll)
      for (const Ref<Event> &e : sinceBarrier_)
        event->addDependency(*e, /*propagateFailure=*/false);
    if (lastBarrier_)
      event->addDependency(*lastBarrier_, /*propagateFailure=*/false);
    if (ordering == Ordering::Barrier) {
      lastBarrier_ = Ref<Event>(event);
      sinceBarrier_.clear();
    } else {
      sinceBarrier_.emplace_back(event);
    }
  }
  trackLocked(event);
}

void CommandQueue::finish() {
  std::vector<Ref<Event>> pending;
  {
    std::lock_guard lock(mutex_);
    if (unfinished_.empty())
      return; // nothing enqueued, or only launches that ran at once
    pending = unfinished_;
  }
  for (const Ref<Event> &e : pending)
    e->wait();
  std::lock_guard lock(mutex_);
  std::erase_if(unfinished_, [](const Ref<Event> &e) { return e->finished(); });
}

void CommandQueue::onLastPublicRelease() {
  if (onDevice())
    context_->forgetDeviceQueue(this);
  // Moved out and dropped after the lock: dropping an event may drop the
  // last reference to objects it holds.
  Ref<Event> last, lastBarrier;
  std::vector<Ref<Event>> sinceBarrier, unfinished;
  {
    std::lock_guard lock(mutex_);
    last = std::move(last_);
    lastBarrier = std::move(lastBarrier_);
    sinceBarrier.swap(sinceBarrier_);
    unfinished.swap(unfinished_);
  }
}

cl_int completeEnqueue(Event *event, cl_event *eventOut, bool blocking) {
  cl_int result = CL_SUCCESS;
  if (blocking && event->wait() < 0)
    result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  if (eventOut)
    *eventOut = event->handle();
  else
    event->releasePublic();
  return result;
}

} // namespace corecl
