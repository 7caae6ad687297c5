/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The parts of the four-limb field (field_adx.h) that are not inline: the
 * conversions from and to radix 2^51, through which the adx path reuses the
 * encoding and inversion of field.c (safegcd there measured 1.6-1.7x faster
 * than a four-limb Fermat chain on AMD Zen 3, commit 853c1fc), and the exponentiation of square
 * roots, where 250 squarings make the four-limb field worth its conversions.
 */
#include "field_adx.h"

#ifdef N25519_HAVE_FIELD_ADX

void n25519_fe64_from_fe(n25519_fe64 *h, const n25519_fe *f)
{
    /* The limbs may be loose (below 2^54): sum them exactly, then fold what
     * is left above 2^256 (at most 3) times 38, and the carry of that. */
    n25519_u128 acc = (n25519_u128)f->v[0] + ((n25519_u128)f->v[1] << 51);
    uint64_t r[4], over;

    r[0] = (uint64_t)acc;
    acc = (acc >> 64) + ((n25519_u128)f->v[2] << 38);
    r[1] = (uint64_t)acc;
    acc = (acc >> 64) + ((n25519_u128)f->v[3] << 25);
    r[2] = (uint64_t)acc;
    acc = (acc >> 64) + ((n25519_u128)f->v[4] << 12);
    r[3] = (uint64_t)acc;
    over = (uint64_t)(acc >> 64);

    acc = (n25519_u128)r[0] + over * 38;
    for (int i = 0; i < 4; i++) {
        h->v[i] = (uint64_t)acc;
        acc = (acc >> 64) + (i < 3 ? r[i + 1] : 0);
    }
    /* A carry out of 2^256 leaves h->v[0] small: 38 more cannot carry. */
    h->v[0] += (uint64_t)acc * 38;
}

void n25519_fe64_to_fe(n25519_fe *h, const n25519_fe64 *f)
{
    n25519_fe t;

    t.v[0] = f->v[0] & N25519_MASK51;
    t.v[1] = ((f->v[0] >> 51) | (f->v[1] << 13)) & N25519_MASK51;
    t.v[2] = ((f->v[1] >> 38) | (f->v[2] << 26)) & N25519_MASK51;
    t.v[3] = ((f->v[2] >> 25) | (f->v[3] << 39)) & N25519_MASK51;
    t.v[4] = f->v[3] >> 12; /* below 2^52: one carry makes it tight */
    n25519_fe_carry(h, &t);
}

N25519_DEFINE_POW22523(n25519_fe64_pow22523, n25519_fe64, n25519_fe64_sq, n25519_fe64_mul)

void n25519_adx_pow22523(n25519_fe *h, const n25519_fe *f, int n)
{
    n25519_fe64 x[N25519_POW_WAYS] = { 0 }; /* zeroed: only the first n are read, unknown to the compiler */

    for (int j = 0; j < n; j++)
        n25519_fe64_from_fe(&x[j], &f[j]);
    n25519_fe64_pow22523(x, x, n);
    for (int j = 0; j < n; j++)
        n25519_fe64_to_fe(&h[j], &x[j]);
}

#endif
