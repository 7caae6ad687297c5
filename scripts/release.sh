#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the artifacts of a release into OUTDIR, with their SHA256SUMS:
#   edfast_<version>_<debarch>.deb       the full build (every backend) for
#                                         this Debian release, as cpack makes it
#   edfast-jca-<version>.jar             the JCA provider's classes alone (the
#                                         module org.edfast.jca), for systems
#                                         that install the libraries (the .deb)
#   edfast-<version>-linux-<arch>-openssl3.tar.gz
#                                         the portable edfast.so (native and
#                                         OpenSSL backends only: it needs glibc
#                                         and libcrypto.so.3 of any OpenSSL 3),
#                                         README.md, LICENSE, NOTICE and
#                                         openssl.cnf.sample
#   (arch: x86_64, and aarch64 cross-built on an x86-64 machine)
#   edfast-<version>-linux-<arch>-openssl4.tar.gz
#                                         the same for OpenSSL 4 (libcrypto.so.4),
#                                         built in the sid-openssl4 chroot
#                                         (scripts/debian-chroot.sh)
#   edfast-jca-<version>.pom, maven/      the jars' Maven description, and the
#                                         jars with it in a Maven repository's
#                                         layout (org.edfast:edfast-jca)
#   edfast-jca-<version>-linux-<arch>.jar
#                                         the platform jar (arch as Java names
#                                         it: x86_64, aarch_64): the classes
#                                         with the portable edfast.so and
#                                         libedfastjni.so for each OpenSSL
#                                         major, and their digests; the loader
#                                         (NativeLoader.java) extracts the pair
#                                         the system's libcrypto takes
# Every library is checked against the floors README.md states
# (test/imports_test.sh) before it is packed.
#
# Reproducible: SOURCE_DATE_EPOCH is the commit's time (or as given), the
# build's paths are mapped away (-ffile-prefix-map), and the archives have a
# fixed order, owner and date; two runs of one commit on one machine give the
# same bytes (docs/release.md says how that was checked).
# EDFAST_RELEASE_ARCHS: the architectures of the portable builds (default:
# this machine's, and aarch64 cross-built on x86-64).  EDFAST_RELEASE_PAIRS:
# where a portable run leaves its libraries (the OpenSSL 4 run in the chroot
# hands them back that way).
#
#   bash scripts/release.sh OUTDIR [--only deb|jar|portable]...
# --only limits the run to those artifacts (deb: the package; portable: the
# tarballs; jar: the jars and the Maven files, with the tarballs, whose
# libraries they hold).  The OpenSSL 4 libraries come with a portable run on a
# machine whose libcrypto is 3, unless EDFAST_RELEASE_OPENSSL4=0.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
out=${1:?usage: release.sh OUTDIR [--only deb|jar|portable]...}
shift
parts=()
while [ $# -gt 0 ]; do
  case $1 in
    --only) parts+=("${2:?--only needs a part}"); shift 2 ;;
    *) echo "release.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ ${#parts[@]} -gt 0 ] || parts=(deb jar portable)
# The jars hold the portable libraries.
if printf '%s\n' "${parts[@]}" | grep -qx jar; then parts+=(portable); fi
wants() { printf '%s\n' "${parts[@]}" | grep -qx "$1"; }

mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(sed -n 's/^project(edfast VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null) ||
    { echo "release.sh: not a git checkout: set SOURCE_DATE_EPOCH" >&2; exit 1; }
fi
export SOURCE_DATE_EPOCH
export TZ=UTC LC_ALL=C.UTF-8
arch=$(uname -m)
work=$(mktemp -d /tmp/edfast-release.XXXXXX)
trap 'rm -rf "$work"' EXIT
jobs=$(nproc)
# The source and build paths leave no trace in what is built (__FILE__ in
# error records, generated tables).
map_flags="-ffile-prefix-map=$src=edfast -ffile-prefix-map=$work=build"
log() { echo "release.sh: $*"; }

configure() { # dir cmake-args...
  local dir=$1
  shift
  # CFLAGS, not CMAKE_C_FLAGS: a cross toolchain's own flags (its sysroot's
  # include directory) come after it instead of being replaced.
  # No RPATH: a cross build's would name the sysroot, a folder under /tmp
  # that anyone could make on the user's machine.
  CFLAGS="$map_flags" cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
    -DCMAKE_SKIP_RPATH=ON "$@" >"$dir.configure.log" || { cat "$dir.configure.log"; exit 1; }
}

check_imports() { # libraries...
  local lib
  bash test/imports_test.sh "$(sed -n 's/^set(EDFAST_GLIBC_FLOOR \([0-9.]*\) .*/\1/p' CMakeLists.txt)" "$@" |
    sed 's/^/    /'
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "release.sh: a library needs more than the floors" >&2; exit 1; }
  for lib in "$@"; do
    if readelf -d "$lib" | grep -Eq '\((RPATH|RUNPATH)\)'; then
      echo "release.sh: $lib names where to look for libraries: $(readelf -d "$lib" | grep -E 'RPATH|RUNPATH')" >&2
      exit 1
    fi
  done
}

