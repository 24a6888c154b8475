// Shared virtual memory: coarse- and fine-grain SVM buffers, fine-grain
// system memory (plain malloc) and SVM atomics, as kernels and the host see
// them; pointers stored inside SVM; the SVM commands (memcpy, fill, map,
// unmap, migrate, free with and without a callback); and the spec's
// refusals for each entry point. Every result is checked against what the
// host computes.
#include "kernels/kernel_fixture.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace corecl::test {
namespace {

using SvmTest = KernelTest;

constexpr const char *kCl3 = "-cl-std=CL3.0";

/// An SVM allocation freed at scope exit.
class Svm {
public:
  Svm(cl_context context, cl_svm_mem_flags flags, size_t bytes, cl_uint alignment = 0)
      : context_(context), p_(clSVMAlloc(context, flags, bytes, alignment)) {}
  ~Svm() { clSVMFree(context_, p_); }
  Svm(const Svm &) = delete;
  Svm &operator=(const Svm &) = delete;
  template <class T = void> T *get() const { return static_cast<T *>(p_); }

private:
  cl_context context_;
  void *p_;
};

TEST_F(SvmTest, DeviceReportsEveryKindOfSvm) {
  cl_device_svm_capabilities caps = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(caps, cl_device_svm_capabilities(
                      CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
                      CL_DEVICE_SVM_FINE_GRAIN_SYSTEM | CL_DEVICE_SVM_ATOMICS));
}

TEST_F(SvmTest, AllocRefusesWhatTheSpecForbids) {
  const size_t maxAlloc = [&] {
    cl_ulong v = 0;
    clGetDeviceInfo(device(), CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof v, &v, nullptr);
    return size_t(v);
  }();
  EXPECT_EQ(clSVMAlloc(nullptr, CL_MEM_READ_WRITE, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_READ_WRITE, 0, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_READ_WRITE, maxAlloc + 1, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_SVM_ATOMICS, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_USE_HOST_PTR, 64, 0), nullptr);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 3), nullptr);
  EXPECT_EQ(clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 256), nullptr);
  for (cl_svm_mem_flags flags :
       {cl_svm_mem_flags(0), cl_svm_mem_flags(CL_MEM_READ_ONLY),
        cl_svm_mem_flags(CL_MEM_WRITE_ONLY | CL_MEM_SVM_FINE_GRAIN_BUFFER),
        cl_svm_mem_flags(CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS)})
    for (cl_uint alignment : {0u, 1u, 16u, 128u}) {
      Svm s(context, flags, 1000, alignment);
      ASSERT_NE(s.get(), nullptr) << "flags " << flags << ", alignment " << alignment;
      EXPECT_EQ(reinterpret_cast<uintptr_t>(s.get()) % 128, 0u);
    }
  clSVMFree(context, nullptr); // no action
}

TEST_F(SvmTest, CoarseGrainBufferThroughMapAndKernel) {
  cl_kernel k = buildKernel(R"(
    kernel void scale(global int *data, int factor) {
      size_t i = get_global_id(0);
      data[i] = data[i] * factor + (int)i;
    })",
                            "scale");
  ASSERT_TRUE(k);
  const size_t n = 1000;
  Svm s(context, CL_MEM_READ_WRITE, n * sizeof(int));
  ASSERT_TRUE(s.get());
  int *data = s.get<int>();
  ASSERT_EQ(
      clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_WRITE, data, n * sizeof(int), 0, nullptr, nullptr),
      CL_SUCCESS);
  std::iota(data, data + n, 0);
  ASSERT_EQ(clEnqueueSVMUnmap(queue, data, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(k, 0, data), CL_SUCCESS);
  int factor = 3;
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof factor, &factor), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n), CL_SUCCESS);
  ASSERT_EQ(
      clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, data, n * sizeof(int), 0, nullptr, nullptr),
      CL_SUCCESS);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(data[i], int(i * 3 + i)) << i;
  ASSERT_EQ(clEnqueueSVMUnmap(queue, data, 0, nullptr, nullptr), CL_SUCCESS);

  // An offset pointer into the allocation is a valid argument too.
  ASSERT_EQ(clSetKernelArgSVMPointer(k, 0, data + 500), CL_SUCCESS);
  factor = 1;
  ASSERT_EQ(clSetKernelArg(k, 1, sizeof factor, &factor), CL_SUCCESS);
  const size_t half = 500;
  ASSERT_EQ(run(k, 1, &half), CL_SUCCESS);
  EXPECT_EQ(data[499], int(499 * 4));
  EXPECT_EQ(data[500], int(500 * 4));
  EXPECT_EQ(data[999], int(999 * 4 + 499));
}

