// A command-buffer (cl_khr_command_buffer): commands recorded once and
// enqueued any number of times.
//
// Recording reuses the host entry points whole: each clCommand*KHR calls
// its clEnqueue* counterpart on an internal *recording queue* (a
// CommandQueue with the buffer's queue's properties and recordInto set),
// so a recorded command is validated exactly as an enqueued one, and the
// work the entry point builds (a copy's closure, a kernel launch with its
// arguments snapshotted at recording) is kept instead of run. Enqueuing
// the buffer makes one command that runs those closures in recording
// order, which is a topological order of any sync points (each names
// earlier commands), so every recorded dependency and barrier holds.
#pragma once
#include "src/objects/event.h"
#include "src/objects/object.h"

#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace corecl {

class CommandBuffer;
class CommandQueue;
class Kernel;

/// A kernel command recorded with a handle (cl_khr_command_buffer_mutable_
/// dispatch): a clone of the kernel taken when it was recorded, whose
/// arguments and range clUpdateMutableCommandsKHR changes before the
/// command is recorded again in its place.
class MutableCommand : public Object<MutableCommand, _cl_mutable_command_khr, Tag::MutableCommand> {
public:
  MutableCommand(CommandBuffer &buffer, Kernel &original, Kernel *clone, cl_bitfield updatable,
                 std::vector<cl_properties> properties);
  ~MutableCommand();

  CommandBuffer &buffer() const { return buffer_; }
  /// Its place among the buffer's commands, once recorded.
  size_t index() const { return index_; }
  void placeAt(size_t index) { index_ = index; }
  Kernel &original() const { return *original_; }
  Kernel &kernel() const { return *clone_; }
  cl_bitfield updatable() const { return updatable_; }
  const std::vector<cl_properties> &properties() const { return properties_; }

  // The range as last recorded (or to be recorded): sizes of 0 in
  // `local` mean the driver chooses.
  cl_uint dims = 1;
  size_t offset[3] = {0, 0, 0};
  size_t global[3] = {1, 1, 1};
  size_t local[3] = {0, 0, 0};
  bool localGiven = false;
  bool offsetGiven = false;

private:
  CommandBuffer &buffer_;
  size_t index_ = 0;
  Ref<Kernel> original_;
  Kernel *clone_; // one public reference, ours
  cl_bitfield updatable_;
  std::vector<cl_properties> properties_;
};

class CommandBuffer : public Object<CommandBuffer, _cl_command_buffer_khr, Tag::CommandBuffer> {
public:
  using Properties = std::vector<cl_properties>;
  CommandBuffer(CommandQueue &queue, Properties properties);
  ~CommandBuffer();

  CommandQueue &queue() const { return *queue_; }
  Context &context() const;
  const Properties &properties() const { return properties_; }
  /// CL_COMMAND_BUFFER_FLAGS_KHR.
  cl_bitfield flags() const { return flags_; }
  bool mutableCommands() const { return flags_ & (cl_bitfield(1) << 1); }
  bool recording() const { return !finalized_; }
  /// Finalized with every command complete (a mutable command recorded
  /// before its arguments were all set is not, until an update sets them).
  bool executable() const;
  /// Recording -> Executable (or Finalized); false if it was not recording.
  bool finalize();

  /// The number of commands recorded so far (sync points are 1..count).
  size_t size() const;

  /// Records one command: `enqueue` calls the host entry point on
  /// recordingQueue() and returns its result. (Its sync points and
  /// barriers need nothing more: replays run in recording order.)
  /// Returns the entry point's error, or CL_SUCCESS and the command's sync
  /// point in *syncPoint (if not null).
  cl_int record(const std::function<cl_int(cl_command_queue)> &enqueue, cl_uint *syncPoint);

  /// Records a command that has no work yet: a mutable kernel command
  /// whose arguments are not all set (it makes the buffer not executable
  /// until an update completes it). Its sync point goes to *syncPoint.
  void recordIncomplete(cl_uint *syncPoint);

  /// Records command `index` again in its place (its dependencies kept),
  /// `enqueue` calling the host entry point on the recording queue.
  cl_int rerecord(size_t index, const std::function<cl_int(cl_command_queue)> &enqueue);

  /// Keeps a mutable command (released with the buffer).
  MutableCommand *adoptMutable(MutableCommand *command);

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
    bool incomplete = false;
  };

  Ref<CommandQueue> queue_;
  CommandQueue *recordingQueue_; // ours (one public reference)
  Properties properties_;
  std::atomic<bool> finalized_{false}; // set under recordMutex_, read anywhere
  std::mutex recordMutex_;   // one recording at a time
  mutable std::mutex mutex_; // commands_
  std::vector<Recorded> commands_;
  size_t incomplete_ = 0; // commands_ still waiting for arguments
  /// What a replay runs, made at the first enqueue after a change.
  std::shared_ptr<const std::vector<Event::Work>> program_;
  long replacing_ = -1; // rerecord's index while it runs
  cl_bitfield flags_ = 0;
  std::vector<MutableCommand *> mutables_; // one public reference each
};

/// The address of cl_khr_command_buffer's function `name`
/// (src/command_buffer.cpp), or null: for clGetExtensionFunctionAddress.
void *commandBufferFunction(const char *name);

} // namespace corecl