reproducible_tar() { # folder-parent folder-name output.tar.gz
  tar -C "$1" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    --mode='u+rwX,go+rX,go-w' --format=gnu -cf - "$2" | gzip -9n >"$3"
}

if wants deb; then
  log "full build (every backend found, the JNI library and jar) for the package"
  configure "$work/full"
  # What the package installs, nothing else (no benchmark, no platform jar).
  cmake --build "$work/full" -j"$jobs" --target edfast edfastjni edfast-jca >"$work/full.build.log" 2>&1 ||
    { tail -30 "$work/full.build.log"; exit 1; }
  check_imports "$work/full/provider/edfast.so" "$work/full/jni/libedfastjni.so"
  # The jar as the package installs it: dated and ordered as the source is.
  jar=$work/full/jni/edfast-jca.jar
  python3 scripts/jars.py normalize "$jar" "$jar.tmp" && mv "$jar.tmp" "$jar"
  (cd "$work/full" && cpack -G DEB >/dev/null)
  cp "$work"/full/edfast_*.deb "$out/"
  log "wrote $(basename "$work"/full/edfast_*.deb)"
fi

# The portable pair for one architecture: edfast.so (native and OpenSSL
# backends) and libedfastjni.so against this system's libcrypto (for aarch64
# on an x86-64 machine, a cross build against the target's libssl-dev of the
# same version, in a sysroot from scripts/cross-test.sh --prepare), checked
# against the floors, stripped into pairs/ARCH/MAJOR, and its tarball.
portable() { # arch
  local target=$1 dir=$work/portable-$1 strip=strip major pair name
  local cross=()
  if [ "$target" != "$arch" ]; then
    local sysroot=$work/sysroot-$target trip=$target-linux-gnu jdk
    bash scripts/cross-test.sh --prepare "$target" "$sysroot" >"$work/cross-$target.log" 2>&1 ||
      { cat "$work/cross-$target.log"; exit 1; }
    # jni.h and jni_md.h are the same for every Linux architecture of a JDK.
    jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    cross=(-DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchain-$target.cmake" -DEDFAST_CROSS_SYSROOT="$sysroot"
           -DJAVA_INCLUDE_PATH="$jdk/include" -DJAVA_INCLUDE_PATH2="$jdk/include/linux"
           -DJAVA_JVM_LIBRARY="$(find "$jdk/" -name libjvm.so -print -quit)")
    strip=$trip-strip
    export PKG_CONFIG_LIBDIR=$sysroot/usr/lib/$trip/pkgconfig PKG_CONFIG_SYSROOT_DIR=$sysroot
  fi
  log "portable build for $target (native and OpenSSL backends, the JNI library)"
  configure "$dir" -DEDFAST_WITH_SODIUM=OFF -DEDFAST_WITH_DECAF=OFF -DEDFAST_WITH_JNI=ON "${cross[@]}"
  unset PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
  cmake --build "$dir" -j"$jobs" --target edfast edfastjni edfast-jca >"$dir.build.log" 2>&1 ||
    { tail -30 "$dir.build.log"; exit 1; }
  # The plain jar: the classes, the same in every build; this machine's.
  if wants jar && [ "$target" = "$arch" ]; then
    python3 scripts/jars.py normalize "$dir/jni/edfast-jca.jar" "$out/edfast-jca-$version.jar"
    log "wrote edfast-jca-$version.jar"
  fi
  check_imports "$dir/provider/edfast.so" "$dir/jni/libedfastjni.so"
  major=$(readelf -d "$dir/provider/edfast.so" | sed -n 's/.*(NEEDED).*\[libcrypto\.so\.\([0-9]*\)\]/\1/p')
  pair=$pairs/$target/$major
  mkdir -p "$pair"
  "$strip" --strip-unneeded -o "$pair/edfast.so" "$dir/provider/edfast.so"
  "$strip" --strip-unneeded -o "$pair/libedfastjni.so" "$dir/jni/libedfastjni.so"
  name=edfast-$version-linux-$target-openssl$major
  mkdir -p "$work/stage/$name"
  cp "$pair/edfast.so" README.md LICENSE NOTICE openssl.cnf.sample "$work/stage/$name/"
  reproducible_tar "$work/stage" "$name" "$out/$name.tar.gz"
  log "wrote $name.tar.gz"
}

