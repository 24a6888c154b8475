// Events: waiting, info, user events, status callbacks, failure propagation,
// markers and barriers (2.0 and 1.1 forms), profiling.
#include "api/cl_test_helpers.h"
#include "api/test_support.h"

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace corecl::test {
namespace {

class Events : public ContextTest {
protected:
  void SetUp() override {
    ContextTest::SetUp();
    cl_int err;
    buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 256, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
  }
  void TearDown() override {
    if (queue)
      clFinish(queue);
    clReleaseMemObject(buffer);
    ContextTest::TearDown();
  }
  /// A non-blocking write of one word, waiting for `waits`.
  cl_event write(cl_command_queue q, std::vector<cl_event> waits, uint32_t value = 1,
                 size_t offset = 0) {
    static thread_local uint32_t storage[64];
    storage[offset / 4 % 64] = value;
    cl_event e = nullptr;
    EXPECT_EQ(clEnqueueWriteBuffer(q, buffer, CL_FALSE, offset, 4, &storage[offset / 4 % 64],
                                   cl_uint(waits.size()), waits.empty() ? nullptr : waits.data(),
                                   &e),
              CL_SUCCESS);
    return e;
  }
  cl_mem buffer = nullptr;
};

bool isComplete(cl_event e) {
  return eventStatus(e) == CL_COMPLETE;
}

// --- user events -----------------------------------------------------------------

TEST_F(Events, UserEventStartsSubmittedAndReportsInfo) {
  UserEvent u(context);
  EXPECT_EQ(eventStatus(u.get()), CL_SUBMITTED);
  cl_command_type type = 0;
  EXPECT_EQ(clGetEventInfo(u.get(), CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_USER));
  cl_command_queue q = queue;
  EXPECT_EQ(clGetEventInfo(u.get(), CL_EVENT_COMMAND_QUEUE, sizeof q, &q, nullptr), CL_SUCCESS);
  EXPECT_EQ(q, nullptr);
  cl_context c = nullptr;
  EXPECT_EQ(clGetEventInfo(u.get(), CL_EVENT_CONTEXT, sizeof c, &c, nullptr), CL_SUCCESS);
  EXPECT_EQ(c, context);
}

TEST_F(Events, SetUserEventStatusRules) {
  UserEvent u(context);
  EXPECT_EQ(u.set(CL_SUBMITTED), CL_INVALID_VALUE);
  EXPECT_EQ(u.set(CL_RUNNING), CL_INVALID_VALUE);
  EXPECT_EQ(u.set(CL_QUEUED), CL_INVALID_VALUE);
  EXPECT_EQ(eventStatus(u.get()), CL_SUBMITTED);
  EXPECT_EQ(u.set(CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(eventStatus(u.get()), CL_COMPLETE);
  EXPECT_EQ(u.set(CL_COMPLETE), CL_INVALID_OPERATION);
  EXPECT_EQ(u.set(-1), CL_INVALID_OPERATION);
  EXPECT_EQ(eventStatus(u.get()), CL_COMPLETE);

  UserEvent failed(context);
  EXPECT_EQ(failed.set(-1234), CL_SUCCESS);
  EXPECT_EQ(eventStatus(failed.get()), -1234);
  cl_event f = failed.get();
  EXPECT_EQ(clWaitForEvents(1, &f), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);

  // Only user events can be set.
  cl_event w = write(queue, {});
  EXPECT_EQ(clSetUserEventStatus(w, CL_COMPLETE), CL_INVALID_EVENT);
  clReleaseEvent(w);
  EXPECT_EQ(clSetUserEventStatus(nullptr, CL_COMPLETE), CL_INVALID_EVENT);
  cl_int err;
  EXPECT_EQ(clCreateUserEvent(nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
}

TEST_F(Events, ConcurrentSetUserEventStatusHasOneWinner) {
  for (int round = 0; round < 100; ++round) {
    UserEvent u(context);
    std::atomic<int> wins{0}, ready{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        ++ready;
        while (ready.load() < 4)
          std::this_thread::yield();
        if (u.set(t == 0 ? CL_COMPLETE : -t) == CL_SUCCESS)
          ++wins;
      });
    for (auto &t : threads)
      t.join();
    ASSERT_EQ(wins.load(), 1) << "round " << round;
  }
}

// --- waiting ---------------------------------------------------------------------

TEST_F(Events, WaitForEventsBlocksUntilAnotherThreadCompletes) {
  UserEvent u(context);
  cl_event w = write(queue, {u.get()});
  std::atomic<bool> setDone{false};
  std::thread setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(10)); // widen the window
    setDone = true;
    u.set(CL_COMPLETE);
  });
  cl_event both[] = {u.get(), w};
  EXPECT_EQ(clWaitForEvents(2, both), CL_SUCCESS);
  EXPECT_TRUE(setDone.load()); // it cannot have returned before the gate opened
  EXPECT_TRUE(isComplete(w));
  setter.join();
  clReleaseEvent(w);
}

TEST_F(Events, WaitForEventsErrors) {
  UserEvent u(context);
  u.set(CL_COMPLETE);
  cl_event e = u.get();
  EXPECT_EQ(clWaitForEvents(0, &e), CL_INVALID_VALUE);
  EXPECT_EQ(clWaitForEvents(1, nullptr), CL_INVALID_VALUE);
  cl_event bad[] = {e, nullptr};
  EXPECT_EQ(clWaitForEvents(2, bad), CL_INVALID_EVENT);
  cl_event notEvent = reinterpret_cast<cl_event>(buffer);
  EXPECT_EQ(clWaitForEvents(1, &notEvent), CL_INVALID_EVENT);
  OtherContext other(device());
  UserEvent foreign(other.get());
  foreign.set(CL_COMPLETE);
  cl_event mixed[] = {e, foreign.get()};
  EXPECT_EQ(clWaitForEvents(2, mixed), CL_INVALID_CONTEXT);
}

// --- clGetEventInfo ------------------------------------------------------------------

TEST_F(Events, InfoReportsEveryParameter) {
  UserEvent gate(context);
  cl_event w = write(queue, {gate.get()});
  cl_command_queue q = nullptr;
  EXPECT_EQ(clGetEventInfo(w, CL_EVENT_COMMAND_QUEUE, sizeof q, &q, nullptr), CL_SUCCESS);
  EXPECT_EQ(q, queue);
  cl_context c = nullptr;
  EXPECT_EQ(clGetEventInfo(w, CL_EVENT_CONTEXT, sizeof c, &c, nullptr), CL_SUCCESS);
  EXPECT_EQ(c, context);
  cl_command_type t = 0;
  EXPECT_EQ(clGetEventInfo(w, CL_EVENT_COMMAND_TYPE, sizeof t, &t, nullptr), CL_SUCCESS);
  EXPECT_EQ(t, cl_command_type(CL_COMMAND_WRITE_BUFFER));
  // Gated: it cannot be running or done yet.
  cl_int s = eventStatus(w);
  EXPECT_TRUE(s == CL_QUEUED || s == CL_SUBMITTED) << s;
  cl_uint refs = 0;
  clRetainEvent(w);
  EXPECT_EQ(clGetEventInfo(w, CL_EVENT_REFERENCE_COUNT, sizeof refs, &refs, nullptr), CL_SUCCESS);
  EXPECT_EQ(refs, 2u);
  clReleaseEvent(w);
  size_t size = 0;
  EXPECT_EQ(clGetEventInfo(w, CL_EVENT_COMMAND_EXECUTION_STATUS, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof(cl_int));
  EXPECT_EQ(clGetEventInfo(w, 0xBAD, sizeof refs, &refs, nullptr), CL_INVALID_VALUE);
  char tiny;
  EXPECT_EQ(clGetEventInfo(w, CL_EVENT_CONTEXT, 1, &tiny, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetEventInfo(nullptr, CL_EVENT_CONTEXT, sizeof c, &c, nullptr), CL_INVALID_EVENT);
  gate.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &w), CL_SUCCESS);
  EXPECT_EQ(eventStatus(w), CL_COMPLETE);
  EXPECT_EQ(clReleaseEvent(w), CL_SUCCESS);
  EXPECT_EQ(clRetainEvent(nullptr), CL_INVALID_EVENT);
  EXPECT_EQ(clReleaseEvent(nullptr), CL_INVALID_EVENT);
}

TEST_F(Events, ReleasedEventStillRunsItsCommand) {
  UserEvent gate(context);
  uint32_t v = 0xCAFE;
  cl_event w;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 8, 4, &v, 1, gate.ptr(), &w), CL_SUCCESS);
  EXPECT_EQ(clReleaseEvent(w), CL_SUCCESS);
  gate.set(CL_COMPLETE);
  uint32_t out = 0;
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 8, 4, &out, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(out, 0xCAFEu);
}

