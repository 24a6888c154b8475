// Programs: separate compilation with headers, libraries, linking, and
// program binaries (round trip, and rejection of untrusted bytes).
#include "api/test_support.h"

#include <random>
#include <string>
#include <vector>

namespace corecl::test {
namespace {

class ProgramTest : public ContextTest {
protected:
  cl_program fromSource(const char *source) {
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return p;
  }
  std::string log(cl_program p) {
    cl_device_id d = device();
    size_t size = 0;
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string text(size, '\0');
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, size, text.data(), nullptr);
    return text;
  }
  /// Runs kernel `name` (one int* argument, 16 work-items) and returns the buffer.
  std::vector<int> run(cl_program p, const char *name) {
    cl_int err;
    cl_kernel k = clCreateKernel(p, name, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    std::vector<int> out(16, -1);
    cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE, out.size() * 4, nullptr, &err);
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof buf, &buf), CL_SUCCESS);
    size_t n = out.size();
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, n * 4, out.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    clReleaseMemObject(buf);
    clReleaseKernel(k);
    return out;
  }
  std::string binaryOf(cl_program p) {
    size_t size = 0;
    EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr),
              CL_SUCCESS);
    std::string bytes(size, '\0');
    unsigned char *ptr = reinterpret_cast<unsigned char *>(bytes.data());
    EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof ptr, &ptr, nullptr), CL_SUCCESS);
    return bytes;
  }
  cl_program fromBinary(const std::string &bytes, cl_int *status, cl_int *err) {
    cl_device_id d = device();
    size_t length = bytes.size();
    auto *data = reinterpret_cast<const unsigned char *>(bytes.data());
    return clCreateProgramWithBinary(context, 1, &d, &length, &data, status, err);
  }
};

const char *kHelperHeader = "int triple(int x);\n";
const char *kHelper = "int triple(int x) { return 3 * x; }\n";
const char *kMain = R"(
  #include "helpers/triple.h"
  kernel void k(global int *out) { out[get_global_id(0)] = triple((int)get_global_id(0)); })";

// A source length no string can hold is the host running out, not some
// other resource: CL_OUT_OF_HOST_MEMORY, and no program.
TEST_F(ProgramTest, SourceLengthNoStringCanHoldIsOutOfHostMemory) {
  const char *source = "kernel void k() {}";
  for (size_t length : {SIZE_MAX, SIZE_MAX / 2}) {
    cl_int err = CL_SUCCESS;
    cl_program p = clCreateProgramWithSource(context, 1, &source, &length, &err);
    EXPECT_EQ(p, nullptr);
    EXPECT_EQ(err, CL_OUT_OF_HOST_MEMORY) << length;
  }
}

