/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Curve-level checks: the base point is on the curve with order l, the
 * constant-time fixed-base multiplication agrees with a plain double-and-add,
 * the 4-isogenies to and from the twisted curve the fixed base works on
 * compose to [4] and carry its group law, the running path's fixed-base row scan picks exactly entry |d| - 1 (or
 * nothing) for every index, the group law is complete on the 4-torsion, encode/decode round-trip, and
 * the decoder's acceptance rule on edge encodings (y >= p, y = +-1, high bits
 * of byte 56, the x sign bit with x = 0) is the one documented in point.h,
 * and the comparison of a point with an encoding up to 4-torsion gives what
 * decoding and [4](P - R) = 0 give.
 */
#include <openssl/bn.h>

#include "ed448/accel.h"
#include "ed448/base_table.h"
#include "edwards_ref.h"
#include "ed448/point.h"
#include "ed448/scalar.h"
#include "ed448/scalarmult.h"
#include "ed448/twisted.h"
#include "native_path.h"

/* Reference [k]P by double-and-add over the bits of k (variable time). */
static void ref_mul(n448_ge *r, const n448_ge *p, const uint8_t *k, size_t klen)
{
    ref448_cached c;

    ref448_to_cached(&c, p);
    ref448_identity(r);
    for (size_t i = klen * 8; i-- > 0;) {
        ref448_dbl(r, r);
        if ((k[i / 8] >> (i % 8)) & 1)
            ref448_add(r, r, &c);
    }
}

/*
 * a x^2 + y^2 = 1 - d_abs x^2 y^2 (both curves here have a negative d) in
 * projective form, and T = XY/Z.
 */
static int on_edwards_form(const n448_fe *x, const n448_fe *y, const n448_fe *z, const n448_fe *tt,
                           int a, uint32_t d_abs)
{
    n448_fe x2, y2, z2, z4, l, r, t;

    n448_fe_sq(&x2, x);
    n448_fe_sq(&y2, y);
    n448_fe_sq(&z2, z);
    n448_fe_sq(&z4, &z2);
    if (a > 0)
        n448_fe_add(&l, &y2, &x2);
    else
        n448_fe_sub(&l, &y2, &x2);
    n448_fe_mul(&l, &l, &z2);
    n448_fe_mul(&t, &x2, &y2);
    n448_fe_mul_small(&t, &t, d_abs);
    n448_fe_sub(&r, &z4, &t);
    if (!n448_fe_eq(&l, &r))
        return 0;
    n448_fe_mul(&l, x, y);
    n448_fe_mul(&r, tt, z);
    return n448_fe_eq(&l, &r) != 0;
}

/* edwards448: x^2 + y^2 = 1 + d x^2 y^2. */
static int on_curve(const n448_ge *p)
{
    return on_edwards_form(&p->X, &p->Y, &p->Z, &p->T, 1, 39081);
}

/* The twisted curve: -x^2 + y^2 = 1 + (d - 1) x^2 y^2. */
static int on_twisted(const n448_ge_tw *p)
{
    return on_edwards_form(&p->X, &p->Y, &p->Z, &p->T, -1, 39082);
}

/* Nonzero when (x1 : y1 : z1) and (x2 : y2 : z2) are the same point. */
static uint64_t same_point(const n448_fe *x1, const n448_fe *y1, const n448_fe *z1,
                           const n448_fe *x2, const n448_fe *y2, const n448_fe *z2)
{
    n448_fe a, b;
    uint64_t ok;

    n448_fe_mul(&a, x1, z2);
    n448_fe_mul(&b, x2, z1);
    ok = n448_fe_eq(&a, &b);
    n448_fe_mul(&a, y1, z2);
    n448_fe_mul(&b, y2, z1);
    return ok & n448_fe_eq(&a, &b);
}

static uint64_t n448_ge_eq(const n448_ge *p, const n448_ge *q)
{
    return same_point(&p->X, &p->Y, &p->Z, &q->X, &q->Y, &q->Z);
}

