// A recursive divide-and-conquer fill of 4M uints: a range is halved until
// its part is at most 4096 values, which one launch of 256 work-items
// fills. Driven from the device, one host launch starts the root, and each
// node enqueues its halves with enqueue_kernel (2047 launches, 1024 leaves
// doing the work); driven from the host, the host walks the same tree and
// enqueues the 1024 leaf launches on its in-order queue. PoCL has no
// device-side enqueue: it runs the host-driven row only.
#include "kernel_row.h"
#include "row_helpers.h"

#include <CL/cl.h>

#include <string>
#include <vector>

namespace bench {
namespace {

constexpr const char *kTreeSource = R"(
  #define VALUE(i) ((i) * 2654435761u >> 5 ^ (i))
  // Work-items stride over the leaf's part.
  void fill_leaf(global uint *out, uint lo, uint hi) {
    for (uint i = lo + (uint)get_global_id(0); i < hi; i += (uint)get_global_size(0))
      out[i] = VALUE(i);
  }
  kernel void leaf(global uint *out, uint lo, uint hi) { fill_leaf(out, lo, hi); }
  #ifdef DEVICE_ENQUEUE
  void node(global uint *out, uint lo, uint hi) {
    if (hi - lo <= 4096) {
      fill_leaf(out, lo, hi);
      return;
    }
    if (get_global_id(0) == 0) {
      uint mid = lo + (hi - lo) / 2;
      queue_t q = get_default_queue();
      enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(256, 256), ^{ node(out, lo, mid); });
      enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(256, 256), ^{ node(out, mid, hi); });
    }
  }
  kernel void root(global uint *out, uint n) { node(out, 0, n); }
  #endif
)";

class RecursiveFill : public KernelRow {
public:
  explicit RecursiveFill(bool fromDevice) : fromDevice_(fromDevice) {}
  std::string name() const override {
    return fromDevice_ ? "recursive fill, device-side enqueue (2047 launches, 4M uint)"
                       : "recursive fill, host-driven leaves (1024 launches, 4M uint)";
  }
  double work() const override { return 4.0 * kN; } // bytes written
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override {
    return !fromDevice_ || hasFeature(d, "__opencl_c_device_enqueue");
  }
  void setUp(const Driver &d) override {
    compile(d, kTreeSource, fromDevice_ ? "root" : "leaf",
            fromDevice_ ? "-cl-std=CL3.0 -DDEVICE_ENQUEUE" : "");
    out_ = buffer(4 * kN);
    if (fromDevice_) {
      cl_queue_properties props[] = {CL_QUEUE_PROPERTIES,
                                     CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT |
                                         CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                                     0};
      cl_int err = CL_SUCCESS;
      deviceQueue_ = clCreateCommandQueueWithProperties(d.context, d.device, props, &err);
      check(err, "clCreateCommandQueueWithProperties(CL_QUEUE_ON_DEVICE)");
      setArgs(out_, cl_uint(kN));
    }
  }
  void run() override {
    size_t one = 256;
    if (fromDevice_) {
      d_->runKernel(kernel_, 1, &one, &one, "root");
      return;
    }
    enqueueLeaves(0, kN);
    check(clFinish(d_->queue), "clFinish");
  }
  bool verify() override {
    std::vector<cl_uint> got = d_->read<cl_uint>(out_, kN);
    for (size_t i = 0; i < kN; ++i)
      if (got[i] != ((cl_uint(i) * 2654435761u >> 5) ^ cl_uint(i)))
        return false;
    return true;
  }
  void tearDown() override {
    if (deviceQueue_)
      clReleaseCommandQueue(deviceQueue_);
    deviceQueue_ = nullptr;
    KernelRow::tearDown();
  }

private:
  /// The host's walk of the tree the device version builds.
  void enqueueLeaves(cl_uint lo, cl_uint hi) {
    if (hi - lo > 4096) {
      cl_uint mid = lo + (hi - lo) / 2;
      enqueueLeaves(lo, mid);
      enqueueLeaves(mid, hi);
      return;
    }
    setArgs(out_, lo, hi);
    size_t one = 256;
    check(clEnqueueNDRangeKernel(d_->queue, kernel_, 1, nullptr, &one, &one, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel(leaf)");
  }

  static constexpr size_t kN = 4u << 20;
  bool fromDevice_;
  cl_mem out_ = nullptr;
  cl_command_queue deviceQueue_ = nullptr;
};

} // namespace

void addDeviceEnqueueBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<RecursiveFill>(false));
  list.push_back(std::make_unique<RecursiveFill>(true));
}

} // namespace bench