TEST_F(ProgramTest, CompileWithHeaderThenLinkRuns) {
  cl_program header = fromSource(kHelperHeader);
  cl_program main = fromSource(kMain);
  cl_program helper = fromSource(kHelper);
  const char *names[] = {"helpers/triple.h"};
  ASSERT_EQ(clCompileProgram(main, 0, nullptr, "", 1, &header, names, nullptr, nullptr),
            CL_SUCCESS)
      << log(main);
  ASSERT_EQ(clCompileProgram(helper, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  cl_program_binary_type type;
  ASSERT_EQ(clGetProgramBuildInfo(main, device(), CL_PROGRAM_BINARY_TYPE, sizeof type, &type,
                                  nullptr),
            CL_SUCCESS);
  EXPECT_EQ(type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
  cl_program inputs[] = {main, helper};
  cl_int err;
  cl_program linked = clLinkProgram(context, 0, nullptr, "", 2, inputs, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS) << log(linked);
  std::vector<int> out = run(linked, "k");
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(out[i], 3 * i);
  for (cl_program p : {header, main, helper, linked})
    clReleaseProgram(p);
}

TEST_F(ProgramTest, LibraryLinksIntoExecutable) {
  cl_program helper = fromSource(kHelper);
  ASSERT_EQ(clCompileProgram(helper, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  cl_int err;
  cl_program library =
      clLinkProgram(context, 0, nullptr, "-create-library", 1, &helper, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_program_binary_type type;
  clGetProgramBuildInfo(library, device(), CL_PROGRAM_BINARY_TYPE, sizeof type, &type, nullptr);
  EXPECT_EQ(type, cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_LIBRARY));
  cl_program main = fromSource(
      "int triple(int x);\nkernel void k(global int *o) { o[get_global_id(0)] = triple(2); }");
  ASSERT_EQ(clCompileProgram(main, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  cl_program inputs[] = {main, library};
  cl_program exe = clLinkProgram(context, 0, nullptr, "", 2, inputs, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS) << log(exe);
  EXPECT_EQ(run(exe, "k")[5], 6);
  for (cl_program p : {helper, library, main, exe})
    clReleaseProgram(p);
}

TEST_F(ProgramTest, DuplicateDefinitionsFailToLinkWithALog) {
  cl_program a = fromSource(kHelper), b = fromSource(kHelper);
  for (cl_program p : {a, b})
    ASSERT_EQ(clCompileProgram(p, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
              CL_SUCCESS);
  cl_program inputs[] = {a, b};
  cl_int err;
  cl_program linked = clLinkProgram(context, 0, nullptr, "", 2, inputs, nullptr, nullptr, &err);
  EXPECT_EQ(err, CL_LINK_PROGRAM_FAILURE);
  ASSERT_NE(linked, nullptr);
  EXPECT_NE(log(linked).find("triple"), std::string::npos) << log(linked);
  for (cl_program p : {a, b, linked})
    clReleaseProgram(p);
}

TEST_F(ProgramTest, LinkRejectsSourceProgramsAndCompilerOptions) {
  cl_program source = fromSource(kHelper);
  cl_int err;
  EXPECT_EQ(clLinkProgram(context, 0, nullptr, "", 1, &source, nullptr, nullptr, &err), nullptr);
  EXPECT_EQ(err, CL_INVALID_OPERATION);
  ASSERT_EQ(clCompileProgram(source, 0, nullptr, "", 0, nullptr, nullptr, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clLinkProgram(context, 0, nullptr, "-DX=1", 1, &source, nullptr, nullptr, &err),
            nullptr);
  EXPECT_EQ(err, CL_INVALID_LINKER_OPTIONS);
  EXPECT_EQ(clCompileProgram(source, 0, nullptr, "-bogus", 0, nullptr, nullptr, nullptr, nullptr),
            CL_INVALID_COMPILER_OPTIONS);
  clReleaseProgram(source);
}

TEST_F(ProgramTest, BinaryRoundTripRunsTheSameKernel) {
  cl_program original = fromSource(
      "kernel void k(global int *o) { o[get_global_id(0)] = 7 * (int)get_global_id(0); }");
  cl_device_id d = device();
  ASSERT_EQ(clBuildProgram(original, 1, &d, "", nullptr, nullptr), CL_SUCCESS);
  std::string bytes = binaryOf(original);
  ASSERT_FALSE(bytes.empty());
  cl_int status = -1, err;
  cl_program copy = fromBinary(bytes, &status, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(status, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(copy, 1, &d, "", nullptr, nullptr), CL_SUCCESS) << log(copy);
  std::vector<int> out = run(copy, "k");
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(out[i], 7 * i);
  clReleaseProgram(original);
  clReleaseProgram(copy);
}

TEST_F(ProgramTest, BinaryBuildsWithTheSourcesBuildOptions) {
  // hashcat and pyopencl cache program binaries and build them with the
  // options they build their source with: preprocessor, include and math
  // options are accepted (and change nothing); invalid ones are still not.
  cl_program original = fromSource(
      "kernel void k(global int *o) { o[get_global_id(0)] = SCALE * (int)get_global_id(0); }");
  cl_device_id d = device();
  const char *options = "-D SCALE=5 -DUNUSED -I /tmp -I . -cl-mad-enable -cl-std=CL1.2 -w";
  ASSERT_EQ(clBuildProgram(original, 1, &d, options, nullptr, nullptr), CL_SUCCESS)
      << log(original);
  std::string bytes = binaryOf(original);
  cl_int status = -1, err;
  cl_program copy = fromBinary(bytes, &status, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(copy, 1, &d, options, nullptr, nullptr), CL_SUCCESS) << log(copy);
  std::vector<int> out = run(copy, "k");
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(out[i], 5 * i);
  // A second copy: an unknown option and a link-only option are errors.
  cl_program bad = fromBinary(bytes, &status, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clBuildProgram(bad, 1, &d, "-not-an-option", nullptr, nullptr),
            CL_INVALID_BUILD_OPTIONS);
  EXPECT_EQ(clBuildProgram(bad, 1, &d, "-create-library", nullptr, nullptr),
            CL_INVALID_BUILD_OPTIONS);
  EXPECT_EQ(clBuildProgram(bad, 1, &d, "-D", nullptr, nullptr), CL_INVALID_BUILD_OPTIONS);
  clReleaseProgram(original);
  clReleaseProgram(copy);
  clReleaseProgram(bad);
}

TEST_F(ProgramTest, UntrustedBinariesAreRejected) {
  cl_program original = fromSource("kernel void k(global int *o) { o[0] = 1; }");
  cl_device_id d = device();
  ASSERT_EQ(clBuildProgram(original, 1, &d, "", nullptr, nullptr), CL_SUCCESS);
  std::string good = binaryOf(original);
  clReleaseProgram(original);

  std::mt19937 rng(42);
  std::vector<std::string> bad;
  for (size_t size : {1u, 16u, 64u, 4096u}) {
    std::string noise(size, '\0');
    for (char &c : noise)
      c = char(rng());
    bad.push_back(noise);
  }
  bad.push_back(good.substr(0, good.size() / 2));  // truncated
  bad.push_back(good.substr(0, 40));                // header only
  std::string flipped = good;
  flipped[flipped.size() - 10] ^= 0x5a;             // payload corrupted
  bad.push_back(flipped);
  std::string foreign = good;
  foreign[0] = 'X';                                 // not CoreCL's magic
  bad.push_back(foreign);
  bad.push_back(std::string("\x7f" "ELF") + std::string(200, '\0'));
  for (const std::string &bytes : bad) {
    cl_int status = CL_SUCCESS, err = CL_SUCCESS;
    EXPECT_EQ(fromBinary(bytes, &status, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_BINARY);
    EXPECT_EQ(status, CL_INVALID_BINARY);
  }
}

} // namespace
} // namespace corecl::test
