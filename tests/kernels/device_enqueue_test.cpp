// Device-side enqueue (__opencl_c_device_enqueue): on-device queues and
// their API rules, kernels that enqueue blocks (with captures, __local
// arguments, every ndrange form), recursion several levels deep, events
// between children, user events, markers, profiling, the block queries
// and the CLK_* refusals. Every result is checked against a host
// reference; a parent's event must complete only after its children.
#include "kernels/kernel_fixture.h"

#include <numeric>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

class DeviceEnqueueTest : public KernelTest {
protected:
  /// An on-device queue (released with the test), by default the default.
  cl_command_queue deviceQueue(bool makeDefault = true, cl_uint size = 0) {
    cl_queue_properties props[5] = {
        CL_QUEUE_PROPERTIES,
        cl_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE |
                            (makeDefault ? CL_QUEUE_ON_DEVICE_DEFAULT : 0)),
        0, 0, 0};
    if (size) {
      props[2] = CL_QUEUE_SIZE;
      props[3] = size;
    }
    cl_int err = CL_SUCCESS;
    cl_command_queue q = clCreateCommandQueueWithProperties(context, device(), props, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (q)
      deviceQueues_.push_back(q);
    return q;
  }

  void TearDown() override {
    KernelTest::TearDown();
    for (cl_command_queue q : deviceQueues_)
      EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  }

private:
  std::vector<cl_command_queue> deviceQueues_;
};

constexpr const char *kCl2 = "-cl-std=CL2.0";

