/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed25519, Ed25519ctx and Ed25519ph (RFC 8032) on our own field, scalar,
 * point and SHA-512 code, with verification verdicts identical to OpenSSL
 * 3.0's default provider (cofactorless, canonical S, R compared byte-wise,
 * public keys decoded as OpenSSL's ge_frombytes_vartime does).
 */
#ifndef N25519_EDDSA25519_H
#define N25519_EDDSA25519_H

#include <stddef.h>
#include <stdint.h>

#include "../../backend.h"

/* pub = encode([clamp(SHA-512(seed)[0..31])]B).  Returns 1.  Constant time in seed. */
int native_ed25519_derive_public(const uint8_t seed[32], uint8_t pub[32]);

/*
 * Per-key state: expanded secret (when seed is given), the public key bytes
 * exactly as given, and the decoded -A with its tables, built lazily (a small
 * table at the first verify, the large split tables at the second), so that
 * key generation and one-off verifications do not pay for them.  Any 32
 * bytes are accepted as pub; one that does not decode makes verify fail.
 * Returns NULL only when out of memory.
 */
void *native_ed25519_key_new(const uint8_t *seed, const uint8_t pub[32]);
/*
 * The key of a seed, its public key derived (as derive_public, with the
 * seed hashed once for both) and written to pub.  NULL only when out of memory.
 */
void *native_ed25519_key_from_seed(const uint8_t seed[32], uint8_t pub[32]);
/* Cleanses and frees; accepts NULL. */
void native_ed25519_key_free(void *key);

/*
 * The caller validates the instance (the provider does, signature.c; see
 * ../../backend.h), and these functions do not check it again:
 *   EDFAST_PURE     no context (context_len 0);
 *   EDFAST_CONTEXT  a context of 1 to EDFAST_MAX_CONTEXT_BYTES bytes;
 *   EDFAST_PREHASH  a context of 0 to EDFAST_MAX_CONTEXT_BYTES bytes, and msg is
 *                   PH(M), EDFAST_PREHASH_BYTES long;
 * context is non-NULL when context_len > 0, and msg when msg_len > 0.  Outside
 * these rules the result is memory-safe but meaningless.
 *
 * sign: 1 ok, 0 when the key has no secret.
 */
int native_ed25519_sign(const void *key, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len, uint8_t sig[64]);
/* 1 valid, 0 not, -1 out of memory (the key's first verification). */
int native_ed25519_verify(const void *key, const struct edfast_instance *instance,
                          const uint8_t *msg, size_t msg_len, const uint8_t sig[64]);

#endif
