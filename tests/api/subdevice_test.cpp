// clCreateSubDevices: partitioning EQUALLY and BY_COUNTS, the sub-devices'
// info, their reference counts, and the error codes of bad partitions.
#include "api/test_support.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace corecl::test {
namespace {

cl_uint computeUnits(cl_device_id d) {
  cl_uint n = 0;
  EXPECT_EQ(clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof n, &n, nullptr), CL_SUCCESS);
  return n;
}

std::vector<cl_device_partition_property> partitionType(cl_device_id d) {
  size_t size = 0;
  EXPECT_EQ(clGetDeviceInfo(d, CL_DEVICE_PARTITION_TYPE, 0, nullptr, &size), CL_SUCCESS);
  std::vector<cl_device_partition_property> type(size / sizeof(cl_device_partition_property));
  EXPECT_EQ(clGetDeviceInfo(d, CL_DEVICE_PARTITION_TYPE, size, type.data(), nullptr), CL_SUCCESS);
  return type;
}

cl_uint refCount(cl_device_id d) {
  cl_uint n = 0;
  EXPECT_EQ(clGetDeviceInfo(d, CL_DEVICE_REFERENCE_COUNT, sizeof n, &n, nullptr), CL_SUCCESS);
  return n;
}

/// Partitions `parent` with `props`; expects success.
std::vector<cl_device_id> partition(cl_device_id parent,
                                    const std::vector<cl_device_partition_property> &props) {
  cl_uint count = 0;
  EXPECT_EQ(clCreateSubDevices(parent, props.data(), 0, nullptr, &count), CL_SUCCESS);
  std::vector<cl_device_id> subs(count);
  cl_uint again = 0;
  EXPECT_EQ(clCreateSubDevices(parent, props.data(), count, subs.data(), &again), CL_SUCCESS);
  EXPECT_EQ(again, count);
  return subs;
}

void releaseAll(const std::vector<cl_device_id> &subs) {
  for (cl_device_id d : subs)
    EXPECT_EQ(clReleaseDevice(d), CL_SUCCESS);
}

class SubDeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    root = device();
    units = computeUnits(root);
    if (units < 2)
      GTEST_SKIP() << "needs at least 2 CPUs to partition, have " << units;
  }
  cl_device_id root = nullptr;
  cl_uint units = 0;
};