// --- callbacks -----------------------------------------------------------------------

struct CallbackLog {
  std::mutex mutex;
  std::vector<std::pair<cl_int, cl_int>> calls; // (registered for, status given)
  std::vector<cl_event> events;
};
struct Registration {
  CallbackLog *log;
  cl_int type;
};
void CL_CALLBACK record(cl_event e, cl_int status, void *user) {
  auto *r = static_cast<Registration *>(user);
  std::lock_guard lock(r->log->mutex);
  r->log->calls.emplace_back(r->type, status);
  r->log->events.push_back(e);
}

TEST_F(Events, CallbacksFireOnceEachInOrder) {
  CallbackLog log;
  Registration sub{&log, CL_SUBMITTED}, run{&log, CL_RUNNING}, done{&log, CL_COMPLETE};
  UserEvent gate(context);
  cl_event w = write(queue, {gate.get()});
  // Registered in reverse order on purpose: firing order follows the status.
  ASSERT_EQ(clSetEventCallback(w, CL_COMPLETE, record, &done), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(w, CL_RUNNING, record, &run), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(w, CL_SUBMITTED, record, &sub), CL_SUCCESS);
  {
    std::lock_guard lock(log.mutex);
    EXPECT_TRUE(log.calls.empty()) << "fired before the gate opened";
  }
  gate.set(CL_COMPLETE);
  ASSERT_EQ(clWaitForEvents(1, &w), CL_SUCCESS);
  ASSERT_TRUE(eventually([&] {
    std::lock_guard lock(log.mutex);
    return log.calls.size() >= 3;
  }));
  clFinish(queue);
  std::lock_guard lock(log.mutex);
  using P = std::pair<cl_int, cl_int>;
  EXPECT_EQ(log.calls, (std::vector<P>{P{CL_SUBMITTED, CL_SUBMITTED}, P{CL_RUNNING, CL_RUNNING},
                                       P{CL_COMPLETE, CL_COMPLETE}}));
  for (cl_event e : log.events)
    EXPECT_EQ(e, w);
  clReleaseEvent(w);
}

