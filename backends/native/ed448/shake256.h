/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHAKE256 (FIPS 202) with an incremental absorb, so that EdDSA can hash
 * dom4 || R || A || M straight from the caller's buffers.  The context is a
 * plain struct: no allocation, no provider fetch.
 */
#ifndef N448_SHAKE256_H
#define N448_SHAKE256_H

#include <stddef.h>
#include <stdint.h>

#define N448_SHAKE256_RATE 136

typedef struct {
    uint64_t s[25];
    size_t pos;     /* bytes absorbed into / squeezed from the current block */
    int squeezing;
} n448_shake256_ctx;

void n448_shake256_init(n448_shake256_ctx *c);
void n448_shake256_absorb(n448_shake256_ctx *c, const uint8_t *in, size_t len);
/* Pads on the first call; may be called repeatedly to read more output. */
void n448_shake256_squeeze(n448_shake256_ctx *c, uint8_t *out, size_t len);
void n448_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void n448_keccak_f1600(uint64_t s[25]);

#endif
