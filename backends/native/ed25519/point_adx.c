/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed25519's scalar multiplications on the adx path (see ../cpu.h): the
 * algorithms of point.c over the four-limb field of field_adx.h, with the
 * interface of point_ifma.c (accel.h) so that either fills the same slots.
 *
 * The tables of B are tables.h's in the four-limb field, generated with
 * them when the library is built (point_adx.h): this path reads those, not
 * the ones the interface passes, which hold the same points.  The
 * fixed-base entries are 96 bytes (y+x, y-x, 2dxy), scanned as three
 * 32-byte AVX2 vectors, with the sign of a digit applied after the scan.
 * A key's verification tables are converted on every call (32 or 8
 * entries): about 6% of a verification with a reused key, which a cache of
 * them in the key's state would save.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include <string.h>

#include <openssl/crypto.h>

#include "accel.h"
#include "base_table.h"
#include "field_adx.h"
#include "point_adx.h"

typedef struct {
    n25519_fe64 X, Y, Z, T;
} ge64_p3;

typedef struct {
    n25519_fe64 X, Y, Z;
} ge64_p2;

/* E, H, G, F of the HWCD formulas, as in point.c. */
typedef struct {
    n25519_fe64 X, Y, Z, T;
} ge64_completed;

typedef n25519_ge64_niels ge64_niels;

typedef struct {
    n25519_fe64 YplusX, YminusX, Z2, T2d;
} ge64_cached;

/*
 * The additions, from A = (Y-X) (y-x)', B = (Y+X) (y+x)', C = T (2dT)' and
 * D = (2Z) Z': E = B - A, H = B + A, G = D + C, F = D - C.  Adding the
 * negative trades (y+x)' with (y-x)' and negates C, which trades G with F.
 */
static void add_finish(ge64_completed *r, const n25519_fe64 *a, const n25519_fe64 *b,
                       const n25519_fe64 *c, const n25519_fe64 *d, int negative)
{
    n25519_fe64_sub(&r->X, b, a);
    n25519_fe64_add(&r->Y, b, a);
    if (negative) {
        n25519_fe64_sub(&r->Z, d, c);
        n25519_fe64_add(&r->T, d, c);
    } else {
        n25519_fe64_add(&r->Z, d, c);
        n25519_fe64_sub(&r->T, d, c);
    }
}

/* r = p + q, or p - q when negative (public: verification only). */
static void add_cached(ge64_completed *r, const ge64_p3 *p, const ge64_cached *q, int negative)
{
    n25519_fe64 a, b, c, d;

    n25519_fe64_sub(&a, &p->Y, &p->X);
    n25519_fe64_mul(&a, &a, negative ? &q->YplusX : &q->YminusX);
    n25519_fe64_add(&b, &p->Y, &p->X);
    n25519_fe64_mul(&b, &b, negative ? &q->YminusX : &q->YplusX);
    n25519_fe64_mul(&c, &p->T, &q->T2d);
    n25519_fe64_mul(&d, &p->Z, &q->Z2);
    add_finish(r, &a, &b, &c, &d, negative);
}

/* r = p + q for an affine q, or p - q when negative (public). */
static void add_niels(ge64_completed *r, const ge64_p3 *p, const ge64_niels *q, int negative)
{
    n25519_fe64 a, b, c, d;

    n25519_fe64_sub(&a, &p->Y, &p->X);
    n25519_fe64_mul(&a, &a, negative ? &q->ypx : &q->ymx);
    n25519_fe64_add(&b, &p->Y, &p->X);
    n25519_fe64_mul(&b, &b, negative ? &q->ymx : &q->ypx);
    n25519_fe64_mul(&c, &p->T, &q->xy2d);
    n25519_fe64_add(&d, &p->Z, &p->Z);
    add_finish(r, &a, &b, &c, &d, negative);
}

