#!/usr/bin/env bash
# Builds edfast and runs every test: the README's test command and what CI runs
# (.ci/run).  Run as root on Debian 12, 13 or forky; it installs what is
# missing with apt-get.
#
#   bash scripts/test.sh [CTEST ARGS...]
#
# EDFAST_TEST_PLATFORMS (default: all of them) chooses what runs, in order:
#   host       this machine: the whole CTest suite (C, openssl command, TLS,
#              Java), then the sanitizer/fuzzing run (scripts/hardening.sh --quick)
#   no-native  a build without the native backend and its own C suite, so that
#              the other backends are tested alone
#   builds     the build types and the compiler the host part does not use: a
#              Debug tree (gcc) and a Release tree with clang, each with the C
#              suite (differential tests at 1000 cases) and, for clang, the
#              valgrind tests (clang has turned selects into branches before)
#   cross      aarch64 and s390x (big-endian) under qemu, and i386
#              (scripts/cross-test.sh all)
#   debian13   the host part again in a Debian 13 chroot (OpenSSL 3.5, JDK 21;
#              scripts/debian-chroot.sh), lighter to fit CI's time: differential
#              tests at 10000 cases, no fuzzing; then the Debian package test
#              (scripts/deb-test.sh); left out when this machine is Debian 13
# e.g. EDFAST_TEST_PLATFORMS=host for a quick run.  Forky (OpenSSL 3.6) is run
# the same way by hand: bash scripts/debian-chroot.sh forky (see README.md).
# CTEST ARGS go to the host run only.  Any failing part fails the command.
# EDFAST_DIFF_CASES sets the differential tests' case count (default: theirs,
# 10000 to 100000); EDFAST_HARDENING_PARTS the parts of hardening.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

platforms=${EDFAST_TEST_PLATFORMS:-host no-native builds cross debian13}
build=${EDFAST_BUILD_DIR:-build}
start=$(date +%s)
results=()
failed=0

run_part() { # name command...
  local name=$1 begin
  shift
  begin=$(date +%s)
  printf '\n===== test.sh: %s\n' "$name"
  if "$@"; then
    results+=("$name: passed ($(( $(date +%s) - begin ))s)")
  else
    results+=("$name: FAILED ($(( $(date +%s) - begin ))s)")
    failed=1
  fi
}

host() {
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DEDFAST_DIFF_CASES="${EDFAST_DIFF_CASES:-}" &&
    cmake --build "$build" -j"$(nproc)" &&
    ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@" &&
    bash scripts/hardening.sh --quick "${build}-hardening"
}

# build_tree DIR TARGET CMAKE-ARGS...: a tree of its own, with TARGET built
# (no Java; differential tests at 1000 cases unless the arguments say).
build_tree() {
  local dir=$1 target=$2
  shift 2
  cmake -S . -B "$dir" -DEDFAST_WITH_JNI=OFF -DEDFAST_DIFF_CASES=1000 "$@" &&
    cmake --build "$dir" -j"$(nproc)" --target "$target"
}

tests_in() { # DIR CTEST-ARGS...
  local dir=$1
  shift
  ctest --test-dir "$dir" --output-on-failure -j"$(nproc)" "$@"
}

no_native() { # every test, the differential ones at their own counts
  build_tree "${build}-no-native" all -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DEDFAST_WITH_NATIVE=OFF -DEDFAST_DIFF_CASES= &&
    tests_in "${build}-no-native"
}

# The C programs (edfast_c_tests, test/CMakeLists.txt) and their tests; the
# tools suite's valgrind run is left out, its programs are not among them.
builds() {
  build_tree "${build}-debug" edfast_c_tests -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc &&
    tests_in "${build}-debug" -L '^c$' &&
    build_tree "${build}-clang" edfast_c_tests -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang &&
    tests_in "${build}-clang" -L '^(c|valgrind)$' -LE '^tools$'
}

debian13() {
  if [ "$(. /etc/os-release; echo "${VERSION_CODENAME:-}")" = trixie ]; then
    echo "this machine is Debian 13: the host run was the Debian 13 run"
    return 0
  fi
  bash scripts/debian-chroot.sh trixie bash -c 'EDFAST_TEST_PLATFORMS=host EDFAST_DIFF_CASES=10000 \
    EDFAST_HARDENING_PARTS="asan msan tsan" bash scripts/test.sh && bash scripts/deb-test.sh build'
}

bash scripts/install-deps.sh
for platform in $platforms; do
  case "$platform" in
    host) run_part host host "$@" ;;
    no-native) run_part no-native no_native ;;
    builds) run_part builds builds ;;
    cross) run_part cross bash scripts/cross-test.sh all ;;
    debian13) run_part debian13 debian13 ;;
    *) echo "test.sh: unknown platform '$platform' in EDFAST_TEST_PLATFORMS" >&2; exit 2 ;;
  esac
done

printf '\n===== test.sh: %s (%ss in all)\n' "$(. /etc/os-release; echo "$PRETTY_NAME")" "$(( $(date +%s) - start ))"
printf '  %s\n' "${results[@]}"
exit "$failed"
