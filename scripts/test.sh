#!/usr/bin/env bash
# README command two: installs what is missing, builds CoreCL with its tests
# and runs the whole default test suite. Long sweeps (label 'long') and
# sanitizer builds are run by hand: see README.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh build
cd build
ctest --output-on-failure -j2 -LE long
