// OpenCL C 3.0's work-group and sub-group functions and C11 atomics
// against the same algorithms written with __local memory and barriers
// (local_kernels.cpp has the barrier scan and the OpenCL 1.x atomics
// histogram): a block reduce and a block scan of 256-element blocks, and a
// 256-bin histogram with C11 atomics. Rows a driver does not report the
// features for read n/a (PoCL has neither work-group functions nor
// device-scope atomics).
#include "kernel_row.h"
#include "row_helpers.h"

#include <CL/cl.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace bench {
namespace {

constexpr size_t kBlock = 256;

enum class Method { Collective, LocalMemory, SubGroups };

/// The sum of each 256-element block: work_group_reduce_add, or a tree in
/// local memory (8 halving steps, 9 barriers).
class BlockReduce : public KernelRow {
public:
  explicit BlockReduce(Method method) : method_(method) {}
  std::string name() const override {
    switch (method_) {
    case Method::Collective:
      return "sum of 256-element blocks, work_group_reduce_add (16M uint)";
    case Method::SubGroups:
      return "sum of 256-element blocks, sub_group_reduce_add, 1 barrier (16M uint)";
    default:
      return "sum of 256-element blocks, local tree, 9 barriers (16M uint)";
    }
  }
  double work() const override { return 4.0 * kN; } // bytes read
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override {
    if (method_ == Method::SubGroups)
      return hasFeature(d, "__opencl_c_subgroups");
    return method_ == Method::LocalMemory ||
           hasFeature(d, "__opencl_c_work_group_collective_functions");
  }
  void setUp(const Driver &d) override {
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = cl_uint((i * 2654435761u) >> 18);
    if (method_ == Method::Collective)
      compile(d, R"(
        kernel void block_sum(global const uint *in, global uint *out) {
          uint sum = work_group_reduce_add(in[get_global_id(0)]);
          if (get_local_id(0) == 0)
            out[get_group_id(0)] = sum;
        })",
              "block_sum", "-cl-std=CL3.0");
    else if (method_ == Method::SubGroups)
      // Each sub-group's sum into local memory, one barrier, work-item 0
      // adds them up.
      compile(d, R"(
        kernel void block_sum(global const uint *in, global uint *out) {
          local uint partial[256];
          uint sum = sub_group_reduce_add(in[get_global_id(0)]);
          if (get_sub_group_local_id() == 0)
            partial[get_sub_group_id()] = sum;
          barrier(CLK_LOCAL_MEM_FENCE);
          if (get_local_id(0) == 0) {
            uint total = 0;
            for (uint s = 0; s < get_num_sub_groups(); ++s)
              total += partial[s];
            out[get_group_id(0)] = total;
          }
        })",
              "block_sum", "-cl-std=CL3.0");
    else
      compile(d, R"(
        #define B 256
        kernel void block_sum(global const uint *in, global uint *out) {
          local uint s[B];
          size_t lid = get_local_id(0);
          s[lid] = in[get_global_id(0)];
          barrier(CLK_LOCAL_MEM_FENCE);
          for (uint step = B / 2; step > 0; step >>= 1) {
            if (lid < step)
              s[lid] += s[lid + step];
            barrier(CLK_LOCAL_MEM_FENCE);
          }
          if (lid == 0)
            out[get_group_id(0)] = s[0];
        })",
              "block_sum");
    out_ = buffer(kN / kBlock * 4);
    setArgs(buffer(kN * 4, in_.data()), out_);
  }
  void run() override {
    size_t global = kN, local = kBlock;
    d_->runKernel(kernel_, 1, &global, &local, "block_sum");
  }
  bool verify() override {
    std::vector<cl_uint> sums = d_->read<cl_uint>(out_, kN / kBlock);
    for (size_t b = 0; b < kN / kBlock; ++b) {
      cl_uint sum = 0;
      for (size_t i = b * kBlock; i < (b + 1) * kBlock; ++i)
        sum += in_[i];
      if (sums[b] != sum)
        return false;
    }
    return true;
  }

private:
  static constexpr size_t kN = 16u << 20;
  Method method_;
  std::vector<cl_uint> in_;
  cl_mem out_ = nullptr;
};

