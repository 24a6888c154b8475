// clEnqueueNativeKernel: the argument block and its memory-object slots, the
// argument rules, real concurrency on out-of-order queues (proved by a
// handshake, not by timing) and ordering on in-order queues.
#include "api/cl_test_helpers.h"
#include "api/test_support.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

namespace corecl::test {
namespace {

class NativeKernel : public ContextTest {
protected:
  cl_uint computeUnits() {
    cl_uint n = 0;
    clGetDeviceInfo(device(), CL_DEVICE_MAX_COMPUTE_UNITS, sizeof n, &n, nullptr);
    return n;
  }
};

/// The argument block of the translation test. The cl_mem slots arrive as
/// the buffers' data pointers.
struct ScaleArgs {
  cl_mem in; // becomes const int32_t *
  int32_t factor;
  cl_mem out; // becomes int32_t *
  int32_t count;
  const void *original; // where the application's block lived
};

void CL_CALLBACK scale(void *p) {
  auto *a = static_cast<ScaleArgs *>(p);
  // The runtime ran us on its own copy of the block.
  if (p == a->original)
    return;
  const int32_t *in;
  int32_t *out;
  std::memcpy(&in, &a->in, sizeof in);
  std::memcpy(&out, &a->out, sizeof out);
  for (int32_t i = 0; i < a->count; ++i)
    out[i] = in[i] * a->factor;
}

TEST_F(NativeKernel, DeviceCanRunNativeKernels) {
  cl_device_exec_capabilities caps = 0;
  ASSERT_EQ(
      clGetDeviceInfo(device(), CL_DEVICE_EXECUTION_CAPABILITIES, sizeof caps, &caps, nullptr),
      CL_SUCCESS);
  EXPECT_TRUE(caps & CL_EXEC_NATIVE_KERNEL);
}

TEST_F(NativeKernel, MemObjectsAreTranslatedInACopiedBlock) {
  const int32_t n = 100;
  std::vector<int32_t> input(n);
  for (int32_t i = 0; i < n; ++i)
    input[i] = i - 50;
  cl_int err;
  cl_mem in = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, n * 4, input.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem out = clCreateBuffer(context, 0, n * 4, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);

  UserEvent gate(context);
  ScaleArgs args{in, 3, out, n, nullptr};
  args.original = &args;
  cl_mem mems[] = {in, out};
  const void *locs[] = {&args.in, &args.out};
  cl_event e;
  ASSERT_EQ(
      clEnqueueNativeKernel(queue, scale, &args, sizeof args, 2, mems, locs, 1, gate.ptr(), &e),
      CL_SUCCESS);
  // The block was copied at enqueue: changing it now has no effect.
  args.factor = 1000;
  args.count = 0;
  gate.set(CL_COMPLETE);
  ASSERT_EQ(clWaitForEvents(1, &e), CL_SUCCESS);
  cl_command_type t = 0;
  clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof t, &t, nullptr);
  EXPECT_EQ(t, cl_command_type(CL_COMMAND_NATIVE_KERNEL));
  clReleaseEvent(e);

