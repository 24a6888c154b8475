// Concurrency stress: 8 host threads enqueue 10,000 commands each (writes,
// copies, native kernels, user-event gated chains) on shared and per-thread
// queues at once. At the end every result is checked: nothing was lost and
// in-order queues kept their order.
#include "api/cl_test_helpers.h"
#include "api/test_support.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

namespace corecl::test {
namespace {

constexpr int kThreads = 8;
// Sanitized builds run the same mix at a tenth of the volume.
constexpr int kCommandsPerThread = kSanitized ? 1000 : 10000;
// Each round enqueues this many commands (see the loop body).
constexpr int kCommandsPerRound = 10;
constexpr int kRounds = kCommandsPerThread / kCommandsPerRound;

/// A native kernel's block: bumps a per-thread counter and checks that the
/// in-order queue ran it right after the previous round's kernel.
struct KernelArgs {
  std::atomic<uint32_t> *counter;
  uint32_t expected;
  std::atomic<int> *outOfOrder;
  cl_mem slot; // becomes the data pointer of this thread's word in `shared`
};
void CL_CALLBACK bump(void *p) {
  auto *a = static_cast<KernelArgs *>(p);
  uint32_t prev = a->counter->fetch_add(1);
  if (prev != a->expected)
    a->outOfOrder->fetch_add(1);
  uint32_t *word;
  std::memcpy(&word, &a->slot, sizeof word);
  *word = a->expected + 1; // this thread's word of the shared buffer
}

std::atomic<int> gSharedKernels{0};
void CL_CALLBACK countShared(void *) {
  gSharedKernels.fetch_add(1);
}

class Stress : public ContextTest {};

TEST_F(Stress, ConcurrentEnqueueFromManyThreads) {
  cl_int err;
  cl_command_queue sharedInOrder = queue;
  cl_command_queue sharedOoo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_uint alignBits = 0;
  clGetDeviceInfo(device(), CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof alignBits, &alignBits, nullptr);
  const size_t stride = alignBits / 8; // sub-buffer origins must be aligned
  // One aligned word per thread, written only by that thread's kernels
  // through a sub-buffer.
  cl_mem shared = clCreateBuffer(context, 0, kThreads * stride, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  gSharedKernels = 0;

  struct PerThread {
    cl_command_queue queue = nullptr;
    cl_mem seq = nullptr;    // one word: the latest sequence number, written in order
    cl_mem chain = nullptr;  // kRounds words: written by the gated chains
    cl_mem mirror = nullptr; // kRounds words: copies of `chain`, after the chain
    cl_mem direct = nullptr; // kRounds words: written on the shared in-order queue
    cl_mem sub = nullptr;    // this thread's word of `shared`
    std::vector<uint32_t> values, staging, sink;
    std::atomic<uint32_t> counter{0};
    std::atomic<int> outOfOrder{0};
    int failures = 0;
  };
  std::vector<PerThread> threads(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    PerThread &pt = threads[t];
    pt.queue = makeQueue(0);
    for (cl_mem *m : {&pt.chain, &pt.mirror, &pt.direct}) {
      *m = clCreateBuffer(context, 0, kRounds * 4, nullptr, &err);
      ASSERT_EQ(err, CL_SUCCESS);
    }
    pt.seq = clCreateBuffer(context, 0, 4, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_buffer_region region = {t * stride, 4};
    pt.sub = clCreateSubBuffer(shared, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    // Host memory that non-blocking commands read or write later; it lives
    // until the end of the test.
    pt.values.resize(kRounds);
    pt.staging.resize(kRounds);
    pt.sink.assign(kRounds, 0);
  }

  auto worker = [&](int t) {
    PerThread &pt = threads[t];
    int fails = 0;
    cl_int err; // per thread: the test body's `err` is shared
    auto check = [&](cl_int e) { fails += e != CL_SUCCESS; };
    for (int r = 0; r < kRounds; ++r) {
      size_t slot = size_t(r) * 4;
      pt.values[r] = uint32_t(r + 1);
      pt.staging[r] = uint32_t(r + 1) * 7 + uint32_t(t);
      // 1. The sequence word: an in-order write of this round's number.
      check(clEnqueueWriteBuffer(pt.queue, pt.seq, CL_FALSE, 0, 4, &pt.values[r], 0, nullptr,
                                 nullptr));
      // 2. A write on the shared out-of-order queue, held by a user event.
      cl_event gate = clCreateUserEvent(context, &err);
      check(err);
      cl_event w = nullptr, m = nullptr;
      check(clEnqueueWriteBuffer(sharedOoo, pt.chain, CL_FALSE, slot, 4, &pt.staging[r], 1, &gate,
                                 &w));
      // 3. A fill of the sequence word with the same number, after that write.
      check(clEnqueueFillBuffer(pt.queue, pt.seq, &pt.values[r], 4, 0, 4, 1, &w, nullptr));
      // 4. A marker on the shared in-order queue, after that write too.
      check(clEnqueueMarkerWithWaitList(sharedInOrder, 1, &w, &m));
      check(clSetUserEventStatus(gate, CL_COMPLETE));
      // 5. A copy of the chain slot, after the marker.
      check(clEnqueueCopyBuffer(sharedOoo, pt.chain, pt.mirror, slot, slot, 4, 1, &m, nullptr));
      // 6. A native kernel on the thread's queue: counts and checks its turn.
      KernelArgs a{&pt.counter, uint32_t(r), &pt.outOfOrder, pt.sub};
      const void *loc = &a.slot;
      check(clEnqueueNativeKernel(pt.queue, bump, &a, sizeof a, 1, &pt.sub, &loc, 0, nullptr,
                                  nullptr));
      // 7. A native kernel on the shared out-of-order queue.
      check(clEnqueueNativeKernel(sharedOoo, countShared, nullptr, 0, 0, nullptr, nullptr, 0,
                                  nullptr, nullptr));
      // 8. A write on the shared in-order queue, among every other thread's.
      check(clEnqueueWriteBuffer(sharedInOrder, pt.direct, CL_FALSE, slot, 4, &pt.staging[r], 0,
                                 nullptr, nullptr));
      // 9. A read of the sequence word: in order, it must see this round's
      //    number (blocking now and then).
      check(clEnqueueReadBuffer(pt.queue, pt.seq, r % 50 == 49, 0, 4, &pt.sink[r], 0, nullptr,
                                nullptr));
      // 10. A barrier on the thread's queue.
      check(clEnqueueBarrierWithWaitList(pt.queue, 0, nullptr, nullptr));
      check(clReleaseEvent(gate));
      check(clReleaseEvent(w));
      check(clReleaseEvent(m));
    }
    check(clFinish(pt.queue));
    pt.failures = fails;
  };

  std::vector<std::thread> pool;
  for (int t = 0; t < kThreads; ++t)
    pool.emplace_back(worker, t);
  for (auto &th : pool)
    th.join();
  ASSERT_EQ(clFinish(sharedOoo), CL_SUCCESS);
  ASSERT_EQ(clFinish(sharedInOrder), CL_SUCCESS);

  EXPECT_EQ(gSharedKernels.load(), kThreads * kRounds);
  std::vector<uint32_t> sharedWords(kThreads * stride / 4);
  ASSERT_EQ(clEnqueueReadBuffer(queue, shared, CL_TRUE, 0, kThreads * stride, sharedWords.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  auto readAll = [&](cl_mem m, size_t words) {
    std::vector<uint32_t> out(words);
    EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, words * 4, out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return out;
  };
  for (int t = 0; t < kThreads; ++t) {
    PerThread &pt = threads[t];
    SCOPED_TRACE(::testing::Message() << "thread " << t);
    EXPECT_EQ(pt.failures, 0);
    EXPECT_EQ(pt.counter.load(), uint32_t(kRounds));
    EXPECT_EQ(pt.outOfOrder.load(), 0) << "in-order kernels were reordered";
    EXPECT_EQ(sharedWords[t * stride / 4], uint32_t(kRounds));
    EXPECT_EQ(readAll(pt.seq, 1)[0], uint32_t(kRounds));
    std::vector<uint32_t> chain = readAll(pt.chain, kRounds), mirror = readAll(pt.mirror, kRounds),
                          direct = readAll(pt.direct, kRounds);
    int bad = 0;
    for (int r = 0; r < kRounds; ++r) {
      bad += pt.sink[r] != uint32_t(r + 1);
      bad += chain[r] != pt.staging[r] || mirror[r] != pt.staging[r] || direct[r] != pt.staging[r];
    }
    EXPECT_EQ(bad, 0) << "lost or reordered results";
    for (cl_mem m : {pt.seq, pt.chain, pt.mirror, pt.direct, pt.sub})
      clReleaseMemObject(m);
  }
  clReleaseMemObject(shared);
}

} // namespace
} // namespace corecl::test
