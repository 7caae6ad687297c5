#!/usr/bin/env bash
# Line and branch coverage of provider/ and backends/ by the C suite (issue 33).
# Builds edfast and the C test programs with gcc --coverage in a tree of its
# own, runs the tests labelled c (test/CMakeLists.txt: the provider-level
# tests, test/hardening, variants, and the native backends' tests on every
# path this CPU has plus the emulated ifma path), and prints per file and in
# total "lines: N%" and "branches: N%" (gcovr, installed with apt-get where
# missing), then the blocks no test runs, each with its reason
# (scripts/coverage-exclusions.txt).
#
#   bash scripts/coverage.sh [BUILD_DIR]          (BUILD_DIR: build-coverage)
#
# EDFAST_DIFF_CASES (default 1000) sets the differential tests' case count;
# EDFAST_COVERAGE_MIN (a percentage, default none) makes the script fail when
# the total line coverage is below it.  Reports: BUILD_DIR/coverage/ (the
# summary as JSON, and an HTML page per file showing each line's count).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build-coverage}
min=${EDFAST_COVERAGE_MIN:-}
start=$(date +%s)

command -v gcovr >/dev/null 2>&1 || bash scripts/install-deps.sh gcovr

# Debug: the glue at -O0, so that every line's count is its own.  The native
# code keeps the -O3 its CMakeLists.txt give it (a different build of that code
# would be measuring another program); gcov still counts its lines, and a
# line the optimiser folded into another counts with it.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc \
      -DCMAKE_C_FLAGS=--coverage -DEDFAST_WITH_JNI=OFF \
      -DEDFAST_DIFF_CASES="${EDFAST_DIFF_CASES:-1000}" >/dev/null
cmake --build "$build" -j"$(nproc)" --target edfast_c_tests tools_codec_test >/dev/null
built=$(date +%s)

# Counts from an earlier run would add to this one's.  The report is made
# even when a test fails (it says what ran); the script then fails.
find "$build" -name '*.gcda' -delete
failed=0
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" -L '^c$' || failed=1
# tools_codec is a C program of this build too, in-process like the C suite
# (it is labelled tools with the suite it belongs to): every encoder and
# decoder against the default provider's, in 3 s.
ctest --test-dir "$build" --output-on-failure -R '^tools_codec$' || failed=1
tested=$(date +%s)

report=$build/coverage
mkdir -p "$report"
gcovr --root . --object-directory "$build" -j"$(nproc)" \
      --exclude-directories "$build/CMakeFiles" \
      --filter 'provider/' --filter 'backends/' \
      --json-summary "$report/summary.json" \
      --html-details "$report/index.html" >/dev/null

python3 - "$report/summary.json" "$min" <<'EOF'
import json, sys
summary = json.load(open(sys.argv[1]))
def pct(covered, total):
    return 100.0 * covered / total if total else 100.0
print(f"\n{'file':48} {'lines':>22} {'branches':>22}")
for f in sorted(summary["files"], key=lambda f: f["filename"]):
    print(f"{f['filename']:48} "
          f"{pct(f['line_covered'], f['line_total']):6.1f}% {f['line_covered']:5}/{f['line_total']:<6} "
          f"{pct(f['branch_covered'], f['branch_total']):6.1f}% {f['branch_covered']:5}/{f['branch_total']:<6}")
lines = pct(summary["line_covered"], summary["line_total"])
branches = pct(summary["branch_covered"], summary["branch_total"])
print(f"\ntotal (provider/ and backends/): lines: {lines:.1f}% "
      f"({summary['line_covered']} of {summary['line_total']}), branches: {branches:.1f}% "
      f"({summary['branch_covered']} of {summary['branch_total']})")
EOF
end=$(date +%s)
echo "coverage.sh: build $((built - start)) s, tests $((tested - built)) s, report $((end - tested)) s"
exit "$failed"
