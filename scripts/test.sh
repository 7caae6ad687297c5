#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds edfast and runs every test: the README's test command and what CI runs
# (.ci/run).  Run as root on Debian 12, 13, forky or sid (with or without
# experimental's OpenSSL 4.0); it installs what is
# missing with apt-get.
#
#   bash scripts/test.sh [CTEST ARGS...]
#
# EDFAST_TEST_PLATFORMS (default: all of them) chooses what runs, in order:
#   host       this machine: the whole CTest suite (C, openssl command, TLS,
#              Java: a second JDK only when the openssl4 part, on JDK 25, does
#              not run), then the sanitizer/fuzzing run (scripts/hardening.sh
#              --quick): asan alone when the openssl4 part runs the other three,
#              all four when it does not
#   no-native  a build without the native backend and its own C suite, so that
#              the other backends are tested alone
#   builds     the build types and the compiler the host part does not use: a
#              Debug tree (gcc) and a Release tree with clang, each with the C
#              suite (differential tests at 1000 cases) and, for clang, the
#              valgrind tests (clang has turned selects into branches before);
#              when the coverage part runs too, its tree is the gcc Debug one
#              (coverage.sh: Debug, gcc, the same suite) and this part builds
#              the clang tree alone
#   coverage   line and branch coverage of provider/ and backends/ by the C
#              suite (scripts/coverage.sh: gcc --coverage, its own tree,
#              differential tests at 1000 cases, no valgrind); prints the
#              totals and fails below EDFAST_COVERAGE_MIN (95) percent of lines
#   cross      aarch64 and s390x (big-endian) under qemu, and i386
#              (scripts/cross-test.sh all)
#   debian13   the host part again in a Debian 13 chroot (OpenSSL 3.5, JDK 21;
#              scripts/debian-chroot.sh), lighter to fit CI's time: differential
#              tests at 2500 cases (the host part's 10000 run the same code;
#              here each case checks it against another OpenSSL), no
#              sanitizers or fuzzing (openssl4 runs them on the newest
#              compilers); then the Debian package test (scripts/deb-test.sh)
#   openssl4   the same in a chroot of Debian sid with experimental's OpenSSL
#              4.0 (JDK 25, gcc 16, clang 21), with hardening.sh's msan, tsan
#              and fuzz parts (each target fuzzed at most 15 s, as --quick does; asan
#              is the host's: the same code, and the fuzzers are ASan builds
#              too) and the
#              builds part's clang tree with the native constant-time tests
#              (EDFAST_BUILDS=clang-ct: valgrind on clang 21's code), and the
#              package test
#   release    the release's artifacts where users run them:
#              scripts/release.sh --only jar (the x86-64 and aarch64 jars and
#              tarballs; the OpenSSL 4 libraries in the openssl4 chroot; the
#              .deb has deb-test.sh), then scripts/bare-test.sh in bare
#              chroots of Debian 12, 13 and sid with OpenSSL 4.0, and of
#              Debian 12 for arm64 under qemu (the release's JRE and openssl,
#              nothing of edfast's): the platform jar with a class-path and a
#              module-path application, without libcrypto, and the tarball
#              with openssl
# The chroot parts are made (or refreshed) in the background while the first
# parts run.  A chroot part is left out, with one line saying why, on the
# release it would run (the host run was that run), and where no chroot can be
# made: inside a chroot or a container, where unshare cannot give / a mount
# namespace of its own (a Debian host or CI runs those parts).
# e.g. EDFAST_TEST_PLATFORMS=host for a quick run.  Forky (OpenSSL 3.6) is run
# by hand: bash scripts/debian-chroot.sh forky (see README.md).
# CTEST ARGS go to the host run only.  Any failing part fails the command.
# EDFAST_DIFF_CASES sets the differential tests' case count (default 10000,
# 2500 in the chroots: CI has 2 cores and at most 40 minutes; set but empty, each
# test's own count, 100000 for the native ones, as a plain ctest runs them);
# EDFAST_HARDENING_PARTS the parts of hardening.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

platforms=${EDFAST_TEST_PLATFORMS:-host no-native builds coverage cross debian13 openssl4 release}
build=${EDFAST_BUILD_DIR:-build}
start=$(date +%s)
results=()
failed=0

