// The on-disk kernel cache: a second build is served from it, so is a build
// from the program binary of a cached build (an application's own binary
// cache), a corrupted or truncated entry is detected and rebuilt, and it
// can be switched off.
#include "compiler/compiler.h"
#include "compiler/disk_cache.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace corecl::compiler {
namespace {

namespace fs = std::filesystem;

class DiskCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("corecl-cache-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    ::setenv("CORECL_CACHE_DIR", dir_.c_str(), 1);
    ::unsetenv("CORECL_CACHE");
  }
  void TearDown() override {
    ::unsetenv("CORECL_CACHE_DIR");
    ::unsetenv("CORECL_CACHE");
    fs::remove_all(dir_);
  }
  std::vector<fs::path> entries() const {
    std::vector<fs::path> files;
    if (fs::exists(dir_))
      for (const auto &e : fs::directory_iterator(dir_))
        files.push_back(e.path());
    return files;
  }
  fs::path dir_;
};

// A different source per test keeps the keys apart.
std::string source(const char *tag) {
  return std::string("kernel void k(global int *p) { p[get_global_id(0)] = 1; } // ") + tag;
}

TEST_F(DiskCacheTest, SecondBuildIsServedFromTheCache) {
  CacheStatistics before = cacheStatistics();
  BuildResult first = buildProgram(source("second"), "");
  ASSERT_EQ(first.status, BuildResult::Success) << first.log;
  // One entry under the source and options, one under the bitcode.
  EXPECT_EQ(cacheStatistics().stores, before.stores + 2);
  ASSERT_EQ(entries().size(), 2u);
  BuildResult second = buildProgram(source("second"), "");
  ASSERT_EQ(second.status, BuildResult::Success) << second.log;
  EXPECT_EQ(cacheStatistics().hits, before.hits + 1);
  ASSERT_EQ(second.executable->kernels().size(), 1u);
  EXPECT_EQ(second.executable->kernels()[0].name, "k");
  EXPECT_FALSE(second.bitcode.empty()); // binaries still work after a hit
  // Different options are a different program.
  ASSERT_EQ(buildProgram(source("second"), "-DX=1").status, BuildResult::Success);
  EXPECT_GT(entries().size(), 2u);
}

TEST_F(DiskCacheTest, EachKernelsCodeIsCachedWhenFirstGenerated) {
  const std::string twoKernels =
      "kernel void a(global int *p) { p[get_global_id(0)] += 2; }\n"
      "kernel void b(global int *p) { p[get_global_id(0)] *= 5; } // per kernel";
  CacheStatistics before = cacheStatistics();
  BuildResult first = buildProgram(twoKernels, "");
  ASSERT_EQ(first.status, BuildResult::Success) << first.log;
  EXPECT_EQ(cacheStatistics().stores, before.stores + 2); // the program, under two keys
  ASSERT_NE(first.executable->code(1), nullptr) << first.executable->codeFailure(1);
  EXPECT_EQ(cacheStatistics().stores, before.stores + 3); // and kernel b's code
  // Built again: the program and b's code come from the cache, a's is
  // generated (and stored) when it is first asked for.
  BuildResult second = buildProgram(twoKernels, "");
  ASSERT_EQ(second.status, BuildResult::Success) << second.log;
  EXPECT_EQ(cacheStatistics().hits, before.hits + 1);
  ASSERT_NE(second.executable->code(1), nullptr) << second.executable->codeFailure(1);
  EXPECT_EQ(cacheStatistics().hits, before.hits + 2);
  EXPECT_EQ(cacheStatistics().stores, before.stores + 3);
  ASSERT_NE(second.executable->code(0), nullptr) << second.executable->codeFailure(0);
  EXPECT_EQ(cacheStatistics().hits, before.hits + 2);
  EXPECT_EQ(cacheStatistics().stores, before.stores + 4);
  EXPECT_EQ(second.executable->code(1)->vectorWidth, first.executable->code(1)->vectorWidth);
}

TEST_F(DiskCacheTest, FactsOfACachedKernelComeFromTheCache) {
  const std::string twoKernels =
      "kernel void a(global int *p) { p[get_global_id(0)] += 3; }\n"
      "kernel void b(global int *p) { p[get_global_id(0)] *= 7; } // facts";
  BuildResult first = buildProgram(twoKernels, "");
  ASSERT_EQ(first.status, BuildResult::Success) << first.log;
  CacheStatistics before = cacheStatistics();
  // Formed, not generated: nothing stored.
  ASSERT_NE(first.executable->facts(0), nullptr) << first.executable->codeFailure(0);
  EXPECT_EQ(cacheStatistics().stores, before.stores);
  ASSERT_NE(first.executable->code(0), nullptr) << first.executable->codeFailure(0);
  EXPECT_EQ(cacheStatistics().stores, before.stores + 1);
  // Built again: a's facts are its cached code's, which then loads without
  // being generated again.
  BuildResult second = buildProgram(twoKernels, "");
  ASSERT_EQ(second.status, BuildResult::Success) << second.log;
  before = cacheStatistics();
  const KernelCode *facts = second.executable->facts(0);
  ASSERT_NE(facts, nullptr) << second.executable->codeFailure(0);
  EXPECT_EQ(cacheStatistics().hits, before.hits + 1);
  EXPECT_EQ(facts->vectorWidth, first.executable->code(0)->vectorWidth);
  const KernelCode *code = second.executable->code(0);
  ASSERT_NE(code, nullptr) << second.executable->codeFailure(0);
  EXPECT_NE(code->entry, nullptr);
  EXPECT_EQ(cacheStatistics().hits, before.hits + 1);
  EXPECT_EQ(cacheStatistics().stores, before.stores);
}

