// End-to-end: the OpenCL C 3.0 atomic functions (atomic_init/load/store/
// exchange, compare_exchange strong and weak, fetch_<key>, atomic_flag,
// atomic_work_item_fence) in the order-and-scope forms OpenCL C 3.0 makes
// mandatory (relaxed order, work-group scope), and in every order and scope
// the device reports beyond them, on global, local and generic pointers,
// built with -cl-std=CL3.0.
// Every result is checked against a host reference.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <type_traits>
#include <vector>

#include <unistd.h>

namespace corecl::test {
namespace {

using C11AtomicsTest = KernelTest;

constexpr const char *kCl3 = "-cl-std=CL3.0";

#define RELAXED_WG "memory_order_relaxed, memory_scope_work_group"

TEST_F(C11AtomicsTest, FetchOperationsOnGlobalAndLocalLoseNoUpdate) {
  // Work-item i of a group applies operation (i % 7) to its group's word
  // for that operation, in global and in local memory, for int, uint, long
  // and ulong; the final words are order independent.
  std::string source = R"(
    #define OPS(T, A, AS, w, v)                                                   \
      switch (lid % 7) {                                                          \
      case 0: atomic_fetch_add_explicit((volatile AS A *)&w[0], v, )" RELAXED_WG R"(); break; \
      case 1: atomic_fetch_sub_explicit((volatile AS A *)&w[1], v, )" RELAXED_WG R"(); break; \
      case 2: atomic_fetch_or_explicit((volatile AS A *)&w[2], (T)1 << (lid % 31), )" RELAXED_WG
                       R"(); break; \
      case 3: atomic_fetch_xor_explicit((volatile AS A *)&w[3], (T)lid * 2654435761u, )" RELAXED_WG
                       R"(); break; \
      case 4: atomic_fetch_and_explicit((volatile AS A *)&w[4], ~((T)1 << (lid % 29)), )" RELAXED_WG
                       R"(); break; \
      case 5: atomic_fetch_min_explicit((volatile AS A *)&w[5], v, )" RELAXED_WG R"(); break; \
      case 6: atomic_fetch_max_explicit((volatile AS A *)&w[6], v, )" RELAXED_WG R"(); break; \
      }

    #define KERNEL(T, A)                                                          \
    kernel void ops_##T(global T *g, global T *out) {                             \
      local T w[7];                                                               \
      size_t lid = get_local_id(0), grp = get_group_id(0);                        \
      if (lid < 7)                                                                \
        atomic_init((volatile local A *)&w[lid], g[grp * 7 + lid]);              \
      barrier(CLK_LOCAL_MEM_FENCE);                                               \
      T v = (T)((long)lid * 37 - 900);                                            \
      global T *gw = g + grp * 7;                                                 \
      OPS(T, A, global, gw, v)                                                    \
      OPS(T, A, local, w, v)                                                      \
      barrier(CLK_LOCAL_MEM_FENCE);                                               \
      if (lid < 7)                                                                \
        out[grp * 7 + lid] =                                                      \
            atomic_load_explicit((volatile local A *)&w[lid], )" RELAXED_WG R"(); \
    }
    KERNEL(int, atomic_int)
    KERNEL(uint, atomic_uint)
    KERNEL(long, atomic_long)
    KERNEL(ulong, atomic_ulong)
  )";
  cl_program program = build(source, kCl3);
  ASSERT_TRUE(program);
  const size_t local = 96, groups = 5, global = local * groups;

