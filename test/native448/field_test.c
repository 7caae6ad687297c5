/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Field arithmetic mod p = 2^448 - 2^224 - 1 against OpenSSL BIGNUM, on
 * random values (reduced and with loose limbs) and edge values (0, 1, p-1,
 * p, p+1, 2^448-1, non-canonical encodings).
 */
#include <openssl/bn.h>

#include "ed448/field.h"
#include "native_path.h"

static BN_CTX *bnctx;
static BIGNUM *P;

/* Value of the limbs as an integer (not reduced). */
static BIGNUM *fe_to_bn(const n448_fe *a)
{
    BIGNUM *r = BN_new(), *t = BN_new();

    BN_zero(r);
    for (int i = N448_FE_LIMBS - 1; i >= 0; i--) {
        BN_lshift(r, r, 56);
        BN_set_word(t, a->l[i]);
        BN_add(r, r, t);
    }
    BN_free(t);
    return r;
}

/* Little-endian 56-byte encoding of a BIGNUM < 2^448. */
static void bn_to_bytes56(uint8_t out[56], const BIGNUM *a)
{
    BN_bn2lebinpad(a, out, 56);
}

/* A field element from a BIGNUM < 2^448, limbs exactly 56 bits. */
static void bn_to_fe(n448_fe *r, const BIGNUM *a)
{
    uint8_t b[56];

    bn_to_bytes56(b, a);
    (void)n448_fe_frombytes(r, b);
}

/* Is the field element congruent to the BIGNUM mod p? */
static int fe_equals_bn_mod_p(const n448_fe *a, const BIGNUM *want)
{
    BIGNUM *x = fe_to_bn(a), *w = BN_new();
    int ok;

    BN_nnmod(x, x, P, bnctx);
    BN_nnmod(w, want, P, bnctx);
    ok = BN_cmp(x, w) == 0;
    BN_free(x);
    BN_free(w);
    return ok;
}

/* Random element whose limbs are below 2^bits (bits <= 64). */
static void random_fe(struct et_rng *rng, n448_fe *a, unsigned bits)
{
    for (int i = 0; i < N448_FE_LIMBS; i++) {
        a->l[i] = et_rng_next(rng);
        if (bits < 64)
            a->l[i] &= (1ULL << bits) - 1;
    }
}

/* Output bound promised by field.h for "reduced" values. */
static int is_reduced(const n448_fe *a)
{
    for (int i = 0; i < N448_FE_LIMBS; i++)
        if (a->l[i] >= (1ULL << 56) + (1ULL << 18))
            return 0;
    return 1;
}

static void check_binary_ops(const n448_fe *a, const n448_fe *b, const char *what)
{
    BIGNUM *A = fe_to_bn(a), *B = fe_to_bn(b), *W = BN_new();
    n448_fe r;

    n448_fe_mul(&r, a, b);
    BN_mod_mul(W, A, B, P, bnctx);
    ET_CHECK(fe_equals_bn_mod_p(&r, W) && is_reduced(&r), "mul %s", what);

    n448_fe_sq(&r, a);
    BN_mod_sqr(W, A, P, bnctx);
    ET_CHECK(fe_equals_bn_mod_p(&r, W) && is_reduced(&r), "sq %s", what);

    n448_fe_add(&r, a, b);
    BN_add(W, A, B);
    ET_CHECK(fe_equals_bn_mod_p(&r, W), "add %s", what);

    n448_fe_mul_small(&r, a, 39081);
    BN_mul_word(W = BN_copy(W, A), 39081);
    ET_CHECK(fe_equals_bn_mod_p(&r, W) && is_reduced(&r), "mul_small %s", what);

    BN_free(A);
    BN_free(B);
    BN_free(W);
}

/* sub takes b with limbs < 2^58 */
static void check_sub(const n448_fe *a, const n448_fe *b, const char *what)
{
    BIGNUM *A = fe_to_bn(a), *B = fe_to_bn(b), *W = BN_new();
    n448_fe r;

    n448_fe_sub(&r, a, b);
    BN_sub(W, A, B);
    ET_CHECK(fe_equals_bn_mod_p(&r, W) && is_reduced(&r), "sub %s", what);
    {
        int small = 1, a_ok = 1;

        for (int i = 0; i < N448_FE_LIMBS; i++)
            a_ok &= a->l[i] < (1ULL << 59);
        if (!a_ok)
            goto done; /* outside sub_nr's documented domain */

        n448_fe_sub_nr(&r, a, b);
        for (int i = 0; i < N448_FE_LIMBS; i++)
            small &= r.l[i] < (1ULL << 60);
        ET_CHECK(fe_equals_bn_mod_p(&r, W) && small, "sub_nr %s", what);
    }
done:
    n448_fe_neg(&r, b);
    BN_zero(W);
    BN_sub(W, W, B);
    ET_CHECK(fe_equals_bn_mod_p(&r, W) && is_reduced(&r), "neg %s", what);
    BN_free(A);
    BN_free(B);
    BN_free(W);
}

