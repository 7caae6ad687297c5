/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable arithmetic mod p = 2^448 - 2^224 - 1 on eight 56-bit limbs.
 *
 * The multiplication uses the "golden ratio" structure of p: with
 * phi = 2^224, phi^2 = phi + 1 (mod p).  Splitting a = a0 + a1 phi and
 * b = b0 + b1 phi (four limbs each),
 *   a b = a0 b0 + a1 b1 + ((a0 + a1)(b0 + b1) - a0 b0) phi   (mod p),
 * so three 4x4 limb products (48 word products) replace the 64 of the
 * schoolbook, and the reduction is folded into how the products are summed.
 */
#include "field.h"

#include <string.h>

#include <openssl/crypto.h>

#include "accel.h"
#include "safegcd.h"

typedef unsigned __int128 u128;

#define MASK56 ((uint64_t)0x00ffffffffffffffULL)

void n448_fe_zero(n448_fe *r)
{
    memset(r, 0, sizeof(*r));
}

void n448_fe_one(n448_fe *r)
{
    memset(r, 0, sizeof(*r));
    r->l[0] = 1;
}

void n448_fe_add(n448_fe *r, const n448_fe *a, const n448_fe *b)
{
    for (int i = 0; i < N448_FE_LIMBS; i++)
        r->l[i] = a->l[i] + b->l[i];
}

/*
 * Carry every limb into the next; the carry out of the top limb is worth
 * 2^448 = 2^224 + 1, so it re-enters at limbs 0 and 4.
 */
void n448_fe_weak_reduce(n448_fe *a)
{
    uint64_t top = a->l[7] >> 56;

    a->l[7] &= MASK56;
    a->l[4] += top;
    a->l[0] += top;
    for (int i = 0; i < 7; i++) {
        a->l[i + 1] += a->l[i] >> 56;
        a->l[i] &= MASK56;
    }
    top = a->l[7] >> 56;
    a->l[7] &= MASK56;
    a->l[4] += top;
    a->l[0] += top;
}

void n448_fe_sub(n448_fe *r, const n448_fe *a, const n448_fe *b)
{
    n448_fe_sub_nr(r, a, b);
    n448_fe_weak_reduce(r);
}

void n448_fe_neg(n448_fe *r, const n448_fe *a)
{
    n448_fe z;

    n448_fe_zero(&z);
    n448_fe_sub(r, &z, a);
}

/*
 * Final carry of a product held in eight 128-bit column sums.  Two carry
 * chains run side by side (limbs 0..3 and 4..7) to halve the dependency
 * length; the carries out of limbs 3 and 7 (the latter worth 2^224 + 1) and
 * one more short step leave every limb below 2^56 + 2^17.
 */
static inline void carry_columns(n448_fe *r, u128 c[8])
{
    u128 top;

    for (int i = 0; i < 3; i++) {
        c[i + 1] += c[i] >> 56;
        c[i] &= MASK56;
        c[i + 5] += c[i + 4] >> 56;
        c[i + 4] &= MASK56;
    }
    top = c[7] >> 56;
    c[7] &= MASK56;
    c[4] += (c[3] >> 56) + top;
    c[3] &= MASK56;
    c[0] += top;
    c[1] += c[0] >> 56;
    c[0] &= MASK56;
    c[5] += c[4] >> 56;
    c[4] &= MASK56;
    for (int i = 0; i < 8; i++)
        r->l[i] = (uint64_t)c[i];
}

/*
 * Column sums for the Karatsuba form, derived in the file header:
 *   c[j]   = P00[j] + P11[j] + Pss[j+4] - P00[j+4]
 *   c[j+4] = P11[j+4] + Pss[j] + Pss[j+4] - P00[j]
 * where Pxy[k] is column k of a 4x4 product (zero for k = 7).  The pair
 * (c[j], c[j+4]) is built in two accumulators, each word product being added
 * to or subtracted from whichever sums contain it: 48 products, and few
 * enough live values that the compiler keeps them in registers.  Unsigned
 * 128-bit wrap-around makes the order irrelevant: each final sum is
 * non-negative and below 2^127.
 */
