/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scalars mod L against OpenSSL BIGNUM: reduction of 64- and 32-byte values,
 * muladd, the S < L check, the two recodings (signed radix-2^w for the
 * fixed base, wNAF for verification) reconstructed and range-checked, and
 * the half-size multipliers of verification (lattice.h).
 */
#include <openssl/bn.h>

#include "ed25519/lattice.h"
#include "ed25519/scalar.h"
#include "native_path.h"
#include "bnutil.h"

static struct et_rng rng;

static BIGNUM *L;
static BN_CTX *CTX;

/* Edge 64-byte inputs: 0, 1, L-1, L, L+1, 2L, k L for large k, all ones, 2^252, ... */
static void edge64(uint8_t out[64], int which)
{
    BIGNUM *v = BN_new();

    memset(out, 0, 64);
    switch (which) {
    case 0: BN_zero(v); break;
    case 1: BN_one(v); break;
    case 2: BN_copy(v, L); BN_sub_word(v, 1); break;
    case 3: BN_copy(v, L); break;
    case 4: BN_copy(v, L); BN_add_word(v, 1); break;
    case 5: BN_copy(v, L); BN_lshift1(v, v); break;
    case 6: BN_copy(v, L); BN_mul_word(v, 3); BN_sub_word(v, 1); break;
    case 7: BN_zero(v); BN_set_bit(v, 512); BN_sub_word(v, 1); break; /* 2^512 - 1 */
    case 8: { /* largest multiple of L below 2^512, and one less */
        BIGNUM *t = BN_new();
        BN_zero(t); BN_set_bit(t, 512);
        BN_div(v, NULL, t, L, CTX);
        BN_mul(v, v, L, CTX);
        BN_free(t);
        break;
    }
    case 9: BN_zero(v); BN_set_bit(v, 252); break;
    case 10: BN_zero(v); BN_set_bit(v, 256); BN_sub_word(v, 1); break;
    default: BN_zero(v); BN_set_bit(v, 511); break;
    }
    BN_bn2lebinpad(v, out, 64);
    BN_free(v);
}

static void test_reduce(int iters)
{
    for (int i = 0; i < iters; i++) {
        uint8_t in[64], got[32], want[32];
        BIGNUM *v, *r = BN_new();

        if (i < 12)
            edge64(in, i);
        else
            et_rng_bytes(&rng, in, 64);
        v = bn_from_le(in, 64);
        BN_nnmod(r, v, L, CTX);
        bn_to_le32(want, r);
        n25519_sc_reduce64(got, in);
        ET_CHECK(memcmp(got, want, 32) == 0, "reduce64 %d", i);

        BN_free(v);
        v = bn_from_le(in, 32);
        BN_nnmod(r, v, L, CTX);
        bn_to_le32(want, r);
        n25519_sc_reduce32(got, in);
        ET_CHECK(memcmp(got, want, 32) == 0, "reduce32 %d", i);
        BN_free(v);
        BN_free(r);
    }
}

static void rand32_edge(uint8_t out[32], int i)
{
    uint8_t t[64];

    if (i % 13 < 11) {
        edge64(t, i % 13);
        if (i % 13 == 7 || i % 13 == 10)
            memset(t, 0xff, 32); /* 2^256 - 1 */
        memcpy(out, t, 32);
        if (i % 13 == 5 || i % 13 == 6 || i % 13 == 8)
            et_rng_bytes(&rng, out, 32);
    } else {
        et_rng_bytes(&rng, out, 32);
    }
}

static void test_muladd(int iters)
{
    for (int i = 0; i < iters; i++) {
        uint8_t a[32], b[32], c[32], got[32], want[32];
        BIGNUM *A, *B, *C, *r = BN_new();

        rand32_edge(a, i);
        rand32_edge(b, i / 13);
        rand32_edge(c, i / 169 + i);
        A = bn_from_le(a, 32);
        B = bn_from_le(b, 32);
        C = bn_from_le(c, 32);
        BN_mul(r, A, B, CTX);
        BN_add(r, r, C);
        BN_nnmod(r, r, L, CTX);
        bn_to_le32(want, r);
        n25519_sc_muladd(got, a, b, c);
        ET_CHECK(memcmp(got, want, 32) == 0, "muladd %d", i);
        BN_free(A);
        BN_free(B);
        BN_free(C);
        BN_free(r);
    }
}