TEST_F(Events, CallbackAfterCompletionFiresAtOnce) {
  cl_event w = write(queue, {});
  ASSERT_EQ(clWaitForEvents(1, &w), CL_SUCCESS);
  CallbackLog log;
  Registration regs[] = {{&log, CL_SUBMITTED}, {&log, CL_RUNNING}, {&log, CL_COMPLETE}};
  for (Registration &r : regs)
    ASSERT_EQ(clSetEventCallback(w, r.type, record, &r), CL_SUCCESS);
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(log.mutex);
    return log.calls.size() == 3;
  }));
  std::lock_guard lock(log.mutex);
  for (auto [type, status] : log.calls)
    EXPECT_EQ(type, status);
  clReleaseEvent(w);
}

TEST_F(Events, UserEventCallbacksAndMultipleRegistrations) {
  CallbackLog log;
  Registration a{&log, CL_COMPLETE}, b{&log, CL_COMPLETE}, s{&log, CL_SUBMITTED};
  UserEvent u(context);
  ASSERT_EQ(clSetEventCallback(u.get(), CL_COMPLETE, record, &a), CL_SUCCESS);
  ASSERT_EQ(clSetEventCallback(u.get(), CL_COMPLETE, record, &b), CL_SUCCESS);
  // A user event is already SUBMITTED: this one fires now.
  ASSERT_EQ(clSetEventCallback(u.get(), CL_SUBMITTED, record, &s), CL_SUCCESS);
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(log.mutex);
    return log.calls.size() == 1;
  }));
  u.set(CL_COMPLETE);
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(log.mutex);
    return log.calls.size() == 3;
  }));
  std::lock_guard lock(log.mutex);
  EXPECT_EQ(log.calls[0], std::make_pair(CL_SUBMITTED, CL_SUBMITTED));
  EXPECT_EQ(log.calls[1].second, CL_COMPLETE);
  EXPECT_EQ(log.calls[2].second, CL_COMPLETE);
}

