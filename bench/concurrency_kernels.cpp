// Eight independent medium kernels (about a millisecond each) then a wait,
// submitted three ways: one in-order queue (the baseline, which must run
// them one after another), one out-of-order queue, and two in-order queues
// taking four each. The last two let a driver overlap the kernels, filling
// the threads that one kernel's last work-groups leave idle.
#include "kernel_row.h"
#include "row_helpers.h"

namespace bench {
namespace {

enum class Submission { InOrder, OutOfOrder, TwoQueues };

class IndependentKernels : public KernelRow {
public:
  explicit IndependentKernels(Submission how) : how_(how) {}
  std::string name() const override {
    static const char *const queues[] = {"in-order queue", "out-of-order queue",
                                         "two in-order queues"};
    return std::string("8 independent kernels, ") + queues[int(how_)];
  }
  double work() const override { return kKernels * 1e9; } // the rate is kernels/s
  bool isFlops() const override { return false; }
  std::string rateUnit() const override { return "kernels/s"; }
  bool hasLimit() const override { return false; }
  void setUp(const Driver &d) override {
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = float(i % 101) * 0.01f;
    // A dependent chain of multiply-adds per work-item: compute-bound, so
    // that the kernels compete for the cores rather than for memory.
    compile(d, R"(
      kernel void relax(global const float *in, global float *out, float target, int steps) {
        size_t i = get_global_id(0);
        float v = in[i];
        for (int s = 0; s < steps; ++s)
          v = v * 0.99f + target * 0.01f;
        out[i] = v;
      })",
            "relax");
    cl_mem in = buffer(kN * 4, in_.data());
    // Kernel 0 is the row's own; the others are more of the same.
    kernels_[0] = kernel_;
    for (int k = 0; k < kKernels; ++k) {
      if (k)
        kernels_[k] = createKernel(program_, "relax");
      out_[k] = buffer(kN * 4);
      setKernelArgs(kernels_[k], in, out_[k], float(k + 1), int(kSteps));
    }
    queues_[0] = queues_[1] = d.queue;
    if (how_ != Submission::InOrder) {
      cl_queue_properties outOfOrder[] = {CL_QUEUE_PROPERTIES,
                                          CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
      cl_int err;
      queues_[0] = clCreateCommandQueueWithProperties(
          d.context, d.device, how_ == Submission::OutOfOrder ? outOfOrder : nullptr, &err);
      check(err, "clCreateCommandQueueWithProperties");
      queues_[1] = queues_[0];
      if (how_ == Submission::TwoQueues) {
        queues_[1] = clCreateCommandQueueWithProperties(d.context, d.device, nullptr, &err);
        check(err, "clCreateCommandQueueWithProperties");
      }
    }
  }
  void run() override {
    size_t global = kN;
    for (int k = 0; k < kKernels; ++k)
      check(clEnqueueNDRangeKernel(queues_[k % 2], kernels_[k], 1, nullptr, &global, nullptr, 0,
                                   nullptr, nullptr),
            "relax");
    // Both queues are submitted before either is waited for.
    check(clFlush(queues_[0]), "clFlush");
    check(clFlush(queues_[1]), "clFlush");
    check(clFinish(queues_[0]), "clFinish");
    check(clFinish(queues_[1]), "clFinish");
  }
  bool verify() override {
    for (int k = 0; k < kKernels; ++k) {
      std::vector<float> result = d_->read<float>(out_[k], kN);
      bool ok = checkEvery(61, kN, [&](size_t i) {
        float v = in_[i], target = float(k + 1);
        for (int s = 0; s < kSteps; ++s)
          v = v * 0.99f + target * 0.01f;
        // The kernel may fuse the multiply-add: rounding differs slightly.
        return near(result[i], v, 1e-4);
      });
      if (!ok)
        return false;
    }
    return true;
  }
  void tearDown() override {
    for (int k = 1; k < kKernels; ++k)
      clReleaseKernel(kernels_[k]);
    KernelRow::tearDown();
    if (queues_[1] != d_->queue && queues_[1] != queues_[0])
      clReleaseCommandQueue(queues_[1]);
    if (queues_[0] != d_->queue)
      clReleaseCommandQueue(queues_[0]);
  }

private:
  static constexpr int kKernels = 8, kSteps = 64;
  static constexpr size_t kN = 256u << 10;
  Submission how_;
  std::vector<float> in_;
  cl_kernel kernels_[kKernels] = {};
  cl_mem out_[kKernels] = {};
  cl_command_queue queues_[2] = {};
};

} // namespace

void addConcurrencyBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  addRows<IndependentKernels>(list, Submission::InOrder, Submission::OutOfOrder,
                              Submission::TwoQueues);
}

} // namespace bench