static uint64_t n448_ge_tw_eq(const n448_ge_tw *p, const n448_ge_tw *q)
{
    return same_point(&p->X, &p->Y, &p->Z, &q->X, &q->Y, &q->Z);
}

static const char *L_HEX =
    "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9"
    "c44edb49aed63690216cc2728dc58f552378c292ab5844f3";

static void test_base_order(void)
{
    BIGNUM *l = NULL;
    uint8_t lb[57];
    n448_ge b, r;

    BN_hex2bn(&l, L_HEX);
    BN_bn2lebinpad(l, lb, 57);
    n448_ge_base(&b);
    ET_CHECK(on_curve(&b), "base point on curve");
    ref_mul(&r, &b, lb, 57);
    ET_CHECK(ref448_is_identity(&r), "[l]B = identity");
    lb[0] -= 1;
    ref_mul(&r, &b, lb, 57);
    ref448_neg(&b, &b);
    ET_CHECK(n448_ge_eq(&r, &b), "[l-1]B = -B");
    BN_free(l);
}

/*
 * For P, Q multiples of B: phi(P) is on the twisted curve, psi(phi(P)) = [4]P,
 * and phi carries doubling and both additions (cached, and affine entries
 * with and without negation) of the twisted group law.
 */
static void test_isogeny(struct et_rng *rng)
{
    n448_ge b, p, q, sum, want;
    n448_ge_tw tp, tq, tsum, got;
    n448_ge_tw_cached c;
    ref448_cached qc;
    n448_ge_tw_niels n;
    n448_fe zi, x, y;

    n448_ge_base(&b);
    for (int i = 0; i < 50; i++) {
        uint8_t k1[57], k2[57];

        et_rng_bytes(rng, k1, sizeof(k1));
        et_rng_bytes(rng, k2, sizeof(k2));
        k1[56] = k2[56] = 0;
        ref_mul(&p, &b, k1, sizeof(k1));
        ref_mul(&q, &b, k2, sizeof(k2));
        n448_ge_tw_from_edwards(&tp, &p);
        n448_ge_tw_from_edwards(&tq, &q);
        ET_CHECK(on_twisted(&tp), "phi(P) on the twisted curve, case %d", i);

        n448_ge_tw_to_edwards(&sum, &tp);
        ref448_dbl(&want, &p);
        ref448_dbl(&want, &want);
        ET_CHECK(n448_ge_eq(&sum, &want) && on_curve(&sum), "psi(phi(P)) = [4]P, case %d", i);

        n448_ge_tw_dbl(&got, &tp, 1);
        ref448_dbl(&want, &p);
        n448_ge_tw_from_edwards(&tsum, &want);
        ET_CHECK(n448_ge_tw_eq(&got, &tsum) && on_twisted(&got), "twisted doubling, case %d", i);

        n448_ge_tw_to_cached(&c, &tq);
        n448_ge_tw_add_cached(&got, &tp, &c);
        ref448_to_cached(&qc, &q);
        ref448_add(&sum, &p, &qc);
        n448_ge_tw_from_edwards(&tsum, &sum);
        ET_CHECK(n448_ge_tw_eq(&got, &tsum) && on_twisted(&got), "twisted cached addition, case %d", i);

        n448_fe_invert(&zi, &tq.Z);
        n448_fe_mul(&x, &tq.X, &zi);
        n448_fe_mul(&y, &tq.Y, &zi);
        n448_ge_tw_niels_from_affine(&n, &x, &y);
        n448_ge_tw_add_niels(&got, &tp, &n, 1);
        ET_CHECK(n448_ge_tw_eq(&got, &tsum) && on_twisted(&got), "twisted affine addition, case %d", i);

        n448_ge_tw_niels_cneg(&n, ~(uint64_t)0);
        n448_ge_tw_add_niels(&got, &got, &n, 1);
        ET_CHECK(n448_ge_tw_eq(&got, &tp) && on_twisted(&got), "twisted affine subtraction, case %d", i);
    }
}

