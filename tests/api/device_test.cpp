// clGetDeviceIDs, clGetDeviceInfo (every OpenCL 3.0 query, the full-profile
// minimums), clRetainDevice/clReleaseDevice and the device/host timers.
// Sub-devices are in subdevice_test.cpp.
#include "api/test_support.h"

#include <CL/cl_ext.h>
#include <sched.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

template <class T> T info(cl_device_id d, cl_device_info param) {
  T value{};
  size_t size = 0;
  EXPECT_EQ(clGetDeviceInfo(d, param, sizeof value, &value, &size), CL_SUCCESS) << param;
  EXPECT_EQ(size, sizeof(T)) << param;
  return value;
}

template <class T> std::vector<T> infoArray(cl_device_id d, cl_device_info param) {
  size_t size = 0;
  EXPECT_EQ(clGetDeviceInfo(d, param, 0, nullptr, &size), CL_SUCCESS) << param;
  EXPECT_EQ(size % sizeof(T), 0u) << param;
  std::vector<T> values(size / sizeof(T));
  EXPECT_EQ(clGetDeviceInfo(d, param, size, values.data(), nullptr), CL_SUCCESS) << param;
  return values;
}

std::string infoString(cl_device_id d, cl_device_info param) {
  std::vector<char> text = infoArray<char>(d, param);
  EXPECT_FALSE(text.empty()) << param;
  if (text.empty())
    return {};
  EXPECT_EQ(text.back(), '\0') << param;
  return std::string(text.data());
}

// ---------------------------------------------------------------------------
// clGetDeviceIDs

TEST(DeviceIDs, CpuDefaultAndAllFindTheDevice) {
  for (cl_device_type type :
       std::vector<cl_device_type>{CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_DEFAULT, CL_DEVICE_TYPE_ALL,
                                   CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU}) {
    cl_uint count = 0;
    ASSERT_EQ(clGetDeviceIDs(platform(), type, 0, nullptr, &count), CL_SUCCESS) << type;
    EXPECT_EQ(count, 1u) << type;
    cl_device_id d = nullptr;
    ASSERT_EQ(clGetDeviceIDs(platform(), type, 1, &d, nullptr), CL_SUCCESS) << type;
    EXPECT_EQ(d, device()) << type;
  }
}

TEST(DeviceIDs, OtherTypesAreNotFound) {
  for (cl_device_type type :
       {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CUSTOM}) {
    cl_uint count = 7;
    cl_device_id d = nullptr;
    EXPECT_EQ(clGetDeviceIDs(platform(), type, 1, &d, &count), CL_DEVICE_NOT_FOUND) << type;
  }
}

