// Eight independent medium kernels (about a millisecond each) then a wait,
// submitted three ways: one in-order queue (the baseline, which must run
// them one after another), one out-of-order queue, and two in-order queues
// taking four each. The last two let a driver overlap the kernels, filling
// the threads that one kernel's last work-groups leave idle.
#include "kernels.h"

#include <cmath>

namespace bench {
namespace {

enum class Submission { InOrder, OutOfOrder, TwoQueues };

class IndependentKernels : public Benchmark {
public:
  explicit IndependentKernels(Submission how) : how_(how) {}
  std::string name() const override {
    switch (how_) {
    case Submission::InOrder:
      return "8 independent kernels, in-order queue";
    case Submission::OutOfOrder:
      return "8 independent kernels, out-of-order queue";
    case Submission::TwoQueues:
      return "8 independent kernels, two in-order queues";
    }
    return "";
  }
  double work() const override { return kKernels * 1e9; } // the rate is kernels/s
  bool isFlops() const override { return false; }
  std::string rateUnit() const override { return "kernels/s"; }
  bool hasLimit() const override { return false; }
  void setUp(const Driver &d) override {
    d_ = &d;
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = float(i % 101) * 0.01f;
    // A dependent chain of multiply-adds per work-item: compute-bound, so
    // that the kernels compete for the cores rather than for memory.
    program_ = d.build(R"(
      kernel void relax(global const float *in, global float *out, float target, int steps) {
        size_t i = get_global_id(0);
        float v = in[i];
        for (int s = 0; s < steps; ++s)
          v = v * 0.99f + target * 0.01f;
        out[i] = v;
      })");
    in = d.buffer(kN * 4, in_.data());
    int steps = kSteps;
    for (int k = 0; k < kKernels; ++k) {
      cl_int err;
      kernels_[k] = clCreateKernel(program_, "relax", &err);
      check(err, "clCreateKernel");
      out_[k] = d.buffer(kN * 4);
      float target = float(k + 1);
      clSetKernelArg(kernels_[k], 0, sizeof in, &in);
      clSetKernelArg(kernels_[k], 1, sizeof out_[k], &out_[k]);
      clSetKernelArg(kernels_[k], 2, sizeof target, &target);
      clSetKernelArg(kernels_[k], 3, sizeof steps, &steps);
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
    std::vector<float> result(kN);
    for (int k = 0; k < kKernels; ++k) {
      check(clEnqueueReadBuffer(d_->queue, out_[k], CL_TRUE, 0, kN * 4, result.data(), 0, nullptr,
                                nullptr),
            "read");
      for (size_t i = 0; i < kN; i += 61) {
        float v = in_[i], target = float(k + 1);
        for (int s = 0; s < kSteps; ++s)
          v = v * 0.99f + target * 0.01f;
        // The kernel may fuse the multiply-add: rounding differs slightly.
        if (std::fabs(result[i] - v) > 1e-4f * (1 + std::fabs(v)))
          return false;
      }
    }
    return true;
  }
  void tearDown() override {
    for (int k = 0; k < kKernels; ++k) {
      clReleaseKernel(kernels_[k]);
      clReleaseMemObject(out_[k]);
    }
    clReleaseMemObject(in);
    clReleaseProgram(program_);
    if (queues_[1] != d_->queue && queues_[1] != queues_[0])
      clReleaseCommandQueue(queues_[1]);
    if (queues_[0] != d_->queue)
      clReleaseCommandQueue(queues_[0]);
  }

private:
  static constexpr int kKernels = 8, kSteps = 64;
  static constexpr size_t kN = 256u << 10;
  Submission how_;
  const Driver *d_ = nullptr;
  std::vector<float> in_;
  cl_program program_ = nullptr;
  cl_kernel kernels_[kKernels] = {};
  cl_mem in = nullptr, out_[kKernels] = {};
  cl_command_queue queues_[2] = {};
};

} // namespace

void addConcurrencyBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<IndependentKernels>(Submission::InOrder));
  list.push_back(std::make_unique<IndependentKernels>(Submission::OutOfOrder));
  list.push_back(std::make_unique<IndependentKernels>(Submission::TwoQueues));
}

} // namespace bench
