// A CPU device: the root device covers every CPU this process may run on;
// sub-devices (clCreateSubDevices) cover a share of them. Each owns an
// executor (a oneTBB arena) sized to its compute units.
#pragma once
#include "compiler/compiler.h"
#include "corecl/kernel_abi.h"
#include "runtime/cpu_info.h"
#include "runtime/executor.h"
#include "src/objects/object.h"

#include <memory>
#include <vector>

namespace corecl {

class Platform;

class Device : public Object<Device, _cl_device_id, Tag::Device> {
public:
  /// The root device (parent == nullptr) or a sub-device.
  Device(Platform &platform, Device *parent, unsigned computeUnits,
         std::vector<cl_device_partition_property> partitionType);
  ~Device();

  Platform &platform() const { return platform_; }
  Device *parent() const { return parent_.get(); }
  bool isRoot() const { return !parent_; }
  unsigned computeUnits() const { return computeUnits_; }
  const rt::CpuInfo &cpu() const { return rt::hostCpuInfo(); }
  /// What the compiler builds this device's programs for: its CPU's vector
  /// width and x86-64 level, as the runtime read them.
  const compiler::Target &compilerTarget() const;
  rt::Executor &executor() { return *executor_; }
  /// False when the device's worker threads could not be started: its
  /// commands would never run, so no context may use it.
  bool available() const { return executor_->hasWorkers(); }
  const std::vector<cl_device_partition_property> &partitionType() const { return partitionType_; }

  /// Public retain/release: a no-op on the root device, as the spec says.
  void retainApi();
  bool releaseApi();

  /// Answers clGetDeviceInfo.
  cl_int getInfo(cl_device_info param, size_t size, void *value, size_t *sizeRet) const;

  // Limits other layers check against.
  cl_ulong maxMemAllocSize() const;
  cl_ulong globalMemSize() const;
  static constexpr cl_uint kMemBaseAddrAlignBits = 1024;
  static constexpr size_t kMaxWorkGroupSize = CORECL_MAX_WORK_GROUP_SIZE;
  static constexpr size_t kMaxParameterSize = 4096;
  static constexpr cl_ulong kLocalMemSize = 256 * 1024;
  /// The private memory (variables left in memory) a kernel's work-item
  /// may have: groups of one work-item keep it on the worker's stack, up to
  /// 16 work-items side by side (runtime/executor.cpp sizes the stacks).
  static constexpr uint64_t kMaxPrivateMemSize = 2u << 20;
  /// Private memory past which a launch never runs on the application's
  /// thread, whose stack size CoreCL does not know.
  static constexpr uint64_t kMaxInlinePrivateMemSize = 64u << 10;
  static constexpr cl_ulong kMaxConstantBufferSize = 1024 * 1024;
  /// CL_DEVICE_PRINTF_BUFFER_SIZE: 2M records of one argument (32 bytes
  /// each; the command-buffer CTS's printf test prints more than the 32K
  /// such records 1 MiB holds). Allocated untouched per printing launch
  /// (launch_run.cpp), so unused room costs nothing.
  static constexpr size_t kPrintfBufferSize = 64 * 1024 * 1024;

  /// Image limits (every CoreCL device has images).
  static constexpr size_t kImage2dMaxSize = 16384;
  static constexpr size_t kImage3dMaxSize = 2048;
  static constexpr size_t kImageMaxArraySize = 2048;
  /// Pixels of a 1D buffer image.
  static constexpr size_t kImageMaxBufferSize = size_t(1) << 27;
  /// In pixels: a 2D image made from a buffer may start and pitch its rows
  /// at any pixel (CoreCL reads images through plain host pointers).
  static constexpr cl_uint kImagePitchAlignment = 1;
  static constexpr cl_uint kImageBaseAddressAlignment = 1;

  /// Device (OpenCL C) extensions, space separated.
  static const char *extensions();
  cl_command_queue_properties queueProperties() const {
    return CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
  }

  /// On-device queues (device-side enqueue, src/objects/device_launch.h).
  /// A queue of N bytes holds N / kDeviceCommandBytes commands that have
  /// not completed; more fail with CLK_DEVICE_QUEUE_FULL.
  static constexpr cl_uint kDeviceQueuePreferredSize = 256 * 1024;
  static constexpr cl_uint kDeviceQueueMaxSize = 16 * 1024 * 1024;
  static constexpr cl_uint kDeviceCommandBytes = 8; // 32K commands in the preferred size
  /// What CL_DEVICE_MAX_ON_DEVICE_QUEUES promises; more may be made (a
  /// queue is a little host memory).
  static constexpr cl_uint kMaxOnDeviceQueues = 16;
  static constexpr cl_uint kMaxOnDeviceEvents = 1024;
  cl_command_queue_properties deviceQueueProperties() const {
    return CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
  }

private:
  Platform &platform_;
  Ref<Device> parent_; // null for the root device
  unsigned computeUnits_;
  std::vector<cl_device_partition_property> partitionType_;
  std::unique_ptr<rt::Executor> executor_;
};

} // namespace corecl