static void test_canonical(int iters)
{
    for (int i = 0; i < iters; i++) {
        uint8_t s[32];
        BIGNUM *v = BN_new(), *t;

        switch (i) {
        case 0: BN_copy(v, L); BN_sub_word(v, 1); break;
        case 1: BN_copy(v, L); break;
        case 2: BN_copy(v, L); BN_add_word(v, 1); break;
        case 3: BN_zero(v); break;
        case 4: BN_zero(v); BN_set_bit(v, 252); break;
        case 5: BN_zero(v); BN_set_bit(v, 253); break;
        case 6: BN_zero(v); BN_set_bit(v, 256); BN_sub_word(v, 1); break;
        default:
            /* Values near L in every limb position matter most. */
            et_rng_bytes(&rng, s, 32);
            s[31] &= (i & 1) ? 0x1f : 0xff;
            if (i % 4 == 0) {
                bn_to_le32(s, L);
                s[et_rng_next(&rng) % 32] ^= (uint8_t)(1u << (et_rng_next(&rng) % 8));
            }
            BN_lebin2bn(s, 32, v);
        }
        bn_to_le32(s, v);
        t = bn_from_le(s, 32);
        ET_CHECK(n25519_sc_is_canonical(s) == (BN_cmp(t, L) < 0), "is_canonical %d", i);
        BN_free(t);
        BN_free(v);
    }
}

static void test_recoding(int iters)
{
    for (int i = 0; i < iters; i++) {
        uint8_t s[32], in[64];
        BIGNUM *v, *r;

        /* Scalars below L as the fixed-base code gets them. */
        et_rng_bytes(&rng, in, 64);
        if (i < 3)
            edge64(in, 2 * i);
        n25519_sc_reduce64(s, in);
        v = bn_from_le(s, 32);
        for (int w = 4; w <= 6; w++) {
            int n = (254 + w - 1) / w;
            int8_t e[64];

            n25519_sc_signed_radix(e, s, w, n);
            {
                BIGNUM *acc = BN_new(), *t = BN_new();

                BN_zero(acc);
                for (int j = n - 1; j >= 0; j--) {
                    BN_lshift(acc, acc, w);
                    BN_set_word(t, (BN_ULONG)(e[j] < 0 ? -e[j] : e[j]));
                    if (e[j] < 0)
                        BN_sub(acc, acc, t);
                    else
                        BN_add(acc, acc, t);
                    ET_CHECK(e[j] >= -(1 << (w - 1)) && e[j] <= (1 << (w - 1)),
                             "radix digit range w=%d", w);
                }
                ET_CHECK(BN_cmp(acc, v) == 0, "signed radix value w=%d i=%d", w, i);
                BN_free(acc);
                BN_free(t);
            }
        }
        /* wNAF of random 256-bit values below 2^255 (all widths used). */
        if (i & 1) {
            et_rng_bytes(&rng, s, 32);
            s[31] &= 0x7f;
            BN_free(v);
            v = bn_from_le(s, 32);
        }
        for (int w = 2; w <= 8; w++) {
            int8_t naf[256];
            int last = -1000;

            n25519_sc_wnaf(naf, s, w);
            r = et_bn_digits(naf, 256, 1);
            ET_CHECK(BN_cmp(r, v) == 0, "wnaf value w=%d i=%d", w, i);
            for (int j = 0; j < 256; j++) {
                if (!naf[j])
                    continue;
                ET_CHECK((naf[j] & 1) && naf[j] < (1 << (w - 1)) && naf[j] > -(1 << (w - 1)),
                         "wnaf digit w=%d", w);
                ET_CHECK(j - last >= w, "wnaf spacing w=%d", w);
                last = j;
            }
            BN_free(r);
        }
        BN_free(v);
    }
}

