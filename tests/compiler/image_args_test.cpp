// Image and sampler kernel arguments (issue 13): after lower_images.cpp
// an image is a pointer to its corecl_image (8 bytes) and a sampler its
// CLK_* bits (4 bytes), and describeKernel still tells them from buffers
// and ints; the work-group function reads the arguments after them at the
// offsets it reports. Every image builtin OpenCL C declares links.
#include "compiler/compiler.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
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
  const KernelCode *code = r.executable->code(0);
  ASSERT_NE(code, nullptr) << r.executable->codeFailure(0);
  std::vector<char> arena(code->staticLocalMemSize + 4096 + 2 * slack);
  std::vector<char> storage(code->wiStoragePerItem * 4 + 2 * slack);
  ctx.local_arena = arena.data() + slack;
  ctx.wi_storage = storage.data() + slack;
  code->entry(args.data(), &ctx);
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

/// A kernel per image type and access qualifier calling every read,
/// write and query OpenCL C 3.0 declares for it (with cl_khr_depth_images
/// and cl_khr_3d_image_writes): a builtin missing from the library, or
/// defined under a name Clang does not mangle that way, fails the link.
TEST(ImageArgs, EveryImageBuiltinLinks) {
  struct Type {
    const char *name, *icoord, *fcoord;
    bool sampled, depth, height, depthQuery, arrayQuery;
  };
  const Type types[] = {
      {"image1d_t", "int", "float", true, false, false, false, false},
      {"image1d_buffer_t", "int", "float", false, false, false, false, false},
      {"image1d_array_t", "int2", "float2", true, false, false, false, true},
      {"image2d_t", "int2", "float2", true, false, true, false, false},
      {"image2d_array_t", "int4", "float4", true, false, true, false, true},
      {"image3d_t", "int4", "float4", true, false, true, true, false},
      {"image2d_depth_t", "int2", "float2", true, true, true, false, false},
      {"image2d_array_depth_t", "int4", "float4", true, true, true, false, true},
  };
  std::string source;
  int n = 0;
  for (const Type &t : types)
    for (const char *access : {"read_only", "write_only", "read_write"}) {
      std::string acc = access;
      std::string body = "  float4 f = 0; int4 i = 0; uint4 u = 0; float d = 0; int q = 0;\n";
      std::string ic = std::string("(") + t.icoord + ")(1)",
                  fc = std::string("(") + t.fcoord + ")(0.5f)";
      auto reads = [&](const std::string &args) {
        if (t.depth)
          body += "  d += read_imagef(img" + args + ");\n";
        else
          body += "  f += read_imagef(img" + args + "); i += read_imagei(img" + args +
                  "); u += read_imageui(img" + args + ");\n";
      };
      if (acc != "write_only")
        reads(", " + ic);
      if (acc == "read_only" && t.sampled) {
        reads(", s, " + ic);
        reads(", s, " + fc);
      }
      if (acc != "read_only") {
        if (t.depth)
          body += "  write_imagef(img, " + ic + ", 0.5f);\n";
        else
          body += "  write_imagef(img, " + ic + ", f); write_imagei(img, " + ic +
                  ", i); write_imageui(img, " + ic + ", u);\n";
      }
      body += "  q += get_image_width(img) + get_image_channel_data_type(img) + "
              "get_image_channel_order(img);\n";
      if (t.height)
        body += "  q += get_image_height(img) + get_image_dim(img).x;\n";
      if (t.depthQuery)
        body += "  q += get_image_depth(img);\n";
      if (t.arrayQuery)
        body += "  q += (int)get_image_array_size(img);\n";
      body += "  out[0] = f + convert_float4(i) + convert_float4(u) + d + q;\n";
      source += "kernel void k" + std::to_string(n++) + "(" + acc + " " + t.name +
                " img, sampler_t s, global float4 *out) {\n" + body + "}\n";
    }
  BuildResult r = buildProgram(source, "-cl-std=CL3.0");
  EXPECT_EQ(r.status, BuildResult::Success) << r.log;
  EXPECT_EQ(r.log.find("no definition"), std::string::npos) << r.log;
}

} // namespace
} // namespace corecl::compiler
