#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Line and branch coverage of provider/ and backends/ by the C suite (issue 33).
# Builds edfast and the C test programs with gcc --coverage in a tree of its
# own, runs the tests labelled c (test/CMakeLists.txt: the provider-level
# tests, test/hardening, the native backends' tests on every path this CPU
# has plus the emulated ifma path) and tools_codec, and prints per file and in
# total "lines: N%" and "branches: N%" (gcovr, installed with apt-get where
# missing; test/, its ifma emulation, fuzz/ and bench/ are not counted, nor the
# native tables' generators, build tools whose one run, at build time, comes
# before the counters are reset, and whose tables every test reads), then
# the lines no test ran, per file, and the reasons they are not run
# (scripts/coverage-exclusions.txt).
#
#   bash scripts/coverage.sh [BUILD_DIR]          (BUILD_DIR: build-coverage)
#
# EDFAST_DIFF_CASES (default 1000) sets the differential tests' case count;
# EDFAST_COVERAGE_MIN (a percentage, default none) makes the script fail when
# the total line coverage is below it.  Fails too when a test fails (the
# report is made all the same).  Output in BUILD_DIR/coverage/: summary.json,
# totals.txt (the totals line), index.html (each line's count, per file).
# Its time from a fresh tree: docs/performance.md, "Figures from code comments".
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build-coverage}
min=${EDFAST_COVERAGE_MIN:-}
report=$build/coverage
start=$(date +%s)

command -v gcovr >/dev/null 2>&1 || bash scripts/install-deps.sh gcovr

# Debug: the glue at -O0, so that every line's count is its own.  The native
# code keeps the -O3 its CMakeLists.txt give it (a different build of that code
# would be measuring another program); gcov still counts its lines, and a line
# the optimiser folded into another counts with it.  The counters are not
# atomic (-fprofile-update=atomic made native25519_field_ifma_emulated many
# times slower: docs/performance.md, "Figures from code comments"): the thread
# tests may lose counts, which never turns a line run into one not run.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc \
      -DCMAKE_C_FLAGS=--coverage -DEDFAST_WITH_JNI=OFF \
      -DEDFAST_DIFF_CASES="${EDFAST_DIFF_CASES:-1000}" >/dev/null
cmake --build "$build" -j"$(nproc)" --target edfast_c_tests tools_codec_test >/dev/null
built=$(date +%s)

# Counts from an earlier run would add to this one's.
find "$build" -name '*.gcda' -delete
rm -f "$report/totals.txt"
failed=0
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" -L '^c$' || failed=1
# tools_codec is a C program of this build too, in-process like the C suite
# (labelled tools with the suite it belongs to): every encoder and decoder
# against the default provider's, in seconds (docs/performance.md, "Figures
# from code comments").
ctest --test-dir "$build" --output-on-failure -R '^tools_codec$' || failed=1
tested=$(date +%s)

mkdir -p "$report"
# gcov reported a negative count for one branch of the -O3 native code in 2
# of 12 runs here (ed448/scalar.c, one of 170; the counters are not atomic):
# gcovr drops that one line of gcov's output, with a warning, rather than stop.
gcovr --root . --object-directory "$build" -j"$(nproc)" --gcov-ignore-parse-errors \
      --exclude-directories "$build/CMakeFiles" \
      --filter 'provider/' --filter 'backends/' \
      --exclude 'backends/native/.*gen_tables\.c' --exclude 'backends/native/table_gen\.c' \
      --json-summary "$report/summary.json" \
      --html-details "$report/index.html" \
      --txt "$report/lines.txt"

status=0
python3 - "$report" "$min" scripts/coverage-exclusions.txt <<'EOF' || status=$?
import json, re, sys
report, minimum, exclusions = sys.argv[1], sys.argv[2], sys.argv[3]
summary = json.load(open(f"{report}/summary.json"))

def pct(covered, total):
    return 100.0 * covered / total if total else 100.0

print()
for f in sorted(summary["files"], key=lambda f: f["filename"]):
    print(f"{f['filename']:44} lines: {pct(f['line_covered'], f['line_total']):5.1f}% "
          f"({f['line_covered']:3} of {f['line_total']:3})  "
          f"branches: {pct(f['branch_covered'], f['branch_total']):5.1f}% "
          f"({f['branch_covered']:3} of {f['branch_total']:3})")
lines = pct(summary["line_covered"], summary["line_total"])
branches = pct(summary["branch_covered"], summary["branch_total"])
totals = (f"coverage of provider/ and backends/: lines: {lines:.1f}% "
          f"({summary['line_covered']} of {summary['line_total']}), "
          f"branches: {branches:.1f}% ({summary['branch_covered']} of {summary['branch_total']})")

# gcovr's text report: "file lines exec cover missing", a long name on a line of its own.
missing, name = {}, None
for line in open(f"{report}/lines.txt"):
    fields = line.split()
    if len(fields) == 1 and re.match(r"^(provider|backends)/", fields[0]):
        name = fields[0]
        continue
    if fields and re.match(r"^(provider|backends)/", fields[0]):
        name, fields = fields[0], fields[1:]
    if name and len(fields) >= 4 and fields[2].endswith("%"):
        if len(fields) > 3:
            missing[name] = " ".join(fields[3:])
        name = None

reasons = [l.rstrip("\n") for l in open(exclusions) if l.strip() and not l.startswith("#")]
print("\nLines no test runs, per file:")
for name in sorted(missing):
    print(f"  {name}: {missing[name]}")
print(f"\nWhy they are not run ({exclusions}):")
for r in reasons:
    print(f"  {r}")
unexplained = [n for n in sorted(missing) if not any(r.startswith(n + ":") for r in reasons)]
if unexplained:
    print("\nFiles with lines not run and no reason listed: " + ", ".join(unexplained))

print(f"\n{totals}")
open(f"{report}/totals.txt", "w").write(totals + "\n")
if minimum and lines < float(minimum):
    print(f"coverage.sh: lines {lines:.1f}% is below the required {minimum}%")
    sys.exit(3)
if minimum:
    print(f"coverage.sh: lines {lines:.1f}% meets the required {minimum}%")
EOF
end=$(date +%s)
echo "coverage.sh: build $((built - start)) s, tests $((tested - built)) s," \
     "report $((end - tested)) s, in all $((end - start)) s"
[ "$failed" -eq 0 ] || echo "coverage.sh: a test failed (above)"
[ "$failed" -eq 0 ] && exit "$status"
exit 1