TEST_F(SubDeviceTest, PartitionPropertiesListsEquallyAndByCounts) {
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(root, CL_DEVICE_PARTITION_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  std::vector<cl_device_partition_property> props(size / sizeof(cl_device_partition_property));
  ASSERT_EQ(clGetDeviceInfo(root, CL_DEVICE_PARTITION_PROPERTIES, size, props.data(), nullptr),
            CL_SUCCESS);
  auto has = [&](cl_device_partition_property p) {
    return std::find(props.begin(), props.end(), p) != props.end();
  };
  EXPECT_TRUE(has(CL_DEVICE_PARTITION_EQUALLY));
  EXPECT_TRUE(has(CL_DEVICE_PARTITION_BY_COUNTS));
}

TEST_F(SubDeviceTest, Equally) {
  std::vector<cl_device_id> subs = partition(root, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_EQ(subs.size(), units);
  for (cl_device_id d : subs) {
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d, root);
    EXPECT_EQ(computeUnits(d), 1u);
    cl_device_id parent = nullptr;
    ASSERT_EQ(clGetDeviceInfo(d, CL_DEVICE_PARENT_DEVICE, sizeof parent, &parent, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(parent, root);
    std::vector<cl_device_partition_property> expected = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
    EXPECT_EQ(partitionType(d), expected);
    EXPECT_EQ(refCount(d), 1u);
    cl_device_type type = 0;
    ASSERT_EQ(clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
    EXPECT_EQ(type, cl_device_type(CL_DEVICE_TYPE_CPU));
  }
  releaseAll(subs);
}

TEST_F(SubDeviceTest, EquallyLeavesTheRemainderUnused) {
  if (units < 3)
    GTEST_SKIP() << "needs 3 CPUs for a partition with a remainder";
  cl_device_partition_property n = 2;
  std::vector<cl_device_id> subs = partition(root, {CL_DEVICE_PARTITION_EQUALLY, n, 0});
  EXPECT_EQ(subs.size(), units / 2);
  for (cl_device_id d : subs)
    EXPECT_EQ(computeUnits(d), 2u);
  releaseAll(subs);
}

TEST_F(SubDeviceTest, ByCounts) {
  cl_device_partition_property big = units - 1;
  std::vector<cl_device_partition_property> props = {CL_DEVICE_PARTITION_BY_COUNTS, big, 1,
                                                     CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0};
  std::vector<cl_device_id> subs = partition(root, props);
  ASSERT_EQ(subs.size(), 2u);
  EXPECT_EQ(computeUnits(subs[0]), units - 1);
  EXPECT_EQ(computeUnits(subs[1]), 1u);
  for (cl_device_id d : subs)
    EXPECT_EQ(partitionType(d), props);
  releaseAll(subs);
}

TEST_F(SubDeviceTest, RetainReleaseCountsReferences) {
  std::vector<cl_device_id> subs = partition(root, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_FALSE(subs.empty());
  cl_device_id d = subs[0];
  EXPECT_EQ(clRetainDevice(d), CL_SUCCESS);
  EXPECT_EQ(refCount(d), 2u);
  EXPECT_EQ(clRetainDevice(d), CL_SUCCESS);
  EXPECT_EQ(refCount(d), 3u);
  EXPECT_EQ(clReleaseDevice(d), CL_SUCCESS);
  EXPECT_EQ(clReleaseDevice(d), CL_SUCCESS);
  EXPECT_EQ(refCount(d), 1u);
  releaseAll(subs);
}

TEST_F(SubDeviceTest, ContextAndQueueOnASubDevice) {
  // A sub-device can be used like the root: a context and a queue on it
  // move data, and they keep the sub-device alive after clReleaseDevice.
  std::vector<cl_device_id> subs = partition(root, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_FALSE(subs.empty());
  cl_device_id d = subs[0];
  cl_int err;
  cl_context ctx = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  releaseAll(subs);

  std::vector<int> in(1024), out(1024, 0);
  std::iota(in.begin(), in.end(), 7);
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, in.size() * sizeof(int), nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clEnqueueWriteBuffer(q, buf, CL_FALSE, 0, in.size() * sizeof(int), in.data(), 0,
                                 nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, out.size() * sizeof(int), out.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(out, in);
  cl_device_id queueDevice = nullptr;
  EXPECT_EQ(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof queueDevice, &queueDevice, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(queueDevice, d);
  EXPECT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(clReleaseContext(ctx), CL_SUCCESS);
}

TEST_F(SubDeviceTest, ProgramBuiltForTheParentIsBuiltForItsSubDevices) {
  // As the CTS's test_device_partition does: a context holding the parent
  // and its sub-devices, a build for the parent alone, then kernels run on
  // a sub-device's queue.
  std::vector<cl_device_id> subs = partition(root, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_GE(subs.size(), 1u);
  std::vector<cl_device_id> all = {root};
  all.insert(all.end(), subs.begin(), subs.end());
  cl_int err;
  cl_context ctx = clCreateContext(nullptr, cl_uint(all.size()), all.data(), nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  const char *src = "kernel void inc(global int *p) { p[get_global_id(0)] += 1; }";
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(prog, 1, &root, "", nullptr, nullptr), CL_SUCCESS);
  for (cl_device_id d : subs) {
    cl_build_status status = CL_BUILD_NONE;
    EXPECT_EQ(clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_STATUS, sizeof status, &status,
                                    nullptr),
              CL_SUCCESS);
    EXPECT_EQ(status, CL_BUILD_SUCCESS);
  }
  cl_kernel k = clCreateKernel(prog, "inc", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, subs[0], nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  std::vector<int> data(256, 41);
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                              data.size() * sizeof(int), data.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof buf, &buf), CL_SUCCESS);
  size_t global = data.size();
  ASSERT_EQ(clEnqueueNDRangeKernel(q, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, data.size() * sizeof(int), data.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(data, std::vector<int>(256, 42));
  EXPECT_EQ(clReleaseMemObject(buf), CL_SUCCESS);
  EXPECT_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EXPECT_EQ(clReleaseKernel(k), CL_SUCCESS);
  EXPECT_EQ(clReleaseProgram(prog), CL_SUCCESS);
  EXPECT_EQ(clReleaseContext(ctx), CL_SUCCESS);
  releaseAll(subs);
}

TEST_F(SubDeviceTest, RootQueueRejectsSubDeviceNotInContext) {
  std::vector<cl_device_id> subs = partition(root, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_FALSE(subs.empty());
  cl_int err;
  cl_context ctx = clCreateContext(nullptr, 1, &root, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, subs[0], nullptr, &err);
  EXPECT_EQ(q, nullptr);
  EXPECT_EQ(err, CL_INVALID_DEVICE);
  EXPECT_EQ(clReleaseContext(ctx), CL_SUCCESS);
  releaseAll(subs);
}

TEST_F(SubDeviceTest, OneUnitSubDeviceCannotBePartitionedFurther) {
  std::vector<cl_device_id> subs = partition(root, {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_FALSE(subs.empty());
  cl_device_id d = subs[0];
  // No scheme that yields two sub-devices: the list reads as a single 0.
  size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(d, CL_DEVICE_PARTITION_PROPERTIES, 0, nullptr, &size), CL_SUCCESS);
  std::vector<cl_device_partition_property> props(size / sizeof(cl_device_partition_property));
  ASSERT_EQ(clGetDeviceInfo(d, CL_DEVICE_PARTITION_PROPERTIES, size, props.data(), nullptr),
            CL_SUCCESS);
  ASSERT_EQ(props.size(), 1u);
  EXPECT_EQ(props[0], 0);
  cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_uint count = 0;
  EXPECT_EQ(clCreateSubDevices(d, equally, 0, nullptr, &count), CL_DEVICE_PARTITION_FAILED);
  releaseAll(subs);
}

TEST_F(SubDeviceTest, NestedPartition) {
  if (units < 4)
    GTEST_SKIP() << "needs 4 CPUs to partition a sub-device in two";
  std::vector<cl_device_id> halves = partition(root, {CL_DEVICE_PARTITION_EQUALLY, 2, 0});
  ASSERT_GE(halves.size(), 2u);
  std::vector<cl_device_id> quarters = partition(halves[0], {CL_DEVICE_PARTITION_EQUALLY, 1, 0});
  ASSERT_EQ(quarters.size(), 2u);
  cl_device_id parent = nullptr;
  ASSERT_EQ(clGetDeviceInfo(quarters[0], CL_DEVICE_PARENT_DEVICE, sizeof parent, &parent, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(parent, halves[0]);
  releaseAll(halves); // the quarters keep their parent alive
  EXPECT_EQ(computeUnits(quarters[1]), 1u);
  releaseAll(quarters);
}

TEST_F(SubDeviceTest, OutputArrayTooSmall) {
  cl_device_partition_property props[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_device_id one = nullptr;
  EXPECT_EQ(clCreateSubDevices(root, props, 1, &one, nullptr), CL_INVALID_VALUE);
}

TEST_F(SubDeviceTest, InvalidProperties) {
  cl_uint count = 0;
  auto create = [&](std::vector<cl_device_partition_property> props) {
    return clCreateSubDevices(root, props.data(), 0, nullptr, &count);
  };
  EXPECT_EQ(clCreateSubDevices(root, nullptr, 0, nullptr, &count), CL_INVALID_VALUE);
  EXPECT_EQ(create({0}), CL_INVALID_VALUE);
  EXPECT_EQ(create({0x7777, 1, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(create({CL_DEVICE_PARTITION_EQUALLY, 0, 0}), CL_INVALID_VALUE);
  EXPECT_EQ(create({CL_DEVICE_PARTITION_EQUALLY, -1, 0}), CL_INVALID_VALUE);
  // Not listed in CL_DEVICE_PARTITION_PROPERTIES: valid but unsupported.
  EXPECT_EQ(create({CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN,
                    CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE, 0}),
            CL_INVALID_VALUE);
  // Two schemes at once.
  EXPECT_EQ(create({CL_DEVICE_PARTITION_EQUALLY, 1, CL_DEVICE_PARTITION_BY_COUNTS, 1,
                    CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0}),
            CL_INVALID_VALUE);
}

TEST_F(SubDeviceTest, InvalidCounts) {
  cl_uint count = 0;
  auto create = [&](std::vector<cl_device_partition_property> props) {
    return clCreateSubDevices(root, props.data(), 0, nullptr, &count);
  };
  const cl_device_partition_property u = units;
  const cl_device_partition_property end = CL_DEVICE_PARTITION_BY_COUNTS_LIST_END;
  // More compute units in total than the device has.
  EXPECT_EQ(create({CL_DEVICE_PARTITION_BY_COUNTS, u, 1, end, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  EXPECT_EQ(create({CL_DEVICE_PARTITION_BY_COUNTS, u + 1, end, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  // A negative count.
  EXPECT_EQ(create({CL_DEVICE_PARTITION_BY_COUNTS, 1, -1, end, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  // More sub-devices than CL_DEVICE_PARTITION_MAX_SUB_DEVICES.
  std::vector<cl_device_partition_property> many = {CL_DEVICE_PARTITION_BY_COUNTS};
  many.insert(many.end(), units + 1, 1);
  many.insert(many.end(), {end, 0});
  EXPECT_EQ(create(many), CL_INVALID_DEVICE_PARTITION_COUNT);
}

TEST_F(SubDeviceTest, CountsAboveThirtyTwoBitsAreNotTruncated) {
  // Partition values are cl_device_partition_property (64 bits); a value
  // that is 0 or 1 in its low 32 bits still asks for far too many units.
  const cl_device_partition_property huge = cl_device_partition_property(1) << 32;
  const cl_device_partition_property end = CL_DEVICE_PARTITION_BY_COUNTS_LIST_END;
  cl_uint count = 0;
  auto create = [&](std::vector<cl_device_partition_property> props) {
    return clCreateSubDevices(root, props.data(), 0, nullptr, &count);
  };
  EXPECT_EQ(create({CL_DEVICE_PARTITION_BY_COUNTS, huge, end, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  EXPECT_EQ(create({CL_DEVICE_PARTITION_BY_COUNTS, huge + 1, end, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  // Two counts whose 32-bit sum wraps around to a small number.
  const cl_device_partition_property half = cl_device_partition_property(1) << 31;
  EXPECT_EQ(create({CL_DEVICE_PARTITION_BY_COUNTS, half, half, end, 0}),
            CL_INVALID_DEVICE_PARTITION_COUNT);
  for (cl_device_partition_property n : {huge, huge + 1}) {
    cl_device_partition_property props[] = {CL_DEVICE_PARTITION_EQUALLY, n, 0};
    cl_int err = clCreateSubDevices(root, props, 0, nullptr, &count);
    EXPECT_TRUE(err == CL_DEVICE_PARTITION_FAILED || err == CL_INVALID_DEVICE_PARTITION_COUNT ||
                err == CL_INVALID_VALUE)
        << n << ": " << err;
  }
}

TEST_F(SubDeviceTest, EquallyWithMoreUnitsThanTheDeviceFails) {
  // The spec names no code for this case exactly; it is either "cannot be
  // partitioned" or "requests more compute units than the device has".
  cl_device_partition_property props[] = {CL_DEVICE_PARTITION_EQUALLY,
                                          cl_device_partition_property(units + 1), 0};
  cl_uint count = 0;
  cl_int err = clCreateSubDevices(root, props, 0, nullptr, &count);
  EXPECT_TRUE(err == CL_DEVICE_PARTITION_FAILED || err == CL_INVALID_DEVICE_PARTITION_COUNT) << err;
}

TEST(SubDeviceErrors, InvalidDevice) {
  cl_device_partition_property props[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  cl_uint count = 0;
  EXPECT_EQ(clCreateSubDevices(nullptr, props, 0, nullptr, &count), CL_INVALID_DEVICE);
  cl_device_id notADevice = reinterpret_cast<cl_device_id>(platform());
  EXPECT_EQ(clCreateSubDevices(notADevice, props, 0, nullptr, &count), CL_INVALID_DEVICE);
}

} // namespace
} // namespace corecl::test
