/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The half-size multipliers of a key's first verification (lattice.h): a
 * partial extended Euclid on (l, h), in Lehmer batches.  Variable time: h is
 * public.  Kept apart from scalar.c's constant-time arithmetic mod l, as
 * ed25519/lattice.c is.
 */
#include "lattice.h"

#include <string.h>

#include "multiprecision.h"

/* Numbers below 2^512 as eight 64-bit words, little endian (multiprecision.h). */
#define WORDS 8

/*
 * One Euclid division: r0 = r0 mod r1 (r1 != 0), t0 += (r0 / r1) t1.  The
 * quotient is taken in parts: a lower estimate from the top bits,
 * floor(top(r0) / (top(r1) + 1)), when it fits a word (almost always, and
 * then at most one more part follows), else r1 shifted to r0's length.
 */
static void euclid_step(uint64_t r0[WORDS], const uint64_t r1[WORDS], uint64_t t0[WORDS],
                        const uint64_t t1[WORDS])
{
    unsigned l1 = mp_bitlen(r1, WORDS);

    while (mp_cmp(r0, r1, WORDS) >= 0) {
        unsigned l0 = mp_bitlen(r0, WORDS);

        if (l0 - l1 < 62) {
            /* r1's top 63 bits, so that adding 1 cannot wrap; r0's are fewer than 125 */
            unsigned shift = l1 > 63 ? l1 - 63 : 0;
            uint64_t q = (uint64_t)(mp_bits128(r0, shift, WORDS)
                                    / (mp_bits64(r1, shift, WORDS) + 1));

            q += q == 0; /* r0 >= r1: the quotient is at least 1 */
            mp_submul(r0, r1, q, WORDS);
            mp_addmul(t0, t1, q, WORDS);
        } else {
            mp_euclid_shift_sub(r0, r1, t0, t1, l0 - l1, WORDS);
        }
    }
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
static unsigned lehmer_batch(uint64_t r0[WORDS], uint64_t r1[WORDS], uint64_t t0[WORDS],
                             uint64_t t1[WORDS])
{
    const unsigned l0 = mp_bitlen(r0, WORDS), shift = l0 > 62 ? l0 - 62 : 0;
    int64_t x = (int64_t)mp_bits64(r0, shift, WORDS), y = (int64_t)mp_bits64(r1, shift, WORDS);
    int64_t a = 1, b = 0, c = 0, d = 1, floor_y;
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
        bound = mp_magnitude(nc) > mp_magnitude(nd) ? mp_magnitude(nc) : mp_magnitude(nd);
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
    mp_euclid_apply(r0, r1, t0, t1, a, b, c, d, WORDS);
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
    uint64_t r0[WORDS] = { 0 }, r1[WORDS] = { 0 }, t0[WORDS] = { 0 }, t1[WORDS] = { 1 }, tmp[WORDS];
    int neg = 0; /* sign of t1 */

    memcpy(r0, n448_sc_order, sizeof(n448_sc_order));
    memcpy(r1, h->l, sizeof(h->l));
    while (mp_bitlen(r1, WORDS) > 223) {
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