/// The inclusive scan of each 256-element block: BlockScan's work
/// (local_kernels.cpp) with work_group_scan_inclusive_add in place of its
/// 17 barriers, or with sub-group scans (each sub-group's scan, the
/// sub-groups' totals scanned by work-item 0 in local memory between two
/// barriers, added back).
class BlockScanBuiltIn : public KernelRow {
public:
  explicit BlockScanBuiltIn(Method method) : method_(method) {}
  std::string name() const override {
    return method_ == Method::SubGroups
               ? "scan of 256-element blocks, sub_group_scan_inclusive_add, 2 barriers (16M uint)"
               : "scan of 256-element blocks, work_group_scan_inclusive_add (16M uint)";
  }
  double work() const override { return 2.0 * 4 * kN; } // bytes: read in, write out
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override {
    return hasFeature(d, method_ == Method::SubGroups
                             ? "__opencl_c_subgroups"
                             : "__opencl_c_work_group_collective_functions");
  }
  void setUp(const Driver &d) override {
    in_.resize(kN);
    for (size_t i = 0; i < kN; ++i)
      in_[i] = cl_uint((i * 2654435761u) >> 20);
    if (method_ == Method::SubGroups)
      compile(d, R"(
        kernel void block_scan(global const uint *in, global uint *out) {
          local uint totals[256];
          size_t i = get_global_id(0);
          uint x = sub_group_scan_inclusive_add(in[i]);
          uint group = get_sub_group_id();
          if (get_sub_group_local_id() == get_sub_group_size() - 1)
            totals[group] = x;
          barrier(CLK_LOCAL_MEM_FENCE);
          if (get_local_id(0) == 0) {
            uint before = 0;
            for (uint s = 0; s < get_num_sub_groups(); ++s) {
              uint total = totals[s];
              totals[s] = before;
              before += total;
            }
          }
          barrier(CLK_LOCAL_MEM_FENCE);
          out[i] = x + totals[group];
        })",
              "block_scan", "-cl-std=CL3.0");
    else
      compile(d, R"(
        kernel void block_scan(global const uint *in, global uint *out) {
          size_t i = get_global_id(0);
          out[i] = work_group_scan_inclusive_add(in[i]);
        })",
              "block_scan", "-cl-std=CL3.0");
    out_ = buffer(kN * 4);
    setArgs(buffer(kN * 4, in_.data()), out_);
  }
  void run() override {
    size_t global = kN, local = kBlock;
    d_->runKernel(kernel_, 1, &global, &local, "block_scan");
  }
  bool verify() override { return blockScanMatches(in_, d_->read<cl_uint>(out_, kN), kBlock); }

private:
  static constexpr size_t kN = 16u << 20;
  Method method_;
  std::vector<cl_uint> in_;
  cl_mem out_ = nullptr;
};

/// local_kernels.cpp's histogram written with C11 atomics: relaxed
/// work-group-scope increments of local bins, merged into the global bins
/// with device scope.
class HistogramC11 : public KernelRow {
public:
  std::string name() const override {
    return "histogram 256 bins, C11 atomics, device-scope merge (32M uchar)";
  }
  double work() const override { return double(kN); } // bytes read
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override {
    return hasFeature(d, "__opencl_c_atomic_scope_device");
  }
  void setUp(const Driver &d) override {
    data_ = skewedBytes(kN); // the same bytes as local_kernels.cpp's row
    expected_ = histogramOf(data_);
    compile(d, R"(
      kernel void histogram(global const uchar *data, global atomic_uint *bins, uint perItem) {
        local atomic_uint counts[256];
        size_t lid = get_local_id(0), size = get_local_size(0);
        for (size_t b = lid; b < 256; b += size)
          atomic_init(&counts[b], 0);
        barrier(CLK_LOCAL_MEM_FENCE);
        size_t base = get_group_id(0) * size * perItem + lid;
        for (uint j = 0; j < perItem; ++j)
          atomic_fetch_add_explicit(&counts[data[base + j * size]], 1, memory_order_relaxed,
                                    memory_scope_work_group);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (size_t b = lid; b < 256; b += size) {
          uint count = atomic_load_explicit(&counts[b], memory_order_relaxed,
                                            memory_scope_work_group);
          if (count)
            atomic_fetch_add_explicit(&bins[b], count, memory_order_relaxed,
                                      memory_scope_device);
        }
      })",
            "histogram", "-cl-std=CL3.0");
    bins_ = buffer(256 * 4);
    setArgs(buffer(kN, data_.data()), bins_, cl_uint(kPerItem));
  }
  void run() override {
    cl_uint zero = 0;
    check(
        clEnqueueFillBuffer(d_->queue, bins_, &zero, sizeof zero, 0, 256 * 4, 0, nullptr, nullptr),
        "fill");
    size_t global = kN / kPerItem, local = kLocal;
    d_->runKernel(kernel_, 1, &global, &local, "histogram");
  }
  bool verify() override { return d_->read<cl_uint>(bins_, 256) == expected_; }

private:
  static constexpr size_t kN = 32u << 20, kLocal = 256, kPerItem = 64;
  std::vector<unsigned char> data_;
  std::vector<cl_uint> expected_;
  cl_mem bins_ = nullptr;
};

} // namespace

void addCollectiveBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<BlockReduce>(Method::LocalMemory));
  list.push_back(std::make_unique<BlockReduce>(Method::Collective));
  list.push_back(std::make_unique<BlockReduce>(Method::SubGroups));
  list.push_back(std::make_unique<BlockScanBuiltIn>(Method::Collective));
  list.push_back(std::make_unique<BlockScanBuiltIn>(Method::SubGroups));
  list.push_back(std::make_unique<HistogramC11>());
}

} // namespace bench
