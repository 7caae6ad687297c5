#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The real tools through openssl.cnf (the repository's sample, module set to
# the built edfast.so): openssl req -x509 self-signed Ed25519 and Ed448
# certificates and a CA -> leaf chain, signed through edfast and verified by
# `openssl verify` with the default provider alone; the reverse (certificates
# made by the default provider alone, verified through edfast).
#
# "Through edfast" is proven, not assumed: every run is repeated under
# proof.cnf (see configs.sh), where EdDSA can come from edfast only.
source "$(dirname "$0")/configs.sh"

CA_EXT=(-addext "basicConstraints = critical, CA:TRUE" -addext "keyUsage = critical, keyCertSign, cRLSign")
cat >leaf.ext <<'EOF'
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = emailProtection, serverAuth
subjectAltName = email:leaf@example.org, DNS:localhost
authorityKeyIdentifier = keyid
EOF

for c in ED25519 ED448; do
    for run in with_sample only_edfast_eddsa; do
        how=$([ $run = with_sample ] && echo "sample config" || echo "only edfast has EdDSA")
        # Self-signed.
        check "$c ($how): req -x509 self-signed" \
            $run req -x509 -newkey "$c" -nodes -keyout "ss-$c-$run.key" -subj "/CN=self $c" -days 2 \
                -out "ss-$c-$run.crt"
        check "$c ($how): the default provider alone verifies it" \
            default_only verify -CAfile "ss-$c-$run.crt" "ss-$c-$run.crt"
        # CA -> leaf, every signature made through edfast.
        check "$c ($how): CA certificate" \
            $run req -x509 -newkey "$c" -nodes -keyout "ca-$c-$run.key" -subj "/CN=CA $c" -days 2 \
                "${CA_EXT[@]}" -out "ca-$c-$run.crt"
        check "$c ($how): leaf request" \
            $run req -new -newkey "$c" -nodes -keyout "leaf-$c-$run.key" -subj "/CN=leaf $c" \
                -out "leaf-$c-$run.csr"
        check "$c ($how): the CA signs the leaf" \
            $run x509 -req -in "leaf-$c-$run.csr" -CA "ca-$c-$run.crt" -CAkey "ca-$c-$run.key" \
                -CAcreateserial -days 2 -extfile leaf.ext -out "leaf-$c-$run.crt"
        check "$c ($how): the default provider alone verifies the chain" \
            default_only verify -CAfile "ca-$c-$run.crt" -purpose sslserver "leaf-$c-$run.crt"
        refuse "$c ($how): and does not verify the leaf against another CA" \
            default_only verify -CAfile "ss-$c-$run.crt" "leaf-$c-$run.crt"
    done
    # Encrypted keys through the configs (the command fetches the cipher, which the
    # configs have; codec_test holds edfast's own encryption to the default provider's).
    check "$c: genpkey -aes256 of an edfast key" \
        only_edfast_eddsa genpkey -algorithm "$c" -aes256 -pass pass:pw -out "enc-$c.pem"
    grep -q "^-----BEGIN ENCRYPTED PRIVATE KEY-----" "enc-$c.pem" && pass "$c: an encrypted PKCS#8" \
        || fail "$c: not an encrypted PKCS#8"
    default_only pkey -in "enc-$c.pem" -passin pass:pw -out "enc-$c.D.pem" 2>/dev/null
    only_edfast_eddsa pkey -in "enc-$c.pem" -passin pass:pw -out "enc-$c.E.pem" 2>/dev/null
    same "$c: the default provider alone and edfast decrypt it alike" "enc-$c.D.pem" "enc-$c.E.pem"
    check "$c: pkey -aes128 through the sample config" \
        with_sample pkey -in "enc-$c.D.pem" -aes128 -passout pass:x -out "enc2-$c.pem"
    default_only pkey -in "enc2-$c.pem" -passin pass:x -out "enc2-$c.D.pem" 2>/dev/null
    same "$c: and the default provider alone decrypts that" "enc2-$c.D.pem" "enc-$c.D.pem"

    # The key edfast made under proof.cnf is an ordinary key for the default provider.
    check "$c: the default provider alone uses edfast's CA key" \
        default_only pkey -in "ca-$c-only_edfast_eddsa.key" -check -noout

    # The reverse: everything made by the default provider alone, verified through edfast.
    default_only req -x509 -newkey "$c" -nodes -keyout "dca-$c.key" -subj "/CN=default CA $c" -days 2 \
        "${CA_EXT[@]}" -out "dca-$c.crt" 2>/dev/null
    default_only req -new -newkey "$c" -nodes -keyout "dleaf-$c.key" -subj "/CN=default leaf $c" \
        -out "dleaf-$c.csr" 2>/dev/null
    default_only x509 -req -in "dleaf-$c.csr" -CA "dca-$c.crt" -CAkey "dca-$c.key" -CAcreateserial \
        -days 2 -extfile leaf.ext -out "dleaf-$c.crt" 2>/dev/null
    check "$c: the default provider's chain verifies through edfast" \
        only_edfast_eddsa verify -CAfile "dca-$c.crt" "dleaf-$c.crt"
    check "$c: and with the sample config" with_sample verify -CAfile "dca-$c.crt" "dleaf-$c.crt"
    # A certificate whose signature was altered: edfast must reject it.
    default_only x509 -in "dleaf-$c.crt" -outform DER -out bad.der
    # Flip one bit inside the signature value (the certificate's last field).
    flip_bit bad.der $(($(stat -c %s bad.der) - 5))
    default_only x509 -inform DER -in bad.der -out "bad-$c.crt"
    refuse "$c: edfast rejects a certificate with a broken signature" \
        only_edfast_eddsa verify -CAfile "dca-$c.crt" "bad-$c.crt"
    grep -q "certificate signature failure" last.out && pass "$c: for its signature" \
        || fail "$c: rejected for another reason: $(cat last.out)"
    refuse "$c: (so does the default provider)" default_only verify -CAfile "dca-$c.crt" "bad-$c.crt"
done

finish
