#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The openssl commands with edfast as the only provider
# (-provider-path <dir> -provider edfast, no config): genpkey, pkey (-in,
# -pubout, -text, -text_pub, -outform DER, stdin), pkeyutl -sign/-verify
# -rawin, for both curves; every output byte-identical to the default
# provider's for the same key; keys both ways between the providers; the
# default provider's encrypted PKCS#8 read by edfast; clear refusals.
# With VALGRIND set (a valgrind command line), a few runs go under it.
source "$(dirname "$0")/configs.sh"

echo "message signed by edfast" >msg

for curve in ED25519 ED448; do
    c=$curve
    # Keys made by edfast alone (its randomness needs no other provider) and by the default provider.
    check "$c: genpkey with edfast alone" edfast_only genpkey -algorithm "$c" -out "e-$c.pem"
    check "$c: genpkey with the default provider" default_only genpkey -algorithm "$c" -out "d-$c.pem"
    check "$c: edfast's key is a PKCS#8 PEM the default provider reads" \
        default_only pkey -in "e-$c.pem" -noout -check
    edfast_only genpkey -algorithm "$c" -out "e2-$c.pem" 2>/dev/null
    refuse "$c: two keys from edfast differ" cmp -s "e-$c.pem" "e2-$c.pem"

    for k in e d; do
        key=$k-$c.pem
        who=$([ $k = e ] && echo "edfast's" || echo "the default provider's")
        # Every encoding, edfast alone against the default provider alone.
        edfast_only pkey -in "$key" -out "$k.E.pem" && default_only pkey -in "$key" -out "$k.D.pem"
        same "$c: pkey -in $who key: PEM" "$k.E.pem" "$k.D.pem"
        same "$c: PEM round trip of $who key is the input" "$k.E.pem" "$key"
        edfast_only pkey -in "$key" -outform DER -out "$k.E.der" && default_only pkey -in "$key" -outform DER -out "$k.D.der"
        same "$c: pkey -outform DER of $who key" "$k.E.der" "$k.D.der"
        edfast_only pkey -in "$key" -pubout -out "$k.E.pub" && default_only pkey -in "$key" -pubout -out "$k.D.pub"
        same "$c: pkey -pubout of $who key" "$k.E.pub" "$k.D.pub"
        edfast_only pkey -in "$key" -pubout -outform DER -out "$k.E.pub.der" && default_only pkey -in "$key" -pubout -outform DER -out "$k.D.pub.der"
        same "$c: pkey -pubout -outform DER of $who key" "$k.E.pub.der" "$k.D.pub.der"
        edfast_only pkey -in "$key" -text -out "$k.E.txt" && default_only pkey -in "$key" -text -out "$k.D.txt"
        same "$c: pkey -text of $who key" "$k.E.txt" "$k.D.txt"
        grep -q "^$c Private-Key:" "$k.E.txt" && grep -q "^priv:" "$k.E.txt" && grep -q "^pub:" "$k.E.txt" \
            && pass "$c: -text shows priv and pub" || fail "$c: -text output: $(head -3 "$k.E.txt")"
        edfast_only pkey -in "$key" -text_pub -noout >"$k.E.tp" && default_only pkey -in "$key" -text_pub -noout >"$k.D.tp"
        same "$c: pkey -text_pub of $who key" "$k.E.tp" "$k.D.tp"
        # Reading every form back with edfast alone.
        edfast_only pkey -inform DER -in "$k.D.der" -out "$k.E.fromder.pem"
        same "$c: edfast reads $who key as DER" "$k.E.fromder.pem" "$key"
        edfast_only pkey -pubin -in "$k.D.pub" -out "$k.E.pub2"
        same "$c: edfast reads $who public key PEM" "$k.E.pub2" "$k.D.pub"
        edfast_only pkey -pubin -inform DER -in "$k.D.pub.der" -out "$k.E.pub3"
        same "$c: edfast reads $who public key DER" "$k.E.pub3" "$k.D.pub"
        edfast_only pkey -pubin -in "$k.D.pub" -text_pub -noout >"$k.E.tp2"
        same "$c: -text_pub of $who public key" "$k.E.tp2" "$k.D.tp"
        edfast_only pkey <"$key" >"$k.E.stdin.pem"
        same "$c: edfast reads $who key from stdin" "$k.E.stdin.pem" "$key"

        # Signatures: edfast alone against the default provider alone, both verifying both.
        edfast_only pkeyutl -sign -rawin -inkey "$key" -in msg -out "$k.E.sig"
        default_only pkeyutl -sign -rawin -inkey "$key" -in msg -out "$k.D.sig"
        same "$c: pkeyutl -sign -rawin with $who key" "$k.E.sig" "$k.D.sig"
        check "$c: edfast alone verifies with the private key" \
            edfast_only pkeyutl -verify -rawin -inkey "$key" -in msg -sigfile "$k.D.sig"
        check "$c: edfast alone verifies with the public key" \
            edfast_only pkeyutl -verify -rawin -pubin -inkey "$k.D.pub" -in msg -sigfile "$k.D.sig"
        check "$c: the default provider verifies edfast's signature" \
            default_only pkeyutl -verify -rawin -pubin -inkey "$k.E.pub" -in msg -sigfile "$k.E.sig"
        echo "another message" >msg2
        refuse "$c: edfast alone rejects a signature over another message" \
            edfast_only pkeyutl -verify -rawin -pubin -inkey "$k.D.pub" -in msg2 -sigfile "$k.D.sig"
    done

    # Encrypted PKCS#8 (PEM and DER) made by the default provider, read by edfast alone.
    # (openssl pkey/genpkey cannot *write* encrypted keys with edfast alone: the
    # command itself fetches the cipher, and edfast has none; codec_test checks
    # edfast's encryption through the API.)
    default_only pkey -in "d-$c.pem" -aes-256-cbc -passout pass:sesame -out enc.pem
    default_only pkcs8 -topk8 -in "d-$c.pem" -v2 aes128 -outform DER -passout pass:sesame -out enc.der
    edfast_only pkey -in enc.pem -passin pass:sesame -out dec.pem
    same "$c: edfast alone decrypts an encrypted PKCS#8 PEM" dec.pem "d-$c.pem"
    edfast_only pkey -inform DER -in enc.der -passin pass:sesame -out dec2.pem
    same "$c: edfast alone decrypts an encrypted PKCS#8 DER" dec2.pem "d-$c.pem"
    refuse "$c: wrong passphrase refused" edfast_only pkey -in enc.pem -passin pass:wrong -noout
    grep -q "wrong passphrase" last.out && pass "$c: the refusal says why" || fail "$c: no clear reason: $(cat last.out)"