# pairs/ARCH/MAJOR: what the platform jars hold.  A run in the OpenSSL 4
# chroot hands its pairs back through EDFAST_RELEASE_PAIRS.
pairs=${EDFAST_RELEASE_PAIRS:-$work/pairs}
if wants portable; then
  targets=${EDFAST_RELEASE_ARCHS:-$arch}
  [ -n "${EDFAST_RELEASE_ARCHS:-}" ] || [ "$arch" != x86_64 ] || targets="x86_64 aarch64"
  for target in $targets; do
    portable "$target"
  done
  major=$(ls "$pairs/$arch")
  if [ "$major" = 3 ] && [ "${EDFAST_RELEASE_OPENSSL4:-1}" != 0 ]; then
    log "the OpenSSL 4 builds, in the sid-openssl4 chroot"
    chroot_out=/src/release-openssl4
    bash scripts/debian-chroot.sh sid-openssl4 bash -c \
      "bash scripts/install-deps.sh >/dev/null && rm -rf $chroot_out $chroot_out-pairs &&
       SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH EDFAST_RELEASE_OPENSSL4=0 EDFAST_RELEASE_ARCHS='$targets' \
         EDFAST_RELEASE_PAIRS=$chroot_out-pairs bash scripts/release.sh $chroot_out --only portable" |
      sed 's/^/  /'
    [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "release.sh: the OpenSSL 4 build failed" >&2; exit 1; }
    from=${EDFAST_CHROOT_CACHE:-/var/cache/edfast}/sid-openssl4$chroot_out
    cp "$from"/*-openssl4.tar.gz "$out/"
    cp -r "$from-pairs"/. "$pairs/"
  fi
fi

# The platform jars: the plain jar's classes with every pair built above for
# an architecture, under Java's classifier for it.
if wants jar && wants portable; then
  for dir in "$pairs"/*; do
    target=$(basename "$dir")
    case $target in
      x86_64) classifier=linux-x86_64 ;;
      aarch64) classifier=linux-aarch_64 ;;
      *) echo "release.sh: no Java classifier for $target" >&2; exit 1 ;;
    esac
    majors=()
    for pair in "$dir"/*; do majors+=("$(basename "$pair")=$pair"); done
    python3 scripts/jars.py platform "$out/edfast-jca-$version-$classifier.jar" \
      "$out/edfast-jca-$version.jar" "$classifier" "${majors[@]}"
    log "wrote edfast-jca-$version-$classifier.jar (OpenSSL ${majors[*]%%=*})"
  done
fi

# The jars' Maven description, and the jars and it in a Maven repository's
# layout (maven/org/edfast/edfast-jca/VERSION/), which Maven or Gradle can take
# as a file: repository or a server can serve as it is.
if wants jar; then
  sed "s/@VERSION@/$version/" jni/edfast-jca.pom.in >"$out/edfast-jca-$version.pom"
  repo=$out/maven/org/edfast/edfast-jca/$version
  rm -rf "$out/maven" && mkdir -p "$repo"
  cp "$out"/edfast-jca-"$version"*.jar "$out/edfast-jca-$version.pom" "$repo/"
  log "wrote edfast-jca-$version.pom and maven/"
fi

(cd "$out" && rm -f SHA256SUMS &&
  find . -maxdepth 1 -type f ! -name 'SHA256SUMS*' -printf '%f\n' | sort | xargs sha256sum -- >SHA256SUMS.tmp &&
  mv SHA256SUMS.tmp SHA256SUMS)
log "$out:"
sed 's/^/    /' "$out/SHA256SUMS"