static inline __attribute__((always_inline)) void
mul_pair(u128 c[8], const uint64_t *x, const uint64_t *y,
         const uint64_t xs[4], const uint64_t ys[4], int j)
{
    u128 lo = 0, hi = 0, t;

    for (int i = 0; i <= j; i++) {
        t = (u128)x[i] * y[j - i]; /* P00[j] */
        lo += t;
        hi -= t;
        lo += (u128)x[4 + i] * y[4 + j - i]; /* P11[j] */
        hi += (u128)xs[i] * ys[j - i];       /* Pss[j] */
    }
    for (int i = j + 1; i < 4; i++) {
        t = (u128)xs[i] * ys[4 + j - i]; /* Pss[j+4] */
        lo += t;
        hi += t;
        lo -= (u128)x[i] * y[4 + j - i];     /* P00[j+4] */
        hi += (u128)x[4 + i] * y[8 + j - i]; /* P11[j+4] */
    }
    c[j] = lo;
    c[j + 4] = hi;
}

void n448_fe_mul(n448_fe *r, const n448_fe *a, const n448_fe *b)
{
    const uint64_t *x = a->l, *y = b->l;
    uint64_t xs[4], ys[4];
    u128 c[8];

    for (int i = 0; i < 4; i++) {
        xs[i] = x[i] + x[i + 4];
        ys[i] = y[i] + y[i + 4];
    }
    mul_pair(c, x, y, xs, ys, 0);
    mul_pair(c, x, y, xs, ys, 1);
    mul_pair(c, x, y, xs, ys, 2);
    mul_pair(c, x, y, xs, ys, 3);
    carry_columns(r, c);
}

/*
 * The same two-accumulator sums for a == b.  In a column of a square the
 * products x[i] x[k] and x[k] x[i] coincide, so each pair is made once with
 * a doubled operand (x2 = 2x): 30 word products instead of 48.
 */
static inline __attribute__((always_inline)) void
sq_pair(u128 c[8], const uint64_t *x, const uint64_t *x2,
         const uint64_t xs[4], const uint64_t xs2[4], int j)
{
    u128 lo = 0, hi = 0, t;

    /* columns j of the three 4x4 squares */
    for (int i = 0; 2 * i <= j; i++) {
        int k = j - i;

        t = i == k ? (u128)x[i] * x[i] : (u128)x2[i] * x[k]; /* P00[j] */
        lo += t;
        hi -= t;
        lo += i == k ? (u128)x[4 + i] * x[4 + i] : (u128)x2[4 + i] * x[4 + k]; /* P11[j] */
        hi += i == k ? (u128)xs[i] * xs[i] : (u128)xs2[i] * xs[k];             /* Pss[j] */
    }
    /* columns j + 4 (i, k in 0..3, i <= k) */
    for (int i = j + 1; 2 * i <= j + 4; i++) {
        int k = j + 4 - i;

        t = i == k ? (u128)xs[i] * xs[i] : (u128)xs2[i] * xs[k]; /* Pss[j+4] */
        lo += t;
        hi += t;
        lo -= i == k ? (u128)x[i] * x[i] : (u128)x2[i] * x[k];                 /* P00[j+4] */
        hi += i == k ? (u128)x[4 + i] * x[4 + i] : (u128)x2[4 + i] * x[4 + k]; /* P11[j+4] */
    }
    c[j] = lo;
    c[j + 4] = hi;
}

