/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Points of edwards448 (a = 1, d = -39081) and their RFC 8032 encoding.
 */
#include "point.h"

#define D_ABS 39081u /* d = -39081 */

void n448_ge_base(n448_ge *p)
{
    /* RFC 8032 section 5.2 base point, 56 bytes little-endian each. */
    static const uint8_t bx[N448_FE_BYTES] = {
        0x5e, 0xc0, 0x0c, 0xc7, 0x2b, 0xa8, 0x26, 0x26, 0x8e, 0x93, 0x00, 0x8b,
        0xe1, 0x80, 0x3b, 0x43, 0x11, 0x65, 0xb6, 0x2a, 0xf7, 0x1a, 0xae, 0x12,
        0x64, 0xa4, 0xd3, 0xa3, 0x24, 0xe3, 0x6d, 0xea, 0x67, 0x17, 0x0f, 0x47,
        0x70, 0x65, 0x14, 0x9e, 0xda, 0x36, 0xbf, 0x22, 0xa6, 0x15, 0x1d, 0x22,
        0xed, 0x0d, 0xed, 0x6b, 0xc6, 0x70, 0x19, 0x4f
    };
    static const uint8_t by[N448_FE_BYTES] = {
        0x14, 0xfa, 0x30, 0xf2, 0x5b, 0x79, 0x08, 0x98, 0xad, 0xc8, 0xd7, 0x4e,
        0x2c, 0x13, 0xbd, 0xfd, 0xc4, 0x39, 0x7c, 0xe6, 0x1c, 0xff, 0xd3, 0x3a,
        0xd7, 0xc2, 0xa0, 0x05, 0x1e, 0x9c, 0x78, 0x87, 0x40, 0x98, 0xa3, 0x6c,
        0x73, 0x73, 0xea, 0x4b, 0x62, 0xc7, 0xc9, 0x56, 0x37, 0x20, 0x76, 0x88,
        0x24, 0xbc, 0xb6, 0x6e, 0x71, 0x46, 0x3f, 0x69
    };

    n448_fe_frombytes(&p->X, bx);
    n448_fe_frombytes(&p->Y, by);
    n448_fe_one(&p->Z);
    n448_fe_mul(&p->T, &p->X, &p->Y);
}

void n448_ge_tobytes(uint8_t out[N448_GE_BYTES], const n448_ge *p)
{
    n448_fe zi, x, y;

    n448_fe_invert(&zi, &p->Z);
    n448_fe_mul(&x, &p->X, &zi);
    n448_fe_mul(&y, &p->Y, &zi);
    n448_fe_tobytes(out, &y);
    out[56] = (uint8_t)(n448_fe_isnegative(&x) & 0x80);
}

/*
 * x^2 = (1 - y^2) / (1 - d y^2).  With u = 1 - y^2, v = 1 - d y^2 and
 * r = (uv)^((p-3)/4), x = r u whenever r^2 uv = 1; v is never zero because d
 * is a non-square.  Then x is negated when its low bit differs from the sign
 * bit; x = 0 cannot occur since u = 0 already failed.  The root is taken
 * between decode_start and decode_finish, so that two decodings can share
 * one chain (n448_ge_frombytes_key_and_r).
 */
struct decoding {
    n448_fe y, u, w;
    uint64_t sign;
};

/* y, u, w and the sign of in; all-ones when y < p and the unused bits are zero. */
static uint64_t decode_start(struct decoding *d, const uint8_t in[N448_GE_BYTES])
{
    n448_fe y2, v, one;
    uint64_t ok;

    ok = n448_fe_frombytes(&d->y, in);
    ok &= ct_iszero64(in[56] & 0x7f);
    d->sign = 0 - (uint64_t)(in[56] >> 7);

    n448_fe_one(&one);
    n448_fe_sq(&y2, &d->y);
    n448_fe_sub(&d->u, &one, &y2);
    n448_fe_mul_small(&v, &y2, D_ABS);
    n448_fe_add(&v, &v, &one);
    n448_fe_mul(&d->w, &d->u, &v);
    return ok;
}