done

# Clear refusals of bad input, never a crash.
printf -- '-----BEGIN PUBLIC KEY-----\nMCkwBQYDK2VwAyAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n-----END PUBLIC KEY-----\n' >short.pub
refuse "a 31-byte ED25519 public key is refused" edfast_only pkey -pubin -in short.pub -noout
grep -q "invalid key length" last.out && pass "the refusal says: invalid key length" || fail "no clear reason: $(cat last.out)"
# NUL bytes and a space inside the base64: refused, as by the default provider (PEM_read_bio).
head -c 42 e.E.pub >nul.pub && printf '\000 ' >>nul.pub && tail -c +43 e.E.pub >>nul.pub
refuse "PEM with NULs in the base64 is refused (file store)" edfast_only pkey -pubin -in nul.pub -noout
refuse "(so does the default provider)" default_only pkey -pubin -in nul.pub -noout
printf 'not a key\n' >junk.pem
refuse "junk is refused" edfast_only pkey -in junk.pem -noout
refuse "a directory is no key" edfast_only pkey -in . -noout
refuse "a missing file is refused" edfast_only pkey -in no-such-file.pem -noout

# The file store: bundles and directories list as with the default provider's loader.
mkdir certdir
for c in ED25519 ED448; do
    # (a check: a certificate missing here would make every listing below
    # shorter on both sides alike, and hide why "-certs" finds fewer)
    check "$c: a certificate made by the default provider, for the store" \
        default_only req -x509 -key "d-$c.pem" -subj "/CN=store $c" -days 2 -out "certdir/$c.crt"
