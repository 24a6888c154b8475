// Small helpers shared by the buffer, event, native-kernel and stress tests
// (not a fixture: ContextTest in test_support.h is that).
#pragma once
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace corecl::test {

/// A user event that is always settled: if a test fails before completing
/// it, the destructor completes it so that nothing gated by it hangs the
/// fixture's clFinish.
class UserEvent {
public:
  explicit UserEvent(cl_context context) {
    cl_int err;
    event_ = clCreateUserEvent(context, &err);
    EXPECT_EQ(err, CL_SUCCESS);
  }
  ~UserEvent() {
    clSetUserEventStatus(event_, CL_COMPLETE); // no-op if already set
    clReleaseEvent(event_);
  }
  UserEvent(const UserEvent &) = delete;
  UserEvent &operator=(const UserEvent &) = delete;

  cl_event get() const { return event_; }
  cl_event *ptr() { return &event_; }
  cl_int set(cl_int status) { return clSetUserEventStatus(event_, status); }

private:
  cl_event event_ = nullptr;
};

/// Polls `done` until it holds or `seconds` pass; for handshakes with worker
/// threads, never to assert on timing.
template <class Pred> bool eventually(Pred done, double seconds = 10.0) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return true;
}

inline cl_int eventStatus(cl_event e) {
  cl_int s = 1234;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, nullptr),
            CL_SUCCESS);
  return s;
}

/// A second context on the same device, for the cross-context error rules.
class OtherContext {
public:
  explicit OtherContext(cl_device_id device) {
    cl_int err;
    context_ = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
  }
  ~OtherContext() { clReleaseContext(context_); }
  OtherContext(const OtherContext &) = delete;
  OtherContext &operator=(const OtherContext &) = delete;
  cl_context get() const { return context_; }

private:
  cl_context context_ = nullptr;
};

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

} // namespace corecl::test