static void dbl(ge64_completed *r, const ge64_p2 *p)
{
    n25519_fe64 xx, yy, zz2, s;

    n25519_fe64_sq(&xx, &p->X);
    n25519_fe64_sq(&yy, &p->Y);
    n25519_fe64_sq(&zz2, &p->Z);
    n25519_fe64_add(&zz2, &zz2, &zz2);
    n25519_fe64_add(&s, &p->X, &p->Y);
    n25519_fe64_sq(&s, &s);
    n25519_fe64_add(&r->Y, &yy, &xx);    /* H = Y^2 + X^2 */
    n25519_fe64_sub(&r->X, &s, &r->Y);   /* E = 2XY */
    n25519_fe64_sub(&r->Z, &yy, &xx);    /* G = Y^2 - X^2 */
    n25519_fe64_sub(&r->T, &zz2, &r->Z); /* F = 2Z^2 - G */
}

static void completed_to_p2(ge64_p2 *r, const ge64_completed *c)
{
    n25519_fe64_mul(&r->X, &c->X, &c->T);
    n25519_fe64_mul(&r->Y, &c->Y, &c->Z);
    n25519_fe64_mul(&r->Z, &c->Z, &c->T);
}

static void completed_to_p3(ge64_p3 *r, const ge64_completed *c)
{
    n25519_fe64_mul(&r->X, &c->X, &c->T);
    n25519_fe64_mul(&r->Y, &c->Y, &c->Z);
    n25519_fe64_mul(&r->Z, &c->Z, &c->T);
    n25519_fe64_mul(&r->T, &c->X, &c->Y);
}

typedef uint64_t v4u64 __attribute__((vector_size(32)));

/*
 * t = sign(digit) row[|digit| - 1], or the identity (1, 1, 0) for digit 0,
 * reading every entry.  The negation -(x, y) = (-x, y) trades y+x with y-x
 * and negates 2dxy, by masks.
 */
__attribute__((target("avx2")))
static void select_niels(ge64_niels *t, const ge64_niels row[N25519_BASE_ENTRIES], uint64_t mag,
                         uint64_t neg)
{
    const v4u64 zero = { 0, 0, 0, 0 };
    v4u64 ypx = { 1, 0, 0, 0 }, ymx = { 1, 0, 0, 0 }, xy2d = zero;
    v4u64 m = zero + ((((mag | (0 - mag)) >> 63) ^ 1) * ~(uint64_t)0);
    n25519_fe64 minus;

    ypx &= m;
    ymx &= m;
    for (uint64_t k = 1; k <= N25519_BASE_ENTRIES; k++) {
        v4u64 a, b, c;

        m = zero + ((uint64_t)0 - (((mag ^ k) - 1) >> 63));
        memcpy(&a, row[k - 1].ypx.v, 32);
        memcpy(&b, row[k - 1].ymx.v, 32);
        memcpy(&c, row[k - 1].xy2d.v, 32);
        ypx |= a & m;
        ymx |= b & m;
        xy2d |= c & m;
    }
    m = zero + ((uint64_t)0 - neg);
    for (int i = 0; i < 4; i++) {
        t->ypx.v[i] = (ypx[i] & ~m[i]) | (ymx[i] & m[i]);
        t->ymx.v[i] = (ymx[i] & ~m[i]) | (ypx[i] & m[i]);
        t->xy2d.v[i] = xy2d[i];
    }
    n25519_fe64_zero(&minus);
    n25519_fe64_sub(&minus, &minus, &t->xy2d);
    n25519_fe64_cmov(&t->xy2d, &minus, m[0]);
}

static void add_digit(ge64_p3 *h, const ge64_niels row[N25519_BASE_ENTRIES], int8_t digit,
                      ge64_niels *t, ge64_completed *r)
{
    uint64_t mag, neg;

    n25519_digit_split(&mag, &neg, digit);
    select_niels(t, row, mag, neg);
    add_niels(r, h, t, 0);
    completed_to_p3(h, r);
}

