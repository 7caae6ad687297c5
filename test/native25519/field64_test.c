/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The four-limb field of the adx path (field_adx.h) against OpenSSL BIGNUM:
 * every operation on random values, values at and around p, 2^255 and 2^256,
 * results fed back as inputs (they are not reduced below p), operands that
 * alias the result, the conversions from and to radix 2^51 with loose
 * limbs, the square-root exponentiation and the constant 2d.  CTest runs it with EDFAST_NATIVE_PATH=adx: reported skipped where
 * the CPU lacks BMI2 and ADX.
 */
#include <openssl/bn.h>

#include "bnutil.h"
#include "ed25519/field_adx.h"
#include "native_path.h"

static struct et_rng rng;

#ifdef N25519_HAVE_FIELD_ADX

static BIGNUM *P;
static BN_CTX *CTX;

static BIGNUM *fe64_bn(const n25519_fe64 *f)
{
    uint8_t le[32];

    for (int i = 0; i < 32; i++)
        le[i] = (uint8_t)(f->v[i / 8] >> (8 * (i % 8)));
    return bn_from_le(le, 32);
}

static int equal_mod_p(const n25519_fe64 *got, BIGNUM *want)
{
    BIGNUM *g = fe64_bn(got);
    int ok;

    BN_nnmod(g, g, P, CTX);
    BN_nnmod(want, want, P, CTX);
    ok = BN_cmp(g, want) == 0;
    BN_free(g);
    return ok;
}

/* Values around the places where carries and folds happen, then random ones. */
#define NEDGE 14
static void element(n25519_fe64 *f, int i)
{
    static const uint64_t edge[NEDGE][4] = {
        { 0, 0, 0, 0 },
        { 1, 0, 0, 0 },
        { 37, 0, 0, 0 },
        { 38, 0, 0, 0 },
        { 0xffffffffffffffec, ~0ull, ~0ull, 0x7fffffffffffffff },         /* p - 1 */
        { 0xffffffffffffffed, ~0ull, ~0ull, 0x7fffffffffffffff },         /* p */
        { 0xffffffffffffffee, ~0ull, ~0ull, 0x7fffffffffffffff },         /* p + 1 */
        { ~0ull, ~0ull, ~0ull, 0x7fffffffffffffff },                      /* 2^255 - 1 */
        { 0, 0, 0, 0x8000000000000000 },                                  /* 2^255 */
        { 0xffffffffffffffda, ~0ull, ~0ull, ~0ull },                      /* 2p */
        { 0xffffffffffffffd9, ~0ull, ~0ull, ~0ull },                      /* 2^256 - 39 */
        { ~0ull - 37, ~0ull, ~0ull, ~0ull },                              /* 2^256 - 38 */
        { ~0ull, ~0ull, ~0ull, ~0ull },                                   /* 2^256 - 1 */
        { ~0ull, 0, ~0ull, 0 },
    };

    if (i < NEDGE) {
        memcpy(f->v, edge[i], sizeof(f->v));
        return;
    }
    for (int k = 0; k < 4; k++)
        f->v[k] = et_rng_next(&rng);
    if (i % 5 == 0)
        f->v[3] |= 0xffffffff00000000u; /* near 2^256: the fold carries */
    if (i % 9 == 0)
        f->v[0] = ~(uint64_t)0 - (uint64_t)(i % 64);
}

static void check_pair(const n25519_fe64 *f, const n25519_fe64 *g)
{
    BIGNUM *a = fe64_bn(f), *b = fe64_bn(g), *want = BN_new();
    n25519_fe64 h;

    n25519_fe64_mul(&h, f, g);
    BN_mul(want, a, b, CTX);
    ET_CHECK(equal_mod_p(&h, want), "mul");
    n25519_fe64_add(&h, f, g);
    BN_add(want, a, b);
    ET_CHECK(equal_mod_p(&h, want), "add");
    n25519_fe64_sub(&h, f, g);
    BN_sub(want, a, b);
    ET_CHECK(equal_mod_p(&h, want), "sub");
    n25519_fe64_sq(&h, f);
    BN_mul(want, a, a, CTX);
    ET_CHECK(equal_mod_p(&h, want), "sq");

    /* The result as an operand: h = h g, h = f h. */
    h = *f;
    n25519_fe64_mul(&h, &h, g);
    BN_mul(want, a, b, CTX);
    ET_CHECK(equal_mod_p(&h, want), "mul into its first operand");
    h = *g;
    n25519_fe64_mul(&h, f, &h);
    ET_CHECK(equal_mod_p(&h, want), "mul into its second operand");
    h = *f;
    n25519_fe64_sub(&h, &h, &h);
    BN_zero(want);
    ET_CHECK(equal_mod_p(&h, want), "x - x");
    BN_free(a);
    BN_free(b);
    BN_free(want);
}