# A failed part's failure lines (ctest's failed tests, the tests' own FAIL
# lines), at most 40, go into the closing summary too: the end of a long log
# is what CI shows.
run_part() { # name command...
  local name=$1 begin log ok=1
  shift
  begin=$(date +%s)
  left_out=
  log=$(mktemp)
  printf '\n===== test.sh: %s\n' "$name"
  "$@" > >(tee "$log") 2>&1 || ok=0
  wait "$!" # tee, done writing the log
  # Whatever replaced /dev/null (a regular file) would feed the parts after
  # this one junk where they read it (OPENSSL_CONF=/dev/null): the part that
  # did it fails, by name, and the device is made again.
  if [ ! -c /dev/null ]; then
    echo "FAIL: /dev/null is no longer a character device after the $name part (made again)" | tee -a "$log"
    rm -f /dev/null && mknod -m 666 /dev/null c 1 3
    ok=0
  fi
  if [ "$ok" = 1 ]; then
    if [ -n "$left_out" ]; then
      results+=("$name: left out: $left_out")
    else
      results+=("$name: passed ($(( $(date +%s) - begin ))s)")
    fi
  else
    results+=("$name: FAILED ($(( $(date +%s) - begin ))s)")
    while IFS= read -r line; do
      results+=("    $line")
    done < <(grep -E '^(FAIL|.*\*\*\*(Failed|Timeout|Exception))' "$log" | head -n 40)
    failed=1
  fi
  rm -f "$log"
}

# hardening.sh's parts for the host part: EDFAST_HARDENING_PARTS when set
# (empty: none); else asan alone when the openssl4 part will run msan, tsan
# and fuzz in its chroot (same CPU, newer compilers; docs/testing.md, "CI's
# time"), else all four.
host_hardening_parts() {
  if [ -n "${EDFAST_HARDENING_PARTS+set}" ]; then
    echo "$EDFAST_HARDENING_PARTS"
  elif [[ " $platforms " == *" openssl4 "* ]] && [ -z "$(chroot_left_out openssl4)" ]; then
    echo asan
  else
    echo asan msan tsan fuzz
  fi
}

# The host part's second JDK for the JNI tests (jni/CMakeLists.txt,
# EDFAST_SECOND_JAVA): none when the openssl4 part runs, whose JDK 25 is the
# newest one (CI's time), else the newest other JDK found.
host_second_java() {
  if [[ " $platforms " == *" openssl4 "* ]] && [ -z "$(chroot_left_out openssl4)" ]; then
    echo OFF
  fi
}

host() {
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DEDFAST_DIFF_CASES="${EDFAST_DIFF_CASES-10000}" -DEDFAST_SECOND_JAVA="$(host_second_java)" &&
    cmake --build "$build" -j"$(nproc)" &&
    ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@" &&
    if [ -n "$(host_hardening_parts)" ]; then
      EDFAST_HARDENING_PARTS=$(host_hardening_parts) bash scripts/hardening.sh --quick "${build}-hardening"
    else
      echo "test.sh: no hardening.sh run (EDFAST_HARDENING_PARTS is empty)"
    fi
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
# EDFAST_BUILDS picks the trees (default: debug clang, or clang alone when the
# coverage part, a gcc Debug tree with the same suite, runs too); clang-ct is
# the clang tree with the native constant-time tests alone (their programs and
# valgrind).
builds() {
  local trees=${EDFAST_BUILDS:-$([[ " $platforms " == *" coverage "* ]] && echo clang || echo debug clang)}
  if [[ " $trees " == *" debug "* ]]; then
    build_tree "${build}-debug" edfast_c_tests -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc &&
      tests_in "${build}-debug" -L '^c$' || return 1
  fi
  if [[ " $trees " == *" clang "* ]]; then
    build_tree "${build}-clang" edfast_c_tests -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang &&
      tests_in "${build}-clang" -L '^(c|valgrind)$' -LE '^tools$' || return 1
  fi
  if [[ " $trees " == *" clang-ct "* ]]; then
    build_tree "${build}-clang" edfast_ct_tests -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang &&
      tests_in "${build}-clang" -L '^valgrind$' -R '^native(25519|448)_ct_' || return 1
  fi
}

coverage() {
  EDFAST_DIFF_CASES=1000 EDFAST_COVERAGE_MIN=${EDFAST_COVERAGE_MIN-95} \
    bash scripts/coverage.sh "${build}-coverage"
}

# The chroot parts: part name -> chroot (scripts/debian-chroot.sh) and the
# command run in it.
chroot_release() { case $1 in debian13) echo trixie ;; openssl4) echo sid-openssl4 ;; esac; }
chroot_command() {
  case $1 in
    debian13) echo 'EDFAST_TEST_PLATFORMS=host EDFAST_DIFF_CASES=2500 EDFAST_HARDENING_PARTS=' ;;
    openssl4) echo 'EDFAST_TEST_PLATFORMS="host builds" EDFAST_BUILDS=clang-ct EDFAST_DIFF_CASES=2500 EDFAST_HARDENING_PARTS="msan tsan fuzz" EDFAST_FUZZ_SECONDS=15' ;;
  esac
}

