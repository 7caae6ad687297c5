/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scalars mod l against OpenSSL BIGNUM: the order itself, wide reduction of
 * 0..114-byte inputs (random and edge values), muladd, add, neg, the
 * canonical check, and both recodings (value and digit ranges).
 */
#include <openssl/bn.h>

#include "ed448/lattice.h"
#include "ed448/scalar.h"
#include "native_path.h"

static BN_CTX *bnctx;
static BIGNUM *L;

static BIGNUM *sc_to_bn(const n448_sc *a)
{
    uint8_t b[57];

    n448_sc_tobytes(b, a);
    return BN_lebin2bn(b, 57, NULL);
}

static void bn_to_sc(n448_sc *r, const BIGNUM *a)
{
    uint8_t b[57];

    BN_bn2lebinpad(a, b, 57);
    n448_sc_frombytes(r, b, 57);
}

static void check_reduce(const uint8_t *in, size_t len, const char *what)
{
    BIGNUM *v = BN_lebin2bn(in, (int)len, NULL), *got;
    n448_sc r;

    n448_sc_frombytes(&r, in, len);
    got = sc_to_bn(&r);
    BN_nnmod(v, v, L, bnctx);
    ET_CHECK(BN_cmp(got, v) == 0, "from_bytes %s len %zu", what, len);
    BN_free(v);
    BN_free(got);
}

static void check_canonical(const uint8_t in[57], const char *what)
{
    BIGNUM *v = BN_lebin2bn(in, 57, NULL);

    ET_CHECK(n448_sc_is_canonical(in) == (BN_cmp(v, L) < 0), "is_canonical %s", what);
    BN_free(v);
}

static void check_arith(const n448_sc *a, const n448_sc *b, const n448_sc *c)
{
    BIGNUM *A = sc_to_bn(a), *B = sc_to_bn(b), *C = sc_to_bn(c), *W = BN_new(), *G;
    n448_sc r;

    n448_sc_muladd(&r, a, b, c);
    BN_mod_mul(W, A, B, L, bnctx);
    BN_mod_add(W, W, C, L, bnctx);
    G = sc_to_bn(&r);
    ET_CHECK(BN_cmp(G, W) == 0, "muladd");
    BN_free(G);

    n448_sc_add(&r, a, b);
    BN_mod_add(W, A, B, L, bnctx);
    G = sc_to_bn(&r);
    ET_CHECK(BN_cmp(G, W) == 0, "add");
    BN_free(G);

    n448_sc_neg(&r, a);
    BN_mod_sub(W, L, A, L, bnctx);
    G = sc_to_bn(&r);
    ET_CHECK(BN_cmp(G, W) == 0, "neg");
    BN_free(G);

    n448_sc_div4(&r, a);
    G = sc_to_bn(&r);
    BN_lshift(W, G, 2);
    BN_nnmod(W, W, L, bnctx);
    ET_CHECK(BN_cmp(W, A) == 0 && BN_cmp(G, L) < 0, "div4");
    BN_free(G);
    BN_free(A);
    BN_free(B);
    BN_free(C);
    BN_free(W);
}

