// Kernels built around work-group cooperation in local memory: a histogram
// with local atomics and a block scan with a barrier per step. On a CPU
// they measure what atomics and barriers between work-items cost.
#include "kernel_row.h"
#include "row_helpers.h"

#include <cstdint>

namespace bench {
namespace {

/// 256-bin histogram of bytes: each work-group counts into local bins with
/// atomic_inc, then adds its bins into the global ones with atomic_add.
class Histogram : public KernelRow {
public:
  std::string name() const override { return "histogram 256 bins, local atomics (32M uchar)"; }
  double work() const override { return double(kN); } // bytes read
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    data_ = skewedBytes(kN);
    expected_ = histogramOf(data_);
    // Work-item `lid` of a group reads every local-size-th byte of the
    // group's block, so that the group's reads are contiguous together.
    compile(d, R"(
      kernel void histogram(global const uchar *data, global uint *bins, uint perItem) {
        local uint counts[256];
        size_t lid = get_local_id(0), size = get_local_size(0);
        for (size_t b = lid; b < 256; b += size)
          counts[b] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        size_t base = get_group_id(0) * size * perItem + lid;
        for (uint j = 0; j < perItem; ++j)
          atomic_inc(&counts[data[base + j * size]]);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (size_t b = lid; b < 256; b += size)
          if (counts[b])
            atomic_add(&bins[b], counts[b]);
      })",
            "histogram");
    bins = buffer(256 * 4);
    setArgs(buffer(kN, data_.data()), bins, cl_uint(kPerItem));
  }
  void run() override {
    cl_uint zero = 0;
    check(clEnqueueFillBuffer(d_->queue, bins, &zero, sizeof zero, 0, 256 * 4, 0, nullptr, nullptr),
          "fill");
    size_t global = kN / kPerItem, local = kLocal;
    d_->runKernel(kernel_, 1, &global, &local, "histogram");
  }
  bool verify() override { return d_->read<cl_uint>(bins, 256) == expected_; }

private:
  static constexpr size_t kN = 32u << 20, kLocal = 256, kPerItem = 64;
  std::vector<unsigned char> data_;
  std::vector<cl_uint> expected_;
  cl_mem bins = nullptr;
};

/// Inclusive scan of each 256-element block (Hillis-Steele): 8 steps, each
/// a read and a write of local memory separated by barriers, 17 barriers
/// per work-group in all.
class BlockScan : public KernelRow {
public:
  std::string name() const override { return "scan of 256-element blocks, 17 barriers (16M uint)"; }
  double work() const override { return 2.0 * 4 * kN; } // bytes: read in, write out
  bool isFlops() const override { return false; }
  void setUp(const Driver &d) override {
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = cl_uint((i * 2654435761u) >> 20);
    compile(d, R"(
      #define B 256
      kernel void block_scan(global const uint *in, global uint *out) {
        local uint s[B];
        size_t lid = get_local_id(0);
        s[lid] = in[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint offset = 1; offset < B; offset <<= 1) {
          uint add = lid >= offset ? s[lid - offset] : 0;
          barrier(CLK_LOCAL_MEM_FENCE);
          s[lid] += add;
          barrier(CLK_LOCAL_MEM_FENCE);
        }
        out[get_global_id(0)] = s[lid];
      })",
            "block_scan");
    out = buffer(kN * 4);
    setArgs(buffer(kN * 4, in_.data()), out);
  }
  void run() override {
    size_t global = kN, local = kBlock;
    d_->runKernel(kernel_, 1, &global, &local, "block_scan");
  }
  bool verify() override { return blockScanMatches(in_, d_->read<cl_uint>(out, kN), kBlock); }

private:
  static constexpr size_t kN = 16u << 20, kBlock = 256;
  std::vector<cl_uint> in_;
  cl_mem out = nullptr;
};

} // namespace

void addLocalMemoryBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<Histogram>());
  list.push_back(std::make_unique<BlockScan>());
}

} // namespace bench
