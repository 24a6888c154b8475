#!/usr/bin/env bash
# Cross-builds CoreCL for AArch64 (Release, with the tests) in
# ./build-aarch64, with cmake/aarch64-linux-gnu.cmake. Run
# scripts/aarch64/setup.sh (as root) once before.
# Usage: scripts/aarch64/build.sh [cmake args...]
# Env: CORECL_AARCH64_SYSROOT (default /opt/corecl-aarch64-sysroot),
#      BUILD_DIR (default build-aarch64), JOBS (default 2; the build runs
#      under nice).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR="${BUILD_DIR:-build-aarch64}"
JOBS="${JOBS:-2}"
SYSROOT="${CORECL_AARCH64_SYSROOT:-/opt/corecl-aarch64-sysroot}"
if [ ! -e "$SYSROOT/usr/lib/aarch64-linux-gnu/libc.so.6" ]; then
  echo "No AArch64 sysroot at $SYSROOT: run scripts/aarch64/setup.sh (as root) first" >&2
  exit 1
fi
# The benchmarks need CLBlast, which the sysroot does not hold.
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/aarch64-linux-gnu.cmake" \
  -DCORECL_AARCH64_SYSROOT="$SYSROOT" \
  -DCORECL_BUILD_TESTS=ON -DCORECL_BUILD_BENCH=OFF "$@"
nice cmake --build "$BUILD_DIR" -j "$JOBS"