static void check_recodings(const n448_sc *a)
{
    BIGNUM *A = sc_to_bn(a), *V;

    for (unsigned w = 2; w <= 6; w++) {
        int8_t d[448];
        unsigned n = n448_sc_signed_radix_digits(w);
        int range_ok = 1;

        n448_sc_signed_radix(d, a, w);
        for (unsigned i = 0; i < n; i++) {
            int hi = (i == n - 1) ? (1 << (w - 1)) : (1 << (w - 1)) - 1;

            if (d[i] < -(1 << (w - 1)) || d[i] > hi)
                range_ok = 0;
        }
        V = et_bn_digits(d, n, w);
        ET_CHECK(BN_cmp(V, A) == 0 && range_ok, "recode_signed w=%u", w);
        BN_free(V);
    }
    for (unsigned w = 3; w <= 8; w++) {
        int8_t naf[N448_SC_NAF_FULL];
        unsigned top = n448_sc_wnaf(naf, a, w);
        int ok = 1, last = -1000;

        for (unsigned i = 0; i < N448_SC_NAF_FULL; i++) {
            if (!naf[i])
                continue;
            if (!(naf[i] & 1) || naf[i] >= (1 << (w - 1)) || naf[i] <= -(1 << (w - 1))
                || (int)i - last < (int)w || i >= top)
                ok = 0;
            last = (int)i;
        }
        V = et_bn_digits(naf, N448_SC_NAF_FULL, 1);
        ET_CHECK(BN_cmp(V, A) == 0 && ok, "full wnaf w=%u", w);
        BN_free(V);
    }
    for (unsigned w = 3; w <= 8; w++) {
        static const unsigned chunks[][2] = { { 0, 112 }, { 112, 112 }, { 224, 112 },
                                              { 336, 112 }, { 0, 120 }, { 330, 118 },
                                              { 0, 56 }, { 392, 56 }, { 440, 56 } };

        for (size_t c = 0; c < sizeof(chunks) / sizeof(chunks[0]); c++) {
            int8_t naf[N448_SC_NAF_LEN];
            unsigned top = n448_sc_wnaf_chunk(naf, a, chunks[c][0], chunks[c][1], w);
            BIGNUM *want = BN_dup(A);
            int ok = 1, last = -1000;

            BN_rshift(want, want, (int)chunks[c][0]);
            BN_mask_bits(want, (int)chunks[c][1]);
            for (unsigned i = 0; i < N448_SC_NAF_LEN; i++) {
                if (!naf[i])
                    continue;
                if (!(naf[i] & 1) || naf[i] >= (1 << (w - 1)) || naf[i] <= -(1 << (w - 1)))
                    ok = 0; /* odd and inside the table */
                if ((int)i - last < (int)w)
                    ok = 0; /* at least w - 1 zeros between non-zero digits */
                if (i >= top)
                    ok = 0;
                last = (int)i;
            }
            V = et_bn_digits(naf, N448_SC_NAF_LEN, 1);
            ET_CHECK(BN_cmp(V, want) == 0 && ok, "wnaf w=%u chunk %u+%u", w, chunks[c][0], chunks[c][1]);
            BN_free(V);
            BN_free(want);
        }
    }
    BN_free(A);
}

/* d h = c (mod l) with c, |d| < 2^224 and d != 0. */
static void check_halfsize(const n448_sc *h)
{
    n448_sc c, d;
    int neg;
    BIGNUM *H = sc_to_bn(h), *C, *D, *W = BN_new();

    n448_lattice_split(h, &c, &d, &neg);
    C = sc_to_bn(&c);
    D = sc_to_bn(&d);
    ET_CHECK(BN_num_bits(C) <= 224 && BN_num_bits(D) <= 224 && !BN_is_zero(D), "halfsize bounds");
    if (neg)
        BN_set_negative(D, 1);
    BN_mod_mul(W, D, H, L, bnctx);
    ET_CHECK(BN_cmp(W, C) == 0, "halfsize: d h = c mod l");
    BN_free(H);
    BN_free(C);
    BN_free(D);
    BN_free(W);
}

static void test_order(void)
{
    /* l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885, prime */
    BIGNUM *t = NULL, *c = NULL;

    BN_dec2bn(&c, "13818066809895115352007386748515426880336692474882178609894547503885");
    t = BN_new();
    BN_set_bit(t, 446);
    BN_sub(t, t, c);
    ET_CHECK(BN_cmp(t, L) == 0, "l constant");
    ET_CHECK(BN_check_prime(L, bnctx, NULL) == 1, "l prime");
    BN_free(t);
    BN_free(c);
}

