/* Field operations that are not worth inlining: encoding, exponentiation chains. */
#include "field.h"

const n25519_fe n25519_fe_d = { { 0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029,
                                  0x739c663a03cbb, 0x52036cee2b6ff } };
const n25519_fe n25519_fe_d2 = { { 0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052,
                                   0x6738cc7407977, 0x2406d9dc56dff } };
const n25519_fe n25519_fe_sqrtm1 = { { 0x61b274a0ea0b0, 0x0d5a5fc8f189d, 0x7ef5e9cbd0c60,
                                       0x78595a6804c9e, 0x2b8324804fc1d } };

void n25519_fe_sqn(n25519_fe *h, const n25519_fe *f, int n)
{
    n25519_fe_sq(h, f);
    while (--n > 0)
        n25519_fe_sq(h, h);
}

static uint64_t load64_le(const uint8_t *s)
{
    uint64_t r = 0;

    for (int i = 7; i >= 0; i--)
        r = (r << 8) | s[i];
    return r;
}

void n25519_fe_frombytes(n25519_fe *h, const uint8_t s[32])
{
    const uint64_t w0 = load64_le(s), w1 = load64_le(s + 8);
    const uint64_t w2 = load64_le(s + 16), w3 = load64_le(s + 24);

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
        for (int j = 0; j < 8; j++)
            s[8 * i + j] = (uint8_t)(w[i] >> (8 * j));
}

uint64_t n25519_fe_iszero(const n25519_fe *f)
{
    uint64_t r[5], acc;

    fe_canonical(r, f);
    acc = r[0] | r[1] | r[2] | r[3] | r[4];
    /* acc < 2^51, so acc - 1 has its top bit set only when acc = 0. */
    return (acc - 1) >> 63;
}

uint64_t n25519_fe_isnegative(const n25519_fe *f)
{
    uint64_t r[5];

    fe_canonical(r, f);
    return r[0] & 1;
}

/*
 * Shared prefix of both exponentiations: returns f^(2^250 - 1) in *z250 and
 * f^11 in *z11.  The chain is the usual one for 2^255 - 19 (11 multiplications).
 */
static void fe_pow2250m1(n25519_fe *z250, n25519_fe *z11, const n25519_fe *f)
{
    n25519_fe z2, z9, t, z5, z10, z20, z50, z100;

    n25519_fe_sq(&z2, f);          /* 2 */
    n25519_fe_sqn(&t, &z2, 2);     /* 8 */
    n25519_fe_mul(&z9, &t, f);     /* 9 */
    n25519_fe_mul(z11, &z9, &z2);  /* 11 */
    n25519_fe_sq(&t, z11);         /* 22 */
    n25519_fe_mul(&z5, &t, &z9);   /* 31 = 2^5 - 1 */
    n25519_fe_sqn(&t, &z5, 5);
    n25519_fe_mul(&z10, &t, &z5);  /* 2^10 - 1 */
    n25519_fe_sqn(&t, &z10, 10);
    n25519_fe_mul(&z20, &t, &z10); /* 2^20 - 1 */
    n25519_fe_sqn(&t, &z20, 20);
    n25519_fe_mul(&t, &t, &z20);   /* 2^40 - 1 */
    n25519_fe_sqn(&t, &t, 10);
    n25519_fe_mul(&z50, &t, &z10); /* 2^50 - 1 */
    n25519_fe_sqn(&t, &z50, 50);
    n25519_fe_mul(&z100, &t, &z50); /* 2^100 - 1 */
    n25519_fe_sqn(&t, &z100, 100);
    n25519_fe_mul(&t, &t, &z100);  /* 2^200 - 1 */
    n25519_fe_sqn(&t, &t, 50);
    n25519_fe_mul(z250, &t, &z50); /* 2^250 - 1 */
}

void n25519_fe_invert_fermat(n25519_fe *h, const n25519_fe *f)
{
    n25519_fe z250, z11;

    fe_pow2250m1(&z250, &z11, f);
    n25519_fe_sqn(&z250, &z250, 5); /* 2^255 - 32 */
    n25519_fe_mul(h, &z250, &z11);  /* 2^255 - 21 = p - 2 */
}

void n25519_fe_pow22523(n25519_fe *h, const n25519_fe *f)
{
    n25519_fe z250, z11;

    fe_pow2250m1(&z250, &z11, f);
    n25519_fe_sqn(&z250, &z250, 2); /* 2^252 - 4 */
    n25519_fe_mul(h, &z250, f);     /* 2^252 - 3 = (p - 5) / 8 */
}

int n25519_fe_sqrt_ratio(n25519_fe *x, const n25519_fe *u, const n25519_fe *v)
{
    n25519_fe v3, v7, t, check, neg_u;
    uint64_t plain, flipped;

    /* x = u v^3 (u v^7)^((p-5)/8): one exponentiation instead of an inversion and a root. */
    n25519_fe_sq(&v3, v);
    n25519_fe_mul(&v3, &v3, v);
    n25519_fe_sq(&v7, &v3);
    n25519_fe_mul(&v7, &v7, v);
    n25519_fe_mul(&t, &v7, u);
    n25519_fe_pow22523(&t, &t);
    n25519_fe_mul(&t, &t, &v3);
    n25519_fe_mul(x, &t, u);

    /* v x^2 is u (done), -u (multiply by sqrt(-1)), or neither (no root). */
    n25519_fe_sq(&check, x);
    n25519_fe_mul(&check, &check, v);
    n25519_fe_sub(&t, &check, u);
    plain = n25519_fe_iszero(&t);
    n25519_fe_neg(&neg_u, u);
    n25519_fe_sub(&t, &check, &neg_u);
    flipped = n25519_fe_iszero(&t);
    n25519_fe_mul(&t, x, &n25519_fe_sqrtm1);
    n25519_fe_cmov(x, &t, flipped);
    return (int)(plain | flipped);
}

void n25519_fe_invert(n25519_fe *h, const n25519_fe *f)
{
    n25519_fe_invert_fermat(h, f);
}
