/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unsigned multiprecision numbers for the lattice reductions of both curves
 * (ed25519/lattice.c on 4 words, ed448/lattice.c on 8): n little-endian
 * 64-bit words, arithmetic mod 2^(64 n).  Variable time: they serve public
 * values only (the challenge of a verification).
 *
 * Everything is inline (mp_euclid_apply aside, see there) so that each
 * curve's word count is a constant where the loops are compiled.
 */
#ifndef EDFAST_NATIVE_MULTIPRECISION_H
#define EDFAST_NATIVE_MULTIPRECISION_H

#include <stdint.h>
#include <string.h>

#define MP_MAX_WORDS 8

/* The number of significant bits of a (0 for 0). */
static inline unsigned mp_bitlen(const uint64_t *a, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (a[i] != 0)
            return 64 * (unsigned)i + 64 - (unsigned)__builtin_clzll(a[i]);
    return 0;
}

/* -1, 0 or 1 as a < b, a = b, a > b. */
static inline int mp_cmp(const uint64_t *a, const uint64_t *b, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* out = a 2^k, for a result below 2^(64 n); out is not a. */
static inline void mp_shl(uint64_t *out, const uint64_t *a, unsigned k, int n)
{
    const int w = (int)(k / 64), b = (int)(k % 64);

    for (int i = n - 1; i >= 0; i--) {
        const uint64_t hi = i >= w ? a[i - w] : 0, lo = i > w ? a[i - w - 1] : 0;

        out[i] = b ? (hi << b) | (lo >> (64 - b)) : hi;
    }
}

/* a += b. */
static inline void mp_add(uint64_t *a, const uint64_t *b, int n)
{
    unsigned __int128 acc = 0;

    for (int i = 0; i < n; i++) {
        acc += (unsigned __int128)a[i] + b[i];
        a[i] = (uint64_t)acc;
        acc >>= 64;
    }
}

/* a -= b. */
static inline void mp_sub(uint64_t *a, const uint64_t *b, int n)
{
    uint64_t borrow = 0;

    for (int i = 0; i < n; i++) {
        const unsigned __int128 t = (unsigned __int128)a[i] - b[i] - borrow;

        a[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
}

/* a += q b. */
static inline void mp_addmul(uint64_t *a, const uint64_t *b, uint64_t q, int n)
{
    uint64_t carry = 0;

    for (int i = 0; i < n; i++) {
        const unsigned __int128 t = (unsigned __int128)b[i] * q + a[i] + carry;

        a[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
}

/* a -= q b. */
static inline void mp_submul(uint64_t *a, const uint64_t *b, uint64_t q, int n)
{
    uint64_t carry = 0, borrow = 0;

    for (int i = 0; i < n; i++) {
        const unsigned __int128 p = (unsigned __int128)b[i] * q + carry;
        const unsigned __int128 t = (unsigned __int128)a[i] - (uint64_t)p - borrow;

        carry = (uint64_t)(p >> 64);
        a[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
}

/* Bits [k, k + 64) of a (those above the top word 0). */
static inline uint64_t mp_bits64(const uint64_t *a, unsigned k, int n)
{
    const int w = (int)(k / 64), b = (int)(k % 64);
    const uint64_t lo = w < n ? a[w] : 0, hi = w + 1 < n ? a[w + 1] : 0;

    return b ? (lo >> b) | (hi << (64 - b)) : lo;
}

/* Bits [k, k + 128) of a (those above the top word 0). */
static inline unsigned __int128 mp_bits128(const uint64_t *a, unsigned k, int n)
{
    const int w = (int)(k / 64), b = (int)(k % 64);
    const uint64_t lo = w < n ? a[w] : 0, mid = w + 1 < n ? a[w + 1] : 0;
    const uint64_t hi = w + 2 < n ? a[w + 2] : 0;
    const unsigned __int128 v = ((unsigned __int128)mid << 64) | lo;

    return b ? (v >> b) | ((unsigned __int128)hi << (128 - b)) : v;
}

/* |x|, for any x. */
static inline uint64_t mp_magnitude(int64_t x)
{
    return x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
}

/* out = a x + b y, for a and b of opposite signs (or zero) and a result >= 0. */
static inline void mp_combine(uint64_t *out, const uint64_t *x, int64_t a, const uint64_t *y,
                              int64_t b, int n)
{
    memset(out, 0, (size_t)n * sizeof(out[0]));
    if (a >= 0 && b <= 0) {
        mp_addmul(out, x, mp_magnitude(a), n);
        mp_submul(out, y, mp_magnitude(b), n);
    } else {
        mp_addmul(out, y, mp_magnitude(b), n);
        mp_submul(out, x, mp_magnitude(a), n);
    }
}

/* out = |a| x + |b| y. */
static inline void mp_combine_abs(uint64_t *out, const uint64_t *x, int64_t a, const uint64_t *y,
                                  int64_t b, int n)
{
    memset(out, 0, (size_t)n * sizeof(out[0]));
    mp_addmul(out, x, mp_magnitude(a), n);
    mp_addmul(out, y, mp_magnitude(b), n);
}

/*
 * The extended Euclidean algorithm's numbers, remainders r0 = r_(i-1) and
 * r1 = r_i with the magnitudes t0, t1 of their multipliers (whose signs
 * alternate, so that a quotient q makes t_(i+1) = t0 + q t1 in magnitude).
 */

/*
 * Several steps at once, by the matrix (a b; c d) of their quotients (as
 * Lehmer's algorithm finds it on the numbers' top bits): (r0, r1) becomes
 * (a r0 + b r1, c r0 + d r1), (t0, t1) becomes (|a| t0 + |b| t1, |c| t0 + |d| t1).
 * Not inlined: inlined, its four products made each reduction one function
 * of 20 KB whose speed moved by 15% with where the linker put it; out of
 * line it is as fast as the curves' own copies were.
 */
static __attribute__((noinline, unused)) void mp_euclid_apply(uint64_t *r0, uint64_t *r1, uint64_t *t0, uint64_t *t1,
                                   int64_t a, int64_t b, int64_t c, int64_t d, int n)
{
    uint64_t nr0[MP_MAX_WORDS], nr1[MP_MAX_WORDS], nt0[MP_MAX_WORDS], nt1[MP_MAX_WORDS];

    mp_combine(nr0, r0, a, r1, b, n);
    mp_combine(nr1, r0, c, r1, d, n);
    mp_combine_abs(nt0, t0, a, t1, b, n);
    mp_combine_abs(nt1, t0, c, t1, d, n);
    memcpy(r0, nr0, (size_t)n * sizeof(r0[0]));
    memcpy(r1, nr1, (size_t)n * sizeof(r1[0]));
    memcpy(t0, nt0, (size_t)n * sizeof(t0[0]));
    memcpy(t1, nt1, (size_t)n * sizeof(t1[0]));
}

/*
 * Part of a division r0 / r1 by shifts: r0 -= 2^s r1 and t0 += 2^s t1 for
 * the largest s with 2^s r1 <= r0, that is s = k or k - 1 where k is the
 * difference of their bit lengths.  r0 >= r1 > 0.
 */
static inline void mp_euclid_shift_sub(uint64_t *r0, const uint64_t *r1, uint64_t *t0,
                                       const uint64_t *t1, unsigned k, int n)
{
    uint64_t shifted[MP_MAX_WORDS];

    mp_shl(shifted, r1, k, n);
    if (mp_cmp(shifted, r0, n) > 0)
        mp_shl(shifted, r1, --k, n);
    mp_sub(r0, shifted, n);
    mp_shl(shifted, t1, k, n);
    mp_add(t0, shifted, n);
}

#endif
