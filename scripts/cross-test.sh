#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cross builds of edfast and its C tests on other CPUs, run as root on Debian:
#
#   bash scripts/cross-test.sh [aarch64|s390x|i386|all]...    (default: all)
#   bash scripts/cross-test.sh --prepare aarch64|s390x SYSROOT
#       installs the cross compiler and qemu and makes SYSROOT (below) only,
#       for builds of other kinds (scripts/release.sh's aarch64 libraries)
#
#   aarch64  64-bit ARM, Debian's gcc-aarch64-linux-gnu, tests under qemu-user
#   s390x    IBM Z, big-endian, gcc-s390x-linux-gnu, tests under qemu-user
#   i386     32-bit x86, gcc -m32; the tests run natively where the kernel
#            executes i386 programs, else under qemu-user.  No unsigned
#            __int128, so no native backend (left out at configure time).
#
# i386's tests: an x86-64 kernel without IA32 emulation refuses 32-bit ELF
# files (Exec format error), so the script first runs a trivial gcc -m32
# program.  Where it runs, so do the tests; where it does not, they run under
# qemu-i386-static (cmake/toolchain-i386.cmake, EDFAST_CROSS_EMULATOR), and
# EDFAST_CROSS_FORCE_EMULATOR=1 takes that way on any machine, to test it.
# The script says which way, and why.
#
# Installs what it needs with apt-get, by the names the running release has:
# the cross gcc, qemu (qemu-user-static up to Debian 13, qemu-user after), the
# target's libc6 (multiarch: qemu runs with -L /, the loader matching that
# libc).  The target's libssl-dev and the libssl it depends on (libssl3,
# libssl3t64 from Debian 13, libssl4 with OpenSSL 4.0), of the host's
# libssl-dev version where the mirror has it for that architecture, are not
# installed but unpacked into a private sysroot (dpkg -x), with the libraries
# libcrypto links besides libc (zlib and zstd with OpenSSL 4.0), since a foreign
# libssl cannot always be co-installed with the host's (bookworm-security has
# no s390x).  libsodium, libdecaf and Java are left out.
#
# Runs the C tests that test the foreign build: the provider's (rfc8032,
# vectors, differential, api, bad_input, variants, hardening) and the native
# ones, not those that run the host's openssl command or valgrind.  The
# differential tests run EDFAST_CROSS_DIFF_CASES cases each (default 1000;
# they are far slower under qemu: docs/performance.md, "Figures from code
# comments"), the native arithmetic tests a quarter of their random cases
# (EDFAST_TEST_CASE_DIVISOR, default 4 here; the host runs them whole).  Build
# trees: ${EDFAST_BUILD_DIR:-build}-<arch>.
# Prints the wall time of each architecture; fails when any test fails, when
# no test ran, or when a test passed without the line its program ends with
# (check_ran: a program that did not execute is never a test result).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${EDFAST_BUILD_DIR:-build}
diff_cases=${EDFAST_CROSS_DIFF_CASES:-1000}
export EDFAST_TEST_CASE_DIVISOR=${EDFAST_TEST_CASE_DIVISOR:-4}
jobs=$(nproc)
prepare_sysroot=
if [ "${1:-}" = --prepare ]; then
  prepare_sysroot=${3:?usage: cross-test.sh --prepare aarch64|s390x SYSROOT}
  set -- "$2"
fi
archs=${*:-all}
[ "$archs" = all ] && archs="aarch64 s390x i386"

# arch -> Debian architecture, triplet
debarch() { case $1 in aarch64) echo arm64 ;; s390x) echo s390x ;; i386) echo i386 ;; esac; }
triplet() { case $1 in aarch64) echo aarch64-linux-gnu ;; s390x) echo s390x-linux-gnu ;; i386) echo i386-linux-gnu ;; esac; }

for arch in $archs; do
  case $arch in
    aarch64 | s390x | i386) ;;
    *) echo "cross-test.sh: unknown architecture '$arch' (aarch64, s390x, i386 or all)" >&2; exit 2 ;;
  esac
done

