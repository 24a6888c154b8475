// End-to-end: kernel and program queries of built programs:
// clGetKernelInfo, clGetKernelWorkGroupInfo, clGetKernelArgInfo (with and
// without -cl-kernel-arg-info), clGetProgramInfo NUM_KERNELS/KERNEL_NAMES,
// clCreateKernelsInProgram, and clCloneKernel.
#include "kernels/kernel_fixture.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

namespace corecl::test {
namespace {

using KernelQueryTest = KernelTest;

std::string kernelString(cl_kernel k, cl_kernel_info param) {
  size_t size = 0;
  EXPECT_EQ(clGetKernelInfo(k, param, 0, nullptr, &size), CL_SUCCESS);
  std::string s(size, '\0');
  EXPECT_EQ(clGetKernelInfo(k, param, size, s.data(), nullptr), CL_SUCCESS);
  if (!s.empty() && s.back() == '\0')
    s.pop_back();
  return s;
}

std::string argString(cl_kernel k, cl_uint index, cl_kernel_arg_info param) {
  size_t size = 0;
  EXPECT_EQ(clGetKernelArgInfo(k, index, param, 0, nullptr, &size), CL_SUCCESS);
  std::string s(size, '\0');
  EXPECT_EQ(clGetKernelArgInfo(k, index, param, size, s.data(), nullptr), CL_SUCCESS);
  if (!s.empty() && s.back() == '\0')
    s.pop_back();
  return s;
}

template <class T> T argValue(cl_kernel k, cl_uint index, cl_kernel_arg_info param) {
  T v{};
  EXPECT_EQ(clGetKernelArgInfo(k, index, param, sizeof v, &v, nullptr), CL_SUCCESS);
  return v;
}

std::set<std::string> splitNames(const std::string &names) {
  std::set<std::string> out;
  std::stringstream in(names);
  std::string item;
  while (std::getline(in, item, ';'))
    out.insert(item);
  return out;
}

const char *kArgs = R"(
  typedef struct { int a; float b; } Pair;
  kernel void args(global const float *restrict in, global volatile int *flags,
                   constant uint *table, local float4 *scratch, uint count, Pair pair,
                   float4 scale) {
    scratch[0] = scale;
    flags[0] = (int)(in[0] + table[0] + count + pair.a + scratch[0].x);
  }
  kernel void second(global int *out) { out[0] = 2; }
  __attribute__((reqd_work_group_size(16, 2, 1)))
  kernel void third(global int *out) { out[get_global_id(0)] = 3; }
)";

TEST_F(KernelQueryTest, KernelInfo) {
  cl_program p = build(kArgs);
  ASSERT_TRUE(p);
  cl_kernel k = createKernel(p, "args");
  ASSERT_TRUE(k);
  EXPECT_EQ(kernelString(k, CL_KERNEL_FUNCTION_NAME), "args");
  cl_uint numArgs = 0;
  ASSERT_EQ(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof numArgs, &numArgs, nullptr), CL_SUCCESS);
  EXPECT_EQ(numArgs, 7u);
  cl_uint refs = 0;
  ASSERT_EQ(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof refs, &refs, nullptr), CL_SUCCESS);
  EXPECT_EQ(refs, 1u);
  cl_context ctx = nullptr;
  ASSERT_EQ(clGetKernelInfo(k, CL_KERNEL_CONTEXT, sizeof ctx, &ctx, nullptr), CL_SUCCESS);
  EXPECT_EQ(ctx, context);
  cl_program prog = nullptr;
  ASSERT_EQ(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof prog, &prog, nullptr), CL_SUCCESS);
  EXPECT_EQ(prog, p);
  EXPECT_EQ(kernelString(k, CL_KERNEL_ATTRIBUTES), "");
  cl_kernel third = createKernel(p, "third");
  ASSERT_TRUE(third);
  EXPECT_NE(kernelString(third, CL_KERNEL_ATTRIBUTES).find("reqd_work_group_size(16,2,1)"),
            std::string::npos)
      << kernelString(third, CL_KERNEL_ATTRIBUTES);
  // Too small a buffer and an unknown name.
  char tiny[2];
  EXPECT_EQ(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof tiny, tiny, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetKernelInfo(k, 0xdead, sizeof refs, &refs, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetKernelInfo(nullptr, CL_KERNEL_NUM_ARGS, sizeof numArgs, &numArgs, nullptr),
            CL_INVALID_KERNEL);
  cl_int err;
  EXPECT_EQ(clCreateKernel(p, "no_such_kernel", &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_KERNEL_NAME);
}

TEST_F(KernelQueryTest, WorkGroupInfo) {
  cl_program p = build(kArgs);
  ASSERT_TRUE(p);
  cl_kernel plain = createKernel(p, "second");
  cl_kernel reqd = createKernel(p, "third");
  ASSERT_TRUE(plain && reqd);
  size_t sizes[3] = {9, 9, 9};
  ASSERT_EQ(clGetKernelWorkGroupInfo(plain, device(), CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                     sizeof sizes, sizes, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(sizes[0], 0u);
  EXPECT_EQ(sizes[1], 0u);
  EXPECT_EQ(sizes[2], 0u);
  ASSERT_EQ(clGetKernelWorkGroupInfo(reqd, device(), CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                     sizeof sizes, sizes, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(sizes[0], 16u);
  EXPECT_EQ(sizes[1], 2u);
  EXPECT_EQ(sizes[2], 1u);
  // A NULL device is allowed when the kernel's context has one device.
  size_t wg = 0;
  ASSERT_EQ(
      clGetKernelWorkGroupInfo(plain, nullptr, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, nullptr),
      CL_SUCCESS);
  EXPECT_GE(wg, 1u);
  EXPECT_LE(wg, deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE));
  size_t multiple = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(plain, device(), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof multiple, &multiple, nullptr),
            CL_SUCCESS);
  EXPECT_GE(multiple, 1u);
  cl_ulong localMem = 1, privateMem = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(plain, device(), CL_KERNEL_LOCAL_MEM_SIZE, sizeof localMem,
                                     &localMem, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(localMem, 0u);
  EXPECT_EQ(clGetKernelWorkGroupInfo(plain, device(), CL_KERNEL_PRIVATE_MEM_SIZE, sizeof privateMem,
                                     &privateMem, nullptr),
            CL_SUCCESS);
  // __local argument sizes count in CL_KERNEL_LOCAL_MEM_SIZE once set.
  cl_kernel withLocal = createKernel(p, "args");
  ASSERT_TRUE(withLocal);
  ASSERT_EQ(clSetKernelArg(withLocal, 3, 4096, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetKernelWorkGroupInfo(withLocal, device(), CL_KERNEL_LOCAL_MEM_SIZE, sizeof localMem,
                                     &localMem, nullptr),
            CL_SUCCESS);
  EXPECT_GE(localMem, 4096u);
  // Errors: an invalid device, an unknown name, a buffer too small.
  alignas(64) static unsigned char fake[256] = {};
  EXPECT_EQ(clGetKernelWorkGroupInfo(plain, reinterpret_cast<cl_device_id>(fake),
                                     CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, nullptr),
            CL_INVALID_DEVICE);
  EXPECT_EQ(clGetKernelWorkGroupInfo(plain, device(), 0xdead, sizeof wg, &wg, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetKernelWorkGroupInfo(reqd, device(), CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                     sizeof(size_t), sizes, nullptr),
            CL_INVALID_VALUE);
}

TEST_F(KernelQueryTest, ArgInfoWithOption) {
  cl_kernel k = buildKernel(kArgs, "args", "-cl-kernel-arg-info");
  ASSERT_TRUE(k);
  const char *names[] = {"in", "flags", "table", "scratch", "count", "pair", "scale"};
  const char *types[] = {"float*", "int*", "uint*", "float4*", "uint", "Pair", "float4"};
  const cl_kernel_arg_address_qualifier spaces[] = {
      CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_GLOBAL,  CL_KERNEL_ARG_ADDRESS_CONSTANT,
      CL_KERNEL_ARG_ADDRESS_LOCAL,  CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_PRIVATE,
      CL_KERNEL_ARG_ADDRESS_PRIVATE};
  const cl_kernel_arg_type_qualifier quals[] = {CL_KERNEL_ARG_TYPE_CONST |
                                                    CL_KERNEL_ARG_TYPE_RESTRICT,
                                                CL_KERNEL_ARG_TYPE_VOLATILE,
                                                CL_KERNEL_ARG_TYPE_CONST,
                                                CL_KERNEL_ARG_TYPE_NONE,
                                                CL_KERNEL_ARG_TYPE_NONE,
                                                CL_KERNEL_ARG_TYPE_NONE,
                                                CL_KERNEL_ARG_TYPE_NONE};
  for (cl_uint i = 0; i < 7; ++i) {
    SCOPED_TRACE(testing::Message() << "argument " << i);
    EXPECT_EQ(argString(k, i, CL_KERNEL_ARG_NAME), names[i]);
    EXPECT_EQ(argString(k, i, CL_KERNEL_ARG_TYPE_NAME), types[i]);
    EXPECT_EQ(argValue<cl_kernel_arg_address_qualifier>(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER),
              spaces[i]);
    EXPECT_EQ(argValue<cl_kernel_arg_access_qualifier>(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER),
              cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_NONE));
    EXPECT_EQ(argValue<cl_kernel_arg_type_qualifier>(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER), quals[i]);
  }
  cl_kernel_arg_address_qualifier q;
  EXPECT_EQ(clGetKernelArgInfo(k, 7, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof q, &q, nullptr),
            CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clGetKernelArgInfo(k, 0, 0xdead, sizeof q, &q, nullptr), CL_INVALID_VALUE);
  char tiny[2];
  EXPECT_EQ(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof tiny, tiny, nullptr),
            CL_INVALID_VALUE);
}

TEST_F(KernelQueryTest, ArgInfoWithoutOptionIsNotAvailable) {
  cl_kernel k = buildKernel(kArgs, "args");
  ASSERT_TRUE(k);
  size_t size = 0;
  for (cl_kernel_arg_info param :
       {CL_KERNEL_ARG_ADDRESS_QUALIFIER, CL_KERNEL_ARG_ACCESS_QUALIFIER, CL_KERNEL_ARG_TYPE_NAME,
        CL_KERNEL_ARG_TYPE_QUALIFIER, CL_KERNEL_ARG_NAME})
    EXPECT_EQ(clGetKernelArgInfo(k, 0, param, 0, nullptr, &size), CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
        << param;
  EXPECT_EQ(clGetKernelArgInfo(nullptr, 0, CL_KERNEL_ARG_NAME, 0, nullptr, &size),
            CL_INVALID_KERNEL);
}

TEST_F(KernelQueryTest, ProgramKernelNamesAndCount) {
  cl_program p = build(kArgs);
  ASSERT_TRUE(p);
  size_t count = 0;
  ASSERT_EQ(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof count, &count, nullptr), CL_SUCCESS);
  EXPECT_EQ(count, 3u);
  size_t size = 0;
  ASSERT_EQ(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &size), CL_SUCCESS);
  std::string names(size, '\0');
  ASSERT_EQ(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, size, names.data(), nullptr), CL_SUCCESS);
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.back(), '\0');
  names.pop_back();
  EXPECT_EQ(splitNames(names), (std::set<std::string>{"args", "second", "third"})) << names;

  // A program with no kernel at all.
  cl_program none = build("int helper(int x) { return x + 1; }");
  ASSERT_TRUE(none);
  ASSERT_EQ(clGetProgramInfo(none, CL_PROGRAM_NUM_KERNELS, sizeof count, &count, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(count, 0u);
  ASSERT_EQ(clGetProgramInfo(none, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &size), CL_SUCCESS);
  EXPECT_EQ(size, 1u);
}

TEST_F(KernelQueryTest, CreateKernelsInProgram) {
  cl_program p = build(kArgs);
  ASSERT_TRUE(p);
  cl_uint count = 0;
  ASSERT_EQ(clCreateKernelsInProgram(p, 0, nullptr, &count), CL_SUCCESS);
  ASSERT_EQ(count, 3u);
  cl_kernel few[2];
  EXPECT_EQ(clCreateKernelsInProgram(p, 2, few, nullptr), CL_INVALID_VALUE);
  cl_kernel kernels[3] = {};
  ASSERT_EQ(clCreateKernelsInProgram(p, 3, kernels, &count), CL_SUCCESS);
  EXPECT_EQ(count, 3u);
  std::set<std::string> names;
  for (cl_kernel k : kernels) {
    ASSERT_TRUE(k);
    adoptKernel(k);
    names.insert(kernelString(k, CL_KERNEL_FUNCTION_NAME));
  }
  EXPECT_EQ(names, (std::set<std::string>{"args", "second", "third"}));
  // Each works: run "second" and "third".
  for (cl_kernel k : kernels) {
    std::string name = kernelString(k, CL_KERNEL_FUNCTION_NAME);
    if (name == "args")
      continue;
    cl_mem out = outputBuffer<cl_int>(32);
    ASSERT_EQ(setArgs(k, out), CL_SUCCESS);
    const size_t global[2] = {32, 2}, local[2] = {16, 2};
    ASSERT_EQ(run(k, name == "third" ? 2 : 1, global, name == "third" ? local : nullptr),
              CL_SUCCESS);
    EXPECT_EQ(read<cl_int>(out, 1)[0], name == "third" ? 3 : 2);
  }
  cl_program unbuilt = createProgram(kArgs);
  EXPECT_EQ(clCreateKernelsInProgram(unbuilt, 0, nullptr, &count), CL_INVALID_PROGRAM_EXECUTABLE);
}

TEST_F(KernelQueryTest, CloneKernelKeepsArguments) {
  cl_kernel k = buildKernel(R"(
    kernel void f(global int *out, int add, local int *tmp) {
      size_t l = get_local_id(0);
      tmp[l] = (int)get_global_id(0);
      barrier(CLK_LOCAL_MEM_FENCE);
      out[get_global_id(0)] = tmp[get_local_size(0) - 1 - l] + add;
    })",
                            "f");
  ASSERT_TRUE(k);
  const size_t n = 64, local = 16;
  cl_mem first = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(k, first, cl_int(1000), LocalBytes{local * 4}), CL_SUCCESS);
  cl_int err;
  cl_kernel clone = adoptKernel(clCloneKernel(k, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_TRUE(clone);
  cl_uint refs = 0;
  ASSERT_EQ(clGetKernelInfo(clone, CL_KERNEL_REFERENCE_COUNT, sizeof refs, &refs, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(refs, 1u);
  ASSERT_EQ(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof refs, &refs, nullptr), CL_SUCCESS);
  EXPECT_EQ(refs, 1u);
  EXPECT_EQ(kernelString(clone, CL_KERNEL_FUNCTION_NAME), "f");
  // The clone is ready to run with the original's arguments.
  ASSERT_EQ(run(clone, 1, &n, &local), CL_SUCCESS);
  auto expect = [&](cl_mem out, int add) {
    std::vector<cl_int> got = read<cl_int>(out, n);
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(got[i], int(i / local * local + (local - 1 - i % local)) + add) << i;
  };
  expect(first, 1000);
  // Changing the clone's arguments leaves the original alone, and back.
  cl_mem second = outputBuffer<cl_int>(n);
  ASSERT_EQ(setArgs(clone, second, cl_int(-5)), CL_SUCCESS);
  cl_mem third = outputBuffer<cl_int>(n);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof third, &third), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &n, &local), CL_SUCCESS);
  ASSERT_EQ(run(clone, 1, &n, &local), CL_SUCCESS);
  expect(third, 1000);
  expect(second, -5);
  // The clone outlives the original.
  cl_kernel lone = clCloneKernel(clone, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem fourth = outputBuffer<cl_int>(n);
  ASSERT_EQ(clSetKernelArg(lone, 0, sizeof fourth, &fourth), CL_SUCCESS);
  ASSERT_EQ(run(lone, 1, &n, &local), CL_SUCCESS);
  expect(fourth, -5);
  EXPECT_EQ(clReleaseKernel(lone), CL_SUCCESS);
  EXPECT_EQ(clCloneKernel(nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_KERNEL);
}

TEST_F(KernelQueryTest, CloneOfKernelWithUnsetArgsStaysUnset) {
  cl_kernel k = buildKernel("kernel void f(global int *out, int v) { out[0] = v; }", "f");
  ASSERT_TRUE(k);
  cl_mem out = outputBuffer<cl_int>(1);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  cl_int err;
  cl_kernel clone = adoptKernel(clCloneKernel(k, &err));
  ASSERT_TRUE(clone);
  EXPECT_EQ(clEnqueueTask(queue, clone, 0, nullptr, nullptr), CL_INVALID_KERNEL_ARGS);
  cl_int v = 12;
  ASSERT_EQ(clSetKernelArg(clone, 1, sizeof v, &v), CL_SUCCESS);
  ASSERT_EQ(clEnqueueTask(queue, clone, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(read<cl_int>(out, 1)[0], 12);
  EXPECT_EQ(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_INVALID_KERNEL_ARGS);
}

// A kernel's code is generated when first needed; the work-group size of a
// kernel that reaches no barrier is the device's without it (applications
// ask this of every kernel they create), one that has barriers is
// generated to answer, and the answers agree with a launch's limits.
TEST_F(KernelQueryTest, WorkGroupSizeOfABarrierFreeKernelNeedsNoCode) {
  cl_program p = build(R"(
    kernel void plain(global int *a) { a[get_global_id(0)] += 1; }
    kernel void shared(global int *a, local int *t) {
      t[get_local_id(0)] = a[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      a[get_global_id(0)] = t[get_local_size(0) - 1 - get_local_id(0)];
    }
    kernel void reduces(global int *a) {
      a[get_global_id(0)] = work_group_reduce_add(a[get_global_id(0)]);
    })",
                       "-cl-std=CL2.0");
  ASSERT_TRUE(p);
  cl_kernel plain = createKernel(p, "plain"), shared = createKernel(p, "shared"),
            reduces = createKernel(p, "reduces");
  ASSERT_TRUE(plain && shared && reduces);
  auto groupSize = [&](cl_kernel k) {
    size_t size = 0;
    EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof size, &size,
                                       nullptr),
              CL_SUCCESS);
    return size;
  };
  std::string ir;
  size_t plainSize = 0;
  dumpingIr([&] { plainSize = groupSize(plain); }, ir);
  EXPECT_EQ(plainSize, deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE));
  EXPECT_TRUE(ir.empty()) << "code generated for a barrier-free kernel's work-group size";
  for (cl_kernel k : {shared, reduces}) {
    std::string generated;
    size_t size = 0;
    dumpingIr([&] { size = groupSize(k); }, generated);
    EXPECT_FALSE(generated.empty()) << "a kernel with barriers answers from its code";
    EXPECT_GE(size, 64u);
    EXPECT_LE(size, deviceSize(CL_DEVICE_MAX_WORK_GROUP_SIZE));
  }
}

/// A disk cache of the test's own (CORECL_CACHE_DIR, the cache on) while
/// it lives: the number of entries in it tells which kernels' code was
/// generated, since each kernel's code is stored when first generated.
class PrivateCache {
public:
  PrivateCache()
      : dir_(std::filesystem::temp_directory_path() /
             ("corecl-test-cache-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir_);
    ::setenv("CORECL_CACHE_DIR", dir_.c_str(), 1);
    if (const char *setting = std::getenv("CORECL_CACHE"))
      saved_ = setting;
    ::unsetenv("CORECL_CACHE");
  }
  ~PrivateCache() {
    ::unsetenv("CORECL_CACHE_DIR");
    if (saved_)
      ::setenv("CORECL_CACHE", saved_->c_str(), 1);
    std::filesystem::remove_all(dir_);
  }
  size_t entries() const {
    size_t files = 0;
    if (std::filesystem::exists(dir_))
      for ([[maybe_unused]] const auto &entry : std::filesystem::directory_iterator(dir_))
        ++files;
    return files;
  }

private:
  std::filesystem::path dir_;
  std::optional<std::string> saved_;
};

// The queries that need what work-group formation decides (work-group
// size with barriers, preferred multiple, local and private memory) form
// the kernel without generating its code: applications ask them of every
// kernel they create (hashcat of dozens it never launches). The disk
// cache, which keeps every kernel's code once generated, shows which
// happened; a launch then generates it and agrees with the answers.
TEST_F(KernelQueryTest, QueriesDoNotGenerateTheCode) {
  PrivateCache cache;
  auto cached = [&] { return cache.entries(); };
  cl_kernel k = buildKernel(R"(
    kernel void reversed(global int *a, local int *t) {
      int v = a[get_global_id(0)] * 3; // kept across the barrier
      t[get_local_id(0)] = v;
      barrier(CLK_LOCAL_MEM_FENCE);
      a[get_global_id(0)] = t[get_local_size(0) - 1 - get_local_id(0)] + v;
    } // queries-do-not-generate)",
                            "reversed");
  ASSERT_TRUE(k);
  const size_t built = cached();
  size_t groupSize = 0, multiple = 0;
  cl_ulong local = 0, priv = 0;
  EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof groupSize,
                                     &groupSize, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof multiple, &multiple, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local,
                                     nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv,
                                     nullptr),
            CL_SUCCESS);
  EXPECT_EQ(cached(), built) << "a query generated the kernel's code";
  EXPECT_GE(groupSize, 64u);
  EXPECT_GE(multiple, 1u);

  constexpr size_t kGroup = 64, kItems = 4 * kGroup;
  std::vector<int> in(kItems);
  for (size_t i = 0; i < kItems; ++i)
    in[i] = int(i * 7 % 23) - 11;
  cl_mem a = bufferOf(in);
  ASSERT_EQ(setArgs(k, a, LocalBytes{kGroup * sizeof(int)}), CL_SUCCESS);
  ASSERT_EQ(run(k, 1, &kItems, &kGroup), CL_SUCCESS);
  EXPECT_EQ(cached(), built + 1) << "the launch stores the kernel's code";
  std::vector<int> out = read<int>(a, kItems);
  for (size_t i = 0; i < kItems; ++i) {
    size_t mirror = i / kGroup * kGroup + (kGroup - 1 - i % kGroup);
    ASSERT_EQ(out[i], in[mirror] * 3 + in[i] * 3) << "work-item " << i;
  }
  size_t after = 0;
  EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof after, &after, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(after, multiple);
  EXPECT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof after, &after,
                                     nullptr),
            CL_SUCCESS);
  EXPECT_EQ(after, groupSize);
}