TEST_F(Events, CallbacksOfAFailedCommandGetTheError) {
  CallbackLog log;
  Registration regs[] = {{&log, CL_SUBMITTED}, {&log, CL_RUNNING}, {&log, CL_COMPLETE}};
  UserEvent gate(context);
  cl_event w = write(queue, {gate.get()});
  for (Registration &r : regs)
    clSetEventCallback(w, r.type, record, &r);
  gate.set(-3);
  EXPECT_EQ(clWaitForEvents(1, &w), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(log.mutex);
    return log.calls.size() == 3;
  }));
  std::lock_guard lock(log.mutex);
  for (auto [type, status] : log.calls)
    EXPECT_EQ(status, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) << "registered for " << type;
  clReleaseEvent(w);
}

TEST_F(Events, SetEventCallbackErrors) {
  UserEvent u(context);
  CallbackLog log;
  Registration r{&log, CL_COMPLETE};
  EXPECT_EQ(clSetEventCallback(u.get(), CL_COMPLETE, nullptr, &r), CL_INVALID_VALUE);
  EXPECT_EQ(clSetEventCallback(u.get(), CL_QUEUED, record, &r), CL_INVALID_VALUE);
  EXPECT_EQ(clSetEventCallback(u.get(), -1, record, &r), CL_INVALID_VALUE);
  EXPECT_EQ(clSetEventCallback(nullptr, CL_COMPLETE, record, &r), CL_INVALID_EVENT);
}

// --- failure propagation ---------------------------------------------------------------

