#!/usr/bin/env bash
# openssl cms -sign / -verify with Ed25519 and Ed448 through edfast.
#
# What CMS can sign with EdDSA depends on the OpenSSL version, whichever
# provider: 3.0 signs nothing (without -md, CMS_add1_signer finds "no default
# digest"; with -md sha512 the EdDSA signature refuses the digest; -noattr
# takes a path EdDSA keys do not support), 3.5 signs with -md sha512.  So each
# way of signing is tried with the default provider alone and with edfast
# alone holding EdDSA (proof.cnf), on the same key: both must succeed or both
# fail.  Where both succeed, each verifies the other's CMS, and without signed
# attributes (no signing time) the two are byte-identical.  Where the default
# provider alone signs nothing at all, the test reports itself skipped (77)
# after the checks, so that nobody mistakes it for coverage.
source "$(dirname "$0")/lib.sh"

echo "signed content" >content.txt
# sign <runner> <key and certificate name> <output>, with the options in $opts
# shellcheck disable=SC2086 # opts is a list of options
sign() { "$1" cms -sign $opts -in content.txt -signer "$2.crt" -inkey "$2.key" -outform DER -out "$3"; }
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
            check "$what: the default provider alone verifies edfast's CMS" \
                default_only cms -verify -inform DER -in e.der -CAfile "d-ca-$c.crt" -out e.txt
            same "$what: the signed content" e.txt content.txt
            check "$what: edfast verifies the default provider's CMS" \
                only_edfast_eddsa cms -verify -inform DER -in d.der -CAfile "d-ca-$c.crt" -out /dev/null
            check "$what: and with the sample config" \
                with_sample cms -verify -inform DER -in d.der -CAfile "d-ca-$c.crt" -out /dev/null
            case " $opts " in
            *" -noattr "*) same "$what: edfast's CMS is byte-identical to the default provider's" e.der d.der ;;
            esac
            # A key and certificates edfast made, checked by the default provider.
            check "$what: with edfast's own key" sign only_edfast_eddsa "e-$c" own.der &&
                check "$what: the default provider alone verifies it" \
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
