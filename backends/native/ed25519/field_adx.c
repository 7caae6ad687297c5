/*
 * The parts of the four-limb field (field_adx.h) that are not inline: the
 * conversions from and to radix 2^51 (through which the ADX path reuses the
 * encoding, decoding and square roots of field.c) and the inversion.
 */
#include "field_adx.h"

#ifdef N25519_HAVE_FIELD_ADX

/* 2d = 2 (-121665/121666) mod p */
const n25519_fe64 n25519_fe64_d2 = { { 0xebd69b9426b2f159, 0x00e0149a8283b156,
                                       0x198e80f2eef3d130, 0x2406d9dc56dffce7 } };

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

void n25519_fe64_sqn(n25519_fe64 *h, const n25519_fe64 *f, int n)
{
    n25519_fe64_sq(h, f);
    while (--n > 0)
        n25519_fe64_sq(h, h);
}

void n25519_fe64_invert(n25519_fe64 *h, const n25519_fe64 *f)
{
    /* p - 2 = 2^255 - 21, by the usual chain: 254 squarings, 11 products. */
    n25519_fe64 z2, z9, z11, z5_0, z10_0, z20_0, z50_0, z100_0, t;

    n25519_fe64_sq(&z2, f);
    n25519_fe64_sqn(&t, &z2, 2);
    n25519_fe64_mul(&z9, &t, f);
    n25519_fe64_mul(&z11, &z9, &z2);
    n25519_fe64_sq(&t, &z11);
    n25519_fe64_mul(&z5_0, &t, &z9);          /* 2^5 - 1 */
    n25519_fe64_sqn(&t, &z5_0, 5);
    n25519_fe64_mul(&z10_0, &t, &z5_0);       /* 2^10 - 1 */
    n25519_fe64_sqn(&t, &z10_0, 10);
    n25519_fe64_mul(&z20_0, &t, &z10_0);      /* 2^20 - 1 */
    n25519_fe64_sqn(&t, &z20_0, 20);
    n25519_fe64_mul(&t, &t, &z20_0);          /* 2^40 - 1 */
    n25519_fe64_sqn(&t, &t, 10);
    n25519_fe64_mul(&z50_0, &t, &z10_0);      /* 2^50 - 1 */
    n25519_fe64_sqn(&t, &z50_0, 50);
    n25519_fe64_mul(&z100_0, &t, &z50_0);     /* 2^100 - 1 */
    n25519_fe64_sqn(&t, &z100_0, 100);
    n25519_fe64_mul(&t, &t, &z100_0);         /* 2^200 - 1 */
    n25519_fe64_sqn(&t, &t, 50);
    n25519_fe64_mul(&t, &t, &z50_0);          /* 2^250 - 1 */
    n25519_fe64_sqn(&t, &t, 5);
    n25519_fe64_mul(h, &t, &z11);             /* 2^255 - 21 */
}

#endif
