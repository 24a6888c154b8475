// A build checks and prepares the program; each kernel's native code is
// generated when it is first asked for, once, whichever threads ask, and
// the kernels of a program side by side (compiler.h, Executable).
#include "compiler/compiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace corecl::compiler {
namespace {

namespace fs = std::filesystem;

constexpr const char *kFourKernels = R"(
  kernel void first(global int *p) { p[get_global_id(0)] += 1; }
  kernel void second(global float *p) { p[get_global_id(0)] = sqrt(p[get_global_id(0)]); }
  kernel void third(global int *p, local int *t) {
    t[get_local_id(0)] = p[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    p[get_global_id(0)] = t[get_local_size(0) - 1 - get_local_id(0)];
  }
  kernel void fourth(global int *p) { p[get_global_id(0)] *= 3; }
)";

/// Builds with CORECL_DUMP_IR set to a fresh folder (each kernel's
/// work-group function is dumped when its code is generated) and the disk
/// cache off.
class LazyCodegenTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("corecl-lazy-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ::setenv("CORECL_DUMP_IR", dir_.c_str(), 1);
    ::setenv("CORECL_CACHE", "0", 1);
  }
  void TearDown() override {
    ::unsetenv("CORECL_DUMP_IR");
    ::unsetenv("CORECL_CACHE");
    fs::remove_all(dir_);
  }
  /// The kernels whose work-group functions have been generated so far.
  std::vector<std::string> generated() const {
    std::vector<std::string> names;
    for (const auto &entry : fs::directory_iterator(dir_)) {
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      for (const char *name : {"first", "second", "third", "fourth"})
        if (text.str().find(std::string("define void @") + name + ".wg(") != std::string::npos)
          names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
  }
  fs::path dir_;
};

TEST_F(LazyCodegenTest, OnlyTheKernelsAskedForAreGenerated) {
  BuildResult r = buildProgram(kFourKernels, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  ASSERT_EQ(r.executable->kernels().size(), 4u);
  EXPECT_TRUE(generated().empty());
  const KernelCode *third = r.executable->code(2);
  ASSERT_NE(third, nullptr) << r.executable->codeFailure(2);
  EXPECT_NE(third->entry, nullptr);
  EXPECT_TRUE(third->hasBarriers);
  EXPECT_EQ(generated(), std::vector<std::string>{"third"});
  // Asked again: the same code, not generated again.
  EXPECT_EQ(r.executable->code(2), third);
  ASSERT_NE(r.executable->code(0), nullptr);
  EXPECT_FALSE(r.executable->code(0)->hasBarriers);
  EXPECT_EQ(generated(), (std::vector<std::string>{"first", "third"}));
}

// The API's queries of a kernel (clGetKernelWorkGroupInfo) need what
// work-group formation decides, not the code: applications ask them of
// every kernel they create, hashcat of dozens it never launches.
TEST_F(LazyCodegenTest, FactsAreFormedWithoutTheCode) {
  BuildResult r = buildProgram(kFourKernels, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  const KernelCode *facts = r.executable->facts(2);
  ASSERT_NE(facts, nullptr) << r.executable->codeFailure(2);
  EXPECT_EQ(facts->entry, nullptr);
  EXPECT_TRUE(facts->hasBarriers);
  EXPECT_EQ(r.executable->facts(2), facts); // formed once
  EXPECT_TRUE(generated().empty());
  // The code, when asked for, is what formation said.
  const KernelCode *code = r.executable->code(2);
  ASSERT_NE(code, nullptr) << r.executable->codeFailure(2);
  EXPECT_NE(code->entry, nullptr);
  EXPECT_EQ(generated(), std::vector<std::string>{"third"});
  EXPECT_EQ(code->hasBarriers, facts->hasBarriers);
  EXPECT_EQ(code->wiStoragePerItem, facts->wiStoragePerItem);
  EXPECT_EQ(code->staticLocalMemSize, facts->staticLocalMemSize);
  EXPECT_EQ(code->vectorWidth, facts->vectorWidth);
  EXPECT_EQ(code->subGroupWidth, facts->subGroupWidth);
  // Once generated, the facts are the code's.
  EXPECT_EQ(r.executable->facts(2), code);
}

TEST_F(LazyCodegenTest, ThreadsAskingTogetherGetOneCodePerKernel) {
  BuildResult r = buildProgram(kFourKernels, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  constexpr int kThreads = 6;
  std::vector<std::vector<const KernelCode *>> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      // Each thread in its own order, so that some ask for one kernel at
      // the same time and others for different ones.
      for (size_t i = 0; i < 4; ++i) {
        size_t index = (i + size_t(t)) % 4;
        seen[t].resize(4);
        // Some threads ask what formation decided first, as a query does.
        if (t % 2 && !r.executable->facts(index))
          return;
        seen[t][index] = r.executable->code(index);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  for (size_t index = 0; index < 4; ++index) {
    ASSERT_NE(seen[0][index], nullptr) << r.executable->codeFailure(index);
    for (int t = 1; t < kThreads; ++t)
      EXPECT_EQ(seen[t][index], seen[0][index]) << "thread " << t << " kernel " << index;
  }
  EXPECT_EQ(generated().size(), 4u);
}

TEST_F(LazyCodegenTest, GenerateAllMakesEveryKernel) {
  BuildResult r = buildProgram(kFourKernels, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  EXPECT_TRUE(r.executable->generateAll(2));
  EXPECT_EQ(generated().size(), 4u);
  for (size_t i = 0; i < 4; ++i)
    EXPECT_NE(r.executable->code(i), nullptr);
}

TEST_F(LazyCodegenTest, GeneratedKernelsRunAgainstAHostReference) {
  BuildResult r = buildProgram(kFourKernels, "");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  // The last kernel alone: it must not need the others' code.
  const KernelCode *fourth = r.executable->code(3);
  ASSERT_NE(fourth, nullptr) << r.executable->codeFailure(3);
  const KernelDesc &desc = r.executable->kernels()[3];
  std::vector<int> data(64);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = int(i) - 7;
  std::vector<char> args(desc.argsBlockSize);
  int *pointer = data.data();
  std::memcpy(args.data() + desc.args[0].offset, &pointer, sizeof pointer);
  corecl_wg_ctx ctx = {};
  ctx.global_size[0] = ctx.local_size[0] = data.size();
  ctx.global_size[1] = ctx.global_size[2] = ctx.local_size[1] = ctx.local_size[2] = 1;
  ctx.num_groups[0] = ctx.num_groups[1] = ctx.num_groups[2] = 1;
  ctx.group_end = 1;
  ctx.work_dim = 1;
  const size_t slack = CORECL_OWNED_MEMORY_SLACK;
  std::vector<char> arena(fourth->staticLocalMemSize + 4096 + 2 * slack);
  std::vector<char> storage(fourth->wiStoragePerItem * data.size() + 2 * slack);
  ctx.local_arena = arena.data() + slack;
  ctx.wi_storage = storage.data() + slack;
  fourth->entry(args.data(), &ctx);
  for (size_t i = 0; i < data.size(); ++i)
    EXPECT_EQ(data[i], 3 * (int(i) - 7)) << i;
}

TEST(LazyCodegen, AFunctionNobodyDefinesFailsTheBuild) {
  // Everything a build must report is reported by the build, though no
  // kernel's code is generated yet.
  BuildResult r = buildProgram(R"(
    int helper_nobody_wrote(int x);
    kernel void k(global int *p) { p[0] = helper_nobody_wrote(p[1]); }
  )",
                               "");
  EXPECT_EQ(r.status, BuildResult::Failure);
  EXPECT_NE(r.log.find("no definition for 'helper_nobody_wrote'"), std::string::npos) << r.log;
}

TEST(LazyCodegen, WorkItemFunctionsAndPrintfAreNotMissing) {
  BuildResult r = buildProgram(R"(
    kernel void k(global int *p) {
      barrier(CLK_GLOBAL_MEM_FENCE);
      p[get_global_id(0)] = get_local_id(0) + get_group_id(0) + get_local_size(0) +
                            get_global_size(0) + get_num_groups(0) + get_global_offset(0) +
                            get_work_dim() + get_enqueued_local_size(0) +
                            get_global_linear_id() + get_local_linear_id();
      if (p[0] == 12345)
        printf("%d\n", p[1]);
    }
  )",
                               "-cl-std=CL3.0");
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  EXPECT_NE(r.executable->code(0), nullptr) << r.executable->codeFailure(0);
}

} // namespace
} // namespace corecl::compiler
