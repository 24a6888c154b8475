#!/bin/sh
# corecl-cc, the offline compiler: a program binary out that corecl-cc
# (clCreateProgramWithBinary) takes back in, a report per kernel (one
# kernel gathers, one does not), a build error with its log and exit 1, a
# usage error with exit 2, IR and assembly dumps where asked.
# Usage: corecl_cc_test.sh <corecl-cc>
set -eu
cc=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
cat > two.cl <<'CL'
kernel void saxpy(float a, global const float *x, global float *y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
kernel void lookup(global const int *idx, global const float *table, global float *out) {
  size_t i = get_global_id(0);
  out[i] = table[idx[i]];
}
CL
"$cc" -o two.bin --report two.cl >report.txt 2>trace.txt || fail "build of two.cl"
[ -s two.bin ] || fail "no binary written"
grep -q '^kernel saxpy: [0-9]* work-items side by side, 0 bytes __local, .* 0 gather/scatter instructions$' report.txt ||
  fail "saxpy report: $(cat report.txt)"
# lookup's count is the gathers in its assembly. Whether LLVM gathers at
# all depends on the CPU (it loads lane by lane on Zen 1 to 3, whose gather
# instructions are slow); with AVX-512 it does.
mkdir -p gathers
"$cc" -o dumped.bin --dump-asm gathers two.cl >/dev/null 2>&1 || fail "build with --dump-asm"
gathers=$(awk '/^[^.\t].*:$/ { owner = ($0 ~ /^lookup\./) } owner && /^\t/ && /gather|scatter/ { n++ } END { print n + 0 }' gathers/*.s)
grep -q "^kernel lookup: .* $gathers gather/scatter instructions\$" report.txt ||
  fail "lookup report ($gathers gathers in its assembly): $(cat report.txt)"
if grep -q avx512f /proc/cpuinfo; then
  [ "$gathers" -gt 0 ] || fail "no gathers for lookup's table on an AVX-512 CPU"
fi
grep -q 'packet' trace.txt || fail "no packet decisions in the trace"
# The binary goes back in.
"$cc" --report two.bin >again.txt 2>/dev/null || fail "build from the binary"
grep -q '^kernel saxpy:' again.txt || fail "no saxpy from the binary"
# A build error: its log, exit status 1.
printf 'kernel void k(global int *p) { p[0] = undefined_thing; }\n' > bad.cl
status=0
"$cc" bad.cl 2>bad.txt || status=$?
[ "$status" = 1 ] || fail "bad.cl exit status $status"
grep -q "undeclared identifier 'undefined_thing'" bad.txt || fail "no build log: $(cat bad.txt)"
# Usage errors: exit status 2.
status=0
"$cc" --no-such-option two.cl 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "unknown option exit status $status"
# Dumps where asked.
mkdir ir asm
"$cc" --dump-ir ir --dump-asm asm -b "-DUNUSED=1" two.cl 2>/dev/null || fail "build with dumps"
ls ir/*.ll >/dev/null 2>&1 || fail "no IR dumped"
ls asm/*.s >/dev/null 2>&1 || fail "no assembly dumped"
echo PASS
