#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Hardening run (issue 8): sanitizer, ThreadSanitizer and fuzzing builds of
# edfast, each in its own build directory under BUILD_ROOT, and their tests.
# Exits non-zero on any finding.  The builds are configured with
# CMakePresets.json's asan, tsan and fuzz presets, the one place that says
# their compilers and sanitizer flags; this script chooses the directories,
# the tests (by label, see test/CMakeLists.txt), the sanitizer options and the
# durations.  (Its ctest runs are not test presets: ctest 3.25 runs a test
# preset in the preset's own binaryDir whatever --test-dir says, and the
# builds here live under BUILD_ROOT.)
#
#   bash scripts/hardening.sh [--quick] [BUILD_ROOT]     (BUILD_ROOT: build-hardening-ci)
#
# Parts, and where they run:
#   1. asan   gcc -fsanitize=address,undefined (UB aborts, leaks fail): the whole
#             C suite, the tests labelled c (edfast's tests, test/hardening, the
#             native backend tests on every path the CPU has, variants); the
#             valgrind-based ones (label valgrind) cannot run under ASan and run
#             in the plain build instead.  --quick: every differential test with 1000
#             cases (EDFAST_DIFF_CASES) instead of 10000 / 100000 (minutes each
#             under ASan), and the native arithmetic tests a tenth of their
#             random cases (EDFAST_TEST_CASE_DIVISOR=10: the emulated-ifma
#             field and point tests were the longest after
#             hardening_alloc_fail, docs/testing.md; a memory error in
#             straight-line arithmetic does not wait for the 20000th case).
#             ASan's fake stack frames are on (detect_stack_use_after_return=1),
#             as gcc 14's runtime has them by default: the IFMA code must run
#             under them (backends/native/cpu.cmake).  Debug information is
#             line tables only (-g1, the preset): what a report's stack
#             needs; with -g, gcc's variable tracking of the large ifma
#             functions made the tree's build 257 s instead of 170 on 2 cores
#             (AMD EPYC Zen 3, gcc 12, cmake --build -j2; commits e68413b and
#             c3e1d69).
#   2. msan   clang -fsanitize=memory: the constant-time tests (test/ct_check.h)
#             of both curves on every native path and the emulated ifma path,
#             native25519_ct_ifma and native448_ct_ifma on the real AVX-512
#             instructions that valgrind cannot execute (reported skipped on a
#             CPU without IFMA, where the emulated twins still run), each with
#             its planted-leak control, which must fail.  Ed448's Keccak has
#             its vpternlogq written as XOR and AND-NOT in this build only
#             (backends/native/ed448/shake256_avx512.c says why and what
#             checks the real form).
#   3. tsan   gcc -fsanitize=thread: hardening_stress (4 threads sharing keys
#             and the provider, every backend).  Suppressions:
#             test/hardening/tsan.supp (libcrypto's own intercepted accesses:
#             OpenSSL 3.5's DRBG reports a race there, without edfast too).
#             --quick: 64 iterations per thread and backend, else 512.
#   4. fuzz   clang -fsanitize=fuzzer,address,undefined (whatever clang the release
#             has, with its runtime: install-deps.sh installs both): the six targets
#             of fuzz/ built, every committed corpus (the seeds and the minimized
#             campaign, fuzz/README.md) replayed, then each target fuzzed for
#             EDFAST_FUZZ_SECONDS (30; --quick: 15, so that three pairs and the
#             larger corpora take no longer than two pairs of 30 s did) seconds
#             starting from the corpus, two targets at a time.  New inputs go to
#             BUILD_ROOT/fuzz/work-<target>, findings to BUILD_ROOT/fuzz/.
#   The valgrind tests (hardening_lifecycle, hardening_ct_glue, bad_input_valgrind,
#   native*_ct) and hardening_cleanse run in the normal build (scripts/test.sh).
#
# CI (scripts/test.sh) runs --quick; developers run it without.  Measured
# `bash scripts/hardening.sh --quick` on the 2-core machine (AMD Zen 3, partly
# alongside another build), recorded by commit b6cd820: 225 s wall (asan build
# and tests 124 s, tsan 14 s, fuzz build 24 s, corpus replay and fuzzing
# 87 s).  Environment:
# EDFAST_FUZZ_SECONDS, EDFAST_HARDENING_PARTS (e.g. "asan fuzz").
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)

