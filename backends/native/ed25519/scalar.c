/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Arithmetic mod L with 64-bit limbs and Barrett reduction (HAC 14.42 with
 * b = 2^64, k = 4): no secret-dependent branch anywhere, and only one
 * reduction routine to get right.
 */
#include "scalar.h"

#include <string.h>

#include <openssl/crypto.h>

#include "bytes.h"
#include "ct.h"

typedef unsigned __int128 u128;

static const uint64_t L_LIMBS[5] = { 0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000, 0 };
/* floor(2^512 / L), 260 bits. */
static const uint64_t MU[5] = { 0xed9ce5a30a2c131b, 0x2106215d086329a7, 0xffffffffffffffeb,
                                0xffffffffffffffff, 0xf };

/* r[0..na+nb-1] = a * b. */
static void mul_limbs(uint64_t *r, const uint64_t *a, int na, const uint64_t *b, int nb)
{
    memset(r, 0, sizeof(uint64_t) * (size_t)(na + nb));
    for (int i = 0; i < na; i++) {
        uint64_t carry = 0;

        for (int j = 0; j < nb; j++) {
            u128 t = (u128)a[i] * b[j] + r[i + j] + carry;

            r[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        r[i + nb] = carry;
    }
}

/* r = r - L when r >= L, for 5-limb r; constant time. */
static void cond_sub_l(uint64_t r[5])
{
    uint64_t t[5], borrow = 0, keep;

    for (int i = 0; i < 5; i++) {
        u128 d = (u128)r[i] - L_LIMBS[i] - borrow;

        t[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    /* borrow = 1 means r < L: keep r. */
    keep = ct_mask_bit0(borrow);
    for (int i = 0; i < 5; i++)
        r[i] = (r[i] & keep) | (t[i] & ~keep);
}

/* out = x mod L for x < 2^512 given as 8 limbs. */
static void barrett(uint8_t out[32], const uint64_t x[8])
{
    uint64_t q2[10], r2[10], r[5];
    uint64_t borrow = 0;

    /* q3 = floor(floor(x / 2^192) * mu / 2^320) underestimates x / L by at most 2. */
    mul_limbs(q2, x + 3, 5, MU, 5);
    mul_limbs(r2, q2 + 5, 5, L_LIMBS, 4);
    for (int i = 0; i < 5; i++) {
        u128 d = (u128)x[i] - r2[i] - borrow;

        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    /* Working mod 2^320 the difference is exact: 0 <= r < 3L. */
    cond_sub_l(r);
    cond_sub_l(r);
    for (int i = 0; i < 4; i++)
        edfast_store64_le(out + 8 * i, r[i]);
    OPENSSL_cleanse(q2, sizeof(q2));
    OPENSSL_cleanse(r2, sizeof(r2));
    OPENSSL_cleanse(r, sizeof(r));
}

void n25519_sc_reduce64(uint8_t out[32], const uint8_t in[64])
{
    uint64_t x[8];

    for (int i = 0; i < 8; i++)
        x[i] = edfast_load64_le(in + 8 * i);
    barrett(out, x);
    OPENSSL_cleanse(x, sizeof(x));
}

void n25519_sc_reduce32(uint8_t out[32], const uint8_t in[32])
{
    uint64_t x[8] = { 0 };

    for (int i = 0; i < 4; i++)
        x[i] = edfast_load64_le(in + 8 * i);
    barrett(out, x);
    OPENSSL_cleanse(x, sizeof(x));
}

void n25519_sc_muladd(uint8_t s[32], const uint8_t a[32], const uint8_t b[32],
                      const uint8_t c[32])
{
    uint64_t al[4], bl[4], x[8], carry = 0;

    for (int i = 0; i < 4; i++) {
        al[i] = edfast_load64_le(a + 8 * i);
        bl[i] = edfast_load64_le(b + 8 * i);
    }
    mul_limbs(x, al, 4, bl, 4);
    /* a b <= (2^256 - 1)^2, so adding c < 2^256 cannot overflow 512 bits. */
    for (int i = 0; i < 8; i++) {
        u128 t = (u128)x[i] + (i < 4 ? edfast_load64_le(c + 8 * i) : 0) + carry;

        x[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    barrett(s, x);
    OPENSSL_cleanse(al, sizeof(al));
    OPENSSL_cleanse(bl, sizeof(bl));
    OPENSSL_cleanse(x, sizeof(x));
}

int n25519_sc_is_canonical(const uint8_t s[32])
{
    for (int i = 3; i >= 0; i--) {
        uint64_t v = edfast_load64_le(s + 8 * i);

        if (v < L_LIMBS[i])
            return 1;
        if (v > L_LIMBS[i])
            return 0;
    }
    return 0; /* s == L */
}

/* Bits [pos, pos + w) of the 256-bit little-endian s, w <= 8. */
static unsigned bits_at(const uint8_t s[32], int pos, int w)
{
    unsigned v = 0;
    int byte = pos >> 3;

    /* Two bytes always cover a window of at most 8 bits; read past the end as zero. */
    v = s[byte];
    if (byte + 1 < 32)
        v |= (unsigned)s[byte + 1] << 8;
    return (v >> (pos & 7)) & ((1u << w) - 1);
}

void n25519_sc_signed_radix(int8_t *e, const uint8_t s[32], int w, int n)
{
    int carry = 0;
    const int half = 1 << (w - 1);

    for (int i = 0; i < n; i++) {
        int pos = w * i;
        int d = (pos < 256 ? (int)bits_at(s, pos, w) : 0) + carry;

        /* Arithmetic, not a branch: carry = 1 exactly when d >= 2^(w-1). */
        carry = (d + half) >> w;
        e[i] = (int8_t)(d - (carry << w));
    }
    /* The precondition s < 2^(w n - 1) leaves no carry; fold it in regardless. */
    e[n - 1] = (int8_t)(e[n - 1] + (carry << w));
}

/* 64 bits of x starting at bit pos (x has a zero limb at the top). */
static uint64_t bits64(const uint64_t x[5], int pos)
{
    const int i = pos >> 6, sh = pos & 63;

    return sh ? (x[i] >> sh) | (x[i + 1] << (64 - sh)) : x[i];
}

void n25519_sc_wnaf(int8_t naf[256], const uint8_t s[32], int w)
{
    const int width = 1 << w, half = width >> 1;
    uint64_t x[5];
    int carry = 0, pos = 0;

    for (int i = 0; i < 4; i++)
        x[i] = edfast_load64_le(s + 8 * i);
    x[4] = 0;
    memset(naf, 0, 256);
    while (pos < 256) {
        const uint64_t buf = bits64(x, pos);
        int window;

        if (!carry) {
            /* Jump straight over runs of zero bits. */
            if (buf == 0) {
                pos += 64;
                continue;
            }
            if (!(buf & 1)) {
                pos += __builtin_ctzll(buf);
                continue;
            }
        }
        window = carry + (int)(buf & (uint64_t)(width - 1));
        if (!(window & 1)) {
            /*
             * bit + carry = 2: nothing is left at pos and the carry moves up
             * one place, unchanged.
             */
            pos++;
            continue;
        }
        if (window < half) {
            naf[pos] = (int8_t)window;
            carry = 0;
        } else {
            naf[pos] = (int8_t)(window - width);
            carry = 1;
        }
        pos += w;
    }
}
