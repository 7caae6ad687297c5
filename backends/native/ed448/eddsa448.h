/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed448 and Ed448ph (RFC 8032 section 5.2) on the native field, point and
 * scalar code of this directory.  Verification verdicts follow OpenSSL 3.0's
 * default provider exactly (see eddsa448.c).
 */
#ifndef N448_EDDSA448_H
#define N448_EDDSA448_H

#include <stddef.h>
#include <stdint.h>
#include "../../backend.h"

/* The public key of a seed.  Returns 1. */
int native_ed448_derive_public(const uint8_t seed[EDFAST_ED448_KEY_BYTES], uint8_t pub[EDFAST_ED448_KEY_BYTES]);

/*
 * A key state: seed may be NULL (public only).  pub is kept as given and used
 * in hashing even when it does not match the seed or does not decode (then
 * verify always fails).  Returns NULL only when out of memory.
 */
void *native_ed448_key_new(const uint8_t *seed, const uint8_t pub[EDFAST_ED448_KEY_BYTES]);
/* Cleanses and frees; accepts NULL. */
void native_ed448_key_free(void *key);
/*
 * The key of a seed, its public key derived (as derive_public, with the
 * seed hashed once for both) and written to pub.  NULL only when out of memory.
 */
void *native_ed448_key_from_seed(const uint8_t seed[EDFAST_ED448_KEY_BYTES],
                                 uint8_t pub[EDFAST_ED448_KEY_BYTES]);

/*
 * The caller validates the instance (the provider does, signature.c; see
 * ../../backend.h), and these functions do not check it again:
 *   EDFAST_PURE, EDFAST_CONTEXT  a context of 0 to EDFAST_MAX_CONTEXT_BYTES
 *                   bytes (both are dom4(0, context) on Ed448);
 *   EDFAST_PREHASH  the same context rule, and msg is PH(M),
 *                   EDFAST_PREHASH_BYTES long;
 * context is non-NULL when context_len > 0 (msg may be NULL when msg_len is 0).
 * Outside these rules the result is memory-safe but meaningless.
 *
 * sign: 1 on success, 0 for a public-only key.
 */
int native_ed448_sign(const void *key, const struct edfast_instance *instance,
                      const uint8_t *msg, size_t msg_len, uint8_t sig[2 * EDFAST_ED448_KEY_BYTES]);
/* 1 when the signature is valid. */
int native_ed448_verify(const void *key, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len,
                        const uint8_t sig[2 * EDFAST_ED448_KEY_BYTES]);

#endif
