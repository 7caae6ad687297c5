# SPDX-License-Identifier: Apache-2.0
"""realworld.sh's TLS client for openssl s_server: COUNT full TLS 1.3
handshakes (a new connection each time, no session resumption) with Python's
ssl module (libssl, so OPENSSL_CONF decides who verifies the server's Ed25519
CertificateVerify), verifying the server's certificate against CAFILE.

    python3 tls_client.py PORT CAFILE COUNT

Prints how many handshakes completed as TLS 1.3."""
import socket
import ssl
import sys

port, cafile, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
ctx.minimum_version = ssl.TLSVersion.TLSv1_3
ctx.load_verify_locations(cafile)
done = 0
for _ in range(count):
    with socket.create_connection(("127.0.0.1", port)) as raw:
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with ctx.wrap_socket(raw, server_hostname="localhost") as tls:
            if tls.version() == "TLSv1.3":
                done += 1
print(f"HANDSHAKES={done}")
