// Embeds the builtins bitcode file produced at build time.
#include "builtins/builtins_bitcode.h"

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

const unsigned char *builtinsBitcode() { return corecl_builtins_bc_begin; }
size_t builtinsBitcodeSize() { return size_t(corecl_builtins_bc_end - corecl_builtins_bc_begin); }

} // namespace corecl
