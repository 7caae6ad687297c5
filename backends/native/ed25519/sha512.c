/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-512, written for speed with plain C: all rounds unrolled, schedule kept in 16 words. */
#include "sha512.h"

#include <string.h>

#include "accel.h"
#include "bytes.h"
#include "sha512_rounds.h"

static void compress(uint64_t state[8], const uint8_t *blocks, size_t nblocks)
{
    const struct n25519_accel *accel = n25519_accel_selected();

    if (accel != NULL)
        accel->sha512_blocks(state, blocks, nblocks);
    else
        n25519_sha512_compress_body(state, blocks, nblocks);
}

void n25519_sha512_init(n25519_sha512_ctx *c)
{
    /* First 64 bits of the fractional parts of the square roots of the first 8 primes. */
    static const uint64_t iv[8] = {
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
    };

    memcpy(c->h, iv, sizeof(iv));
    c->total = 0;
    c->fill = 0;
}

void n25519_sha512_update(n25519_sha512_ctx *c, const void *data, size_t len)
{
    const uint8_t *in = data;

    /* An empty message may come as NULL, which memcpy must never see. */
    if (len == 0)
        return;
    c->total += len;
    if (c->fill) {
        size_t take = 128 - c->fill;

        if (take > len)
            take = len;
        memcpy(c->buf + c->fill, in, take);
        c->fill += take;
        in += take;
        len -= take;
        if (c->fill < 128)
            return;
        compress(c->h, c->buf, 1);
        c->fill = 0;
    }
    if (len >= 128) {
        compress(c->h, in, len / 128);
        in += len & ~(size_t)127;
        len &= 127;
    }
    if (len) {
        memcpy(c->buf, in, len);
        c->fill = len;
    }
}

void n25519_sha512_final(n25519_sha512_ctx *c, uint8_t out[64])
{
    const uint64_t bits = c->total << 3;

    c->buf[c->fill++] = 0x80;
    if (c->fill > 112) {
        memset(c->buf + c->fill, 0, 128 - c->fill);
        compress(c->h, c->buf, 1);
        c->fill = 0;
    }
    memset(c->buf + c->fill, 0, 120 - c->fill);
    /* The 128-bit length field: the high half is zero for any message we can hold. */
    edfast_store64_be(c->buf + 120, bits);
    compress(c->h, c->buf, 1);
    for (int i = 0; i < 8; i++)
        edfast_store64_be(out + 8 * i, c->h[i]);
}

void n25519_sha512(uint8_t out[64], const void *data, size_t len)
{
    n25519_sha512_ctx c;

    n25519_sha512_init(&c);
    n25519_sha512_update(&c, data, len);
    n25519_sha512_final(&c, out);
}
