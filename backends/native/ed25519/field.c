/* SPDX-License-Identifier: Apache-2.0 */
/* Field operations that are not worth inlining: encoding, exponentiation chains. */
#include "field.h"

#include <openssl/crypto.h>

#include "bytes.h"
#include "safegcd.h"

const n25519_fe n25519_fe_d = { { 0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029,
                                  0x739c663a03cbb, 0x52036cee2b6ff } };
const n25519_fe n25519_fe_d2 = { { 0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052,
                                   0x6738cc7407977, 0x2406d9dc56dff } };
const n25519_fe n25519_fe_sqrtm1 = { { 0x61b274a0ea0b0, 0x0d5a5fc8f189d, 0x7ef5e9cbd0c60,
                                       0x78595a6804c9e, 0x2b8324804fc1d } };

void n25519_fe_frombytes(n25519_fe *h, const uint8_t s[32])
{
    const uint64_t w0 = edfast_load64_le(s), w1 = edfast_load64_le(s + 8);
    const uint64_t w2 = edfast_load64_le(s + 16), w3 = edfast_load64_le(s + 24);

    h->v[0] = w0 & N25519_MASK51;
    h->v[1] = ((w0 >> 51) | (w1 << 13)) & N25519_MASK51;
    h->v[2] = ((w1 >> 38) | (w2 << 26)) & N25519_MASK51;
    h->v[3] = ((w2 >> 25) | (w3 << 39)) & N25519_MASK51;
    h->v[4] = (w3 >> 12) & N25519_MASK51; /* drops bit 255 */
}

/* Fully reduces f into [0, p) limb by limb. */
static void fe_canonical(uint64_t r[5], const n25519_fe *f)
{
    n25519_fe t;
    uint64_t q;

    n25519_fe_carry(&t, f);
    n25519_fe_carry(&t, &t);
    /* Now t < 2^255 + small; a serial carry makes every limb < 2^51 exactly. */
    for (int i = 0; i < 4; i++) {
        t.v[i + 1] += t.v[i] >> 51;
        t.v[i] &= N25519_MASK51;
    }
    t.v[0] += 19 * (t.v[4] >> 51);
    t.v[4] &= N25519_MASK51;
    for (int i = 0; i < 4; i++) {
        t.v[i + 1] += t.v[i] >> 51;
        t.v[i] &= N25519_MASK51;
    }
    /* t < 2^255 now.  q = 1 exactly when t >= p, i.e. when t + 19 reaches 2^255. */
    q = (t.v[0] + 19) >> 51;
    q = (t.v[1] + q) >> 51;
    q = (t.v[2] + q) >> 51;
    q = (t.v[3] + q) >> 51;
    q = (t.v[4] + q) >> 51;
    /* Subtracting p is adding 19 and dropping 2^255. */
    t.v[0] += 19 * q;
    for (int i = 0; i < 4; i++) {
        t.v[i + 1] += t.v[i] >> 51;
        t.v[i] &= N25519_MASK51;
    }
    t.v[4] &= N25519_MASK51;
    for (int i = 0; i < 5; i++)
        r[i] = t.v[i];
}

void n25519_fe_tobytes(uint8_t s[32], const n25519_fe *f)
{
    uint64_t r[5], w[4];

    fe_canonical(r, f);
    w[0] = r[0] | (r[1] << 51);
    w[1] = (r[1] >> 13) | (r[2] << 38);
    w[2] = (r[2] >> 26) | (r[3] << 25);
    w[3] = (r[3] >> 39) | (r[4] << 12);
    for (int i = 0; i < 4; i++)
        edfast_store64_le(s + 8 * i, w[i]);
}

uint64_t n25519_fe_iszero(const n25519_fe *f)
{
    uint64_t r[5], acc;

    fe_canonical(r, f);
    acc = r[0] | r[1] | r[2] | r[3] | r[4];
    return ct_iszero64(acc);
}

uint64_t n25519_fe_isnegative(const n25519_fe *f)
{
    uint64_t r[5];

    fe_canonical(r, f);
    return ct_mask_bit0(r[0]);
}

N25519_DEFINE_POW22523(n25519_fe_pow22523, n25519_fe, n25519_fe_sq, n25519_fe_mul)

unsigned n25519_fe_sqrt_ratio(n25519_fe *x, const n25519_fe *u, const n25519_fe *v, int n,
                              n25519_fe_pow_fn *pow22523)
{
    /* zeroed: the compiler cannot see that only the first n are read */
    n25519_fe v3[N25519_POW_WAYS], t[N25519_POW_WAYS] = { 0 }, check, neg_u;
    uint64_t plain, flipped;
    unsigned found = 0;

    /* x = u v^3 (u v^7)^((p-5)/8): one exponentiation instead of an inversion and a root. */
    for (int j = 0; j < n; j++) {
        n25519_fe_sq(&v3[j], &v[j]);
        n25519_fe_mul(&v3[j], &v3[j], &v[j]);
        n25519_fe_sq(&t[j], &v3[j]);
        n25519_fe_mul(&t[j], &t[j], &v[j]);
        n25519_fe_mul(&t[j], &t[j], &u[j]);
    }
    pow22523(t, t, n);
    for (int j = 0; j < n; j++) {
        n25519_fe_mul(&t[j], &t[j], &v3[j]);
        n25519_fe_mul(&x[j], &t[j], &u[j]);

        /* v x^2 is u (done), -u (multiply by sqrt(-1)), or neither (no root). */
        n25519_fe_sq(&check, &x[j]);
        n25519_fe_mul(&check, &check, &v[j]);
        n25519_fe_sub(&t[j], &check, &u[j]);
        plain = n25519_fe_iszero(&t[j]);
        n25519_fe_neg(&neg_u, &u[j]);
        n25519_fe_sub(&t[j], &check, &neg_u);
        flipped = n25519_fe_iszero(&t[j]);
        n25519_fe_mul(&t[j], &x[j], &n25519_fe_sqrtm1);
        n25519_fe_cmov(&x[j], &t[j], flipped);
        found |= (unsigned)((plain | flipped) & 1) << j;
    }
    return found;
}

/*
 * Constant-time inversion by safegcd divsteps (../safegcd.h), about three
 * times faster than the 265-multiplication Fermat chain it replaces.  The
 * half-delta variant needs at most 590 divsteps for 256-bit inputs: 10
 * batches of 60.
 */
static const safegcd_modulus P25519 = {
    { { 0x3fffffffffffffed, 0x3fffffffffffffff, 0x3fffffffffffffff, 0x3fffffffffffffff, 0x7f } },
    0x39435e50d79435e5, /* p^-1 mod 2^62 */
    5
};
#define SAFEGCD_BATCHES 10
/* Far more batches of 62 than any public input needs (about 12). */
#define SAFEGCD_VAR_BATCHES 40

void n25519_fe_invert(n25519_fe *h, const n25519_fe *x)
{
    uint64_t r[5];

    fe_canonical(r, x);
    safegcd_invert(h->v, r, 5, 51, &P25519, SAFEGCD_BATCHES, 1);
    /* The input may be a secret-derived coordinate (signing). */
    OPENSSL_cleanse(r, sizeof(r));
}

void n25519_fe_invert_vartime(n25519_fe *h, const n25519_fe *x)
{
    uint64_t r[5];

    fe_canonical(r, x);
    safegcd_invert_vartime(h->v, r, 5, 51, &P25519, SAFEGCD_VAR_BATCHES);
}
