// CLBlast (the real library, libclblast-dev) through the ICD loader: its
// SGEMM with the default tuning is right, and the code CoreCL generates
// for its Xgemm kernel's multiply moves no data through gathers or
// scatters (the kernel's tile copies and its register-tile multiply-adds
// are consecutive across work-items once its flattened local id is taken
// apart, passes/distribute_bit_masks.cpp and plain_private_volatile.cpp).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <clblast_c.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

/// The text of `function` (from its label to its end marker) in the
/// assembly files of `dir`.
std::string functionAssembly(const fs::path &dir, const std::string &function) {
  for (const auto &entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".s")
      continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string all = text.str();
    size_t begin = all.find("\n" + function + ":");
    if (begin == std::string::npos)
      continue;
    size_t end = all.find(".Lfunc_end", begin);
    return all.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  }
  return "";
}

/// Of the innermost loops of `assembly` (from a label to the last branch
/// back to it, with no other such loop inside), the text of the one with
/// the most packed single-precision multiply-adds; empty if none has any.
std::string loopWithMostPackedMultiplyAdds(const std::string &assembly) {
  std::vector<std::string> lines;
  std::istringstream in(assembly);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  std::map<std::string, size_t> labels;
  const std::regex label(R"(^(\.LBB\S+):)"), branch(R"(^\s+j[a-z]+\s+(\.LBB\S+))");
  std::smatch m;
  for (size_t i = 0; i < lines.size(); ++i)
    if (std::regex_search(lines[i], m, label))
      labels[m[1]] = i;
  std::vector<std::pair<size_t, size_t>> loops;
  for (size_t i = 0; i < lines.size(); ++i)
    if (std::regex_search(lines[i], m, branch))
      if (auto it = labels.find(m[1]); it != labels.end() && it->second < i)
        loops.emplace_back(it->second, i);
  std::string best;
  size_t mostMultiplyAdds = 0;
  const std::regex multiplyAdd("vfmadd[0-9]+ps");
  for (auto [begin, end] : loops) {
    bool innermost = true;
    for (auto [b, e] : loops)
      innermost &= std::make_pair(b, e) == std::make_pair(begin, end) || b < begin || e > end;
    if (!innermost)
      continue;
    std::string text;
    for (size_t i = begin; i <= end; ++i)
      text += lines[i] + "\n";
    auto count = size_t(std::distance(std::sregex_iterator(text.begin(), text.end(), multiplyAdd),
                                      std::sregex_iterator()));
    if (count > mostMultiplyAdds) {
      mostMultiplyAdds = count;
      best = std::move(text);
    }
  }
  return best;
}

TEST(ClblastXgemm, SgemmIsRightAndXgemmHasNoGathers) {
  fs::path dir = fs::temp_directory_path() / ("corecl-clblast-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  // Read when CoreCL builds CLBlast's programs, on the first SGEMM below.
  ::setenv("CORECL_DUMP_ASM", dir.c_str(), 1);
  ::setenv("CORECL_CACHE", "0", 1);

  cl_platform_id platform = nullptr;
  ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
  char name[128] = {};
  clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name, name, nullptr);
  ASSERT_STREQ(name, "CoreCL");
  cl_device_id device = nullptr;
  ASSERT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), CL_SUCCESS);
  cl_int err = CL_SUCCESS;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);

  // Large enough for CLBlast's indirect kernel (Xgemm), not GemmDirect:
  // its default threshold is m * n * k of 1024^3. (CoreCL generates only
  // the kernels a program launches, so Xgemm's code exists only if CLBlast
  // runs it.)
  const size_t m = 1024, n = 1024, k = 1024;
  std::vector<float> a(m * k), b(k * n), c(m * n, 0.0f);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i * 7 % 13) - 6) / 8.0f;
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i * 5 % 11) - 5) / 4.0f;
  cl_mem da = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, a.size() * 4, a.data(), &err);
  cl_mem db = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, b.size() * 4, b.data(), &err);
  cl_mem dc = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, c.size() * 4, c.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  CLBlastStatusCode status =
      CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, m, n, k, 1.0f, da,
                   0, k, db, 0, n, 0.0f, dc, 0, n, &queue, nullptr);
  ASSERT_EQ(status, CLBlastSuccess);
  ASSERT_EQ(clEnqueueReadBuffer(queue, dc, CL_TRUE, 0, c.size() * 4, c.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  ::unsetenv("CORECL_DUMP_ASM");
  ::unsetenv("CORECL_CACHE");

  // Products of multiples of 1/32 summed exactly in float: equal results.
  size_t wrong = 0;
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      double sum = 0;
      for (size_t l = 0; l < k; ++l)
        sum += double(a[i * k + l]) * double(b[l * n + j]);
      if (std::fabs(c[i * n + j] - sum) > 1e-3 * (1 + std::fabs(sum)))
        ++wrong;
    }
  EXPECT_EQ(wrong, 0u);

  std::string xgemm = functionAssembly(dir, "Xgemm.wg");
  ASSERT_FALSE(xgemm.empty()) << "no Xgemm.wg in the assembly dumped to " << dir;
  // The multiply: of the innermost loops, the one with the most packed
  // multiply-adds. (Outside it, where the accumulators are set to zero
  // and finally stored, AVX-512 code may gather and scatter them from
  // storage laid out along the other dimension, once per work-group.)
  std::string multiply = loopWithMostPackedMultiplyAdds(xgemm);
  ASSERT_FALSE(multiply.empty()) << "no loop of Xgemm.wg does packed multiply-adds";
  std::smatch found;
  EXPECT_FALSE(std::regex_search(multiply, found, std::regex("v(p?gather|p?scatter)[a-z]+")))
      << "Xgemm's multiply gathers or scatters: " << found.str();

  clReleaseMemObject(da);
  clReleaseMemObject(db);
  clReleaseMemObject(dc);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  fs::remove_all(dir);
}

} // namespace