/*
 * n448_fe_isr_pair (the path's own chain on the ifma path) against two single
 * roots, for a and an independent second element.  Not for every random
 * case: emulated IFMA under ASan makes a pair slow (docs/performance.md,
 * "Figures from code comments").
 */
static void check_isr_pair(const n448_fe *a, const char *what)
{
    n448_fe in[2], roots[2], single, flipped = *a;
    unsigned found;

    flipped.l[3] ^= 1;
    in[0] = *a;
    n448_fe_sq(&in[1], a);
    n448_fe_add(&in[1], &in[1], &flipped); /* a^2 + a with a bit flipped: its own verdict */
    found = n448_fe_isr_pair(roots, in);
    for (int i = 0; i < 2; i++) {
        uint64_t single_ok = n448_fe_isr(&single, &in[i]);

        ET_CHECK(((found >> i) & 1) == (single_ok & 1), "isr_pair verdict %d %s", i, what);
        ET_CHECK(n448_fe_eq(&roots[i], &single) == ~0ULL, "isr_pair value %d %s", i, what);
    }
}

/* Canonical encoding, equality, zero test, low bit, inverse, isr. */
static void check_unary(const n448_fe *a, const char *what)
{
    BIGNUM *A = fe_to_bn(a), *W = BN_new(), *E = BN_new();
    uint8_t got[56], want[56];
    n448_fe r, t;
    uint64_t m;
    int is_zero;

    BN_nnmod(W, A, P, bnctx);
    is_zero = BN_is_zero(W);
    bn_to_bytes56(want, W);
    n448_fe_tobytes(got, a);
    ET_CHECK(memcmp(got, want, 56) == 0, "tobytes %s", what);
    ET_CHECK(n448_fe_iszero(a) == (is_zero ? ~0ULL : 0), "is_zero %s", what);
    ET_CHECK(n448_fe_isnegative(a) == (BN_is_odd(W) ? ~0ULL : 0), "lobit %s", what);

    t = *a;
    n448_fe_strong_reduce(&t);
    {
        BIGNUM *tb = fe_to_bn(&t);

        ET_CHECK(fe_equals_bn_mod_p(&t, W) && BN_cmp(tb, P) < 0, "strong_reduce %s", what);
        BN_free(tb);
    }
    ET_CHECK(n448_fe_eq(a, &t) == ~0ULL, "eq %s", what);
    t.l[3] ^= 1;
    ET_CHECK(n448_fe_eq(a, &t) == 0, "neq %s", what);

    n448_fe_invert(&r, a);
    if (is_zero) {
        ET_CHECK(n448_fe_iszero(&r) == ~0ULL, "inv(0) %s", what);
    } else {
        BN_mod_inverse(E, W, P, bnctx);
        ET_CHECK(fe_equals_bn_mod_p(&r, E), "inv %s", what);
    }

    /* isr: r = a^((p-3)/4), success exactly for non-zero squares */
    m = n448_fe_isr(&r, a);
    BN_sub(E, P, BN_value_one());
    BN_rshift1(E, E); /* (p-1)/2: Euler's criterion */
    {
        BIGNUM *leg = BN_new(), *e2 = BN_new();

        BN_mod_exp(leg, W, E, P, bnctx);
        ET_CHECK(m == ((!is_zero && BN_is_one(leg)) ? ~0ULL : 0), "isr verdict %s", what);
        BN_sub_word(BN_copy(e2, P), 3);
        BN_rshift(e2, e2, 2);
        BN_mod_exp(leg, W, e2, P, bnctx);
        ET_CHECK(fe_equals_bn_mod_p(&r, leg), "isr value %s", what);
        BN_free(leg);
        BN_free(e2);
    }
    BN_free(A);
    BN_free(W);
    BN_free(E);
}

static void check_frombytes(const uint8_t in[56], const char *what)
{
    BIGNUM *v = BN_lebin2bn(in, 56, NULL);
    n448_fe r;
    uint64_t ok = n448_fe_frombytes(&r, in);
    BIGNUM *got = fe_to_bn(&r);

    ET_CHECK(ok == (BN_cmp(v, P) < 0 ? ~0ULL : 0), "frombytes canonical flag %s", what);
    ET_CHECK(BN_cmp(got, v) == 0, "frombytes value %s", what);
    BN_free(v);
    BN_free(got);
}

static void test_constants(void)
{
    /* p = 2^448 - 2^224 - 1 and it is prime; p = 3 mod 4 (used by isr) */
    BIGNUM *t = BN_new(), *u = BN_new();

    BN_zero(t);
    BN_set_bit(t, 448);
    BN_zero(u);
    BN_set_bit(u, 224);
    BN_sub(t, t, u);
    BN_sub_word(t, 1);
    ET_CHECK(BN_cmp(t, P) == 0, "p");
    ET_CHECK(BN_check_prime(P, bnctx, NULL) == 1, "p prime");
    ET_CHECK(BN_mod_word(P, 4) == 3, "p = 3 mod 4");

    /* d = -39081 is a non-square (completeness of the addition law) */
    BN_set_word(u, 39081);
    BN_sub(u, P, u);
    BN_sub(t, P, BN_value_one());
    BN_rshift1(t, t);
    BN_mod_exp(t, u, t, P, bnctx);
    ET_CHECK(!BN_is_one(t), "d non-square");
    BN_free(t);
    BN_free(u);
}

