#!/usr/bin/env bash
# Builds edfast and runs every test: the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
build=${EDFAST_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" -j"$(nproc)"
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@"
# Sanitizer (ASan/UBSan, TSan) builds of the C suite, and 30 s of each fuzzer.
bash scripts/hardening.sh --quick "${build}-hardening"
