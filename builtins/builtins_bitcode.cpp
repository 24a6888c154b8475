// Embeds the builtins bitcode files produced at build time, one per ISA
// level.
//
// CORECL_BUILTINS_BC=<file> replaces the embedded libraries with a bitcode
// file built elsewhere (a developer's hook for working on the library
// without relinking libCoreCL.so); the kernel disk cache is bypassed then,
// since its key only knows the embedded libraries.
#include "builtins/builtins_bitcode.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#define CORECL_EMBED(symbol, file)                                                             \
  __asm__(".section .rodata\n"                                                                 \
          ".balign 16\n" #symbol "_begin:\n"                                                   \
          ".incbin \"" file "\"\n" #symbol "_end:\n"                                           \
          ".byte 0\n"                                                                          \
          ".text\n");                                                                          \
  extern "C" const char symbol##_begin[] __attribute__((visibility("hidden")));                \
  extern "C" const char symbol##_end[] __attribute__((visibility("hidden")));

CORECL_EMBED(corecl_builtins_v2, CORECL_BUILTINS_BC_V2)
CORECL_EMBED(corecl_builtins_v3, CORECL_BUILTINS_BC_V3)
CORECL_EMBED(corecl_builtins_v4, CORECL_BUILTINS_BC_V4)

namespace corecl {
namespace {

/// The override file's content, read once; empty when there is none (or it
/// cannot be read, in which case the embedded libraries are used).
const std::string &overrideBitcode() {
  static const std::string content = [] {
    const char *path = builtinsBitcodeOverride();
    if (!path)
      return std::string();
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }();
  return content;
}

} // namespace

const char *builtinsBitcodeOverride() {
  const char *path = std::getenv("CORECL_BUILTINS_BC");
  return path && *path ? path : nullptr;
}

std::string_view builtinsBitcode(IsaLevel level) {
  const std::string &content = overrideBitcode();
  if (!content.empty())
    return content;
  switch (level) {
  case IsaLevel::X86_64_V4:
    return {corecl_builtins_v4_begin, size_t(corecl_builtins_v4_end - corecl_builtins_v4_begin)};
  case IsaLevel::X86_64_V3:
    return {corecl_builtins_v3_begin, size_t(corecl_builtins_v3_end - corecl_builtins_v3_begin)};
  case IsaLevel::X86_64_V2:
  case IsaLevel::Generic:
    break;
  }
  return {corecl_builtins_v2_begin, size_t(corecl_builtins_v2_end - corecl_builtins_v2_begin)};
}

} // namespace corecl