TEST_F(Events, FailedUserEventFailsDependentsTransitively) {
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  UserEvent gate(context);
  cl_event a = write(queue, {gate.get()}, 1, 0);
  cl_event b;
  ASSERT_EQ(clEnqueueCopyBuffer(ooo, buffer, buffer, 0, 128, 4, 1, &a, &b), CL_SUCCESS);
  cl_event c;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(ooo, 1, &b, &c), CL_SUCCESS);
  uint32_t host = 0;
  cl_event d;
  ASSERT_EQ(clEnqueueReadBuffer(ooo, buffer, CL_FALSE, 0, 4, &host, 1, &c, &d), CL_SUCCESS);
  // An unrelated command on the out-of-order queue is not affected.
  cl_event independent = write(ooo, {}, 9, 64);

  gate.set(-42);
  cl_event all[] = {a, b, c, d};
  EXPECT_EQ(clWaitForEvents(4, all), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  for (cl_event e : all) {
    EXPECT_EQ(eventStatus(e), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    clReleaseEvent(e);
  }
  EXPECT_EQ(clWaitForEvents(1, &independent), CL_SUCCESS);
  clReleaseEvent(independent);
  // Nothing hangs: both queues drain.
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(clFinish(ooo), CL_SUCCESS);
}

TEST_F(Events, BlockingCallsOnAFailedDependencyReturnTheError) {
  uint32_t host[4] = {};
  size_t o[3] = {0, 0, 0}, r[3] = {4, 1, 1};
  for (int call = 0; call < 5; ++call) {
    // A fresh queue each time: CoreCL fails every later command of an
    // in-order queue once one has failed (allowed: the spec leaves a queue
    // with a terminated command implementation-defined).
    cl_command_queue q = makeQueue(0);
    UserEvent gate(context);
    // Fail the gate while the main thread is (most likely) already blocked.
    std::thread failer([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5)); // widens the window only
      gate.set(-1);
    });
    cl_int err = CL_SUCCESS;
    switch (call) {
    case 0:
      err = clEnqueueReadBuffer(q, buffer, CL_TRUE, 0, 4, host, 1, gate.ptr(), nullptr);
      break;
    case 1:
      err = clEnqueueWriteBuffer(q, buffer, CL_TRUE, 0, 4, host, 1, gate.ptr(), nullptr);
      break;
    case 2:
      err = clEnqueueReadBufferRect(q, buffer, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 1, gate.ptr(),
                                    nullptr);
      break;
    case 3:
      err = clEnqueueWriteBufferRect(q, buffer, CL_TRUE, o, o, r, 0, 0, 0, 0, host, 1, gate.ptr(),
                                     nullptr);
      break;
    case 4:
      EXPECT_EQ(
          clEnqueueMapBuffer(q, buffer, CL_TRUE, CL_MAP_READ, 0, 4, 1, gate.ptr(), nullptr, &err),
          nullptr);
      break;
    }
    failer.join();
    EXPECT_EQ(err, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) << "call " << call;
    EXPECT_EQ(clFinish(q), CL_SUCCESS) << "call " << call;
  }
  // Other queues of the context are not affected.
  EXPECT_EQ(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 4, host, 0, nullptr, nullptr),
            CL_SUCCESS);
}

// --- the context's error callback --------------------------------------------------

struct Notifications {
  std::mutex mutex;
  std::vector<std::string> messages;
};
void CL_CALLBACK notify(const char *message, const void *, size_t, void *user) {
  auto *n = static_cast<Notifications *>(user);
  std::lock_guard lock(n->mutex);
  n->messages.emplace_back(message ? message : "");
}
void CL_CALLBACK throwingKernel(void *) {
  throw std::runtime_error("native kernel failed");
}

TEST_F(Events, ContextCallbackHearsOfAnAsynchronousFailure) {
  // A command that fails on its own (here a native kernel that throws,
  // which CoreCL turns into an error status) is reported through the
  // context's callback; its dependents fail with the wait-list error.
  Notifications n;
  cl_device_id d = device();
  cl_int err;
  cl_context ctx = clCreateContext(nullptr, 1, &d, notify, &n, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event k, after;
  ASSERT_EQ(
      clEnqueueNativeKernel(q, throwingKernel, nullptr, 0, 0, nullptr, nullptr, 0, nullptr, &k),
      CL_SUCCESS);
  ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 1, &k, &after), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &k), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_LT(eventStatus(k), 0);
  EXPECT_EQ(clWaitForEvents(1, &after), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_EQ(eventStatus(after), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(n.mutex);
    return !n.messages.empty();
  }));
  {
    std::lock_guard lock(n.mutex);
    ASSERT_FALSE(n.messages.empty());
    EXPECT_FALSE(n.messages[0].empty());
  }
  clFinish(q);
  clReleaseEvent(k);
  clReleaseEvent(after);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
}

// --- markers and barriers ----------------------------------------------------------------