TEST_F(DeviceEnqueueTest, DeviceReportsDeviceQueues) {
  cl_device_device_enqueue_capabilities caps = 0;
  ASSERT_EQ(
      clGetDeviceInfo(device(), CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof caps, &caps, nullptr),
      CL_SUCCESS);
  EXPECT_TRUE(caps & CL_DEVICE_QUEUE_SUPPORTED);
  EXPECT_TRUE(caps & CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT);
  cl_uint preferred = 0, most = 0, queues = 0, events = 0;
  clGetDeviceInfo(device(), CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, sizeof preferred, &preferred,
                  nullptr);
  clGetDeviceInfo(device(), CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, sizeof most, &most, nullptr);
  clGetDeviceInfo(device(), CL_DEVICE_MAX_ON_DEVICE_QUEUES, sizeof queues, &queues, nullptr);
  clGetDeviceInfo(device(), CL_DEVICE_MAX_ON_DEVICE_EVENTS, sizeof events, &events, nullptr);
  // The OpenCL 2.0 full profile's minimums.
  EXPECT_GE(preferred, 16u * 1024);
  EXPECT_GE(most, 256u * 1024);
  EXPECT_GE(queues, 1u);
  EXPECT_GE(events, 1024u);
  cl_command_queue_properties props = 0;
  clGetDeviceInfo(device(), CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, sizeof props, &props, nullptr);
  EXPECT_TRUE(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  // OpenCL C 2.0 needs device-side enqueue: now it is among the versions.
  size_t size = 0;
  clGetDeviceInfo(device(), CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0, nullptr, &size);
  std::vector<cl_name_version> versions(size / sizeof(cl_name_version));
  clGetDeviceInfo(device(), CL_DEVICE_OPENCL_C_ALL_VERSIONS, size, versions.data(), nullptr);
  bool has20 = false;
  for (const cl_name_version &v : versions)
    has20 |= v.version == CL_MAKE_VERSION(2, 0, 0);
  EXPECT_TRUE(has20);
}

TEST_F(DeviceEnqueueTest, QueueCreationFollowsTheRules) {
  cl_int err = CL_SUCCESS;
  // ON_DEVICE needs out-of-order mode; sizes above the maximum are refused.
  cl_queue_properties inOrder[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0};
  EXPECT_EQ(clCreateCommandQueueWithProperties(context, device(), inOrder, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  cl_uint most = 0;
  clGetDeviceInfo(device(), CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, sizeof most, &most, nullptr);
  cl_queue_properties tooBig[] = {CL_QUEUE_PROPERTIES,
                                  CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                                  CL_QUEUE_SIZE, cl_queue_properties(most) + 1, 0};
  EXPECT_EQ(clCreateCommandQueueWithProperties(context, device(), tooBig, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateCommandQueue(context, device(),
                                 CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);

  // The default queue: asked for twice, given twice; reported by every queue.
  cl_command_queue first = deviceQueue();
  cl_command_queue again = deviceQueue();
  EXPECT_EQ(first, again);
  cl_command_queue reported = nullptr;
  ASSERT_EQ(
      clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE_DEFAULT, sizeof reported, &reported, nullptr),
      CL_SUCCESS);
  EXPECT_EQ(reported, first);
  cl_uint size = 0;
  ASSERT_EQ(clGetCommandQueueInfo(first, CL_QUEUE_SIZE, sizeof size, &size, nullptr), CL_SUCCESS);
  cl_uint preferred = 0;
  clGetDeviceInfo(device(), CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, sizeof preferred, &preferred,
                  nullptr);
  EXPECT_EQ(size, preferred);
  EXPECT_EQ(clGetCommandQueueInfo(queue, CL_QUEUE_SIZE, sizeof size, &size, nullptr),
            CL_INVALID_COMMAND_QUEUE);

  // A second on-device queue replaces the default on request.
  cl_command_queue second = deviceQueue(false, 4096);
  ASSERT_EQ(clGetCommandQueueInfo(second, CL_QUEUE_SIZE, sizeof size, &size, nullptr), CL_SUCCESS);
  EXPECT_EQ(size, 4096u);
  EXPECT_EQ(clSetDefaultDeviceCommandQueue(context, device(), second), CL_SUCCESS);
  clGetCommandQueueInfo(first, CL_QUEUE_DEVICE_DEFAULT, sizeof reported, &reported, nullptr);
  EXPECT_EQ(reported, second);
  EXPECT_EQ(clSetDefaultDeviceCommandQueue(context, device(), queue), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clSetDefaultDeviceCommandQueue(context, nullptr, second), CL_INVALID_DEVICE);
  EXPECT_EQ(clSetDefaultDeviceCommandQueue(nullptr, device(), second), CL_INVALID_CONTEXT);

  // The host enqueues nothing to an on-device queue.
  cl_mem buffer = makeBuffer(64, nullptr);
  int data[4] = {};
  EXPECT_EQ(
      clEnqueueWriteBuffer(second, buffer, CL_TRUE, 0, sizeof data, data, 0, nullptr, nullptr),
      CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clFinish(second), CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clFlush(second), CL_INVALID_COMMAND_QUEUE);
}

TEST_F(DeviceEnqueueTest, BlocksRunOverEveryRangeForm) {
  ASSERT_NE(deviceQueue(), nullptr);
  // One work-item enqueues three children: 1-D with a chosen local size,
  // 2-D with an offset and a local size, 3-D; each writes its own part.
  const char *source = R"(
    kernel void parent(global int *out, int scale) {
      if (get_global_id(0) != 0)
        return;
      queue_t q = get_default_queue();
      int r1 = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1000),
          ^{ out[get_global_id(0)] = scale * (int)get_global_id(0); });
      size_t off[2] = {2, 3}, g2[2] = {8, 6}, l2[2] = {4, 2};
      int r2 = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_2D(off, g2, l2),
          ^{ out[1000 + (get_global_id(1) - 3) * 8 + get_global_id(0) - 2] =
                 (int)(get_global_id(1) * 100 + get_global_id(0) + get_local_size(0) * 1000); });
      size_t g3[3] = {4, 3, 2};
      int r3 = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP, ndrange_3D(g3),
          ^{ out[1048 + get_global_linear_id()] = (int)(get_global_id(2) * 10000 +
                 get_global_id(1) * 100 + get_global_id(0)); });
      out[1100] = r1; out[1101] = r2; out[1102] = r3;
    })";
  cl_kernel k = buildKernel(source, "parent", kCl2);
  ASSERT_NE(k, nullptr);
  cl_mem out = outputBuffer<int>(1103);
  ASSERT_EQ(setArgs(k, out, 7), CL_SUCCESS);
  size_t global = 16;
  ASSERT_EQ(run(k, 1, &global), CL_SUCCESS);
  std::vector<int> got = read<int>(out, 1103);
  for (int i = 0; i < 1000; ++i)
    ASSERT_EQ(got[i], 7 * i) << i;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x)
      EXPECT_EQ(got[1000 + y * 8 + x], (y + 3) * 100 + x + 2 + 4000);
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 4; ++x)
        EXPECT_EQ(got[1048 + (z * 3 + y) * 4 + x], z * 10000 + y * 100 + x);
  EXPECT_EQ(got[1100], 0);
  EXPECT_EQ(got[1101], 0);
  EXPECT_EQ(got[1102], 0);
}

