// Command queues: creation with and without properties, clGetCommandQueueInfo,
// clFlush/clFinish, reference counting, and releasing a queue that still
// has commands waiting.
#include "api/test_support.h"

#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <vector>

namespace corecl::test {
namespace {

template <class T> T queueInfo(cl_command_queue q, cl_command_queue_info param) {
  T value{};
  size_t size = 0;
  EXPECT_EQ(clGetCommandQueueInfo(q, param, sizeof value, &value, &size), CL_SUCCESS) << param;
  EXPECT_EQ(size, sizeof(T)) << param;
  return value;
}

std::vector<cl_queue_properties> propertiesArray(cl_command_queue q) {
  size_t size = 0;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size % sizeof(cl_queue_properties), 0u);
  std::vector<cl_queue_properties> props(size / sizeof(cl_queue_properties));
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, size, props.data(), nullptr),
            CL_SUCCESS);
  return props;
}

cl_int eventStatus(cl_event e) {
  cl_int status = 0;
  EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
            CL_SUCCESS);
  return status;
}

class QueueTest : public ContextTest {
protected:
  /// clCreateCommandQueueWithProperties on the fixture's context and device;
  /// returns the error and releases any queue created.
  cl_int tryCreate(const std::vector<cl_queue_properties> &props) {
    cl_int err = CL_SUCCESS;
    cl_command_queue q = clCreateCommandQueueWithProperties(context, device(), props.data(), &err);
    if (q) {
      EXPECT_EQ(err, CL_SUCCESS);
      clReleaseCommandQueue(q);
    } else {
      EXPECT_NE(err, CL_SUCCESS);
    }
    return err;
  }

  cl_mem makeBuffer(size_t bytes) {
    cl_int err;
    cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return b;
  }

  cl_event userEvent() {
    cl_int err;
    cl_event e = clCreateUserEvent(context, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return e;
  }
};

// ---------------------------------------------------------------------------
// Creation

TEST_F(QueueTest, DefaultIsInOrderWithoutProfiling) {
  cl_int err;
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device(), nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(queueInfo<cl_command_queue_properties>(q, CL_QUEUE_PROPERTIES), 0u);
  EXPECT_EQ(queueInfo<cl_context>(q, CL_QUEUE_CONTEXT), context);
  EXPECT_EQ(queueInfo<cl_device_id>(q, CL_QUEUE_DEVICE), device());
  EXPECT_EQ(queueInfo<cl_uint>(q, CL_QUEUE_REFERENCE_COUNT), 1u);
  // Created with NULL properties: nothing to report (or a lone 0).
  std::vector<cl_queue_properties> props = propertiesArray(q);
  EXPECT_TRUE(props.empty() || (props.size() == 1 && props[0] == 0));
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
}

TEST_F(QueueTest, WithPropertiesReportsThemBack) {
  for (cl_command_queue_properties bits :
       {cl_command_queue_properties(0), cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE),
        cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE),
        cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                    CL_QUEUE_PROFILING_ENABLE)}) {
    std::vector<cl_queue_properties> props = {CL_QUEUE_PROPERTIES, bits, 0};
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(context, device(), props.data(), &err);
    ASSERT_EQ(err, CL_SUCCESS) << bits;
    EXPECT_EQ(queueInfo<cl_command_queue_properties>(q, CL_QUEUE_PROPERTIES), bits);
    // CL_QUEUE_PROPERTIES_ARRAY is the list as passed, terminator included.
    EXPECT_EQ(propertiesArray(q), props);
    EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  }
}

