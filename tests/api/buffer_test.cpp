// clCreateBuffer / clCreateBufferWithProperties, clGetMemObjectInfo,
// sub-buffers, destructor callbacks and reference counting.
#include "address_space_limit.h"
#include "api/cl_test_helpers.h"
#include "api/test_support.h"

#include <sys/resource.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <numeric>
#include <vector>

namespace corecl::test {
namespace {

class Buffer : public ContextTest {
protected:
  cl_mem create(cl_mem_flags flags, size_t size, void *host = nullptr) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, flags, size, host, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_NE(m, nullptr);
    return m;
  }
  cl_int createError(cl_mem_flags flags, size_t size, void *host) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, flags, size, host, &err);
    EXPECT_EQ(m, nullptr);
    if (m)
      clReleaseMemObject(m);
    return err;
  }
  template <class T> T info(cl_mem m, cl_mem_info param) {
    T v{};
    size_t size = 0;
    EXPECT_EQ(clGetMemObjectInfo(m, param, sizeof v, &v, &size), CL_SUCCESS);
    EXPECT_EQ(size, sizeof v);
    return v;
  }
  cl_ulong maxAlloc() {
    cl_ulong v = 0;
    EXPECT_EQ(clGetDeviceInfo(device(), CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof v, &v, nullptr),
              CL_SUCCESS);
    return v;
  }
  size_t baseAlignBytes() {
    cl_uint bits = 0;
    EXPECT_EQ(clGetDeviceInfo(device(), CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, nullptr),
              CL_SUCCESS);
    return bits / 8;
  }
  cl_mem sub(cl_mem parent, cl_mem_flags flags, size_t origin, size_t size, cl_int *err) {
    cl_buffer_region r = {origin, size};
    return clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION, &r, err);
  }
  std::vector<uint8_t> read(cl_mem m, size_t size) {
    std::vector<uint8_t> out(size);
    EXPECT_EQ(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, size, out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    return out;
  }
};

// --- creation flags -------------------------------------------------------

TEST_F(Buffer, EachAccessFlagIsAcceptedAndReported) {
  for (cl_mem_flags f : {CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY}) {
    for (cl_mem_flags h :
         {cl_mem_flags(0), cl_mem_flags(CL_MEM_HOST_WRITE_ONLY),
          cl_mem_flags(CL_MEM_HOST_READ_ONLY), cl_mem_flags(CL_MEM_HOST_NO_ACCESS)}) {
      cl_mem m = create(f | h, 64);
      EXPECT_EQ(info<cl_mem_flags>(m, CL_MEM_FLAGS), f | h);
      EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
    }
  }
}

TEST_F(Buffer, NoAccessFlagDefaultsToReadWrite) {
  cl_mem m = create(0, 64);
  cl_mem_flags f = info<cl_mem_flags>(m, CL_MEM_FLAGS);
  // The spec allows reporting 0 (the value passed) or the default.
  EXPECT_TRUE(f == 0 || f == CL_MEM_READ_WRITE) << f;
  // Both directions work: it is read-write.
  uint32_t v = 7;
  EXPECT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 4, &v, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read(m, 4)[0], 7);
  clReleaseMemObject(m);
}

