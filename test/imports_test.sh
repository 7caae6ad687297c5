#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What edfast's libraries need from the system, against the floors README.md
# states: one libcrypto (libcrypto.so.3 with nothing newer than OPENSSL_3.0.0,
# so any OpenSSL 3.x loads them; or libcrypto.so.4 with OPENSSL_4.0.0), the
# same one for every library given, and glibc symbols no newer than the glibc
# floor.  Nothing else: libsodium and libdecaf are opened at run time, and only
# when the configuration selects their backend.
#   imports_test.sh GLIBC_FLOOR LIBRARY...     (GLIBC_FLOOR like 2.34)
set -u
floor=${1:?usage: imports_test.sh GLIBC_FLOOR LIBRARY...}
shift
[ $# -gt 0 ] || { echo "usage: imports_test.sh GLIBC_FLOOR LIBRARY..." >&2; exit 2; }
command -v readelf >/dev/null || { echo "SKIPPED: no readelf"; exit 77; }

passed=0 failed=0 libcrypto_seen=
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# 0 when version $1 <= $2 (dotted numbers).
version_le() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$1" ]; }

for lib in "$@"; do
  name=$(basename "$lib")
  bad=0
  needed=$(readelf -d --wide "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  [ -n "$needed" ] || { fail "$name: readelf finds no NEEDED entry"; continue; }
  crypto=$(echo "$needed" | grep -E '^libcrypto\.so\.' || true)
  for soname in $needed; do
    case $soname in
      libcrypto.so.3 | libcrypto.so.4 | libc.so.6 | libm.so.6 | libdl.so.2 | libpthread.so.0 | ld-linux*.so.* | ld64.so.*) ;;
      *) fail "$name needs $soname, which is neither libcrypto nor glibc"; bad=1 ;;
    esac
  done
  if [ "$(echo "$crypto" | grep -c .)" -ne 1 ]; then
    fail "$name needs $(echo "$crypto" | grep -c .) libcrypto sonames (${crypto//$'\n'/ }): exactly one"
    bad=1
  elif [ -n "$libcrypto_seen" ] && [ "$crypto" != "$libcrypto_seen" ]; then
    fail "$name needs $crypto where the others need $libcrypto_seen: a process would get two libcrypto copies"
    bad=1
  fi
  libcrypto_seen=${libcrypto_seen:-$crypto}
  case $crypto in
    libcrypto.so.3) crypto_floor=OPENSSL_3.0.0 ;;
    libcrypto.so.4) crypto_floor=OPENSSL_4.0.0 ;;
    *) crypto_floor= ;;
  esac

  # "File: <soname>" then its "Name: <version>" lines, from the version needs.
  while read -r file version; do
    case $file in
      libcrypto.so.*)
        if [ "$version" != "$crypto_floor" ]; then
          fail "$name imports $version from $file (floor $crypto_floor): $(objdump -T "$lib" | grep -F "($version)" | awk '{print $NF}' | tr '\n' ' ')"
          bad=1
        fi ;;
      *)
        case $version in
          GLIBC_PRIVATE) fail "$name imports GLIBC_PRIVATE from $file"; bad=1 ;;
          GLIBC_[0-9]*)
            if ! version_le "${version#GLIBC_}" "$floor"; then
              fail "$name imports $version from $file (floor GLIBC_$floor): $(objdump -T "$lib" | grep -F "($version)" | awk '{print $NF}' | tr '\n' ' ')"
              bad=1
            fi ;;
          *) fail "$name imports version $version from $file"; bad=1 ;;
        esac ;;
    esac
  done < <(readelf -V --wide "$lib" | sed -n '/Version needs section/,$p' |
             awk '/File:/ { for (i = 1; i < NF; i++) if ($i == "File:") file = $(i + 1) }
                  /Name:/ { for (i = 1; i < NF; i++) if ($i == "Name:") print file, $(i + 1) }')
  if [ "$bad" -eq 0 ]; then
    echo "ok: $name needs $(echo $needed), nothing newer than $crypto_floor and GLIBC_$floor"
    passed=$((passed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
