#include "src/objects/command_buffer.h"

#include "src/objects/kernel.h"
#include "src/objects/queue.h"

namespace corecl {

// CL_COMMAND_COMMAND_BUFFER_KHR (cl_ext.h, cl_khr_command_buffer).
constexpr cl_command_type kCommandBufferType = 0x12A8;

MutableCommand::MutableCommand(CommandBuffer &buffer, size_t index, Kernel &original, Kernel *clone,
                               cl_bitfield updatable, std::vector<cl_properties> properties)
    : buffer_(buffer), index_(index), original_(&original), clone_(clone), updatable_(updatable),
      properties_(std::move(properties)) {}

MutableCommand::~MutableCommand() {
  clone_->releasePublic();
}

CommandBuffer::CommandBuffer(CommandQueue &queue, Properties properties)
    : queue_(&queue),
      recordingQueue_(new CommandQueue(queue.context(), queue.device(), queue.properties(), {})),
      properties_(std::move(properties)) {
  for (size_t i = 0; i + 1 < properties_.size(); i += 2)
    if (properties_[i] == CL_COMMAND_BUFFER_FLAGS_KHR)
      flags_ = properties_[i + 1];
  recordingQueue_->recordInto(this);
}

CommandBuffer::~CommandBuffer() {
  for (MutableCommand *m : mutables_)
    m->releasePublic();
  recordingQueue_->recordInto(nullptr);
  recordingQueue_->releasePublic();
}

bool CommandBuffer::executable() const {
  if (!finalized_)
    return false;
  std::lock_guard lock(mutex_);
  for (const Recorded &c : commands_)
    if (c.incomplete)
      return false;
  return true;
}

MutableCommand *CommandBuffer::adoptMutable(MutableCommand *command) {
  std::lock_guard lock(mutex_);
  mutables_.push_back(command);
  return command;
}

void CommandBuffer::recordIncomplete(const std::vector<cl_uint> &waits, cl_uint *syncPoint) {
  std::lock_guard recordLock(recordMutex_);
  pendingWaits_ = waits;
  pendingBarrier_ = false;
  add(CL_COMMAND_NDRANGE_KERNEL, nullptr);
  std::lock_guard lock(mutex_);
  commands_.back().incomplete = true;
  if (syncPoint)
    *syncPoint = cl_uint(commands_.size());
}

cl_int CommandBuffer::rerecord(size_t index,
                               const std::function<cl_int(cl_command_queue)> &enqueue) {
  std::lock_guard lock(recordMutex_);
  replacing_ = long(index);
  cl_int err = enqueue(recordingQueue_->handle());
  replacing_ = -1;
  return err;
}

Context &CommandBuffer::context() const {
  return queue_->context();
}

bool CommandBuffer::finalize() {
  std::lock_guard lock(recordMutex_);
  if (finalized_)
    return false;
  finalized_ = true;
  return true;
}

size_t CommandBuffer::size() const {
  std::lock_guard lock(mutex_);
  return commands_.size();
}

cl_int CommandBuffer::record(const std::vector<cl_uint> &waits, bool barrier,
                             const std::function<cl_int(cl_command_queue)> &enqueue,
                             cl_uint *syncPoint) {
  std::lock_guard lock(recordMutex_);
  if (finalized_)
    return CL_INVALID_OPERATION;
  pendingWaits_ = waits;
  pendingBarrier_ = barrier;
  const size_t before = size();
  replacing_ = -1;
  if (cl_int err = enqueue(recordingQueue_->handle()))
    return err;
  if (size() == before) // every entry point used makes exactly one command
    return CL_INVALID_OPERATION;
  if (syncPoint)
    *syncPoint = cl_uint(size());
  return CL_SUCCESS;
}

void CommandBuffer::add(cl_command_type type, Event::Work work) {
  std::lock_guard lock(mutex_);
  if (replacing_ >= 0) {
    // An update: the same place, the same dependencies, the new work.
    Recorded &command = commands_[size_t(replacing_)];
    command.work = std::move(work);
    command.incomplete = false;
    return;
  }
  const size_t index = commands_.size();
  Recorded command{type, std::move(work), {}};
  for (cl_uint wait : pendingWaits_)
    command.deps.push_back(wait - 1);
  if (queue_->inOrder()) {
    // In recording order, like the queue's own commands.
    if (index > 0)
      command.deps.push_back(index - 1);
  } else if (pendingBarrier_ && pendingWaits_.empty()) {
    for (size_t i = 0; i < index; ++i)
      command.deps.push_back(i);
  } else if (lastBarrier_ >= 0) {
    command.deps.push_back(size_t(lastBarrier_));
  }
  if (pendingBarrier_)
    lastBarrier_ = long(index);
  commands_.push_back(std::move(command));
}

Event *CommandBuffer::enqueue(CommandQueue &queue, cl_uint numEvents, const cl_event *waitList) {
  std::vector<Recorded> commands;
  {
    std::lock_guard lock(mutex_);
    commands = commands_; // copies of the closures: each run gets its own
  }
  // In the queue's order, after the wait list.
  Event *start = queue.enqueue(kCommandBufferType, nullptr, numEvents, waitList);
  std::vector<Event *> events;
  events.reserve(commands.size());
  std::vector<cl_event> handles;
  for (Recorded &command : commands) {
    std::vector<Event *> deps{start};
    for (size_t d : command.deps)
      deps.push_back(events[d]);
    events.push_back(queue.enqueueDetached(command.type, std::move(command.work), deps));
    handles.push_back(events.back()->handle());
  }
  // The application's event: the queue's next command, done when every
  // recorded command is.
  Event *end = queue.enqueue(kCommandBufferType, nullptr, cl_uint(handles.size()),
                             handles.empty() ? nullptr : handles.data());
  start->releasePublic();
  for (Event *e : events)
    e->releasePublic();
  return end;
}

void recordCommand(CommandBuffer &buffer, cl_command_type type, Event::Work work) {
  buffer.add(type, std::move(work));
}

} // namespace corecl
