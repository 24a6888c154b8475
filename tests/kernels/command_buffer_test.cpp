// cl_khr_command_buffer (0.9.8): the device's report, recording copies,
// fills and kernels (arguments taken when recorded), replays thousands of
// times, sync points on an out-of-order queue, barriers, the state rules
// and every refusal. Results are checked against host references.
#include "kernels/kernel_fixture.h"

#include <CL/cl_ext.h>

#include <numeric>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

// The 0.9.8 signatures (Debian's cl_ext.h declares an older revision).
using CommandProperties = cl_properties;
using CreateFn = cl_command_buffer_khr(CL_API_CALL *)(cl_uint, const cl_command_queue *,
                                                      const cl_command_buffer_properties_khr *,
                                                      cl_int *);
using BufferFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr);
using EnqueueFn = cl_int(CL_API_CALL *)(cl_uint, cl_command_queue *, cl_command_buffer_khr, cl_uint,
                                        const cl_event *, cl_event *);
using BarrierFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_queue,
                                        const CommandProperties *, cl_uint,
                                        const cl_sync_point_khr *, cl_sync_point_khr *,
                                        cl_mutable_command_khr *);
using CopyFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_queue,
                                     const CommandProperties *, cl_mem, cl_mem, size_t, size_t,
                                     size_t, cl_uint, const cl_sync_point_khr *,
                                     cl_sync_point_khr *, cl_mutable_command_khr *);
using FillFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_queue,
                                     const CommandProperties *, cl_mem, const void *, size_t,
                                     size_t, size_t, cl_uint, const cl_sync_point_khr *,
                                     cl_sync_point_khr *, cl_mutable_command_khr *);
using KernelFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_queue,
                                       const CommandProperties *, cl_kernel, cl_uint,
                                       const size_t *, const size_t *, const size_t *, cl_uint,
                                       const cl_sync_point_khr *, cl_sync_point_khr *,
                                       cl_mutable_command_khr *);
using InfoFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_buffer_info_khr, size_t,
                                     void *, size_t *);
// cl_khr_command_buffer_mutable_dispatch 0.9.5.
using UpdateFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_uint, const cl_uint *,
                                       const void **);
using MutableInfoFn = cl_int(CL_API_CALL *)(cl_mutable_command_khr, cl_uint, size_t, void *,
                                            size_t *);
struct DispatchConfig { // cl_mutable_dispatch_config_khr as 0.9.5 lays it out
  cl_mutable_command_khr command;
  cl_uint num_args, num_svm_args, num_exec_infos, work_dim;
  const cl_mutable_dispatch_arg_khr *arg_list, *arg_svm_list;
  const void *exec_info_list;
  const size_t *global_work_offset, *global_work_size, *local_work_size;
};
constexpr cl_properties kUpdatableFields = 0x12B1;
constexpr cl_command_buffer_state_khr kStateFinalized = 2;

class CommandBufferTest : public KernelTest {
protected:
  void SetUp() override {
    KernelTest::SetUp();
    cl_platform_id platform = nullptr;
    clGetDeviceInfo(device(), CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr);
    auto get = [&](const char *name) {
      void *f = clGetExtensionFunctionAddressForPlatform(platform, name);
      EXPECT_NE(f, nullptr) << name;
      return f;
    };
    create = reinterpret_cast<CreateFn>(get("clCreateCommandBufferKHR"));
    finalize = reinterpret_cast<BufferFn>(get("clFinalizeCommandBufferKHR"));
    release = reinterpret_cast<BufferFn>(get("clReleaseCommandBufferKHR"));
    enqueue = reinterpret_cast<EnqueueFn>(get("clEnqueueCommandBufferKHR"));
    barrier = reinterpret_cast<BarrierFn>(get("clCommandBarrierWithWaitListKHR"));
    copy = reinterpret_cast<CopyFn>(get("clCommandCopyBufferKHR"));
    fill = reinterpret_cast<FillFn>(get("clCommandFillBufferKHR"));
    ndrange = reinterpret_cast<KernelFn>(get("clCommandNDRangeKernelKHR"));
    info = reinterpret_cast<InfoFn>(get("clGetCommandBufferInfoKHR"));
    update = reinterpret_cast<UpdateFn>(get("clUpdateMutableCommandsKHR"));
    mutableInfo = reinterpret_cast<MutableInfoFn>(get("clGetMutableCommandInfoKHR"));
  }
  void TearDown() override {
    for (cl_command_buffer_khr b : buffers_)
      EXPECT_EQ(release(b), CL_SUCCESS);
    KernelTest::TearDown();
  }
  /// A command-buffer of `q` (released in TearDown).
  cl_command_buffer_khr makeBuffer(cl_command_queue q) {
    cl_int err = CL_SUCCESS;
    cl_command_buffer_khr b = create(1, &q, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (b)
      buffers_.push_back(b);
    return b;
  }

  CreateFn create = nullptr;
  BufferFn finalize = nullptr, release = nullptr;
  EnqueueFn enqueue = nullptr;
  BarrierFn barrier = nullptr;
  CopyFn copy = nullptr;
  FillFn fill = nullptr;
  KernelFn ndrange = nullptr;
  InfoFn info = nullptr;
  UpdateFn update = nullptr;
  MutableInfoFn mutableInfo = nullptr;

private:
  std::vector<cl_command_buffer_khr> buffers_;
};

constexpr const char *kSource = R"(
  kernel void axpb(global const int *a, global const int *b, global int *c, int k) {
    size_t i = get_global_id(0);
    c[i] = a[i] * k + b[i];
  }
  kernel void bump(global int *acc) { acc[get_global_id(0)] += (int)get_global_id(0) + 1; })";

