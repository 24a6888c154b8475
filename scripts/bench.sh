#!/usr/bin/env bash
# Runs bench/ on CoreCL and PoCL side by side through the ICD loader.
# Usage: scripts/bench.sh [rounds] [name filter]
# bench/ kernels first (corecl_bench), then real programs' own benchmarks
# (bench/real_programs.py: clpeak, hashcat -b, clFFT; several minutes).
# Without a filter, the results are written to docs/performance.md (latest
# run section) and docs/bench_ratios.png.
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
OUT=build/bench-output.md
OCL_ICD_VENDORS="$VENDORS" ./build/bench/corecl_bench "${1:-7}" "${2:-}" | tee "$OUT"
# Real programs' own benchmarks (clpeak, hashcat, clFFT), the same filter.
echo | tee -a "$OUT"
python3 bench/real_programs.py build/vendors/corecl.icd /etc/OpenCL/vendors/pocl.icd "${2:-}" |
  tee -a "$OUT"
# The whole suite's run becomes the report: docs/performance.md's latest
# section and docs/bench_ratios.png.
if [ -z "${2:-}" ]; then
  python3 bench/write_report.py "$OUT" "scripts/bench.sh ${1:-7}" docs
fi
