/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Field arithmetic against OpenSSL BIGNUM: random and edge values, loose
 * inputs, output bounds, encodings, inversion, square roots (with the
 * exponentiation of the path under test too), and the curve constants d and
 * sqrt(-1).
 */
#include <openssl/bn.h>

#include "ed25519/accel.h"
#include "ed25519/field.h"
#include "native_path.h"
#include "bnutil.h"

static struct et_rng rng;

static BIGNUM *P;
static BN_CTX *CTX;

/* The exact (unreduced) value of an element, mod p. */
static BIGNUM *fe_bn(const n25519_fe *f)
{
    BIGNUM *r = BN_new(), *t = BN_new();

    BN_zero(r);
    for (int i = 4; i >= 0; i--) {
        BN_lshift(r, r, 51);
        BN_set_word(t, f->v[i]);
        BN_add(r, r, t);
    }
    BN_nnmod(r, r, P, CTX);
    BN_free(t);
    return r;
}

static int tight(const n25519_fe *f)
{
    for (int i = 0; i < 5; i++)
        if (f->v[i] >= ((uint64_t)1 << 51) + ((uint64_t)1 << 17))
            return 0;
    return 1;
}

static int bn_eq_fe(const BIGNUM *want, const n25519_fe *got)
{
    BIGNUM *g = fe_bn(got);
    int ok = BN_cmp(want, g) == 0;

    BN_free(g);
    return ok;
}

#define NEDGE 12
static void edge_bytes(uint8_t out[32], int which)
{
    BIGNUM *v = BN_new();

    switch (which) {
    case 0: BN_zero(v); break;
    case 1: BN_one(v); break;
    case 2: BN_copy(v, P); BN_sub_word(v, 1); break;           /* p - 1 */
    case 3: BN_copy(v, P); break;                              /* p (non-canonical 0) */
    case 4: BN_copy(v, P); BN_add_word(v, 1); break;           /* p + 1 */
    case 5: BN_zero(v); BN_set_bit(v, 255); BN_sub_word(v, 1); break; /* 2^255 - 1 */
    case 6: BN_copy(v, P); BN_add_word(v, 18); break;          /* 2^255 - 1 too, other way */
    case 7: BN_copy(v, P); BN_sub_word(v, 19); break;          /* p - 19 */
    case 8: BN_zero(v); BN_set_bit(v, 254); break;             /* 2^254 */
    case 9: BN_set_word(v, 19); break;
    case 10: BN_copy(v, P); BN_rshift1(v, v); break;           /* (p - 1) / 2 */
    default: BN_zero(v); BN_set_bit(v, 51); BN_sub_word(v, 1); break;
    }
    bn_to_le32(out, v);
    BN_free(v);
}

static void rand_bytes_any(uint8_t out[32], int i)
{
    if (i < NEDGE) {
        edge_bytes(out, i);
        return;
    }
    et_rng_bytes(&rng, out, 32);
    /* Bias a fraction towards values just below 2^255, i.e. >= p, and all-ones limbs. */
    if (i % 7 == 0)
        memset(out + 1, 0xff, 31);
    if (i % 11 == 0)
        out[31] |= 0x80; /* top bit must be ignored */
}

/* BIGNUM value of a 32-byte string as the field decoder reads it (255 bits). */
static BIGNUM *bytes_bn(const uint8_t s[32])
{
    uint8_t t[32];

    memcpy(t, s, 32);
    t[31] &= 0x7f;
    BIGNUM *r = bn_from_le(t, 32);
    BN_nnmod(r, r, P, CTX);
    return r;
}

static void test_constants(void)
{
    BIGNUM *d = BN_new(), *t = BN_new(), *m1 = BN_new(), *e = BN_new();

    /* d = -121665 / 121666 */
    BN_set_word(t, 121666);
    BN_mod_inverse(t, t, P, CTX);
    BN_set_word(d, 121665);
    BN_sub(d, P, d);
    BN_mod_mul(d, d, t, P, CTX);
    ET_CHECK(bn_eq_fe(d, &n25519_fe_d), "d");
    BN_mod_add(t, d, d, P, CTX);
    ET_CHECK(bn_eq_fe(t, &n25519_fe_d2), "2d");
    /* sqrt(-1) = 2^((p-1)/4), and its square is -1 */
    BN_copy(e, P);
    BN_sub_word(e, 1);
    BN_rshift(e, e, 2);
    BN_set_word(t, 2);
    BN_mod_exp(t, t, e, P, CTX);
    ET_CHECK(bn_eq_fe(t, &n25519_fe_sqrtm1), "sqrt(-1)");
    BN_mod_sqr(t, t, P, CTX);
    BN_copy(m1, P);
    BN_sub_word(m1, 1);
    ET_CHECK(BN_cmp(t, m1) == 0, "sqrt(-1)^2 = -1");
    BN_free(d); BN_free(t); BN_free(m1); BN_free(e);
}

