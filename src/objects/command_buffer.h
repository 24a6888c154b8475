// A command-buffer (cl_khr_command_buffer): commands recorded once and
// enqueued any number of times.
//
// Recording reuses the host entry points whole: each clCommand*KHR calls
// its clEnqueue* counterpart on an internal *recording queue* (a
// CommandQueue with the buffer's queue's properties and recordInto set),
// so a recorded command is validated exactly as an enqueued one, and the
// work the entry point builds (a copy's closure, a kernel launch with its
// arguments snapshotted at recording) is kept instead of run. Enqueuing
// the buffer makes an event per command from copies of those closures,
// linked by the recorded sync points (and, for an in-order queue, each to
// the one before), between a start event in the target queue's order and
// a final event that the application gets.
#pragma once
#include "src/objects/event.h"
#include "src/objects/object.h"

#include <CL/cl.h>

#include <functional>
#include <mutex>
#include <vector>

namespace corecl {

class CommandQueue;

class CommandBuffer : public Object<CommandBuffer, _cl_command_buffer_khr, Tag::CommandBuffer> {
public:
  using Properties = std::vector<cl_properties>;
  CommandBuffer(CommandQueue &queue, Properties properties);
  ~CommandBuffer();

  CommandQueue &queue() const { return *queue_; }
  Context &context() const;
  const Properties &properties() const { return properties_; }
  bool recording() const { return !finalized_; }
  /// Recording -> Executable; false if it was not recording.
  bool finalize();

  /// The number of commands recorded so far (sync points are 1..count).
  size_t size() const;

  /// Records one command: `enqueue` calls the host entry point on
  /// recordingQueue() and returns its result. `waits` are sync points of
  /// earlier commands (checked by the caller); a barrier with none waits
  /// for every earlier command, and every later command waits for it.
  /// Returns the entry point's error, or CL_SUCCESS and the command's sync
  /// point in *syncPoint (if not null).
  cl_int record(const std::vector<cl_uint> &waits, bool barrier,
                const std::function<cl_int(cl_command_queue)> &enqueue, cl_uint *syncPoint);

  /// Called by the recording queue's enqueue() with the command's work.
  void add(cl_command_type type, Event::Work work);

  /// clEnqueueCommandBufferKHR on `queue` (already checked): the final
  /// event, holding one public reference.
  Event *enqueue(CommandQueue &queue, cl_uint numEvents, const cl_event *waitList);

private:
  CommandQueue *recordingQueue() const { return recordingQueue_; }

  struct Recorded {
    cl_command_type type;
    Event::Work work;
    std::vector<size_t> deps; // indices of earlier commands
  };

  Ref<CommandQueue> queue_;
  CommandQueue *recordingQueue_; // ours (one public reference)
  Properties properties_;
  bool finalized_ = false;
  std::mutex recordMutex_;   // one recording at a time
  mutable std::mutex mutex_; // commands_
  std::vector<Recorded> commands_;
  std::vector<cl_uint> pendingWaits_;
  bool pendingBarrier_ = false;
  long lastBarrier_ = -1;
};

/// The recording queue's hook (CommandQueue::enqueue).
void recordCommand(CommandBuffer &buffer, cl_command_type type, Event::Work work);

/// The address of cl_khr_command_buffer's function `name`
/// (src/command_buffer.cpp), or null: for clGetExtensionFunctionAddress.
void *commandBufferFunction(const char *name);

} // namespace corecl
