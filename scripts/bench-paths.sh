#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The native backend on every code path this CPU has (backends/native/paths.def; see
# backends/native/README.md), side by side: one edfast-bench run per path, the
# path forced with EDFAST_NATIVE_PATH (it is chosen once per process, so one
# run cannot hold two).  Each run measures the default provider, libsodium,
# libdecaf and lib25519 again, interleaved with the native rows, so every
# ratio printed comes from within one run.
#
#   bash scripts/bench-paths.sh [BUILD [EDFAST-BENCH OPTIONS...]]
#
# BUILD defaults to build; the options to --quick --sizes 64 --no-threads
# --no-fresh --clock cpu.  Writes BUILD/bench-path-<path>.csv and prints, per
# path, the native rows with their ratios (by the benchmark's clock).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
bench=$build/bench/edfast-bench
[ -x "$bench" ] || { echo "bench-paths: no $bench (build first)" >&2; exit 1; }
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--quick --sizes 64 --no-threads --no-fresh --clock cpu)
clock=wall
for option in "${options[@]}"; do [ "$option" = cpu ] && clock=cpu; done

printf '%-9s %-7s %-13s %-20s %6s %12s %10s %10s %10s\n' path curve op implementation bytes \
  "ops/s" "vs default" "vs lib" "lib25519"
for path in $(sed -n 's/^EDFAST_NATIVE_PATH_ENTRY([A-Z0-9_]*, *\([a-z0-9_]*\),.*/\1/p' \
               backends/native/paths.def); do
  if ! EDFAST_NATIVE_PATH=$path "$bench" --smoke --no-threads --curve ed25519 --op sign \
       >/dev/null 2>&1; then
    printf '%-9s (this CPU lacks it)\n' "$path"
    continue
  fi
  csv=$build/bench-path-$path.csv
  EDFAST_NATIVE_PATH=$path "$bench" "${options[@]}" --csv "$csv" >/dev/null
  awk -F, -v path="$path" -v clock="$clock" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["impl"] == "backend:native" || $col["impl"] == "evp:edfast/native" {
      p = clock == "cpu" ? "cpu_" : ""
      rate = clock == "cpu" ? $col["ops_per_cpu_s"] : $col["ops_per_s"]
      printf "%-9s %-7s %-13s %-20s %6s %12.1f %9.2fx %9.2fx %9s\n", path, $col["curve"],
             $col["op"], $col["impl"], $col["msg_bytes"], rate, $col[p "ratio_vs_default"],
             $col[p "ratio_vs_lib"],
             $col[p "ratio_vs_lib25519"] == "" ? "-" : sprintf("%.2fx", $col[p "ratio_vs_lib25519"])
    }' "$csv"
done
echo "(vs lib: libsodium for Ed25519, libdecaf for Ed448; by $clock clock; rows in $build/bench-path-*.csv)"
