#!/usr/bin/env bash
# Runs bench/ on CoreCL and PoCL side by side through the ICD loader.
# Usage: [NEWER_POCL_ICD=<icd>] scripts/bench.sh [rounds] [name filter]
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
# A second baseline: today's PoCL, built outside the repository
# (docs/performance.md says how), e.g.
# NEWER_POCL_ICD=/tmp/pocl7/install/etc/OpenCL/vendors/pocl.icd scripts/bench.sh 3
# Two PoCLs do not load into one process: the bench runs again with that
# one beside CoreCL, and its columns join the first run's table.
if [ -n "${NEWER_POCL_ICD:-}" ]; then
  NEWER="$PWD/build/bench-vendors-newer"
  mkdir -p "$NEWER"
  cp build/vendors/corecl.icd "$NEWER/"
  cp "$NEWER_POCL_ICD" "$NEWER/pocl.icd"
  OCL_ICD_VENDORS="$NEWER" ./build/bench/corecl_bench "${1:-7}" "${2:-}" |
    tee build/bench-output-newer.md
  python3 bench/merge_baselines.py "$OUT" build/bench-output-newer.md > build/bench-merged.md
  mv build/bench-merged.md "$OUT"
fi
# Real programs' own benchmarks (clpeak, hashcat, clFFT), the same filter.
echo | tee -a "$OUT"
python3 bench/real_programs.py build/vendors/corecl.icd /etc/OpenCL/vendors/pocl.icd "${2:-}" |
  tee -a "$OUT"
# The whole suite's run becomes the report: docs/performance.md's latest
# section and docs/bench_ratios.png.
if [ -z "${2:-}" ]; then
  python3 bench/write_report.py "$OUT" "scripts/bench.sh ${1:-7}" docs
fi
