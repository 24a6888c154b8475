// Builds a program with CORECL_DUMP_ASM set to a fresh folder (and the
// disk cache off: a hit would skip code generation) and returns the
// assembly written there, with the build's result in `result` (every
// kernel's code generated).
#pragma once
#include "compiler/compiler.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace corecl::compiler {

inline std::string buildAndDumpAssembly(const std::string &source, const std::string &options,
                                        const Target &target, BuildResult &result) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("corecl-asm-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ::setenv("CORECL_DUMP_ASM", dir.c_str(), 1);
  ::setenv("CORECL_CACHE", "0", 1);
  result = buildProgram(source, options, target);
  // Kernels' code is generated when first needed (compiler.h): now.
  if (result.executable)
    result.executable->generateAll(1);
  ::unsetenv("CORECL_DUMP_ASM");
  ::unsetenv("CORECL_CACHE");
  std::string text;
  for (const auto &entry : fs::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    std::stringstream content;
    content << in.rdbuf();
    text += content.str();
  }
  fs::remove_all(dir);
  return text;
}

} // namespace corecl::compiler