  auto check = [&](auto zero, const char *name) {
    using T = decltype(zero);
    cl_kernel k = createKernel(program, name);
    ASSERT_TRUE(k);
    std::vector<T> init(groups * 7);
    for (size_t i = 0; i < init.size(); ++i)
      init[i] = T(i % 7 == 4 ? ~T(0) : T(1000 + i * 13));
    cl_mem bg = bufferOf(init), bo = outputBuffer<T>(groups * 7);
    ASSERT_EQ(setArgs(k, bg, bo), CL_SUCCESS);
    ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
    std::vector<T> expected = init;
    for (size_t grp = 0; grp < groups; ++grp) {
      T *w = &expected[grp * 7];
      for (size_t lid = 0; lid < local; ++lid) {
        T v = T(int64_t(lid) * 37 - 900);
        switch (lid % 7) {
        case 0:
          w[0] = T(w[0] + v);
          break;
        case 1:
          w[1] = T(w[1] - v);
          break;
        case 2:
          w[2] |= T(1) << (lid % 31);
          break;
        case 3:
          w[3] ^= T(uint64_t(lid) * 2654435761u);
          break;
        case 4:
          w[4] &= T(~(T(1) << (lid % 29)));
          break;
        case 5:
          w[5] = std::min(w[5], v);
          break;
        case 6:
          w[6] = std::max(w[6], v);
          break;
        }
      }
    }
    EXPECT_EQ(read<T>(bg, groups * 7), expected) << name << " in global memory";
    EXPECT_EQ(read<T>(bo, groups * 7), expected) << name << " in local memory";
  };
  check(cl_int(0), "ops_int");
  check(cl_uint(0), "ops_uint");
  check(cl_long(0), "ops_long");
  check(cl_ulong(0), "ops_ulong");
}

TEST_F(C11AtomicsTest, CompareExchangeLoopsAddFloatsWithExpectedInEveryAddressSpace) {
  // A float sum built from compare-exchange loops, the usual way to add
  // floats atomically: the failed exchange must hand back the value it
  // found, through a private, a local and a global `expected`. The addends
  // are small integers, so every order gives the same exact sum.
  cl_kernel k = buildKernel(R"(
    kernel void sum(global const float *x, volatile global atomic_float *total,
                    global float *scratch, global int *retries) {
      local float expectedLocal[64];
      local atomic_float localTotal;
      size_t lid = get_local_id(0), gid = get_global_id(0);
      if (lid == 0)
        atomic_init(&localTotal, 0.0f);
      barrier(CLK_LOCAL_MEM_FENCE);
      float v = x[gid];
      // Private `expected`, strong exchange, on the global total.
      float seen = atomic_load_explicit(total, )" RELAXED_WG R"();
      while (!atomic_compare_exchange_strong_explicit(total, &seen, seen + v,
                 memory_order_relaxed, memory_order_relaxed, memory_scope_work_group))
        ;
      // Local `expected` (a slot per work-item), weak exchange, on the
      // group's local total.
      expectedLocal[lid] = 0.0f;
      int tries = 0;
      while (!atomic_compare_exchange_weak_explicit(&localTotal, &expectedLocal[lid],
                 expectedLocal[lid] + v, memory_order_relaxed, memory_order_relaxed,
                 memory_scope_work_group))
        ++tries;
      barrier(CLK_LOCAL_MEM_FENCE);
      // Global `expected`: a wrong guess, so the exchange must fail.
      if (lid == 0) {
        float groupSum = atomic_load_explicit(&localTotal, )" RELAXED_WG R"();
        scratch[get_group_id(0)] = groupSum + 1.0f;
        volatile global atomic_float *slot =
            (volatile global atomic_float *)&scratch[get_num_groups(0) + get_group_id(0)];
        atomic_store_explicit(slot, groupSum, )" RELAXED_WG R"();
        bool first = atomic_compare_exchange_strong_explicit(slot, &scratch[get_group_id(0)],
                 0.0f, memory_order_relaxed, memory_order_relaxed, memory_scope_work_group);
        retries[get_group_id(0)] = first ? -1 : tries;
      }
    })",
                            "sum", kCl3);
  ASSERT_TRUE(k);
  const size_t local = 64, groups = 4, global = local * groups;
  std::vector<cl_float> x(global);
  for (size_t i = 0; i < global; ++i)
    x[i] = float(int(i * 7 % 23) - 11);
  std::vector<cl_float> zero(1, 0.0f);
  cl_mem bx = bufferOf(x), bt = bufferOf(zero), bs = outputBuffer<cl_float>(2 * groups),
         br = outputBuffer<cl_int>(groups);
  ASSERT_EQ(setArgs(k, bx, bt, bs, br), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);

