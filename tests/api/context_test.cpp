// clCreateContext, clCreateContextFromType, clGetContextInfo, reference
// counting and clSetContextDestructorCallback.
#include "api/test_support.h"

#include <condition_variable>
#include <mutex>
#include <vector>

namespace corecl::test {
namespace {

cl_uint refCount(cl_context c) {
  cl_uint n = 0;
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n, nullptr), CL_SUCCESS);
  return n;
}

std::vector<cl_context_properties> properties(cl_context c) {
  size_t size = 0;
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size % sizeof(cl_context_properties), 0u);
  std::vector<cl_context_properties> props(size / sizeof(cl_context_properties));
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, size, props.data(), nullptr), CL_SUCCESS);
  return props;
}

std::vector<cl_device_id> devices(cl_context c) {
  cl_uint n = 0;
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof n, &n, nullptr), CL_SUCCESS);
  size_t size = 0;
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_DEVICES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, n * sizeof(cl_device_id));
  std::vector<cl_device_id> ids(size / sizeof(cl_device_id));
  EXPECT_EQ(clGetContextInfo(c, CL_CONTEXT_DEVICES, size, ids.data(), nullptr), CL_SUCCESS);
  return ids;
}

cl_context_properties platformProp() {
  return cl_context_properties(platform());
}

/// Creates a context on the CoreCL device with `props`; returns the error.
cl_int tryCreate(const std::vector<cl_context_properties> &props) {
  cl_device_id d = device();
  cl_int err = CL_SUCCESS;
  cl_context c = clCreateContext(props.data(), 1, &d, nullptr, nullptr, &err);
  if (c) {
    EXPECT_EQ(err, CL_SUCCESS);
    clReleaseContext(c);
  } else {
    EXPECT_NE(err, CL_SUCCESS);
  }
  return err;
}

void CL_CALLBACK ignoreNotify(const char *, const void *, size_t, void *) {}

// ---------------------------------------------------------------------------
// clCreateContext