/*
 * The path's row scan (accel.h; the portable one where the path has none)
 * against a plain index, on random rows, for every index the recoding makes
 * (0 to 32) and a few beyond, which must select nothing.
 */
static void test_base_scan(struct et_rng *rng)
{
    static n448_ge_tw_niels row[N448_BASE_ENTRIES];
    const struct n448_accel *accel = n448_accel_selected();

    for (int r = 0; r < 20; r++) {
        et_rng_bytes(rng, (uint8_t *)row, sizeof(row));
        for (uint64_t abs = 0; abs <= N448_BASE_ENTRIES + 4; abs++) {
            n448_ge_tw_niels got, want;

            memset(&want, 0, sizeof(want));
            if (abs >= 1 && abs <= N448_BASE_ENTRIES)
                want = row[abs - 1];
            memset(&got, 0xa5, sizeof(got));
            if (accel != NULL && accel->base_scan != NULL)
                accel->base_scan(&got, row, abs);
            else
                n448_base_scan_portable(&got, row, abs);
            ET_CHECK(memcmp(&got, &want, sizeof(got)) == 0, "row scan, row %d, index %d", r,
                     (int)abs);
        }
    }
}

static void test_fixed_base(struct et_rng *rng)
{
    n448_ge b, want, got;

    n448_ge_base(&b);
    for (int i = 0; i < 300; i++) {
        uint8_t raw[114], kb[57];
        n448_sc k;

        et_rng_bytes(rng, raw, sizeof(raw));
        if (i == 0)
            memset(raw, 0, sizeof(raw)); /* k = 0 */
        if (i == 1) {
            memset(raw, 0, sizeof(raw));
            raw[0] = 1;
        }
        n448_sc_frombytes(&k, raw, i < 2 ? 57 : 114);
        n448_sc_tobytes(kb, &k);
        ref_mul(&want, &b, kb, 57);
        n448_ge_scalarmult_base(&got, &k);
        ET_CHECK(n448_ge_eq(&want, &got), "fixed base [k]B, case %d", i);
        ET_CHECK(on_curve(&got), "fixed base result on curve");
        {
            uint8_t e1[57], e2[57];
            n448_ge d;

            n448_ge_tobytes(e1, &got);
            /* k = 0 gives the identity, whose y = 1 the decoder refuses */
            ET_CHECK(n448_ge_frombytes(&d, e1) == (i != 0), "decode(encode(P))");
            n448_ge_tobytes(e2, &d);
            ET_CHECK(i == 0 || memcmp(e1, e2, 57) == 0, "encode round trip");
            ET_CHECK(i == 0 || n448_ge_eq(&d, &got), "decoded point equal");
        }
    }
}

/* The 4-torsion points (1,0) and (0,-1): the complete law handles them. */
static void test_torsion(void)
{
    n448_ge t4, t2, id, r;
    ref448_cached c;

    n448_fe_one(&t4.X);
    n448_fe_zero(&t4.Y);
    n448_fe_one(&t4.Z);
    n448_fe_zero(&t4.T);
    ET_CHECK(on_curve(&t4), "(1,0) on curve");
    ref448_dbl(&t2, &t4);
    ET_CHECK(n448_fe_iszero(&t2.X) && !ref448_is_identity(&t2), "2(1,0) = (0,-1)");
    ref448_dbl(&r, &t2);
    ET_CHECK(ref448_is_identity(&r), "4(1,0) = identity");
    ref448_to_cached(&c, &t4);
    ref448_add(&r, &t4, &c);
    ET_CHECK(n448_ge_eq(&r, &t2), "(1,0)+(1,0) = (0,-1) via addition");
    ref448_identity(&id);
    ref448_to_cached(&c, &id);
    ref448_add(&r, &t4, &c);
    ET_CHECK(n448_ge_eq(&r, &t4), "P + identity");
}