export DEBIAN_FRONTEND=noninteractive
# (install-deps.sh asks apt only for what dpkg does not list as installed:
# apt-get takes seconds a call with four architectures' package lists.)
apt_install() {
  bash scripts/install-deps.sh "$@" >/dev/null
}
# qemu's user-mode emulators: qemu-user-static up to Debian 13; later
# releases build qemu-user statically and have no -static package.
install_qemu() {
  apt_install 'qemu-user-static|qemu-user'
}

# Once: the foreign architectures, and the host packages every arch needs.
setup() {
  local added=0 arch
  for arch in $archs; do
    if ! dpkg --print-foreign-architectures | grep -qx "$(debarch "$arch")"; then
      dpkg --add-architecture "$(debarch "$arch")"
      added=1
    fi
  done
  # (The policy is read whole: grep -q would stop reading at the match, and
  # apt-cache's SIGPIPE fail the pipeline, an apt-get update every run.)
  if [ "$added" = 1 ] || [[ "$(apt-cache policy "libssl-dev:$(debarch "${archs%% *}")")" != *Candidate:* ]]; then
    apt-get update >/dev/null
  fi
  apt_install cmake make pkg-config ca-certificates
}

# The target's libssl (and for i386 its kernel headers) in $sysroot: the
# host's libssl-dev version when the mirror has it for the target (so a host
# with experimental's OpenSSL 4.0 cross-tests 4.0), else the candidate.
make_sysroot() { # arch sysroot
  local arch=$1 sysroot=$2 deb pkgs dev runtime version
  local da
  da=$(debarch "$arch")
  dev=libssl-dev:$da
  version=$(dpkg-query -W -f='${Version}' libssl-dev 2>/dev/null) || version=
  if [ -n "$version" ] && [[ "$(apt-cache madison "$dev")" == *" $version "* ]]; then
    dev="$dev=$version"
  fi
  runtime=$(apt-cache depends "$dev" | sed -n 's/^ *Depends: \(libssl[0-9][^: ]*\).*/\1/p' | head -n 1)
  [ -n "$runtime" ] || { echo "cross-test.sh: $dev depends on no libssl runtime package" >&2; return 1; }
  pkgs="$dev $runtime:$da${dev#libssl-dev:"$da"}"
  # and the libraries that libcrypto links besides libc (OpenSSL 4.0's:
  # zlib1g, libzstd1), for the linker (-rpath-link) and the tests
  for lib in $(apt-cache depends "$runtime:$da${dev#libssl-dev:"$da"}" |
      sed -n 's/^ *Depends: \([^:< ]*\).*/\1/p' | grep -vx 'libc6\|debconf'); do
    pkgs="$pkgs $lib:$da"
  done
  # i386's kernel headers: linux-libc-dev:i386 up to Debian 13; from forky on
  # linux-libc-dev is Architecture: all, with every architecture's asm/ in the
  # host's /usr/include, where gcc -m32 looks.
  if [ "$arch" = i386 ]; then
    if [ "$(apt-cache show linux-libc-dev | sed -n 's/^Architecture: //p' | head -n 1)" = all ]; then
      apt_install linux-libc-dev || return 1
    else
      pkgs="$pkgs linux-libc-dev:$da"
    fi
  fi
  echo "cross-test.sh: $arch's OpenSSL from $pkgs"
  rm -rf "$sysroot" && mkdir -p "$sysroot/debs"
  # shellcheck disable=SC2086 # a list of package names
  (cd "$sysroot/debs" && apt-get download -o APT::Sandbox::User=root $pkgs >/dev/null) || {
    echo "cross-test.sh: cannot download $pkgs" >&2
    return 1
  }
  for deb in "$sysroot"/debs/*.deb; do
    dpkg -x "$deb" "$sysroot"
  done
}

# i386: whether this kernel runs 32-bit x86 programs.  An x86-64 kernel built
# without IA32 emulation (or booted with ia32_emulation=0) refuses them
# (ENOEXEC), execvp then hands the file to /bin/sh, and every test "fails" with
# a shell syntax error.  So a trivial gcc -m32 program (dynamic, like the tests:
# it needs libc6-i386's loader /lib/ld-linux.so.2) must print its line; where
# it does not, or EDFAST_CROSS_FORCE_EMULATOR=1 (to try the fallback on any
# machine), the tests run under qemu-i386-static as aarch64's and s390x's do.
# Sets i386_emulator: empty, or qemu's command line as a CMake list for
# EDFAST_CROSS_EMULATOR (cmake/toolchain-i386.cmake).  -L /, as in
# toolchain-debian-cross.cmake: the loader and libc are the host's multilib
# ones, whatever qemu's default prefix holds.
i386_runner() { # logdir
  local probe=$1/i386-probe out reason qemu
  i386_emulator=
  printf '#include <stdio.h>\nint main(void) { puts("i386 probe ran"); return 0; }\n' >"$probe.c"
  gcc -m32 -o "$probe" "$probe.c" || { echo "cross-test.sh: gcc -m32 cannot link a program" >&2; return 1; }
  out=$("$probe" 2>&1) || true
  if [ "${EDFAST_CROSS_FORCE_EMULATOR:-0}" = 1 ]; then
    reason="EDFAST_CROSS_FORCE_EMULATOR=1"
  elif [ "$out" = "i386 probe ran" ]; then
    echo "cross-test.sh: i386 tests run natively: this kernel executes i386 programs"
    return 0
  else
    out=${out%%$'\n'*}
    reason="this kernel does not execute i386 programs (${out##*: })"
  fi
  install_qemu || return 1
  qemu=$(command -v qemu-i386-static || command -v qemu-i386) ||
    { echo "cross-test.sh: no qemu-i386-static or qemu-i386" >&2; return 1; }
  out=$("$qemu" -L / "$probe" 2>&1) || true
  if [ "$out" != "i386 probe ran" ]; then
    echo "cross-test.sh: $qemu cannot run an i386 program either: $out" >&2
    return 1
  fi
  i386_emulator="$qemu;-L;/"
  echo "cross-test.sh: i386 tests run through $qemu: $reason"
}

# A program that did not execute is never counted as a test result: under a
# wrong emulator (or /bin/true in its place), or where the kernel refuses the
# ELF, a test can "pass" without having run.  So every test ctest reports as
# passed must show in its output the summary line its program ends with: the
# C tests' "<name>: N checks, M failures" (et_finish, test/edfast_test_util.c),
# the shell tests' "N passed, M failed" (test/exports_test.sh); every test
# skipped (exit 77) its "SKIPPED: <why>" line.  And at least one test must
# have passed.  Read from ctest's JUnit report (--output-junit): its status is
# ctest's verdict, while LastTest.log says "Test Passed." even of a skipped
# test or a program ctest could not find.
check_ran() { # arch junit.xml
  local arch=$1 xml=$2 bad
  if [ ! -s "$xml" ]; then
    echo "cross-test.sh: $arch: FAILED: ctest wrote no JUnit report $xml" >&2
    return 1
  fi
  bad=$(awk '
    function attr(a) {
      if (!match($0, " " a "=\"[^\"]*\"")) return ""
      return substr($0, RSTART + length(a) + 3, RLENGTH - length(a) - 4)
    }
    function finish() {
      if (name == "") return
      if (status == "run") {
        passed++
        if (!summary) print "  " name ": passed, but printed no \"N checks, M failures\" or \"N passed, M failed\" line"
      } else if (status == "notrun" && !skipline) {
        print "  " name ": not run, and printed no \"SKIPPED:\" line"
      }
      name = ""
    }
    /^[ \t]*<testcase / { finish(); name = attr("name"); status = attr("status"); summary = skipline = out = 0; next }
    /^[ \t]*<\/testcase>/ { finish(); next }
    /<system-out>/ { out = 1; sub(/^[ \t]*<system-out>/, "") }
    out {
      if (sub(/<\/system-out>$/, "")) out = 0
      if ($0 ~ /: [0-9]+ checks, [0-9]+ failures$/ || $0 ~ /^[0-9]+ passed, [0-9]+ failed$/) summary = 1
      if ($0 ~ /^SKIPPED:/) skipline = 1
    }
    END {
      finish()
      if (passed == 0) print "  no test passed: nothing ran"
    }' "$xml")
  if [ -n "$bad" ]; then
    printf 'cross-test.sh: %s: FAILED: tests without evidence that their program ran (%s):\n%s\n' \
      "$arch" "$xml" "$bad" >&2
    return 1
  fi
  echo "cross-test.sh: $arch: every passed test printed its summary line, every skipped one its reason"
}

# The cross gcc, the target's libc (qemu runs with -L /) and qemu.
install_cross() { # arch
  local da trip
  da=$(debarch "$1")
  trip=$(triplet "$1")
  apt_install "gcc-$trip" "libc6-dev-$da-cross" "libc6:$da" && install_qemu
}

run_arch() { # arch
  local arch=$1 dir="$build-$1" sysroot tc trip log
  local emulator_arg=()
  trip=$(triplet "$arch")
  sysroot=$(pwd)/$dir-sysroot
  log=$(pwd)/$dir-logs
  tc=$(pwd)/cmake/toolchain-$arch.cmake
  # (errexit does not hold in here: run_arch is called as an if condition.)
  case $arch in
    i386)
      apt_install gcc-multilib libc6-i386 || return 1
      i386_runner "$log" || return 1
      # Always passed, empty too: a build tree configured the other way
      # before takes the new value (the toolchain file reads it each time).
      emulator_arg=(-DEDFAST_CROSS_EMULATOR="$i386_emulator")
      ;;
    *) install_cross "$arch" || return 1 ;;
  esac
  make_sysroot "$arch" "$sysroot" || return 1
  PKG_CONFIG_LIBDIR=$sysroot/usr/lib/$trip/pkgconfig PKG_CONFIG_SYSROOT_DIR=$sysroot \
    cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$tc" -DEDFAST_CROSS_SYSROOT="$sysroot" \
      "${emulator_arg[@]}" \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDFAST_WITH_SODIUM=OFF -DEDFAST_WITH_DECAF=OFF \
      -DEDFAST_WITH_JNI=OFF -DEDFAST_DIFF_CASES="$diff_cases" >"$log/configure.log" || return 1
  grep -E 'edfast' "$log/configure.log" || true
  cmake --build "$dir" -j"$jobs" >"$log/build.log" 2>&1 || { tail -30 "$log/build.log"; return 1; }
  # The C tests of the foreign build (label c, test/CMakeLists.txt): not valgrind
  # (it would run on the host, not under qemu), not the host's openssl command,
  # not Java.  No test at all is an error, not a pass.  Passed tests' output is
  # kept whole in the JUnit report (ctest cuts it at 1 kB by default), since
  # check_ran looks for the line each program ends with.
  # hardening_alloc_fail is left out: it holds the provider's error paths,
  # C with nothing of the target's own, and under qemu it takes many times the
  # host's time on each architecture (docs/performance.md, "Figures from code
  # comments").
  local rc=0 junit=$log/ctest-c.xml
  rm -f "$junit"
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" -L '^c$' -E '^hardening_alloc_fail$' --no-tests=error \
    --test-output-size-passed 4194304 --output-junit "$junit" || rc=1
  check_ran "$arch" "$junit" || rc=1
  return "$rc"
}

setup
if [ -n "$prepare_sysroot" ]; then
  [ "$archs" != i386 ] || { echo "cross-test.sh: --prepare is for aarch64 and s390x" >&2; exit 2; }
  install_cross "$archs" && make_sysroot "$archs" "$prepare_sysroot"
  exit
fi
start_all=$(date +%s)
summary=()
failed=0
for arch in $archs; do
  printf '\n===== cross-test.sh: %s\n' "$arch"
  # wall and CPU time (the CPU time says what a busy machine's wall time hides)
  TIMEFORMAT="%0R s wall, %0U s user + %0S s system CPU"
  timing=$build-$arch-logs/time
  mkdir -p "$build-$arch-logs"
  if { time run_arch "$arch" 2>&3; } 3>&2 2>"$timing"; then
    summary+=("$arch: passed ($(cat "$timing"))")
  else
    summary+=("$arch: FAILED ($(cat "$timing"))")
    failed=1
  fi
done
printf '\n===== cross-test.sh: %ss in all\n' "$(( $(date +%s) - start_all ))"
printf '  %s\n' "${summary[@]}"
exit "$failed"
