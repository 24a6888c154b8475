// Launches of tiny kernels without an event (clEnqueueNDRangeKernel with
// event == NULL): once a kernel is known to be short, such a launch on an
// idle in-order queue runs on the enqueuing thread without a command
// object. These tests check that every OpenCL rule still holds around that
// path: in-order waits for pending (user-event gated) commands, other
// commands interleave in order, wait lists are honoured, profiling and
// out-of-order queues behave as before, and argument errors are reported.
// They check results only, never timing.
#include "api/cl_test_helpers.h"
#include "kernels/kernel_fixture.h"

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace corecl::test {
namespace {

const char *kBump = R"(
  kernel void bump(global int *c) { c[get_global_id(0)] += 1; }
  kernel void bumpAtomic(global int *c) { atomic_inc(&c[get_global_id(0)]); }
  kernel void set(global int *c, int v) { c[get_global_id(0)] = v; }
)";

class KernelInlineLaunch : public KernelTest {
protected:
  void SetUp() override {
    KernelTest::SetUp();
    program = build(kBump);
    ASSERT_TRUE(program);
    bump = createKernel(program, "bump");
    bumpAtomic = createKernel(program, "bumpAtomic");
    set = createKernel(program, "set");
    ASSERT_TRUE(bump && bumpAtomic && set);
  }

  /// Launches `k` over `items` work-items on `q` without an event.
  static cl_int launch(cl_command_queue q, cl_kernel k, size_t items = 1, cl_uint numWaits = 0,
                       const cl_event *waits = nullptr) {
    return clEnqueueNDRangeKernel(q, k, 1, nullptr, &items, nullptr, numWaits, waits, nullptr);
  }

  /// A few launches with clFinish, so that the kernel's duration is known
  /// and its next launches count as tiny.
  void warmUp(cl_kernel k, cl_mem scratch, size_t items = 1) {
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof scratch, &scratch), CL_SUCCESS);
    for (int i = 0; i < 3; ++i) {
      ASSERT_EQ(launch(queue, k, items), CL_SUCCESS);
      ASSERT_EQ(clFinish(queue), CL_SUCCESS);
    }
  }

  cl_program program = nullptr;
  cl_kernel bump = nullptr, bumpAtomic = nullptr, set = nullptr;
};

TEST_F(KernelInlineLaunch, ManyLaunchesWithoutEventsThenFinish) {
  for (size_t items : {size_t(1), size_t(1024)}) {
    cl_mem counters = makeBuffer(items * sizeof(cl_int), std::vector<cl_int>(items, 0).data());
    warmUp(bump, counters, items);
    const int launches = kSanitized ? 500 : 5000;
    for (int i = 0; i < launches; ++i)
      ASSERT_EQ(launch(queue, bump, items), CL_SUCCESS);
    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
    for (cl_int v : read<cl_int>(counters, items))
      ASSERT_EQ(v, launches + 3) << items << " work-items";
  }
}

