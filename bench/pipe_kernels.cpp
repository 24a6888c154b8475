// Two kernels in a pipeline: a producer computes a value per work-item, a
// consumer turns it into the output, the values passing through a pipe
// (read_pipe/write_pipe per work-item, or reservations of a whole
// work-group) or, as the reference, through a buffer. PoCL's device has no
// pipes: those rows run on CoreCL alone (n/a).
#include "kernel_row.h"
#include "row_helpers.h"

#include <CL/cl.h>

#include <algorithm>
#include <string>
#include <vector>

namespace bench {
namespace {

enum class Passage { Buffer, PipePerItem, PipePerGroup };

constexpr const char *kPipelineSource = R"(
  #define VALUE(i) ((i) * 2654435761u >> 7)
  kernel void produce_buffer(global uint *mid) {
    size_t i = get_global_id(0);
    mid[i] = VALUE((uint)i);
  }
  kernel void consume_buffer(global const uint *mid, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = mid[i] ^ 0x5a5a5a5au;
  }
  #ifdef PIPES
  kernel void produce_item(write_only pipe uint p) {
    uint v = VALUE((uint)get_global_id(0));
    write_pipe(p, &v);
  }
  kernel void consume_item(read_only pipe uint p, global uint *out) {
    uint v = 0;
    read_pipe(p, &v);
    out[get_global_id(0)] = v ^ 0x5a5a5a5au;
  }
  kernel void produce_group(write_only pipe uint p) {
    uint v = VALUE((uint)get_global_id(0));
    reserve_id_t r = work_group_reserve_write_pipe(p, get_local_size(0));
    if (is_valid_reserve_id(r))
      write_pipe(p, r, get_local_id(0), &v);
    work_group_commit_write_pipe(p, r);
  }
  kernel void consume_group(read_only pipe uint p, global uint *out) {
    uint v = 0;
    reserve_id_t r = work_group_reserve_read_pipe(p, get_local_size(0));
    if (is_valid_reserve_id(r))
      read_pipe(p, r, get_local_id(0), &v);
    work_group_commit_read_pipe(p, r);
    out[get_global_id(0)] = v ^ 0x5a5a5a5au;
  }
  #endif
)";

class Pipeline : public KernelRow {
public:
  explicit Pipeline(Passage passage) : passage_(passage) {}
  std::string name() const override {
    switch (passage_) {
    case Passage::Buffer:
      return "two-kernel pipeline through a buffer (4M uint)";
    case Passage::PipePerItem:
      return "two-kernel pipeline through a pipe, read/write_pipe (4M uint)";
    default:
      return "two-kernel pipeline through a pipe, work-group reservations (4M uint)";
    }
  }
  double work() const override { return 4.0 * 4 * kN; } // bytes: written, passed, read, out
  bool isFlops() const override { return false; }
  bool supportedBy(const Driver &d) const override {
    return passage_ == Passage::Buffer || hasFeature(d, "__opencl_c_pipes");
  }
  void setUp(const Driver &d) override {
    bool pipes = passage_ != Passage::Buffer;
    const char *suffix = passage_ == Passage::Buffer        ? "buffer"
                         : passage_ == Passage::PipePerItem ? "item"
                                                            : "group";
    compile(d, kPipelineSource, (std::string("produce_") + suffix).c_str(),
            pipes ? "-cl-std=CL3.0 -DPIPES" : "");
    consumer_ = createKernel(program_, (std::string("consume_") + suffix).c_str());
    out_ = buffer(4 * kN);
    if (pipes) {
      cl_int err = CL_SUCCESS;
      mid_ = clCreatePipe(d.context, 0, sizeof(cl_uint), cl_uint(kN), nullptr, &err);
      check(err, "clCreatePipe");
      ownsMid_ = true;
      setKernelArgs(kernel_, mid_);
    } else {
      mid_ = buffer(4 * kN);
      setKernelArgs(kernel_, mid_);
    }
    setKernelArgs(consumer_, mid_, out_);
  }
  void run() override {
    size_t global = kN, local = 256;
    d_->runKernel(kernel_, 1, &global, &local, "produce");
    d_->runKernel(consumer_, 1, &global, &local, "consume");
  }
  bool verify() override {
    // Through a pipe the values arrive in any order: compare them sorted.
    std::vector<cl_uint> got = d_->read<cl_uint>(out_, kN), expected(kN);
    for (size_t i = 0; i < kN; ++i)
      expected[i] = (cl_uint(i) * 2654435761u >> 7) ^ 0x5a5a5a5au;
    if (passage_ == Passage::Buffer)
      return got == expected;
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    return got == expected;
  }
  void tearDown() override {
    if (consumer_)
      clReleaseKernel(consumer_);
    if (ownsMid_)
      clReleaseMemObject(mid_);
    consumer_ = nullptr;
    mid_ = nullptr;
    ownsMid_ = false;
    KernelRow::tearDown();
  }

private:
  static constexpr size_t kN = 4u << 20;
  Passage passage_;
  cl_kernel consumer_ = nullptr;
  cl_mem mid_ = nullptr, out_ = nullptr;
  bool ownsMid_ = false;
};

} // namespace

void addPipeBenchmarks(std::vector<std::unique_ptr<Benchmark>> &list) {
  list.push_back(std::make_unique<Pipeline>(Passage::Buffer));
  list.push_back(std::make_unique<Pipeline>(Passage::PipePerItem));
  list.push_back(std::make_unique<Pipeline>(Passage::PipePerGroup));
}

} // namespace bench
