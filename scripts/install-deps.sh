#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs with apt-get whatever edfast needs to build, test and benchmark that
# this Debian machine does not have yet.  Run as root.  Works on Debian 12
# (bookworm), 13 (trixie) and forky: each entry below is a list of packages of
# which the first one the running release has is taken, so no release's
# version numbers are pinned here.
#
#   bash scripts/install-deps.sh            build, test and benchmark packages
#   bash scripts/install-deps.sh PKG...     those packages too (hardening.sh, cross-test.sh)
set -euo pipefail

wanted=(
  build-essential cmake pkg-config file
  libssl-dev openssl
  libsodium-dev libdecaf-dev
  valgrind gnuplot-nox
  # (file: cpack -G DEB reads the binaries' dependencies with it.)
  # clang and its sanitizer/libFuzzer runtime, matching the default clang.
  clang libclang-rt-dev
  python3
  # JDK 17 or newer: the release's default JDK (17 on bookworm, 21 on trixie),
  # headless: jni.h and libjvm are in it; only the AWT part of FindJNI is not.
  default-jdk-headless junit5 libbcprov-java
  # Real programs run with and without edfast (scripts/realworld.sh, the
  # realworld tests): BIND's DNSSEC tools, PyJWT over python3-cryptography.
  bind9-utils python3-jwt python3-cryptography
  "$@"
)

export DEBIAN_FRONTEND=noninteractive
updated=0
apt_update() {
  if [ "$updated" -eq 0 ]; then
    apt-get update -qq
    updated=1
  fi
}

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# "a|b": a if the release has it, else b.  Needs the package lists.
available() {
  [ -n "$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '(none)')" ]
}

missing=()
for entry in "${wanted[@]}"; do
  IFS='|' read -r -a choices <<<"$entry"
  have=0
  for package in "${choices[@]}"; do
    if installed "$package"; then have=1; break; fi
  done
  [ "$have" -eq 1 ] || missing+=("$entry")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing ${missing[*]}; run as root to install them" >&2
  exit 1
fi

apt_update
to_install=()
for entry in "${missing[@]}"; do
  IFS='|' read -r -a choices <<<"$entry"
  chosen=
  for package in "${choices[@]}"; do
    if available "$package"; then chosen=$package; break; fi
  done
  if [ -z "$chosen" ]; then
    echo "install-deps: this release ($(. /etc/os-release; echo "$PRETTY_NAME")) has none of: ${choices[*]}" >&2
    exit 1
  fi
  to_install+=("$chosen")
done

echo "install-deps: installing ${to_install[*]}"
apt-get install -y -qq --no-install-recommends "${to_install[@]}" >/dev/null