TEST_F(Events, MarkerWithoutWaitListWaitsForEverythingBefore) {
  for (bool outOfOrder : {false, true}) {
    cl_command_queue q = outOfOrder ? makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) : queue;
    UserEvent g1(context), g2(context);
    cl_event a = write(q, {g1.get()}, 1, 0), b = write(q, {g2.get()}, 2, 4);
    cl_event m;
    ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 0, nullptr, &m), CL_SUCCESS);
    cl_command_type t = 0;
    clGetEventInfo(m, CL_EVENT_COMMAND_TYPE, sizeof t, &t, nullptr);
    EXPECT_EQ(t, cl_command_type(CL_COMMAND_MARKER));
    if (outOfOrder) {
      g1.set(CL_COMPLETE);
      ASSERT_EQ(clWaitForEvents(1, &a), CL_SUCCESS);
      EXPECT_FALSE(isComplete(m)) << "marker passed a gated command";
      g2.set(CL_COMPLETE);
    } else {
      EXPECT_FALSE(isComplete(m));
      g2.set(CL_COMPLETE);
      EXPECT_FALSE(isComplete(m));
      g1.set(CL_COMPLETE);
    }
    EXPECT_EQ(clWaitForEvents(1, &m), CL_SUCCESS);
    EXPECT_TRUE(isComplete(a));
    EXPECT_TRUE(isComplete(b));
    for (cl_event e : {a, b, m})
      clReleaseEvent(e);
  }
}

TEST_F(Events, MarkerWithWaitListWaitsOnlyForThoseOnOutOfOrderQueue) {
  cl_command_queue q = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  UserEvent g1(context), g2(context);
  cl_event a = write(q, {g1.get()}, 1, 0), b = write(q, {g2.get()}, 2, 4);
  cl_event m;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 1, &a, &m), CL_SUCCESS);
  EXPECT_FALSE(isComplete(m));
  g1.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &m), CL_SUCCESS); // b is still gated
  EXPECT_FALSE(isComplete(b));
  g2.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &b), CL_SUCCESS);
  for (cl_event e : {a, b, m})
    clReleaseEvent(e);
}

TEST_F(Events, BarrierHoldsBackLaterCommandsOnOutOfOrderQueue) {
  cl_command_queue q = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  // Without a wait list: waits for all before, and all after wait for it.
  UserEvent g1(context);
  cl_event a = write(q, {g1.get()}, 1, 0);
  cl_event bar;
  ASSERT_EQ(clEnqueueBarrierWithWaitList(q, 0, nullptr, &bar), CL_SUCCESS);
  cl_command_type t = 0;
  clGetEventInfo(bar, CL_EVENT_COMMAND_TYPE, sizeof t, &t, nullptr);
  EXPECT_EQ(t, cl_command_type(CL_COMMAND_BARRIER));
  cl_event later = write(q, {}, 3, 8);
  EXPECT_FALSE(isComplete(later)) << "ran past a barrier";
  g1.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &later), CL_SUCCESS);
  EXPECT_TRUE(isComplete(a));
  EXPECT_TRUE(isComplete(bar));

  // With a wait list: it waits for the listed event only, and still holds
  // back what comes after it.
  UserEvent g2(context), g3(context);
  cl_event b = write(q, {g2.get()}, 4, 12), c = write(q, {g3.get()}, 5, 16);
  cl_event bar2;
  ASSERT_EQ(clEnqueueBarrierWithWaitList(q, 1, &b, &bar2), CL_SUCCESS);
  cl_event after = write(q, {}, 6, 20);
  EXPECT_FALSE(isComplete(after));
  g2.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &after), CL_SUCCESS);
  EXPECT_FALSE(isComplete(c)); // not in the barrier's list
  g3.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &c), CL_SUCCESS);
  for (cl_event e : {a, bar, later, b, c, bar2, after})
    clReleaseEvent(e);
}

