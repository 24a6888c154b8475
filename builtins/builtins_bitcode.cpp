// Embeds the builtins bitcode file produced at build time.
//
// CORECL_BUILTINS_BC=<file> replaces the embedded library with a bitcode
// file built elsewhere (a developer's hook for working on the library
// without relinking libCoreCL.so); the kernel disk cache is bypassed then,
// since its key only knows the embedded library.
#include "builtins/builtins_bitcode.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

__asm__(".section .rodata\n"
        ".balign 16\n"
        "corecl_builtins_bc_begin:\n"
        ".incbin \"" CORECL_BUILTINS_BC "\"\n"
        "corecl_builtins_bc_end:\n"
        ".byte 0\n"
        ".text\n");

extern "C" const unsigned char corecl_builtins_bc_begin[] __attribute__((visibility("hidden")));
extern "C" const unsigned char corecl_builtins_bc_end[] __attribute__((visibility("hidden")));

namespace corecl {
namespace {

/// The override file's content, read once; empty when there is none (or it
/// cannot be read, in which case the embedded library is used).
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

const unsigned char *builtinsBitcode() {
  const std::string &content = overrideBitcode();
  if (!content.empty())
    return reinterpret_cast<const unsigned char *>(content.data());
  return corecl_builtins_bc_begin;
}

size_t builtinsBitcodeSize() {
  const std::string &content = overrideBitcode();
  if (!content.empty())
    return content.size();
  return size_t(corecl_builtins_bc_end - corecl_builtins_bc_begin);
}

} // namespace corecl
