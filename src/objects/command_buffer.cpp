#include "src/objects/command_buffer.h"

#include "src/objects/kernel.h"
#include "src/objects/queue.h"

namespace corecl {

// CL_COMMAND_COMMAND_BUFFER_KHR (cl_ext.h, cl_khr_command_buffer).
constexpr cl_command_type kCommandBufferType = 0x12A8;

MutableCommand::MutableCommand(CommandBuffer &buffer, Kernel &original, Kernel *clone,
                               cl_bitfield updatable, std::vector<cl_properties> properties)
    : buffer_(buffer), original_(&original), clone_(clone), updatable_(updatable),
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
  std::lock_guard lock(mutex_);
  return finalized_ && incomplete_ == 0;
}

MutableCommand *CommandBuffer::adoptMutable(MutableCommand *command) {
  std::lock_guard lock(mutex_);
  mutables_.push_back(command);
  return command;
}

void CommandBuffer::recordIncomplete(cl_uint *syncPoint) {
  std::lock_guard recordLock(recordMutex_);
  add(CL_COMMAND_NDRANGE_KERNEL, nullptr);
  std::lock_guard lock(mutex_);
  commands_.back().incomplete = true;
  ++incomplete_;
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

cl_int CommandBuffer::record(const std::function<cl_int(cl_command_queue)> &enqueue,
                             cl_uint *syncPoint) {
  std::lock_guard lock(recordMutex_);
  if (finalized_)
    return CL_INVALID_OPERATION;
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
  program_.reset(); // made again at the next enqueue
  if (replacing_ >= 0) {
    // An update: the same place, the new work.
    Recorded &command = commands_[size_t(replacing_)];
    command.work = std::move(work);
    incomplete_ -= command.incomplete;
    command.incomplete = false;
    return;
  }
  commands_.push_back(Recorded{type, std::move(work)});
}

Event *CommandBuffer::enqueue(CommandQueue &queue, cl_uint numEvents, const cl_event *waitList) {
  // One command per replay, which runs the recorded commands one after
  // the other in recording order. That order is a topological order of
  // the sync points (each names earlier commands only), so it keeps every
  // dependency; each kernel still spreads over the device's workers. One
  // event instead of one per command: a replay of a short pipeline costs
  // less than enqueuing its commands one by one (docs/performance.md).
  std::shared_ptr<const std::vector<Event::Work>> program;
  {
    std::lock_guard lock(mutex_);
    if (!program_) {
      std::vector<Event::Work> works;
      for (const Recorded &command : commands_)
        if (command.work)
          works.push_back(command.work);
      program_ = std::make_shared<const std::vector<Event::Work>>(std::move(works));
    }
    program = program_;
  }
  return queue.enqueue(
      kCommandBufferType,
      [program]() -> cl_int {
        for (const Event::Work &work : *program)
          if (cl_int err = work(); err < 0)
            return err;
        return CL_SUCCESS;
      },
      numEvents, waitList);
}

} // namespace corecl