done
cat certdir/ED25519.crt d-ED448.pem certdir/ED448.crt d.D.pub >bundle.pem
# What is compared: the listing (stdout) and the exit status; edfast's
# errors, if any, must be ones the default provider's loader gives too (3.5's
# prints "get_string_ptr_internal:param of incompatible type" for a directory,
# a libcrypto detail that edfast's loader has no reason to repeat).
reasons() { sed -n 's/^[^:]*:error:[0-9A-F]*:\([^:]*:[^:]*:[^:]*\):.*/\1/p' "$1" | sort -u; }
for what in bundle.pem certdir "file:$WORK/certdir/"; do
    edfast_only storeutl -noout "$what" >st.E 2>st.E.err
    rc_e=$?
    default_only storeutl -noout "$what" >st.D 2>st.D.err
    rc_d=$?
    same "storeutl -noout $what: as the default provider lists it" st.E st.D
    [ $rc_e = $rc_d ] && pass "storeutl -noout $what: exit status $rc_e, as the default provider's" ||
        fail "storeutl -noout $what: exit status $rc_e, the default provider's $rc_d"
    extra=$(comm -23 <(reasons st.E.err) <(reasons st.D.err))
    [ -z "$extra" ] && pass "storeutl -noout $what: no error the default provider does not give" ||
        fail "storeutl -noout $what: errors only with edfast: $extra"
done
# An encrypted key next to a certificate: wanting the certificate asks for no passphrase.
cat enc.pem certdir/ED448.crt >encbundle.pem
# (stdout only: the default provider's loader also prints a spurious "unsupported" error)
edfast_only storeutl -noout -certs encbundle.pem </dev/null >st.E 2>st.err
default_only storeutl -noout -certs encbundle.pem </dev/null >st.D 2>/dev/null
same "storeutl -certs of an encrypted key and a certificate: as the default provider" st.E st.D
[ -s st.err ] && fail "storeutl -certs with an encrypted key: $(cat st.err)" || pass "no passphrase asked, no error, for a certificate"
edfast_only storeutl -noout -passin pass:sesame encbundle.pem >st.E 2>&1
default_only storeutl -noout -passin pass:sesame encbundle.pem >st.D 2>&1
same "storeutl of an encrypted key and a certificate, with the passphrase" st.E st.D
edfast_only storeutl -certs -noout bundle.pem >st.E 2>&1 && grep -q "Total found: 2" st.E \
    && pass "storeutl -certs: two certificates in the bundle" || fail "storeutl -certs: $(cat st.E)"
edfast_only x509 -in certdir/ED448.crt -noout -text >x.E && default_only x509 -in certdir/ED448.crt -noout -text >x.D
same "x509 -text of an Ed448 certificate with edfast alone" x.E x.D

# What edfast brings, as openssl lists it.
edfast_only list -encoders >enc.lst && grep -q "ED25519.*edfast" enc.lst && pass "openssl list -encoders shows edfast's" || fail "no edfast encoders listed"
edfast_only list -decoders >dec.lst && grep -q "edfast" dec.lst && pass "openssl list -decoders shows edfast's" || fail "no edfast decoders listed"
edfast_only list -store-loaders >st.lst && grep -q "file" st.lst && pass "openssl list -store-loaders shows edfast's file loader" || fail "no file loader listed"

# Under valgrind: the file store, the decoders and the encoders in the real tool.
if [ -n "${VALGRIND:-}" ]; then
    vg() { OPENSSL_CONF=/dev/null $VALGRIND "$OPENSSL" "$1" -provider-path "$EDFAST_MODULE_DIR" -provider edfast "${@:2}"; }
    check "valgrind: pkey -text -pubout (ED448, PEM)" vg pkey -in d-ED448.pem -text -pubout -out /dev/null
    check "valgrind: pkey of an encrypted DER key" vg pkey -inform DER -in enc.der -passin pass:sesame -outform DER -out /dev/null
    check "valgrind: pkeyutl -sign (ED25519)" vg pkeyutl -sign -rawin -inkey d-ED25519.pem -in msg -out /dev/null
    # VALGRIND is expected to say --error-exitcode=99: refused (1), but clean.
    vg pkey -pubin -in short.pub -noout >last.out 2>&1
    rc=$?
    [ $rc -ne 0 ] && [ $rc -ne 99 ] && pass "valgrind: a refused key, cleanly" || { fail "valgrind: refused key: exit $rc"; sed 's/^/    /' last.out; }
fi

finish
