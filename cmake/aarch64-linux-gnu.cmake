# CMake toolchain file: cross-builds CoreCL for AArch64 Linux on an x86-64
# Debian bookworm machine (issue 17). scripts/aarch64/setup.sh installs
# the cross compiler and qemu-user and builds the sysroot;
# scripts/aarch64/build.sh configures with this file, test.sh runs ctest.
#
#   cmake -S . -B build-aarch64 -G Ninja \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
#
# Target code (compiler, headers, libraries) comes from the sysroot, an
# unpacked set of Debian arm64 packages. Programs run during the build
# (clang-19 and llvm-link for the builtins' bitcode, python3, lld) are the
# build machine's own. Test programs run under qemu-aarch64
# (CMAKE_CROSSCOMPILING_EMULATOR); its CPU model comes from QEMU_CPU.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

if(NOT CORECL_AARCH64_SYSROOT)
  if(DEFINED ENV{CORECL_AARCH64_SYSROOT})
    set(CORECL_AARCH64_SYSROOT "$ENV{CORECL_AARCH64_SYSROOT}")
  else()
    set(CORECL_AARCH64_SYSROOT /opt/corecl-aarch64-sysroot)
  endif()
endif()
set(CORECL_AARCH64_SYSROOT "${CORECL_AARCH64_SYSROOT}" CACHE PATH
    "Sysroot of arm64 packages (scripts/aarch64/setup.sh)")
if(NOT EXISTS "${CORECL_AARCH64_SYSROOT}/usr/lib/aarch64-linux-gnu/libc.so.6")
  message(FATAL_ERROR "No AArch64 sysroot at ${CORECL_AARCH64_SYSROOT}: "
                      "run scripts/aarch64/setup.sh (as root) first")
endif()
# try_compile projects re-read this file: hand them the sysroot.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CORECL_AARCH64_SYSROOT)

set(CMAKE_SYSROOT "${CORECL_AARCH64_SYSROOT}")
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Debian's cross GCC 12 (g++-aarch64-linux-gnu). Its C++ headers come from
# libstdc++-12-dev-arm64-cross, the same 12.2.0 as the sysroot's.
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_AR aarch64-linux-gnu-ar CACHE FILEPATH "")
set(CMAKE_RANLIB aarch64-linux-gnu-ranlib CACHE FILEPATH "")
set(CMAKE_STRIP aarch64-linux-gnu-strip CACHE FILEPATH "")
set(CMAKE_OBJCOPY aarch64-linux-gnu-objcopy CACHE FILEPATH "")
set(CMAKE_OBJDUMP aarch64-linux-gnu-objdump CACHE FILEPATH "")

# Libraries, headers and CMake packages only from the sysroot; programs
# only from the build machine (they run here).
set(CMAKE_FIND_ROOT_PATH "${CORECL_AARCH64_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Running AArch64 programs: qemu-user, with the sysroot's dynamic loader
# and libraries (-L). No -cpu here: QEMU_CPU picks the model
# (scripts/aarch64/test.sh); without it qemu's "max" (SVE, 512-bit).
find_program(CORECL_QEMU_AARCH64 qemu-aarch64)
if(CORECL_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${CORECL_QEMU_AARCH64};-L;${CORECL_AARCH64_SYSROOT}")
endif()

# LLVM/Clang 19 that the compiler links: the sysroot's (arm64 archives and
# headers; compiler/CMakeLists.txt runs its llvm-config under qemu). The
# tools that run during the build stay the build machine's
# (builtins/CMakeLists.txt: CORECL_HOST_LLVM_PREFIX).
set(LLVM_PREFIX "${CORECL_AARCH64_SYSROOT}/usr/lib/llvm-19" CACHE PATH "LLVM 19 installation")
set(CORECL_HOST_LLVM_PREFIX /usr/lib/llvm-19 CACHE PATH "LLVM 19 tools of the build machine")

# Google Test's discovery runs each test binary to list its tests: at
# ctest time, not during the build (under qemu, with test.sh's CPU model).
set(CMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE PRE_TEST)
