/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The half-size multipliers of a key's first verification (lattice.h): a
 * partial extended Euclid on (l, h), in Lehmer batches.  Variable time: h is
 * public.  Kept apart from scalar.c's constant-time arithmetic mod l, as
 * ed25519/lattice.c is.
 */
#include "lattice.h"

#include <string.h>

/* ---- small multiprecision helpers on eight limbs ---- */

static unsigned mp_bitlen(const uint64_t a[8])
{
    for (int i = 7; i >= 0; i--)
        if (a[i])
            return 64 * (unsigned)i + 64 - (unsigned)__builtin_clzll(a[i]);
    return 0;
}

static int mp_cmp(const uint64_t a[8], const uint64_t b[8])
{
    for (int i = 7; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* out = a << k, for results below 2^512. */
static void mp_shl(uint64_t out[8], const uint64_t a[8], unsigned k)
{
    unsigned w = k / 64, b = k % 64;

    for (int i = 7; i >= 0; i--) {
        uint64_t v = 0;

        if (i >= (int)w) {
            v = a[i - w] << b;
            if (b && i - (int)w - 1 >= 0)
                v |= a[i - w - 1] >> (64 - b);
        }
        out[i] = v;
    }
}

static void mp_sub(uint64_t a[8], const uint64_t b[8])
{
    uint64_t borrow = 0;

    for (int i = 0; i < 8; i++) {
        unsigned __int128 t = (unsigned __int128)a[i] - b[i] - borrow;

        a[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
}

static void mp_add(uint64_t a[8], const uint64_t b[8])
{
    uint64_t carry = 0;

    for (int i = 0; i < 8; i++) {
        unsigned __int128 t = (unsigned __int128)a[i] + b[i] + carry;

        a[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
}

/* a -= q b, for q b <= a. */
static void mp_submul(uint64_t a[8], const uint64_t b[8], uint64_t q)
{
    uint64_t carry = 0, borrow = 0;

    for (int i = 0; i < 8; i++) {
        unsigned __int128 p = (unsigned __int128)b[i] * q + carry;
        unsigned __int128 t = (unsigned __int128)a[i] - (uint64_t)p - borrow;

        carry = (uint64_t)(p >> 64);
        a[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
}

/* a += q b, for results below 2^512. */
static void mp_addmul(uint64_t a[8], const uint64_t b[8], uint64_t q)
{
    uint64_t carry = 0;

    for (int i = 0; i < 8; i++) {
        unsigned __int128 t = (unsigned __int128)b[i] * q + a[i] + carry;

        a[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
}

/* Bits [k, k + 128) of a. */
static unsigned __int128 mp_window(const uint64_t a[8], unsigned k)
{
    unsigned w = k / 64, b = k % 64;
    uint64_t lo = w < 8 ? a[w] : 0, mid = w + 1 < 8 ? a[w + 1] : 0, hi = w + 2 < 8 ? a[w + 2] : 0;
    unsigned __int128 v = ((unsigned __int128)mid << 64) | lo;

    return b == 0 ? v : (v >> b) | ((unsigned __int128)hi << (128 - b));
}

/*
 * One Euclid division: r0 = r0 mod r1 (r1 != 0), t0 += (r0 / r1) t1.  The
 * quotient is taken in parts: a lower estimate from the top bits,
 * floor(top(r0) / (top(r1) + 1)), when it fits a word (almost always, and
 * then at most one more part follows), else r1 shifted to r0's length.
 */
static void euclid_step(uint64_t r0[8], const uint64_t r1[8], uint64_t t0[8], const uint64_t t1[8])
{
    unsigned l1 = mp_bitlen(r1);

    while (mp_cmp(r0, r1) >= 0) {
        unsigned l0 = mp_bitlen(r0);

        if (l0 - l1 < 62) {
            /* r1's top 63 bits, so that adding 1 cannot wrap; r0's are fewer than 125 */
            unsigned shift = l1 > 63 ? l1 - 63 : 0;
            uint64_t q = (uint64_t)(mp_window(r0, shift) / ((uint64_t)mp_window(r1, shift) + 1));

            q += q == 0; /* r0 >= r1: the quotient is at least 1 */
            mp_submul(r0, r1, q);
            mp_addmul(t0, t1, q);
        } else {
            uint64_t tmp[8];
            unsigned k = l0 - l1;

            mp_shl(tmp, r1, k);
            if (mp_cmp(tmp, r0) > 0)
                mp_shl(tmp, r1, --k);
            mp_sub(r0, tmp);
            mp_shl(tmp, t1, k);
            mp_add(t0, tmp);
        }
    }
}

static uint64_t magnitude(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* a x - b y for cofactors of opposite signs (or zero) whose result is >= 0: the side that is positive minus the other. */
static void mp_combine(uint64_t out[8], const uint64_t x[8], int64_t a, const uint64_t y[8], int64_t b)
{
    memset(out, 0, 8 * sizeof(out[0]));
    if (a >= 0 && b <= 0) {
        mp_addmul(out, x, magnitude(a));
        mp_submul(out, y, magnitude(b));
    } else {
        mp_addmul(out, y, magnitude(b));
        mp_submul(out, x, magnitude(a));
    }
}

/* |a| x + |b| y. */
static void mp_combine_abs(uint64_t out[8], const uint64_t x[8], int64_t a, const uint64_t y[8], int64_t b)
{
    memset(out, 0, 8 * sizeof(out[0]));
    mp_addmul(out, x, magnitude(a));
    mp_addmul(out, y, magnitude(b));
}

/*
 * Lehmer's speed-up (Knuth, TAOCP 4.5.2, Algorithm L): as many Euclid steps
 * as the top 62 bits of r0 and r1 decide, run on those words alone, then
 * applied to the full numbers as one 2x2 matrix.  A quotient is taken only
 * when both ends of its interval agree, so every step is the step Euclid on
 * the full numbers makes, and the batch stops while r1 is still certainly
 * above 2^223 (its words' error is below the larger cofactor), so that the
 * caller's stopping point is unchanged.  Returns the number of steps (0
 * when the words decide none: the caller then divides in full).
 */
static unsigned lehmer_batch(uint64_t r0[8], uint64_t r1[8], uint64_t t0[8], uint64_t t1[8])
{
    const unsigned l0 = mp_bitlen(r0), shift = l0 > 62 ? l0 - 62 : 0;
    int64_t x = (int64_t)(uint64_t)mp_window(r0, shift), y = (int64_t)(uint64_t)mp_window(r1, shift);
    int64_t a = 1, b = 0, c = 0, d = 1, floor_y;
    uint64_t nr0[8], nr1[8], nt0[8], nt1[8];
    unsigned steps = 0;

    if (shift + 61 <= 223)
        return 0;
    floor_y = shift >= 223 ? 0 : (int64_t)1 << (223 - shift);
    while (y + c > 0 && y + d > 0) {
        int64_t q = (x + a) / (y + c), ny, nc, nd;
        uint64_t bound;

        if (q != (x + b) / (y + d))
            break;
        ny = x - q * y;
        nc = a - q * c;
        nd = b - q * d;
        bound = magnitude(nc) > magnitude(nd) ? magnitude(nc) : magnitude(nd);
        if (ny <= floor_y + (int64_t)bound + 1)
            break;
        a = c;
        b = d;
        c = nc;
        d = nd;
        x = y;
        y = ny;
        steps++;
    }
    if (steps == 0)
        return 0;
    mp_combine(nr0, r0, a, r1, b);
    mp_combine(nr1, r0, c, r1, d);
    mp_combine_abs(nt0, t0, a, t1, b);
    mp_combine_abs(nt1, t0, c, t1, d);
    memcpy(r0, nr0, sizeof(nr0));
    memcpy(r1, nr1, sizeof(nr1));
    memcpy(t0, nt0, sizeof(nt0));
    memcpy(t1, nt1, sizeof(nt1));
    return steps;
}

/*
 * Remainders r and cofactors t of Euclid on (l, h) (in Lehmer batches where
 * the top words decide the steps), with r[i] = t[i] h mod l
 * and the signs of t alternating, so only |t| is kept: |t'| = |t0| + q |t1|.
 * Stopping at the first remainder below 2^223 bounds |t| by l / 2^223, that
 * is by 2^223.
 */
void n448_lattice_split(const n448_sc *h, n448_sc *c, n448_sc *d_abs, int *d_neg)
{
    uint64_t r0[8] = { 0 }, r1[8] = { 0 }, t0[8] = { 0 }, t1[8] = { 1 }, tmp[8];
    int neg = 0; /* sign of t1 */

    memcpy(r0, n448_sc_order, sizeof(n448_sc_order));
    memcpy(r1, h->l, sizeof(h->l));
    while (mp_bitlen(r1) > 223) {
        unsigned steps = lehmer_batch(r0, r1, t0, t1);

        if (steps > 0) {
            neg ^= (int)(steps & 1);
            continue;
        }
        euclid_step(r0, r1, t0, t1);
        /* (r0, r1) = (r1, r0 mod r1); the new t1 has the opposite sign */
        memcpy(tmp, r0, sizeof(tmp));
        memcpy(r0, r1, sizeof(r0));
        memcpy(r1, tmp, sizeof(r1));
        memcpy(tmp, t0, sizeof(tmp));
        memcpy(t0, t1, sizeof(t0));
        memcpy(t1, tmp, sizeof(t1));
        neg = !neg;
    }
    memcpy(c->l, r1, sizeof(c->l));
    memcpy(d_abs->l, t1, sizeof(d_abs->l));
    *d_neg = neg;
}
