// Driver overheads rather than kernel speed: launches of small kernels,
// the round trip of one enqueue and clFinish, and the time from source to
// a kernel's first result, with and without the drivers' build caches.
#include "kernel_row.h"
#include "row_helpers.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>

namespace bench {
namespace {

/// 1,000 launches of a kernel that bumps one counter per work-item, on an
/// in-order queue: either one clFinish at the end (launch overhead), or a
/// clFinish after each launch (the round trip an application sees when it
/// needs each result before its next step). The counters check that no
/// launch was lost, overlapped or reordered.
class LaunchOverhead : public KernelRow {
public:
  LaunchOverhead(size_t items, bool waitEach) : items_(items), waitEach_(waitEach) {}
  std::string name() const override {
    char count[32]; // 1,024 (ranges stay below a million here)
    if (items_ >= 1000)
      std::snprintf(count, sizeof count, "%zu,%03zu", items_ / 1000, items_ % 1000);
    else
      std::snprintf(count, sizeof count, "%zu", items_);
    std::string range = std::string(count) + (items_ == 1 ? " work-item" : " work-items");
    return waitEach_ ? "round trip: enqueue + clFinish of " + range + ", x1,000"
                     : "launch: 1,000 kernels of " + range;
  }
  // Scaled so that the table's 1e-9 gives millions of launches (thousands
  // of round trips) per second; for round trips the ms column is then the
  // microseconds per round trip.
  double work() const override { return double(kLaunches) * (waitEach_ ? 1e6 : 1e3); }
  bool isFlops() const override { return false; }
  std::string rateUnit() const override { return waitEach_ ? "K round trips/s" : "M launches/s"; }
  bool hasLimit() const override { return false; }
  void setUp(const Driver &d) override {
    compile(d, "kernel void bump(global int *c) { c[get_global_id(0)] += 1; }", "bump");
    std::vector<int> zeros(items_, 0);
    counters_ = buffer(items_ * sizeof(int), zeros.data());
    setArgs(counters_);
    runs_ = 0;
  }
  void run() override {
    size_t items = items_;
    for (int i = 0; i < kLaunches; ++i) {
      check(clEnqueueNDRangeKernel(d_->queue, kernel_, 1, nullptr, &items, nullptr, 0, nullptr,
                                   nullptr),
            "bump");
      if (waitEach_)
        check(clFinish(d_->queue), "clFinish");
    }
    check(clFinish(d_->queue), "clFinish");
    ++runs_;
  }
  bool verify() override {
    std::vector<int> values = d_->read<int>(counters_, items_);
    return checkEvery(1, items_, [&](size_t i) { return values[i] == runs_ * kLaunches; });
  }

private:
  static constexpr int kLaunches = 1000;
  size_t items_;
  bool waitEach_;
  cl_mem counters_ = nullptr;
  int runs_ = 0;
};

/// A small kernel with math builtins, so that a build goes through the
/// front end, the builtins, optimisation and code generation.
const char *kBuildBody = R"(
  float soften(float v, float gain) { return gain * sqrt(fabs(v)) + exp(-v * v); }
  kernel void smooth(global const float *in, global float *out, int n, float gain) {
    int i = get_global_id(0);
    float left = in[max(i - 1, 0)], right = in[min(i + 1, n - 1)];
    out[i] = soften(0.25f * left + 0.5f * in[i] + 0.25f * right, gain);
  })";

/// clBuildProgram, clCreateKernel and the kernel's first launch until
/// clFinish: the time from source to a first result. The first launch is
/// included because a driver may defer code generation to it (PoCL
/// generates its work-group functions when a kernel is first enqueued).
/// Cold: every run builds a source never seen before (an unused function
/// named with a per-process random tag and a counter), so neither the
/// driver's memory nor its disk cache can hold it. Cached: the same source
/// every run.
class BuildTime : public BuildRow {
public:
  explicit BuildTime(bool cold) : cold_(cold) {}
  std::string name() const override {
    return cold_ ? "build + first launch, new source each run"
                 : "build + first launch, same source (cached)";
  }
  void setUp(const Driver &d) override {
    d_ = &d;
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = float(i % 37) * 0.05f - 0.9f;
    in = buffer(kN * 4, in_.data());
    out = buffer(kN * 4);
  }
  void run() override {
    releaseProgram();
    // The tag is code, not a comment: PoCL hashes the preprocessed source.
    std::string source = kBuildBody;
    if (cold_)
      source += "\nint fresh_" + freshSourceTag() + "(int x) { return x + 1; }\n";
    compile(*d_, source, "smooth");
    setArgs(in, out, int(kN), kGain);
    size_t global = kN;
    d_->runKernel(kernel_, 1, &global, nullptr, "smooth");
  }
  bool verify() override {
    std::vector<float> result = d_->read<float>(out, kN);
    return checkEvery(1, kN, [&](size_t i) {
      double left = in_[i ? i - 1 : 0], right = in_[i + 1 < kN ? i + 1 : kN - 1];
      double v = 0.25 * left + 0.5 * in_[i] + 0.25 * right;
      return near(result[i], kGain * std::sqrt(std::fabs(v)) + std::exp(-v * v), 1e-5);
    });
  }

private:
  static constexpr size_t kN = 1024;
  static constexpr float kGain = 0.75f;
  bool cold_;
  std::vector<float> in_;
  cl_mem in = nullptr, out = nullptr;
};

} // namespace

std::string freshSourceTag() {
  static const unsigned long long process =
      (static_cast<unsigned long long>(std::random_device{}()) << 32) ^
      static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
  static unsigned long long counter = 0;
  return std::to_string(process) + "_" + std::to_string(++counter);
}

void addOverheadBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<LaunchOverhead>(1, false));
  list.push_back(std::make_unique<LaunchOverhead>(1024, false));
  list.push_back(std::make_unique<LaunchOverhead>(1, true));
  addRows<BuildTime>(list, /*cold=*/true, false);
}

} // namespace bench