static void identity(ge64_p3 *h)
{
    n25519_fe64_zero(&h->X);
    n25519_fe64_one(&h->Y);
    n25519_fe64_one(&h->Z);
    n25519_fe64_zero(&h->T);
}

static void p2_to_fe(n25519_ge_p2 *out, const ge64_p2 *p)
{
    n25519_fe64_to_fe(&out->X, &p->X);
    n25519_fe64_to_fe(&out->Y, &p->Y);
    n25519_fe64_to_fe(&out->Z, &p->Z);
}

void n25519_adx_scalarmult_base(n25519_ge_p3 *out, const int8_t *e, int n)
{
    ge64_p3 h;
    ge64_p2 s;
    ge64_niels t;
    ge64_completed r;
    const n25519_base64_row *base64 = n25519_ge64_base_table();

    identity(&h);
    for (int i = 1; i < n; i += 2)
        add_digit(&h, base64[i / 2], e[i], &t, &r);
    s.X = h.X;
    s.Y = h.Y;
    s.Z = h.Z;
    for (int i = 0; i < N25519_BASE_W - 1; i++) {
        dbl(&r, &s);
        completed_to_p2(&s, &r);
    }
    dbl(&r, &s);
    completed_to_p3(&h, &r);
    for (int i = 0; i < n; i += 2)
        add_digit(&h, base64[i / 2], e[i], &t, &r);

    n25519_fe64_to_fe(&out->X, &h.X);
    n25519_fe64_to_fe(&out->Y, &h.Y);
    n25519_fe64_to_fe(&out->Z, &h.Z);
    n25519_fe64_to_fe(&out->T, &h.T);
    OPENSSL_cleanse(&h, sizeof(h));
    OPENSSL_cleanse(&s, sizeof(s));
    OPENSSL_cleanse(&t, sizeof(t));
    OPENSSL_cleanse(&r, sizeof(r));
}

/* c += d (odd multiple table entry), through extended coordinates. */
static void add_niels_digit(ge64_completed *c, const ge64_niels *tab, int8_t d)
{
    ge64_p3 u;

    completed_to_p3(&u, c);
    add_niels(c, &u, &tab[(d < 0 ? -d : d) / 2], d < 0);
}

static void p3_from_fe(ge64_p3 *r, const n25519_ge_p3 *p)
{
    n25519_fe64_from_fe(&r->X, &p->X);
    n25519_fe64_from_fe(&r->Y, &p->Y);
    n25519_fe64_from_fe(&r->Z, &p->Z);
    n25519_fe64_from_fe(&r->T, &p->T);
}

static void p3_to_cached(ge64_cached *c, const ge64_p3 *p)
{
    n25519_fe64_add(&c->YplusX, &p->Y, &p->X);
    n25519_fe64_sub(&c->YminusX, &p->Y, &p->X);
    n25519_fe64_add(&c->Z2, &p->Z, &p->Z);
    n25519_fe64_mul(&c->T2d, &p->T, &n25519_fe64_d2);
}

static void cached_to_fe(n25519_ge_cached *out, const ge64_cached *c)
{
    n25519_fe64_to_fe(&out->YplusX, &c->YplusX);
    n25519_fe64_to_fe(&out->YminusX, &c->YminusX);
    n25519_fe64_to_fe(&out->Z2, &c->Z2);
    n25519_fe64_to_fe(&out->T2d, &c->T2d);
}

/* The odd multiples as tables.c makes them, in this field; stored with tight limbs (point_ifma.c's need). */
void n25519_adx_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q)
{
    ge64_p3 odd, twice;
    ge64_p2 p;
    ge64_cached c, twice_cached;
    ge64_completed sum;

    p3_from_fe(&odd, q);
    p.X = odd.X;
    p.Y = odd.Y;
    p.Z = odd.Z;
    dbl(&sum, &p);
    completed_to_p3(&twice, &sum);
    p3_to_cached(&twice_cached, &twice);
    for (int i = 0; i < N25519_LIGHT_ENTRIES; i++) {
        if (i > 0) {
            add_cached(&sum, &odd, &twice_cached, 0);
            completed_to_p3(&odd, &sum);
        }
        p3_to_cached(&c, &odd);
        cached_to_fe(&t->odd[i], &c);
    }
}