TEST_F(CommandBufferTest, DeviceReportsTheExtension) {
  size_t size = 0;
  clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, nullptr, &size);
  std::vector<cl_name_version> exts(size / sizeof(cl_name_version));
  clGetDeviceInfo(device(), CL_DEVICE_EXTENSIONS_WITH_VERSION, size, exts.data(), nullptr);
  bool found = false;
  for (const cl_name_version &e : exts)
    if (std::string(e.name) == "cl_khr_command_buffer") {
      found = true;
      EXPECT_EQ(e.version, CL_MAKE_VERSION(0, 9, 8));
    }
  EXPECT_TRUE(found);
  cl_device_command_buffer_capabilities_khr caps = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR, sizeof caps, &caps,
                            nullptr),
            CL_SUCCESS);
  EXPECT_TRUE(caps & CL_COMMAND_BUFFER_CAPABILITY_KERNEL_PRINTF_KHR);
  cl_command_queue_properties required = 1;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR,
                            sizeof required, &required, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(required, 0u);
}

TEST_F(CommandBufferTest, ReplaysThousandsOfTimes) {
  // fill b, c = a * k + b, copy c to d; then a kernel that accumulates,
  // replayed 2000 times. `a` changes between replays: the buffer's
  // contents are read when the commands run; the arguments were taken
  // when they were recorded (k stays 3 after clSetKernelArg sets 100).
  cl_program program = build(kSource);
  cl_kernel axpb = createKernel(program, "axpb");
  cl_kernel bump = createKernel(program, "bump");
  const size_t n = 1000;
  std::vector<int> a(n);
  std::iota(a.begin(), a.end(), -300);
  cl_mem aBuf = bufferOf(a), bBuf = outputBuffer<int>(n), cBuf = outputBuffer<int>(n),
         dBuf = outputBuffer<int>(n), acc = bufferOf(std::vector<int>(n, 0));
  ASSERT_EQ(setArgs(axpb, aBuf, bBuf, cBuf, 3), CL_SUCCESS);
  ASSERT_EQ(setArgs(bump, acc), CL_SUCCESS);

  cl_command_buffer_khr b = makeBuffer(queue);
  ASSERT_NE(b, nullptr);
  const int seven = 7;
  cl_sync_point_khr points[4] = {};
  ASSERT_EQ(fill(b, nullptr, nullptr, bBuf, &seven, sizeof seven, 0, n * 4, 0, nullptr, &points[0],
                 nullptr),
            CL_SUCCESS);
  ASSERT_EQ(
      ndrange(b, nullptr, nullptr, axpb, 1, nullptr, &n, nullptr, 0, nullptr, &points[1], nullptr),
      CL_SUCCESS);
  ASSERT_EQ(setArgs(axpb, aBuf, bBuf, cBuf, 100), CL_SUCCESS); // not what was recorded
  ASSERT_EQ(copy(b, nullptr, nullptr, cBuf, dBuf, 0, 0, n * 4, 0, nullptr, &points[2], nullptr),
            CL_SUCCESS);
  ASSERT_EQ(
      ndrange(b, nullptr, nullptr, bump, 1, nullptr, &n, nullptr, 0, nullptr, &points[3], nullptr),
      CL_SUCCESS);
  EXPECT_EQ(points[0], 1u);
  EXPECT_EQ(points[3], 4u);
  ASSERT_EQ(finalize(b), CL_SUCCESS);

  const int replays = 2000;
  for (int r = 0; r < replays; ++r) {
    if (r == replays - 1) {
      for (int &v : a)
        v += 5;
      ASSERT_EQ(
          clEnqueueWriteBuffer(queue, aBuf, CL_FALSE, 0, n * 4, a.data(), 0, nullptr, nullptr),
          CL_SUCCESS);
    }
    ASSERT_EQ(enqueue(0, nullptr, b, 0, nullptr, nullptr), CL_SUCCESS);
  }
  std::vector<int> d = read<int>(dBuf, n), sums = read<int>(acc, n);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(d[i], a[i] * 3 + 7) << i;
    ASSERT_EQ(sums[i], replays * int(i + 1)) << i;
  }
}