/* Encoding of y with sign bit and byte-56 bits; y given as a little-endian BIGNUM. */
static void encode_y(uint8_t out[57], const BIGNUM *y, uint8_t byte56)
{
    BN_bn2lebinpad(y, out, 56);
    out[56] = byte56;
}

static void test_decode_edges(void)
{
    BIGNUM *p = BN_new(), *t = BN_new(), *y = BN_new();
    uint8_t enc[57], benc[57];
    n448_ge pt, b;

    BN_set_bit(p, 448);
    BN_set_bit(t, 224);
    BN_sub(p, p, t);
    BN_sub_word(p, 1);

    /* y = 1 (identity) and y = -1: x = 0, rejected like OpenSSL's isr */
    BN_one(y);
    encode_y(enc, y, 0);
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 0, "y = 1 rejected");
    encode_y(enc, y, 0x80);
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 0, "y = 1, sign 1 rejected");
    BN_sub(y, p, BN_value_one());
    encode_y(enc, y, 0);
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 0, "y = -1 rejected");
    /* y = p + 1 (non-canonical 1) and y = p, 2^448 - 1 */
    BN_add(y, p, BN_value_one());
    encode_y(enc, y, 0);
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 0, "y = p+1 rejected");
    encode_y(enc, p, 0);
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 0, "y = p rejected");
    memset(enc, 0xff, 56);
    enc[56] = 0;
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 0, "y = 2^448-1 rejected");

    /* the base point: canonical decodes, non-canonical y + p does not fit */
    n448_ge_base(&b);
    n448_ge_tobytes(benc, &b);
    ET_CHECK(n448_ge_frombytes(&pt, benc) == 1 && n448_ge_eq(&pt, &b), "B decodes");
    for (int bit = 0; bit < 7; bit++) {
        memcpy(enc, benc, 57);
        enc[56] |= (uint8_t)(1u << bit);
        ET_CHECK(n448_ge_frombytes(&pt, enc) == 0, "byte 56 bit %d rejected", bit);
    }
    memcpy(enc, benc, 57);
    enc[56] ^= 0x80;
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 1, "-B decodes");
    ref448_neg(&b, &b);
    ET_CHECK(n448_ge_eq(&pt, &b), "sign bit gives -B");

    /* y = 0: x^2 = 1, the 4-torsion points (+-1, 0) */
    BN_zero(y);
    encode_y(enc, y, 0);
    ET_CHECK(n448_ge_frombytes(&pt, enc) == 1, "y = 0 decodes");
    {
        n448_fe one;

        /* the sign bit is the low bit of x: 1 is odd, p - 1 even */
        n448_fe_one(&one);
        n448_fe_neg(&one, &one);
        ET_CHECK(n448_fe_eq(&pt.X, &one), "y = 0, sign 0 gives x = -1");
        encode_y(enc, y, 0x80);
        ET_CHECK(n448_ge_frombytes(&pt, enc) == 1, "y = 0 sign 1 decodes");
        n448_fe_one(&one);
        ET_CHECK(n448_fe_eq(&pt.X, &one), "y = 0, sign 1 gives x = 1");
    }
    BN_free(p);
    BN_free(t);
    BN_free(y);
}

/* What n448_ge_equals_encoding_mod_torsion must say: decode R, test [4](P - R) = 0. */
static int torsion_reference(const n448_ge *p, const uint8_t enc[57])
{
    n448_ge r, d;
    ref448_cached c;

    if (!n448_ge_frombytes(&r, enc))
        return 0;
    ref448_neg(&r, &r);
    ref448_to_cached(&c, &r);
    ref448_add(&d, p, &c);
    ref448_dbl(&d, &d);
    ref448_dbl(&d, &d);
    return (int)(ref448_is_identity(&d) & 1);
}

