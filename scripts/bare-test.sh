#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The release's x86-64 artifacts where users run them: in bare chroots of
# Debian 12, 13 and sid with experimental's OpenSSL 4.0 that hold the
# release's JRE (17, 21, 25) and openssl and nothing of edfast's
# (scripts/debian-chroot.sh bare-RELEASE, kept and reused as the build
# chroots are), test/bare/run.sh runs the platform jar with a class-path and a
# module-path application, without libcrypto, and the tarball with the
# release's openssl command.  Run as root.
#
#   bash scripts/bare-test.sh RELEASE_DIR [bare-RELEASE...]
# RELEASE_DIR: scripts/release.sh's output (the x86-64 platform jar and
# tarballs); the modular test application comes from the build tree
# (${EDFAST_BUILD_DIR:-build}/jni/edfast-modtest.jar).
set -euo pipefail
cd "$(dirname "$0")/.."
release_dir=$(cd "${1:?usage: bare-test.sh RELEASE_DIR [bare-RELEASE...]}" && pwd)
shift
releases=${*:-bare-bookworm bare-trixie bare-sid-openssl4}
build=${EDFAST_BUILD_DIR:-build}
stage=$(mktemp -d /tmp/edfast-bare.XXXXXX)
trap 'rm -rf "$stage"' EXIT
cp "$release_dir"/edfast-jca-*-linux-x86_64.jar "$release_dir"/edfast-*-linux-x86_64-openssl*.tar.gz \
  "$build/jni/edfast-modtest.jar" test/bare/run.sh "$stage/"
failed=0
for release in $releases; do
  echo "== bare-test.sh: $release"
  EDFAST_CHROOT_STAGE=$stage bash scripts/debian-chroot.sh "$release" bash run.sh || failed=1
done
exit "$failed"
