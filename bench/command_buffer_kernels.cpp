// A short pipeline replayed many times: 16 commands (a fill, 14 dependent
// launches of a small kernel over 4096 floats, a copy) run 200 times,
// either enqueued one by one each time or recorded once in a command-buffer
// (cl_khr_command_buffer) and enqueued 200 times. The same work both ways:
// the difference is what each enqueue costs. Only drivers whose
// cl_khr_command_buffer is version 0.9.8 run the command-buffer row (its
// functions' signatures changed between provisional versions; PoCL 3.1
// reports 0.9.0), so PoCL's cell reads n/a there.
#include "kernel_row.h"
#include "row_helpers.h"

#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <cstring>
#include <string>
#include <vector>

namespace bench {
namespace {

constexpr const char *kStepSource = R"(
  kernel void advance(global float *x, float a) {
    size_t i = get_global_id(0);
    x[i] = x[i] * a + 1.0f;
  })";

// The 0.9.8 signatures (Debian's cl_ext.h declares an older revision).
using CreateFn = cl_command_buffer_khr(CL_API_CALL *)(cl_uint, const cl_command_queue *,
                                                      const cl_command_buffer_properties_khr *,
                                                      cl_int *);
using BufferFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr);
using EnqueueFn = cl_int(CL_API_CALL *)(cl_uint, cl_command_queue *, cl_command_buffer_khr, cl_uint,
                                        const cl_event *, cl_event *);
using FillFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_queue, const cl_properties *,
                                     cl_mem, const void *, size_t, size_t, size_t, cl_uint,
                                     const cl_sync_point_khr *, cl_sync_point_khr *, void *);
using KernelFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_queue,
                                       const cl_properties *, cl_kernel, cl_uint, const size_t *,
                                       const size_t *, const size_t *, cl_uint,
                                       const cl_sync_point_khr *, cl_sync_point_khr *, void *);
using CopyFn = cl_int(CL_API_CALL *)(cl_command_buffer_khr, cl_command_queue, const cl_properties *,
                                     cl_mem, cl_mem, size_t, size_t, size_t, cl_uint,
                                     const cl_sync_point_khr *, cl_sync_point_khr *, void *);

/// Whether `d` has cl_khr_command_buffer at version 0.9.8.
bool hasCommandBuffer098(const Driver &d) {
  size_t size = 0;
  if (clGetDeviceInfo(d.device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, nullptr, &size) != CL_SUCCESS)
    return false;
  std::vector<cl_name_version> exts(size / sizeof(cl_name_version));
  clGetDeviceInfo(d.device, CL_DEVICE_EXTENSIONS_WITH_VERSION, size, exts.data(), nullptr);
  for (const cl_name_version &e : exts)
    if (std::strcmp(e.name, "cl_khr_command_buffer") == 0)
      return e.version == CL_MAKE_VERSION(0, 9, 8);
  return false;
}

class Replay : public KernelRow {
public:
  explicit Replay(bool recorded) : recorded_(recorded) {}
  std::string name() const override {
    return recorded_ ? "16 commands x 200, command-buffer replays (4096 floats)"
                     : "16 commands x 200, enqueued one by one (4096 floats)";
  }
  double work() const override { return 200.0 * 16; } // commands
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override { return !recorded_ || hasCommandBuffer098(d); }
  void setUp(const Driver &d) override {
    compile(d, kStepSource, "advance");
    x_ = buffer(4 * kN);
    y_ = buffer(4 * kN);
    setArgs(x_, 0.5f);
    if (!recorded_)
      return;
    cl_platform_id platform = d.platform;
    auto get = [&](const char *name) {
      return clGetExtensionFunctionAddressForPlatform(platform, name);
    };
    auto create = reinterpret_cast<CreateFn>(get("clCreateCommandBufferKHR"));
    auto fill = reinterpret_cast<FillFn>(get("clCommandFillBufferKHR"));
    auto ndrange = reinterpret_cast<KernelFn>(get("clCommandNDRangeKernelKHR"));
    auto copy = reinterpret_cast<CopyFn>(get("clCommandCopyBufferKHR"));
    auto finalize = reinterpret_cast<BufferFn>(get("clFinalizeCommandBufferKHR"));
    release_ = reinterpret_cast<BufferFn>(get("clReleaseCommandBufferKHR"));
    enqueue_ = reinterpret_cast<EnqueueFn>(get("clEnqueueCommandBufferKHR"));
    cl_int err = CL_SUCCESS;
    cl_command_queue q = d.queue;
    buffer_ = create(1, &q, nullptr, &err);
    check(err, "clCreateCommandBufferKHR");
    const float zero = 0;
    check(fill(buffer_, nullptr, nullptr, x_, &zero, 4, 0, 4 * kN, 0, nullptr, nullptr, nullptr),
          "clCommandFillBufferKHR");
    size_t global = kN, local = 256;
    for (int i = 0; i < 14; ++i)
      check(ndrange(buffer_, nullptr, nullptr, kernel_, 1, nullptr, &global, &local, 0, nullptr,
                    nullptr, nullptr),
            "clCommandNDRangeKernelKHR");
    check(copy(buffer_, nullptr, nullptr, x_, y_, 0, 0, 4 * kN, 0, nullptr, nullptr, nullptr),
          "clCommandCopyBufferKHR");
    check(finalize(buffer_), "clFinalizeCommandBufferKHR");
  }
  void run() override {
    for (int r = 0; r < 200; ++r) {
      if (recorded_) {
        check(enqueue_(0, nullptr, buffer_, 0, nullptr, nullptr), "clEnqueueCommandBufferKHR");
        continue;
      }
      const float zero = 0;
      check(clEnqueueFillBuffer(d_->queue, x_, &zero, 4, 0, 4 * kN, 0, nullptr, nullptr),
            "clEnqueueFillBuffer");
      size_t global = kN, local = 256;
      for (int i = 0; i < 14; ++i)
        check(clEnqueueNDRangeKernel(d_->queue, kernel_, 1, nullptr, &global, &local, 0, nullptr,
                                     nullptr),
              "clEnqueueNDRangeKernel");
      check(clEnqueueCopyBuffer(d_->queue, x_, y_, 0, 0, 4 * kN, 0, nullptr, nullptr),
            "clEnqueueCopyBuffer");
    }
    check(clFinish(d_->queue), "clFinish");
  }
  bool verify() override {
    // 14 steps of x = x / 2 + 1 from 0: 2 - 2^-13.
    std::vector<float> y = d_->read<float>(y_, kN);
    const float want = 2.0f - 1.0f / 8192;
    for (float v : y)
      if (!near(v, want, 1e-6))
        return false;
    return true;
  }
  void tearDown() override {
    if (buffer_)
      release_(buffer_);
    buffer_ = nullptr;
    KernelRow::tearDown();
  }

private:
  static constexpr size_t kN = 4096;
  bool recorded_;
  cl_mem x_ = nullptr, y_ = nullptr;
  cl_command_buffer_khr buffer_ = nullptr;
  BufferFn release_ = nullptr;
  EnqueueFn enqueue_ = nullptr;
};

} // namespace

void addCommandBufferBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<Replay>(false));
  list.push_back(std::make_unique<Replay>(true));
}

} // namespace bench