TEST_F(SvmTest, PointersInsideSvmAreFollowedByKernels) {
  // A linked list built by the host in fine-grain SVM; the kernel walks it.
  struct Node {
    Node *next;
    int value;
  };
  const size_t count = 300;
  Svm nodes(context, CL_MEM_SVM_FINE_GRAIN_BUFFER, count * sizeof(Node));
  ASSERT_TRUE(nodes.get());
  Node *list = nodes.get<Node>();
  for (size_t i = 0; i < count; ++i)
    list[i] = {i + 1 < count ? &list[i + 1] : nullptr, int(i * i % 1000)};
  cl_kernel k = buildKernel(R"(
    typedef struct Node { global struct Node *next; int value; } Node;
    kernel void walk(global Node *head, global long *out) {
      size_t skip = get_global_id(0);
      global Node *n = head;
      for (size_t i = 0; i < skip && n; ++i)
        n = n->next;
      long sum = 0;
      for (; n; n = n->next)
        sum += n->value;
      out[get_global_id(0)] = sum;
    })",
                            "walk", kCl3);
  ASSERT_TRUE(k);
  Svm out(context, CL_MEM_SVM_FINE_GRAIN_BUFFER, 8 * sizeof(cl_long));
  ASSERT_EQ(clSetKernelArgSVMPointer(k, 0, list), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(k, 1, out.get()), CL_SUCCESS);
  void *reached[] = {nodes.get()};
  ASSERT_EQ(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof reached, reached),
            CL_SUCCESS);
  const size_t eight = 8;
  ASSERT_EQ(run(k, 1, &eight), CL_SUCCESS);
  for (size_t skip = 0; skip < 8; ++skip) {
    long sum = 0;
    for (size_t i = skip; i < count; ++i)
      sum += long(i * i % 1000);
    EXPECT_EQ(out.get<cl_long>()[skip], sum) << skip;
  }
}

TEST_F(SvmTest, FineGrainSystemMemoryAndSvmAtomics) {
  // malloc'd memory straight to the kernel, and an SVM counter the kernel
  // and the host update with atomics at the same time.
  cl_kernel k = buildKernel(R"(
    kernel void count(global const int *input, global atomic_int *counter, global int *copy) {
      size_t i = get_global_id(0);
      copy[i] = input[i] + 1;
      atomic_fetch_add_explicit(counter, input[i], memory_order_relaxed,
                                memory_scope_all_svm_devices);
    })",
                            "count", kCl3);
  ASSERT_TRUE(k);
  const size_t n = 4096;
  std::vector<int> input(n);
  for (size_t i = 0; i < n; ++i)
    input[i] = int(i % 17);
  int *copy = static_cast<int *>(std::malloc(n * sizeof(int)));
  ASSERT_TRUE(copy);
  Svm counter(context, CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, sizeof(int));
  ASSERT_TRUE(counter.get());
  *counter.get<int>() = 0;
  cl_bool system = CL_TRUE;
  ASSERT_EQ(
      clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof system, &system),
      CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(k, 0, input.data()), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(k, 1, counter.get()), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(k, 2, copy), CL_SUCCESS);
  cl_event done;
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, &done),
            CL_SUCCESS);
  // The host adds concurrently with the kernel, through the same atomics.
  auto *shared = reinterpret_cast<std::atomic<int> *>(counter.get());
  for (int i = 0; i < 1000; ++i)
    shared->fetch_add(1, std::memory_order_relaxed);
  ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
  clReleaseEvent(done);
  int expected = 1000;
  for (size_t i = 0; i < n; ++i) {
    expected += input[i];
    ASSERT_EQ(copy[i], input[i] + 1) << i;
  }
  EXPECT_EQ(shared->load(), expected);
  std::free(copy);
}