TEST_F(Events, BarrierOnInOrderQueue) {
  UserEvent g(context);
  cl_event a = write(queue, {g.get()});
  cl_event bar;
  ASSERT_EQ(clEnqueueBarrierWithWaitList(queue, 1, &a, &bar), CL_SUCCESS);
  cl_event after = write(queue, {});
  EXPECT_FALSE(isComplete(bar));
  EXPECT_FALSE(isComplete(after));
  g.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &after), CL_SUCCESS);
  EXPECT_TRUE(isComplete(bar));
  for (cl_event e : {a, bar, after})
    clReleaseEvent(e);
}

TEST_F(Events, OpenCL11SynchronisationForms) {
  cl_command_queue q = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  // clEnqueueMarker: waits for everything enqueued before it.
  UserEvent g1(context);
  cl_event a = write(q, {g1.get()});
  cl_event m;
  ASSERT_EQ(clEnqueueMarker(q, &m), CL_SUCCESS);
  EXPECT_FALSE(isComplete(m));
  g1.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &m), CL_SUCCESS);
  EXPECT_EQ(clEnqueueMarker(q, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMarker(nullptr, &m), CL_INVALID_COMMAND_QUEUE);

  // clEnqueueBarrier: later commands wait for earlier ones.
  UserEvent g2(context);
  cl_event b = write(q, {g2.get()});
  ASSERT_EQ(clEnqueueBarrier(q), CL_SUCCESS);
  cl_event after = write(q, {});
  EXPECT_FALSE(isComplete(after));
  g2.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &after), CL_SUCCESS);
  EXPECT_EQ(clEnqueueBarrier(nullptr), CL_INVALID_COMMAND_QUEUE);

  // clEnqueueWaitForEvents: later commands wait for the listed events.
  UserEvent g3(context);
  ASSERT_EQ(clEnqueueWaitForEvents(q, 1, g3.ptr()), CL_SUCCESS);
  cl_event gated = write(q, {});
  EXPECT_FALSE(isComplete(gated));
  g3.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &gated), CL_SUCCESS);

  EXPECT_EQ(clEnqueueWaitForEvents(q, 0, g3.ptr()), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueWaitForEvents(q, 1, nullptr), CL_INVALID_VALUE);
  cl_event bogus = reinterpret_cast<cl_event>(buffer);
  EXPECT_EQ(clEnqueueWaitForEvents(q, 1, &bogus), CL_INVALID_EVENT);
  EXPECT_EQ(clEnqueueWaitForEvents(nullptr, 1, g3.ptr()), CL_INVALID_COMMAND_QUEUE);
  OtherContext other(device());
  UserEvent foreign(other.get());
  foreign.set(CL_COMPLETE);
  EXPECT_EQ(clEnqueueWaitForEvents(q, 1, foreign.ptr()), CL_INVALID_CONTEXT);
  for (cl_event e : {a, m, b, after, gated})
    clReleaseEvent(e);
}

TEST_F(Events, MarkerAndBarrierErrors) {
  cl_event e;
  EXPECT_EQ(clEnqueueMarkerWithWaitList(nullptr, 0, nullptr, &e), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueBarrierWithWaitList(nullptr, 0, nullptr, &e), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(queue, 1, nullptr, &e), CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(clEnqueueBarrierWithWaitList(queue, 1, nullptr, &e), CL_INVALID_EVENT_WAIT_LIST);
  UserEvent u(context);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(queue, 0, u.ptr(), &e), CL_INVALID_EVENT_WAIT_LIST);
  OtherContext other(device());
  UserEvent foreign(other.get());
  foreign.set(CL_COMPLETE);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(queue, 1, foreign.ptr(), &e), CL_INVALID_CONTEXT);
  EXPECT_EQ(clEnqueueBarrierWithWaitList(queue, 1, foreign.ptr(), &e), CL_INVALID_CONTEXT);
}

// --- profiling ------------------------------------------------------------------------