void n25519_adx_double_scalarmult(n25519_ge_p2 *out, const int8_t (*snaf)[256],
                                  const int8_t (*knaf)[256], int top,
                                  const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES],
                                  const n25519_ge_niels (*atab)[N25519_ATABLE_ENTRIES])
{
    ge64_niels a64[N25519_VERIFY_SPLIT][N25519_ATABLE_ENTRIES];
    ge64_completed c;
    ge64_p2 r;
    const n25519_bvar64_row *bvar64 = n25519_ge64_bvar_table();

    (void)btab; /* bvar64's points in radix 2^51 */
    for (int j = 0; j < N25519_VERIFY_SPLIT; j++)
        for (int k = 0; k < N25519_ATABLE_ENTRIES; k++)
            n25519_ge64_niels_from_niels(&a64[j][k], &atab[j][k]);
    n25519_fe64_zero(&r.X);
    n25519_fe64_one(&r.Y);
    n25519_fe64_one(&r.Z);
    for (int i = top; i >= 0; i--) {
        dbl(&c, &r);
        for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
            if (snaf[j][i])
                add_niels_digit(&c, bvar64[j], snaf[j][i]);
            if (knaf[j][i])
                add_niels_digit(&c, a64[j], knaf[j][i]);
        }
        completed_to_p2(&r, &c);
    }
    p2_to_fe(out, &r);
}

static void cached_from_fe(ge64_cached *out, const n25519_ge_cached *c)
{
    n25519_fe64_from_fe(&out->YplusX, &c->YplusX);
    n25519_fe64_from_fe(&out->YminusX, &c->YminusX);
    n25519_fe64_from_fe(&out->Z2, &c->Z2);
    n25519_fe64_from_fe(&out->T2d, &c->T2d);
}

/* c += digit * (odd multiple in cached form), through extended coordinates. */
static void add_cached_digit(ge64_completed *c, const ge64_cached *tab, int8_t d)
{
    ge64_p3 u;

    completed_to_p3(&u, c);
    add_cached(c, &u, &tab[(d < 0 ? -d : d) / 2], d < 0);
}

void n25519_adx_light_scalarmult(n25519_ge_p2 *out, const int8_t (*snaf)[256],
                                 const int8_t (*lnaf)[256], const n25519_ge_lighttable *const *ltab,
                                 int top, const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES])
{
    ge64_cached tab[N25519_LIGHT_POINTS][N25519_LIGHT_ENTRIES];
    ge64_completed c;
    ge64_p2 r;
    const n25519_bvar64_row *bvar64 = n25519_ge64_bvar_table();

    (void)btab; /* bvar64's points in radix 2^51 */
    for (int j = 0; j < N25519_LIGHT_POINTS; j++)
        for (int k = 0; k < N25519_LIGHT_ENTRIES; k++)
            cached_from_fe(&tab[j][k], &ltab[j]->odd[k]);
    n25519_fe64_zero(&r.X);
    n25519_fe64_one(&r.Y);
    n25519_fe64_one(&r.Z);
    for (int i = top; i >= 0; i--) {
        dbl(&c, &r);
        for (int j = 0; j < N25519_LIGHT_POINTS; j++)
            if (lnaf[j][i])
                add_cached_digit(&c, tab[j], lnaf[j][i]);
        /* The pieces of s only reach PIECE + 1 digits: the last stretch of the loop. */
        if (i <= N25519_VERIFY_PIECE)
            for (int j = 0; j < N25519_VERIFY_SPLIT; j++)
                if (snaf[j][i])
                    add_niels_digit(&c, bvar64[j], snaf[j][i]);
        completed_to_p2(&r, &c);
    }
    p2_to_fe(out, &r);
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n25519_point_adx_unused;

#endif