// A launch whose rows are narrower than the kernel's packets runs an
// executable built for narrower vectors (enqueue_kernel.cpp): the kernel's
// own code is not generated for it, only on a launch that runs it
// (CLSmith --atomics 10423, rows of four: its own code took three
// quarters of the run).
TEST_F(KernelQueryTest, ANarrowLaunchDoesNotGenerateTheKernelsOwnCode) {
  if (std::getenv("CORECL_PACKET_WIDTH"))
    GTEST_SKIP() << "CORECL_PACKET_WIDTH set: no second executables";
  PrivateCache cache;
  cl_kernel k = buildKernel(R"(
    kernel void scaled(global float *a, float s) {
      a[get_global_id(0)] = a[get_global_id(0)] * s + 1.0f;
    } // narrow-launch)",
                            "scaled");
  ASSERT_TRUE(k);
  size_t width = 0;
  ASSERT_EQ(clGetKernelWorkGroupInfo(k, device(), CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof width, &width, nullptr),
            CL_SUCCESS);
  if (width < 8)
    GTEST_SKIP() << "packets of " << width << ": rows of 4 are not narrower";
  constexpr size_t kItems = 256;
  std::vector<float> in(kItems);
  for (size_t i = 0; i < kItems; ++i)
    in[i] = float(i % 37) - 18.0f;
  cl_mem a = bufferOf(in);
  ASSERT_EQ(setArgs(k, a, 2.0f), CL_SUCCESS);
  const size_t narrow = 4, wide = width;
  const size_t before = cache.entries();
  ASSERT_EQ(run(k, 1, &kItems, &narrow), CL_SUCCESS);
  const size_t afterNarrow = cache.entries();
  EXPECT_GT(afterNarrow, before); // the narrower executable's build and code
  ASSERT_EQ(run(k, 1, &kItems, &wide), CL_SUCCESS);
  EXPECT_EQ(cache.entries(), afterNarrow + 1)
      << "the wide launch, not the narrow one, generates the kernel's own code";
  std::vector<float> out = read<float>(a, kItems);
  for (size_t i = 0; i < kItems; ++i)
    ASSERT_EQ(out[i], (in[i] * 2.0f + 1.0f) * 2.0f + 1.0f) << "work-item " << i;
}

} // namespace
} // namespace corecl::test
