/* SPDX-License-Identifier: Apache-2.0 */
/* Point arithmetic: conversions, the group law, encoding and decoding. */
#include "point.h"

#include <string.h>

#include "accel.h"

/* ---- constants ---- */

static const n25519_fe BASE_X = { { 0x62d608f25d51a, 0x412a4b4f6592a, 0x75b7171a4b31d,
                                    0x1ff60527118fe, 0x216936d3cd6e5 } };
static const n25519_fe BASE_Y = { { 0x6666666666658, 0x4cccccccccccc, 0x1999999999999,
                                    0x3333333333333, 0x6666666666666 } };

void n25519_ge_identity(n25519_ge_p3 *h)
{
    n25519_fe_zero(&h->X);
    n25519_fe_one(&h->Y);
    n25519_fe_one(&h->Z);
    n25519_fe_zero(&h->T);
}

void n25519_ge_base(n25519_ge_p3 *h)
{
    h->X = BASE_X;
    h->Y = BASE_Y;
    n25519_fe_one(&h->Z);
    n25519_fe_mul(&h->T, &BASE_X, &BASE_Y);
}

/* ---- conversions ---- */

void n25519_ge_p3_to_cached(n25519_ge_cached *c, const n25519_ge_p3 *p)
{
    n25519_fe_add(&c->YplusX, &p->Y, &p->X);
    n25519_fe_sub(&c->YminusX, &p->Y, &p->X);
    n25519_fe_add(&c->Z2, &p->Z, &p->Z);
    n25519_fe_mul(&c->T2d, &p->T, &n25519_fe_d2);
}

void n25519_ge_completed_to_p3(n25519_ge_p3 *r, const n25519_ge_completed *c)
{
    n25519_fe_mul(&r->X, &c->X, &c->T);
    n25519_fe_mul(&r->Y, &c->Y, &c->Z);
    n25519_fe_mul(&r->Z, &c->Z, &c->T);
    n25519_fe_mul(&r->T, &c->X, &c->Y);
}

void n25519_ge_completed_to_p2(n25519_ge_p2 *r, const n25519_ge_completed *c)
{
    n25519_fe_mul(&r->X, &c->X, &c->T);
    n25519_fe_mul(&r->Y, &c->Y, &c->Z);
    n25519_fe_mul(&r->Z, &c->Z, &c->T);
}

/* ---- group law ----
 * A completed point holds E, H, G, F of the HWCD formulas as X, Y, Z, T, so
 * that x = E/G and y = H/F.
 */

void n25519_ge_dbl(n25519_ge_completed *r, const n25519_ge_p2 *p)
{
    n25519_fe xx, yy, zz2, s;

    n25519_fe_sq(&xx, &p->X);
    n25519_fe_sq(&yy, &p->Y);
    n25519_fe_sq(&zz2, &p->Z);
    n25519_fe_add(&zz2, &zz2, &zz2);
    n25519_fe_add(&s, &p->X, &p->Y);
    n25519_fe_sq(&s, &s);
    n25519_fe_add(&r->Y, &yy, &xx);     /* H = Y^2 + X^2 */
    n25519_fe_sub(&r->X, &s, &r->Y);    /* E = 2XY */
    n25519_fe_sub(&r->Z, &yy, &xx);     /* G = Y^2 - X^2 */
    n25519_fe_sub(&r->T, &zz2, &r->Z);  /* F = 2Z^2 - G */
}

/* The shared tail of every addition: from A, B, C, D to the completed point. */
static void add_finish(n25519_ge_completed *r, const n25519_fe *a, const n25519_fe *b,
                       const n25519_fe *c, const n25519_fe *d)
{
    n25519_fe_sub(&r->X, b, a); /* E */
    n25519_fe_add(&r->Y, b, a); /* H */
    n25519_fe_add(&r->Z, d, c); /* G */
    n25519_fe_sub(&r->T, d, c); /* F */
}

void n25519_ge_add(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_cached *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->YminusX);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->YplusX);
    n25519_fe_mul(&c, &p->T, &q->T2d);
    n25519_fe_mul(&d, &p->Z, &q->Z2);
    add_finish(r, &a, &b, &c, &d);
}

/* Adding -q: swap the roles of Y+X and Y-X and negate C (done by swapping F and G). */
void n25519_ge_sub(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_cached *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->YplusX);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->YminusX);
    n25519_fe_mul(&c, &p->T, &q->T2d);
    n25519_fe_mul(&d, &p->Z, &q->Z2);
    n25519_fe_sub(&r->X, &b, &a);
    n25519_fe_add(&r->Y, &b, &a);
    n25519_fe_sub(&r->Z, &d, &c);
    n25519_fe_add(&r->T, &d, &c);
}

void n25519_ge_madd(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_niels *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->ymx);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->ypx);
    n25519_fe_mul(&c, &p->T, &q->xy2d);
    n25519_fe_add(&d, &p->Z, &p->Z);
    add_finish(r, &a, &b, &c, &d);
}

void n25519_ge_msub(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_niels *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->ypx);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->ymx);
    n25519_fe_mul(&c, &p->T, &q->xy2d);
    n25519_fe_add(&d, &p->Z, &p->Z);
    n25519_fe_sub(&r->X, &b, &a);
    n25519_fe_add(&r->Y, &b, &a);
    n25519_fe_sub(&r->Z, &d, &c);
    n25519_fe_add(&r->T, &d, &c);
}

