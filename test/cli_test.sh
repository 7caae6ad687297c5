#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# edfast through the real `openssl` command.
#
# Usage: EDFAST_MODULE_DIR=<directory holding edfast.so> bash cli_test.sh
#
# Proof that edfast, not the default provider, does the work:
#  - `-provider edfast -provider base`: the base provider has decoders and
#    encoders but no EdDSA at all (checked below: with base alone a key does not
#    even load), so every signature made or checked that way is edfast's;
#  - with `-propquery '?provider=edfast'` next to the default provider, an
#    unknown EdDSA instance (`-pkeyopt instance:...`) is refused with edfast's
#    own error ("edfast ... unknown EdDSA instance"), and so is a digest where
#    the command passes it to the provider (OpenSSL 3.0; 3.5's command refuses
#    -digest for EdDSA itself);
#  - `openssl list -providers -verbose` reports the backend EDFAST_BACKEND chose.
set -u

. "$(dirname "$0")/script_setup.sh" cli

# Without -provider options the command uses the default provider only.
providers=(-provider-path "$EDFAST_MODULE_DIR" -provider edfast -provider default)
with_edfast=("${providers[@]}" -propquery '?provider=edfast')
edfast_base=(-provider-path "$EDFAST_MODULE_DIR" -provider edfast -provider base)
base_only=(-provider-path "$EDFAST_MODULE_DIR" -provider base)

# ---- what the provider shows ----
check "list -signature-algorithms" "$OPENSSL" list -signature-algorithms "${providers[@]}"
for alg in "1.3.101.112, ED25519" "1.3.101.113, ED448"; do
    CHECKS=$((CHECKS + 1))
    grep -q "{ $alg } @ edfast" "$WORK/last.out" || fail "list -signature-algorithms lacks { $alg } @ edfast"
done
check "list -key-managers" "$OPENSSL" list -key-managers "${providers[@]}"
for alg in "1.3.101.112, ED25519" "1.3.101.113, ED448"; do
    CHECKS=$((CHECKS + 1))
    grep -q "{ $alg } @ edfast" "$WORK/last.out" || fail "list -key-managers lacks { $alg } @ edfast"
done

# backend_of <curve> [EDFAST_BACKEND value]: what `list -providers -verbose` reports
backend_of() {
    local info
    info=$(EDFAST_BACKEND=${2:-} "$OPENSSL" list -providers -verbose "${providers[@]}" 2>&1 |
        grep "build info: edfast")
    echo "$info" | sed -n "s/.*backends:.*$1=\([a-z0-9]*\).*/\1/p"
}
check "list -providers -verbose" "$OPENSSL" list -providers -verbose "${providers[@]}"
CHECKS=$((CHECKS + 1))
grep -q "build info: edfast .*backends: ED25519=[a-z]* ED448=[a-z]*" "$WORK/last.out" ||
    fail "list -providers -verbose shows no edfast build info with backends"

# ---- base alone does no EdDSA (what makes the edfast+base runs a proof) ----
check "default provider genpkey ED25519" "$OPENSSL" genpkey -algorithm ED25519 -out probe.pem
printf 'probe' >probe.msg
check_fails "base provider alone loading an ED25519 key" "" \
    "$OPENSSL" pkeyutl -sign -rawin -in probe.msg -inkey probe.pem "${base_only[@]}" -out probe.sig

# Messages: short, one byte, 1000 bytes, 5000 bytes (pkeyutl cannot sign an empty file).
printf 'abc' >m0
printf 'x' >m1
head -c 1000 /dev/urandom >m2
head -c 5000 /dev/urandom >m3