/* Long chains: outputs, never reduced below p, as the next inputs. */
static void check_chain(void)
{
    n25519_fe64 f, g;
    BIGNUM *a, *b, *want = BN_new();

    element(&f, NEDGE + 1);
    element(&g, NEDGE + 2);
    a = fe64_bn(&f);
    b = fe64_bn(&g);
    for (int i = 0; i < 2000; i++) {
        switch (i % 4) {
        case 0: n25519_fe64_mul(&f, &f, &g); BN_mod_mul(a, a, b, P, CTX); break;
        case 1: n25519_fe64_sq(&f, &f); BN_mod_sqr(a, a, P, CTX); break;
        case 2: n25519_fe64_add(&g, &g, &f); BN_mod_add(b, b, a, P, CTX); break;
        default: n25519_fe64_sub(&g, &f, &g); BN_mod_sub(b, a, b, P, CTX); break;
        }
    }
    BN_copy(want, a);
    ET_CHECK(equal_mod_p(&f, want), "chain f");
    BN_copy(want, b);
    ET_CHECK(equal_mod_p(&g, want), "chain g");
    BN_free(a);
    BN_free(b);
    BN_free(want);
}

static void check_conversions(int i)
{
    n25519_fe64 f, back;
    n25519_fe r;
    BIGNUM *a, *want = BN_new(), *t = BN_new();

    element(&f, i);
    a = fe64_bn(&f);
    n25519_fe64_to_fe(&r, &f);
    for (int k = 0; k < 5; k++)
        ET_CHECK(r.v[k] < ((uint64_t)1 << 51) + ((uint64_t)1 << 17), "to_fe gives tight limbs");
    n25519_fe64_from_fe(&back, &r);
    BN_copy(want, a);
    ET_CHECK(equal_mod_p(&back, want), "to_fe then from_fe");

    /* Loose radix-2^51 limbs, up to 2^54, as the field code allows. */
    BN_zero(want);
    for (int k = 4; k >= 0; k--) {
        r.v[k] = et_rng_next(&rng) >> 10;
        BN_lshift(want, want, 51);
        BN_set_word(t, r.v[k]);
        BN_add(want, want, t);
    }
    n25519_fe64_from_fe(&back, &r);
    ET_CHECK(equal_mod_p(&back, want), "from_fe of loose limbs");

    BN_free(a);
    BN_free(want);
    BN_free(t);
}

/* f^((p-5)/8) of an element, and the constant 2d against its definition. */
static void check_pow22523(int i)
{
    n25519_fe64 f, h;
    BIGNUM *a, *e = bn_p(), *want = BN_new();

    element(&f, i);
    a = fe64_bn(&f);
    BN_sub_word(e, 5);
    BN_rshift(e, e, 3);
    BN_mod_exp(want, a, e, P, CTX);
    n25519_fe64_pow22523(&h, &f, 1);
    ET_CHECK(equal_mod_p(&h, want), "pow22523 %d", i);
    BN_free(a);
    BN_free(e);
    BN_free(want);
}

static void check_d2(void)
{
    BIGNUM *d = BN_new(), *t = BN_new();

    /* d = -121665/121666 */
    BN_set_word(t, 121666);
    BN_mod_inverse(t, t, P, CTX);
    BN_set_word(d, 121665);
    BN_sub(d, P, d);
    BN_mod_mul(d, d, t, P, CTX);
    BN_mod_add(d, d, d, P, CTX);
    ET_CHECK(equal_mod_p(&n25519_fe64_d2, d), "2d");
    BN_free(d);
    BN_free(t);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 20000;
    n25519_fe64 f, g;

    native_path_or_skip();
    P = bn_p();
    CTX = BN_CTX_new();
    et_rng_seed(&rng, 0xadc5);

    for (int i = 0; i < NEDGE; i++)
        for (int j = 0; j < NEDGE; j++) {
            element(&f, i);
            element(&g, j);
            check_pair(&f, &g);
        }
    for (int i = NEDGE; i < n; i++) {
        element(&f, i);
        element(&g, i + n);
        check_pair(&f, &g);
    }
    check_chain();
    for (int i = 0; i < NEDGE + 200; i++)
        check_conversions(i);
    for (int i = 0; i < NEDGE + 50; i++)
        check_pow22523(i);
    check_d2();
    BN_CTX_free(CTX);
    BN_free(P);
    return et_finish("native25519_field64");
}

#else

int main(void)
{
    printf("SKIPPED: the four-limb field is x86-64 only\n");
    return 77;
}

#endif
