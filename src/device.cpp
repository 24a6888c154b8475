// clGetDeviceIDs, clGetDeviceInfo, sub-devices, device and host timers.
#include "src/objects/device.h"
#include "runtime/clock.h"
#include "src/info_util.h"
#include "src/objects/platform.h"

using namespace corecl;

namespace {

constexpr cl_device_type kKnownTypes = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                       CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                       CL_DEVICE_TYPE_CUSTOM;

/// Parses a partition property list into per-sub-device compute-unit counts.
cl_int planPartition(const Device &device, const cl_device_partition_property *props,
                     std::vector<unsigned> &counts,
                     std::vector<cl_device_partition_property> &type) {
  const char *entry = "clCreateSubDevices";
  if (!props)
    return apiError(entry, CL_INVALID_VALUE, "properties is NULL");
  const unsigned available = device.computeUnits();
  // Compared as 64-bit property values: a cast to unsigned first would
  // truncate (1 << 32 becomes 0, a division by zero below).
  const cl_device_partition_property units = available;
  switch (props[0]) {
  case CL_DEVICE_PARTITION_EQUALLY: {
    if (props[2] != 0)
      return apiError(entry, CL_INVALID_VALUE,
                      "properties: CL_DEVICE_PARTITION_EQUALLY's value is not followed by 0");
    cl_device_partition_property n = props[1];
    // A partition must make the device smaller: n equal to (or above) the
    // device's compute units leaves nothing to split.
    if (n <= 0)
      return apiError(entry, CL_INVALID_VALUE,
                      "properties: CL_DEVICE_PARTITION_EQUALLY by %lld compute units",
                      (long long)n);
    if (n > units)
      return apiError(entry, CL_INVALID_DEVICE_PARTITION_COUNT,
                      "properties: CL_DEVICE_PARTITION_EQUALLY by %lld, above the device's %u "
                      "compute units",
                      (long long)n, available);
    if (n == units)
      return apiError(entry, CL_DEVICE_PARTITION_FAILED,
                      "properties: CL_DEVICE_PARTITION_EQUALLY by all %u compute units leaves "
                      "nothing to split",
                      available);
    counts.assign(available / unsigned(n), unsigned(n));
    type = {props[0], props[1], 0};
    return CL_SUCCESS;
  }
  case CL_DEVICE_PARTITION_BY_COUNTS: {
    type = {props[0]};
    cl_device_partition_property total = 0;
    size_t i = 1;
    for (; props[i] != CL_DEVICE_PARTITION_BY_COUNTS_LIST_END; ++i) {
      if (props[i] < 0 || props[i] > units)
        return apiError(entry, CL_INVALID_DEVICE_PARTITION_COUNT,
                        "properties: count %lld is not within the device's %u compute units",
                        (long long)props[i], available);
      total += props[i];
      if (props[i] > 0)
        counts.push_back(unsigned(props[i]));
      type.push_back(props[i]);
    }
    type.push_back(CL_DEVICE_PARTITION_BY_COUNTS_LIST_END);
    type.push_back(0);
    if (counts.empty() || counts.size() > available || total > units)
      return apiError(entry, CL_INVALID_DEVICE_PARTITION_COUNT,
                      "properties: %zu non-zero counts totalling %lld for a device of %u compute "
                      "units",
                      counts.size(), (long long)total, available);
    if (props[i + 1] != 0)
      return apiError(entry, CL_INVALID_VALUE,
                      "properties: CL_DEVICE_PARTITION_BY_COUNTS_LIST_END is not followed by 0");
    return CL_SUCCESS;
  }
  case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN:
    // CL_DEVICE_PARTITION_PROPERTIES does not list it.
    return apiError(entry, CL_INVALID_VALUE,
                    "properties: CoreCL does not partition by affinity domain");
  default:
    return apiError(entry, CL_INVALID_VALUE, "properties: unknown partition type 0x%llx",
                    (unsigned long long)props[0]);
  }
}

} // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform, cl_device_type device_type,
                                               cl_uint num_entries, cl_device_id *devices,
                                               cl_uint *num_devices) {
  if (platform)
    if (cl_int err = checkLive<Platform>(platform))
      return err;
  if (device_type == 0 || (device_type != CL_DEVICE_TYPE_ALL && (device_type & ~kKnownTypes)))
    return apiError(__func__, CL_INVALID_DEVICE_TYPE, "device_type 0x%llx is not a device type",
                    (unsigned long long)device_type);
  if (num_entries == 0 && devices)
    return apiError(__func__, CL_INVALID_VALUE, "num_entries is 0 but devices is not NULL");
  if (!devices && !num_devices)
    return apiError(__func__, CL_INVALID_VALUE, "devices and num_devices are both NULL");
  return guarded([&] {
    bool matches = device_type == CL_DEVICE_TYPE_ALL ||
                   (device_type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT));
    if (!matches)
      return CL_DEVICE_NOT_FOUND;
    if (devices)
      devices[0] = Platform::instance().rootDevice().handle();
    if (num_devices)
      *num_devices = 1;
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret) {
  return answerInfo<Device>(device, param_name, param_value_size, param_value, param_value_size_ret,
                            [&](Device *d, InfoBuffer put) {
                              return d->getInfo(param_name, put.size, put.value, put.sizeRet);
                            });
}

CL_API_ENTRY cl_int CL_API_CALL clCreateSubDevices(cl_device_id in_device,
                                                   const cl_device_partition_property *properties,
                                                   cl_uint num_devices, cl_device_id *out_devices,
                                                   cl_uint *num_devices_ret) {
  Device *parent;
  if (cl_int err = resolve(in_device, parent))
    return err;
  return guarded([&] {
    std::vector<unsigned> counts;
    std::vector<cl_device_partition_property> type;
    if (cl_int err = planPartition(*parent, properties, counts, type))
      return err;
    if (out_devices && num_devices < counts.size())
      return apiError("clCreateSubDevices", CL_INVALID_VALUE,
                      "num_devices %u is fewer than the %zu sub-devices", num_devices,
                      counts.size());
    if (num_devices_ret)
      *num_devices_ret = cl_uint(counts.size());
    if (out_devices) {
      for (size_t i = 0; i < counts.size(); ++i)
        out_devices[i] = (new Device(parent->platform(), parent, counts[i], type))->handle();
    }
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainDevice(cl_device_id device) {
  return retainHandle<Device>(device);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseDevice(cl_device_id device) {
  return releaseHandle<Device>(device);
}

CL_API_ENTRY cl_int CL_API_CALL clGetHostTimer(cl_device_id device, cl_ulong *host_timestamp) {
  if (cl_int err = checkLive<Device>(device))
    return err;
  if (!host_timestamp)
    return apiError(__func__, CL_INVALID_VALUE, "host_timestamp is NULL");
  *host_timestamp = rt::monotonicNanoseconds();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id device,
                                                        cl_ulong *device_timestamp,
                                                        cl_ulong *host_timestamp) {
  if (cl_int err = checkLive<Device>(device))
    return err;
  if (!device_timestamp || !host_timestamp)
    return apiError(__func__, CL_INVALID_VALUE, "%s is NULL",
                    device_timestamp ? "host_timestamp" : "device_timestamp");
  // Device and host share one clock: both readings are the same instant.
  *host_timestamp = *device_timestamp = rt::monotonicNanoseconds();
  return CL_SUCCESS;
}

} // extern "C"
