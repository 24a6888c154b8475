// Host <-> buffer transfers of 256 MB: blocking clEnqueueWriteBuffer and
// clEnqueueReadBuffer, and clEnqueueMapBuffer with the host touching every
// page before the unmap. A CPU driver can map without copying, so the map
// row shows whether it does.
#include "kernels.h"
#include "row_helpers.h"

#include <algorithm>

namespace bench {
namespace {

enum class Transfer { Write, Read, Map };

class TransferBandwidth : public Benchmark {
public:
  explicit TransferBandwidth(Transfer kind) : kind_(kind) {}
  std::string name() const override {
    static const char *const names[] = {"clEnqueueWriteBuffer, blocking (256 MB)",
                                        "clEnqueueReadBuffer, blocking (256 MB)",
                                        "map + touch each 4 KB page + unmap (256 MB, x8)"};
    return names[int(kind_)];
  }
  double work() const override { return double(kBytes) * (kind_ == Transfer::Map ? kMaps : 1); }
  bool isFlops() const override { return false; }
  // Bytes transferred, where the STREAM limit counts the read and the
  // write of a copy: not comparable, and a map need not move data at all.
  bool hasLimit() const override { return false; }
  void setUp(const Driver &d) override {
    d_ = &d;
    host_.resize(kWords);
    for (size_t i = 0; i < kWords; ++i)
      host_[i] = cl_uint(i * 3 + 1);
    // Write: the buffer starts empty and receives host_. Read: the buffer
    // starts with host_'s pattern and the host side is zeroed (and
    // faulted in, as the warm-up run leaves it).
    buffer_ = kind_ == Transfer::Write ? d.buffer(kBytes) : d.buffer(kBytes, host_.data());
    if (kind_ == Transfer::Read)
      std::fill(host_.begin(), host_.end(), 0);
    runs_ = 0;
  }
  void run() override {
    cl_command_queue q = d_->queue;
    switch (kind_) {
    case Transfer::Write:
      check(clEnqueueWriteBuffer(q, buffer_, CL_TRUE, 0, kBytes, host_.data(), 0, nullptr, nullptr),
            "write");
      break;
    case Transfer::Read:
      check(clEnqueueReadBuffer(q, buffer_, CL_TRUE, 0, kBytes, host_.data(), 0, nullptr, nullptr),
            "read");
      break;
    case Transfer::Map:
      // Several maps per run: one zero-copy map takes about a millisecond,
      // too short to time reliably on a shared machine.
      for (int m = 0; m < kMaps; ++m) {
        cl_int err;
        auto *words = static_cast<cl_uint *>(clEnqueueMapBuffer(
            q, buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, kBytes, 0, nullptr, nullptr, &err));
        check(err, "map");
        for (size_t i = 0; i < kWords; i += kPageWords)
          ++words[i];
        check(clEnqueueUnmapMemObject(q, buffer_, words, 0, nullptr, nullptr), "unmap");
        check(clFinish(q), "clFinish");
      }
      break;
    }
    ++runs_;
  }
  bool verify() override {
    if (kind_ == Transfer::Read)
      return checkEvery(1, kWords, [&](size_t i) { return host_[i] == cl_uint(i * 3 + 1); });
    std::vector<cl_uint> contents = d_->read<cl_uint>(buffer_, kWords);
    return checkEvery(1, kWords, [&](size_t i) {
      // Each map incremented the first word of every page.
      cl_uint bump = kind_ == Transfer::Map && i % kPageWords == 0 ? cl_uint(runs_ * kMaps) : 0;
      return contents[i] == cl_uint(i * 3 + 1) + bump;
    });
  }
  void tearDown() override { clReleaseMemObject(buffer_); }

private:
  static constexpr size_t kBytes = size_t(256) << 20, kWords = kBytes / 4, kPageWords = 1024;
  static constexpr int kMaps = 8;
  Transfer kind_;
  const Driver *d_ = nullptr;
  std::vector<cl_uint> host_;
  cl_mem buffer_ = nullptr;
  int runs_ = 0;
};

} // namespace

void addTransferBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  addRows<TransferBandwidth>(list, Transfer::Write, Transfer::Read, Transfer::Map);
}

} // namespace bench
