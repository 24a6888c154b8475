#!/usr/bin/env bash
# Real programs from Debian on CoreCL, through the ICD loader, next to
# PoCL where it is installed: hashcat's benchmark twice in a row (the
# second run loads hashcat's cached program binaries), pyopencl's kernels
# and binary round trip (tests/real_apps/pyopencl_check.py) and a few of
# CLBlast's own tests. Not part of the default test run (minutes, and it
# measures); run by hand after scripts/build.sh. Exits non-zero on any
# failure.
set -uo pipefail
cd "$(dirname "$0")/.."
CORECL="$PWD/build/vendors/corecl.icd"
[ -f "$CORECL" ] || { echo "build CoreCL first (scripts/build.sh)" >&2; exit 1; }
status=0
run() { # name, command...
  local name=$1; shift
  if "$@"; then echo "PASS $name"; else echo "FAIL $name"; status=1; fi
}
drivers=("$CORECL")
[ -f /etc/OpenCL/vendors/pocl.icd ] && drivers+=(/etc/OpenCL/vendors/pocl.icd)
for vendors in "${drivers[@]}"; do
  echo "== $(basename "$vendors")"
  export OCL_ICD_VENDORS="$vendors"
  if command -v hashcat >/dev/null; then
    for round in 1 2; do
      start=$(date +%s.%N)
      out=$(hashcat -b -m 0 -D 1 --force --quiet 2>&1)
      end=$(date +%s.%N)
      speed=$(grep -o 'Speed.#1[^@]*' <<<"$out" | head -1)
      echo "hashcat -b -m 0, run $round: $speed, $(/usr/bin/python3 -c "print(round($end - $start, 1))") s"
      run "hashcat run $round" grep -q 'H/s' <<<"$out"
    done
  fi
  if /usr/bin/python3 -c 'import pyopencl, numpy' 2>/dev/null; then
    run "pyopencl" /usr/bin/python3 tests/real_apps/pyopencl_check.py
  fi
  for t in xaxpy xdot xgemv xgemm; do
    if command -v "clblast_test_$t" >/dev/null; then
      log=$("clblast_test_$t" -precision 32 2>&1 | sed 's/\x1b\[[0-9;]*m//g')
      failed=$(grep -oE '[0-9]+ test\(s\) failed' <<<"$log" | awk '{s += $1} END {print s + 0}')
      passed=$(grep -oE '[0-9]+ test\(s\) passed' <<<"$log" | awk '{s += $1} END {print s + 0}')
      run "clblast_test_$t ($passed passed, $failed failed)" test "$failed" -eq 0 -a "$passed" -gt 0
    fi
  done
done
exit $status
