#!/usr/bin/env bash
# Configures and builds CoreCL. Usage: scripts/build.sh [build-dir] [cmake args...]
# The default build directory is ./build (Release).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${1:-build}"
shift || true
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$BUILD_DIR"
