// The compiler layer alone: OpenCL C in, work-group functions out, run by
// calling them directly with a hand-made context, checked against host
// references.
#include "compiler/compiler.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace corecl::compiler {
namespace {

/// Runs every group of a 1-D NDRange in one call.
void run1D(const Executable &exe, size_t kernel, const void *args, size_t global, size_t local,
           size_t dynamicLocalBytes = 0) {
  const KernelCode *code = exe.code(kernel);
  ASSERT_NE(code, nullptr) << exe.codeFailure(kernel);
  corecl_wg_ctx ctx = {};
  ctx.global_size[0] = global;
  ctx.global_size[1] = ctx.global_size[2] = 1;
  ctx.local_size[0] = local;
  ctx.local_size[1] = ctx.local_size[2] = 1;
  ctx.num_groups[0] = (global + local - 1) / local;
  ctx.num_groups[1] = ctx.num_groups[2] = 1;
  ctx.group_begin = 0;
  ctx.group_end = ctx.num_groups[0];
  ctx.work_dim = 1;
  // Both with the slack on either side the kernel ABI gives generated code.
  const size_t slack = CORECL_OWNED_MEMORY_SLACK;
  std::vector<char> arena(code->staticLocalMemSize + dynamicLocalBytes + 4096 + 2 * slack);
  std::vector<char> storage(code->wiStoragePerItem * local + 2 * slack);
  ctx.local_arena = arena.data() + slack;
  ctx.wi_storage = storage.data() + slack;
  code->entry(args, &ctx);
}

TEST(BuildProgram, SaxpyMatchesHostReference) {
  const char *source = R"(
    kernel void saxpy(float a, global const float *x, global float *y) {
      size_t i = get_global_id(0);
      y[i] = a * x[i] + y[i];
    })";
  BuildResult r = buildProgram(source, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  ASSERT_EQ(r.executable->kernels().size(), 1u);
  const KernelDesc &k = r.executable->kernels()[0];
  EXPECT_EQ(k.name, "saxpy");
  ASSERT_EQ(k.args.size(), 3u);
  EXPECT_EQ(k.args[0].kind, ArgKind::Value);
  EXPECT_EQ(k.args[1].kind, ArgKind::Buffer);
  EXPECT_EQ(k.args[1].addressSpace, AddressSpace::Global);

  const size_t n = 1000;
  std::vector<float> x(n), y(n), expected(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i) * 0.25f;
    y[i] = float(n - i);
    expected[i] = 2.5f * x[i] + y[i];
  }
  std::vector<char> args(k.argsBlockSize);
  float a = 2.5f;
  float *xp = x.data(), *yp = y.data();
  std::memcpy(args.data() + k.args[0].offset, &a, sizeof a);
  std::memcpy(args.data() + k.args[1].offset, &xp, sizeof xp);
  std::memcpy(args.data() + k.args[2].offset, &yp, sizeof yp);
  run1D(*r.executable, 0, args.data(), n, 100);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(y[i], expected[i]) << i;
}

TEST(BuildProgram, ReductionWithBarrierInLoop) {
  const char *source = R"(
    kernel void reduce(global const int *in, global int *out, local int *scratch) {
      size_t lid = get_local_id(0);
      scratch[lid] = in[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
          scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (lid == 0)
        out[get_group_id(0)] = scratch[0];
    })";
  BuildResult r = buildProgram(source, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  const KernelDesc &k = r.executable->kernels()[0];
  ASSERT_NE(r.executable->code(0), nullptr);
  EXPECT_TRUE(r.executable->code(0)->hasBarriers);
  const size_t local = 64, groups = 8, n = local * groups;
  std::vector<int> in(n), out(groups, -1);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 17) - 3;
  std::vector<char> args(k.argsBlockSize);
  int *ip = in.data(), *op = out.data();
  uint64_t scratchOffset = 0;
  std::memcpy(args.data() + k.args[0].offset, &ip, sizeof ip);
  std::memcpy(args.data() + k.args[1].offset, &op, sizeof op);
  std::memcpy(args.data() + k.args[2].offset, &scratchOffset, sizeof scratchOffset);
  run1D(*r.executable, 0, args.data(), n, local, local * sizeof(int));
  for (size_t g = 0; g < groups; ++g) {
    int sum = 0;
    for (size_t i = 0; i < local; ++i)
      sum += in[g * local + i];
    EXPECT_EQ(out[g], sum) << "group " << g;
  }
}

TEST(BuildProgram, CompileErrorGivesLineAndColumn) {
  BuildResult r = buildProgram("kernel void k(global int *p) {\n  p[0] = undefined_name;\n}", "");
  EXPECT_EQ(r.status, BuildResult::Failure);
  EXPECT_NE(r.log.find("source.cl:2:10: error"), std::string::npos) << r.log;
}

TEST(BuildProgram, UnknownOptionIsRejected) {
  BuildResult r = buildProgram("kernel void k() {}", "-cl-no-such-option");
  EXPECT_EQ(r.status, BuildResult::InvalidOptions);
  EXPECT_NE(r.log.find("-cl-no-such-option"), std::string::npos);
}

} // namespace
} // namespace corecl::compiler

namespace corecl::compiler {
namespace {

TEST(BuildProgram, LocalAndGlobalAtomicsCount) {
  const char *source = R"(
    kernel void histogram(global const uint *in, global uint *bins, local uint *counts) {
      size_t lid = get_local_id(0);
      if (lid < 16)
        counts[lid] = 0;
      barrier(CLK_LOCAL_MEM_FENCE);
      atomic_inc(&counts[in[get_global_id(0)] % 16]);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid < 16)
        atomic_add(&bins[lid], counts[lid]);
    })";
  BuildResult r = buildProgram(source, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  const KernelDesc &k = r.executable->kernels()[0];
  const size_t local = 32, n = 32 * 10;
  std::vector<uint32_t> in(n), bins(16, 0), expected(16, 0);
  for (size_t i = 0; i < n; ++i) {
    in[i] = uint32_t(i * 7 + i / 3);
    expected[in[i] % 16]++;
  }
  std::vector<char> args(k.argsBlockSize), arena(256);
  uint32_t *ip = in.data(), *bp = bins.data();
  uint64_t zero = 0;
  std::memcpy(args.data() + k.args[0].offset, &ip, 8);
  std::memcpy(args.data() + k.args[1].offset, &bp, 8);
  std::memcpy(args.data() + k.args[2].offset, &zero, 8);
  run1D(*r.executable, 0, args.data(), n, local, local * sizeof(int));
  EXPECT_EQ(bins, expected);
}

} // namespace
} // namespace corecl::compiler