static inline __attribute__((always_inline)) void sq_inline(n448_fe *r, const n448_fe *a)
{
    const uint64_t *x = a->l;
    uint64_t x2[8], xs[4], xs2[4];
    u128 c[8];

    for (int i = 0; i < 8; i++)
        x2[i] = 2 * x[i];
    for (int i = 0; i < 4; i++) {
        xs[i] = x[i] + x[i + 4];
        xs2[i] = 2 * xs[i];
    }
    sq_pair(c, x, x2, xs, xs2, 0);
    sq_pair(c, x, x2, xs, xs2, 1);
    sq_pair(c, x, x2, xs, xs2, 2);
    sq_pair(c, x, x2, xs, xs2, 3);
    carry_columns(r, c);
}

void n448_fe_sq(n448_fe *r, const n448_fe *a)
{
    sq_inline(r, a);
}

/* Inlined loop: the exponentiation chains are mostly runs of squarings. */
void n448_fe_sq_n(n448_fe *r, const n448_fe *a, unsigned n)
{
    n448_fe t = *a;

    while (n--)
        sq_inline(&t, &t);
    *r = t;
}

void n448_fe_mul_small(n448_fe *r, const n448_fe *a, uint32_t w)
{
    u128 c[8];

    for (int i = 0; i < 8; i++)
        c[i] = (u128)a->l[i] * w;
    carry_columns(r, c);
}

static const uint64_t P_LIMBS[N448_FE_LIMBS] = {
    MASK56, MASK56, MASK56, MASK56, MASK56 - 1, MASK56, MASK56, MASK56
};

/*
 * After a weak reduction the value is below 2p, so one masked subtraction of
 * p gives the canonical representative.
 */
void n448_fe_strong_reduce(n448_fe *a)
{
    int64_t borrow = 0;
    uint64_t carry = 0, mask;

    n448_fe_weak_reduce(a);
    for (int i = 0; i < N448_FE_LIMBS; i++) {
        borrow += (int64_t)a->l[i] - (int64_t)P_LIMBS[i];
        a->l[i] = (uint64_t)borrow & MASK56;
        borrow >>= 56; /* arithmetic shift: gcc and clang define it */
    }
    /* borrow is now 0 (value was >= p) or -1 (it was < p: add p back). */
    mask = ct_barrier((uint64_t)borrow);
    for (int i = 0; i < N448_FE_LIMBS; i++) {
        carry += a->l[i] + (P_LIMBS[i] & mask);
        a->l[i] = carry & MASK56;
        carry >>= 56;
    }
}

void n448_fe_tobytes(uint8_t out[N448_FE_BYTES], const n448_fe *a)
{
    n448_fe t = *a;

    n448_fe_strong_reduce(&t);
    for (int i = 0; i < N448_FE_LIMBS; i++)
        for (int j = 0; j < 7; j++)
            out[7 * i + j] = (uint8_t)(t.l[i] >> (8 * j));
}

uint64_t n448_fe_frombytes(n448_fe *r, const uint8_t in[N448_FE_BYTES])
{
    int64_t borrow = 0;

    for (int i = 0; i < N448_FE_LIMBS; i++) {
        uint64_t v = 0;

        for (int j = 0; j < 7; j++)
            v |= (uint64_t)in[7 * i + j] << (8 * j);
        r->l[i] = v;
        borrow += (int64_t)v - (int64_t)P_LIMBS[i];
        borrow >>= 56;
    }
    /* A final borrow of -1 means value - p < 0: canonical. */
    return (uint64_t)borrow;
}

uint64_t n448_fe_iszero(const n448_fe *a)
{
    n448_fe t = *a;
    uint64_t acc = 0;

    n448_fe_strong_reduce(&t);
    for (int i = 0; i < N448_FE_LIMBS; i++)
        acc |= t.l[i];
    return ct_iszero64(acc);
}

uint64_t n448_fe_eq(const n448_fe *a, const n448_fe *b)
{
    n448_fe t;

    n448_fe_sub(&t, a, b);
    return n448_fe_iszero(&t);
}