  float total = 0;
  std::vector<float> groupSums(groups, 0.0f);
  for (size_t i = 0; i < global; ++i) {
    total += x[i];
    groupSums[i / local] += x[i];
  }
  EXPECT_EQ(read<cl_float>(bt, 1)[0], total);
  std::vector<cl_float> scratch = read<cl_float>(bs, 2 * groups);
  std::vector<cl_int> retries = read<cl_int>(br, groups);
  for (size_t g = 0; g < groups; ++g) {
    // The failed exchange wrote the slot's value into `expected` and left
    // the slot alone.
    EXPECT_EQ(scratch[g], groupSums[g]) << "group " << g;
    EXPECT_EQ(scratch[groups + g], groupSums[g]) << "group " << g;
    EXPECT_GE(retries[g], 0) << "the exchange with a wrong guess succeeded in group " << g;
  }
}

TEST_F(C11AtomicsTest, FlagGuardsACriticalSectionAndExchangeSwapsBits) {
  // atomic_flag as a lock around a plain read-modify-write, one lock per
  // group; atomic_exchange on float and double returns the old value.
  cl_kernel k = buildKernel(R"(
    kernel void lock(volatile global atomic_flag *flags, global uint *counters,
                     volatile global atomic_double *last, global double *olds) {
      size_t grp = get_group_id(0);
      while (atomic_flag_test_and_set_explicit(&flags[grp], )" RELAXED_WG R"())
        ;
      counters[grp] = counters[grp] * 3 + 1;
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                             memory_scope_work_group);
      atomic_flag_clear_explicit(&flags[grp], )" RELAXED_WG R"();
      olds[get_global_id(0)] =
          atomic_exchange_explicit(&last[grp], (double)get_global_id(0) + 0.5, )" RELAXED_WG R"();
    })",
                            "lock", kCl3);
  ASSERT_TRUE(k);
  const size_t local = 32, groups = 3, global = local * groups;
  std::vector<cl_int> flags(groups, 0);
  std::vector<cl_uint> counters(groups, 0); // unsigned: the products wrap, defined
  std::vector<cl_double> last(groups, -1.0);
  cl_mem bf = bufferOf(flags), bc = bufferOf(counters), bl = bufferOf(last),
         bo = outputBuffer<cl_double>(global);
  ASSERT_EQ(setArgs(k, bf, bc, bl, bo), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  cl_uint expected = 0;
  for (size_t i = 0; i < local; ++i)
    expected = expected * 3 + 1;
  EXPECT_EQ(read<cl_uint>(bc, groups), std::vector<cl_uint>(groups, expected));
  EXPECT_EQ(read<cl_int>(bf, groups), std::vector<cl_int>(groups, 0)) << "a flag stayed set";
  // Each group's exchanges form one chain: -1 and every value but the last
  // written appear once among the old values, and the last one is kept.
  std::vector<cl_double> olds = read<cl_double>(bo, global), kept = read<cl_double>(bl, groups);
  for (size_t g = 0; g < groups; ++g) {
    std::vector<double> seen(olds.begin() + g * local, olds.begin() + (g + 1) * local);
    seen.push_back(kept[g]);
    std::sort(seen.begin(), seen.end());
    std::vector<double> chain = {-1.0};
    for (size_t i = 0; i < local; ++i)
      chain.push_back(double(g * local + i) + 0.5);
    EXPECT_EQ(seen, chain) << "group " << g;
  }
}

