#!/usr/bin/env bash
# Installs every package CoreCL needs to build, test and benchmark, on a
# fresh Debian bookworm machine. Runs as root (or through sudo).
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config file binutils python3
  # mpmath: the coefficient generators of builtins/tools/ (tools.builtin_tables);
  # gmpy2 is its fast arithmetic backend (without it the test took 513 s
  # instead of about 100 on a Zen 1 machine).
  python3-mpmath python3-gmpy2
  llvm-19-dev libclang-19-dev clang-19 lld-19 libmpfr-dev libzstd-dev zlib1g-dev libxml2-dev
  libtbb-dev
  # SPIR-V input (compiler/spirv.h): the Khronos translator for LLVM 15, run
  # as a separate process, and spirv-tools' validator and assembler.
  llvm-spirv-15 spirv-tools
  opencl-c-headers opencl-clhpp-headers ocl-icd-opencl-dev clinfo
  googletest libgtest-dev
  pocl-opencl-icd
  # Real programs that use OpenCL, run side by side with PoCL: CLBlast (the
  # bench links it), clpeak, hashcat, clFFT, pyopencl.
  libclblast-dev clblast-tests clpeak hashcat clfft-client python3-pyopencl python3-numpy
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${PACKAGES[@]}"
