#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Debian package, end to end: builds it (cpack -G DEB) from a configured
# and built BUILD directory, installs it with apt-get, enables its opt-in
# snippet in /etc/ssl/openssl.cnf and checks that
#   - `openssl list -providers` names edfast, and the Ed25519/Ed448 signature
#     algorithms come from it;
#   - `openssl speed ed25519 ed448` measures edfast: once with the enabled system
#     configuration, and once where the installed edfast.so is the only EdDSA
#     there is (next to the test filter module no_eddsa.so: OpenSSL's default
#     provider without EdDSA), so that the figures can only be edfast's;
#   - a key made and a signature given by the installed edfast equal the
#     default provider's.
# Then it purges the package and restores openssl.cnf.  It changes the system:
# run it as root in a chroot or a throwaway machine (scripts/test.sh runs it in
# the Debian 13 chroot).
#
#   bash scripts/deb-test.sh [BUILD]          (BUILD: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(cd "${1:-build}" && pwd)
cnf=/etc/ssl/openssl.cnf
work=$(mktemp -d)
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

restore() {
  [ -f "$work/openssl.cnf.orig" ] && cp "$work/openssl.cnf.orig" "$cnf"
  dpkg -s edfast >/dev/null 2>&1 && apt-get purge -y -qq edfast >/dev/null 2>&1
  rm -rf "$work"
}
trap restore EXIT

if dpkg -s edfast >/dev/null 2>&1; then
  echo "deb-test: an edfast package is installed already; remove it first" >&2
  exit 1
fi
(cd "$build" && rm -f edfast_*.deb && cpack -G DEB >/dev/null)
deb=$(ls "$build"/edfast_*.deb)
echo "deb-test: $(basename "$deb") on $(. /etc/os-release; echo "$PRETTY_NAME"), $(openssl version)"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null
modules=$(openssl version -m | sed 's/^MODULESDIR: "\(.*\)"$/\1/')
[ -f "$modules/edfast.so" ] && ok "edfast.so installed in $modules" || bad "edfast.so not in $modules"
# The package depends on the package of the libcrypto edfast.so is linked to
# (libssl3 on Debian 12, libssl3t64 on 13, libssl4 with OpenSSL 4.0).
libcrypto=$(ldd "$modules/edfast.so" | awk '$1 ~ /^libcrypto\.so/ { print $3 }')
owner=$(dpkg -S "$(readlink -f "$libcrypto")" 2>/dev/null | cut -d: -f1)
depends=$(dpkg-deb -f "$deb" Depends)
if [ -n "$owner" ] && printf '%s\n' "$depends" | tr ',' '\n' | grep -Eq "^ *$owner( |$)"; then
  ok "depends on $owner, whose $(basename "$libcrypto") edfast.so links"
else
  bad "Depends ($depends) lacks the package of $libcrypto (${owner:-not found})"
fi
[ -f /etc/ssl/edfast.cnf ] && ok "snippet /etc/ssl/edfast.cnf installed" || bad "no /etc/ssl/edfast.cnf"
# The licence, as Debian wants it: a machine-readable copyright file, with the
# project's LICENSE and NOTICE beside it.
doc=/usr/share/doc/edfast
if [ "$(head -n 1 "$doc/copyright" 2>/dev/null)" = \
     "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" ] &&
   grep -qx 'License: Apache-2.0' "$doc/copyright" &&
   cmp -s "$doc/LICENSE" LICENSE && cmp -s "$doc/NOTICE" NOTICE; then
  ok "$doc: copyright (DEP-5, Apache-2.0), LICENSE and NOTICE"
else
  bad "$doc lacks a DEP-5 copyright naming Apache-2.0, or the LICENSE and NOTICE of the source"
fi

# Installed but not enabled: OpenSSL must not load it.
if openssl list -providers | grep -q edfast; then bad "edfast active before the snippet is enabled"
else ok "not active until enabled"; fi

cp "$cnf" "$work/openssl.cnf.orig"
echo ".include /etc/ssl/edfast.cnf" >>"$cnf"
if openssl list -providers -verbose >"$work/providers" 2>&1 && grep -q "edfast" "$work/providers"; then
  ok "openssl list -providers names edfast: $(sed -n 's/.*build info: \(edfast.*\)/\1/p' "$work/providers")"
else
  bad "openssl list -providers does not name edfast"; cat "$work/providers"
fi
openssl list -signature-algorithms >"$work/sigalgs"
for name in ED25519 ED448; do
  if grep -Eq "$name.* @ edfast" "$work/sigalgs"; then ok "$name signatures from edfast"
  else bad "$name signatures not from edfast"; fi
done

speed_ran() { # config label
  if OPENSSL_CONF=$1 openssl speed -seconds 1 ed25519 ed448 >"$work/speed" 2>&1 &&
     grep -Eq "bits (EdDSA|EC) \(Ed25519\) +[0-9.]+s +[0-9.]+s" "$work/speed" &&
     grep -Eq "bits (EdDSA|EC) \(Ed448\) +[0-9.]+s +[0-9.]+s" "$work/speed"; then
    # (4.0 names the rows "EC (Ed25519)", 3.x "EdDSA (Ed25519)")
    ok "openssl speed ed25519 ed448 ($2)"; grep -E "bits (EdDSA|EC) \(Ed" "$work/speed" | sed 's/^/    /'
  else
    bad "openssl speed ed25519 ed448 ($2)"; sed 's/^/    /' "$work/speed"
  fi
}
speed_ran "$cnf" "system openssl.cnf with the snippet"
filter=$(find "$build" -name no_eddsa.so -print -quit)
if [ -n "$filter" ]; then
  . test/tools/proof_cnf.sh
  write_proof_cnf "$work/proof.cnf" edfast.so "$filter"
  speed_ran "$work/proof.cnf" "the installed edfast.so the only EdDSA"
else
  bad "no no_eddsa.so in $build (build the tests first)"
fi

cd "$work"
printf 'edfast package test' >message
for name in ED25519 ED448; do
  openssl genpkey -algorithm "$name" -out key.pem
  openssl pkeyutl -sign -rawin -inkey key.pem -in message -out edfast.sig
  OPENSSL_CONF=/dev/null openssl pkeyutl -sign -rawin -inkey key.pem -in message -out default.sig
  if cmp -s edfast.sig default.sig; then ok "$name signature equals the default provider's"
  else bad "$name signature differs from the default provider's"; fi
done

echo "deb-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
