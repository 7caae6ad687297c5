# SPDX-License-Identifier: Apache-2.0
"""realworld.sh's PyJWT program: signs COUNT EdDSA tokens with PyJWT and
verifies each, with a fixed key (seed bytes 0, 1, 2, ...), so every run signs
the same tokens (EdDSA is deterministic).  Plain PyJWT/cryptography code:
which OpenSSL provider serves is up to OPENSSL_CONF.

    python3 jwt_tokens.py CURVE COUNT      CURVE: Ed25519 or Ed448

Prints the counts, whether a token signed by another key was refused, and a
SHA-256 over all tokens."""
import hashlib
import sys

import jwt
from cryptography.hazmat.primitives.asymmetric import ed448, ed25519

curve, count = sys.argv[1], int(sys.argv[2])
cls, size = (ed25519.Ed25519PrivateKey, 32) if curve == "Ed25519" else (ed448.Ed448PrivateKey, 57)
key = cls.from_private_bytes(bytes(range(size)))
pub = key.public_key()
digest = hashlib.sha256()
verified = 0
for i in range(count):
    token = jwt.encode({"sub": f"user{i}", "iat": 1767225600, "n": i}, key, algorithm="EdDSA")
    digest.update(token.encode())
    if jwt.decode(token, pub, algorithms=["EdDSA"])["n"] == i:
        verified += 1
# The verification can fail: a token of another key is refused.
other = cls.from_private_bytes(bytes(range(1, size + 1)))
try:
    jwt.decode(jwt.encode({"n": 0}, other, algorithm="EdDSA"), pub, algorithms=["EdDSA"])
    refused = False
except jwt.InvalidSignatureError:
    refused = True
print(f"SIGNED={count}")
print(f"VERIFIED={verified}")
print(f"TAMPERED_REFUSED={refused}")
print(f"DIGEST={digest.hexdigest()}")