TEST(DeviceIDs, InvalidArguments) {
  cl_device_id d = nullptr;
  cl_uint count = 0;
  EXPECT_EQ(clGetDeviceIDs(platform(), cl_device_type(1) << 40, 1, &d, nullptr),
            CL_INVALID_DEVICE_TYPE);
  EXPECT_EQ(clGetDeviceIDs(platform(), 0, 1, &d, nullptr), CL_INVALID_DEVICE_TYPE);
  EXPECT_EQ(clGetDeviceIDs(platform(), CL_DEVICE_TYPE_CPU, 0, &d, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceIDs(platform(), CL_DEVICE_TYPE_CPU, 0, &d, &count), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceIDs(platform(), CL_DEVICE_TYPE_CPU, 1, nullptr, nullptr), CL_INVALID_VALUE);
  cl_platform_id notAPlatform = reinterpret_cast<cl_platform_id>(device());
  EXPECT_EQ(clGetDeviceIDs(notAPlatform, CL_DEVICE_TYPE_CPU, 1, &d, nullptr), CL_INVALID_PLATFORM);
}

// ---------------------------------------------------------------------------
// clGetDeviceInfo: every query of OpenCL 3.0 answers with a size that fits
// its return type.

enum class Kind { Scalar, String, Array };
struct Query {
  cl_device_info param;
  const char *name;
  Kind kind;
  size_t size; // Scalar: the exact size; Array: the element size
};
#define SCALAR(p, T)                                                                               \
  { p, #p, Kind::Scalar, sizeof(T) }
#define STRING(p)                                                                                  \
  { p, #p, Kind::String, 1 }
#define ARRAY(p, T)                                                                                \
  { p, #p, Kind::Array, sizeof(T) }

const Query kQueries[] = {
    SCALAR(CL_DEVICE_TYPE, cl_device_type),
    SCALAR(CL_DEVICE_VENDOR_ID, cl_uint),
    SCALAR(CL_DEVICE_MAX_COMPUTE_UNITS, cl_uint),
    SCALAR(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, cl_uint),
    SCALAR(CL_DEVICE_MAX_WORK_GROUP_SIZE, size_t),
    ARRAY(CL_DEVICE_MAX_WORK_ITEM_SIZES, size_t),
    SCALAR(CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, cl_uint),
    SCALAR(CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, cl_uint),
    SCALAR(CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, cl_uint),
    SCALAR(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, cl_uint),
    SCALAR(CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, cl_uint),
    SCALAR(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, cl_uint),
    SCALAR(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, cl_uint),
    SCALAR(CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, cl_uint),
    SCALAR(CL_DEVICE_MAX_CLOCK_FREQUENCY, cl_uint),
    SCALAR(CL_DEVICE_ADDRESS_BITS, cl_uint),
    SCALAR(CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong),
    SCALAR(CL_DEVICE_IMAGE_SUPPORT, cl_bool),
    SCALAR(CL_DEVICE_MAX_READ_IMAGE_ARGS, cl_uint),
    SCALAR(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, cl_uint),
    SCALAR(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, cl_uint),
    STRING(CL_DEVICE_IL_VERSION),
    ARRAY(CL_DEVICE_ILS_WITH_VERSION, cl_name_version),
    SCALAR(CL_DEVICE_IMAGE2D_MAX_WIDTH, size_t),
    SCALAR(CL_DEVICE_IMAGE2D_MAX_HEIGHT, size_t),
    SCALAR(CL_DEVICE_IMAGE3D_MAX_WIDTH, size_t),
    SCALAR(CL_DEVICE_IMAGE3D_MAX_HEIGHT, size_t),
    SCALAR(CL_DEVICE_IMAGE3D_MAX_DEPTH, size_t),
    SCALAR(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, size_t),
    SCALAR(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, size_t),
    SCALAR(CL_DEVICE_MAX_SAMPLERS, cl_uint),
    SCALAR(CL_DEVICE_IMAGE_PITCH_ALIGNMENT, cl_uint),
    SCALAR(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, cl_uint),
    SCALAR(CL_DEVICE_MAX_PIPE_ARGS, cl_uint),
    SCALAR(CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, cl_uint),
    SCALAR(CL_DEVICE_PIPE_MAX_PACKET_SIZE, cl_uint),
    SCALAR(CL_DEVICE_MAX_PARAMETER_SIZE, size_t),
    SCALAR(CL_DEVICE_MEM_BASE_ADDR_ALIGN, cl_uint),
    SCALAR(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, cl_uint),
    SCALAR(CL_DEVICE_SINGLE_FP_CONFIG, cl_device_fp_config),
    SCALAR(CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config),
    SCALAR(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, cl_device_mem_cache_type),
    SCALAR(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, cl_uint),
    SCALAR(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong),
    SCALAR(CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong),
    SCALAR(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, cl_ulong),
    SCALAR(CL_DEVICE_MAX_CONSTANT_ARGS, cl_uint),
    SCALAR(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, size_t),
    SCALAR(CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, size_t),
    SCALAR(CL_DEVICE_LOCAL_MEM_TYPE, cl_device_local_mem_type),
    SCALAR(CL_DEVICE_LOCAL_MEM_SIZE, cl_ulong),
    SCALAR(CL_DEVICE_ERROR_CORRECTION_SUPPORT, cl_bool),
    SCALAR(CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool),
    SCALAR(CL_DEVICE_PROFILING_TIMER_RESOLUTION, size_t),
    SCALAR(CL_DEVICE_ENDIAN_LITTLE, cl_bool),
    SCALAR(CL_DEVICE_AVAILABLE, cl_bool),
    SCALAR(CL_DEVICE_COMPILER_AVAILABLE, cl_bool),
    SCALAR(CL_DEVICE_LINKER_AVAILABLE, cl_bool),
    SCALAR(CL_DEVICE_EXECUTION_CAPABILITIES, cl_device_exec_capabilities),
    SCALAR(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, cl_command_queue_properties),
    SCALAR(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, cl_command_queue_properties),
    SCALAR(CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, cl_uint),
    SCALAR(CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, cl_uint),
    SCALAR(CL_DEVICE_MAX_ON_DEVICE_QUEUES, cl_uint),
    SCALAR(CL_DEVICE_MAX_ON_DEVICE_EVENTS, cl_uint),
    STRING(CL_DEVICE_BUILT_IN_KERNELS),
    ARRAY(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, cl_name_version),
    SCALAR(CL_DEVICE_PLATFORM, cl_platform_id),
    STRING(CL_DEVICE_NAME),
    STRING(CL_DEVICE_VENDOR),
    STRING(CL_DRIVER_VERSION),
    STRING(CL_DEVICE_PROFILE),
    STRING(CL_DEVICE_VERSION),
    SCALAR(CL_DEVICE_NUMERIC_VERSION, cl_version),
    STRING(CL_DEVICE_OPENCL_C_VERSION),
    ARRAY(CL_DEVICE_OPENCL_C_ALL_VERSIONS, cl_name_version),
    ARRAY(CL_DEVICE_OPENCL_C_FEATURES, cl_name_version),
    STRING(CL_DEVICE_EXTENSIONS),
    ARRAY(CL_DEVICE_EXTENSIONS_WITH_VERSION, cl_name_version),
    SCALAR(CL_DEVICE_PRINTF_BUFFER_SIZE, size_t),
    SCALAR(CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, cl_bool),
    SCALAR(CL_DEVICE_PARENT_DEVICE, cl_device_id),
    SCALAR(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, cl_uint),
    ARRAY(CL_DEVICE_PARTITION_PROPERTIES, cl_device_partition_property),
    SCALAR(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, cl_device_affinity_domain),
    ARRAY(CL_DEVICE_PARTITION_TYPE, cl_device_partition_property),
    SCALAR(CL_DEVICE_REFERENCE_COUNT, cl_uint),
    SCALAR(CL_DEVICE_SVM_CAPABILITIES, cl_device_svm_capabilities),
    SCALAR(CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, cl_uint),
    SCALAR(CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, cl_uint),
    SCALAR(CL_DEVICE_MAX_NUM_SUB_GROUPS, cl_uint),
    SCALAR(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, cl_bool),
    SCALAR(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, cl_device_atomic_capabilities),
    SCALAR(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, cl_device_atomic_capabilities),
    SCALAR(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, cl_bool),
    SCALAR(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, cl_bool),
    SCALAR(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, cl_bool),
    SCALAR(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, size_t),
    SCALAR(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, cl_device_device_enqueue_capabilities),
    SCALAR(CL_DEVICE_PIPE_SUPPORT, cl_bool),
    STRING(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED),
    // cl_khr_extended_versioning, which CoreCL reports.
    SCALAR(CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR, cl_version),
};
#undef SCALAR
#undef STRING
#undef ARRAY

void checkQuery(cl_device_id d, const Query &q) {
  SCOPED_TRACE(q.name);
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(d, q.param, 0, nullptr, &size), CL_SUCCESS);
  switch (q.kind) {
  case Kind::Scalar:
    EXPECT_EQ(size, q.size);
    break;
  case Kind::String:
    EXPECT_GE(size, 1u);
    break;
  case Kind::Array:
    EXPECT_EQ(size % q.size, 0u);
    break;
  }
  // The value itself, into a buffer of exactly that size; the reported size
  // does not change between the two calls.
  std::vector<unsigned char> value(size + 1, 0xAB);
  size_t again = 0;
  ASSERT_EQ(clGetDeviceInfo(d, q.param, size, value.data(), &again), CL_SUCCESS);
  EXPECT_EQ(again, size);
  EXPECT_EQ(value[size], 0xAB) << "wrote past the reported size";
  if (q.kind == Kind::String && size > 0) {
    EXPECT_EQ(value[size - 1], '\0');
    EXPECT_EQ(std::strlen(reinterpret_cast<char *>(value.data())) + 1, size);
  }
  // One byte short is an error, for every type with a non-zero size.
  if (size > 0) {
    EXPECT_EQ(clGetDeviceInfo(d, q.param, size - 1, value.data(), nullptr), CL_INVALID_VALUE);
  }
}

TEST(DeviceInfo, EveryQueryAnswersWithItsTypesSize) {
  for (const Query &q : kQueries)
    checkQuery(device(), q);
}

TEST(DeviceInfo, EveryQueryAnswersOnASubDevice) {
  cl_uint units = info<cl_uint>(device(), CL_DEVICE_MAX_COMPUTE_UNITS);
  if (units < 2)
    GTEST_SKIP() << "needs at least 2 CPUs for a sub-device";
  cl_device_partition_property props[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_device_id sub = nullptr;
  cl_uint count = 0;
  ASSERT_EQ(clCreateSubDevices(device(), props, 0, nullptr, &count), CL_SUCCESS);
  std::vector<cl_device_id> subs(count);
  ASSERT_EQ(clCreateSubDevices(device(), props, count, subs.data(), nullptr), CL_SUCCESS);
  sub = subs[0];
  for (const Query &q : kQueries)
    checkQuery(sub, q);
  for (cl_device_id d : subs)
    EXPECT_EQ(clReleaseDevice(d), CL_SUCCESS);
}

TEST(DeviceInfo, InvalidArguments) {
  cl_uint value = 0;
  EXPECT_EQ(clGetDeviceInfo(nullptr, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof value, &value, nullptr),
            CL_INVALID_DEVICE);
  cl_device_id notADevice = reinterpret_cast<cl_device_id>(platform());
  EXPECT_EQ(clGetDeviceInfo(notADevice, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof value, &value, nullptr),
            CL_INVALID_DEVICE);
  EXPECT_EQ(clGetDeviceInfo(device(), CL_PLATFORM_NAME, sizeof value, &value, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceInfo(device(), 0x10FF, sizeof value, &value, nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceInfo(device(), CL_DEVICE_MAX_COMPUTE_UNITS, 0, &value, nullptr),
            CL_INVALID_VALUE);
}

// ---------------------------------------------------------------------------
// The full-profile minimums of the device-queries table.

TEST(DeviceInfo, IdentityStrings) {
  cl_device_id d = device();
  EXPECT_EQ(info<cl_device_type>(d, CL_DEVICE_TYPE), cl_device_type(CL_DEVICE_TYPE_CPU));
  EXPECT_EQ(info<cl_platform_id>(d, CL_DEVICE_PLATFORM), platform());
  EXPECT_EQ(infoString(d, CL_DEVICE_PROFILE), "FULL_PROFILE");
  EXPECT_FALSE(infoString(d, CL_DEVICE_NAME).empty());
  EXPECT_FALSE(infoString(d, CL_DEVICE_VENDOR).empty());
  EXPECT_FALSE(infoString(d, CL_DRIVER_VERSION).empty());
  std::string version = infoString(d, CL_DEVICE_VERSION);
  EXPECT_EQ(version.rfind("OpenCL 3.0 ", 0), 0u) << version;
  EXPECT_EQ(info<cl_version>(d, CL_DEVICE_NUMERIC_VERSION), CL_MAKE_VERSION(3, 0, 0));
  // The highest fully backwards compatible version: an OpenCL 3.0 device
  // may name 2.0 only if it has every feature 2.0 requires, device-side
  // enqueue and pipes included, which CoreCL has.
  std::string c = infoString(d, CL_DEVICE_OPENCL_C_VERSION);
  EXPECT_EQ(c.rfind("OpenCL C 2.0", 0), 0u) << c;
  EXPECT_EQ(info<cl_version>(d, CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR), CL_MAKE_VERSION(2, 0, 0));
  EXPECT_EQ(info<cl_bool>(d, CL_DEVICE_AVAILABLE), cl_bool(CL_TRUE));
}

TEST(DeviceInfo, ClaimsNoConformanceVersionItHasNotPassed) {
  // The query's format (vYYYY-MM-DD-XX, a real month and day) with the
  // year 0000, which names no CTS release: CoreCL has passed no CTS
  // version in full (docs/conformance.md).
  EXPECT_EQ(infoString(device(), CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED), "v0000-01-01-00");
}

TEST(DeviceInfo, OpenCLCAllVersionsIncludesEvery1xVersion) {
  std::set<cl_version> versions;
  for (const cl_name_version &v :
       infoArray<cl_name_version>(device(), CL_DEVICE_OPENCL_C_ALL_VERSIONS)) {
    EXPECT_STREQ(v.name, "OpenCL C");
    versions.insert(v.version);
  }
  for (cl_version v :
       {CL_MAKE_VERSION(1, 0, 0), CL_MAKE_VERSION(1, 1, 0), CL_MAKE_VERSION(1, 2, 0)})
    EXPECT_TRUE(versions.count(v)) << v;
}

TEST(DeviceInfo, WorkItemLimits) {
  cl_device_id d = device();
  cl_uint dims = info<cl_uint>(d, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
  EXPECT_GE(dims, 3u);
  size_t wg = info<size_t>(d, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  EXPECT_GE(wg, 1u);
  std::vector<size_t> sizes = infoArray<size_t>(d, CL_DEVICE_MAX_WORK_ITEM_SIZES);
  ASSERT_EQ(sizes.size(), dims);
  for (size_t s : sizes) {
    EXPECT_GE(s, 1u);
    EXPECT_LE(s, wg);
  }
  EXPECT_GE(info<size_t>(d, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE), 1u);
}

TEST(DeviceInfo, MemoryMinimums) {
  cl_device_id d = device();
  cl_ulong global = info<cl_ulong>(d, CL_DEVICE_GLOBAL_MEM_SIZE);
  cl_ulong maxAlloc = info<cl_ulong>(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  const cl_ulong MB = 1024 * 1024;
  // max(min(1 GB, global / 4), 32 MB)
  cl_ulong minAlloc = std::max(std::min(1024 * MB, global / 4), 32 * MB);
  EXPECT_GE(maxAlloc, minAlloc);
  EXPECT_LE(maxAlloc, global);
  EXPECT_GE(info<cl_ulong>(d, CL_DEVICE_LOCAL_MEM_SIZE), 32 * 1024u);
  EXPECT_GE(info<cl_ulong>(d, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE), 64 * 1024u);
  EXPECT_GE(info<cl_uint>(d, CL_DEVICE_MAX_CONSTANT_ARGS), 8u);
  EXPECT_GE(info<size_t>(d, CL_DEVICE_MAX_PARAMETER_SIZE), 1024u);
  // At least the size of long16 in bits, and a power of two.
  cl_uint align = info<cl_uint>(d, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
  EXPECT_GE(align, 16 * 64u);
  EXPECT_EQ(align & (align - 1), 0u);
  EXPECT_GE(info<size_t>(d, CL_DEVICE_PRINTF_BUFFER_SIZE), MB);
  cl_device_local_mem_type local = info<cl_device_local_mem_type>(d, CL_DEVICE_LOCAL_MEM_TYPE);
  EXPECT_TRUE(local == CL_LOCAL || local == CL_GLOBAL);
  cl_device_mem_cache_type cache =
      info<cl_device_mem_cache_type>(d, CL_DEVICE_GLOBAL_MEM_CACHE_TYPE);
  EXPECT_TRUE(cache == CL_NONE || cache == CL_READ_ONLY_CACHE || cache == CL_READ_WRITE_CACHE);
  cl_uint bits = info<cl_uint>(d, CL_DEVICE_ADDRESS_BITS);
  EXPECT_EQ(bits, sizeof(void *) * 8);
}

TEST(DeviceInfo, FloatingPointAndExecution) {
  cl_device_id d = device();
  cl_device_fp_config fp = info<cl_device_fp_config>(d, CL_DEVICE_SINGLE_FP_CONFIG);
  EXPECT_EQ(fp & (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN), CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN);
  // Double precision: all of the fp64 answers agree with cl_khr_fp64.
  std::string ext = infoString(d, CL_DEVICE_EXTENSIONS);
  cl_device_fp_config dfp = info<cl_device_fp_config>(d, CL_DEVICE_DOUBLE_FP_CONFIG);
  if (ext.find("cl_khr_fp64") == std::string::npos) {
    EXPECT_EQ(dfp, 0u);
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE), 0u);
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE), 0u);
  } else {
    const cl_device_fp_config minimum =
        CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM;
    EXPECT_EQ(dfp & minimum, minimum);
    EXPECT_GT(info<cl_uint>(d, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE), 0u);
    EXPECT_GT(info<cl_uint>(d, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE), 0u);
  }
  if (ext.find("cl_khr_fp16") == std::string::npos) {
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF), 0u);
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF), 0u);
    EXPECT_EQ(info<cl_device_fp_config>(d, CL_DEVICE_HALF_FP_CONFIG), 0u);
  } else {
    // cl_khr_fp16's minimum (round to nearest or to zero, infinities and
    // NaNs), and CoreCL's denormals and single-rounding fma.
    const cl_device_fp_config expected =
        CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM;
    EXPECT_EQ(info<cl_device_fp_config>(d, CL_DEVICE_HALF_FP_CONFIG), expected);
    EXPECT_GT(info<cl_uint>(d, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF), 0u);
    EXPECT_GT(info<cl_uint>(d, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF), 0u);
  }
  EXPECT_TRUE(info<cl_device_exec_capabilities>(d, CL_DEVICE_EXECUTION_CAPABILITIES) &
              CL_EXEC_KERNEL);
  cl_command_queue_properties host =
      info<cl_command_queue_properties>(d, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES);
  EXPECT_TRUE(host & CL_QUEUE_PROFILING_ENABLE);
  EXPECT_GT(info<size_t>(d, CL_DEVICE_PROFILING_TIMER_RESOLUTION), 0u);
  EXPECT_EQ(info<cl_bool>(d, CL_DEVICE_ENDIAN_LITTLE), cl_bool(CL_TRUE));
}

TEST(DeviceInfo, UnsupportedOptionalFeaturesReadAsZero) {
  // OpenCL 3.0: a device without images, pipes or device-side enqueue
  // reports their limits as 0.
  cl_device_id d = device();
  if (!info<cl_bool>(d, CL_DEVICE_IMAGE_SUPPORT)) {
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_MAX_READ_IMAGE_ARGS), 0u);
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_MAX_SAMPLERS), 0u);
    EXPECT_EQ(info<size_t>(d, CL_DEVICE_IMAGE2D_MAX_WIDTH), 0u);
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_IMAGE_PITCH_ALIGNMENT), 0u);
  }
  if (!info<cl_bool>(d, CL_DEVICE_PIPE_SUPPORT)) {
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_MAX_PIPE_ARGS), 0u);
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_PIPE_MAX_PACKET_SIZE), 0u);
  }
  if (info<cl_device_device_enqueue_capabilities>(d, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES) == 0) {
    EXPECT_EQ(info<cl_command_queue_properties>(d, CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES), 0u);
    EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_MAX_ON_DEVICE_QUEUES), 0u);
  }
}