# Why this machine does not run part $1 in a chroot (empty: it does).
chroot_left_out() {
  local err
  case $1 in
    release)
      [ "$(uname -m)" = x86_64 ] ||
        { echo "the release part builds its x86-64 and aarch64 artifacts on an x86-64 machine; this machine is $(uname -m)"; return; }
      [ "$(openssl version | sed -n 's/^OpenSSL \([0-9]*\)\..*/\1/p')" -lt 4 ] ||
        { echo "this machine has OpenSSL 4: release.sh takes the OpenSSL 3 libraries from a machine with 3"; return; } ;;
    debian13)
      [ "$(. /etc/os-release; echo "${VERSION_CODENAME:-}")" != trixie ] ||
        { echo "this machine is Debian 13: the host part was the Debian 13 run"; return; } ;;
    openssl4)
      [ "$(openssl version | sed -n 's/^OpenSSL \([0-9]*\)\..*/\1/p')" -lt 4 ] ||
        { echo "this machine has OpenSSL 4: the host part was the OpenSSL 4 run"; return; } ;;
  esac
  if ! err=$(unshare -m --propagation private true 2>&1); then
    echo "no chroot can be made here, this machine is itself a chroot or container" \
      "(unshare -m: ${err##*: }); a Debian host runs this part, as CI does"
  fi
}

# The bare chroots of the release part (scripts/bare-test.sh).
bare_releases="bare-bookworm bare-trixie bare-sid-openssl4 bare-bookworm-arm64"

declare -A chroot_prepared=()
# Makes or refreshes the chroot, with the packages the tests need, in the
# background (debootstrap and apt are mostly waiting on the mirror).
prepare_chroot() { # part
  local release
  release=$(chroot_release "$1")
  mkdir -p "${build}-chroot"
  bash scripts/debian-chroot.sh "$release" bash scripts/install-deps.sh >"${build}-chroot/$release.log" 2>&1 &
  chroot_prepared[$1]=$!
}

# Part $1's chroots, made in the background (prepare_chroot, prepare_bare):
# fails when making them failed, showing the end of their log $3; where the
# part cannot run here, says why and sets left_out (run_part) instead.
chroots_ready() { # part what log
  local reason
  reason=$(chroot_left_out "$1")
  if [ -n "$reason" ]; then
    echo "test.sh: $1 left out: $reason"
    left_out=$reason
    return 0
  fi
  wait "${chroot_prepared[$1]}" && return 0
  tail -n 30 "$3"
  echo "test.sh: making $2 failed ($3)"
  return 1
}

chroot_part() { # part
  local release
  release=$(chroot_release "$1")
  chroots_ready "$1" "the $release chroot" "${build}-chroot/$release.log" || return 1
  [ -z "$left_out" ] || return 0
  bash scripts/debian-chroot.sh "$release" bash -c \
    "$(chroot_command "$1") bash scripts/test.sh && bash scripts/deb-test.sh build"
}

# Makes or refreshes the bare chroots in the background, one after another.
prepare_bare() {
  mkdir -p "${build}-chroot/empty-stage"
  (
    for release in $bare_releases; do
      EDFAST_CHROOT_STAGE=${build}-chroot/empty-stage bash scripts/debian-chroot.sh "$release" true || exit 1
    done
  ) >"${build}-chroot/bare.log" 2>&1 &
  chroot_prepared[release]=$!
}

release_part() {
  chroots_ready release "the bare chroots" "${build}-chroot/bare.log" || return 1
  [ -z "$left_out" ] || return 0
  rm -rf "${build}-release"
  EDFAST_RELEASE_ARCHS="x86_64 aarch64" bash scripts/release.sh "${build}-release" --only jar &&
    bash scripts/bare-test.sh "${build}-release" $bare_releases
}

bash scripts/install-deps.sh
for platform in $platforms; do
  case "$platform" in
    debian13 | openssl4 | release)
      if [ -z "$(chroot_left_out "$platform")" ]; then
        # (installed here: the chroots are prepared side by side; the arm64
        # bare chroot's programs run under qemu-user)
        if [ "$platform" = release ]; then
          bash scripts/install-deps.sh debootstrap 'qemu-user-static|qemu-user' >/dev/null
          prepare_bare
        else
          bash scripts/install-deps.sh debootstrap >/dev/null
          prepare_chroot "$platform"
        fi
      fi ;;
  esac
done
for platform in $platforms; do
  case "$platform" in
    host) run_part host host "$@" ;;
    no-native) run_part no-native no_native ;;
    builds) run_part builds builds ;;
    coverage)
      # The totals go into the closing summary too, passed or not.
      run_part coverage coverage
      if [ -f "${build}-coverage/coverage/totals.txt" ]; then
        results+=("  $(cat "${build}-coverage/coverage/totals.txt")")
      fi ;;
    cross) run_part cross bash scripts/cross-test.sh all ;;
    debian13 | openssl4) run_part "$platform" chroot_part "$platform" ;;
    release) run_part release release_part ;;
    *) echo "test.sh: unknown platform '$platform' in EDFAST_TEST_PLATFORMS" >&2; exit 2 ;;
  esac
done

printf '\n===== test.sh: %s (%ss in all)\n' "$(. /etc/os-release; echo "$PRETTY_NAME")" "$(( $(date +%s) - start ))"
printf '  %s\n' "${results[@]}"
exit "$failed"
