/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scalars mod l with Montgomery multiplication (R = 2^448).
 *
 * Montgomery is used because it needs no special shape of l and keeps every
 * step a fixed sequence of word operations, hence constant time; the few
 * constants (R^2, R^3 mod l, -1/l mod 2^64) are checked by the unit tests
 * against OpenSSL BIGNUM.
 */
#include "scalar.h"
#include "ct.h"

#include <string.h>
#include <openssl/crypto.h>

typedef unsigned __int128 u128;

const uint64_t n448_sc_order[N448_SC_LIMBS] = {
    0x2378c292ab5844f3ULL, 0x216cc2728dc58f55ULL, 0xc44edb49aed63690ULL,
    0xffffffff7cca23e9ULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL,
    0x3fffffffffffffffULL
};
static const uint64_t L4[N448_SC_LIMBS] = { /* 4 l, still below 2^448 */
    0x8de30a4aad6113ccULL, 0x85b309ca37163d54ULL, 0x113b6d26bb58da40ULL,
    0xfffffffdf3288fa7ULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL,
    0xffffffffffffffffULL
};
static const uint64_t L2[N448_SC_LIMBS] = { /* 2 l */
    0x46f1852556b089e6ULL, 0x42d984e51b8b1eaaULL, 0x889db6935dac6d20ULL,
    0xfffffffef99447d3ULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL,
    0x7fffffffffffffffULL
};
/* R^2 and R^3 mod l, R = 2^448, for moving values in and out of Montgomery form. */
static const n448_sc R2 = { {
    0xe3539257049b9b60ULL, 0x7af32c4bc1b195d9ULL, 0x0d66de2388ea1859ULL,
    0xae17cf725ee4d838ULL, 0x1a9cc14ba3c47c44ULL, 0x2052bcb7e4d070afULL,
    0x3402a939f823b729ULL
} };
static const n448_sc R3 = { {
    0x62db79e25f9b74edULL, 0x32d533584f61d636ULL, 0x3e0d0c8b5fa74964ULL,
    0x178769ed878dfcdaULL, 0xe4c71af86754b842ULL, 0xed66e7f42bab736dULL,
    0x0d30a4f69d3af5f1ULL
} };
static const uint64_t MONT_M = 0x3bd440fae918bc5ULL; /* -1/l mod 2^64 */