uint64_t n448_fe_isnegative(const n448_fe *a)
{
    n448_fe t = *a;

    n448_fe_strong_reduce(&t);
    return ct_mask_bit0(t.l[0]);
}

void n448_fe_cneg(n448_fe *r, uint64_t mask)
{
    n448_fe n;

    n448_fe_neg(&n, r);
    n448_fe_cmov(r, &n, mask);
}

static N448_DEFINE_ISR_CHAIN(isr_chain, n448_fe, n448_fe_sq_n, n448_fe_mul)

/* All-ones when r^2 a == 1, that is when r = a^((p-3)/4) and a is a non-zero square. */
static uint64_t isr_holds(const n448_fe *r, const n448_fe *a)
{
    n448_fe t, one;

    n448_fe_sq(&t, r);
    n448_fe_mul(&t, &t, a);
    n448_fe_one(&one);
    return n448_fe_eq(&t, &one);
}

uint64_t n448_fe_isr(n448_fe *r, const n448_fe *a)
{
    isr_chain(r, a);
    return isr_holds(r, a);
}

unsigned n448_fe_isr_pair(n448_fe r[2], const n448_fe a[2])
{
    const struct n448_accel *accel = n448_accel_selected();

    if (accel != NULL && accel->isr_pair != NULL)
        accel->isr_pair(r, a);
    else {
        isr_chain(&r[0], &a[0]);
        isr_chain(&r[1], &a[1]);
    }
    return (unsigned)(isr_holds(&r[0], &a[0]) & 1) | (unsigned)(isr_holds(&r[1], &a[1]) & 2);
}

/*
 * Constant-time inversion by safegcd divsteps (../safegcd.h) instead of the
 * Fermat chain (447 squarings): far fewer instructions (docs/performance.md,
 * "Figures from code comments").  The original
 * divstep, whose bound holds for every size: at most (49 * 448 + 57) / 17,
 * so 1294, divsteps for inputs below 2^448 (Bernstein-Yang, Theorem 11.2),
 * run as 22 batches of 60.
 */
static const safegcd_modulus P448 = {
    { { 0x3fffffffffffffff, 0x3fffffffffffffff, 0x3fffffffffffffff, 0x3fffffbfffffffff,
        0x3fffffffffffffff, 0x3fffffffffffffff, 0x3fffffffffffffff, 0x3fff } },
    0x3fffffffffffffff, /* p^-1 mod 2^62: p = -1 mod 2^224 */
    8
};
#define SAFEGCD_BATCHES 22

void n448_fe_invert(n448_fe *r, const n448_fe *a)
{
    n448_fe t = *a;

    n448_fe_strong_reduce(&t);
    safegcd_invert(r->l, t.l, N448_FE_LIMBS, 56, &P448, SAFEGCD_BATCHES, 0);
    /* The input may be a secret-derived coordinate (signing). */
    OPENSSL_cleanse(&t, sizeof(t));
}

/* The same bound: the variable-time divsteps are the original ones, 62 a batch. */
#define SAFEGCD_VAR_BATCHES 21

void n448_fe_invert_vartime(n448_fe *r, const n448_fe *a)
{
    n448_fe t = *a;

    n448_fe_strong_reduce(&t);
    safegcd_invert_vartime(r->l, t.l, N448_FE_LIMBS, 56, &P448, SAFEGCD_VAR_BATCHES);
}

void n448_fe_batch_invert(n448_fe *out, const n448_fe *in, size_t n)
{
    n448_fe inv, t;

    out[0] = in[0];
    for (size_t i = 1; i < n; i++)
        n448_fe_mul(&out[i], &out[i - 1], &in[i]);
    n448_fe_invert(&inv, &out[n - 1]);
    for (size_t i = n - 1; i > 0; i--) {
        n448_fe_mul(&t, &inv, &out[i - 1]);
        n448_fe_mul(&inv, &inv, &in[i]);
        out[i] = t;
    }
    out[0] = inv;
}