TEST_F(QueueTest, LegacyCreateCommandQueue) {
  cl_int err;
  cl_command_queue q = clCreateCommandQueue(
      context, device(), CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(queueInfo<cl_command_queue_properties>(q, CL_QUEUE_PROPERTIES),
            cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                        CL_QUEUE_PROFILING_ENABLE));
  // No properties array was passed: size 0 (OpenCL 3.0).
  EXPECT_TRUE(propertiesArray(q).empty());
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);

  q = clCreateCommandQueue(context, device(), 0, nullptr);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(clCreateCommandQueue(context, device(), cl_command_queue_properties(1) << 20, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateCommandQueue(nullptr, device(), 0, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
}

TEST_F(QueueTest, DeviceQueuesAreCreated) {
  // Every valid on-device queue (device-side enqueue; its kernels are in
  // tests/kernels/device_enqueue_test.cpp).
  const cl_queue_properties ooo = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
  EXPECT_EQ(tryCreate({CL_QUEUE_PROPERTIES, ooo | CL_QUEUE_ON_DEVICE, 0}), CL_SUCCESS);
  EXPECT_EQ(
      tryCreate({CL_QUEUE_PROPERTIES, ooo | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT, 0}),
      CL_SUCCESS);
  EXPECT_EQ(tryCreate({CL_QUEUE_PROPERTIES, ooo | CL_QUEUE_ON_DEVICE | CL_QUEUE_PROFILING_ENABLE,
                       CL_QUEUE_SIZE, 16384, 0}),
            CL_SUCCESS);
}

TEST_F(QueueTest, InvalidPropertyValues) {
  // Not valid at all: unknown names or bits, ON_DEVICE without out-of-order,
  // ON_DEVICE_DEFAULT without ON_DEVICE, a size for a host queue, repeats.
  EXPECT_EQ(tryCreate({0x7777, 0, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(tryCreate({CL_QUEUE_PROPERTIES, cl_queue_properties(1) << 20, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(tryCreate({CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(tryCreate({CL_QUEUE_PROPERTIES,
                       CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE_DEFAULT, 0}),
            CL_INVALID_VALUE);
  EXPECT_EQ(tryCreate({CL_QUEUE_SIZE, 16384, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(tryCreate({CL_QUEUE_PROPERTIES, 0, CL_QUEUE_PROPERTIES, 0, 0}), CL_INVALID_VALUE);
}

TEST_F(QueueTest, InvalidContextOrDevice) {
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreateCommandQueueWithProperties(nullptr, device(), nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
  cl_context notAContext = reinterpret_cast<cl_context>(queue);
  EXPECT_EQ(clCreateCommandQueueWithProperties(notAContext, device(), nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
  EXPECT_EQ(clCreateCommandQueueWithProperties(context, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE);
  cl_device_id notADevice = reinterpret_cast<cl_device_id>(context);
  EXPECT_EQ(clCreateCommandQueueWithProperties(context, notADevice, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE);
  EXPECT_EQ(clCreateCommandQueue(context, nullptr, 0, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE);
}

// ---------------------------------------------------------------------------
// clGetCommandQueueInfo

TEST_F(QueueTest, InfoParams) {
  EXPECT_EQ(queueInfo<cl_context>(queue, CL_QUEUE_CONTEXT), context);
  EXPECT_EQ(queueInfo<cl_device_id>(queue, CL_QUEUE_DEVICE), device());
  EXPECT_EQ(queueInfo<cl_uint>(queue, CL_QUEUE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(queueInfo<cl_command_queue_properties>(queue, CL_QUEUE_PROPERTIES), 0u);
  // No device-side enqueue: there is no default device queue.
  EXPECT_EQ(queueInfo<cl_command_queue>(queue, CL_QUEUE_DEVICE_DEFAULT), nullptr);
  // CL_QUEUE_SIZE is only for device queues (OpenCL 3.0).
  cl_uint size = 0;
  EXPECT_EQ(clGetCommandQueueInfo(queue, CL_QUEUE_SIZE, sizeof size, &size, nullptr),
            CL_INVALID_COMMAND_QUEUE);
}

TEST_F(QueueTest, InfoErrors) {
  cl_context c = nullptr;
  EXPECT_EQ(clGetCommandQueueInfo(nullptr, CL_QUEUE_CONTEXT, sizeof c, &c, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clGetCommandQueueInfo(reinterpret_cast<cl_command_queue>(context), CL_QUEUE_CONTEXT,
                                  sizeof c, &c, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clGetCommandQueueInfo(queue, CL_CONTEXT_DEVICES, sizeof c, &c, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof c - 1, &c, nullptr),
            CL_INVALID_VALUE);
}

// ---------------------------------------------------------------------------
// Retain and release

TEST_F(QueueTest, RetainReleaseCount) {
  ASSERT_EQ(clRetainCommandQueue(queue), CL_SUCCESS);
  EXPECT_EQ(queueInfo<cl_uint>(queue, CL_QUEUE_REFERENCE_COUNT), 2u);
  ASSERT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
  EXPECT_EQ(queueInfo<cl_uint>(queue, CL_QUEUE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clRetainCommandQueue(nullptr), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clReleaseCommandQueue(nullptr), CL_INVALID_COMMAND_QUEUE);
  cl_command_queue notAQueue = reinterpret_cast<cl_command_queue>(context);
  EXPECT_EQ(clRetainCommandQueue(notAQueue), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clReleaseCommandQueue(notAQueue), CL_INVALID_COMMAND_QUEUE);
}

TEST_F(QueueTest, QueueKeepsItsContextAlive) {
  cl_int err;
  cl_device_id d = device();
  cl_context c = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(c, d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clReleaseContext(c), CL_SUCCESS);
  // The context handle stays valid for the queue's own use.
  EXPECT_EQ(queueInfo<cl_context>(q, CL_QUEUE_CONTEXT), c);
  EXPECT_EQ(clFinish(q), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
}

TEST_F(QueueTest, SetCommandQueuePropertyIsNotSupported) {
  cl_command_queue_properties old = 0;
  EXPECT_EQ(clSetCommandQueueProperty(queue, CL_QUEUE_PROFILING_ENABLE, CL_TRUE, &old),
            CL_INVALID_OPERATION);
  // Nothing changed.
  EXPECT_EQ(queueInfo<cl_command_queue_properties>(queue, CL_QUEUE_PROPERTIES), 0u);
  EXPECT_EQ(clSetCommandQueueProperty(nullptr, CL_QUEUE_PROFILING_ENABLE, CL_TRUE, &old),
            CL_INVALID_COMMAND_QUEUE);
}

// ---------------------------------------------------------------------------
// clFlush, clFinish, and ordering

TEST_F(QueueTest, FlushAndFinishOnAnEmptyQueue) {
  EXPECT_EQ(clFlush(queue), CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(clFlush(nullptr), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clFinish(nullptr), CL_INVALID_COMMAND_QUEUE);
  cl_command_queue notAQueue = reinterpret_cast<cl_command_queue>(context);
  EXPECT_EQ(clFlush(notAQueue), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clFinish(notAQueue), CL_INVALID_COMMAND_QUEUE);
}

TEST_F(QueueTest, FinishWaitsForGatedCommands) {
  cl_mem buf = makeBuffer(sizeof(int));
  cl_event gate = userEvent();
  int value = 5;
  cl_event write;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, buf, CL_FALSE, 0, sizeof value, &value, 1, &gate, &write),
            CL_SUCCESS);
  EXPECT_EQ(clFlush(queue), CL_SUCCESS);
  std::atomic<bool> finished{false};
  std::thread waiter([&] {
    EXPECT_EQ(clFinish(queue), CL_SUCCESS);
    finished = true;
  });
  // Give the waiter a chance to block; whatever the scheduling, clFinish
  // cannot have returned while the gate is closed.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(finished.load());
  EXPECT_NE(eventStatus(write), CL_COMPLETE);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  waiter.join();
  EXPECT_TRUE(finished.load());
  EXPECT_EQ(eventStatus(write), CL_COMPLETE);
  clReleaseEvent(write);
  clReleaseEvent(gate);
  clReleaseMemObject(buf);
}

TEST_F(QueueTest, InOrderQueueRunsCommandsInOrder) {
  cl_mem a = makeBuffer(sizeof(int)), b = makeBuffer(sizeof(int));
  cl_event gate = userEvent();
  int one = 1, two = 2;
  cl_event first, second;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, a, CL_FALSE, 0, sizeof one, &one, 1, &gate, &first),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueWriteBuffer(queue, b, CL_FALSE, 0, sizeof two, &two, 0, nullptr, &second),
            CL_SUCCESS);
  // The second command has no wait list, but follows the gated first one.
  EXPECT_NE(eventStatus(second), CL_COMPLETE);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &second), CL_SUCCESS);
  EXPECT_EQ(eventStatus(first), CL_COMPLETE);
  for (cl_event e : {first, second, gate})
    clReleaseEvent(e);
  clReleaseMemObject(a);
  clReleaseMemObject(b);
}

TEST_F(QueueTest, OutOfOrderQueueRunsIndependentCommands) {
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_mem a = makeBuffer(sizeof(int)), b = makeBuffer(sizeof(int));
  cl_event gate = userEvent();
  int one = 1, two = 2;
  cl_event first, second;
  ASSERT_EQ(clEnqueueWriteBuffer(ooo, a, CL_FALSE, 0, sizeof one, &one, 1, &gate, &first),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueWriteBuffer(ooo, b, CL_FALSE, 0, sizeof two, &two, 0, nullptr, &second),
            CL_SUCCESS);
  // The second command depends on nothing: it completes while the first
  // is still held back (an in-order queue would never get here).
  ASSERT_EQ(clWaitForEvents(1, &second), CL_SUCCESS);
  EXPECT_NE(eventStatus(first), CL_COMPLETE);
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(clFinish(ooo), CL_SUCCESS);
  EXPECT_EQ(eventStatus(first), CL_COMPLETE);
  for (cl_event e : {first, second, gate})
    clReleaseEvent(e);
  clReleaseMemObject(a);
  clReleaseMemObject(b);
}

TEST_F(QueueTest, ProfilingQueueRecordsTimestamps) {
  cl_command_queue prof = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_mem buf = makeBuffer(1024);
  std::vector<char> data(1024, 3);
  cl_event e;
  ASSERT_EQ(clEnqueueWriteBuffer(prof, buf, CL_TRUE, 0, data.size(), data.data(), 0, nullptr, &e),
            CL_SUCCESS);
  cl_ulong t[4] = {};
  const cl_profiling_info params[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                       CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(clGetEventProfilingInfo(e, params[i], sizeof t[i], &t[i], nullptr), CL_SUCCESS);
  EXPECT_LE(t[0], t[1]);
  EXPECT_LE(t[1], t[2]);
  EXPECT_LE(t[2], t[3]);
  clReleaseEvent(e);

  // Without CL_QUEUE_PROFILING_ENABLE there is nothing to report.
  ASSERT_EQ(clEnqueueWriteBuffer(queue, buf, CL_TRUE, 0, data.size(), data.data(), 0, nullptr, &e),
            CL_SUCCESS);
  EXPECT_EQ(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t[0], &t[0], nullptr),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  clReleaseEvent(e);
  clReleaseMemObject(buf);
}

// ---------------------------------------------------------------------------
// Releasing a queue with commands still pending

TEST_F(QueueTest, ReleasedQueueStillRunsItsPendingCommands) {
  for (cl_command_queue_properties props :
       {cl_command_queue_properties(0),
        cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)}) {
    SCOPED_TRACE(props);
    cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, props, 0};
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(context, device(), list, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    const size_t n = 4096;
    std::vector<int> in(n);
    std::iota(in.begin(), in.end(), 100);
    cl_mem src = makeBuffer(n * sizeof(int)), dst = makeBuffer(n * sizeof(int));
    cl_event gate = userEvent();
    cl_event written, copied;
    ASSERT_EQ(
        clEnqueueWriteBuffer(q, src, CL_FALSE, 0, n * sizeof(int), in.data(), 1, &gate, &written),
        CL_SUCCESS);
    ASSERT_EQ(clEnqueueCopyBuffer(q, src, dst, 0, 0, n * sizeof(int), 1, &written, &copied),
              CL_SUCCESS);
    // The application lets go of the queue before anything could run.
    ASSERT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
    EXPECT_NE(eventStatus(copied), CL_COMPLETE);
    ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    ASSERT_EQ(clWaitForEvents(1, &copied), CL_SUCCESS);
    EXPECT_EQ(eventStatus(written), CL_COMPLETE);

    std::vector<int> out(n, 0);
    ASSERT_EQ(clEnqueueReadBuffer(queue, dst, CL_TRUE, 0, n * sizeof(int), out.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    EXPECT_EQ(out, in);
    for (cl_event e : {written, copied, gate})
      clReleaseEvent(e);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
  }
}

void CL_CALLBACK raiseFlag(cl_mem, void *flag) {
  static_cast<std::atomic<bool> *>(flag)->store(true, std::memory_order_release);
}

TEST_F(QueueTest, ReleasedQueueWithoutEventsStillRunsItsCommands) {
  // No event handles at all: a read on a queue the application released,
  // of a buffer it released too. The buffer's destructor callback runs
  // once the command that held it has finished, and only then is the
  // host memory it read into looked at (no race with the command).
  cl_int err;
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device(), nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  int value = 1234;
  cl_mem buf =
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof value, &value, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  std::atomic<bool> freed{false};
  ASSERT_EQ(clSetMemObjectDestructorCallback(buf, raiseFlag, &freed), CL_SUCCESS);
  cl_event gate = userEvent();
  int back = 0;
  ASSERT_EQ(clEnqueueReadBuffer(q, buf, CL_FALSE, 0, sizeof back, &back, 1, &gate, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  ASSERT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
  EXPECT_FALSE(freed.load()); // the gated read still holds it
  ASSERT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10); // hang guard
  while (!freed.load(std::memory_order_acquire) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_TRUE(freed.load(std::memory_order_acquire));
  EXPECT_EQ(back, value);
  clReleaseEvent(gate);
}

void CL_CALLBACK countDestruction(cl_context, void *userData) {
  static_cast<std::atomic<int> *>(userData)->fetch_add(1);
}

TEST(QueueLifetime, ReleasedQueueLetsItsContextGo) {
  // The queue's ordering state (previous command, latest barrier) refers to
  // events that refer back to the queue; once the application has released
  // queue and context, and the commands are done, both must be freed.
  for (cl_command_queue_properties props :
       {cl_command_queue_properties(0),
        cl_command_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)}) {
    SCOPED_TRACE(props);
    cl_device_id d = device();
    cl_int err;
    cl_context c = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    std::atomic<int> destroyed{0};
    ASSERT_EQ(clSetContextDestructorCallback(c, countDestruction, &destroyed), CL_SUCCESS);
    cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, props, 0};
    cl_command_queue q = clCreateCommandQueueWithProperties(c, d, list, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem buf = clCreateBuffer(c, CL_MEM_READ_WRITE, 256, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    std::vector<char> data(256, 1);
    cl_event done;
    ASSERT_EQ(clEnqueueWriteBuffer(q, buf, CL_FALSE, 0, 256, data.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueBarrierWithWaitList(q, 0, nullptr, nullptr), CL_SUCCESS);
    ASSERT_EQ(clEnqueueReadBuffer(q, buf, CL_FALSE, 0, 256, data.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueMarkerWithWaitList(q, 0, nullptr, &done), CL_SUCCESS);
    ASSERT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
    ASSERT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
    ASSERT_EQ(clReleaseContext(c), CL_SUCCESS);
    ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
    ASSERT_EQ(clReleaseEvent(done), CL_SUCCESS);
    // The last internal reference may drop on a worker thread just after
    // the marker completes: wait for it (a hang guard, not a timing check).
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (destroyed.load() == 0 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(destroyed.load(), 1);
  }
}

} // namespace
} // namespace corecl::test