TEST(DeviceInfo, ComputeUnitsAreTheCpusThisProcessMayRunOn) {
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  cl_uint cpus = cl_uint(CPU_COUNT(&set));
  cl_device_id d = device();
  EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_MAX_COMPUTE_UNITS), cpus);
  cl_uint maxSub = info<cl_uint>(d, CL_DEVICE_PARTITION_MAX_SUB_DEVICES);
  EXPECT_LE(maxSub, cpus);
}

TEST(DeviceInfo, ExtensionsMatchExtensionsWithVersion) {
  cl_device_id d = device();
  std::set<std::string> names;
  std::istringstream in(infoString(d, CL_DEVICE_EXTENSIONS));
  for (std::string name; in >> name;)
    names.insert(name);
  std::set<std::string> versioned;
  for (const cl_name_version &e :
       infoArray<cl_name_version>(d, CL_DEVICE_EXTENSIONS_WITH_VERSION)) {
    ASSERT_LT(strnlen(e.name, CL_NAME_VERSION_MAX_NAME_SIZE),
              size_t(CL_NAME_VERSION_MAX_NAME_SIZE));
    EXPECT_TRUE(versioned.insert(e.name).second) << "listed twice: " << e.name;
  }
  EXPECT_EQ(names, versioned);
}

TEST(DeviceInfo, OpenCLCFeaturesAgreeWithExtensions) {
  // OpenCL 3.0: __opencl_c_fp64 is reported exactly when cl_khr_fp64 is.
  cl_device_id d = device();
  std::string ext = infoString(d, CL_DEVICE_EXTENSIONS);
  bool fp64Feature = false;
  for (const cl_name_version &f : infoArray<cl_name_version>(d, CL_DEVICE_OPENCL_C_FEATURES)) {
    EXPECT_EQ(std::string(f.name).rfind("__opencl_c_", 0), 0u) << f.name;
    fp64Feature |= std::string(f.name) == "__opencl_c_fp64";
  }
  EXPECT_EQ(fp64Feature, ext.find("cl_khr_fp64") != std::string::npos);
}

