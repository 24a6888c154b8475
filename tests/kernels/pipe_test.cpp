// Pipes (__opencl_c_pipes): the API's objects and refusals, and kernels
// that pass packets through a pipe with read_pipe/write_pipe, with
// reservations by work-item, work-group and sub-group. Work-items of a
// launch reach a pipe in no promised order, so the checks compare the
// multiset of packets, and the counts a full or empty pipe lets through.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

using PipeTest = KernelTest;

constexpr const char *kCl3 = "-cl-std=CL3.0";

/// A pipe of `packets` packets of `size` bytes in `context`.
cl_mem makePipe(cl_context context, cl_uint size, cl_uint packets) {
  cl_int err = CL_SUCCESS;
  cl_mem pipe = clCreatePipe(context, 0, size, packets, nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  return pipe;
}

TEST_F(PipeTest, DeviceReportsPipesAndTheirLimits) {
  cl_bool support = CL_FALSE;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_PIPE_SUPPORT, sizeof support, &support, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(support, cl_bool(CL_TRUE));
  cl_uint args = 0, reservations = 0, packet = 0;
  clGetDeviceInfo(device(), CL_DEVICE_MAX_PIPE_ARGS, sizeof args, &args, nullptr);
  clGetDeviceInfo(device(), CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, sizeof reservations,
                  &reservations, nullptr);
  clGetDeviceInfo(device(), CL_DEVICE_PIPE_MAX_PACKET_SIZE, sizeof packet, &packet, nullptr);
  // The OpenCL 2.0 full profile's minimums.
  EXPECT_GE(args, 16u);
  EXPECT_GE(reservations, 1u);
  EXPECT_GE(packet, 1024u);
}

TEST_F(PipeTest, CreateValidatesAndInfoAnswers) {
  cl_int err = CL_SUCCESS;
  EXPECT_EQ(clCreatePipe(context, 0, 0, 16, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PIPE_SIZE);
  EXPECT_EQ(clCreatePipe(context, 0, 4, 0, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PIPE_SIZE);
  EXPECT_EQ(clCreatePipe(context, 0, 1u << 20, 4, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PIPE_SIZE);
  EXPECT_EQ(clCreatePipe(context, CL_MEM_READ_ONLY, 4, 16, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  const cl_pipe_properties bogus[] = {0x1234, 0, 0};
  EXPECT_EQ(clCreatePipe(context, 0, 4, 16, bogus, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clCreatePipe(nullptr, 0, 4, 16, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);

  cl_mem pipe =
      clCreatePipe(context, CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, 12, 100, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_uint value = 0;
  ASSERT_EQ(clGetPipeInfo(pipe, CL_PIPE_PACKET_SIZE, sizeof value, &value, nullptr), CL_SUCCESS);
  EXPECT_EQ(value, 12u);
  ASSERT_EQ(clGetPipeInfo(pipe, CL_PIPE_MAX_PACKETS, sizeof value, &value, nullptr), CL_SUCCESS);
  EXPECT_EQ(value, 100u);
  size_t size = 1;
  ASSERT_EQ(clGetPipeInfo(pipe, CL_PIPE_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(clGetPipeInfo(pipe, 0x7777, sizeof value, &value, nullptr), CL_INVALID_VALUE);
  cl_mem_object_type type = 0;
  ASSERT_EQ(clGetMemObjectInfo(pipe, CL_MEM_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_mem_object_type(CL_MEM_OBJECT_PIPE));
  // The host has no access to a pipe's packets, and a buffer is no pipe.
  int bytes[4];
  EXPECT_EQ(clEnqueueReadBuffer(queue, pipe, CL_TRUE, 0, sizeof bytes, bytes, 0, nullptr, nullptr),
            CL_INVALID_MEM_OBJECT);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clGetPipeInfo(buffer, CL_PIPE_PACKET_SIZE, sizeof value, &value, nullptr),
            CL_INVALID_MEM_OBJECT);
  cl_kernel k =
      buildKernel("kernel void k(read_only pipe int p, global int *out) { read_pipe(p, out); }",
                  "k", "-cl-std=CL3.0 -cl-kernel-arg-info");
  ASSERT_TRUE(k);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof buffer, &buffer), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof pipe, &pipe), CL_SUCCESS);
  cl_kernel_arg_type_qualifier qualifier = 0;
  ASSERT_EQ(
      clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof qualifier, &qualifier, nullptr),
      CL_SUCCESS);
  EXPECT_NE(qualifier & CL_KERNEL_ARG_TYPE_PIPE, 0u);
  EXPECT_EQ(clReleaseMemObject(buffer), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(pipe), CL_SUCCESS);
}

TEST_F(PipeTest, PacketsWrittenByOneKernelAreReadByTheNext) {
  cl_program program = build(R"(
    kernel void writer(write_only pipe int p, global const int *in, global int *status) {
      size_t i = get_global_id(0);
      status[i] = write_pipe(p, &in[i]);
    }
    kernel void reader(read_only pipe int p, global int *out, global int *counts) {
      size_t i = get_global_id(0);
      int v;
      out[i] = read_pipe(p, &v) == 0 ? v : -1;
      if (i == 0) {
        counts[0] = get_pipe_num_packets(p);
        counts[1] = get_pipe_max_packets(p);
      }
    })",
                             kCl3);
  ASSERT_TRUE(program);
  cl_int err = CL_SUCCESS;
  cl_kernel writer = clCreateKernel(program, "writer", &err),
            reader = clCreateKernel(program, "reader", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  // A pipe of 48 packets: 64 writers, 16 find it full; 64 readers, 16
  // find it empty.
  const size_t n = 64, local = 16;
  cl_mem pipe = makePipe(context, sizeof(int), 48);
  std::vector<int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i * 3 + 1);
  cl_mem bin = bufferOf(in), status = outputBuffer<int>(n), out = outputBuffer<int>(n),
         counts = outputBuffer<int>(2);
  ASSERT_EQ(setArgs(writer, pipe, bin, status), CL_SUCCESS);
  ASSERT_EQ(run(writer, 1, &n, &local), CL_SUCCESS);
  ASSERT_EQ(setArgs(reader, pipe, out, counts), CL_SUCCESS);
  ASSERT_EQ(run(reader, 1, &n, &local), CL_SUCCESS);
  std::vector<int> written = read<int>(status, n), got = read<int>(out, n);
  std::vector<int> accepted, received;
  for (size_t i = 0; i < n; ++i) {
    EXPECT_TRUE(written[i] == 0 || written[i] < 0) << written[i];
    if (written[i] == 0)
      accepted.push_back(in[i]);
    if (got[i] != -1)
      received.push_back(got[i]);
  }
  EXPECT_EQ(accepted.size(), 48u);
  std::sort(accepted.begin(), accepted.end());
  std::sort(received.begin(), received.end());
  EXPECT_EQ(received, accepted);
  std::vector<int> c = read<int>(counts, 2);
  EXPECT_LE(c[0], 48);
  EXPECT_EQ(c[1], 48);
  EXPECT_EQ(clReleaseKernel(writer), CL_SUCCESS);
  EXPECT_EQ(clReleaseKernel(reader), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(pipe), CL_SUCCESS);
}

TEST_F(PipeTest, ReservationsByWorkItemWorkGroupAndSubGroupCarryEveryPacket) {
  // Each form writes 2 packets per work-item through its reservations,
  // the matching reader reads them back the same way; the packets are
  // structs, to move more than a word.
  for (const char *form : {"item", "work_group", "sub_group"}) {
    SCOPED_TRACE(form);
    std::string source = R"(
      typedef struct { int id; float x; short s; } packet;
      #define FORM_)" + std::string(form) +
                         R"(
      #if defined(FORM_item)
      #define RESERVE(way, p, n) reserve_##way##_pipe(p, n)
      #define COMMIT(way, p, r) commit_##way##_pipe(p, r)
      #define INDEX(k) (k)
      #elif defined(FORM_work_group)
      #define RESERVE(way, p, n) work_group_reserve_##way##_pipe(p, (n) * get_local_size(0))
      #define COMMIT(way, p, r) work_group_commit_##way##_pipe(p, r)
      #define INDEX(k) (get_local_id(0) * 2 + (k))
      #else
      #define RESERVE(way, p, n) sub_group_reserve_##way##_pipe(p, (n) * get_sub_group_size())
      #define COMMIT(way, p, r) sub_group_commit_##way##_pipe(p, r)
      #define INDEX(k) (get_sub_group_local_id() * 2 + (k))
      #endif
      kernel void writer(write_only pipe packet p, global int *status) {
        int i = (int)get_global_id(0);
        reserve_id_t r = RESERVE(write, p, 2);
        int ok = is_valid_reserve_id(r);
        if (ok) {
          for (int k = 0; k < 2; ++k) {
            packet v = {2 * i + k, 0.5f * (2 * i + k), (short)(i - k)};
            ok &= write_pipe(p, r, INDEX(k), &v) == 0;
          }
        }
        if (is_valid_reserve_id(r))
          COMMIT(write, p, r);
        status[i] = ok;
      }
      kernel void reader(read_only pipe packet p, global int *out) {
        int i = (int)get_global_id(0);
        reserve_id_t r = RESERVE(read, p, 2);
        for (int k = 0; k < 2; ++k) {
          packet v = {-1, 0.0f, 0};
          int got = is_valid_reserve_id(r) && read_pipe(p, r, INDEX(k), &v) == 0;
          out[2 * i + k] = got && v.x == 0.5f * v.id && v.s == (short)(v.id / 2 - v.id % 2)
                               ? v.id : -1;
        }
        if (is_valid_reserve_id(r))
          COMMIT(read, p, r);
      })";
    cl_program program = build(source, kCl3);
    ASSERT_TRUE(program);
    cl_int err = CL_SUCCESS;
    cl_kernel writer = clCreateKernel(program, "writer", &err);
    cl_kernel reader = clCreateKernel(program, "reader", &err);
    ASSERT_EQ(err, CL_SUCCESS);
    const size_t n = 96, local = 32;
    cl_mem pipe = makePipe(context, 12, cl_uint(2 * n));
    cl_mem status = outputBuffer<int>(n), out = outputBuffer<int>(2 * n);
    ASSERT_EQ(setArgs(writer, pipe, status), CL_SUCCESS);
    ASSERT_EQ(run(writer, 1, &n, &local), CL_SUCCESS);
    ASSERT_EQ(setArgs(reader, pipe, out), CL_SUCCESS);
    ASSERT_EQ(run(reader, 1, &n, &local), CL_SUCCESS);
    EXPECT_EQ(read<int>(status, n), std::vector<int>(n, 1));
    std::vector<int> got = read<int>(out, 2 * n);
    std::sort(got.begin(), got.end());
    std::vector<int> all(2 * n);
    for (size_t i = 0; i < 2 * n; ++i)
      all[i] = int(i);
    EXPECT_EQ(got, all);
    EXPECT_EQ(clReleaseKernel(writer), CL_SUCCESS);
    EXPECT_EQ(clReleaseKernel(reader), CL_SUCCESS);
    EXPECT_EQ(clReleaseMemObject(pipe), CL_SUCCESS);
  }
}

TEST_F(PipeTest, WritersAndReadersOnTwoQueuesAtOnceLoseAndDuplicateNothing) {
  // A small pipe between a writer and a reader launched on two queues at
  // the same time: each work-item retries a bounded number of times (the
  // two launches may or may not overlap), then a drain launch reads what
  // is left. Every packet accepted is read exactly once.
  cl_program program = build(R"(
    kernel void writer(write_only pipe uint p, global int *status) {
      uint v = (uint)get_global_id(0);
      int tries = 0;
      while (write_pipe(p, &v) != 0 && ++tries < 20000)
        ;
      status[v] = tries < 20000;
    }
    kernel void reader(read_only pipe uint p, global uint *out, int patience) {
      uint v = 0xffffffffu;
      int tries = 0;
      while (read_pipe(p, &v) != 0 && ++tries < patience)
        v = 0xffffffffu;
      out[get_global_id(0)] = v;
    })",
                             kCl3);
  ASSERT_TRUE(program);
  cl_int err = CL_SUCCESS;
  cl_kernel writer = clCreateKernel(program, "writer", &err);
  cl_kernel reader = clCreateKernel(program, "reader", &err);
  cl_kernel drain = clCreateKernel(program, "reader", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue other = clCreateCommandQueueWithProperties(context, device(), nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const size_t n = 4096, local = 64;
  cl_mem pipe = makePipe(context, sizeof(cl_uint), 64);
  cl_mem status = outputBuffer<int>(n), out = outputBuffer<cl_uint>(n),
         rest = outputBuffer<cl_uint>(n);
  ASSERT_EQ(setArgs(writer, pipe, status), CL_SUCCESS);
  ASSERT_EQ(setArgs(reader, pipe, out, cl_int(20000)), CL_SUCCESS);
  ASSERT_EQ(setArgs(drain, pipe, rest, cl_int(1)), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, writer, 1, nullptr, &n, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(other, reader, 1, nullptr, &n, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clFlush(queue), CL_SUCCESS);
  ASSERT_EQ(clFinish(other), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  ASSERT_EQ(run(drain, 1, &n, &local), CL_SUCCESS);
  std::vector<int> accepted = read<int>(status, n);
  std::vector<cl_uint> got = read<cl_uint>(out, n), left = read<cl_uint>(rest, n);
  std::vector<int> seen(n, 0);
  for (const std::vector<cl_uint> *values : {&got, &left})
    for (cl_uint v : *values)
      if (v != 0xffffffffu) {
        ASSERT_LT(v, n);
        ++seen[v];
      }
  for (size_t v = 0; v < n; ++v)
    EXPECT_EQ(seen[v], accepted[v]) << "packet " << v;
  EXPECT_EQ(clReleaseCommandQueue(other), CL_SUCCESS);
  EXPECT_EQ(clReleaseKernel(writer), CL_SUCCESS);
  EXPECT_EQ(clReleaseKernel(reader), CL_SUCCESS);
  EXPECT_EQ(clReleaseKernel(drain), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(pipe), CL_SUCCESS);
}

TEST_F(PipeTest, AReservationThatDoesNotFitIsInvalid) {
  cl_kernel k = buildKernel(R"(
    kernel void k(write_only pipe int p, global int *out) {
      reserve_id_t big = reserve_write_pipe(p, 9);  // more than the pipe holds
      reserve_id_t fits = reserve_write_pipe(p, 8);
      reserve_id_t more = reserve_write_pipe(p, 1); // the pipe is full now
      out[0] = is_valid_reserve_id(big);
      out[1] = is_valid_reserve_id(fits);
      out[2] = is_valid_reserve_id(more);
      if (is_valid_reserve_id(fits))
        commit_write_pipe(p, fits);
    })",
                            "k", kCl3);
  ASSERT_TRUE(k);
  cl_mem pipe = makePipe(context, 4, 8), out = outputBuffer<int>(3);
  ASSERT_EQ(setArgs(k, pipe, out), CL_SUCCESS);
  const size_t one = 1;
  ASSERT_EQ(run(k, 1, &one, &one), CL_SUCCESS);
  EXPECT_EQ(read<int>(out, 3), (std::vector<int>{0, 1, 0}));
  EXPECT_EQ(clReleaseMemObject(pipe), CL_SUCCESS);
}

} // namespace
} // namespace corecl::test
