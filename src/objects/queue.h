// A host command queue. It turns enqueued commands into the dependency graph
// (wait lists, in-order predecessors, barriers) and hands them to the
// device's executor.
#pragma once
#include "src/objects/context.h"
#include "src/objects/event.h"
#include "src/objects/object.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace corecl {

class CommandBuffer;

class CommandQueue : public Object<CommandQueue, _cl_command_queue, Tag::Queue> {
public:
  /// `deviceQueueSize`: CL_QUEUE_SIZE of an on-device queue.
  CommandQueue(Context &context, Device &device, cl_command_queue_properties properties,
               std::vector<cl_queue_properties> propertyList, cl_uint deviceQueueSize = 0);
  ~CommandQueue();

  Context &context() const { return *context_; }
  Device &device() const { return *device_; }
  cl_command_queue_properties properties() const { return properties_; }
  const std::vector<cl_queue_properties> &propertyList() const { return propertyList_; }
  bool inOrder() const { return !(properties_ & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE); }
  bool profiling() const { return properties_ & CL_QUEUE_PROFILING_ENABLE; }
  /// An on-device queue (CL_QUEUE_ON_DEVICE): kernels enqueue to it, the
  /// host does not (resolve() refuses it to host enqueues).
  bool onDevice() const { return properties_ & CL_QUEUE_ON_DEVICE; }
  cl_uint deviceQueueSize() const { return deviceQueueSize_; }
  /// On-device queues: room for one more command that has not completed
  /// (false: CLK_DEVICE_QUEUE_FULL), given back when it completes.
  bool takeDeviceSlot();
  void giveDeviceSlot() { deviceCommands_.fetch_sub(1, std::memory_order_relaxed); }

  enum class Ordering {
    Normal,  // waits for its wait list (and the queue's order rules)
    Marker,  // with an empty wait list: waits for everything enqueued before
    Barrier, // like a marker, and everything enqueued after waits for it
  };

  /// Creates and enqueues a command. The wait list must have been validated.
  /// Returns the event, holding one public reference for the caller.
  /// `runOnCommitIfReady`: see rt::Command::runOnCommitIfReady.
  Event *enqueue(cl_command_type type, Event::Work work, cl_uint numWaitEvents,
                 const cl_event *waitList, Ordering ordering = Ordering::Normal,
                 bool runOnCommitIfReady = false);

  /// Runs `body` on the calling thread at once, in place of a command, if
  /// the queue is in order and everything enqueued before has finished;
  /// otherwise returns false without running it. For a command nobody can
  /// wait on (the caller asked for no event): it needs no Event, no
  /// dependency links and no tracking for clFinish. The queue's lock is
  /// held while `body` runs, so a command enqueued or a clFinish on another
  /// thread meanwhile waits for it, as the queue's order requires. `body`
  /// must be short and must not call into this queue (nor into the
  /// application).
  template <class F> bool runNowIfIdle(F &&body) {
    if (!inOrder() || recorder_)
      return false;
    std::lock_guard lock(mutex_);
    if (last_ && !last_->finished())
      return false;
    body();
    return true;
  }

  /// Blocks until every command enqueued so far has finished.
  void finish();

  /// Makes this (internal) queue a recording queue: enqueue() hands each
  /// command's work to `buffer` (cl_khr_command_buffer) instead of running
  /// it, after the entry point validated it as for any queue.
  void recordInto(CommandBuffer *buffer) { recorder_ = buffer; }

  /// The application released its last reference: nothing can be enqueued
  /// any more, so the ordering state goes. Its events hold the queue, so
  /// keeping them would be a cycle that never frees the queue (nor its
  /// context). Pending commands stay alive through the dependency graph.
  void onLastPublicRelease();

private:
  /// Adds the event's dependencies (wait list, queue order) and tracks it.
  void linkLocked(Event *event, cl_uint numWaitEvents, const cl_event *waitList,
                  Ordering ordering);
  void trackLocked(Event *event);

  Ref<Context> context_; // declared before the events below: released after them
  Ref<Device> device_;
  cl_command_queue_properties properties_;
  std::vector<cl_queue_properties> propertyList_;
  cl_uint deviceQueueSize_;
  std::atomic<cl_uint> deviceCommands_{0};
  CommandBuffer *recorder_ = nullptr;

  std::mutex mutex_;
  Ref<Event> last_;                 // in-order: the previous command
  Ref<Event> lastBarrier_;          // out-of-order: the latest barrier
  std::vector<Ref<Event>> sinceBarrier_; // out-of-order: commands after it
  std::vector<Ref<Event>> unfinished_;   // for clFinish
  size_t pruneThreshold_ = 64;
};

/// Resolves a host command queue: an on-device queue takes no host
/// commands, so it is CL_INVALID_COMMAND_QUEUE here (told to
/// CORECL_DEBUG=api as `entry`'s). Chosen over api_util.h's template for
/// queues; clGetCommandQueueInfo, retain and release take either kind.
cl_int resolve(cl_command_queue handle, CommandQueue *&queue,
               const char *entry = __builtin_FUNCTION());

/// Shared enqueue epilogue: hands the event to the application (or drops
/// it) and, for a blocking call, waits and reports a failed dependency.
cl_int completeEnqueue(Event *event, cl_event *eventOut, bool blocking);

} // namespace corecl