TEST(DeviceInfo, BuiltInKernelsAndIlsAgree) {
  cl_device_id d = device();
  if (infoString(d, CL_DEVICE_BUILT_IN_KERNELS).empty())
    EXPECT_TRUE(infoArray<cl_name_version>(d, CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION).empty());
  if (infoString(d, CL_DEVICE_IL_VERSION).empty())
    EXPECT_TRUE(infoArray<cl_name_version>(d, CL_DEVICE_ILS_WITH_VERSION).empty());
}

TEST(DeviceInfo, CompilerAndLinkerAvailability) {
  cl_device_id d = device();
  // A FULL_PROFILE device has a compiler, and "the linker must be CL_TRUE if
  // CL_DEVICE_COMPILER_AVAILABLE is CL_TRUE".
  EXPECT_EQ(info<cl_bool>(d, CL_DEVICE_COMPILER_AVAILABLE), cl_bool(CL_TRUE));
  EXPECT_EQ(info<cl_bool>(d, CL_DEVICE_LINKER_AVAILABLE), cl_bool(CL_TRUE));
}

TEST(DeviceInfo, RootDeviceHasNoParentAndCountOne) {
  cl_device_id d = device();
  EXPECT_EQ(info<cl_device_id>(d, CL_DEVICE_PARENT_DEVICE), nullptr);
  EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_REFERENCE_COUNT), 1u);
  // Either an empty answer or a single 0 (the spec allows both).
  std::vector<cl_device_partition_property> type =
      infoArray<cl_device_partition_property>(d, CL_DEVICE_PARTITION_TYPE);
  EXPECT_TRUE(type.empty() || (type.size() == 1 && type[0] == 0));
}