  std::vector<int32_t> result(n);
  ASSERT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, n * 4, result.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(result[i], input[i] * 3) << i;
  clReleaseMemObject(in);
  clReleaseMemObject(out);
}

struct PtrArgs {
  cl_mem mem; // becomes the sub-buffer's data pointer
};
void CL_CALLBACK writeThroughSlot(void *p) {
  void *data;
  std::memcpy(&data, &static_cast<PtrArgs *>(p)->mem, sizeof data);
  *static_cast<uint32_t *>(data) = 0xFEEDu;
}

TEST_F(NativeKernel, UseHostPtrAndSubBufferSlotsPointIntoTheirStorage) {
  alignas(128) static uint32_t host[256];
  cl_int err;
  cl_mem parent = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_uint alignBits = 0;
  clGetDeviceInfo(device(), CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof alignBits, &alignBits, nullptr);
  size_t origin = alignBits / 8;
  ASSERT_LT(origin + 4, sizeof host);
  cl_buffer_region r = {origin, 4};
  cl_mem sub = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
  ASSERT_EQ(err, CL_SUCCESS);

  // The slot of a sub-buffer of a USE_HOST_PTR buffer is the application's
  // own array at the sub-buffer's origin.
  PtrArgs args{sub};
  const void *loc = &args.mem;
  ASSERT_EQ(clEnqueueNativeKernel(queue, writeThroughSlot, &args, sizeof args, 1, &sub, &loc, 0,
                                  nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(host[origin / 4], 0xFEEDu); // wrote into the application's array at the origin
  clReleaseMemObject(sub);
  clReleaseMemObject(parent);
}

std::atomic<int> gNoArgCalls{0};
void CL_CALLBACK noArgs(void *p) {
  if (p == nullptr)
    ++gNoArgCalls;
}

TEST_F(NativeKernel, NoArgumentBlock) {
  gNoArgCalls = 0;
  ASSERT_EQ(
      clEnqueueNativeKernel(queue, noArgs, nullptr, 0, 0, nullptr, nullptr, 0, nullptr, nullptr),
      CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(gNoArgCalls.load(), 1);
}

TEST_F(NativeKernel, InvalidArgumentCombinations) {
  cl_int err;
  cl_mem m = clCreateBuffer(context, 0, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  struct {
    cl_mem mem;
    int x;
  } args{m, 1};
  const void *loc = &args.mem;
  auto enqueue = [&](void(CL_CALLBACK * fn)(void *), void *a, size_t cb, cl_uint nmem,
                     const cl_mem *list, const void **locs) {
    return clEnqueueNativeKernel(queue, fn, a, cb, nmem, list, locs, 0, nullptr, nullptr);
  };
  EXPECT_EQ(enqueue(nullptr, &args, sizeof args, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, nullptr, 8, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, nullptr, 0, 1, &m, &loc), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, &args, 0, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 1, nullptr, &loc), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 1, &m, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 0, &m, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 0, nullptr, &loc), CL_INVALID_VALUE);

  // A slot outside the block, also where the block's end would lie past
  // the address space (cb_args near SIZE_MAX), or a block too small for one.
  const void *before = reinterpret_cast<const char *>(&args) - 8;
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 1, &m, &before), CL_INVALID_VALUE);
  const void *after = reinterpret_cast<const char *>(&args) + sizeof args - 4;
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 1, &m, &after), CL_INVALID_VALUE);
  const void *far = reinterpret_cast<const void *>(UINTPTR_MAX - 4);
  EXPECT_EQ(enqueue(noArgs, &args, SIZE_MAX, 1, &m, &far), CL_INVALID_VALUE);
  EXPECT_EQ(enqueue(noArgs, &args, 4, 1, &m, &loc), CL_INVALID_VALUE);

  cl_mem bad = nullptr;
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 1, &bad, &loc), CL_INVALID_MEM_OBJECT);
  cl_mem notMem = reinterpret_cast<cl_mem>(queue);
  EXPECT_EQ(enqueue(noArgs, &args, sizeof args, 1, &notMem, &loc), CL_INVALID_MEM_OBJECT);

  EXPECT_EQ(
      clEnqueueNativeKernel(nullptr, noArgs, nullptr, 0, 0, nullptr, nullptr, 0, nullptr, nullptr),
      CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(
      clEnqueueNativeKernel(queue, noArgs, nullptr, 0, 0, nullptr, nullptr, 1, nullptr, nullptr),
      CL_INVALID_EVENT_WAIT_LIST);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  clReleaseMemObject(m);
}

/// Two kernels that each announce themselves and then wait for the other:
/// both succeed only if they run at the same time.
struct Handshake {
  std::atomic<int> arrived{0};
  std::atomic<int> metPartner{0};
};
void CL_CALLBACK meet(void *p) {
  Handshake *h;
  std::memcpy(&h, p, sizeof h);
  h->arrived.fetch_add(1);
  if (eventually([&] { return h->arrived.load() >= 2; }, 10.0))
    h->metPartner.fetch_add(1);
}

TEST_F(NativeKernel, OutOfOrderQueueRunsKernelsConcurrently) {
  if (computeUnits() < 2)
    GTEST_SKIP() << "needs at least two compute units";
  cl_command_queue q = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  Handshake h;
  Handshake *ptr = &h;
  cl_event e[2];
  for (cl_event &ev : e)
    ASSERT_EQ(
        clEnqueueNativeKernel(q, meet, &ptr, sizeof ptr, 0, nullptr, nullptr, 0, nullptr, &ev),
        CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(2, e), CL_SUCCESS);
  EXPECT_EQ(h.arrived.load(), 2);
  EXPECT_EQ(h.metPartner.load(), 2) << "the kernels did not overlap";
  clReleaseEvent(e[0]);
  clReleaseEvent(e[1]);
}

/// Each kernel checks that it is the next in line and that no other kernel
/// of the queue is running.
struct Sequence {
  std::atomic<int> next{0};
  std::atomic<int> running{0};
  std::atomic<int> violations{0};
};
struct SeqArgs {
  Sequence *seq;
  int index;
};
void CL_CALLBACK inLine(void *p) {
  auto *a = static_cast<SeqArgs *>(p);
  if (a->seq->running.fetch_add(1) != 0)
    a->seq->violations.fetch_add(1);
  if (a->seq->next.load() != a->index)
    a->seq->violations.fetch_add(1);
  a->seq->next.store(a->index + 1);
  a->seq->running.fetch_sub(1);
}

TEST_F(NativeKernel, InOrderQueueKeepsOrder) {
  Sequence seq;
  UserEvent gate(context);
  // Held back by a gate so that all of them are queued before any runs.
  ASSERT_EQ(clEnqueueMarkerWithWaitList(queue, 1, gate.ptr(), nullptr), CL_SUCCESS);
  const int n = 300;
  for (int i = 0; i < n; ++i) {
    SeqArgs a{&seq, i};
    ASSERT_EQ(clEnqueueNativeKernel(queue, inLine, &a, sizeof a, 0, nullptr, nullptr, 0, nullptr,
                                    nullptr),
              CL_SUCCESS);
  }
  gate.set(CL_COMPLETE);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(seq.next.load(), n);
  EXPECT_EQ(seq.violations.load(), 0);
}

} // namespace
} // namespace corecl::test