TEST_F(DeviceEnqueueTest, RecursionDividesTheWorkWithoutTheHost) {
  ASSERT_NE(deviceQueue(), nullptr);
  // A divide-and-conquer fill: each block splits its range in two halves
  // enqueued from the device until a half is small (about 11 levels, 2047
  // launches), and a chain 40 launches deep.
  const char *source = R"(
    void fill(global int *out, int lo, int hi) {
      if (hi - lo <= 64) {
        int i = lo + (int)get_global_id(0);
        if (i < hi)
          out[i] = i * 3 + 1;
        return;
      }
      if (get_global_id(0) == 0) {
        int mid = lo + (hi - lo) / 2;
        queue_t q = get_default_queue();
        enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(64),
                       ^{ fill(out, lo, mid); });
        enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(64),
                       ^{ fill(out, mid, hi); });
      }
    }
    kernel void tree(global int *out, int n) { fill(out, 0, n); }

    void step(global int *chain, int level) {
      chain[level] = level == 0 ? 1 : chain[level - 1] * 2 % 1000003;
      if (level + 1 < 40)
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),
                       ^{ step(chain, level + 1); });
    }
    kernel void chain(global int *chain) { step(chain, 0); })";
  cl_program program = build(source, kCl2);
  ASSERT_NE(program, nullptr);
  cl_kernel tree = createKernel(program, "tree");
  const int n = 100000;
  cl_mem out = outputBuffer<int>(n);
  ASSERT_EQ(setArgs(tree, out, n), CL_SUCCESS);
  size_t one = 64;
  cl_event done = nullptr;
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, tree, 1, nullptr, &one, nullptr, 0, nullptr, &done),
            CL_SUCCESS);
  // The parent's event completes only once every descendant has.
  ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
  std::vector<int> got(n);
  ASSERT_EQ(
      clEnqueueReadBuffer(queue, out, CL_TRUE, 0, n * sizeof(int), got.data(), 0, nullptr, nullptr),
      CL_SUCCESS);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], i * 3 + 1) << i;
  clReleaseEvent(done);

  cl_kernel chain = createKernel(program, "chain");
  cl_mem links = outputBuffer<int>(40);
  ASSERT_EQ(setArgs(chain, links), CL_SUCCESS);
  size_t single = 1;
  ASSERT_EQ(run(chain, 1, &single, &single), CL_SUCCESS);
  std::vector<int> chainGot = read<int>(links, 40);
  long expect = 1;
  for (int level = 0; level < 40; ++level) {
    EXPECT_EQ(chainGot[level], expect) << level;
    expect = expect * 2 % 1000003;
  }
}

TEST_F(DeviceEnqueueTest, AChainAMillionLaunchesDeepCompletes) {
  // Each launch enqueues the next: a million commands wait for their
  // children, and the last one's completion runs back up the whole chain
  // (once a recursion that ran off a 64 MiB worker stack at 2 million).
  cl_uint most = 0;
  clGetDeviceInfo(device(), CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, sizeof most, &most, nullptr);
  ASSERT_NE(deviceQueue(true, most), nullptr);
  const char *source = R"(
    void step(global int *last, int level, int depth) {
      *last = level;
      if (level + 1 < depth)
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),
                       ^{ step(last, level + 1, depth); });
    }
    kernel void chain(global int *last, int depth) { step(last, 0, depth); })";
  cl_kernel k = buildKernel(source, "chain", kCl2);
  ASSERT_NE(k, nullptr);
  const int depth = 1000000;
  cl_mem last = outputBuffer<int>(1);
  ASSERT_EQ(setArgs(k, last, depth), CL_SUCCESS);
  size_t one = 1;
  ASSERT_EQ(run(k, 1, &one, &one), CL_SUCCESS);
  EXPECT_EQ(read<int>(last, 1)[0], depth - 1);
}

TEST_F(DeviceEnqueueTest, BlocksTakeLocalMemoryArguments) {
  ASSERT_NE(deviceQueue(), nullptr);
  // Each child group sums its 32 values through two __local arrays whose
  // sizes the enqueue gives.
  const char *source = R"(
    kernel void parent(global const int *in, global int *sums) {
      if (get_global_id(0) != 0)
        return;
      enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(256, 32),
          ^(local void *a, local void *b) {
            local int *values = (local int *)a;
            local int *total = (local int *)b;
            size_t lid = get_local_id(0);
            values[lid] = in[get_global_id(0)];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (lid == 0) {
              int s = 0;
              for (int i = 0; i < 32; ++i)
                s += values[i];
              total[3] = s;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (lid == 0)
              sums[get_group_id(0)] = total[3];
          }, 32u * sizeof(int), 16u);
    })";
  cl_kernel k = buildKernel(source, "parent", kCl2);
  ASSERT_NE(k, nullptr);
  std::vector<int> in(256);
  std::iota(in.begin(), in.end(), -40);
  cl_mem inBuf = bufferOf(in);
  cl_mem sums = outputBuffer<int>(8);
  ASSERT_EQ(setArgs(k, inBuf, sums), CL_SUCCESS);
  size_t global = 4;
  ASSERT_EQ(run(k, 1, &global), CL_SUCCESS);
  std::vector<int> got = read<int>(sums, 8);
  for (int g = 0; g < 8; ++g)
    EXPECT_EQ(got[g], std::accumulate(in.begin() + g * 32, in.begin() + g * 32 + 32, 0)) << g;
}

