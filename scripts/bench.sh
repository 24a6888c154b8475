#!/usr/bin/env bash
# Runs bench/ on CoreCL and PoCL side by side through the ICD loader.
# Usage: scripts/bench.sh [rounds] [name filter]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || scripts/build.sh build
cmake --build build --target corecl_bench CoreCL
VENDORS="$PWD/build/bench-vendors"
mkdir -p "$VENDORS"
cp build/vendors/corecl.icd "$VENDORS/"
if [ -f /etc/OpenCL/vendors/pocl.icd ]; then
  cp /etc/OpenCL/vendors/pocl.icd "$VENDORS/"
else
  echo "PoCL is not installed (scripts/install-deps.sh installs pocl-opencl-icd)" >&2
  exit 1
fi
OCL_ICD_VENDORS="$VENDORS" ./build/bench/corecl_bench "${1:-7}" "${2:-}"
