#!/usr/bin/env bash
# The AArch64 run CI makes (.ci/run, after the x86-64 tests): sets up the
# cross build (scripts/aarch64/setup.sh), builds build-aarch64, and runs a
# short set of tests under qemu-aarch64 with a NEON CPU model and an SVE
# one (256-bit vectors). The whole default set under emulation is
# scripts/aarch64/test.sh <model> (an hour or more per model; see
# docs/conformance.md for what ran).
#
# The set: the unit tests; the target description and AArch64 code
# generation (compiler tests); the loader; and kernels through the API
# that cover the work-group machinery (vector add, barriers, reductions,
# work-group collectives, sub-groups, atomics, device-side enqueue,
# printf) and the ISA variant of the builtins library. (The builtins'
# own suites take 15 to 35 s each under qemu: they run in test.sh's
# whole set.)
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/aarch64/setup.sh
scripts/aarch64/build.sh
SMOKE='^(ArmCpuNames|IsaLevel|ThreadCountSetting|NDRangeContext|NDRangeSplit|CommandGraph|AlignedMemory|PrintfFormat|ImageFormat[A-Za-z]*|HostTarget|AArch64Codegen|Builtins/AArch64Math|Loader|DeviceInfo|PlatformInfo|KernelTest|KernelBarrierTest|KernelReductionTest|KernelWorkItemTest|KernelMatMulTest|WorkGroupCollectivesTest|SubGroupTest|LocalAtomicsTest|C11AtomicsTest|DeviceEnqueueTest|PrintfTest|IsaVariant)\.'
for model in neon sve; do
  scripts/aarch64/test.sh "$model" --output-on-failure -j2 -R "$SMOKE" -E 'CoexistPocl|package\.deb'
done