static void test_edges(void)
{
    static const char *names[] = { "0", "1", "p-1", "p", "p+1", "2^448-1", "2^224", "2p-1" };
    BIGNUM *v[7];
    n448_fe fe[8], loose;

    for (int i = 0; i < 7; i++)
        v[i] = BN_new();
    BN_zero(v[0]);
    BN_one(v[1]);
    BN_sub(v[2], P, BN_value_one());
    BN_copy(v[3], P);
    BN_add(v[4], P, BN_value_one());
    BN_zero(v[5]);
    BN_set_bit(v[5], 448);
    BN_sub_word(v[5], 1);
    BN_zero(v[6]);
    BN_set_bit(v[6], 224);
    for (int i = 0; i < 7; i++)
        bn_to_fe(&fe[i], v[i]);
    /* 2p - 1 only exists with loose limbs: twice p's limbs, minus one */
    bn_to_fe(&fe[7], P);
    for (int i = 0; i < N448_FE_LIMBS; i++)
        fe[7].l[i] *= 2;
    fe[7].l[0] -= 1;

    for (int i = 0; i < 8; i++) {
        check_unary(&fe[i], names[i]);
        check_isr_pair(&fe[i], names[i]);
        for (int j = 0; j < 8; j++) {
            check_binary_ops(&fe[i], &fe[j], names[i]);
            check_sub(&fe[i], &fe[j], names[j]);
        }
    }
    /* loose limbs at the documented input bounds */
    for (int i = 0; i < N448_FE_LIMBS; i++)
        loose.l[i] = (1ULL << 60) - 1;
    check_binary_ops(&loose, &loose, "limbs 2^60-1");
    check_unary(&loose, "limbs 2^60-1");
    for (int i = 0; i < N448_FE_LIMBS; i++)
        loose.l[i] = (1ULL << 58) - 8;
    check_sub(&fe[0], &loose, "b limbs 2^58-8");

    for (int i = 0; i < 7; i++) {
        uint8_t b[56];

        bn_to_bytes56(b, v[i]);
        check_frombytes(b, names[i]);
        BN_free(v[i]);
    }
}

static void test_random(struct et_rng *rng, int n)
{
    for (int i = 0; i < n; i++) {
        n448_fe a, b;
        uint8_t bytes[56];

        random_fe(rng, &a, i % 3 == 0 ? 60 : 56);
        random_fe(rng, &b, i % 5 == 0 ? 60 : 56);
        check_binary_ops(&a, &b, "random");
        random_fe(rng, &b, i % 2 ? 57 : 56);
        check_sub(&a, &b, "random");
        if (i % 8 == 0)
            check_unary(&a, "random");
        if (i % 128 == 0)
            check_isr_pair(&a, "random");

        /* squares must pass isr, and r^2 a = 1 */
        {
            n448_fe s, r, t;

            n448_fe_sq(&s, &a);
            if (!n448_fe_iszero(&s)) {
                ET_CHECK(n448_fe_isr(&r, &s) == ~0ULL, "isr of a square");
                n448_fe_sq(&t, &r);
                n448_fe_mul(&t, &t, &s);
                n448_fe_strong_reduce(&t);
                ET_CHECK(t.l[0] == 1 && t.l[1] == 0, "r^2 a = 1");
            }
        }

        et_rng_bytes(rng, bytes, 56);
        if (i % 4 == 0)
            memset(bytes + 28, 0xff, 28); /* near and above p */
        check_frombytes(bytes, "random");

        /* cmov / cneg */
        {
            n448_fe c = a, n;

            n448_fe_cmov(&c, &b, 0);
            ET_CHECK(memcmp(&c, &a, sizeof(c)) == 0, "cmov 0");
            n448_fe_cmov(&c, &b, ~0ULL);
            ET_CHECK(memcmp(&c, &b, sizeof(c)) == 0, "cmov 1");
            c = a;
            n448_fe_cneg(&c, ~0ULL);
            n448_fe_neg(&n, &a);
            ET_CHECK(n448_fe_eq(&c, &n) == ~0ULL, "cneg");
        }
    }
}

int main(void)
{
    struct et_rng rng = { et_seed_or(0x448f1e1d) };

    native_path_or_skip();

    bnctx = BN_CTX_new();
    P = BN_new();
    BN_set_bit(P, 448);
    {
        BIGNUM *t = BN_new();

        BN_set_bit(t, 224);
        BN_sub(P, P, t);
        BN_sub_word(P, 1);
        BN_free(t);
    }
    test_constants();
    test_edges();
    test_random(&rng, et_cases(20000));
    BN_free(P);
    BN_CTX_free(bnctx);
    return et_finish("native448_field");
}
