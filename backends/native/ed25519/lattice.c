/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The short vectors of the lattice {(c0, c1) : c0 = c1 k (mod 8L)} by the
 * extended Euclidean algorithm on (8L, k), stopped halfway: its remainders
 * r_i = (-1)^i t_i k (mod 8L) shrink while the multipliers t_i grow, and
 * where r_i first drops below 2^128, t_i is below 8L / r_(i-1) <= 2^128.
 * Any two consecutive (r_i, t_i) are a basis of the lattice, so when t_i is
 * even its neighbours are odd.  Most steps are Lehmer's, on the top bits
 * of the numbers; the few others are exact divisions.
 */
#include "lattice.h"

#include "bytes.h"
#include "multiprecision.h"

/* Unsigned 256-bit numbers, four 64-bit words, little endian (multiprecision.h). */
#define WORDS 4
typedef struct {
    uint64_t v[WORDS];
} u256;

/* A remainder r_i and the magnitude t of its multiplier. */
struct remainder {
    u256 r, t;
};

static const u256 EIGHT_L = { { 0xc09318d2e7ae9f68, 0xa6f7cef517bce6b2, 0, 0x8000000000000000 } };

static unsigned bit_length(const u256 *a)
{
    return mp_bitlen(a->v, WORDS);
}

/*
 * One exact step of the algorithm, by shifts and subtractions: n (r_(i-1))
 * becomes r_(i+1) = n mod d, and its multiplier t_(i-1) + (n div d) t_i,
 * the magnitudes adding because the signs alternate.  d.r > 0.  Only the
 * steps Lehmer's cannot certify come here, about three a split.
 */
static void divide(struct remainder *n, const struct remainder *d)
{
    const unsigned divisor_bits = bit_length(&d->r);

    while (mp_cmp(n->r.v, d->r.v, WORDS) >= 0)
        mp_euclid_shift_sub(n->r.v, d->r.v, n->t.v, d->t.v, bit_length(&n->r) - divisor_bits, WORDS);
}

/* Euclid's quotients as the 2x2 matrix of several steps: (u, v) -> (a u + b v, c u + d v). */
struct cofactors {
    int64_t a, b, c, d;
};

static int64_t larger_magnitude(int64_t x, int64_t y)
{
    return (int64_t)(mp_magnitude(x) > mp_magnitude(y) ? mp_magnitude(x) : mp_magnitude(y));
}

/*
 * Lehmer's algorithm (Knuth, TAOCP 4.5.2, Algorithm L): the steps of
 * Euclid's algorithm on (u, v) that the top 61 bits of both determine, each
 * quotient taken only when the bounds (x + a) / (y + c) and (x + b) / (y + d)
 * agree on it, and only while the remainder certainly stays above 2^128 (the
 * low bits change it by less than max(|c|, |d|) units of 2^shift), so that
 * the halfway point is reached by exact steps.  The cofactors stay below
 * the first x < 2^61, so no product or sum here leaves int64_t.  u > v >
 * 2^128.  Returns the number of steps and their matrix.
 */
static int lehmer_steps(struct cofactors *m, const u256 *u, const u256 *v)
{
    const unsigned shift = bit_length(u) - 61;
    const int64_t least = shift >= 129 ? 1 : (int64_t)1 << (129 - shift);
    int64_t x = (int64_t)mp_bits64(u->v, shift, WORDS), y = (int64_t)mp_bits64(v->v, shift, WORDS);
    int steps = 0;

    *m = (struct cofactors){ 1, 0, 0, 1 };
    while (y + m->c > 0 && y + m->d > 0 && x + m->a >= 0 && x + m->b >= 0) {
        const int64_t q = (x + m->a) / (y + m->c);
        const int64_t c = m->a - q * m->c, d = m->b - q * m->d, remainder = x - q * y;

        if (q != (x + m->b) / (y + m->d) || remainder - larger_magnitude(c, d) < least)
            break;
        *m = (struct cofactors){ m->c, m->d, c, d };
        x = y;
        y = remainder;
        steps++;
    }
    return steps;
}

/* The steps of lehmer_steps made on the full numbers: n = r_(i-1), d = r_i become r_(i-1+steps), r_(i+steps). */
static void apply(struct remainder *n, struct remainder *d, const struct cofactors *m)
{
    mp_euclid_apply(n->r.v, d->r.v, n->t.v, d->t.v, m->a, m->b, m->c, m->d, WORDS);
}

/* The loop length a candidate costs: the longer of its two numbers. */
static unsigned cost(const struct remainder *c)
{
    const unsigned r = bit_length(&c->r), t = bit_length(&c->t);

    return r > t ? r : t;
}

static void store(uint8_t out[32], const u256 *a)
{
    for (int i = 0; i < WORDS; i++)
        edfast_store64_le(out + 8 * i, a->v[i]);
}

int n25519_lattice_split(uint8_t c0[32], uint8_t c1[32], const uint8_t k[32])
{
    struct remainder rem[3], first;
    int prev = 0, cur = 1, index = 0, best_index = 0;
    unsigned best;

    /* r_-1 = 8L with t = 0, r_0 = k with t = 1. */
    rem[prev].r = EIGHT_L;
    rem[prev].t = (u256){ { 0, 0, 0, 0 } };
    for (int i = 0; i < WORDS; i++)
        first.r.v[i] = edfast_load64_le(k + 8 * i);
    first.t = (u256){ { 1, 0, 0, 0 } };
    rem[cur] = first;
    while (bit_length(&rem[cur].r) > 128) {
        struct cofactors m;
        const int steps = lehmer_steps(&m, &rem[prev].r, &rem[cur].r);

        if (steps > 0) {
            apply(&rem[prev], &rem[cur], &m);
            index += steps;
            continue;
        }
        divide(&rem[prev], &rem[cur]);
        const int next = prev;

        prev = cur;
        cur = next;
        index++;
    }

    /* (k, 1) always qualifies; the others only with an odd t that leaves c1 < L. */
    const struct remainder *chosen = &first;
    best = cost(&first);
    rem[2] = rem[prev];
    if (bit_length(&rem[cur].r) > 0)
        divide(&rem[2], &rem[cur]);
    const int slots[3] = { prev, cur, 2 };
    for (int j = 0; j < 3; j++) {
        const struct remainder *c = &rem[slots[j]];

        if ((c->t.v[0] & 1) && cost(c) <= 252 && cost(c) < best) {
            chosen = c;
            best = cost(c);
            best_index = index - 1 + j;
        }
    }
    store(c0, &chosen->r);
    store(c1, &chosen->t);
    /* c0 = (-1)^i r_i when c1 = t_i is made positive. */
    return (best_index & 1) && bit_length(&chosen->r) > 0;
}
