// Build-option parsing as applications write options: shell-like quoting
// (a define with a space in it), backslashes, a relative include
// directory resolved against the application's working directory, and
// the deprecated -cl-strict-aliasing accepted and ignored. End to end: a
// program built with a quoted define and a relative -I.
#include "compiler/build_options.h"
#include "compiler/compiler.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace corecl::compiler {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> args(const std::string &options) {
  BuildOptions parsed = parseBuildOptions(options, OptionsKind::Build);
  EXPECT_EQ(parsed.error, "") << options;
  return parsed.frontendArgs;
}

TEST(BuildOptions, QuotesAndBackslashesSplitLikeAShell) {
  EXPECT_EQ(args("-D PATH=\"/a b\""), (std::vector<std::string>{"-D", "PATH=/a b"}));
  EXPECT_EQ(args("-D 'MSG=it \"works\"'"), (std::vector<std::string>{"-D", "MSG=it \"works\""}));
  EXPECT_EQ(args("-DX=a\\ b -DY"), (std::vector<std::string>{"-D", "X=a b", "-D", "Y"}));
  EXPECT_EQ(args("-D \"Q=say \\\"hi\\\"\""), (std::vector<std::string>{"-D", "Q=say \"hi\""}));
  EXPECT_EQ(args("-DEMPTY=''"), (std::vector<std::string>{"-D", "EMPTY="}));
}

TEST(BuildOptions, RelativeIncludeDirectoriesAreTheApplications) {
  std::string cwd = fs::current_path().lexically_normal().string();
  std::vector<std::string> dot = args("-I .");
  ASSERT_EQ(dot.size(), 2u);
  EXPECT_EQ(fs::path(dot[1]), fs::path(cwd + "/"));
  EXPECT_EQ(args("-Isome/dir"), (std::vector<std::string>{"-I", cwd + "/some/dir"}));
  EXPECT_EQ(args("-I /abs/dir"), (std::vector<std::string>{"-I", "/abs/dir"}));
}

// A build must not move the application: a program that writes a
// relative path after clBuildProgram wrote it under / (the front end's
// file system once changed the process's directory with chdir).
TEST(BuildOptions, ABuildLeavesTheApplicationsWorkingDirectory) {
  fs::path dir = fs::temp_directory_path() / ("corecl-cwd-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path old = fs::current_path();
  fs::current_path(dir);
  ::setenv("CORECL_CACHE", "0", 1); // a cached build would not run the front end
  BuildResult r = buildProgram("kernel void k(global int *p) { p[0] = 7; }\n", "-I .");
  ::unsetenv("CORECL_CACHE");
  fs::path after = fs::current_path();
  fs::current_path(old);
  fs::remove_all(dir);
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
  EXPECT_EQ(after, dir);
}

TEST(BuildOptions, StrictAliasingIsAcceptedAndIgnored) {
  EXPECT_TRUE(args("-cl-strict-aliasing").empty());
  EXPECT_EQ(parseBuildOptions("-cl-strict-aliasing -cl-mad-enable", OptionsKind::Compile).error,
            "");
}

TEST(BuildOptions, ProgramBuildsWithAQuotedDefineAndARelativeInclude) {
  fs::path dir = fs::temp_directory_path() / ("corecl-options-" + std::to_string(::getpid()));
  fs::create_directories(dir / "inc");
  std::ofstream(dir / "inc" / "scale.h") << "#define SCALE 3\n";
  fs::path old = fs::current_path();
  fs::current_path(dir);
  BuildResult r = buildProgram(
      "#include \"scale.h\"\n"
      "kernel void k(global int *p) { p[0] = SCALE * (int)sizeof(NAME); }\n",
      "-I inc -D NAME=\"\\\"a b\\\"\" -cl-strict-aliasing");
  fs::current_path(old);
  fs::remove_all(dir);
  ASSERT_EQ(r.status, BuildResult::Success) << r.log;
}

} // namespace
} // namespace corecl::compiler
