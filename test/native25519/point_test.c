/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Point layer: the base point, [L]B = 0, fixed-base and double-scalar
 * multiplication against plain double-and-add, points with small-order
 * components, the light verification check, and decoding against a BIGNUM
 * model of OpenSSL's ge_frombytes_vartime (non-canonical y, x = 0 with the
 * sign bit, non-squares) and its canonical-only form.
 */
#include <openssl/bn.h>

#include "ed25519/point.h"
#include "ed25519/scalar.h"
#include "native_path.h"
#include "bnutil.h"

static struct et_rng rng;

static BIGNUM *P, *L;
static BN_CTX *CTX;

/* The reference: [a]P by plain double-and-add over all 256 bits. */
static void scalarmult_slow(n25519_ge_p3 *r, const uint8_t a[32], const n25519_ge_p3 *p)
{
    n25519_ge_identity(r);
    for (int i = 255; i >= 0; i--) {
        n25519_ge_p3_dbl(r, r);
        if ((a[i >> 3] >> (i & 7)) & 1)
            n25519_ge_p3_add(r, r, p);
    }
}

static int points_equal_bytes(const n25519_ge_p3 *a, const n25519_ge_p3 *b)
{
    uint8_t ea[32], eb[32];

    n25519_ge_tobytes(ea, a);
    n25519_ge_tobytes(eb, b);
    return memcmp(ea, eb, 32) == 0;
}

/* 1 when p and q are the same point (projective comparison). */
static int n25519_ge_equal(const n25519_ge_p3 *p, const n25519_ge_p3 *q)
{
    n25519_fe a, b, t;

    n25519_fe_mul(&a, &p->X, &q->Z);
    n25519_fe_mul(&b, &q->X, &p->Z);
    n25519_fe_sub(&t, &a, &b);
    if (!n25519_fe_iszero(&t))
        return 0;
    n25519_fe_mul(&a, &p->Y, &q->Z);
    n25519_fe_mul(&b, &q->Y, &p->Z);
    n25519_fe_sub(&t, &a, &b);
    return n25519_fe_iszero(&t) != 0;
}

static void random_scalar(uint8_t s[32])
{
    uint8_t wide[64];

    et_rng_bytes(&rng, wide, 64);
    n25519_sc_reduce64(s, wide);
}

/* A random point of the full group: random multiple of B plus a random small-order point. */
static void random_point(n25519_ge_p3 *q, int with_torsion)
{
    uint8_t s[32], y[32], lbytes[32];
    n25519_ge_p3 p, t;

    random_scalar(s);
    n25519_ge_base(&p);
    scalarmult_slow(q, s, &p);
    if (!with_torsion)
        return;
    bn_to_le32(lbytes, L);
    do
        et_rng_bytes(&rng, y, 32);
    while (!n25519_ge_frombytes(&p, y));
    scalarmult_slow(&t, lbytes, &p); /* [L]P has order dividing 8 */
    n25519_ge_p3_add(q, q, &t);
}

static void test_base(void)
{
    uint8_t enc[32], want[32], lbytes[32];
    n25519_ge_p3 b, r, id, d;

    memset(want, 0x66, 32);
    want[0] = 0x58;
    n25519_ge_base(&b);
    n25519_ge_tobytes(enc, &b);
    ET_CHECK(memcmp(enc, want, 32) == 0, "encode(B)");
    ET_CHECK(n25519_ge_frombytes(&d, want) && n25519_ge_equal(&d, &b), "decode(B)");
    bn_to_le32(lbytes, L);
    scalarmult_slow(&r, lbytes, &b);
    n25519_ge_identity(&id);
    ET_CHECK(n25519_ge_equal(&r, &id), "[L]B = 0");
    ET_CHECK(!n25519_ge_equal(&b, &id), "B != 0");
    /* y = 4/5 */
    {
        BIGNUM *y = BN_new(), *f = BN_new();

        BN_set_word(f, 5);
        BN_mod_inverse(f, f, P, CTX);
        BN_mul_word(f, 4);
        BN_nnmod(y, f, P, CTX);
        bn_to_le32(enc, y);
        ET_CHECK(memcmp(enc, want, 31) == 0 && enc[31] == (want[31] & 0x7f), "B.y = 4/5");
        BN_free(y);
        BN_free(f);
    }
}

static void test_fixed_base(int iters)
{
    n25519_ge_p3 b, r1, r2;

    n25519_ge_base(&b);
    for (int i = 0; i < iters; i++) {
        uint8_t s[32];

        random_scalar(s);
        if (i == 0)
            memset(s, 0, 32);
        if (i == 1) {
            memset(s, 0, 32);
            s[0] = 1;
        }
        if (i == 2) {
            bn_to_le32(s, L);
            s[0]--; /* L - 1 */
        }
        if (i == 3) { /* 2^253 - 1 is the largest input allowed */
            memset(s, 0xff, 32);
            s[31] = 0x1f;
        }
        n25519_ge_scalarmult_base(&r1, s);
        scalarmult_slow(&r2, s, &b);
        ET_CHECK(points_equal_bytes(&r1, &r2) && n25519_ge_equal(&r1, &r2), "fixed base %d", i);
    }
}