/* x = x - m when x >= m, in constant time (m fixed, x < 2^448). */
static void sub_cond(uint64_t x[N448_SC_LIMBS], const uint64_t m[N448_SC_LIMBS])
{
    uint64_t d[N448_SC_LIMBS], borrow = 0, keep;

    for (int i = 0; i < N448_SC_LIMBS; i++) {
        u128 t = (u128)x[i] - m[i] - borrow;
        d[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    keep = ct_barrier(0 - borrow); /* all-ones: x < m, keep x */
    for (int i = 0; i < N448_SC_LIMBS; i++)
        x[i] = (x[i] & keep) | (d[i] & ~keep);
}

/*
 * r = a b / R mod l for a < 2^448 and b < l (CIOS).  The running value stays
 * below 2l, so a single conditional subtraction finishes it.
 */
static void montmul(n448_sc *r, const n448_sc *a, const n448_sc *b)
{
    uint64_t t[N448_SC_LIMBS + 2] = { 0 };

    for (int i = 0; i < N448_SC_LIMBS; i++) {
        u128 c = 0;
        uint64_t m;

        for (int j = 0; j < N448_SC_LIMBS; j++) {
            c += (u128)a->l[i] * b->l[j] + t[j];
            t[j] = (uint64_t)c;
            c >>= 64;
        }
        c += t[N448_SC_LIMBS];
        t[N448_SC_LIMBS] = (uint64_t)c;
        t[N448_SC_LIMBS + 1] = (uint64_t)(c >> 64);

        m = t[0] * MONT_M;
        c = ((u128)m * n448_sc_order[0] + t[0]) >> 64;
        for (int j = 1; j < N448_SC_LIMBS; j++) {
            c += (u128)m * n448_sc_order[j] + t[j];
            t[j - 1] = (uint64_t)c;
            c >>= 64;
        }
        c += t[N448_SC_LIMBS];
        t[N448_SC_LIMBS - 1] = (uint64_t)c;
        t[N448_SC_LIMBS] = t[N448_SC_LIMBS + 1] + (uint64_t)(c >> 64);
    }
    /* t < 2l < 2^447: t[7] is zero here. */
    memcpy(r->l, t, sizeof(r->l));
    sub_cond(r->l, n448_sc_order);
}

void n448_sc_add(n448_sc *r, const n448_sc *a, const n448_sc *b)
{
    uint64_t carry = 0;

    for (int i = 0; i < N448_SC_LIMBS; i++) {
        u128 t = (u128)a->l[i] + b->l[i] + carry;
        r->l[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    sub_cond(r->l, n448_sc_order); /* a + b < 2l < 2^447: no carry out */
}

void n448_sc_neg(n448_sc *r, const n448_sc *a)
{
    uint64_t borrow = 0;

    for (int i = 0; i < N448_SC_LIMBS; i++) {
        u128 t = (u128)n448_sc_order[i] - a->l[i] - borrow;
        r->l[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    sub_cond(r->l, n448_sc_order); /* a = 0 gives l, which must become 0 */
}

/*
 * With the input split into 448-bit chunks c0 + c1 R + c2 R^2, the residue is
 * c0 mod l + montmul(c1, R^2) + montmul(c2, R^3).  c0 < 2^448 < 5l is brought
 * below l by conditional subtractions of 4l, 2l and l.
 */
void n448_sc_frombytes(n448_sc *r, const uint8_t *in, size_t len)
{
    uint64_t w[3 * N448_SC_LIMBS] = { 0 };
    n448_sc c0, c1, c2, t;

    if (len > 114)
        len = 114;
    for (size_t i = 0; i < len; i++)
        w[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
    memcpy(c0.l, w, sizeof(c0.l));
    memcpy(c1.l, w + N448_SC_LIMBS, sizeof(c1.l));
    memcpy(c2.l, w + 2 * N448_SC_LIMBS, sizeof(c2.l));

    sub_cond(c0.l, L4);
    sub_cond(c0.l, L2);
    sub_cond(c0.l, n448_sc_order);
    montmul(&t, &c1, &R2);
    n448_sc_add(&c0, &c0, &t);
    montmul(&t, &c2, &R3);
    n448_sc_add(r, &c0, &t);
    OPENSSL_cleanse(w, sizeof(w)); /* may hold a secret scalar */
}

void n448_sc_tobytes(uint8_t out[N448_SC_BYTES], const n448_sc *a)
{
    for (int i = 0; i < N448_SC_LIMBS * 8; i++)
        out[i] = (uint8_t)(a->l[i / 8] >> (8 * (i % 8)));
    out[56] = 0;
}

void n448_sc_muladd(n448_sc *r, const n448_sc *a, const n448_sc *b, const n448_sc *c)
{
    n448_sc t;

    montmul(&t, a, b);  /* a b / R */
    montmul(&t, &t, &R2); /* a b */
    n448_sc_add(r, &t, c);
}

/* (l + 1) / 4 = 1/4 mod l, times R, so that one Montgomery product divides by 4. */
static const n448_sc QUARTER_R = { {
    0xdc873d6d54a7bb0dULL, 0xde933d8d723a70aaULL, 0x3bb124b65129c96fULL,
    0x000000008335dc16ULL, 0, 0, 0
} };

void n448_sc_div4(n448_sc *r, const n448_sc *a)
{
    montmul(r, a, &QUARTER_R);
}

/* Like OpenSSL: all 57 bytes compared with l, most significant first. */
int n448_sc_is_canonical(const uint8_t in[N448_SC_BYTES])
{
    if (in[56] != 0)
        return 0;
    for (int i = N448_SC_BYTES - 2; i >= 0; i--) {
        uint8_t lb = (uint8_t)(n448_sc_order[i / 8] >> (8 * (i % 8)));

        if (in[i] != lb)
            return in[i] < lb;
    }
    return 0; /* equal to l */
}

unsigned n448_sc_signed_radix_digits(unsigned w)
{
    return (447 + w - 1) / w;
}

/* Bits [pos, pos + w) of a; positions past 447 read as zero.  pos is public. */
static uint64_t bits_at(const n448_sc *a, unsigned pos, unsigned w)
{
    unsigned limb = pos / 64, off = pos % 64;
    uint64_t v = 0;

    if (limb < N448_SC_LIMBS)
        v = a->l[limb] >> off;
    if (off + w > 64 && limb + 1 < N448_SC_LIMBS)
        v |= a->l[limb + 1] << (64 - off);
    return v & ((1u << w) - 1);
}

/*
 * Digits in [-2^(w-1), 2^(w-1)) with a carry into the next window; a < 2^446
 * leaves room in the last window for the final carry.  Only shifts, adds and
 * masks: the data flow is the same for every scalar.
 */
void n448_sc_signed_radix(int8_t *d, const n448_sc *a, unsigned w)
{
    unsigned n = n448_sc_signed_radix_digits(w);
    int carry = 0;

    for (unsigned i = 0; i < n; i++) {
        int v = (int)bits_at(a, w * i, w) + carry;

        carry = (v + (1 << (w - 1))) >> w;
        d[i] = (int8_t)(v - (carry << w));
    }
    d[n - 1] = (int8_t)(d[n - 1] + (carry << w));
}

/*
 * Classic wNAF on a 128-bit integer: when the remaining value is odd, take
 * its low w bits as a signed digit and subtract it, which leaves w - 1 zero
 * bits above it; runs of zero bits are skipped with one count.  A chunk of
 * at most 120 bits stays below 2^121 throughout.
 */
unsigned n448_sc_wnaf_chunk(int8_t naf[N448_SC_NAF_LEN], const n448_sc *a, unsigned lo,
                            unsigned nbits, unsigned w)
{
    const int full = 1 << w, half = 1 << (w - 1);
    unsigned word = lo / 64, shift = lo % 64, i = 0, top = 0;
    uint64_t w0 = word < N448_SC_LIMBS ? a->l[word] : 0;
    uint64_t w1 = word + 1 < N448_SC_LIMBS ? a->l[word + 1] : 0;
    uint64_t w2 = word + 2 < N448_SC_LIMBS ? a->l[word + 2] : 0;
    unsigned __int128 k = (((unsigned __int128)w1 << 64) | w0) >> shift;

    if (shift != 0)
        k |= (unsigned __int128)w2 << (128 - shift);
    k &= ((unsigned __int128)1 << nbits) - 1;
    memset(naf, 0, N448_SC_NAF_LEN);
    while (k != 0) {
        uint64_t low = (uint64_t)k;
        unsigned zeros = low != 0 ? (unsigned)__builtin_ctzll(low)
                                  : 64 + (unsigned)__builtin_ctzll((uint64_t)(k >> 64));
        int d;

        i += zeros;
        k >>= zeros;
        d = (int)(k & (unsigned)(full - 1));
        if (d >= half)
            d -= full;
        naf[i] = (int8_t)d;
        top = i + 1;
        if (d >= 0)
            k -= (unsigned)d;
        else
            k += (unsigned)-d;
        /* the low w bits are now zero */
        i += w;
        k >>= w;
    }
    return top;
}

/* k >>= n for an eight-limb integer, n < 64. */
static void shr_small(uint64_t k[8], unsigned n)
{
    if (n == 0)
        return;
    for (int i = 0; i < 7; i++)
        k[i] = (k[i] >> n) | (k[i + 1] << (64 - n));
    k[7] >>= n;
}

/*
 * The classic wNAF again, on an eight-limb copy (the digit subtraction can
 * carry one bit past 448).  Runs of zero bits are skipped a word at a time.
 */
unsigned n448_sc_wnaf(int8_t naf[N448_SC_NAF_FULL], const n448_sc *a, unsigned w)
{
    const int full = 1 << w, half = 1 << (w - 1);
    uint64_t k[8] = { 0 };
    unsigned i = 0, top = 0;

    memcpy(k, a->l, sizeof(a->l));
    memset(naf, 0, N448_SC_NAF_FULL);
    while (i < N448_SC_NAF_FULL) {
        int nonzero = 0;

        for (int j = 0; j < 8; j++)
            nonzero |= k[j] != 0;
        if (!nonzero)
            break;
        if (k[0] == 0) {
            memmove(k, k + 1, 7 * sizeof(k[0]));
            k[7] = 0;
            i += 64;
            continue;
        }
        if (!(k[0] & 1)) {
            unsigned z = (unsigned)__builtin_ctzll(k[0]);

            shr_small(k, z);
            i += z;
            continue;
        }
        {
            int d = (int)(k[0] & (uint64_t)(full - 1));
            uint64_t add;

            if (d >= half)
                d -= full;
            naf[i] = (int8_t)d;
            top = i + 1;
            if (d > 0) {
                k[0] -= (uint64_t)d; /* the low bits were d: no borrow */
            } else {
                add = (uint64_t)-d;
                for (int j = 0; j < 8 && add; j++) {
                    k[j] += add;
                    add = k[j] < add;
                }
            }
            shr_small(k, 1);
            i++;
        }
    }
    return top;
}