// ---------------------------------------------------------------------------
// clRetainDevice / clReleaseDevice on the root device

TEST(DeviceRefCount, RootRetainReleaseAreNoOps) {
  cl_device_id d = device();
  EXPECT_EQ(clRetainDevice(d), CL_SUCCESS);
  EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_REFERENCE_COUNT), 1u);
  EXPECT_EQ(clReleaseDevice(d), CL_SUCCESS);
  EXPECT_EQ(clReleaseDevice(d), CL_SUCCESS);
  EXPECT_EQ(info<cl_uint>(d, CL_DEVICE_REFERENCE_COUNT), 1u);
  // Still usable after more releases than retains.
  EXPECT_EQ(info<cl_device_type>(d, CL_DEVICE_TYPE), cl_device_type(CL_DEVICE_TYPE_CPU));
}

TEST(DeviceRefCount, InvalidDevice) {
  EXPECT_EQ(clRetainDevice(nullptr), CL_INVALID_DEVICE);
  EXPECT_EQ(clReleaseDevice(nullptr), CL_INVALID_DEVICE);
  cl_device_id notADevice = reinterpret_cast<cl_device_id>(platform());
  EXPECT_EQ(clRetainDevice(notADevice), CL_INVALID_DEVICE);
  EXPECT_EQ(clReleaseDevice(notADevice), CL_INVALID_DEVICE);
}

