#!/usr/bin/env bash
# README command one: installs what is missing, builds CoreCL, registers it
# through a vendors folder in the build tree, and runs clinfo and a real
# OpenCL program on it through the ordinary ICD loader.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh build
export OCL_ICD_VENDORS="$PWD/build/vendors"
echo "== clinfo (OCL_ICD_VENDORS=$OCL_ICD_VENDORS)"
clinfo
echo "== buffers, events and a native kernel on CoreCL"
./build/examples/corecl_buffers_demo
echo "== a Mandelbrot image computed by an OpenCL C kernel on CoreCL"
./build/examples/corecl_mandelbrot
echo "== an image filter with images and samplers on CoreCL"
./build/examples/corecl_image_filter build/image_filter.ppm
