#!/usr/bin/env bash
# openssl cms -sign / -verify with Ed25519 and Ed448 through edfast.
#
# OpenSSL 3.0's CMS cannot sign with EdDSA at all, whichever provider: without
# -md, CMS_add1_signer finds "no default digest"; with -md sha512 the EdDSA
# signature refuses the digest; -noattr takes a path EdDSA keys do not
# support.  So: where the default provider alone can sign, edfast (alone
# holding EdDSA, proof.cnf) must too, and each must verify the other's; where
# the default provider alone cannot, edfast must fail the same way, and the
# test reports itself skipped (77) so that nobody mistakes it for coverage.
source "$(dirname "$0")/lib.sh"

echo "signed content" >content.txt
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
    if default_only cms -sign -in content.txt -signer "d-$c.crt" -inkey "d-$c.key" -out "d-$c.p7s" \
            >cms.out 2>&1; then
        check "$c: cms -sign through edfast" \
            only_edfast_eddsa cms -sign -in content.txt -signer "e-$c.crt" -inkey "e-$c.key" -out "e-$c.p7s"
        check "$c: the default provider alone verifies edfast's CMS" \
            default_only cms -verify -in "e-$c.p7s" -CAfile "e-ca-$c.crt" -out e.txt
        same "$c: the signed content" e.txt content.txt
        check "$c: edfast verifies the default provider's CMS" \
            only_edfast_eddsa cms -verify -in "d-$c.p7s" -CAfile "d-ca-$c.crt" -out /dev/null
        check "$c: and with the sample config" \
            with_sample cms -verify -in "d-$c.p7s" -CAfile "d-ca-$c.crt" -out /dev/null
    else
        reason=$(grep -o "error:[0-9A-F]*:[^:]*:[^:]*:[^:]*" cms.out | head -1)
        refuse "$c: cms -sign fails through edfast as with the default provider alone" \
            only_edfast_eddsa cms -sign -in content.txt -signer "e-$c.crt" -inkey "e-$c.key" -out "e-$c.p7s"
        refuse "$c: cms -sign -md sha512 likewise" \
            only_edfast_eddsa cms -sign -md sha512 -in content.txt -signer "e-$c.crt" -inkey "e-$c.key" -out "e-$c.p7s"
        skipped="$skipped $c"
        echo "    (the default provider alone: $reason)"
    fi
done
finish || exit 1
if [ -n "$skipped" ]; then
    echo "SKIPPED:$skipped: OpenSSL $("$OPENSSL" version | cut -d' ' -f2) cannot sign CMS with EdDSA, with any provider"
    exit 77
fi