static void test_ops(int iters)
{
    for (int i = 0; i < iters; i++) {
        uint8_t a[32], b[32], enc[32], want[32];
        n25519_fe fa, fb, r, la, lb;
        BIGNUM *A, *B, *W = BN_new();

        rand_bytes_any(a, i % (NEDGE * 3) < NEDGE ? i % NEDGE : NEDGE + i);
        rand_bytes_any(b, (i / NEDGE) % NEDGE);
        if (i >= NEDGE * NEDGE)
            rand_bytes_any(b, NEDGE + i);
        A = bytes_bn(a);
        B = bytes_bn(b);
        n25519_fe_frombytes(&fa, a);
        n25519_fe_frombytes(&fb, b);
        ET_CHECK(tight(&fa) && bn_eq_fe(A, &fa), "frombytes %d", i);

        /* canonical encoding */
        n25519_fe_tobytes(enc, &fa);
        bn_to_le32(want, A);
        ET_CHECK(memcmp(enc, want, 32) == 0, "tobytes %d", i);
        ET_CHECK(n25519_fe_isnegative(&fa) == (BN_is_bit_set(A, 0) ? ~(uint64_t)0 : 0), "isnegative %d", i);
        ET_CHECK(n25519_fe_iszero(&fa) == (BN_is_zero(A) ? ~(uint64_t)0 : 0), "iszero %d", i);

        n25519_fe_mul(&r, &fa, &fb);
        BN_mod_mul(W, A, B, P, CTX);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "mul %d", i);
        n25519_fe_sq(&r, &fa);
        BN_mod_sqr(W, A, P, CTX);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "sq %d", i);
        n25519_fe_add(&r, &fa, &fb);
        BN_mod_add(W, A, B, P, CTX);
        ET_CHECK(bn_eq_fe(W, &r), "add %d", i);
        n25519_fe_sub(&r, &fa, &fb);
        BN_mod_sub(W, A, B, P, CTX);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "sub %d", i);
        n25519_fe_neg(&r, &fa);
        BN_mod_sub(W, P, A, P, CTX);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "neg %d", i);

        /* Loose inputs (sums of two tight values) are allowed into mul, sq and sub. */
        n25519_fe_add(&la, &fa, &fb);
        n25519_fe_add(&lb, &fb, &fb);
        n25519_fe_mul(&r, &la, &lb);
        {
            BIGNUM *X = BN_new(), *Y = BN_new();

            BN_mod_add(X, A, B, P, CTX);
            BN_mod_add(Y, B, B, P, CTX);
            BN_mod_mul(W, X, Y, P, CTX);
            ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "mul loose %d", i);
            n25519_fe_sq(&r, &la);
            BN_mod_sqr(W, X, P, CTX);
            ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "sq loose %d", i);
            n25519_fe_sub(&r, &la, &lb);
            BN_mod_sub(W, X, Y, P, CTX);
            ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "sub loose %d", i);
            n25519_fe_tobytes(enc, &la);
            bn_to_le32(want, X);
            ET_CHECK(memcmp(enc, want, 32) == 0, "tobytes loose %d", i);
            BN_free(X);
            BN_free(Y);
        }

        /* cmov */
        r = fa;
        n25519_fe_cmov(&r, &fb, 0);
        ET_CHECK(memcmp(&r, &fa, sizeof(r)) == 0, "cmov 0");
        n25519_fe_cmov(&r, &fb, ~(uint64_t)0);
        ET_CHECK(memcmp(&r, &fb, sizeof(r)) == 0, "cmov all ones");

        /* inversion (both paths), 0 maps to 0 */
        n25519_fe_invert(&r, &fa);
        if (BN_is_zero(A))
            BN_zero(W);
        else
            BN_mod_inverse(W, A, P, CTX);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "invert %d", i);
        n25519_fe_invert_vartime(&r, &fa);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "invert_vartime %d", i);

        /* pow22523 = a^((p-5)/8) */
        {
            BIGNUM *e = BN_dup(P);
            n25519_fe pair_in[2] = { fa, fb }, pair_out[2];

            BN_sub_word(e, 5);
            BN_rshift(e, e, 3);
            BN_mod_exp(W, A, e, P, CTX);
            n25519_fe_pow22523(&r, &fa, 1);
            ET_CHECK(bn_eq_fe(W, &r), "pow22523 %d", i);
            n25519_accel_pow22523()(&r, &fa, 1);
            ET_CHECK(bn_eq_fe(W, &r), "the path's pow22523 %d", i);
            /* two at once, in place */
            n25519_accel_pow22523()(pair_out, pair_in, 2);
            n25519_accel_pow22523()(pair_in, pair_in, 2);
            ET_CHECK(bn_eq_fe(W, &pair_out[0]) && bn_eq_fe(W, &pair_in[0]), "pow22523 pair %d", i);
            BN_mod_exp(W, B, e, P, CTX);
            ET_CHECK(bn_eq_fe(W, &pair_out[1]) && bn_eq_fe(W, &pair_in[1]), "pow22523 pair %d", i);
            BN_free(e);
        }

        /* sqrt_ratio(u = a, v = b): root exists iff a/b is a square (Euler's criterion) */
        if (!BN_is_zero(B)) {
            n25519_fe x, chk;
            BIGNUM *q = BN_new(), *e = BN_dup(P), *X;
            int ok, is_sq;

            BN_mod_inverse(q, B, P, CTX);
            BN_mod_mul(q, q, A, P, CTX);
            BN_sub_word(e, 1);
            BN_rshift1(e, e);
            BN_mod_exp(W, q, e, P, CTX);
            is_sq = BN_is_zero(q) || BN_is_one(W);
            ok = (int)n25519_fe_sqrt_ratio(&x, &fa, &fb, 1, n25519_accel_pow22523());
            ET_CHECK(ok == is_sq, "sqrt_ratio verdict %d", i);
            if (ok) {
                n25519_fe_sq(&chk, &x);
                n25519_fe_mul(&chk, &chk, &fb);
                X = fe_bn(&chk);
                ET_CHECK(BN_cmp(X, A) == 0, "sqrt_ratio root %d", i);
                BN_free(X);
            }
            BN_free(q);
            BN_free(e);
        }

        BN_free(A);
        BN_free(B);
        BN_free(W);
    }
}