void n25519_ge_p3_add(n25519_ge_p3 *r, const n25519_ge_p3 *p, const n25519_ge_p3 *q)
{
    n25519_ge_cached c;
    n25519_ge_completed t;

    n25519_ge_p3_to_cached(&c, q);
    n25519_ge_add(&t, p, &c);
    n25519_ge_completed_to_p3(r, &t);
}

void n25519_ge_p3_dbl(n25519_ge_p3 *r, const n25519_ge_p3 *p)
{
    n25519_ge_p2 q;
    n25519_ge_completed t;

    n25519_ge_p3_to_p2(&q, p);
    n25519_ge_dbl(&t, &q);
    n25519_ge_completed_to_p3(r, &t);
}

void n25519_ge_neg(n25519_ge_p3 *r, const n25519_ge_p3 *p)
{
    n25519_fe_neg(&r->X, &p->X);
    n25519_fe_carry(&r->Y, &p->Y);
    n25519_fe_carry(&r->Z, &p->Z);
    n25519_fe_neg(&r->T, &p->T);
}

/* ---- encoding ---- */

static void encode_xyz(uint8_t s[32], const n25519_fe *X, const n25519_fe *Y, const n25519_fe *Z,
                       int public_point)
{
    n25519_fe zinv, x, y;

    if (public_point)
        n25519_fe_invert_vartime(&zinv, Z);
    else
        n25519_fe_invert(&zinv, Z);
    n25519_fe_mul(&x, X, &zinv);
    n25519_fe_mul(&y, Y, &zinv);
    n25519_fe_tobytes(s, &y);
    s[31] ^= (uint8_t)(n25519_fe_isnegative(&x) & 0x80);
}

void n25519_ge_tobytes(uint8_t s[32], const n25519_ge_p3 *p)
{
    encode_xyz(s, &p->X, &p->Y, &p->Z, 0);
}

void n25519_ge_p2_tobytes_vartime(uint8_t s[32], const n25519_ge_p2 *p)
{
    encode_xyz(s, &p->X, &p->Y, &p->Z, 1);
}

/*
 * Decodes n <= N25519_POW_WAYS encodings with the acceptance of OpenSSL's
 * ge_frombytes_vartime (point.h), their square roots side by side (field.h);
 * bit j of the result is set when s[j] decodes.
 */
static unsigned decode(n25519_ge_p3 *const *h, const uint8_t *const *s, int n)
{
    n25519_fe u[N25519_POW_WAYS], v[N25519_POW_WAYS], x[N25519_POW_WAYS], yy, minus_x;
    unsigned found;

    for (int j = 0; j < n; j++) {
        n25519_fe_frombytes(&h[j]->Y, s[j]);
        n25519_fe_one(&h[j]->Z);
        n25519_fe_sq(&yy, &h[j]->Y);
        n25519_fe_sub(&u[j], &yy, &h[j]->Z); /* y^2 - 1 */
        n25519_fe_mul(&v[j], &yy, &n25519_fe_d);
        n25519_fe_add(&v[j], &v[j], &h[j]->Z); /* d y^2 + 1, never 0 */
    }
    found = n25519_fe_sqrt_ratio(x, u, v, n, n25519_accel_pow22523());
    for (int j = 0; j < n; j++) {
        /* With x = 0 the negation is a no-op, so a set sign bit is accepted, as in OpenSSL. */
        h[j]->X = x[j];
        n25519_fe_neg(&minus_x, &x[j]);
        n25519_fe_cmov(&h[j]->X, &minus_x,
                       n25519_fe_isnegative(&x[j]) ^ ct_mask_bit0(s[j][31] >> 7));
        n25519_fe_mul(&h[j]->T, &h[j]->X, &h[j]->Y);
    }
    return found;
}

/* Whether s is what n25519_ge_tobytes writes for h, decoded from s. */
static int is_canonical(const n25519_ge_p3 *h, const uint8_t s[32])
{
    uint8_t y[32];

    n25519_fe_tobytes(y, &h->Y);
    if (memcmp(y, s, 31) != 0 || y[31] != (s[31] & 0x7f))
        return 0; /* y >= p */
    return !((s[31] >> 7) && n25519_fe_iszero(&h->X));
}

int n25519_ge_frombytes(n25519_ge_p3 *h, const uint8_t s[32])
{
    return (int)(decode(&h, &s, 1) & 1);
}

int n25519_ge_frombytes_canonical(n25519_ge_p3 *h, const uint8_t s[32])
{
    return n25519_ge_frombytes(h, s) && is_canonical(h, s);
}

unsigned n25519_ge_frombytes_key_and_r(n25519_ge_p3 *a, const uint8_t a_enc[32], n25519_ge_p3 *r,
                                       const uint8_t r_enc[32])
{
    n25519_ge_p3 *const points[2] = { a, r };
    const uint8_t *const encodings[2] = { a_enc, r_enc };
    unsigned found = decode(points, encodings, 2);

    if ((found & 2) && !is_canonical(r, r_enc))
        found &= 1;
    return found;
}

int n25519_ge_p2_is_identity(const n25519_ge_p2 *p)
{
    n25519_fe y_minus_z;

    n25519_fe_sub(&y_minus_z, &p->Y, &p->Z);
    return n25519_fe_iszero(&p->X) && n25519_fe_iszero(&y_minus_z);
}