TEST_F(CommandBufferTest, SyncPointsOrderAnOutOfOrderQueue) {
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  ASSERT_NE(ooo, nullptr);
  cl_program program = build(kSource);
  cl_kernel axpb = createKernel(program, "axpb");
  const size_t n = 4096;
  std::vector<int> a(n);
  std::iota(a.begin(), a.end(), 0);
  cl_mem aBuf = bufferOf(a), bBuf = outputBuffer<int>(n), cBuf = outputBuffer<int>(n),
         dBuf = outputBuffer<int>(n), eBuf = outputBuffer<int>(n);
  ASSERT_EQ(setArgs(axpb, aBuf, bBuf, cBuf, -2), CL_SUCCESS);
  cl_command_buffer_khr b = makeBuffer(ooo);
  const int one = 1;
  cl_sync_point_khr filled = 0, computed = 0, copied = 0, fence = 0;
  ASSERT_EQ(fill(b, nullptr, nullptr, bBuf, &one, 4, 0, n * 4, 0, nullptr, &filled, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(
      ndrange(b, nullptr, nullptr, axpb, 1, nullptr, &n, nullptr, 1, &filled, &computed, nullptr),
      CL_SUCCESS);
  ASSERT_EQ(copy(b, nullptr, nullptr, cBuf, dBuf, 0, 0, n * 4, 1, &computed, &copied, nullptr),
            CL_SUCCESS);
  // A barrier with no list waits for everything before; what follows waits
  // for the barrier.
  ASSERT_EQ(barrier(b, nullptr, nullptr, 0, nullptr, &fence, nullptr), CL_SUCCESS);
  ASSERT_EQ(copy(b, nullptr, nullptr, dBuf, eBuf, 0, 0, n * 4, 0, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(finalize(b), CL_SUCCESS);
  cl_event done = nullptr;
  ASSERT_EQ(enqueue(1, &ooo, b, 0, nullptr, &done), CL_SUCCESS);
  ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
  cl_command_type type = 0;
  clGetEventInfo(done, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr);
  EXPECT_EQ(type, cl_command_type(0x12A8)); // CL_COMMAND_COMMAND_BUFFER_KHR
  clReleaseEvent(done);
  std::vector<int> e(n);
  ASSERT_EQ(clEnqueueReadBuffer(ooo, eBuf, CL_TRUE, 0, n * 4, e.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(e[i], -2 * int(i) + 1) << i;
}

TEST_F(CommandBufferTest, StatesInfoAndRefusals) {
  cl_program program = build(kSource);
  cl_kernel axpb = createKernel(program, "axpb");
  cl_mem buf = outputBuffer<int>(64);
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(create(0, &queue, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  cl_command_queue notAQueue = nullptr;
  EXPECT_EQ(create(1, &notAQueue, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_COMMAND_QUEUE);
  const cl_command_buffer_properties_khr bogus[] = {CL_COMMAND_BUFFER_FLAGS_KHR, 1u << 7, 0};
  EXPECT_EQ(create(1, &queue, bogus, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);

  const cl_command_buffer_properties_khr none[] = {CL_COMMAND_BUFFER_FLAGS_KHR, 0, 0};
  cl_command_buffer_khr b = create(1, &queue, none, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_buffer_state_khr state = 99;
  ASSERT_EQ(info(b, CL_COMMAND_BUFFER_STATE_KHR, sizeof state, &state, nullptr), CL_SUCCESS);
  EXPECT_EQ(state, cl_command_buffer_state_khr(CL_COMMAND_BUFFER_STATE_RECORDING_KHR));
  cl_command_queue q = nullptr;
  info(b, CL_COMMAND_BUFFER_QUEUES_KHR, sizeof q, &q, nullptr);
  EXPECT_EQ(q, queue);
  size_t propsSize = 0;
  info(b, CL_COMMAND_BUFFER_PROPERTIES_ARRAY_KHR, 0, nullptr, &propsSize);
  EXPECT_EQ(propsSize, sizeof none);
  cl_context ctx = nullptr;
  info(b, 0x1299 /* CL_COMMAND_BUFFER_CONTEXT_KHR */, sizeof ctx, &ctx, nullptr);
  EXPECT_EQ(ctx, context);
  EXPECT_EQ(info(b, 0x7777, sizeof state, &state, nullptr), CL_INVALID_VALUE);

  const int v = 1;
  // Not finalized: it cannot run. Bad sync points, a queue argument, a
  // mutable handle, command properties, and unset kernel arguments are
  // refused when recording.
  EXPECT_EQ(enqueue(0, nullptr, b, 0, nullptr, nullptr), CL_INVALID_OPERATION);
  cl_sync_point_khr later = 5;
  EXPECT_EQ(fill(b, nullptr, nullptr, buf, &v, 4, 0, 256, 1, &later, nullptr, nullptr),
            CL_INVALID_SYNC_POINT_WAIT_LIST_KHR);
  EXPECT_EQ(fill(b, nullptr, nullptr, buf, &v, 4, 0, 256, 1, nullptr, nullptr, nullptr),
            CL_INVALID_SYNC_POINT_WAIT_LIST_KHR);
  EXPECT_EQ(fill(b, queue, nullptr, buf, &v, 4, 0, 256, 0, nullptr, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  cl_mutable_command_khr handle = nullptr;
  EXPECT_EQ(fill(b, nullptr, nullptr, buf, &v, 4, 0, 256, 0, nullptr, nullptr, &handle),
            CL_INVALID_VALUE);
  const CommandProperties someProperty[] = {0x1234, 0, 0};
  EXPECT_EQ(fill(b, nullptr, someProperty, buf, &v, 4, 0, 256, 0, nullptr, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(fill(b, nullptr, nullptr, buf, &v, 3, 0, 256, 0, nullptr, nullptr, nullptr),
            CL_INVALID_VALUE);
  size_t n = 64;
  EXPECT_EQ(
      ndrange(b, nullptr, nullptr, axpb, 1, nullptr, &n, nullptr, 0, nullptr, nullptr, nullptr),
      CL_INVALID_KERNEL_ARGS);
  cl_sync_point_khr first = 0;
  ASSERT_EQ(fill(b, nullptr, nullptr, buf, &v, 4, 0, 256, 0, nullptr, &first, nullptr), CL_SUCCESS);
  EXPECT_EQ(first, 1u); // a refused command takes no sync point
  ASSERT_EQ(finalize(b), CL_SUCCESS);
  EXPECT_EQ(finalize(b), CL_INVALID_OPERATION);
  EXPECT_EQ(fill(b, nullptr, nullptr, buf, &v, 4, 0, 256, 0, nullptr, nullptr, nullptr),
            CL_INVALID_OPERATION);
  info(b, CL_COMMAND_BUFFER_STATE_KHR, sizeof state, &state, nullptr);
  EXPECT_EQ(state, cl_command_buffer_state_khr(CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR));
  // Any queue of the device may run it (queue substitution), with other
  // properties too; a queue count without queues is refused.
  cl_command_queue ooo = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  EXPECT_EQ(enqueue(1, &ooo, b, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(clFinish(ooo), CL_SUCCESS);
  EXPECT_EQ(enqueue(1, nullptr, b, 0, nullptr, nullptr), CL_INVALID_VALUE);
  ASSERT_EQ(enqueue(0, nullptr, b, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<int> got = read<int>(buf, 64);
  EXPECT_EQ(got[0], 1);
  EXPECT_EQ(got[63], 1);
  EXPECT_EQ(release(b), CL_SUCCESS);
  EXPECT_EQ(release(nullptr), CL_INVALID_COMMAND_BUFFER_KHR);
}

TEST_F(CommandBufferTest, MutableKernelCommandsTakeNewArgumentsAndSizes) {
  // A kernel command recorded before its last argument is set leaves the
  // buffer finalized but not executable; an update sets it. Later updates
  // change an argument and the global size between replays; a field not
  // declared updatable is refused.
  cl_program program = build(kSource);
  cl_kernel axpb = createKernel(program, "axpb");
  const size_t n = 512;
  std::vector<int> a(n);
  std::iota(a.begin(), a.end(), 1);
  cl_mem aBuf = bufferOf(a), bBuf = bufferOf(std::vector<int>(n, 10)),
         cBuf = bufferOf(std::vector<int>(n, -1));
  ASSERT_EQ(setArgs(axpb, aBuf, bBuf, cBuf), CL_SUCCESS); // k (argument 3) unset
  const cl_command_buffer_properties_khr props[] = {CL_COMMAND_BUFFER_FLAGS_KHR,
                                                    CL_COMMAND_BUFFER_MUTABLE_KHR, 0};
  cl_int err = CL_SUCCESS;
  cl_command_buffer_khr b = create(1, &queue, props, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const CommandProperties fields[] = {
      kUpdatableFields, CL_MUTABLE_DISPATCH_ARGUMENTS_KHR | CL_MUTABLE_DISPATCH_GLOBAL_SIZE_KHR, 0};
  cl_mutable_command_khr command = nullptr;
  const size_t half = n / 2;
  ASSERT_EQ(
      ndrange(b, nullptr, fields, axpb, 1, nullptr, &half, nullptr, 0, nullptr, nullptr, &command),
      CL_SUCCESS);
  ASSERT_NE(command, nullptr);
  ASSERT_EQ(finalize(b), CL_SUCCESS);
  cl_command_buffer_state_khr state = 0;
  info(b, CL_COMMAND_BUFFER_STATE_KHR, sizeof state, &state, nullptr);
  EXPECT_EQ(state, kStateFinalized);
  EXPECT_EQ(enqueue(0, nullptr, b, 0, nullptr, nullptr), CL_INVALID_OPERATION);

  auto apply = [&](const DispatchConfig &config) {
    const cl_uint type = 0; // CL_STRUCTURE_TYPE_MUTABLE_DISPATCH_CONFIG_KHR
    const void *configs[] = {&config};
    return update(b, 1, &type, configs);
  };
  const int two = 2;
  cl_mutable_dispatch_arg_khr k2{3, sizeof two, &two};
  ASSERT_EQ(apply({command, 1, 0, 0, 0, &k2, nullptr, nullptr, nullptr, nullptr, nullptr}),
            CL_SUCCESS);
  info(b, CL_COMMAND_BUFFER_STATE_KHR, sizeof state, &state, nullptr);
  EXPECT_EQ(state, cl_command_buffer_state_khr(CL_COMMAND_BUFFER_STATE_EXECUTABLE_KHR));
  ASSERT_EQ(enqueue(0, nullptr, b, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<int> c = read<int>(cBuf, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(c[i], i < half ? a[i] * 2 + 10 : -1) << i;

  // The whole range, and k = 5.
  const int five = 5;
  cl_mutable_dispatch_arg_khr k5{3, sizeof five, &five};
  ASSERT_EQ(apply({command, 1, 0, 0, 1, &k5, nullptr, nullptr, nullptr, &n, nullptr}), CL_SUCCESS);
  ASSERT_EQ(enqueue(0, nullptr, b, 0, nullptr, nullptr), CL_SUCCESS);
  c = read<int>(cBuf, n);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(c[i], a[i] * 5 + 10) << i;
  size_t global = 0;
  ASSERT_EQ(mutableInfo(command, CL_MUTABLE_DISPATCH_GLOBAL_WORK_SIZE_KHR, sizeof global, &global,
                        nullptr),
            CL_SUCCESS);
  EXPECT_EQ(global, n);
  cl_kernel original = nullptr;
  mutableInfo(command, CL_MUTABLE_DISPATCH_KERNEL_KHR, sizeof original, &original, nullptr);
  EXPECT_EQ(original, axpb);

  // Not declared updatable: the offset. A bad argument index is the
  // kernel's error.
  const size_t offset = 4;
  EXPECT_EQ(apply({command, 0, 0, 0, 0, nullptr, nullptr, nullptr, &offset, nullptr, nullptr}),
            CL_INVALID_OPERATION);
  cl_mutable_dispatch_arg_khr bad{9, sizeof two, &two};
  EXPECT_EQ(apply({command, 1, 0, 0, 0, &bad, nullptr, nullptr, nullptr, nullptr, nullptr}),
            CL_INVALID_ARG_INDEX);
  EXPECT_EQ(release(b), CL_SUCCESS);
}

} // namespace
} // namespace corecl::test