/* The point from r = w^((p-3)/4). */
static void decode_finish(n448_ge *p, struct decoding *d, const n448_fe *r)
{
    n448_fe x;

    n448_fe_mul(&x, r, &d->u);
    n448_fe_cneg(&x, n448_fe_isnegative(&x) ^ d->sign);
    n448_fe_strong_reduce(&x);
    n448_fe_strong_reduce(&d->y);
    p->X = x;
    p->Y = d->y;
    n448_fe_one(&p->Z);
    n448_fe_mul(&p->T, &x, &d->y);
}

int n448_ge_frombytes(n448_ge *p, const uint8_t in[N448_GE_BYTES])
{
    struct decoding d;
    uint64_t ok = decode_start(&d, in);
    n448_fe r;

    ok &= n448_fe_isr(&r, &d.w);
    decode_finish(p, &d, &r);
    return (int)(ok & 1);
}

unsigned n448_ge_frombytes_key_and_r(n448_ge *a, const uint8_t a_enc[N448_GE_BYTES], n448_ge *r,
                             const uint8_t r_enc[N448_GE_BYTES])
{
    struct decoding d[2];
    uint64_t ok_a = decode_start(&d[0], a_enc), ok_r = decode_start(&d[1], r_enc);
    n448_fe w[2] = { d[0].w, d[1].w }, root[2];
    unsigned found = n448_fe_isr_pair(root, w);

    decode_finish(a, &d[0], &root[0]);
    decode_finish(r, &d[1], &root[1]);
    return found & ((unsigned)(ok_a & 1) | (unsigned)(ok_r & 2));
}

/*
 * The 4-torsion of edwards448 is (0, 1), (0, -1), (1, 0) and (-1, 0), so p is
 * in R + torsion for R = (x, y) exactly when p is (x, y), (-x, -y), (y, -x)
 * or (-y, x).  Each case makes one coordinate of p equal to +-y, which is
 * checked projectively.  The curve equation is symmetric in x and y and in
 * their signs, so the other coordinate o of p then satisfies
 * o^2 = (1 - y^2) / (1 - d y^2): the ratio is a square, R decodes when it is
 * non-zero (o != 0), and o = +-x, the sign told by o's parity against the
 * encoding's sign bit (x != 0 has a root of each parity).
 */
int n448_ge_equals_encoding_mod_torsion(const n448_ge *p, const uint8_t in[N448_GE_BYTES])
{
    n448_fe y, yz, nyz, zi, o;
    const unsigned sign = in[56] >> 7;
    const struct {
        const n448_fe *coord, *target, *other;
        unsigned flip; /* the other coordinate is -x, not x */
    } cases[4] = {
        { &p->Y, &yz, &p->X, 0 },  /* p = (x, y) */
        { &p->Y, &nyz, &p->X, 1 }, /* p = (-x, -y) */
        { &p->X, &yz, &p->Y, 1 },  /* p = (y, -x) */
        { &p->X, &nyz, &p->Y, 0 }, /* p = (-y, x) */
    };
    int have_zi = 0;

    if (!(n448_fe_frombytes(&y, in) & 1) || (in[56] & 0x7f) != 0)
        return 0;
    n448_fe_mul(&yz, &y, &p->Z);
    n448_fe_neg(&nyz, &yz);
    for (unsigned c = 0; c < 4; c++) {
        if (!(n448_fe_eq(cases[c].coord, cases[c].target) & 1))
            continue;
        if (!have_zi) {
            n448_fe_invert_vartime(&zi, &p->Z);
            have_zi = 1;
        }
        n448_fe_mul(&o, cases[c].other, &zi);
        if (!(n448_fe_iszero(&o) & 1) && ((unsigned)(n448_fe_isnegative(&o) & 1) ^ cases[c].flip) == sign)
            return 1;
    }
    return 0;
}