// ---------------------------------------------------------------------------
// Timers

TEST(DeviceTimers, HostTimerIsMonotonic) {
  cl_ulong previous = 0;
  for (int i = 0; i < 100; ++i) {
    cl_ulong now = 0;
    ASSERT_EQ(clGetHostTimer(device(), &now), CL_SUCCESS);
    EXPECT_GE(now, previous);
    previous = now;
  }
  EXPECT_GT(previous, 0u);
}

TEST(DeviceTimers, DeviceAndHostTimerAreMonotonicAndShareTheHostTimebase) {
  cl_ulong host0 = 0, dev1 = 0, host1 = 0, dev2 = 0, host2 = 0, host3 = 0;
  ASSERT_EQ(clGetHostTimer(device(), &host0), CL_SUCCESS);
  ASSERT_EQ(clGetDeviceAndHostTimer(device(), &dev1, &host1), CL_SUCCESS);
  ASSERT_EQ(clGetDeviceAndHostTimer(device(), &dev2, &host2), CL_SUCCESS);
  ASSERT_EQ(clGetHostTimer(device(), &host3), CL_SUCCESS);
  EXPECT_GE(dev2, dev1);
  // clGetHostTimer and clGetDeviceAndHostTimer report the same host clock.
  EXPECT_LE(host0, host1);
  EXPECT_LE(host1, host2);
  EXPECT_LE(host2, host3);
}

TEST(DeviceTimers, InvalidArguments) {
  cl_ulong a = 0, b = 0;
  EXPECT_EQ(clGetHostTimer(nullptr, &a), CL_INVALID_DEVICE);
  EXPECT_EQ(clGetHostTimer(device(), nullptr), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceAndHostTimer(nullptr, &a, &b), CL_INVALID_DEVICE);
  EXPECT_EQ(clGetDeviceAndHostTimer(device(), nullptr, &b), CL_INVALID_VALUE);
  EXPECT_EQ(clGetDeviceAndHostTimer(device(), &a, nullptr), CL_INVALID_VALUE);
  cl_device_id notADevice = reinterpret_cast<cl_device_id>(platform());
  EXPECT_EQ(clGetHostTimer(notADevice, &a), CL_INVALID_DEVICE);
}

} // namespace
} // namespace corecl::test
