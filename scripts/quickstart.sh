#!/usr/bin/env bash
# Installs what is missing, builds ptxalu, and runs the bundled example through the golden
# model and the RTL side by side, printing its trace.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/configure.sh build -DCMAKE_BUILD_TYPE=Release -DPTXALU_REQUIRE_RTL=ON >/dev/null
cmake --build build -j"$(nproc)" --target ptxalu
build/ptxalu run --engine both --trace - examples/pixels.ptx
