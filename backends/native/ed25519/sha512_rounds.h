/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The SHA-512 compression function as an always-inlined body, so that
 * sha512.c (portable) and accel_x86.c (BMI2) each compile their own copy.
 */
#ifndef N25519_SHA512_ROUNDS_H
#define N25519_SHA512_ROUNDS_H

#include <stddef.h>
#include <stdint.h>
#include "bytes.h"

/* First 64 bits of the fractional parts of the cube roots of the first 80 primes. */
static const uint64_t n25519_sha512_k[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

static inline uint64_t ror(uint64_t x, int n)
{
    return (x >> n) | (x << (64 - n));
}

#define BSIG0(x) (ror(x, 28) ^ ror(x, 34) ^ ror(x, 39))
#define BSIG1(x) (ror(x, 14) ^ ror(x, 18) ^ ror(x, 41))
#define SSIG0(x) (ror(x, 1) ^ ror(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ror(x, 19) ^ ror(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/*
 * One round with the working variables renamed instead of shifted: the
 * caller rotates the argument order, so no moves are needed between rounds.
 */
#define ROUND(a, b, c, d, e, f, g, h, k, w)                          \
    do {                                                             \
        uint64_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + (k) + (w);     \
        (d) += t1_;                                                  \
        (h) = t1_ + BSIG0(a) + MAJ(a, b, c);                         \
    } while (0)

/*
 * Message word i of the block: the first 16 come straight from W, later ones
 * are computed in place in the 16-word window.  i is always a constant
 * here, so the test and the indices fold away.
 */
#define WORD(W, i)                                                                 \
    ((i) < 16 ? W[(i) & 15]                                                        \
              : (W[(i) & 15] += SSIG1(W[((i) - 2) & 15]) + W[((i) - 7) & 15]        \
                                + SSIG0(W[((i) - 15) & 15])))

#define ROUNDS8(W, i)                                                  \
    do {                                                               \
        ROUND(a, b, c, d, e, f, g, h, n25519_sha512_k[(i) + 0], WORD(W, (i) + 0));   \
        ROUND(h, a, b, c, d, e, f, g, n25519_sha512_k[(i) + 1], WORD(W, (i) + 1));   \
        ROUND(g, h, a, b, c, d, e, f, n25519_sha512_k[(i) + 2], WORD(W, (i) + 2));   \
        ROUND(f, g, h, a, b, c, d, e, n25519_sha512_k[(i) + 3], WORD(W, (i) + 3));   \
        ROUND(e, f, g, h, a, b, c, d, n25519_sha512_k[(i) + 4], WORD(W, (i) + 4));   \
        ROUND(d, e, f, g, h, a, b, c, n25519_sha512_k[(i) + 5], WORD(W, (i) + 5));   \
        ROUND(c, d, e, f, g, h, a, b, n25519_sha512_k[(i) + 6], WORD(W, (i) + 6));   \
        ROUND(b, c, d, e, f, g, h, a, n25519_sha512_k[(i) + 7], WORD(W, (i) + 7));   \
    } while (0)

/* All 80 rounds spelled out: every index is a constant, nothing is recomputed. */
static inline __attribute__((always_inline)) void
n25519_sha512_compress_body(uint64_t state[8], const uint8_t *blocks, size_t nblocks)
{
    uint64_t W[16];

    while (nblocks--) {
        uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint64_t e = state[4], f = state[5], g = state[6], h = state[7];

        for (int i = 0; i < 16; i++)
            W[i] = edfast_load64_be(blocks + 8 * i);
        ROUNDS8(W, 0);
        ROUNDS8(W, 8);
        ROUNDS8(W, 16);
        ROUNDS8(W, 24);
        ROUNDS8(W, 32);
        ROUNDS8(W, 40);
        ROUNDS8(W, 48);
        ROUNDS8(W, 56);
        ROUNDS8(W, 64);
        ROUNDS8(W, 72);
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
        blocks += 128;
    }
}

#endif