TEST_F(Events, ProfilingTimestampsAreOrdered) {
  cl_command_queue q = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  std::vector<uint8_t> host(256);
  for (int i = 0; i < 10; ++i) {
    cl_event e;
    ASSERT_EQ(clEnqueueReadBuffer(q, buffer, CL_FALSE, 0, 256, host.data(), 0, nullptr, &e),
              CL_SUCCESS);
    ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
    cl_ulong t[5] = {};
    cl_profiling_info params[] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                  CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END,
                                  CL_PROFILING_COMMAND_COMPLETE};
    for (int p = 0; p < 5; ++p) {
      size_t size = 0;
      ASSERT_EQ(clGetEventProfilingInfo(e, params[p], sizeof t[p], &t[p], &size), CL_SUCCESS);
      EXPECT_EQ(size, sizeof(cl_ulong));
    }
    EXPECT_GT(t[0], 0u);
    for (int p = 0; p < 4; ++p)
      EXPECT_LE(t[p], t[p + 1]) << "param " << p;
    if (i == 0) {
      EXPECT_EQ(clGetEventProfilingInfo(e, 0xBAD, sizeof t[0], t, nullptr), CL_INVALID_VALUE);
      uint32_t small;
      EXPECT_EQ(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof small, &small, nullptr),
                CL_INVALID_VALUE);
    }
    clReleaseEvent(e);
  }
}

TEST_F(Events, ProfilingNotAvailable) {
  cl_ulong t;
  // Queue without profiling.
  cl_event e = write(queue, {});
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  EXPECT_EQ(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof t, &t, nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  clReleaseEvent(e);
  // User event.
  UserEvent u(context);
  u.set(CL_COMPLETE);
  EXPECT_EQ(clGetEventProfilingInfo(u.get(), CL_PROFILING_COMMAND_QUEUED, sizeof t, &t, nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  // Not complete yet.
  cl_command_queue q = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  UserEvent gate(context);
  cl_event pending = write(q, {gate.get()});
  EXPECT_EQ(clGetEventProfilingInfo(pending, CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  gate.set(CL_COMPLETE);
  EXPECT_EQ(clWaitForEvents(1, &pending), CL_SUCCESS);
  EXPECT_EQ(clGetEventProfilingInfo(pending, CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr),
            CL_SUCCESS);
  clReleaseEvent(pending);
  EXPECT_EQ(clGetEventProfilingInfo(nullptr, CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr),
            CL_INVALID_EVENT);
}

} // namespace
} // namespace corecl::test

namespace corecl::test {
namespace {

class InOrderFailure : public ContextTest {};

// A failed command fails the commands that name it in their wait lists,
// but not the ones after it on an in-order queue that do not.
TEST_F(InOrderFailure, OnlyExplicitDependantsFail) {
  cl_int err;
  cl_event gate = clCreateUserEvent(context, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  int value = 7, out = 0, out2 = 0;
  cl_mem buffer = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof value, &value, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event failed, dependant, after;
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_FALSE, 0, sizeof out, &out, 1, &gate, &failed),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_FALSE, 0, sizeof out, &out, 1, &failed,
                                &dependant),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(queue, buffer, CL_FALSE, 0, sizeof out2, &out2, 0, nullptr,
                                &after),
            CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(gate, -42), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &after), CL_SUCCESS);
  cl_int status;
  clGetEventInfo(failed, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
  EXPECT_LT(status, 0);
  clGetEventInfo(dependant, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
  EXPECT_EQ(status, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  clGetEventInfo(after, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
  EXPECT_EQ(status, CL_COMPLETE);
  EXPECT_EQ(out2, 7);
  EXPECT_EQ(out, 0); // the failed reads never ran
  for (cl_event e : {gate, failed, dependant, after})
    clReleaseEvent(e);
  clReleaseMemObject(buffer);
}

} // namespace
} // namespace corecl::test
