// Image and sampler kernel arguments (issue 13): after lower_images.cpp
// an image is a pointer to its corecl_image (8 bytes) and a sampler its
// CLK_* bits (4 bytes), and describeKernel still tells them from buffers
// and ints; the work-group function reads the arguments after them at the
// offsets it reports. A kernel calling an image builtin the library lacks
// fails with a log naming it.
#include "compiler/compiler.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace corecl::compiler {
namespace {

TEST(ImageArgs, DescribedAsImageAndSamplerWithTheirPlaceInTheArgsBlock) {
  const char *source = R"(
    kernel void k(float a, read_only image2d_t img, sampler_t s, char c,
                  read_only image3d_t vol, global int *out) {
      out[get_global_id(0)] = (int)a + c;
    })";
  BuildResult r = buildProgram(source, "-cl-std=CL1.2");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  ASSERT_EQ(r.executable->kernels().size(), 1u);
  const KernelDesc &k = r.executable->kernels()[0];
  ASSERT_EQ(k.args.size(), 6u);
  struct Expected {
    ArgKind kind;
    uint32_t offset, size;
    const char *type;
  };
  const Expected expected[] = {
      {ArgKind::Value, 0, 4, "float"},        {ArgKind::Image, 8, 8, "image2d_t"},
      {ArgKind::Sampler, 16, 4, "sampler_t"}, {ArgKind::Value, 20, 1, "char"},
      {ArgKind::Image, 24, 8, "image3d_t"},   {ArgKind::Buffer, 32, 8, "int*"}};
  for (size_t i = 0; i < 6; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(k.args[i].kind, expected[i].kind);
    EXPECT_EQ(k.args[i].offset, expected[i].offset);
    EXPECT_EQ(k.args[i].size, expected[i].size);
    EXPECT_EQ(k.args[i].typeName, expected[i].type);
  }
  EXPECT_EQ(k.args[1].access, AccessQualifier::ReadOnly);
  EXPECT_EQ(k.args[4].access, AccessQualifier::ReadOnly);
  EXPECT_EQ(k.args[1].addressSpace, AddressSpace::Global);
  EXPECT_EQ(k.argsBlockSize, 48u);

  // The arguments after the image and the sampler are read where the
  // description puts them.
  std::vector<char> args(k.argsBlockSize, 0);
  float a = 40.0f;
  char c = 2;
  int out[4] = {};
  int *outPtr = out;
  std::memcpy(args.data() + k.args[0].offset, &a, sizeof a);
  std::memcpy(args.data() + k.args[3].offset, &c, sizeof c);
  std::memcpy(args.data() + k.args[5].offset, &outPtr, sizeof outPtr);
  corecl_wg_ctx ctx = {};
  ctx.global_size[0] = ctx.local_size[0] = 4;
  ctx.global_size[1] = ctx.global_size[2] = ctx.local_size[1] = ctx.local_size[2] = 1;
  ctx.num_groups[0] = ctx.num_groups[1] = ctx.num_groups[2] = 1;
  ctx.group_begin = 0;
  ctx.group_end = 1;
  ctx.work_dim = 1;
  const size_t slack = CORECL_OWNED_MEMORY_SLACK;
  std::vector<char> arena(k.staticLocalMemSize + 4096 + 2 * slack);
  std::vector<char> storage(k.wiStoragePerItem * 4 + 2 * slack);
  ctx.local_arena = arena.data() + slack;
  ctx.wi_storage = storage.data() + slack;
  r.executable->entry(0)(args.data(), &ctx);
  for (int v : out)
    EXPECT_EQ(v, 42);
}

TEST(ImageArgs, ConstantSamplersBuild) {
  const char *source = R"(
    const sampler_t program_scope = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |
                                    CLK_FILTER_LINEAR;
    int helper(read_only image2d_t img, sampler_t s) { return 3; }
    kernel void k(read_only image2d_t img, global int *out) {
      const sampler_t kernel_scope = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |
                                     CLK_FILTER_NEAREST;
      out[0] = helper(img, kernel_scope) + helper(img, program_scope);
    })";
  for (const char *options : {"-cl-std=CL1.2", "-cl-std=CL1.2 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    BuildResult r = buildProgram(source, options);
    ASSERT_EQ(r.status, BuildResult::Success) << r.log;
    const KernelDesc &k = r.executable->kernels().at(0);
    ASSERT_EQ(k.args.size(), 2u);
    EXPECT_EQ(k.args[0].kind, ArgKind::Image);
    EXPECT_EQ(k.args[1].kind, ArgKind::Buffer);
  }
}

TEST(ImageArgs, SampledReadsWithFloatCoordinatesLink) {
  // builtins/lib/image_sample.cl defines them under their mangled names;
  // the sampler initializer is folded (passes/lower_images.cpp).
  const char *source = R"(
    constant sampler_t linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |
                                CLK_FILTER_LINEAR;
    kernel void k(read_only image2d_t img, sampler_t s, global float4 *out) {
      int i = get_global_id(0);
      out[i] = read_imagef(img, s, (float2)(i, 0.5f)) + read_imagef(img, linear, (float2)(0.5f)) +
               (float4)(get_image_width(img));
    })";
  for (const char *options : {"-cl-std=CL1.2", "-cl-std=CL1.2 -cl-opt-disable"}) {
    SCOPED_TRACE(options);
    BuildResult r = buildProgram(source, options);
    EXPECT_EQ(r.status, BuildResult::Success) << r.log;
    EXPECT_EQ(r.log.find("__translate_sampler_initializer"), std::string::npos) << r.log;
  }
}

} // namespace
} // namespace corecl::compiler
