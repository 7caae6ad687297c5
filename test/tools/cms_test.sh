#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# openssl cms -sign / -verify with Ed25519 and Ed448 through edfast.
#
# What CMS can sign with EdDSA depends on the OpenSSL version, whichever
# provider: 3.0 signs nothing (without -md, CMS_add1_signer finds "no default
# digest"; with -md sha512 the EdDSA signature refuses the digest; -noattr
# takes a path EdDSA keys do not support), 3.5 signs with -md sha512, 4.0.3
# signs with -noattr but verifies no such CMS.  So each
# way of signing is tried with the default provider alone and with edfast
# alone holding EdDSA (proof.cnf), on the same key: both must succeed or both
# fail.  Where both succeed, each verifies the other's CMS, and without signed
# attributes (no signing time) the two are byte-identical; with them, each
# provider's EdDSA signature over the other's signed attributes is the one in
# the other's CMS (EdDSA is deterministic: that is where the bytes must
# match, whatever the signing times).  Where the default
# provider alone signs nothing at all, the test reports itself skipped (77)
# after the checks, so that nobody mistakes it for coverage.
source "$(dirname "$0")/configs.sh"

echo "signed content" >content.txt
hex() { od -An -tx1 "$1" | tr -d ' \n' | tr a-f A-F; }
# signer_parts <CMS in DER> <file>: writes the signer's signed attributes as
# they are signed (re-tagged SET OF, RFC 5652 5.4) into <file> and prints the
# signature in hex; fails when the CMS has no signed attributes.
signer_parts() {
    local line off hl len
    "$OPENSSL" asn1parse -inform DER -in "$1" >asn1.txt || return 1
    line=$(grep -E '^ *[0-9]+:d=5 +hl=[0-9]+ +l= *[0-9]+ cons: cont \[ 0 \]' asn1.txt | tail -1)
    [ -n "$line" ] || return 1
    off=$(sed -E 's/^ *([0-9]+):.*/\1/' <<<"$line")
    hl=$(sed -E 's/.*hl=([0-9]+).*/\1/' <<<"$line")
    len=$(sed -E 's/.* l= *([0-9]+).*/\1/' <<<"$line")
    { printf '\061'; tail -c +$((off + 2)) "$1" | head -c $((hl + len - 1)); } >"$2"
    grep -E 'd=5 .*prim: OCTET STRING' asn1.txt | tail -1 | sed 's/.*\[HEX DUMP\]://'
}
# same_signature <what> <runner> <key> <CMS>: the runner's signature over the
# CMS's signed attributes is the CMS's signature.
same_signature() {
    local want
    if ! want=$(signer_parts "$4" attrs.der); then
        fail "$1: no signed attributes found in $4"
        return
    fi
    if "$2" pkeyutl -sign -rawin -inkey "$3" -in attrs.der -out attrs.sig >last.out 2>&1 &&
        [ "$(hex attrs.sig)" = "$want" ]; then
        pass "$1"
    else
        fail "$1"
        sed 's/^/    /' last.out
    fi
}
# sign <runner> <key and certificate name> <output>, with the options in $opts
# shellcheck disable=SC2086 # opts is a list of options
sign() { "$1" cms -sign $opts -nodetach -binary -in content.txt -signer "$2.crt" -inkey "$2.key" -outform DER -out "$3"; }
# refuse_as_default <what> <command...>: fails, with the error the default
# provider alone gave ($default_error).
refuse_as_default() {
    refuse "$@" || return 1
    if grep -qF "$default_error" "$WORK/last.out"; then
        pass "$1: the same error"
    else
        CHECKS=$((CHECKS + 1))
        fail "$1: not the default provider's error $default_error"
        sed 's/^/    /' "$WORK/last.out"
    fi
}
skipped=""
for c in ED25519 ED448; do
    for who in d e; do
        run=$([ $who = d ] && echo default_only || echo only_edfast_eddsa)
        $run req -x509 -newkey "$c" -nodes -keyout "$who-ca-$c.key" -subj "/CN=CA $c" -days 2 \
            -addext "basicConstraints = critical, CA:TRUE" -addext "keyUsage = critical, keyCertSign" \
            -out "$who-ca-$c.crt" 2>/dev/null
        $run req -new -newkey "$c" -nodes -keyout "$who-$c.key" -subj "/CN=signer $c" \
            -out "$who-$c.csr" 2>/dev/null
        $run x509 -req -in "$who-$c.csr" -CA "$who-ca-$c.crt" -CAkey "$who-ca-$c.key" \
            -CAcreateserial -days 2 -out "$who-$c.crt" 2>/dev/null
        [ -s "$who-$c.crt" ] && pass "$c: signer certificate ($run)" || fail "$c: no signer certificate ($run)"
    done
    signed=0
    for opts in "" "-md sha512" "-noattr" "-md sha512 -noattr"; do
        what="$c: cms -sign ${opts:-(no options)}"
        rm -f d.der e.der own.der
        if sign default_only "d-$c" d.der >cms.out 2>&1; then
            signed=1
            check "$what: through edfast, as by the default provider alone" \
                sign only_edfast_eddsa "d-$c" e.der || continue
            # Whether the default provider alone verifies its own CMS sets what
            # every verification below must do (OpenSSL 4.0.3 verifies no
            # EdDSA CMS without signed attributes: "CMS_SignerInfo_verify_ex:
            # no content", its own included).
            if default_only cms -verify -inform DER -in d.der -CAfile "d-ca-$c.crt" -out d.txt >verify.out 2>&1; then
                verdict=check
            else
                verdict=refuse_as_default
                default_error=$(grep -o "error:[0-9A-F]*:[^:]*:[^:]*:[^:]*" verify.out | head -1)
                echo "    (the default provider alone does not verify its own CMS: $default_error)"
            fi
            $verdict "$what: the default provider alone verifies edfast's CMS, as its own" \
                default_only cms -verify -inform DER -in e.der -CAfile "d-ca-$c.crt" -out e.txt
            [ $verdict != check ] || same "$what: the signed content" e.txt content.txt
            $verdict "$what: edfast verifies the default provider's CMS, as the default provider" \
                only_edfast_eddsa cms -verify -inform DER -in d.der -CAfile "d-ca-$c.crt" -out /dev/null
            $verdict "$what: and with the sample config" \
                with_sample cms -verify -inform DER -in d.der -CAfile "d-ca-$c.crt" -out /dev/null
            case " $opts " in
            *" -noattr "*) same "$what: edfast's CMS is byte-identical to the default provider's" e.der d.der ;;
            *)
                same_signature "$what: edfast signs the default provider's signed attributes as it did" \
                    only_edfast_eddsa "d-$c.key" d.der
                same_signature "$what: the default provider signs edfast's signed attributes as edfast did" \
                    default_only "d-$c.key" e.der
                ;;
            esac
            # A key and certificates edfast made, checked by the default provider.
            check "$what: with edfast's own key" sign only_edfast_eddsa "e-$c" own.der &&
                $verdict "$what: the default provider alone verifies it, as its own" \
                    default_only cms -verify -inform DER -in own.der -CAfile "e-ca-$c.crt" -out /dev/null
        else
            refuse "$what: fails through edfast as with the default provider alone" \
                sign only_edfast_eddsa "d-$c" e.der
            echo "    (the default provider alone: $(grep -o "error:[0-9A-F]*:[^:]*:[^:]*:[^:]*" cms.out | head -1))"
        fi
    done
    [ $signed = 1 ] || skipped="$skipped $c"
done
finish || exit 1
if [ -n "$skipped" ]; then
    echo "SKIPPED:$skipped: OpenSSL $("$OPENSSL" version | cut -d' ' -f2) cannot sign CMS with EdDSA, with any provider"
    exit 77
fi
