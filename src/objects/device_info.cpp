// Device::getInfo: every clGetDeviceInfo parameter of OpenCL 3.0, answered
// from the machine (rt::CpuInfo) and from what CoreCL actually supports.
#include "compiler/frontend_extensions.h"
#include "compiler/spirv.h"
#include "include/corecl/pipe_abi.h"
#include "runtime/clock.h"
#include "src/info_util.h"
#include "src/objects/device.h"
#include "src/objects/platform.h"
#include "src/version.h"
#include <CL/cl_ext.h>

#include <algorithm>
#include <cstdio>

namespace corecl {
namespace {

/// OpenCL C versions the compiler front end accepts with -cl-std.
std::vector<cl_name_version> openclCVersions() {
  std::vector<cl_name_version> versions;
  for (auto [major, minor] : {std::pair{1, 0}, {1, 1}, {1, 2}, {2, 0}, {3, 0}}) {
    cl_name_version v = {};
    v.version = CL_MAKE_VERSION(major, minor, 0);
    std::snprintf(v.name, sizeof v.name, "OpenCL C");
    versions.push_back(v);
  }
  return versions;
}

} // namespace

cl_int Device::getInfo(cl_device_info param, size_t size, void *value, size_t *sizeRet) const {
  auto put = [&](auto v) { return writeInfo(size, value, sizeRet, v); };
  const rt::CpuInfo &cpu = this->cpu();
  // Vector widths in elements of each type for the widest SIMD register.
  const cl_uint simd = cpu.simdBytes;
  const size_t maxSizes[3] = {kMaxWorkGroupSize, kMaxWorkGroupSize, kMaxWorkGroupSize};
  const cl_device_fp_config singleFp =
      CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | (cpu.hasFma ? CL_FP_FMA : 0);

  switch (param) {
  // Identity
  case CL_DEVICE_TYPE: return put(cl_device_type(CL_DEVICE_TYPE_CPU));
  case CL_DEVICE_VENDOR_ID: return put(cl_uint(cpu.vendorId));
  case CL_DEVICE_NAME: return put(cpu.brand);
  case CL_DEVICE_VENDOR: return put(cpu.vendor);
  case CL_DRIVER_VERSION: return put(CORECL_VERSION_STRING);
  case CL_DEVICE_PROFILE: return put("FULL_PROFILE");
  case CL_DEVICE_VERSION: return put("OpenCL 3.0 CoreCL " CORECL_VERSION_STRING);
  case CL_DEVICE_NUMERIC_VERSION: return put(cl_version(CL_MAKE_VERSION(3, 0, 0)));
  // The highest fully backwards compatible version: 2.0 (3.0 made 2.0's
  // features optional).
  case CL_DEVICE_OPENCL_C_VERSION:
    return put("OpenCL C 2.0 CoreCL " CORECL_VERSION_STRING);
  case CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR: // cl_khr_extended_versioning
    return put(cl_version(CL_MAKE_VERSION(2, 0, 0)));
  case CL_DEVICE_OPENCL_C_ALL_VERSIONS: return put(openclCVersions());
  case CL_DEVICE_OPENCL_C_FEATURES:
    return put(parseExtensions(compiler::frontendFeatures(), CL_MAKE_VERSION(3, 0, 0)));
  case CL_DEVICE_EXTENSIONS: return put(extensions());
  case CL_DEVICE_EXTENSIONS_WITH_VERSION:
    return put(parseExtensions(extensions(), CL_MAKE_VERSION(1, 0, 0)));
  case CL_DEVICE_PLATFORM: return put(cl_platform_id(platform_.handle()));
  case CL_DEVICE_AVAILABLE: return put(cl_bool(available() ? CL_TRUE : CL_FALSE));
  case CL_DEVICE_COMPILER_AVAILABLE: return put(cl_bool(CL_TRUE));
  case CL_DEVICE_LINKER_AVAILABLE: return put(cl_bool(CL_TRUE));
  case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
    // CoreCL has not passed every suite of any CTS version, let alone
    // through the official process (docs/conformance.md lists what passes).
    // The query must still return vYYYY-MM-DD-XX; the year 0000 names no
    // CTS release, as Mesa's rusticl does for devices without a submission.
    return put("v0000-01-01-00");
  case CL_DEVICE_BUILT_IN_KERNELS: return put("");
  case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION: return put(std::vector<cl_name_version>{});
  case CL_DEVICE_CXX_FOR_OPENCL_NUMERIC_VERSION_EXT:
    // -cl-std=CLC++ is C++ for OpenCL 1.0 (CLC++2021 is accepted as well).
    return put(cl_version(CL_MAKE_VERSION(1, 0, 0)));
  // SPIR-V 1.0 to 1.4 (compiler/spirv.h), where the translator is installed.
  case CL_DEVICE_IL_VERSION: // = CL_DEVICE_IL_VERSION_KHR
    return put(compiler::spirvToolsAvailable()
                   ? "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4"
                   : "");
  case CL_DEVICE_ILS_WITH_VERSION: {
    std::vector<cl_name_version> ils;
    if (compiler::spirvToolsAvailable())
      for (unsigned minor = 0; minor <= 4; ++minor) {
        cl_name_version v = {};
        v.version = CL_MAKE_VERSION(1, minor, 0);
        std::snprintf(v.name, sizeof v.name, "SPIR-V");
        ils.push_back(v);
      }
    return put(ils);
  }

  // Compute
  case CL_DEVICE_MAX_COMPUTE_UNITS: return put(cl_uint(computeUnits_));
  case CL_DEVICE_MAX_CLOCK_FREQUENCY: return put(cl_uint(cpu.maxClockMHz));
  case CL_DEVICE_ADDRESS_BITS: return put(cl_uint(sizeof(void *) * 8));
  case CL_DEVICE_ENDIAN_LITTLE: return put(cl_bool(CL_TRUE));
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT: return put(cl_bool(CL_FALSE));
  case CL_DEVICE_HOST_UNIFIED_MEMORY: return put(cl_bool(CL_TRUE));
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: return put(cl_uint(3));
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: return writeInfo(size, value, sizeRet, maxSizes, sizeof maxSizes);
  case CL_DEVICE_MAX_WORK_GROUP_SIZE: return put(size_t(kMaxWorkGroupSize));
  case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: return put(size_t(simd / 4));
  // Sub-groups of one work-item (builtins/lib/sub_group.cl).
  case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    return put(cl_uint(kMaxWorkGroupSize));
  case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS: return put(cl_bool(CL_FALSE));
  case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT: return put(cl_bool(CL_TRUE));
  case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    return put(cl_bool(CL_TRUE));
  case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    return put(cl_bool(CL_TRUE));
  case CL_DEVICE_EXECUTION_CAPABILITIES:
    return put(cl_device_exec_capabilities(CL_EXEC_KERNEL | CL_EXEC_NATIVE_KERNEL));
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION: return put(size_t(rt::monotonicResolution()));
  case CL_DEVICE_PRINTF_BUFFER_SIZE: return put(size_t(kPrintfBufferSize));
  case CL_DEVICE_MAX_PARAMETER_SIZE: return put(size_t(kMaxParameterSize));

  // Vector widths (in elements) for the widest SIMD register. Half values
  // are computed in float lanes (converted with F16C), so their width is
  // float's.
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: return put(cl_uint(simd));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT: return put(cl_uint(simd / 2));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT: return put(cl_uint(simd / 4));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG: return put(cl_uint(simd / 8));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: return put(cl_uint(simd / 4));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE: return put(cl_uint(simd / 8));
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
    // x86 computes half in float lanes (F16C converts); AArch64 with FP16
    // computes in half lanes, twice as many per register.
    return put(cl_uint((cpu.aarch64Extensions & kAArch64Fp16) ? simd / 2 : simd / 4));

  // Floating point
  case CL_DEVICE_SINGLE_FP_CONFIG: return put(singleFp);
  case CL_DEVICE_DOUBLE_FP_CONFIG: // cl_khr_fp64: the full-profile set
    return put(cl_device_fp_config(CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                   CL_FP_ROUND_TO_INF | CL_FP_INF_NAN | CL_FP_DENORM));
  // cl_khr_fp16: half arithmetic rounds to nearest even, keeps denormals
  // (every half is a normal float) and fma rounds once (builtins/lib/
  // half_exact.cl).
  case CL_DEVICE_HALF_FP_CONFIG:
    return put(
        cl_device_fp_config(CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA));

  // Memory
  case CL_DEVICE_GLOBAL_MEM_SIZE: return put(globalMemSize());
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE: return put(maxMemAllocSize());
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN: return put(cl_uint(kMemBaseAddrAlignBits));
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: return put(cl_uint(128));
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
    return put(cl_device_mem_cache_type(CL_READ_WRITE_CACHE));
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: return put(cl_uint(cpu.cacheLineBytes));
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: return put(cl_ulong(cpu.lastLevelCacheBytes));
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: return put(cl_ulong(kMaxConstantBufferSize));
  case CL_DEVICE_MAX_CONSTANT_ARGS: return put(cl_uint(64));
  case CL_DEVICE_LOCAL_MEM_TYPE: return put(cl_device_local_mem_type(CL_GLOBAL));
  case CL_DEVICE_LOCAL_MEM_SIZE: return put(cl_ulong(kLocalMemSize));
  case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
  case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
    // Data sections of the JIT's code: no limit but the one the compiler
    // enforces per variable, which serves as the hint for all of them.
    return put(size_t(CORECL_MAX_GLOBAL_VARIABLE_SIZE));
  case CL_DEVICE_SVM_CAPABILITIES:
    // Kernels run in the application's address space: every pointer of the
    // host is a pointer of the device, and atomics are the host's.
    return put(cl_device_svm_capabilities(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER |
                                          CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
                                          CL_DEVICE_SVM_FINE_GRAIN_SYSTEM | CL_DEVICE_SVM_ATOMICS));
  case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT: return put(cl_uint(0));
  case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
  case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
    // Every order and scope: atomics and fences are the host's, ordered
    // for every thread of the process (builtins/lib/atomics_c11_host.cl).
    // Work-item scope is for fences only.
    return put(cl_device_atomic_capabilities(
        CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
        CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
        CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES |
        (param == CL_DEVICE_ATOMIC_FENCE_CAPABILITIES ? CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM : 0)));

  // Images and samplers.
  case CL_DEVICE_IMAGE_SUPPORT:
    return put(cl_bool(CL_TRUE));
  case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    return put(cl_uint(128));
  case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
  case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
    return put(cl_uint(64));
  case CL_DEVICE_MAX_SAMPLERS:
    return put(cl_uint(16));
  case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
    return put(cl_uint(kImagePitchAlignment));
  case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
    return put(cl_uint(kImageBaseAddressAlignment));
  case CL_DEVICE_IMAGE2D_MAX_WIDTH:
  case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    return put(size_t(kImage2dMaxSize));
  case CL_DEVICE_IMAGE3D_MAX_WIDTH:
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
  case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    return put(size_t(kImage3dMaxSize));
  case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    return put(size_t(kImageMaxBufferSize));
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
    return put(size_t(kImageMaxArraySize));

  // Pipes (src/pipe.cpp, builtins/lib/pipes_host.cl): a reservation is
  // a range of the ring, so a work-item may hold any number at once.
  case CL_DEVICE_PIPE_SUPPORT:
    return put(cl_bool(CL_TRUE));
  case CL_DEVICE_MAX_PIPE_ARGS:
    return put(cl_uint(16));
  case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
    return put(cl_uint(16));
  case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
    return put(cl_uint(CORECL_PIPE_MAX_PACKET_SIZE));
  // Device-side enqueue (src/objects/device_launch.h).
  case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
    return put(kDeviceQueuePreferredSize);
  case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
    return put(kDeviceQueueMaxSize);
  case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
    return put(kMaxOnDeviceQueues);
  case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
    return put(kMaxOnDeviceEvents);
  case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    return put(deviceQueueProperties());
  case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
    return put(cl_device_device_enqueue_capabilities(CL_DEVICE_QUEUE_SUPPORTED |
                                                     CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT));

  // Command-buffers (cl_khr_command_buffer 0.9.8, src/command_buffer.cpp):
  // recorded kernels may print and enqueue from the device, and any host
  // queue may record (CL_DEVICE_COMMAND_BUFFER_SUPPORTED_QUEUE_PROPERTIES_KHR
  // is 0x129A, newer than this cl_ext.h).
  case CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR:
    return put(cl_device_command_buffer_capabilities_khr(
        CL_COMMAND_BUFFER_CAPABILITY_KERNEL_PRINTF_KHR |
        CL_COMMAND_BUFFER_CAPABILITY_DEVICE_SIDE_ENQUEUE_KHR |
        CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR));
  // cl_khr_command_buffer_mutable_dispatch: every field of a kernel command
  // (offset, global and local size, arguments, exec info).
  case CL_DEVICE_MUTABLE_DISPATCH_CAPABILITIES_KHR:
    return put(cl_bitfield(0x1f));
  case 0x129A:
    return put(queueProperties());
  case CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR:
    return put(cl_command_queue_properties(0));

  // Queues
  case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES: return put(queueProperties());
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: return put(cl_bool(CL_TRUE));

  // Partitioning
  case CL_DEVICE_PARENT_DEVICE:
    return put(cl_device_id(parent_ ? parent_->handle() : nullptr));
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: return put(cl_uint(computeUnits_));
  case CL_DEVICE_PARTITION_PROPERTIES: {
    std::vector<cl_device_partition_property> props;
    if (computeUnits_ > 1)
      props = {CL_DEVICE_PARTITION_EQUALLY, CL_DEVICE_PARTITION_BY_COUNTS};
    else
      props = {0};
    return put(props);
  }
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
    return put(cl_device_affinity_domain(0));
  case CL_DEVICE_PARTITION_TYPE: return put(partitionType_);
  case CL_DEVICE_REFERENCE_COUNT: return put(cl_uint(isRoot() ? 1 : publicRefCount()));

  default: return CL_INVALID_VALUE;
  }
}

} // namespace corecl
