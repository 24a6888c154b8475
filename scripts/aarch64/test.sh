#!/usr/bin/env bash
# Runs the cross-built AArch64 tests (scripts/aarch64/build.sh) under
# qemu-aarch64 with a CPU model:
#   neon    NEON only: qemu's "max" without SVE and SME (default)
#   sve     SVE with 256-bit vectors (max,sve256=on; like Neoverse V1)
#   sve128  SVE with 128-bit vectors (max,sve128=on; like Neoverse N2)
#   sve512  SVE with 512-bit vectors (a64fx)
#   sve2048 SVE with 2048-bit vectors (max,sve2048=on): longer than the 512
#           bits CoreCL compiles for, so the code's predicates must hold
#   a72     Cortex-A72: Armv8.0, NEON, no LSE atomics, no dot product
#   cpu=<model>  any QEMU_CPU string (qemu-aarch64 -cpu help)
# Usage: scripts/aarch64/test.sh [neon|sve|sve128|sve512|sve2048|a72|cpu=...] [ctest args...]
# Without ctest arguments: --output-on-failure -j2 -LE long, leaving out the
# tests that cannot run here (see CANNOT_RUN below). Env: BUILD_DIR
# (build-aarch64), CORECL_AARCH64_SYSROOT, CTEST_TIMEOUT (default per-test
# timeout in seconds, 3000: qemu is 10-50 times slower than the host).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR="${BUILD_DIR:-build-aarch64}"
SYSROOT="${CORECL_AARCH64_SYSROOT:-/opt/corecl-aarch64-sysroot}"

model="${1:-neon}"
case "$model" in
  neon) cpu="max,sve=off,sme=off" ;;
  sve|sve256) cpu="max,sve256=on" ;;
  sve128) cpu="max,sve128=on" ;;
  sve512) cpu="a64fx" ;;
  sve2048) cpu="max,sve2048=on" ;;
  a72) cpu="cortex-a72" ;;
  cpu=*) cpu="${model#cpu=}" ;;
  -*) model=neon; cpu="max,sve=off,sme=off"; set -- neon "$@" ;;
  *) echo "unknown CPU model '$model' (neon, sve, sve128, sve512, sve2048, a72, cpu=<qemu model>)" >&2
     exit 2 ;;
esac
shift || true

if [ ! -d "$BUILD_DIR" ]; then
  echo "No $BUILD_DIR: run scripts/aarch64/build.sh first" >&2
  exit 1
fi
# qemu-aarch64 reads QEMU_CPU and QEMU_LD_PREFIX: ctest runs the targets
# through CMAKE_CROSSCOMPILING_EMULATOR (qemu-aarch64 -L <sysroot>), the
# scripts through the wrappers in $BUILD_DIR/emulated; both inherit these.
export QEMU_CPU="$cpu"
export QEMU_LD_PREFIX="$SYSROOT"
# CoreCL's disk cache of compiled programs: one folder per CPU model, in
# the build folder (not ~/.cache, which the x86-64 build uses).
export CORECL_CACHE_DIR="${CORECL_CACHE_DIR:-$PWD/$BUILD_DIR/test-cache/$model}"
mkdir -p "$CORECL_CACHE_DIR"

# Tests that cannot run under this emulation:
# - icd coexist (pocl): needs an arm64 pocl, not in the sysroot; the
#   host's /etc/OpenCL/vendors/pocl.icd names the x86-64 library.
# - package.deb: runs the host's `nm -D` on the arm64 library.
CANNOT_RUN='CoexistPocl|package\.deb'

echo "== qemu-aarch64 -cpu $QEMU_CPU, sysroot $SYSROOT"
# Every library libCoreCL.so needs is found in the sysroot.
if ! missing=$(qemu-aarch64 -L "$SYSROOT" "$SYSROOT/usr/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1" \
                 --list "$PWD/$BUILD_DIR/icd/libCoreCL.so" 2>&1) ||
   grep -q "not found" <<<"$missing"; then
  echo "warning: $BUILD_DIR/icd/libCoreCL.so does not load under qemu:" >&2
  echo "$missing" >&2
fi

cd "$BUILD_DIR"
if [ $# -eq 0 ]; then
  set -- --output-on-failure -j2 -LE long -E "$CANNOT_RUN"
fi
exec ctest --timeout "${CTEST_TIMEOUT:-3000}" "$@"