for curve in ED25519 ED448; do
    # Keys: one made by edfast (keygen fetched with provider=edfast), one by the default provider.
    check "$curve: genpkey by edfast" "$OPENSSL" genpkey -algorithm $curve \
        "${providers[@]}" -propquery provider=edfast -out "edfast-$curve.pem" || continue
    check "$curve: genpkey by the default provider" "$OPENSSL" genpkey -algorithm $curve \
        -out "default-$curve.pem" || continue
    # edfast's key read by the default provider alone, and its public half.
    check "$curve: edfast's PEM key read by the default provider" \
        "$OPENSSL" pkey -in "edfast-$curve.pem" -pubout -out "edfast-$curve.pub"
    check "$curve: default provider's public key" \
        "$OPENSSL" pkey -in "default-$curve.pem" -pubout -out "default-$curve.pub"
    CHECKS=$((CHECKS + 1))
    if ! "$OPENSSL" pkey -in "edfast-$curve.pem" -noout -text 2>/dev/null | grep -q "$curve Private-Key"; then
        fail "$curve: edfast's key is not an $curve key to the default provider"
    fi
    # The keygen really was edfast's: edfast+base can make keys too.
    check "$curve: genpkey with edfast and base only" "$OPENSSL" genpkey -algorithm $curve \
        "${edfast_base[@]}" -out "base-$curve.pem"

    backends=()
    for candidate in native sodium decaf openssl; do
        [ "$(backend_of $curve $candidate)" = "$candidate" ] && backends+=("$candidate")
    done
    echo "$curve backends tested: ${backends[*]}"
    CHECKS=$((CHECKS + 1))
    [ ${#backends[@]} -gt 0 ] || fail "$curve: no backend reported"

    for backend in "${backends[@]}"; do
        export EDFAST_BACKEND=$backend
        CHECKS=$((CHECKS + 1))
        got=$(backend_of $curve "$backend")
        [ "$got" = "$backend" ] || fail "$curve: EDFAST_BACKEND=$backend but edfast reports '$got'"
        for key in edfast default; do
            for m in m0 m1 m2 m3; do
                tag="$curve/$backend/$key-key/$m"
                ref="ref-$curve-$key-$m.sig"
                out="${tag//\//-}"
                [ -f "$ref" ] || "$OPENSSL" pkeyutl -sign -rawin -in $m -inkey "$key-$curve.pem" -out "$ref"
                check "$tag: sign (edfast preferred over default)" "$OPENSSL" pkeyutl -sign -rawin \
                    -in $m -inkey "$key-$curve.pem" "${with_edfast[@]}" -out "$out.sig" &&
                    same "$tag: signature differs from the default provider's" "$out.sig" "$ref"
                check "$tag: sign (edfast and base only)" "$OPENSSL" pkeyutl -sign -rawin \
                    -in $m -inkey "$key-$curve.pem" "${edfast_base[@]}" -out "$out.b.sig" &&
                    same "$tag: edfast+base signature differs from the default provider's" \
                        "$out.b.sig" "$ref"
                check "$tag: verify (edfast and base only)" "$OPENSSL" pkeyutl -verify -rawin \
                    -in $m -pubin -inkey "$key-$curve.pub" -sigfile "$ref" "${edfast_base[@]}" &&
                    { CHECKS=$((CHECKS + 1)); grep -q "Signature Verified Successfully" "$WORK/last.out" ||
                        fail "$tag: no 'Signature Verified Successfully'"; }
                check "$tag: edfast's signature verified by the default provider" \
                    "$OPENSSL" pkeyutl -verify -rawin -in $m -pubin -inkey "$key-$curve.pub" \
                    -sigfile "$out.b.sig"
            done
            # A tampered message and a tampered signature.
            { cat m2; printf 'y'; } >tampered
            check_fails "$curve/$backend/$key-key: tampered message (edfast and base)" \
                "Signature Verification Failure" "$OPENSSL" pkeyutl -verify -rawin -in tampered \
                -pubin -inkey "$key-$curve.pub" -sigfile "ref-$curve-$key-m2.sig" "${edfast_base[@]}"
            check_fails "$curve/$backend/$key-key: tampered message (edfast preferred)" \
                "Signature Verification Failure" "$OPENSSL" pkeyutl -verify -rawin -in tampered \
                -pubin -inkey "$key-$curve.pub" -sigfile "ref-$curve-$key-m2.sig" "${with_edfast[@]}"
            cp "ref-$curve-$key-m2.sig" badsig
            # A flipped bit: writing a fixed byte left the signature intact whenever
            # it already held that byte (one key in 256).
            flip_bit badsig 5
            check_fails "$curve/$backend/$key-key: tampered signature" \
                "Signature Verification Failure" "$OPENSSL" pkeyutl -verify -rawin -in m2 \
                -pubin -inkey "$key-$curve.pub" -sigfile badsig "${edfast_base[@]}"
        done
        # edfast's own error, so it is edfast that the '?provider=edfast' runs used.
        check_fails "$curve/$backend: an unknown instance refused by edfast" \
            "edfast.*unknown EdDSA instance" "$OPENSSL" pkeyutl -sign -rawin -in m0 \
            -inkey "default-$curve.pem" "${with_edfast[@]}" -pkeyopt instance:Ed25519foo \
            -out instance.sig
        if digest_reaches_provider "default-$curve.pem" m0; then
            check_fails "$curve/$backend: -digest SHA256 refused by edfast" \
                "edfast.*EdDSA takes no digest" "$OPENSSL" pkeyutl -sign -rawin -digest SHA256 \
                -in m0 -inkey "default-$curve.pem" "${with_edfast[@]}" -out digest.sig
        else
            check_fails "$curve/$backend: -digest SHA256 refused by the command" "" \
                "$OPENSSL" pkeyutl -sign -rawin -digest SHA256 -in m0 \
                -inkey "default-$curve.pem" "${with_edfast[@]}" -out digest.sig
        fi
        unset EDFAST_BACKEND
    done
done

finish