TEST_F(SvmTest, CopyFillMigrateAndFreeCommands) {
  const size_t n = 256;
  Svm a(context, CL_MEM_READ_WRITE, n * sizeof(int)), b(context, CL_MEM_READ_WRITE, n * 4);
  ASSERT_TRUE(a.get() && b.get());
  const int pattern[2] = {7, -9};
  ASSERT_EQ(clEnqueueSVMMemFill(queue, a.get(), pattern, sizeof pattern, n * sizeof(int), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMemcpy(queue, CL_TRUE, b.get(), a.get<int>() + 2, (n - 2) * sizeof(int), 0,
                               nullptr, nullptr),
            CL_SUCCESS);
  for (size_t i = 0; i < n - 2; ++i)
    ASSERT_EQ(b.get<int>()[i], i % 2 ? -9 : 7) << i;
  const void *ranges[] = {a.get(), b.get<char>() + 16};
  const size_t sizes[] = {0, 64};
  ASSERT_EQ(clEnqueueSVMMigrateMem(queue, 2, ranges, sizes, CL_MIGRATE_MEM_OBJECT_HOST, 0, nullptr,
                                   nullptr),
            CL_SUCCESS);

  // clEnqueueSVMFree: by CoreCL, and by the application's callback.
  void *mine[] = {clSVMAlloc(context, 0, 100, 0), clSVMAlloc(context, 0, 200, 0)};
  ASSERT_TRUE(mine[0] && mine[1]);
  ASSERT_EQ(clEnqueueSVMFree(queue, 2, mine, nullptr, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
  struct Seen {
    cl_uint count = 0;
    void *first = nullptr;
    cl_command_queue queue = nullptr;
  } seen;
  void *theirs[] = {std::malloc(10)};
  auto callback = [](cl_command_queue q, cl_uint count, void *pointers[], void *user) {
    auto *s = static_cast<Seen *>(user);
    s->count = count, s->first = pointers[0], s->queue = q;
    std::free(pointers[0]);
  };
  void *expectedFirst = theirs[0];
  cl_event freed;
  ASSERT_EQ(clEnqueueSVMFree(queue, 1, theirs, callback, &seen, 0, nullptr, &freed), CL_SUCCESS);
  theirs[0] = nullptr; // the list is the caller's again once the call returns
  ASSERT_EQ(clWaitForEvents(1, &freed), CL_SUCCESS);
  cl_command_type type = 0;
  ASSERT_EQ(clGetEventInfo(freed, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  EXPECT_EQ(type, cl_command_type(CL_COMMAND_SVM_FREE));
  clReleaseEvent(freed);
  EXPECT_EQ(seen.count, 1u);
  EXPECT_EQ(seen.first, expectedFirst);
  EXPECT_EQ(seen.queue, queue);
}

TEST_F(SvmTest, CommandsRefuseBadArguments) {
  Svm a(context, CL_MEM_READ_WRITE, 1024);
  ASSERT_TRUE(a.get());
  char *p = a.get<char>();
  int pattern = 1;
  EXPECT_EQ(clEnqueueSVMMemcpy(queue, CL_TRUE, nullptr, p, 4, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemcpy(queue, CL_TRUE, p, p + 8, 16, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueSVMMemcpy(nullptr, CL_TRUE, p, p + 64, 16, 0, nullptr, nullptr),
            CL_INVALID_COMMAND_QUEUE);
  EXPECT_EQ(clEnqueueSVMMemFill(queue, p + 2, &pattern, 4, 16, 0, nullptr, nullptr),
            CL_INVALID_VALUE); // misaligned for the pattern
  EXPECT_EQ(clEnqueueSVMMemFill(queue, p, &pattern, 4, 18, 0, nullptr, nullptr),
            CL_INVALID_VALUE); // size not a multiple
  EXPECT_EQ(clEnqueueSVMMemFill(queue, p, &pattern, 3, 18, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMemFill(queue, p, nullptr, 4, 16, 0, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, p, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, p, 8, 0,
                            nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMUnmap(queue, nullptr, 0, nullptr, nullptr), CL_INVALID_VALUE);
  const void *ranges[] = {p};
  const size_t tooLong[] = {2048};
  EXPECT_EQ(clEnqueueSVMMigrateMem(queue, 1, ranges, tooLong, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMigrateMem(queue, 0, ranges, nullptr, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMMigrateMem(queue, 1, ranges, nullptr, 0x100, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  void *one[] = {p};
  EXPECT_EQ(clEnqueueSVMFree(queue, 0, one, nullptr, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueSVMFree(queue, 1, nullptr, nullptr, nullptr, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  cl_event bogus = reinterpret_cast<cl_event>(p);
  EXPECT_EQ(clEnqueueSVMMemcpy(queue, CL_TRUE, p, p + 64, 16, 1, &bogus, nullptr),
            CL_INVALID_EVENT_WAIT_LIST);

  cl_kernel k = buildKernel("kernel void k(global int *p, int v, local int *l) { *p = v; }", "k");
  ASSERT_TRUE(k);
  EXPECT_EQ(clSetKernelArgSVMPointer(k, 3, p), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArgSVMPointer(k, 1, p), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArgSVMPointer(k, 2, p), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArgSVMPointer(nullptr, 0, p), CL_INVALID_KERNEL);
  EXPECT_EQ(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, 8, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, nullptr), CL_SUCCESS);
  cl_bool yes = CL_TRUE;
  EXPECT_EQ(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, 1, &yes),
            CL_INVALID_VALUE);
  EXPECT_EQ(clSetKernelExecInfo(k, 0x1234, sizeof yes, &yes), CL_INVALID_VALUE);
}

TEST_F(SvmTest, BufferOnSvmReportsIt) {
  Svm s(context, CL_MEM_READ_WRITE, 4096);
  ASSERT_TRUE(s.get());
  cl_int err;
  cl_mem onSvm = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 1024, s.get<char>() + 1024, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 3073, s.get<char>() + 1024, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_BUFFER_SIZE);
  std::vector<char> host(1024);
  cl_mem plain = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 1024, host.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_bool uses = CL_FALSE;
  ASSERT_EQ(clGetMemObjectInfo(onSvm, CL_MEM_USES_SVM_POINTER, sizeof uses, &uses, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(uses, cl_bool(CL_TRUE));
  ASSERT_EQ(clGetMemObjectInfo(plain, CL_MEM_USES_SVM_POINTER, sizeof uses, &uses, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(uses, cl_bool(CL_FALSE));
  clReleaseMemObject(onSvm);
  clReleaseMemObject(plain);
}

} // namespace
} // namespace corecl::test