TEST_F(C11AtomicsTest, UintptrTakesASignedDifference) {
  cl_kernel k = buildKernel(R"(
    kernel void ptrs(volatile global atomic_uintptr_t *p, volatile global atomic_intptr_t *q,
                     global ulong *old) {
      old[get_global_id(0)] = atomic_fetch_add_explicit(p, (ptrdiff_t)-3, )" RELAXED_WG R"();
      atomic_fetch_or_explicit(q, (uintptr_t)1 << get_global_id(0), )" RELAXED_WG R"();
    })",
                            "ptrs", kCl3);
  ASSERT_TRUE(k);
  const size_t global = 40, local = 40;
  std::vector<cl_ulong> p = {1000}, q = {0};
  cl_mem bp = bufferOf(p), bq = bufferOf(q), bo = outputBuffer<cl_ulong>(global);
  ASSERT_EQ(setArgs(k, bp, bq, bo), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
  EXPECT_EQ(read<cl_ulong>(bp, 1)[0], 1000u - 3 * global);
  EXPECT_EQ(read<cl_ulong>(bq, 1)[0], (cl_ulong(1) << global) - 1);
  std::vector<cl_ulong> olds = read<cl_ulong>(bo, global);
  std::sort(olds.begin(), olds.end());
  for (size_t i = 0; i < global; ++i)
    EXPECT_EQ(olds[i], 1000u - 3 * (global - 1 - i)) << i;
}

TEST_F(C11AtomicsTest, DeviceReportsTheMandatoryCapabilities) {
  cl_device_atomic_capabilities memory = 0, fence = 0;
  ASSERT_EQ(clGetDeviceInfo(device(), CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof memory, &memory,
                            nullptr),
            CL_SUCCESS);
  ASSERT_EQ(
      clGetDeviceInfo(device(), CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof fence, &fence, nullptr),
      CL_SUCCESS);
  const cl_device_atomic_capabilities minimum =
      CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;
  EXPECT_EQ(memory & minimum, minimum);
  EXPECT_EQ(fence & (minimum | CL_DEVICE_ATOMIC_ORDER_ACQ_REL),
            minimum | CL_DEVICE_ATOMIC_ORDER_ACQ_REL);
}

