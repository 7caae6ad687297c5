#!/usr/bin/env bash
# Cross builds of edfast and its C tests on other CPUs, run as root on Debian:
#
#   bash scripts/cross-test.sh [aarch64|s390x|i386|all]...    (default: all)
#
#   aarch64  64-bit ARM, Debian's gcc-aarch64-linux-gnu, tests under qemu-user
#   s390x    IBM Z, big-endian, gcc-s390x-linux-gnu, tests under qemu-user
#   i386     32-bit x86, gcc -m32; x86-64 runs the tests itself.  No unsigned
#            __int128, so no native backend (left out at configure time).
#
# Installs what it needs with apt-get: the cross gcc, qemu-user-static, the
# target's libc6 (multiarch: qemu runs with -L /, the loader matching that
# libc).  The target's libssl-dev and libssl3 are not installed but unpacked
# into a private sysroot (dpkg -x), since a foreign libssl3 cannot always be
# co-installed with the host's (bookworm-security has no s390x).  libsodium,
# libdecaf and Java are left out.
#
# Runs the C tests that test the foreign build: the provider's (rfc8032,
# vectors, differential, api, bad_input, variants, hardening) and the native
# ones, not those that run the host's openssl command or valgrind.  The
# differential tests run EDFAST_CROSS_DIFF_CASES cases each (default 1000;
# they are ~30x slower under qemu).  Build trees: ${EDFAST_BUILD_DIR:-build}-<arch>.
# Prints the wall time of each architecture; fails when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${EDFAST_BUILD_DIR:-build}
diff_cases=${EDFAST_CROSS_DIFF_CASES:-1000}
jobs=$(nproc)
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
apt_install() {
  apt-get install -y --no-install-recommends "$@" >/dev/null
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
  if [ "$added" = 1 ] || ! apt-cache policy "libssl-dev:$(debarch "${archs%% *}")" | grep -q Candidate; then
    apt-get update >/dev/null
  fi
  apt_install cmake make pkg-config ca-certificates
}

# The target's libssl (and for i386 its kernel headers) in $sysroot.
make_sysroot() { # arch sysroot
  local arch=$1 sysroot=$2 deb pkgs
  local da
  da=$(debarch "$arch")
  pkgs="libssl-dev:$da libssl3:$da"
  [ "$arch" = i386 ] && pkgs="$pkgs linux-libc-dev:$da"
  rm -rf "$sysroot" && mkdir -p "$sysroot/debs"
  # shellcheck disable=SC2086 # a list of package names
  (cd "$sysroot/debs" && apt-get download -o APT::Sandbox::User=root $pkgs >/dev/null)
  for deb in "$sysroot"/debs/*.deb; do
    dpkg -x "$deb" "$sysroot"
  done
}

run_arch() { # arch
  local arch=$1 dir="$build-$1" sysroot tc da trip log
  da=$(debarch "$arch")
  trip=$(triplet "$arch")
  sysroot=$(pwd)/$dir-sysroot
  log=$(pwd)/$dir-logs
  tc=$(pwd)/cmake/toolchain-$arch.cmake
  case $arch in
    i386) apt_install gcc-12-multilib libc6-i386 ;;
    *) apt_install "gcc-$trip" "libc6-dev-$da-cross" qemu-user-static "libc6:$da" ;;
  esac
  make_sysroot "$arch" "$sysroot"
  PKG_CONFIG_LIBDIR=$sysroot/usr/lib/$trip/pkgconfig PKG_CONFIG_SYSROOT_DIR=$sysroot \
    cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$tc" -DEDFAST_CROSS_SYSROOT="$sysroot" \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDFAST_WITH_SODIUM=OFF -DEDFAST_WITH_DECAF=OFF \
      -DEDFAST_WITH_JNI=OFF -DEDFAST_DIFF_CASES="$diff_cases" >"$log/configure.log"
  grep -E 'edfast' "$log/configure.log" || true
  cmake --build "$dir" -j"$jobs" >"$log/build.log" 2>&1 || { tail -30 "$log/build.log"; return 1; }
  # The C tests of the foreign build (label c, test/CMakeLists.txt): not valgrind
  # (it would run on the host, not under qemu), not the host's openssl command,
  # not Java.
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" -L '^c$'
}

setup
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
