#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The release's artifacts where users run them: in bare chroots of Debian 12,
# 13 and sid with experimental's OpenSSL 4.0 that hold the release's JRE (17,
# 21, 25) and openssl and nothing of edfast's (scripts/debian-chroot.sh
# bare-RELEASE, kept and reused as the build chroots are), and of Debian 12
# for arm64 under qemu (bare-bookworm-arm64), test/bare/run.sh runs the
# chroot's architecture's platform jar with a class-path and a module-path
# application, without libcrypto, and its tarball with the release's openssl
# command.  Run as root.
#
#   bash scripts/bare-test.sh RELEASE_DIR [bare-RELEASE...]
# RELEASE_DIR: scripts/release.sh's output (the platform jars and tarballs of
# every architecture it built); the modular test application comes from the
# build tree (${EDFAST_BUILD_DIR:-build}/jni/edfast-modtest.jar).
set -euo pipefail
cd "$(dirname "$0")/.."
release_dir=$(cd "${1:?usage: bare-test.sh RELEASE_DIR [bare-RELEASE...]}" && pwd)
shift
releases=${*:-bare-bookworm bare-trixie bare-sid-openssl4 bare-bookworm-arm64}
build=${EDFAST_BUILD_DIR:-build}
stage=$(mktemp -d /tmp/edfast-bare.XXXXXX)
trap 'rm -rf "$stage"' EXIT
cp "$release_dir"/edfast-jca-*-linux-*.jar "$release_dir"/edfast-*-linux-*-openssl*.tar.gz \
  "$build/jni/edfast-modtest.jar" test/bare/run.sh "$stage/"
failed=0
for release in $releases; do
  echo "== bare-test.sh: $release"
  EDFAST_CHROOT_STAGE=$stage bash scripts/debian-chroot.sh "$release" bash run.sh || failed=1
done
exit "$failed"