/*
 * The light check refuses R = E + T for the right point E and a point T of
 * order 2 (the cofactor's case: an even multiplier would miss it) or any
 * other point; non-canonical encodings are test_decode's.
 */
static void light_rejects(const uint8_t s[32], const uint8_t k[32],
                          const n25519_ge_lighttable *light, const n25519_ge_p3 *e, int i)
{
    static const uint8_t order2[32] = { 0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f }; /* (0, -1) */
    n25519_ge_p3 t, wrong;
    uint8_t enc[32];

    ET_CHECK(n25519_ge_frombytes(&t, order2), "decode (0, -1)");
    n25519_ge_p3_add(&wrong, e, &t);
    n25519_ge_tobytes(enc, &wrong);
    ET_CHECK(!n25519_ge_verify_light(s, k, light, enc, NULL), "light verify refuses E + T2 %d", i);
    random_point(&t, i % 3 == 0);
    n25519_ge_p3_add(&wrong, e, &t);
    n25519_ge_tobytes(enc, &wrong);
    ET_CHECK(!n25519_ge_verify_light(s, k, light, enc, NULL), "light verify refuses E + Q %d", i);
}

static void test_double_scalar(int iters)
{
    n25519_ge_p3 b;
    static n25519_ge_vartable tab;
    static n25519_ge_lighttable light;

    n25519_ge_base(&b);
    for (int i = 0; i < iters; i++) {
        uint8_t s[32], k[32];
        n25519_ge_p3 q, r1, r2, t;
        uint8_t e1[32], e2[32];

        random_point(&q, i % 2);
        random_scalar(s);
        random_scalar(k);
        if (i % 5 == 1)
            memset(s, 0, 32);
        if (i % 7 == 2)
            memset(k, 0, 32);
        if (i % 11 == 3) { /* all-ones pieces exercise wNAF carries across piece borders */
            memset(s, 0xff, 32);
            s[31] = 0x0f;
            memset(k, 0xff, 32);
            k[31] = 0x0f;
        }
        n25519_ge_vartable_init(&tab, &q);
        scalarmult_slow(&r1, s, &b);
        scalarmult_slow(&t, k, &q);
        n25519_ge_p3_add(&r2, &r1, &t);
        n25519_ge_tobytes(e2, &r2);
        ET_CHECK(n25519_ge_verify(s, k, &tab, e2), "double scalar %d", i);
        /* and no other point: [s]B + [k]Q + B */
        n25519_ge_p3_add(&t, &r2, &b);
        n25519_ge_tobytes(e1, &t);
        ET_CHECK(!n25519_ge_verify(s, k, &tab, e1), "double scalar rejects another R %d", i);
        /* the first-use check with the light table: this R only */
        n25519_ge_lighttable_init(&light, &q);
        ET_CHECK(n25519_ge_verify_light(s, k, &light, e2, NULL), "light verify %d", i);
        ET_CHECK(n25519_ge_frombytes_canonical(&t, e2)
                     && n25519_ge_verify_light(s, k, &light, e2, &t), "light verify, R given %d", i);
        light_rejects(s, k, &light, &r2, i);
    }
}

/* OpenSSL's decoding, modelled with BIGNUM.  Returns 1 and the canonical encoding, or 0. */
static int model_decode(uint8_t enc[32], const uint8_t s[32])
{
    BIGNUM *y, *u = BN_new(), *v = BN_new(), *x2 = BN_new(), *x = BN_new(), *e = BN_new(),
           *d = BN_new(), *t = BN_new(), *i = BN_new();
    uint8_t tmp[32];
    int ok = 0, sign = s[31] >> 7;

    memcpy(tmp, s, 32);
    tmp[31] &= 0x7f;
    y = bn_from_le(tmp, 32);
    BN_nnmod(y, y, P, CTX); /* non-canonical y is reduced, not rejected */
    BN_set_word(t, 121666);
    BN_mod_inverse(t, t, P, CTX);
    BN_set_word(d, 121665);
    BN_sub(d, P, d);
    BN_mod_mul(d, d, t, P, CTX);
    BN_mod_sqr(u, y, P, CTX);
    BN_mod_mul(v, u, d, P, CTX);
    BN_mod_sub(u, u, BN_value_one(), P, CTX);
    BN_mod_add(v, v, BN_value_one(), P, CTX);
    BN_mod_inverse(t, v, P, CTX);
    BN_mod_mul(x2, u, t, P, CTX);
    /* candidate x = x2^((p+3)/8), times sqrt(-1) if needed */
    BN_copy(e, P);
    BN_add_word(e, 3);
    BN_rshift(e, e, 3);
    BN_mod_exp(x, x2, e, P, CTX);
    BN_mod_sqr(t, x, P, CTX);
    if (BN_cmp(t, x2) != 0) {
        BN_copy(e, P);
        BN_sub_word(e, 1);
        BN_rshift(e, e, 2);
        BN_set_word(i, 2);
        BN_mod_exp(i, i, e, P, CTX);
        BN_mod_mul(x, x, i, P, CTX);
        BN_mod_sqr(t, x, P, CTX);
    }
    if (BN_cmp(t, x2) == 0) {
        ok = 1;
        if (BN_is_bit_set(x, 0) != sign && !BN_is_zero(x))
            BN_sub(x, P, x);
        bn_to_le32(enc, y);
        enc[31] |= (uint8_t)(BN_is_bit_set(x, 0) << 7);
    }
    BN_free(y); BN_free(u); BN_free(v); BN_free(x2); BN_free(x);
    BN_free(e); BN_free(d); BN_free(t); BN_free(i);
    return ok;
}