TEST_F(DeviceEnqueueTest, EventsOrderChildrenAndReportProfiling) {
  ASSERT_NE(deviceQueue(), nullptr);
  // A writes, B (waiting on A's event) reads; C waits on A and on a user
  // event the parent completes after enqueueing it; a marker waits on B and C; the
  // profiling of B is captured into `times`.
  const char *source = R"(
    kernel void parent(global int *data, global int *flags, global ulong *times) {
      queue_t q = get_default_queue();
      clk_event_t a, b, c, user, marker;
      flags[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(512), 0, 0, &a,
          ^{ data[get_global_id(0)] = (int)get_global_id(0) * 2; });
      flags[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(512), 1, &a, &b,
          ^{ data[512 + get_global_id(0)] = data[511 - get_global_id(0)] + 1; });
      user = create_user_event();
      flags[2] = is_valid_event(user) ? 1 : 0;
      clk_event_t userAndA[2] = {user, a};
      flags[3] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 2, userAndA, &c,
          ^{ data[1024] = data[0] + 77; });
      clk_event_t both[2] = {b, c};
      flags[4] = enqueue_marker(q, 2, both, &marker);
      capture_event_profiling_info(b, CLK_PROFILING_COMMAND_EXEC_TIME, times);
      set_user_event_status(user, CL_COMPLETE);
      flags[5] = enqueue_marker(q, 0, 0, 0); // a marker needs a wait list
      flags[6] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, 0, 0,
          ^{ data[1025] = 1; });               // a count without a list
      retain_event(a); release_event(a);
      release_event(a); release_event(b); release_event(c);
      release_event(user); release_event(marker);
    })";
  cl_kernel k = buildKernel(source, "parent", kCl2);
  ASSERT_NE(k, nullptr);
  cl_mem data = outputBuffer<int>(1026);
  cl_mem flags = outputBuffer<int>(7);
  cl_mem times = outputBuffer<cl_ulong>(2);
  ASSERT_EQ(setArgs(k, data, flags, times), CL_SUCCESS);
  size_t one = 1;
  ASSERT_EQ(run(k, 1, &one, &one), CL_SUCCESS);
  std::vector<int> got = read<int>(data, 1026);
  for (int i = 0; i < 512; ++i) {
    ASSERT_EQ(got[i], 2 * i) << i;
    ASSERT_EQ(got[512 + i], 2 * (511 - i) + 1) << i;
  }
  EXPECT_EQ(got[1024], 77);
  EXPECT_EQ(got[1025], int(0xABABABAB)); // refused, never ran
  std::vector<int> f = read<int>(flags, 7);
  EXPECT_EQ(f[0], 0);
  EXPECT_EQ(f[1], 0);
  EXPECT_EQ(f[2], 1);
  EXPECT_EQ(f[3], 0);
  EXPECT_EQ(f[4], 0);
  EXPECT_EQ(f[5], -57); // CLK_INVALID_EVENT_WAIT_LIST
  EXPECT_EQ(f[6], -57);
  std::vector<cl_ulong> t = read<cl_ulong>(times, 2);
  EXPECT_GT(t[0], 0u);
  EXPECT_GE(t[1], t[0]);
}