TEST_F(KernelInlineLaunch, WaitsForAGatedCommandBeforeIt) {
  // The host pointer shows whether a command ran, without going through
  // the (blocked) queue.
  cl_int host[1] = {0};
  cl_int err;
  cl_mem counter = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  warmUp(bump, counter);
  ASSERT_EQ(host[0], 3);

  UserEvent gate(context);
  cl_int hundred = 100;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, counter, CL_FALSE, 0, sizeof hundred, &hundred, 1,
                                 gate.ptr(), nullptr),
            CL_SUCCESS);
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(launch(queue, bump), CL_SUCCESS);
  // In order: nothing after the gated write may have run.
  EXPECT_EQ(host[0], 3);
  ASSERT_EQ(gate.set(CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(host[0], 110);
  // And once the queue is idle again, launches go on in order.
  for (int i = 0; i < 5; ++i)
    ASSERT_EQ(launch(queue, bump), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(host[0], 115);
  clReleaseMemObject(counter);
}

TEST_F(KernelInlineLaunch, InterleavedWithReadsAndWrites) {
  cl_mem counter = makeBuffer(sizeof(cl_int), std::vector<cl_int>{0}.data());
  warmUp(bump, counter);
  const int rounds = 200;
  std::vector<cl_int> seen(rounds, -1);
  for (int i = 0; i < rounds; ++i) {
    ASSERT_EQ(launch(queue, bump), CL_SUCCESS);
    // Non-blocking: the read must still see exactly the launches before it.
    ASSERT_EQ(clEnqueueReadBuffer(queue, counter, CL_FALSE, 0, sizeof(cl_int), &seen[i], 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    if (i % 50 == 49) {
      // A write resets the counter; the launches after it build on it.
      static const cl_int zero = 0;
      ASSERT_EQ(clEnqueueWriteBuffer(queue, counter, CL_FALSE, 0, sizeof zero, &zero, 0, nullptr,
                                     nullptr),
                CL_SUCCESS);
    }
  }
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  for (int i = 0; i < rounds; ++i)
    EXPECT_EQ(seen[i], i < 50 ? 3 + i + 1 : i % 50 + 1) << i;
}

TEST_F(KernelInlineLaunch, WaitListIsHonoured) {
  cl_mem counter = makeBuffer(sizeof(cl_int), std::vector<cl_int>{0}.data());
  warmUp(bump, counter);

  // A completed event in the wait list: the launch runs.
  UserEvent done(context);
  ASSERT_EQ(done.set(CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(launch(queue, bump, 1, 1, done.ptr()), CL_SUCCESS);

  // A pending one: the launch waits for it (and so does what follows).
  UserEvent gate(context);
  ASSERT_EQ(launch(queue, bump, 1, 1, gate.ptr()), CL_SUCCESS);
  ASSERT_EQ(launch(queue, bump), CL_SUCCESS);
  ASSERT_EQ(gate.set(CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(counter, 1)[0], 3 + 3);

  // A failed one: the launch never runs, the queue goes on.
  UserEvent failed(context);
  ASSERT_EQ(failed.set(-1), CL_SUCCESS);
  ASSERT_EQ(launch(queue, bump, 1, 1, failed.ptr()), CL_SUCCESS);
  ASSERT_EQ(launch(queue, bump), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(counter, 1)[0], 3 + 3 + 1);

  // A bad wait list is still refused.
  cl_event bogus = reinterpret_cast<cl_event>(counter);
  EXPECT_EQ(launch(queue, bump, 1, 1, &bogus), CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(launch(queue, bump, 1, 1, nullptr), CL_INVALID_EVENT_WAIT_LIST);
  EXPECT_EQ(launch(queue, bump, 1, 0, done.ptr()), CL_INVALID_EVENT_WAIT_LIST);
}

TEST_F(KernelInlineLaunch, ArgumentErrorsAreStillReported) {
  cl_mem counter = makeBuffer(sizeof(cl_int));
  warmUp(bump, counter);
  // A kernel whose arguments were never set, though its program is warm.
  cl_kernel fresh = createKernel(program, "bump");
  ASSERT_TRUE(fresh);
  EXPECT_EQ(launch(queue, fresh), CL_INVALID_KERNEL_ARGS);
  cl_kernel half = createKernel(program, "set");
  ASSERT_TRUE(half);
  ASSERT_EQ(clSetKernelArg(half, 0, sizeof counter, &counter), CL_SUCCESS);
  EXPECT_EQ(launch(queue, half), CL_INVALID_KERNEL_ARGS);
  size_t one = 1, three = 3;
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, bump, 1, nullptr, &one, &three, 0, nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, bump, 0, nullptr, &one, nullptr, 0, nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  EXPECT_EQ(launch(nullptr, bump), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(launch(queue, nullptr), CL_INVALID_KERNEL);
}

TEST_F(KernelInlineLaunch, ByValueArgumentsAreTakenAtEnqueue) {
  cl_mem values = makeBuffer(4 * sizeof(cl_int));
  ASSERT_EQ(clSetKernelArg(set, 0, sizeof values, &values), CL_SUCCESS);
  cl_int v = 0;
  ASSERT_EQ(clSetKernelArg(set, 1, sizeof v, &v), CL_SUCCESS);
  for (int i = 0; i < 3; ++i) {
    size_t four = 4;
    ASSERT_EQ(launch(queue, set, four), CL_SUCCESS);
    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  }
  // Each launch sees the value set before it, even with a gated command
  // ahead (the argument is changed again before that command runs).
  UserEvent gate(context);
  ASSERT_EQ(clEnqueueMarkerWithWaitList(queue, 1, gate.ptr(), nullptr), CL_SUCCESS);
  v = 7;
  ASSERT_EQ(clSetKernelArg(set, 1, sizeof v, &v), CL_SUCCESS);
  ASSERT_EQ(launch(queue, set, 2), CL_SUCCESS);
  v = 9;
  ASSERT_EQ(clSetKernelArg(set, 1, sizeof v, &v), CL_SUCCESS);
  ASSERT_EQ(gate.set(CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(launch(queue, set, 1), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(values, 4), (std::vector<cl_int>{9, 7, 0, 0}));
}

TEST_F(KernelInlineLaunch, ProfilingQueueStillGivesTimestamps) {
  cl_command_queue profiled = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_mem counter = makeBuffer(sizeof(cl_int), std::vector<cl_int>{0}.data());
  ASSERT_EQ(clSetKernelArg(bump, 0, sizeof counter, &counter), CL_SUCCESS);
  for (int i = 0; i < 20; ++i)
    ASSERT_EQ(launch(profiled, bump), CL_SUCCESS);
  size_t one = 1;
  cl_event e = nullptr;
  ASSERT_EQ(clEnqueueNDRangeKernel(profiled, bump, 1, nullptr, &one, nullptr, 0, nullptr, &e),
            CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  cl_ulong t[4] = {};
  const cl_profiling_info params[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                       CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(clGetEventProfilingInfo(e, params[i], sizeof t[i], &t[i], nullptr), CL_SUCCESS);
  EXPECT_GT(t[0], 0u);
  EXPECT_LE(t[0], t[1]);
  EXPECT_LE(t[1], t[2]);
  EXPECT_LE(t[2], t[3]);
  clReleaseEvent(e);
  ASSERT_EQ(clFinish(profiled), CL_SUCCESS);
  cl_int value = 0;
  ASSERT_EQ(
      clEnqueueReadBuffer(profiled, counter, CL_TRUE, 0, sizeof value, &value, 0, nullptr, nullptr),
      CL_SUCCESS);
  EXPECT_EQ(value, 21);
}

TEST_F(KernelInlineLaunch, EventRequestedStillGetsAnEvent) {
  cl_mem counter = makeBuffer(sizeof(cl_int), std::vector<cl_int>{0}.data());
  warmUp(bump, counter);
  size_t one = 1;
  cl_event e = nullptr;
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, bump, 1, nullptr, &one, nullptr, 0, nullptr, &e),
            CL_SUCCESS);
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  cl_command_type type = 0;
  ASSERT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_NDRANGE_KERNEL));
  EXPECT_EQ(eventStatus(e), CL_COMPLETE);
  clReleaseEvent(e);
  EXPECT_EQ(read<cl_int>(counter, 1)[0], 4);
}

TEST_F(KernelInlineLaunch, OutOfOrderQueueUnaffected) {
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_mem counter = makeBuffer(sizeof(cl_int), std::vector<cl_int>{0}.data());
  warmUp(bumpAtomic, counter);
  const int launches = 300;
  for (int i = 0; i < launches; ++i)
    ASSERT_EQ(launch(ooo, bumpAtomic), CL_SUCCESS);
  ASSERT_EQ(clFinish(ooo), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(counter, 1)[0], 3 + launches);

  // A barrier gated by a user event holds back the launches after it.
  cl_int host[1] = {0};
  cl_int err;
  cl_mem visible = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(bumpAtomic, 0, sizeof visible, &visible), CL_SUCCESS);
  UserEvent gate(context);
  ASSERT_EQ(clEnqueueBarrierWithWaitList(ooo, 1, gate.ptr(), nullptr), CL_SUCCESS);
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(launch(ooo, bumpAtomic), CL_SUCCESS);
  EXPECT_EQ(host[0], 0);
  ASSERT_EQ(gate.set(CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(clFinish(ooo), CL_SUCCESS);
  EXPECT_EQ(host[0], 10);
  clReleaseMemObject(visible);
}

TEST_F(KernelInlineLaunch, ConcurrentEnqueuersKeepOrderAndCount) {
  // Several threads launch on one in-order queue while another waits on
  // it: no launch is lost, and clFinish waits for launches running inline
  // on other threads.
  cl_mem counter = makeBuffer(sizeof(cl_int), std::vector<cl_int>{0}.data());
  warmUp(bump, counter); // not atomic: the queue's order keeps launches apart
  const int threads = 4, perThread = kSanitized ? 200 : 2000;
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int i = 0; i < perThread; ++i) {
        if (launch(queue, bump) != CL_SUCCESS)
          ++failures;
        if (t == 0 && i % 100 == 0 && clFinish(queue) != CL_SUCCESS)
          ++failures;
      }
    });
  std::thread gated([&] {
    // Now and then a command gated by a user event blocks the queue.
    for (int i = 0; i < 10; ++i) {
      UserEvent gate(context);
      if (clEnqueueMarkerWithWaitList(queue, 1, gate.ptr(), nullptr) != CL_SUCCESS)
        ++failures;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      gate.set(CL_COMPLETE);
    }
  });
  for (std::thread &t : pool)
    t.join();
  gated.join();
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(read<cl_int>(counter, 1)[0], 3 + threads * perThread);
}

} // namespace
} // namespace corecl::test
