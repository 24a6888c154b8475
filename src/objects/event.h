// An event: the API face of a runtime command. Commands enqueued on a queue
// carry their work as a closure; user events have none and finish when the
// application sets their status.
#pragma once
#include "runtime/command.h"
#include "src/objects/context.h"
#include "src/objects/object.h"

#include <functional>
#include <mutex>
#include <vector>

namespace corecl {

class CommandQueue;

class Event final : public Object<Event, _cl_event, Tag::Event>, public rt::Command {
public:
  using Work = std::function<cl_int()>;
  using CallbackFn = void(CL_CALLBACK *)(cl_event, cl_int, void *);

  /// A command of `type` on `queue`; `work` runs on a worker thread (or
  /// on the enqueuing thread, see rt::Command::runOnCommitIfReady).
  Event(CommandQueue &queue, cl_command_type type, Work work);
  /// A user event (clCreateUserEvent).
  explicit Event(Context &context);
  ~Event() override;

  Context &context() const { return *context_; }
  CommandQueue *queue() const { return queue_.get(); }
  cl_command_type commandType() const { return type_; }
  bool isUserEvent() const { return type_ == CL_COMMAND_USER; }

  /// Registers a status callback; runs it at once if the status was reached.
  void addCallback(cl_int type, CallbackFn fn, void *userData);

  void retainCommand() override { retainInternal(); }
  void releaseCommand() override { releaseInternal(); }

private:
  int execute() override;
  void onStatus(int newStatus) override;

  struct Callback {
    cl_int type;
    CallbackFn fn;
    void *userData;
  };

  Ref<Context> context_;
  Ref<CommandQueue> queue_; // null for user events
  cl_command_type type_;
  Work work_;
  std::mutex callbackMutex_;
  std::vector<Callback> callbacks_;
};

/// Tells the application (through its context callback) that a command of
/// `type` failed with `error` while running.
void reportCommandFailure(const Context &context, cl_command_type type, cl_int error);

/// Checks an enqueue's wait list: every event valid and of `context`; a
/// refusal is told to CORECL_DEBUG=api as `entry`'s.
cl_int validateWaitList(const Context &context, cl_uint count, const cl_event *list,
                        const char *entry);

} // namespace corecl