/*
 * k for the lattice: random below L, then the edges: 0, 1, 2, L - 1, the
 * largest allowed (2^253 - 1), small values and values near 8L / j, whose
 * short vectors are very short (then the neighbours are long).
 */
static void lattice_k(uint8_t k[32], int i, BIGNUM *eight_l)
{
    BIGNUM *v = BN_new();

    switch (i) {
    case 0: BN_zero(v); break;
    case 1: BN_one(v); break;
    case 2: BN_set_word(v, 2); break;
    case 3: BN_copy(v, L); BN_sub_word(v, 1); break;
    case 4: BN_zero(v); BN_set_bit(v, 253); BN_sub_word(v, 1); break;
    case 5: BN_set_word(v, 0x123456789abcdefULL); break;
    case 6: case 7: case 8: case 9: /* 8L / j + small, j = 5, 7, 9, 11 */
        BN_div_word(BN_copy(v, eight_l), (BN_ULONG)(2 * i - 7));
        BN_add_word(v, (BN_ULONG)i);
        BN_mask_bits(v, 253);
        break;
    default: {
        uint8_t wide[64];

        et_rng_bytes(&rng, wide, 64);
        n25519_sc_reduce64(k, wide);
        BN_free(v);
        return;
    }
    }
    bn_to_le32(k, v);
    BN_free(v);
}

/* c0 = c1 k (mod 8L) with c1 odd, 0 < c1 < L, both below 2^253, and short for random k. */
static void test_lattice(int iters)
{
    BIGNUM *eight_l = BN_dup(L), *lhs = BN_new(), *rhs = BN_new();
    int long_ones = 0;

    BN_lshift(eight_l, eight_l, 3);
    for (int i = 0; i < iters; i++) {
        uint8_t k[32], c0[32], c1[32];
        BIGNUM *bk, *b0, *b1;
        int negative;

        lattice_k(k, i, eight_l);
        negative = n25519_lattice_split(c0, c1, k);
        bk = bn_from_le(k, 32);
        b0 = bn_from_le(c0, 32);
        b1 = bn_from_le(c1, 32);
        if (negative)
            BN_set_negative(b0, 1);
        BN_nnmod(lhs, b0, eight_l, CTX);
        BN_mod_mul(rhs, b1, bk, eight_l, CTX);
        ET_CHECK(BN_cmp(lhs, rhs) == 0, "lattice: c0 = c1 k mod 8L (%d)", i);
        ET_CHECK(BN_is_odd(b1) && BN_cmp(b1, L) < 0, "lattice: c1 odd and below L (%d)", i);
        ET_CHECK(BN_num_bits(b0) <= 253 && BN_num_bits(b1) <= 253, "lattice: below 2^253 (%d)", i);
        ET_CHECK(!negative || !BN_is_zero(b0), "lattice: no negative zero (%d)", i);
        if (i >= 10 && (BN_num_bits(b0) > 130 || BN_num_bits(b1) > 130))
            long_ones++;
        BN_free(bk);
        BN_free(b0);
        BN_free(b1);
    }
    /* A random k's short vectors are near sqrt(8L) = 2^127.5: longer ones are rare. */
    ET_CHECK(long_ones * 20 < iters, "lattice: %d of %d random k gave over 130 bits", long_ones,
             iters - 10);
    BN_free(eight_l);
    BN_free(lhs);
    BN_free(rhs);
}

int main(void)
{
    native_path_or_skip();
    L = bn_l();
    CTX = BN_CTX_new();
    et_rng_seed(&rng, 2);
    test_reduce(20000);
    test_muladd(20000);
    test_canonical(5000);
    test_recoding(3000);
    test_lattice(5000);
    BN_free(L);
    BN_CTX_free(CTX);
    return et_finish("native25519_scalar");
}