/* mul and sq take any limbs below 2^54 (what the point formulas feed them). */
static void test_wide_inputs(int iters)
{
    for (int i = 0; i < iters; i++) {
        n25519_fe a, b, r;
        BIGNUM *A, *B, *W = BN_new();

        for (int j = 0; j < 5; j++) {
            a.v[j] = et_rng_next(&rng) >> 10;
            b.v[j] = et_rng_next(&rng) >> 10;
            if (i < 4) { /* all-maximal limbs */
                a.v[j] = ((uint64_t)1 << 54) - 1;
                b.v[j] = i & 1 ? ((uint64_t)1 << 54) - 1 : ((uint64_t)1 << 51) + (1 << 17) - 1;
            }
        }
        A = fe_bn(&a);
        B = fe_bn(&b);
        n25519_fe_mul(&r, &a, &b);
        BN_mod_mul(W, A, B, P, CTX);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "mul wide %d", i);
        n25519_fe_sq(&r, &a);
        BN_mod_sqr(W, A, P, CTX);
        ET_CHECK(tight(&r) && bn_eq_fe(W, &r), "sq wide %d", i);
        BN_free(A);
        BN_free(B);
        BN_free(W);
    }
}

int main(void)
{
    native_path_or_skip();
    P = bn_p();
    CTX = BN_CTX_new();
    et_rng_seed(&rng, 1);
    test_constants();
    test_ops(et_cases(20000));
    test_wide_inputs(et_cases(20000));
    BN_free(P);
    BN_CTX_free(CTX);
    return et_finish("native25519_field");
}