quick=0
root=
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) root=$arg ;;
  esac
done
root=${root:-build-hardening-ci}
mkdir -p "$root"
root=$(cd "$root" && pwd)
parts=${EDFAST_HARDENING_PARTS:-asan msan tsan fuzz}
fuzz_seconds=${EDFAST_FUZZ_SECONDS:-$([ "$quick" = 1 ] && echo 15 || echo 30)}
jobs=$(nproc)
failed=()
start=$(date +%s)

log() { printf '\n=== hardening: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

# Whether the installed clang, whatever its version, links a libFuzzer target
# with ASan: its runtime (libclang-rt-<version>-dev, in a layout that changed
# across releases) is there.
clang_fuzzer_links() {
  command -v clang >/dev/null 2>&1 || return 1
  local t rc=0
  t=$(mktemp -d)
  printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' >"$t/f.c"
  clang -fsanitize=fuzzer,address "$t/f.c" -o "$t/f" >/dev/null 2>&1 || rc=1
  rm -rf "$t"
  return $rc
}

configure() { # preset dir extra-args...
  local preset=$1 dir=$2 home
  shift 2
  # A build directory configured from another source tree (an older layout of
  # this one, kept by debian-chroot.sh) cannot be reconfigured: start it anew.
  home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$dir/CMakeCache.txt" 2>/dev/null || true)
  if [ -n "$home" ] && [ "$(cd "$home" 2>/dev/null && pwd -P)" != "$(pwd -P)" ]; then
    rm -rf "$dir"
  fi
  cmake --preset "$preset" -B "$dir" "$@" >"$dir.configure.log" 2>&1 \
    || { cat "$dir.configure.log"; return 1; }
}

run_asan() {
  log "asan: configure and build (gcc, ASan + UBSan)"
  local dir=$root/asan
  local cases=() divisor=1
  [ "$quick" = 0 ] || { cases=(-DEDFAST_DIFF_CASES=1000); divisor=10; }
  configure asan "$dir" "${cases[@]}" || return 1
  # edfast and the C tests' programs (test/CMakeLists.txt)
  cmake --build "$dir" -j"$jobs" --target edfast_c_tests >"$dir.build.log" 2>&1 \
    || { tail -40 "$dir.build.log"; return 1; }
  log "asan: ctest -L '^c\$' (edfast's C tests, test/hardening, the native tests on every path)"
  EDFAST_TEST_CASE_DIVISOR=$divisor \
  ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$dir" -L '^c$' --output-on-failure -j"$jobs" --timeout 900
}

run_msan() {
  # clang and libclang-rt-dev (the default clang's runtime) are install-deps.sh's.
  log "msan: configure and build ($(clang --version | head -1))"
  local dir=$root/msan
  configure msan "$dir" || return 1
  cmake --build "$dir" -j"$jobs" --target edfast_ct_tests >"$dir.build.log" 2>&1 \
    || { tail -40 "$dir.build.log"; return 1; }
  log "msan: the constant-time tests and their leak controls"
  # exitcode: a report must fail the test, never look like a skip (77)
  MSAN_OPTIONS=exitcode=1 ctest --test-dir "$dir" -R '^native(25519|448)_ct_' --output-on-failure \
    | tee "$dir.ctest.log"
  [ "${PIPESTATUS[0]}" = 0 ] || return 1
  # This run is the only check of the real ifma code: on a CPU that has it, a
  # skip there is a failure.
  if grep -qw avx512ifma /proc/cpuinfo \
      && grep -E 'native(25519|448)_ct_(detects_leak_)?ifma \(Skipped\)' "$dir.ctest.log"; then
    echo "msan: the real ifma constant-time tests were skipped on a CPU with IFMA"
    return 1
  fi
}

run_tsan() {
  log "tsan: configure and build (gcc, ThreadSanitizer)"
  local dir=$root/tsan
  configure tsan "$dir" || return 1
  cmake --build "$dir" -j"$jobs" --target edfast hardening_stress >"$dir.build.log" 2>&1 \
    || { tail -40 "$dir.build.log"; return 1; }
  log "tsan: hardening_stress"
  EDFAST_STRESS_ITERATIONS=$([ "$quick" = 1 ] && echo 64 || echo 512) \
    ctest --test-dir "$dir" -R '^hardening_stress$' --output-on-failure || return 1
  # a report without halt_on_error would still be printed: make sure none was
  if grep -q "ThreadSanitizer" "$dir/Testing/Temporary/LastTest.log"; then
    echo "ThreadSanitizer reported a race (see $dir/Testing/Temporary/LastTest.log)"
    return 1
  fi
}

run_fuzz() {
  # clang and libclang-rt-dev (the default clang's runtime) are install-deps.sh's.
  if ! clang_fuzzer_links && [ "$(id -u)" -eq 0 ]; then
    bash "$src/scripts/install-deps.sh"
  fi
  if ! clang_fuzzer_links; then
    echo "FAILED: fuzzing needs clang with its libFuzzer runtime (bash scripts/install-deps.sh as root)"
    return 1
  fi
  log "fuzz: configure and build ($(clang --version | head -1); runtime $(clang -print-runtime-dir))"
  local dir=$root/fuzz
  configure fuzz "$dir" || return 1
  local targets="import decode verify sigparams encode store"
  cmake --build "$dir" -j"$jobs" --target edfast $(printf 'fuzz_%s ' $targets) \
    >"$dir.build.log" 2>&1 || { tail -40 "$dir.build.log"; return 1; }
  local ok=0 t bin=$dir/fuzz
  # replay every committed corpus
  for t in $targets; do
    log "fuzz: $t: replay $(ls "$src/fuzz/corpus/$t" | wc -l) seeds"
    (cd "$bin" && ./fuzz_$t -runs=0 "$src/fuzz/corpus/$t" >"$dir/replay-$t.log" 2>&1) \
      || { tail -40 "$dir/replay-$t.log"; ok=1; }
  done
  # fuzz each target for fuzz_seconds, two at a time (one per core)
  fuzz_one() {
    mkdir -p "$dir/work-$1"
    (cd "$bin" && ./fuzz_$1 -max_total_time="$fuzz_seconds" -timeout=25 -rss_limit_mb=2560 \
        -max_len=4096 -len_control=20 -print_final_stats=1 -artifact_prefix="$dir/finding-$1-" \
        "$dir/work-$1" "$src/fuzz/corpus/$1" >"$dir/fuzz-$1.log" 2>&1)
  }
  local pair
  for pair in "import decode" "verify sigparams" "encode store"; do
    set -- $pair
    log "fuzz: $1 and $2, ${fuzz_seconds}s each"
    fuzz_one "$1" & local p1=$!
    fuzz_one "$2" & local p2=$!
    for t in "$1:$p1" "$2:$p2"; do
      if ! wait "${t#*:}"; then
        echo "FINDING in fuzz_${t%%:*}:"; tail -60 "$dir/fuzz-${t%%:*}.log"; ok=1
      else
        printf '    fuzz_%s: %s\n' "${t%%:*}" \
          "$(grep -E '^#[0-9]+[[:space:]]+DONE' "$dir/fuzz-${t%%:*}.log" | tail -1 | cut -c1-80)"
      fi
    done
  done
  return $ok
}

for part in $parts; do
  if ! "run_$part"; then
    failed+=("$part")
  fi
done

log "done in $(( $(date +%s) - start ))s"
if [ ${#failed[@]} -ne 0 ]; then
  echo "hardening: FAILED: ${failed[*]}"
  exit 1
fi
echo "hardening: all parts passed (${parts})"