TEST_F(DeviceEnqueueTest, KernelsLearnOfRefusals) {
  // A small queue (4 commands of CoreCL's 8 bytes), a range above the
  // work-group limit, and a kernel argument that names an on-device queue
  // explicitly.
  cl_command_queue small = deviceQueue(false, 4 * 8);
  ASSERT_NE(small, nullptr);
  const char *source = R"(
    kernel void parent(global int *codes, queue_t q) {
      for (int i = 0; i < 8; ++i)
        codes[i] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),
                                  ^{ codes[16 + i] = i; });
      codes[8] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(8192, 8192),
                                ^{ codes[30] = 1; });
      codes[9] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                                ndrange_1D(1), ^{ codes[31] = 1; });
      codes[10] = (int)get_kernel_work_group_size(^{ codes[31] = 2; });
      codes[11] = (int)get_kernel_preferred_work_group_size_multiple(^{ codes[31] = 3; });
    })";
  cl_kernel k = buildKernel(source, "parent", kCl2);
  ASSERT_NE(k, nullptr);
  cl_mem codes = outputBuffer<int>(32);
  ASSERT_EQ(setArgs(k, codes), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 1, sizeof queue, &queue), CL_INVALID_DEVICE_QUEUE);
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof small, &small), CL_SUCCESS);
  size_t one = 1;
  ASSERT_EQ(run(k, 1, &one, &one), CL_SUCCESS);
  std::vector<int> got = read<int>(codes, 32);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(got[i], 0) << i;
    EXPECT_EQ(got[16 + i], i);
  }
  for (int i = 4; i < 8; ++i) {
    EXPECT_EQ(got[i], -161) << i; // CLK_DEVICE_QUEUE_FULL
    EXPECT_EQ(got[16 + i], int(0xABABABAB));
  }
  EXPECT_EQ(got[8], -160); // CLK_INVALID_NDRANGE: 8192 work-items a group
  EXPECT_EQ(got[9], -102); // CLK_INVALID_QUEUE: no default queue
  size_t most = deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE);
  EXPECT_EQ(size_t(got[10]), most);
  EXPECT_GE(got[11], 1);
  EXPECT_EQ(got[30], int(0xABABABAB));
  EXPECT_EQ(got[31], int(0xABABABAB));
}

TEST_F(DeviceEnqueueTest, BlockSubGroupQueriesAgreeWithTheLaunch) {
  // The sub-group queries of a block for a range, and what its launch
  // then sees (OpenCL C 3.0 with __opencl_c_subgroups).
  ASSERT_NE(deviceQueue(), nullptr);
  const char *source = R"(
    kernel void parent(global int *out) {
      ndrange_t r = ndrange_1D(64, 64);
      out[0] = (int)get_kernel_max_sub_group_size_for_ndrange(r, ^{ out[9] = 1; });
      out[1] = (int)get_kernel_sub_group_count_for_ndrange(r, ^{ out[9] = 1; });
      enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, r, ^{
        if (get_local_id(0) == 0) {
          out[2] = (int)get_max_sub_group_size();
          out[3] = (int)get_num_sub_groups();
        }
      });
    })";
  cl_kernel k = buildKernel(source, "parent", "-cl-std=CL3.0");
  ASSERT_NE(k, nullptr);
  cl_mem out = outputBuffer<int>(10);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  size_t one = 1;
  ASSERT_EQ(run(k, 1, &one, &one), CL_SUCCESS);
  std::vector<int> got = read<int>(out, 10);
  EXPECT_GE(got[0], 1);
  EXPECT_EQ(got[1], (64 + got[0] - 1) / got[0]);
  EXPECT_EQ(got[2], got[0]);
  EXPECT_EQ(got[3], got[1]);
}

TEST_F(DeviceEnqueueTest, BlocksAreCalledAtEveryScope) {
  // Blocks called directly, not enqueued: a program-scope block (a
  // constant literal holding its invoke function) and a kernel-scope one
  // that captured its variable's value at its definition.
  const char *source = R"(
    int __constant scale = 7;
    int (^__constant global_block)(int) = ^int(int x) { return scale * x + (int)get_global_id(0); };
    kernel void call(global int *out) {
      int k = 3;
      int (^local_block)(int) = ^(int x) { return x * k; };
      k = 100;
      size_t i = get_global_id(0);
      out[i] = global_block((int)i) + local_block(2);
    })";
  cl_kernel k = buildKernel(source, "call", kCl2);
  ASSERT_NE(k, nullptr);
  cl_mem out = outputBuffer<int>(64);
  ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
  size_t global = 64;
  ASSERT_EQ(run(k, 1, &global), CL_SUCCESS);
  std::vector<int> got = read<int>(out, 64);
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(got[i], 7 * i + i + 6) << i;
}

TEST_F(DeviceEnqueueTest, BlockKernelsAreNotListed) {
  const char *source = R"(
    kernel void only(global int *out) {
      enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),
                     ^{ out[0] = 1; });
    })";
  cl_program program = build(source, kCl2);
  ASSERT_NE(program, nullptr);
  size_t count = 0;
  ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_NUM_KERNELS, sizeof count, &count, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(count, 1u);
  char names[256] = {};
  clGetProgramInfo(program, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, nullptr);
  EXPECT_STREQ(names, "only");
  cl_uint made = 0;
  ASSERT_EQ(clCreateKernelsInProgram(program, 0, nullptr, &made), CL_SUCCESS);
  EXPECT_EQ(made, 1u);
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreateKernel(program, "__only_block_invoke_kernel", &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_KERNEL_NAME);
}

} // namespace
} // namespace corecl::test