static void test_decode(int iters)
{
    uint8_t previous[32] = { 1 }, previous_want[32] = { 1 }; /* y = 1: the identity */
    int previous_ok = 1;

    for (int i = 0; i < iters; i++) {
        uint8_t s[32], want[32], got[32];
        n25519_ge_p3 a;
        int ok_model, ok;

        et_rng_bytes(&rng, s, 32);
        if (i < 64) {
            /* y in {0, 1, p-1, p, p+1, ..., 2^255-1} with both sign bits */
            BIGNUM *v = BN_new();
            static const int offs[] = { 0, 1, -1, 19, 20, 21, 37, 36, 18, 2, -2, 0 };

            if (i / 2 < 12) {
                int o = offs[i / 2];

                if (i / 2 == 11) {
                    BN_zero(v);
                    BN_set_bit(v, 255);
                    BN_sub_word(v, 1);
                } else if (i / 2 >= 3 && i / 2 <= 8) {
                    BN_copy(v, P); /* p + (o - 19): the non-canonical encodings */
                    BN_add_word(v, (BN_ULONG)(o - 19));
                } else {
                    BN_zero(v);
                    if (o >= 0)
                        BN_set_word(v, (BN_ULONG)o);
                    else {
                        BN_copy(v, P);
                        BN_sub_word(v, (BN_ULONG)-o);
                    }
                }
            } else {
                BN_set_word(v, (BN_ULONG)(i / 2));
            }
            bn_to_le32(s, v);
            s[31] = (uint8_t)((s[31] & 0x7f) | ((i & 1) << 7));
            BN_free(v);
        }
        ok_model = model_decode(want, s);
        ok = n25519_ge_frombytes(&a, s);
        ET_CHECK(ok == ok_model, "decode verdict %d", i);
        if (ok && ok_model) {
            n25519_ge_tobytes(got, &a);
            ET_CHECK(memcmp(got, want, 32) == 0, "decode point %d", i);
        }
        /* R of a signature: exactly the encodings the model's point re-encodes to */
        ok = n25519_ge_frombytes_canonical(&a, s);
        ET_CHECK(ok == (ok_model && memcmp(want, s, 32) == 0), "canonical decode verdict %d", i);
        /* with a key beside it (the previous input), each decoded by its own rules */
        {
            n25519_ge_p3 key, r;
            const unsigned found = n25519_ge_frombytes_key_and_r(&key, previous, &r, s);

            ET_CHECK((found & 1) == (unsigned)previous_ok, "key beside R, verdict %d", i);
            ET_CHECK(((found >> 1) & 1) == (unsigned)ok, "R beside a key, verdict %d", i);
            if (found & 2) {
                n25519_ge_tobytes(got, &r);
                ET_CHECK(memcmp(got, s, 32) == 0, "R beside a key, point %d", i);
            }
            if (found & 1) {
                n25519_ge_tobytes(got, &key);
                ET_CHECK(memcmp(got, previous_want, 32) == 0, "key beside R, point %d", i);
            }
        }
        memcpy(previous, s, 32);
        memcpy(previous_want, want, 32);
        previous_ok = ok_model;
    }
}

int main(void)
{
    native_path_or_skip();
    P = bn_p();
    L = bn_l();
    CTX = BN_CTX_new();
    et_rng_seed(&rng, 4);
    test_base();
    /* the fixed-base and double-scalar code of the path under test, against the slow path */
    test_fixed_base(et_cases(200));
    test_double_scalar(et_cases(150));
    test_decode(et_cases(20000));
    BN_free(P);
    BN_free(L);
    BN_CTX_free(CTX);
    return et_finish("native25519_point");
}