/* The 4-torsion point number which: identity, (1, 0), (0, -1), (-1, 0). */
static void torsion4(n448_ge *t, unsigned which)
{
    ref448_identity(t);
    if (which == 1 || which == 3) {
        n448_fe_zero(&t->Y);
        n448_fe_one(&t->X);
        if (which == 3)
            n448_fe_neg(&t->X, &t->X);
    } else if (which == 2) {
        n448_fe_neg(&t->Y, &t->Y);
    }
}

static void check_torsion_compare(const n448_ge *p, const uint8_t enc[57], int want, const char *what,
                                  int i)
{
    const int ref = torsion_reference(p, enc);

    ET_CHECK(ref == want, "reference for %s, case %d: %d, not %d", what, i, ref, want);
    ET_CHECK(n448_ge_equals_encoding_mod_torsion(p, enc) == ref, "compare with %s, case %d", what, i);
}

/* Points P + T for every 4-torsion T against P's encoding, its sign flipped, and edges. */
static void test_encoding_mod_torsion(struct et_rng *rng)
{
    static const uint8_t small_y[] = { 0, 1, 2 };

    for (int i = 0; i < 200; i++) {
        uint8_t raw[114], enc[57], other[57];
        n448_ge p, q, t;
        ref448_cached c;
        n448_sc k;

        et_rng_bytes(rng, raw, sizeof(raw));
        n448_sc_frombytes(&k, raw, sizeof(raw));
        n448_ge_scalarmult_base(&p, &k);
        n448_ge_tobytes(enc, &p);
        for (unsigned w = 0; w < 4; w++) {
            /* projective sums (Z != 1), every case of the comparison */
            torsion4(&t, w);
            ref448_to_cached(&c, &t);
            ref448_add(&q, &p, &c);
            check_torsion_compare(&q, enc, 1, "P + torsion", i);
            memcpy(other, enc, 57);
            other[56] ^= 0x80;
            check_torsion_compare(&q, other, 0, "-x", i);
            other[56] = (uint8_t)(enc[56] | 1u << (w + 1));
            check_torsion_compare(&q, other, 0, "byte 56 bit", i);
        }
        ref448_dbl(&q, &p);
        check_torsion_compare(&q, enc, 0, "2P", i);
        et_rng_bytes(rng, other, sizeof(other));
        other[56] &= 0x80;
        check_torsion_compare(&p, other, 0, "random encoding", i);
    }
    /*
     * y = 0, 1, 2 and the non-canonical y + p, against each torsion point:
     * y = 0 encodes (+-1, 0), itself 4-torsion, so every torsion point is in
     * its coset; y = 1 never decodes; y = 2 is no torsion point's coordinate.
     */
    for (unsigned v = 0; v < sizeof(small_y); v++) {
        for (unsigned form = 0; form < 4; form++) {
            const int noncanonical = form >> 1, sign = form & 1;
            uint8_t enc[57] = { 0 };
            unsigned carry = small_y[v];

            if (noncanonical) {
                /* p = 2^448 - 2^224 - 1, little-endian, plus y */
                memset(enc, 0xff, 56);
                enc[28] = 0xfe;
                for (int b = 0; b < 56; b++) {
                    carry += enc[b];
                    enc[b] = (uint8_t)carry;
                    carry >>= 8;
                }
            } else {
                enc[0] = small_y[v];
            }
            enc[56] = (uint8_t)(sign << 7);
            for (unsigned w = 0; w < 4; w++) {
                n448_ge t;

                torsion4(&t, w);
                check_torsion_compare(&t, enc, small_y[v] == 0 && !noncanonical,
                                      noncanonical ? "non-canonical small y" : "small y", (int)(4 * v + w));
            }
        }
    }
}

int main(void)
{
    struct et_rng rng = { et_seed_or(0x9014448) };

    native_path_or_skip();

    test_base_order();
    test_torsion();
    test_isogeny(&rng);
    test_base_scan(&rng);
    test_fixed_base(&rng);
    test_decode_edges();
    test_encoding_mod_torsion(&rng);
    return et_finish("native448_point");
}