// Every order and scope the device reports, on each atomic type, through
// __global, __local and generic pointers: each work-item runs a fixed
// sequence of operations on its own object, so the results are the
// sequential ones, checked against the same sequence on the host.
constexpr const char *kEveryOrderSource = R"(
  #define ORDERS(X) X(memory_order_relaxed) X(memory_order_acquire) X(memory_order_release) \
                    X(memory_order_acq_rel) X(memory_order_seq_cst)
  // The sequence on one object `p` (any space); returns a digest of what it saw.
  #define SEQUENCE(A, T, p, seed, INTEGER)                                               \
    T seen = 0;                                                                          \
    atomic_init(p, (T)seed);                                                             \
    atomic_store_explicit(p, atomic_load_explicit(p, memory_order_seq_cst,               \
                                                  memory_scope_all_devices) + (T)1,      \
                          memory_order_release, memory_scope_device);                    \
    seen += atomic_exchange_explicit(p, (T)(seed * 3), memory_order_acq_rel,             \
                                     memory_scope_all_devices);                          \
    seen += atomic_exchange(p, (T)(seed * 4));                                           \
    T expected = (T)7;                                                                   \
    seen += (T)atomic_compare_exchange_strong_explicit(p, &expected, (T)9,               \
        memory_order_seq_cst, memory_order_acquire, memory_scope_device);                \
    seen += expected; /* failed: now the current value */                                \
    seen += (T)atomic_compare_exchange_strong(p, &expected, (T)(seed + 2));              \
    T old = atomic_load_explicit(p, memory_order_acquire);                               \
    while (!atomic_compare_exchange_weak_explicit(p, &old, old * (T)2,                   \
           memory_order_acq_rel, memory_order_relaxed, memory_scope_work_group))         \
      ;                                                                                  \
    INTEGER(A, T, p, seen)                                                               \
    seen += atomic_load(p);

  #define INTEGER_OPS(A, T, p, seen)                                                     \
    seen += atomic_fetch_add_explicit(p, (T)5, memory_order_seq_cst, memory_scope_device); \
    seen += atomic_fetch_sub_explicit(p, (T)2, memory_order_acq_rel);                    \
    seen += atomic_fetch_or(p, (T)0x100);                                                \
    seen += atomic_fetch_xor_explicit(p, (T)0x11, memory_order_release,                  \
                                      memory_scope_all_devices);                         \
    seen += atomic_fetch_and_explicit(p, (T)0x7ff, memory_order_acquire,                 \
                                      memory_scope_device);                              \
    seen += atomic_fetch_min(p, (T)1000);                                                \
    seen += atomic_fetch_max_explicit(p, (T)3, memory_order_seq_cst);
  #define NO_OPS(A, T, p, seen)

  #define KERNEL(A, T, INTEGER)                                                          \
    T run_##T(volatile A *p, T seed) { SEQUENCE(A, T, p, seed, INTEGER) return seen; }  \
    kernel void every_##T(global A *g, global T *out) {                                  \
      local A l[64];                                                                     \
      size_t i = get_global_id(0), lid = get_local_id(0);                                \
      T seed = (T)(i + 1);                                                               \
      {                                                                                  \
        volatile global A *p = g + i;                                                    \
        SEQUENCE(A, T, p, seed, INTEGER)                                                 \
        out[3 * i] = seen;                                                               \
      }                                                                                  \
      {                                                                                  \
        volatile local A *p = l + lid;                                                   \
        SEQUENCE(A, T, p, seed, INTEGER)                                                 \
        out[3 * i + 1] = seen;                                                           \
      }                                                                                  \
      out[3 * i + 2] = run_##T((lid & 1) ? (volatile A *)(l + lid) : (volatile A *)(g + i), \
                               seed);                                                    \
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE,                 \
                             memory_order_seq_cst, memory_scope_all_devices);            \
    }
  KERNEL(atomic_int, int, INTEGER_OPS)
  KERNEL(atomic_uint, uint, INTEGER_OPS)
  KERNEL(atomic_long, long, INTEGER_OPS)
  KERNEL(atomic_ulong, ulong, INTEGER_OPS)
  KERNEL(atomic_float, float, NO_OPS)
  KERNEL(atomic_double, double, NO_OPS)
)";

/// The host's run of SEQUENCE above on a plain object.
template <class T> T everyOrderReference(T seed, bool integer) {
  T x = seed, seen = 0;
  x = T(x + 1);
  seen += x, x = T(seed * 3);
  seen += x, x = T(seed * 4);
  T expected = 7;
  bool swapped = x == expected;
  if (swapped)
    x = 9;
  else
    expected = x;
  seen += T(swapped), seen += expected;
  swapped = x == expected;
  if (swapped)
    x = T(seed + 2);
  else
    expected = x;
  seen += T(swapped);
  x = T(x * 2);
  if (integer) {
    if constexpr (std::is_integral_v<T>) {
      seen += x, x = T(x + 5);
      seen += x, x = T(x - 2);
      seen += x, x = T(x | 0x100);
      seen += x, x = T(x ^ 0x11);
      seen += x, x = T(x & 0x7ff);
      seen += x, x = std::min<T>(x, 1000);
      seen += x, x = std::max<T>(x, 3);
    }
  }
  return T(seen + x);
}