TEST(CreateContext, WithPlatformProperty) {
  cl_device_id d = device();
  std::vector<cl_context_properties> props = {CL_CONTEXT_PLATFORM, platformProp(), 0};
  cl_int err = CL_INVALID_VALUE;
  cl_context c = clCreateContext(props.data(), 1, &d, ignoreNotify, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_NE(c, nullptr);
  // CL_CONTEXT_PROPERTIES returns exactly what was passed, terminator included.
  EXPECT_EQ(properties(c), props);
  EXPECT_EQ(devices(c), std::vector<cl_device_id>{d});
  EXPECT_EQ(refCount(c), 1u);
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
}

TEST(CreateContext, NullPropertiesAndNullErrcode) {
  cl_device_id d = device();
  cl_context c = clCreateContext(nullptr, 1, &d, nullptr, nullptr, nullptr);
  ASSERT_NE(c, nullptr);
  // With NULL properties the spec allows an empty answer or a lone 0.
  std::vector<cl_context_properties> props = properties(c);
  EXPECT_TRUE(props.empty() || (props.size() == 1 && props[0] == 0));
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
}

TEST(CreateContext, InteropUserSyncProperty) {
  cl_device_id d = device();
  std::vector<cl_context_properties> props = {CL_CONTEXT_INTEROP_USER_SYNC, CL_TRUE,
                                              CL_CONTEXT_PLATFORM, platformProp(), 0};
  cl_int err;
  cl_context c = clCreateContext(props.data(), 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(properties(c), props);
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
}

TEST(CreateContext, DuplicateDevicesAreIgnored) {
  cl_device_id d[3] = {device(), device(), device()};
  cl_int err;
  cl_context c = clCreateContext(nullptr, 3, d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(devices(c), std::vector<cl_device_id>{d[0]});
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
}

TEST(CreateContext, InvalidPlatform) {
  cl_context_properties notAPlatform = cl_context_properties(device());
  EXPECT_EQ(tryCreate({CL_CONTEXT_PLATFORM, notAPlatform, 0}), CL_INVALID_PLATFORM);
  EXPECT_EQ(tryCreate({CL_CONTEXT_PLATFORM, 0, 0}), CL_INVALID_PLATFORM);
}

TEST(CreateContext, InvalidProperty) {
  // An unknown name, a bad value for a known name, and a name given twice.
  EXPECT_EQ(tryCreate({0x7777, 1, 0}), CL_INVALID_PROPERTY);
  EXPECT_EQ(tryCreate({CL_CONTEXT_PLATFORM, platformProp(), 0x7777, 1, 0}), CL_INVALID_PROPERTY);
  EXPECT_EQ(tryCreate({CL_CONTEXT_INTEROP_USER_SYNC, 42, 0}), CL_INVALID_PROPERTY);
  EXPECT_EQ(
      tryCreate({CL_CONTEXT_PLATFORM, platformProp(), CL_CONTEXT_PLATFORM, platformProp(), 0}),
      CL_INVALID_PROPERTY);
  EXPECT_EQ(tryCreate({CL_CONTEXT_INTEROP_USER_SYNC, CL_FALSE, CL_CONTEXT_INTEROP_USER_SYNC,
                       CL_FALSE, 0}),
            CL_INVALID_PROPERTY);
}

TEST(CreateContext, InvalidArguments) {
  cl_device_id d = device();
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreateContext(nullptr, 1, nullptr, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  err = CL_SUCCESS;
  EXPECT_EQ(clCreateContext(nullptr, 0, &d, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  err = CL_SUCCESS;
  int userData = 0;
  EXPECT_EQ(clCreateContext(nullptr, 1, &d, nullptr, &userData, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
}

TEST(CreateContext, InvalidDevice) {
  cl_device_id bad[2] = {device(), reinterpret_cast<cl_device_id>(platform())};
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreateContext(nullptr, 2, bad, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE);
  cl_device_id null = nullptr;
  err = CL_SUCCESS;
  EXPECT_EQ(clCreateContext(nullptr, 1, &null, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE);
}

// ---------------------------------------------------------------------------
// clCreateContextFromType

TEST(CreateContextFromType, CpuDefaultAndAll) {
  for (cl_device_type type : std::vector<cl_device_type>{CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_DEFAULT,
                                                         CL_DEVICE_TYPE_ALL}) {
    std::vector<cl_context_properties> props = {CL_CONTEXT_PLATFORM, platformProp(), 0};
    cl_int err = CL_INVALID_VALUE;
    cl_context c = clCreateContextFromType(props.data(), type, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS) << type;
    EXPECT_EQ(devices(c), std::vector<cl_device_id>{device()});
    EXPECT_EQ(properties(c), props);
    EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
  }
}

TEST(CreateContextFromType, Errors) {
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreateContextFromType(nullptr, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_DEVICE_NOT_FOUND);
  EXPECT_EQ(clCreateContextFromType(nullptr, cl_device_type(1) << 40, nullptr, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE_TYPE);
  int userData = 0;
  EXPECT_EQ(clCreateContextFromType(nullptr, CL_DEVICE_TYPE_CPU, nullptr, &userData, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  cl_context_properties bad[] = {CL_CONTEXT_PLATFORM, cl_context_properties(device()), 0};
  EXPECT_EQ(clCreateContextFromType(bad, CL_DEVICE_TYPE_CPU, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PLATFORM);
  cl_context_properties unknown[] = {0x7777, 0, 0};
  EXPECT_EQ(clCreateContextFromType(unknown, CL_DEVICE_TYPE_CPU, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PROPERTY);
}

// ---------------------------------------------------------------------------
// clGetContextInfo, retain and release

TEST_F(ContextTest, InfoAnswersEveryParam) {
  EXPECT_EQ(refCount(context), 1u);
  EXPECT_EQ(devices(context), std::vector<cl_device_id>{device()});
  cl_uint n = 0;
  size_t size = 0;
  ASSERT_EQ(clGetContextInfo(context, CL_CONTEXT_NUM_DEVICES, sizeof n, &n, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof(cl_uint));
  EXPECT_EQ(n, 1u);
}

TEST_F(ContextTest, InfoErrors) {
  cl_uint n = 0;
  EXPECT_EQ(clGetContextInfo(nullptr, CL_CONTEXT_NUM_DEVICES, sizeof n, &n, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clGetContextInfo(reinterpret_cast<cl_context>(queue), CL_CONTEXT_NUM_DEVICES, sizeof n,
                             &n, nullptr),
            CL_INVALID_CONTEXT);
  EXPECT_EQ(clGetContextInfo(context, CL_QUEUE_CONTEXT, sizeof n, &n, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetContextInfo(context, CL_CONTEXT_NUM_DEVICES, sizeof n - 1, &n, nullptr),
            CL_INVALID_VALUE);
  cl_device_id d;
  EXPECT_EQ(clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof d - 1, &d, nullptr),
            CL_INVALID_VALUE);
}

TEST_F(ContextTest, RetainReleaseCount) {
  ASSERT_EQ(clRetainContext(context), CL_SUCCESS);
  EXPECT_EQ(refCount(context), 2u);
  ASSERT_EQ(clRetainContext(context), CL_SUCCESS);
  EXPECT_EQ(refCount(context), 3u);
  ASSERT_EQ(clReleaseContext(context), CL_SUCCESS);
  ASSERT_EQ(clReleaseContext(context), CL_SUCCESS);
  EXPECT_EQ(refCount(context), 1u);
}

TEST(ContextRefCount, InvalidContext) {
  EXPECT_EQ(clRetainContext(nullptr), CL_INVALID_CONTEXT);
  EXPECT_EQ(clReleaseContext(nullptr), CL_INVALID_CONTEXT);
  cl_context notAContext = reinterpret_cast<cl_context>(device());
  EXPECT_EQ(clRetainContext(notAContext), CL_INVALID_CONTEXT);
  EXPECT_EQ(clReleaseContext(notAContext), CL_INVALID_CONTEXT);
}

// ---------------------------------------------------------------------------
// clSetContextDestructorCallback

/// Records the order in which destructor callbacks run.
struct CallbackLog {
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<int> order;
  cl_context seen = nullptr;

  void record(cl_context c, int id) {
    std::lock_guard lock(mutex);
    order.push_back(id);
    seen = c;
    cv.notify_all();
  }
  /// Waits (with a generous hang guard, not a timing check) for n calls.
  bool waitFor(size_t n) {
    std::unique_lock lock(mutex);
    return cv.wait_for(lock, std::chrono::seconds(10), [&] { return order.size() >= n; });
  }
  size_t count() {
    std::lock_guard lock(mutex);
    return order.size();
  }
};

struct CallbackArg {
  CallbackLog *log;
  int id;
};

void CL_CALLBACK onDestroy(cl_context c, void *userData) {
  auto *arg = static_cast<CallbackArg *>(userData);
  arg->log->record(c, arg->id);
}

TEST(ContextDestructorCallback, RunInReverseOrderOnLastRelease) {
  cl_device_id d = device();
  cl_int err;
  cl_context c = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  CallbackLog log;
  CallbackArg args[3] = {{&log, 1}, {&log, 2}, {&log, 3}};
  for (CallbackArg &a : args)
    ASSERT_EQ(clSetContextDestructorCallback(c, onDestroy, &a), CL_SUCCESS);
  ASSERT_EQ(clRetainContext(c), CL_SUCCESS);
  ASSERT_EQ(clReleaseContext(c), CL_SUCCESS);
  EXPECT_EQ(log.count(), 0u) << "ran while a reference was left";
  ASSERT_EQ(clReleaseContext(c), CL_SUCCESS);
  ASSERT_TRUE(log.waitFor(3));
  EXPECT_EQ(log.order, (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(log.seen, c);
}

TEST(ContextDestructorCallback, WaitsForAQueueAndABufferToGo) {
  cl_device_id d = device();
  cl_int err;
  cl_context c = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(c, d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem buf = clCreateBuffer(c, CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  CallbackLog log;
  CallbackArg args[2] = {{&log, 1}, {&log, 2}};
  for (CallbackArg &a : args)
    ASSERT_EQ(clSetContextDestructorCallback(c, onDestroy, &a), CL_SUCCESS);

  // The application's last reference goes first; the queue and the buffer
  // still use the context, so it must live on (and stay usable).
  ASSERT_EQ(clReleaseContext(c), CL_SUCCESS);
  EXPECT_EQ(log.count(), 0u);
  int value = 42, back = 0;
  EXPECT_EQ(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, sizeof value, &value, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof back, &back, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(back, 42);
  ASSERT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(log.count(), 0u) << "ran while the buffer was alive";
  ASSERT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
  ASSERT_TRUE(log.waitFor(2));
  EXPECT_EQ(log.order, (std::vector<int>{2, 1}));
}

TEST(ContextDestructorCallback, InvalidArguments) {
  CallbackLog log;
  CallbackArg arg = {&log, 1};
  EXPECT_EQ(clSetContextDestructorCallback(nullptr, onDestroy, &arg), CL_INVALID_CONTEXT);
  cl_context notAContext = reinterpret_cast<cl_context>(device());
  EXPECT_EQ(clSetContextDestructorCallback(notAContext, onDestroy, &arg), CL_INVALID_CONTEXT);
  cl_device_id d = device();
  cl_int err;
  cl_context c = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clSetContextDestructorCallback(c, nullptr, &arg), CL_INVALID_VALUE);
  EXPECT_EQ(clReleaseContext(c), CL_SUCCESS);
  EXPECT_EQ(log.count(), 0u);
}

} // namespace
} // namespace corecl::test
