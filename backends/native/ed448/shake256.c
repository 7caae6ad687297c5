/*
 * Keccak-f[1600] and SHAKE256 (rate 136 bytes, domain bits 1111 then pad10*1).
 * Lanes are kept as host integers and bytes are mapped little-endian, so the
 * code is independent of the host byte order.
 */
#include "shake256.h"

#include <string.h>
#include <openssl/crypto.h>

static const uint64_t RC[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/* rho offsets for lane x + 5y */
static const unsigned RHO[25] = {
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43,
    25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14
};

static inline uint64_t rotl(uint64_t v, unsigned n)
{
    return n ? (v << n) | (v >> (64 - n)) : v;
}

void n448_keccak_f1600(uint64_t a[25])
{
    uint64_t b[25], c[5], d[5];

    for (int round = 0; round < 24; round++) {
        /* theta */
        for (int x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++)
            d[x] = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
        /* rho and pi: lane (x, y) moves to (y, 2x + 3y) */
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 5; x++)
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y] ^ d[x], RHO[x + 5 * y]);
        /* chi */
        for (int y = 0; y < 25; y += 5)
            for (int x = 0; x < 5; x++)
                a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
        /* iota */
        a[0] ^= RC[round];
    }
}

void n448_shake256_init(n448_shake256_ctx *c)
{
    memset(c, 0, sizeof(*c));
}

static inline uint64_t load64_le(const uint8_t *p)
{
    uint64_t v = 0;

    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

void n448_shake256_absorb(n448_shake256_ctx *c, const uint8_t *in, size_t len)
{
    while (len > 0) {
        if (c->pos % 8 == 0 && len >= 8) {
            /* whole lanes while aligned */
            while (len >= 8 && c->pos < SHAKE256_RATE) {
                c->s[c->pos / 8] ^= load64_le(in);
                c->pos += 8;
                in += 8;
                len -= 8;
            }
        } else {
            c->s[c->pos / 8] ^= (uint64_t)*in++ << (8 * (c->pos % 8));
            c->pos++;
            len--;
        }
        if (c->pos == SHAKE256_RATE) {
            n448_keccak_f1600(c->s);
            c->pos = 0;
        }
    }
}

void n448_shake256_squeeze(n448_shake256_ctx *c, uint8_t *out, size_t len)
{
    if (!c->squeezing) {
        c->s[c->pos / 8] ^= (uint64_t)0x1f << (8 * (c->pos % 8));
        c->s[(SHAKE256_RATE - 1) / 8] ^= (uint64_t)0x80 << (8 * ((SHAKE256_RATE - 1) % 8));
        n448_keccak_f1600(c->s);
        c->pos = 0;
        c->squeezing = 1;
    }
    while (len > 0) {
        if (c->pos == SHAKE256_RATE) {
            n448_keccak_f1600(c->s);
            c->pos = 0;
        }
        *out++ = (uint8_t)(c->s[c->pos / 8] >> (8 * (c->pos % 8)));
        c->pos++;
        len--;
    }
}

void n448_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    n448_shake256_ctx c;

    n448_shake256_init(&c);
    n448_shake256_absorb(&c, in, inlen);
    n448_shake256_squeeze(&c, out, outlen);
    OPENSSL_cleanse(&c, sizeof(c)); /* the state can reveal a secret input */
}
