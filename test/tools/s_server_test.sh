#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# openssl s_server / s_client, TLS 1.3 on 127.0.0.1, with an Ed25519 and an
# Ed448 server certificate.  The server runs under proof.cnf (see configs.sh), so
# its CertificateVerify can only be signed by edfast; the client is
# OpenSSL's default provider alone and checks it.  (tls_test.c proves the
# same inside one process, through libssl directly.)  Every server is bounded
# by `timeout`, serves one connection, and is killed by its PID on exit.
source "$(dirname "$0")/configs.sh"

SERVER_PID=
stop_server() {
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null
        wait "$SERVER_PID" 2>/dev/null
        SERVER_PID=
    fi
}
trap 'stop_server; rm -rf "$WORK"' EXIT

for c in ED25519 ED448; do
    name=$(echo "$c" | tr 'A-Z' 'a-z') # s_client -brief: "Signature type: ed25519"
    check "$c: server certificate made through edfast" \
        only_edfast_eddsa req -x509 -newkey "$c" -nodes -keyout "srv-$c.key" -subj "/CN=localhost" \
            -addext "subjectAltName = DNS:localhost" -days 2 -out "srv-$c.crt"

    OPENSSL_CONF="$WORK/proof.cnf" timeout 30 "$OPENSSL" s_server -accept 127.0.0.1:0 -naccept 1 \
        -cert "srv-$c.crt" -key "srv-$c.key" -tls1_3 -www >"srv-$c.out" 2>&1 </dev/null &
    SERVER_PID=$!
    port=
    for _ in $(seq 50); do
        port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' "srv-$c.out")
        [ -n "$port" ] && break
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$port" ]; then
        fail "$c: s_server did not start"
        sed 's/^/    /' "srv-$c.out"
        stop_server
        continue
    fi
    timeout 15 env OPENSSL_CONF=/dev/null "$OPENSSL" s_client -connect "127.0.0.1:$port" \
        -servername localhost -verify_hostname localhost -CAfile "srv-$c.crt" \
        -verify_return_error -brief </dev/null >"cli-$c.out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && grep -q "^Protocol version: TLSv1.3" "cli-$c.out" \
            && grep -q "^Signature type: $name\$" "cli-$c.out" \
            && grep -q "^Verification: OK" "cli-$c.out"; then
        pass "$c: TLS 1.3 with the server's CertificateVerify signed by edfast, verified by the default provider"
    else
        fail "$c: s_client (exit $rc)"
        sed 's/^/    client: /' "cli-$c.out"
        sed 's/^/    server: /' "srv-$c.out"
    fi
    stop_server
done
finish
