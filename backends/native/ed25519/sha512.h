/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-512 (FIPS 180-4), incremental, no allocation: EdDSA hashes
 * dom2 || R || A || M in pieces without copying the message.
 */
#ifndef N25519_SHA512_H
#define N25519_SHA512_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t h[8];
    uint64_t total;       /* bytes hashed so far (messages < 2^61 bytes) */
    size_t fill;          /* bytes waiting in buf */
    uint8_t buf[128];
} n25519_sha512_ctx;

void n25519_sha512_init(n25519_sha512_ctx *c);
void n25519_sha512_update(n25519_sha512_ctx *c, const void *data, size_t len);
/* Writes the 64-byte digest; the context must be re-initialised before reuse. */
void n25519_sha512_final(n25519_sha512_ctx *c, uint8_t out[64]);
/* One-shot convenience. */
void n25519_sha512(uint8_t out[64], const void *data, size_t len);

#endif