static void test_edges(void)
{
    uint8_t b[114];
    BIGNUM *v = BN_new();
    n448_sc s, z;

    memset(b, 0, sizeof(b));
    check_reduce(b, 114, "zero");
    check_reduce(b, 0, "empty");
    memset(b, 0xff, sizeof(b));
    for (size_t len = 0; len <= 114; len++)
        check_reduce(b, len, "all ones");

    for (int delta = -2; delta <= 2; delta++) {
        uint8_t e[57];

        BN_copy(v, L);
        if (delta < 0)
            BN_sub_word(v, (BN_ULONG)-delta);
        else
            BN_add_word(v, (BN_ULONG)delta);
        BN_bn2lebinpad(v, e, 57);
        check_reduce(e, 57, "l+delta");
        check_canonical(e, "l+delta");
        /* multiples of l near the 2^448 boundary of the first chunk */
        BN_lshift(v, v, 2);
        BN_bn2lebinpad(v, b, 114);
        check_reduce(b, 114, "4(l+delta)");
    }
    {
        uint8_t e[57] = { 0 };

        check_canonical(e, "0");
        e[56] = 1;
        check_canonical(e, "byte 56 set");
        memset(e, 0xff, 57);
        check_canonical(e, "all ones");
    }
    memset(&z, 0, sizeof(z));
    BN_sub(v, L, BN_value_one());
    bn_to_sc(&s, v);
    check_arith(&s, &s, &s);
    check_arith(&z, &s, &z);
    check_arith(&s, &z, &s);
    check_recodings(&s);
    check_recodings(&z);
    check_halfsize(&s); /* l - 1 */
    check_halfsize(&z); /* 0 */
    {
        n448_sc small = { { 12345 } }, top = { { 0, 0, 0, 1ULL << 32 } }; /* 12345 and 2^224 */

        check_halfsize(&small);
        check_halfsize(&top);
        top.l[3] = (1ULL << 31) - 1;
        check_halfsize(&top); /* just below 2^223 */
    }
    /*
     * Words of all ones (the divisor's top bits at their largest), powers of
     * two (quotients far wider than a word) and l minus those.
     */
    for (int k = 60; k <= 445; k += 5) {
        BN_set_word(v, 0);
        BN_set_bit(v, k);
        bn_to_sc(&s, v);
        check_halfsize(&s);
        BN_sub(v, v, BN_value_one());
        bn_to_sc(&s, v);
        check_halfsize(&s);
        BN_sub(v, L, v);
        bn_to_sc(&s, v);
        check_halfsize(&s);
    }
    BN_free(v);
}

static void test_random(struct et_rng *rng, int n)
{
    for (int i = 0; i < n; i++) {
        uint8_t b[114], e[57];
        size_t len = (size_t)(et_rng_next(rng) % 115);
        n448_sc a, bb, c;

        et_rng_bytes(rng, b, sizeof(b));
        check_reduce(b, len, "random");
        check_reduce(b, 114, "random");
        n448_sc_frombytes(&a, b, 114);
        et_rng_bytes(rng, b, sizeof(b));
        n448_sc_frombytes(&bb, b, 114);
        et_rng_bytes(rng, b, sizeof(b));
        n448_sc_frombytes(&c, b, 114);
        check_arith(&a, &bb, &c);
        if (i % 4 == 0)
            check_recodings(&a);
        if (i % 4 == 1)
            check_halfsize(&a);

        et_rng_bytes(rng, e, sizeof(e));
        e[56] = i % 3 ? 0 : e[56];
        e[55] = (i % 2) ? 0x3f : (uint8_t)(e[55] & 0x7f); /* near the top of l */
        if (i % 5 == 0)
            memset(e + 28, 0xff, 27);
        check_canonical(e, "random");
    }
}

int main(void)
{
    struct et_rng rng = { et_seed_or(0x5ca1a448) };

    native_path_or_skip();

    bnctx = BN_CTX_new();
    /* l in hex, checked against its defining formula by test_order */
    L = NULL;
    BN_hex2bn(&L, "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9"
                  "c44edb49aed63690216cc2728dc58f552378c292ab5844f3");
    test_order();
    test_edges();
    test_random(&rng, et_cases(20000));
    BN_free(L);
    BN_CTX_free(bnctx);
    return et_finish("native448_scalar");
}
