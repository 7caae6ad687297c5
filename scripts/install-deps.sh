#!/usr/bin/env bash
# Installs with apt-get whatever edfast needs to build, test and benchmark
# that this Debian 12 machine does not have yet.  Run as root.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libssl-dev openssl
  libsodium-dev libdecaf-dev
  valgrind gnuplot-nox
  clang libclang-rt-14-dev
  python3
  openjdk-17-jdk-headless junit5 libbcprov-java
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing ${missing[*]}; run as root to install them" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