TEST_F(C11AtomicsTest, EveryOrderAndScopeOnGlobalLocalAndGenericObjects) {
  cl_device_atomic_capabilities caps = 0;
  ASSERT_EQ(
      clGetDeviceInfo(device(), CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof caps, &caps, nullptr),
      CL_SUCCESS);
  const cl_device_atomic_capabilities all =
      CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
      CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
      CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES;
  ASSERT_EQ(caps & all, all);
  cl_program program = build(kEveryOrderSource, kCl3);
  ASSERT_TRUE(program);
  auto check = [&](auto zero, const char *name, bool integer) {
    using T = decltype(zero);
    cl_kernel k = createKernel(program, name);
    ASSERT_TRUE(k);
    for (size_t local : {1, 16, 64}) {
      const size_t global = 128;
      cl_mem g = outputBuffer<T>(global), out = outputBuffer<T>(3 * global);
      ASSERT_EQ(setArgs(k, g, out), CL_SUCCESS);
      ASSERT_EQ(run(k, 1, &global, &local), CL_SUCCESS);
      std::vector<T> got = read<T>(out, 3 * global);
      for (size_t i = 0; i < 3 * global; ++i)
        ASSERT_EQ(got[i], everyOrderReference<T>(T(i / 3 + 1), integer))
            << name << ", local size " << local << ", work-item " << i / 3 << ", object " << i % 3;
    }
  };
  check(int(0), "every_int", true);
  check(unsigned(0), "every_uint", true);
  check(int64_t(0), "every_long", true);
  check(uint64_t(0), "every_ulong", true);
  check(float(0), "every_float", false);
  check(double(0), "every_double", false);
}

TEST_F(C11AtomicsTest, LocalAtomicsBecomePlainOperations) {
  // A group runs on one thread, so atomics on its local memory need no
  // locked instruction; OpenCL C 3.0 passes them generic pointers, which
  // must still be seen to point into local memory. This kernel has atomics
  // on local memory only: its optimised module must have none left.
  std::string source = R"(
    kernel void hist(global const uchar *data, global uint *bins) {
      local atomic_uint counts[16];
      size_t lid = get_local_id(0);
      if (lid < 16)
        atomic_init(&counts[lid], 0);
      barrier(CLK_LOCAL_MEM_FENCE);
      atomic_fetch_add_explicit(&counts[data[get_global_id(0)] & 15], 1, memory_order_relaxed,
                                memory_scope_work_group);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid < 16)
        bins[get_group_id(0) * 16 + lid] = atomic_load_explicit(&counts[lid],
                                                                memory_order_relaxed);
    })";
  // The optimised module is the dump named <kernel>.<n>.ll (the others are
  // <kernel>.prepared.<n>.ll and <kernel>.unoptimized.<n>.ll).
  std::filesystem::path dump = std::filesystem::temp_directory_path() /
                               ("corecl-local-atomics-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dump);
  ::setenv("CORECL_DUMP_IR", dump.c_str(), 1);
  ::setenv("CORECL_CACHE", "0", 1);
  cl_kernel k = buildKernel(source, "hist", kCl3);
  generateCode(k);
  ::unsetenv("CORECL_DUMP_IR");
  ::unsetenv("CORECL_CACHE");
  std::string optimized;
  for (const auto &file : std::filesystem::directory_iterator(dump)) {
    std::string name = file.path().filename().string();
    if (name.find("prepared") != std::string::npos || name.find("unoptimized") != std::string::npos)
      continue;
    std::ifstream in(file.path());
    optimized.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::filesystem::remove_all(dump);
  ASSERT_TRUE(k);
  ASSERT_NE(optimized.find("define"), std::string::npos);
  EXPECT_EQ(optimized.find("atomicrmw"), std::string::npos) << "a local atomic is left";
  const size_t n = 4096, local = 256, groups = n / local;
  std::vector<cl_uchar> data(n);
  std::vector<cl_uint> expected(16 * groups, 0);
  for (size_t i = 0; i < n; ++i) {
    data[i] = cl_uchar(i * 7 + i / 5);
    ++expected[i / local * 16 + (data[i] & 15)];
  }
  cl_mem bd = bufferOf(data), bb = outputBuffer<cl_uint>(16 * groups);
  ASSERT_EQ(setArgs(k, bd, bb), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  EXPECT_EQ(read<cl_uint>(bb, 16 * groups), expected);
}

} // namespace
} // namespace corecl::test