TEST_F(Buffer, UseHostPtrIsZeroCopy) {
  alignas(128) static uint8_t host[4096];
  std::iota(host, host + sizeof host, uint8_t(0));
  cl_mem m = create(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof host, host);
  EXPECT_EQ(info<void *>(m, CL_MEM_HOST_PTR), static_cast<void *>(host));

  // A map returns a pointer into the application's own memory.
  cl_int err;
  void *p = clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 256, 512, 0, nullptr,
                               nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(p, host + 256);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, m, p, 0, nullptr, nullptr), CL_SUCCESS);

  // Commands on the buffer read and write the host array itself.
  uint8_t v[4] = {0xAA, 0xBB, 0xCC, 0xDD};
  EXPECT_EQ(clEnqueueWriteBuffer(queue, m, CL_TRUE, 100, 4, v, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(std::memcmp(host + 100, v, 4), 0);
  host[7] = 0x77;
  EXPECT_EQ(read(m, 8)[7], 0x77);
  EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
}

TEST_F(Buffer, CopyHostPtrCopies) {
  std::vector<uint8_t> host(1000);
  std::iota(host.begin(), host.end(), uint8_t(3));
  std::vector<uint8_t> expect = host;
  cl_mem m = create(CL_MEM_COPY_HOST_PTR, host.size(), host.data());
  std::fill(host.begin(), host.end(), 0); // the buffer owns its own copy
  EXPECT_EQ(read(m, host.size()), expect);
  EXPECT_EQ(info<void *>(m, CL_MEM_HOST_PTR), nullptr);
  clReleaseMemObject(m);
}

TEST_F(Buffer, AllocHostPtrAloneAndWithCopy) {
  cl_mem a = create(CL_MEM_ALLOC_HOST_PTR, 256);
  EXPECT_EQ(info<void *>(a, CL_MEM_HOST_PTR), nullptr);
  EXPECT_TRUE(info<cl_mem_flags>(a, CL_MEM_FLAGS) & CL_MEM_ALLOC_HOST_PTR);
  cl_int err;
  void *p = clEnqueueMapBuffer(queue, a, CL_TRUE, CL_MAP_WRITE, 0, 256, 0, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  std::memset(p, 0x5A, 256);
  EXPECT_EQ(clEnqueueUnmapMemObject(queue, a, p, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read(a, 256), std::vector<uint8_t>(256, 0x5A));

  // ALLOC_HOST_PTR and COPY_HOST_PTR may be combined.
  std::vector<uint8_t> host(256, 0x33);
  cl_mem b = create(CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, 256, host.data());
  EXPECT_EQ(read(b, 256), host);
  clReleaseMemObject(a);
  clReleaseMemObject(b);
}

TEST_F(Buffer, ConflictingFlagsAreInvalidValue) {
  char host[64];
  struct Case {
    cl_mem_flags flags;
    void *host;
  } cases[] = {
      {CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, nullptr},
      {CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY, nullptr},
      {CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, nullptr},
      {CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, host},
      {CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, host},
      {CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY, nullptr},
      {CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, nullptr},
      {CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, nullptr},
      {cl_mem_flags(1) << 40, nullptr}, // not a flag at all
  };
  for (const Case &c : cases)
    EXPECT_EQ(createError(c.flags, 64, c.host), CL_INVALID_VALUE) << "flags " << c.flags;
}

TEST_F(Buffer, HostPtrRulesAreInvalidHostPtr) {
  char host[64];
  EXPECT_EQ(createError(CL_MEM_USE_HOST_PTR, 64, nullptr), CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(CL_MEM_COPY_HOST_PTR, 64, nullptr), CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, nullptr),
            CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(CL_MEM_READ_WRITE, 64, host), CL_INVALID_HOST_PTR);
  EXPECT_EQ(createError(CL_MEM_ALLOC_HOST_PTR, 64, host), CL_INVALID_HOST_PTR);
}

TEST_F(Buffer, BadSizesAreInvalidBufferSize) {
  EXPECT_EQ(createError(CL_MEM_READ_WRITE, 0, nullptr), CL_INVALID_BUFFER_SIZE);
  cl_ulong max = maxAlloc();
  ASSERT_GT(max, 0u);
  if (max < SIZE_MAX)
    EXPECT_EQ(createError(CL_MEM_READ_WRITE, size_t(max) + 1, nullptr), CL_INVALID_BUFFER_SIZE);
  EXPECT_EQ(createError(CL_MEM_READ_WRITE, SIZE_MAX, nullptr), CL_INVALID_BUFFER_SIZE);
}

TEST_F(Buffer, InvalidContext) {
  cl_int err;
  EXPECT_EQ(clCreateBuffer(nullptr, 0, 64, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
  EXPECT_EQ(clCreateBufferWithProperties(reinterpret_cast<cl_context>(queue), nullptr, 0, 64,
                                         nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_CONTEXT);
  // errcode_ret may be NULL.
  EXPECT_EQ(clCreateBuffer(nullptr, 0, 64, nullptr, nullptr), nullptr);
}

TEST_F(Buffer, FailedAllocationReturnsAnError) {
  // Proving that an allocation failure is an error code (not an abort) needs
  // an allocation that really fails. Lowering the address-space limit for a
  // moment makes that safe; sanitizers reserve huge shadow mappings, so
  // their builds skip this.
  if (kSanitized)
    GTEST_SKIP() << "RLIMIT_AS conflicts with sanitizer shadow memory";
  if (!addressSpaceLimitEnforced())
    GTEST_SKIP() << "RLIMIT_AS is not enforced here (an emulator?)";
  cl_ulong max = maxAlloc();
  rlimit saved;
  ASSERT_EQ(getrlimit(RLIMIT_AS, &saved), 0);
  unsigned long pages = 0;
  FILE *f = std::fopen("/proc/self/statm", "r");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fscanf(f, "%lu", &pages), 1);
  std::fclose(f);
  rlim_t used = rlim_t(pages) * rlim_t(sysconf(_SC_PAGESIZE));
  rlim_t limit = used + (256u << 20);
  if (max <= (512u << 20) || (saved.rlim_max != RLIM_INFINITY && saved.rlim_max < limit))
    GTEST_SKIP() << "cannot build a limit below CL_DEVICE_MAX_MEM_ALLOC_SIZE";
  rlimit lowered = saved;
  lowered.rlim_cur = limit;
  ASSERT_EQ(setrlimit(RLIMIT_AS, &lowered), 0);
  cl_int err = CL_SUCCESS;
  cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, size_t(max), nullptr, &err);
  setrlimit(RLIMIT_AS, &saved);
  EXPECT_EQ(m, nullptr);
  EXPECT_EQ(err, CL_MEM_OBJECT_ALLOCATION_FAILURE);
  if (m)
    clReleaseMemObject(m);
}

// --- clCreateBufferWithProperties ------------------------------------------

TEST_F(Buffer, WithPropertiesEmptyListAndNull) {
  cl_int err;
  cl_mem_properties empty[] = {0};
  cl_mem a = clCreateBufferWithProperties(context, empty, CL_MEM_READ_ONLY, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  size_t size = 99;
  EXPECT_EQ(clGetMemObjectInfo(a, CL_MEM_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof(cl_mem_properties)); // the list as given: {0}
  cl_mem_properties got = 1;
  EXPECT_EQ(clGetMemObjectInfo(a, CL_MEM_PROPERTIES, sizeof got, &got, nullptr), CL_SUCCESS);
  EXPECT_EQ(got, 0u);
  EXPECT_EQ(info<cl_mem_flags>(a, CL_MEM_FLAGS), cl_mem_flags(CL_MEM_READ_ONLY));

  cl_mem b = clCreateBufferWithProperties(context, nullptr, 0, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clGetMemObjectInfo(b, CL_MEM_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 0u); // no properties given: nothing to report
  clReleaseMemObject(a);
  clReleaseMemObject(b);

  // The flag and host-pointer rules are the same as clCreateBuffer's.
  EXPECT_EQ(clCreateBufferWithProperties(context, empty, CL_MEM_USE_HOST_PTR, 64, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_HOST_PTR);
  EXPECT_EQ(clCreateBufferWithProperties(context, empty, 0, 0, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_BUFFER_SIZE);
}

TEST_F(Buffer, WithPropertiesUnknownPropertyIsInvalidProperty) {
  cl_int err;
  cl_mem_properties props[] = {0x7777, 1, 0};
  EXPECT_EQ(clCreateBufferWithProperties(context, props, 0, 64, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_PROPERTY);
}

// --- clGetMemObjectInfo ------------------------------------------------------

TEST_F(Buffer, InfoReportsEveryParameter) {
  cl_mem m = create(CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 300);
  EXPECT_EQ(info<cl_mem_object_type>(m, CL_MEM_TYPE), cl_mem_object_type(CL_MEM_OBJECT_BUFFER));
  EXPECT_EQ(info<cl_mem_flags>(m, CL_MEM_FLAGS),
            cl_mem_flags(CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY));
  EXPECT_EQ(info<size_t>(m, CL_MEM_SIZE), 300u);
  EXPECT_EQ(info<void *>(m, CL_MEM_HOST_PTR), nullptr);
  EXPECT_EQ(info<cl_uint>(m, CL_MEM_MAP_COUNT), 0u);
  EXPECT_EQ(info<cl_uint>(m, CL_MEM_REFERENCE_COUNT), 1u);
  EXPECT_EQ(info<cl_context>(m, CL_MEM_CONTEXT), context);
  EXPECT_EQ(info<cl_mem>(m, CL_MEM_ASSOCIATED_MEMOBJECT), nullptr);
  EXPECT_EQ(info<size_t>(m, CL_MEM_OFFSET), 0u);
  EXPECT_EQ(info<cl_bool>(m, CL_MEM_USES_SVM_POINTER), cl_bool(CL_FALSE));
  clReleaseMemObject(m);
}

TEST_F(Buffer, InfoErrors) {
  cl_mem m = create(0, 64);
  EXPECT_EQ(clGetMemObjectInfo(m, 0x12345, 0, nullptr, nullptr), CL_INVALID_VALUE);
  cl_uint small = 0; // CL_MEM_SIZE is a size_t: too small a buffer
  EXPECT_EQ(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof small, &small, nullptr), CL_INVALID_VALUE);
  size_t size = 0;
  EXPECT_EQ(clGetMemObjectInfo(m, CL_MEM_SIZE, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, sizeof(size_t));
  EXPECT_EQ(clGetMemObjectInfo(nullptr, CL_MEM_SIZE, sizeof size, &size, nullptr),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clGetMemObjectInfo(reinterpret_cast<cl_mem>(context), CL_MEM_SIZE, sizeof size, &size,
                               nullptr),
            CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(m);
}

TEST_F(Buffer, RetainReleaseCounts) {
  cl_mem m = create(0, 64);
  EXPECT_EQ(clRetainMemObject(m), CL_SUCCESS);
  EXPECT_EQ(clRetainMemObject(m), CL_SUCCESS);
  EXPECT_EQ(info<cl_uint>(m, CL_MEM_REFERENCE_COUNT), 3u);
  EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
  EXPECT_EQ(info<cl_uint>(m, CL_MEM_REFERENCE_COUNT), 2u);
  EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
  EXPECT_EQ(clRetainMemObject(nullptr), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clReleaseMemObject(nullptr), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clReleaseMemObject(reinterpret_cast<cl_mem>(queue)), CL_INVALID_MEM_OBJECT);
}

// --- sub-buffers -------------------------------------------------------------

TEST_F(Buffer, SubBufferInheritsUnspecifiedFlags) {
  alignas(128) static uint8_t host[1024];
  cl_mem parent =
      create(CL_MEM_READ_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_USE_HOST_PTR, sizeof host, host);
  size_t origin = baseAlignBytes();
  cl_int err;
  cl_mem s = sub(parent, 0, origin, 64, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem_flags f = info<cl_mem_flags>(s, CL_MEM_FLAGS);
  EXPECT_TRUE(f & CL_MEM_READ_ONLY);
  EXPECT_TRUE(f & CL_MEM_HOST_READ_ONLY);
  EXPECT_TRUE(f & CL_MEM_USE_HOST_PTR); // host-pointer flags always come from the parent
  EXPECT_EQ(info<void *>(s, CL_MEM_HOST_PTR), static_cast<void *>(host + origin));
  EXPECT_EQ(info<cl_mem>(s, CL_MEM_ASSOCIATED_MEMOBJECT), parent);
  EXPECT_EQ(info<size_t>(s, CL_MEM_OFFSET), origin);
  EXPECT_EQ(info<size_t>(s, CL_MEM_SIZE), 64u);
  EXPECT_EQ(info<cl_context>(s, CL_MEM_CONTEXT), context);
  clReleaseMemObject(s);

  // An explicit, compatible choice replaces the inherited one.
  cl_mem rw = create(CL_MEM_READ_WRITE, 1024);
  cl_mem w = sub(rw, CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, 0, 64, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(info<cl_mem_flags>(w, CL_MEM_FLAGS),
            cl_mem_flags(CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS));
  clReleaseMemObject(w);
  clReleaseMemObject(rw);
  clReleaseMemObject(parent);
}

TEST_F(Buffer, SubBufferFlagConflicts) {
  struct Case {
    cl_mem_flags parent, sub;
  } cases[] = {
      {CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE},
      {CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY},
      {CL_MEM_READ_ONLY, CL_MEM_READ_WRITE},
      {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY},
      {CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY},
      {CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_WRITE_ONLY},
      {CL_MEM_HOST_NO_ACCESS, CL_MEM_HOST_READ_ONLY},
      {CL_MEM_HOST_NO_ACCESS, CL_MEM_HOST_WRITE_ONLY},
      // Host-pointer flags cannot be given for a sub-buffer.
      {CL_MEM_READ_WRITE, CL_MEM_USE_HOST_PTR},
      {CL_MEM_READ_WRITE, CL_MEM_ALLOC_HOST_PTR},
      {CL_MEM_READ_WRITE, CL_MEM_COPY_HOST_PTR},
      // Nor two access flags at once.
      {CL_MEM_READ_WRITE, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY},
  };
  for (const Case &c : cases) {
    cl_mem parent = create(c.parent, 1024);
    cl_int err = CL_SUCCESS;
    cl_mem s = sub(parent, c.sub, 0, 64, &err);
    EXPECT_EQ(s, nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE) << "parent " << c.parent << " sub " << c.sub;
    if (s)
      clReleaseMemObject(s);
    clReleaseMemObject(parent);
  }
}

TEST_F(Buffer, SubBufferRegionRules) {
  cl_mem parent = create(0, 1024);
  size_t align = baseAlignBytes();
  ASSERT_GE(align, 2u);
  cl_int err;
  auto expectError = [&](cl_mem m, cl_int code, const char *what) {
    EXPECT_EQ(m, nullptr) << what;
    EXPECT_EQ(err, code) << what;
    if (m)
      clReleaseMemObject(m);
  };
  expectError(sub(parent, 0, 0, 1025, &err), CL_INVALID_VALUE, "too large");
  expectError(sub(parent, 0, 1024, 1, &err), CL_INVALID_VALUE, "past the end");
  expectError(sub(parent, 0, 1024 - align, align + 1, &err), CL_INVALID_VALUE, "end past the end");
  expectError(sub(parent, 0, SIZE_MAX - 63, 128, &err), CL_INVALID_VALUE, "wrapping origin");
  expectError(sub(parent, 0, 0, 0, &err), CL_INVALID_BUFFER_SIZE, "empty");
  expectError(sub(parent, 0, align / 2, 16, &err), CL_MISALIGNED_SUB_BUFFER_OFFSET, "misaligned");

  cl_buffer_region r = {0, 64};
  expectError(clCreateSubBuffer(parent, 0, 0x9999, &r, &err), CL_INVALID_VALUE, "create type");
  expectError(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, nullptr, &err),
              CL_INVALID_VALUE, "no region");
  expectError(clCreateSubBuffer(nullptr, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err),
              CL_INVALID_MEM_OBJECT, "no parent");

  // The whole buffer is a valid region, and so is the last aligned slot.
  cl_mem whole = sub(parent, 0, 0, 1024, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  cl_mem last = sub(parent, 0, 1024 - align, align, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  // A sub-buffer cannot be the parent of another.
  expectError(sub(whole, 0, 0, 16, &err), CL_INVALID_MEM_OBJECT, "sub of sub");
  clReleaseMemObject(whole);
  clReleaseMemObject(last);
  clReleaseMemObject(parent);
}

TEST_F(Buffer, SubBufferSharesStorageWithParent) {
  size_t align = baseAlignBytes();
  size_t total = 4 * align;
  std::vector<uint8_t> init(total);
  std::iota(init.begin(), init.end(), uint8_t(0));
  cl_mem parent = create(CL_MEM_COPY_HOST_PTR, total, init.data());
  cl_int err;
  cl_mem s = sub(parent, 0, align, align, &err);
  ASSERT_EQ(err, CL_SUCCESS);

  // The sub-buffer sees the parent's bytes from its origin on.
  std::vector<uint8_t> expect(init.begin() + align, init.begin() + 2 * align);
  EXPECT_EQ(read(s, align), expect);

  // A write through the sub-buffer lands in the parent at origin + offset.
  uint8_t v[3] = {0xE1, 0xE2, 0xE3};
  EXPECT_EQ(clEnqueueWriteBuffer(queue, s, CL_TRUE, 5, 3, v, 0, nullptr, nullptr), CL_SUCCESS);
  std::vector<uint8_t> all = read(parent, total);
  EXPECT_EQ(all[align + 5], 0xE1);
  EXPECT_EQ(all[align + 7], 0xE3);
  EXPECT_EQ(all[align + 4], init[align + 4]);

  // And the other way round.
  uint8_t w = 0x99;
  EXPECT_EQ(clEnqueueWriteBuffer(queue, parent, CL_TRUE, align + 1, 1, &w, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(read(s, 2)[1], 0x99);

  // The sub-buffer keeps its parent's storage alive after the parent's
  // handle is released.
  EXPECT_EQ(clReleaseMemObject(parent), CL_SUCCESS);
  EXPECT_EQ(read(s, 2)[1], 0x99);
  clReleaseMemObject(s);
}

// --- destructor callbacks ------------------------------------------------------

struct CallbackLog {
  std::mutex mutex;
  std::vector<int> order;
  void add(int id) {
    std::lock_guard lock(mutex);
    order.push_back(id);
  }
  std::vector<int> get() {
    std::lock_guard lock(mutex);
    return order;
  }
};
struct Tagged {
  CallbackLog *log;
  int id;
  cl_mem expected;
};
void CL_CALLBACK logDestructor(cl_mem m, void *user) {
  auto *t = static_cast<Tagged *>(user);
  EXPECT_EQ(m, t->expected);
  t->log->add(t->id);
}

TEST_F(Buffer, DestructorCallbacksRunInReverseOrderOnLastRelease) {
  CallbackLog log;
  cl_mem m = create(0, 64);
  Tagged t[3] = {{&log, 1, m}, {&log, 2, m}, {&log, 3, m}};
  for (Tagged &x : t)
    EXPECT_EQ(clSetMemObjectDestructorCallback(m, logDestructor, &x), CL_SUCCESS);
  clRetainMemObject(m);
  clReleaseMemObject(m);
  EXPECT_TRUE(log.get().empty()); // one reference left
  clReleaseMemObject(m);
  EXPECT_EQ(log.get(), (std::vector<int>{3, 2, 1}));
}

TEST_F(Buffer, DestructorCallbackErrors) {
  cl_mem m = create(0, 64);
  EXPECT_EQ(clSetMemObjectDestructorCallback(m, nullptr, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clSetMemObjectDestructorCallback(nullptr, logDestructor, nullptr),
            CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(m);
}

TEST_F(Buffer, DestructorWaitsForPendingCommand) {
  // A write gated by a user event still uses the buffer after the
  // application released it: the callback must wait for the command.
  CallbackLog log;
  cl_mem m = create(0, 64);
  Tagged t{&log, 1, m};
  clSetMemObjectDestructorCallback(m, logDestructor, &t);
  UserEvent gate(context);
  uint32_t v = 42;
  cl_event write;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, 4, &v, 1, gate.ptr(), &write), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
  EXPECT_TRUE(log.get().empty()) << "freed while a command still uses it";
  EXPECT_EQ(gate.set(CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &write), CL_SUCCESS);
  clReleaseEvent(write);
  EXPECT_TRUE(eventually([&] { return !log.get().empty(); }));
  EXPECT_EQ(log.get(), std::vector<int>{1});
}

TEST_F(Buffer, DestructorRunsAfterAFailedCommandLetGo) {
  // A command that failed (its gate failed) will never use the buffer: once
  // it has finished, it must not keep the buffer alive.
  CallbackLog log;
  cl_mem m = create(0, 64);
  Tagged t{&log, 1, m};
  clSetMemObjectDestructorCallback(m, logDestructor, &t);
  UserEvent gate(context);
  uint32_t v = 42;
  cl_event write;
  ASSERT_EQ(clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, 4, &v, 1, gate.ptr(), &write), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
  EXPECT_EQ(gate.set(-1), CL_SUCCESS);
  EXPECT_EQ(clWaitForEvents(1, &write), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  // The application still holds the failed command's event (and the queue
  // its last command): neither may pin the buffer.
  EXPECT_TRUE(eventually([&] { return !log.get().empty(); }));
  clReleaseEvent(write);
  EXPECT_EQ(log.get(), std::vector<int>{1});
}

TEST_F(Buffer, DestructorWaitsForSubBuffers) {
  CallbackLog log;
  cl_mem parent = create(0, 1024);
  Tagged tp{&log, 1, parent};
  clSetMemObjectDestructorCallback(parent, logDestructor, &tp);
  cl_int err;
  cl_mem s = sub(parent, 0, 0, 64, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  Tagged ts{&log, 2, s};
  clSetMemObjectDestructorCallback(s, logDestructor, &ts);
  clReleaseMemObject(parent);
  EXPECT_TRUE(log.get().empty()) << "parent freed under a live sub-buffer";
  clReleaseMemObject(s);
  EXPECT_EQ(log.get(), (std::vector<int>{2, 1}));
}

} // namespace
} // namespace corecl::test