TEST_F(DiskCacheTest, BinaryOfACachedBuildIsServedFromTheCache) {
  BuildResult built = buildProgram(source("binary"), "-DN=4");
  ASSERT_EQ(built.status, BuildResult::Success) << built.log;
  CacheStatistics before = cacheStatistics();
  // As hashcat does on its second run: the kept binary, its usual options.
  BuildResult loaded = buildFromBinary(built.bitcode, "-DN=4 -I .");
  ASSERT_EQ(loaded.status, BuildResult::Success) << loaded.log;
  EXPECT_EQ(cacheStatistics().hits, before.hits + 1);
  EXPECT_EQ(cacheStatistics().stores, before.stores);
  ASSERT_EQ(loaded.executable->kernels().size(), 1u);
  EXPECT_EQ(loaded.executable->kernels()[0].name, "k");
  EXPECT_EQ(loaded.bitcode, built.bitcode);
}

TEST_F(DiskCacheTest, LinkedProgramIsCachedUnderItsInputsAndItsBinary) {
  BuildResult object = compileProgram(source("linked"), "", {});
  ASSERT_EQ(object.status, BuildResult::Success) << object.log;
  CacheStatistics before = cacheStatistics();
  BuildResult first = linkProgram({object.bitcode}, "", false);
  ASSERT_EQ(first.status, BuildResult::Success) << first.log;
  EXPECT_EQ(cacheStatistics().stores, before.stores + 2); // inputs, and linked bitcode
  BuildResult second = linkProgram({object.bitcode}, "", false);
  ASSERT_EQ(second.status, BuildResult::Success) << second.log;
  EXPECT_EQ(cacheStatistics().hits, before.hits + 1);
  ASSERT_EQ(second.executable->kernels().size(), 1u);
  // The executable's binary, loaded again, is a hit too.
  BuildResult loaded = buildFromBinary(first.bitcode, "");
  ASSERT_EQ(loaded.status, BuildResult::Success) << loaded.log;
  EXPECT_EQ(cacheStatistics().hits, before.hits + 2);
  // Invalid options are still refused before the cache is asked.
  EXPECT_EQ(linkProgram({object.bitcode}, "-no-such-option", false).status,
            BuildResult::InvalidOptions);
}

TEST_F(DiskCacheTest, CorruptedAndTruncatedEntriesAreRebuilt) {
  ASSERT_EQ(buildProgram(source("corrupt"), "").status, BuildResult::Success);
  ASSERT_EQ(entries().size(), 2u);
  fs::path entry = dir_ / (cacheKey(source("corrupt"), "", hostTarget()) + ".bin");
  ASSERT_TRUE(fs::exists(entry));
  auto size = fs::file_size(entry);
  for (int damage = 0; damage < 2; ++damage) {
    if (damage == 0) { // flip a byte in the middle
      std::fstream f(entry, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(std::streamoff(size / 2));
      f.put('\x5a');
    } else { // a torn write
      fs::resize_file(entry, size / 3);
    }
    CacheStatistics before = cacheStatistics();
    BuildResult r = buildProgram(source("corrupt"), "");
    ASSERT_EQ(r.status, BuildResult::Success) << r.log;
    EXPECT_EQ(cacheStatistics().rejected, before.rejected + 1);
    EXPECT_EQ(cacheStatistics().hits, before.hits);
    EXPECT_EQ(cacheStatistics().stores, before.stores + 2); // rewritten, both keys
    EXPECT_EQ(fs::file_size(entry), size);
  }
}

TEST_F(DiskCacheTest, WhateverStandsAtAnEntrysNameIsNotTrusted) {
  // A directory, a FIFO, a symlink to /dev/zero and a sparse 1 GiB file at
  // an entry's name: each build works (from scratch), none blocks or reads
  // without limit.
  for (int kind = 0; kind < 4; ++kind) {
    SCOPED_TRACE(kind);
    std::string src = source(("untrusted" + std::to_string(kind)).c_str());
    fs::create_directories(dir_);
    fs::path entry = dir_ / (cacheKey(src, "", hostTarget()) + ".bin");
    switch (kind) {
    case 0:
      fs::create_directory(entry);
      break;
    case 1:
      ASSERT_EQ(::mkfifo(entry.c_str(), 0644), 0);
      break;
    case 2:
      fs::create_symlink("/dev/zero", entry);
      break;
    default:
      std::ofstream(entry).close();
      fs::resize_file(entry, uintmax_t(1) << 30);
    }
    CacheStatistics before = cacheStatistics();
    BuildResult r = buildProgram(src, "");
    ASSERT_EQ(r.status, BuildResult::Success) << r.log;
    EXPECT_EQ(cacheStatistics().hits, before.hits);
    ASSERT_EQ(r.executable->kernels().size(), 1u);
  }
}

TEST_F(DiskCacheTest, CanBeSwitchedOff) {
  ::setenv("CORECL_CACHE", "0", 1);
  ASSERT_EQ(buildProgram(source("off"), "").status, BuildResult::Success);
  EXPECT_TRUE(entries().empty());
}

} // namespace
} // namespace corecl::compiler
