/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Arithmetic modulo p = 2^448 - 2^224 - 1 (the Ed448 field).
 *
 * An element is eight 56-bit limbs, little-endian, value = sum l[i] * 2^(56 i).
 * Limbs are allowed to exceed 56 bits between operations so that additions
 * need no carries; the bounds below are what every function relies on.
 *
 *   "reduced": every limb < 2^56 + 2^18 (what mul, sq, sub, weak_reduce give)
 *   mul/sq inputs: every limb < 2^60 (so up to ~8 reduced values may be added)
 *   sub input b: every limb <= 2^58 - 8 (the subtraction adds 4p as a bias)
 *
 * Everything here is constant time: no branch or memory index depends on a
 * field value.  Conditions are all-ones / zero masks (../ct.h).
 */
#ifndef N448_FIELD_H
#define N448_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "ct.h"

#define N448_FE_LIMBS 8
#define N448_FE_BYTES 56

typedef struct {
    uint64_t l[N448_FE_LIMBS];
} n448_fe;

void n448_fe_zero(n448_fe *r);
void n448_fe_one(n448_fe *r);
void n448_fe_add(n448_fe *r, const n448_fe *a, const n448_fe *b); /* no carry: limbs grow */
void n448_fe_sub(n448_fe *r, const n448_fe *a, const n448_fe *b); /* reduced output */
void n448_fe_neg(n448_fe *r, const n448_fe *a);                  /* reduced output */
void n448_fe_weak_reduce(n448_fe *a);
void n448_fe_mul(n448_fe *r, const n448_fe *a, const n448_fe *b);
void n448_fe_sq(n448_fe *r, const n448_fe *a);
void n448_fe_sq_n(n448_fe *r, const n448_fe *a, unsigned n);
void n448_fe_mul_small(n448_fe *r, const n448_fe *a, uint32_t w); /* w < 2^20 */
void n448_fe_strong_reduce(n448_fe *a); /* canonical limbs, value < p */

/* Little-endian 56 bytes, canonical. */
void n448_fe_tobytes(uint8_t out[N448_FE_BYTES], const n448_fe *a);
/* Reads 56 bytes; returns all-ones when the value is < p, else zero (and r holds the value mod 2^448). */
uint64_t n448_fe_frombytes(n448_fe *r, const uint8_t in[N448_FE_BYTES]);

uint64_t n448_fe_iszero(const n448_fe *a);              /* all-ones when a == 0 mod p */
uint64_t n448_fe_eq(const n448_fe *a, const n448_fe *b);  /* all-ones when equal mod p */
uint64_t n448_fe_isnegative(const n448_fe *a);          /* all-ones when the canonical value is odd */

/*
 * a - b without the carry pass, for results that only feed mul/sq: a + 4p
 * - b limb by limb, non-negative for every limb of b <= 2^58 - 8; a limbs
 * < 2^59 give limbs < 2^60.  Inline, so that the ifma library's 4-way code
 * (fe4_ifma.h's users) negates with it without calling field.c.
 */
static inline void n448_fe_sub_nr(n448_fe *r, const n448_fe *a, const n448_fe *b)
{
    const uint64_t four_mask56 = 4 * (((uint64_t)1 << 56) - 1);

    for (int i = 0; i < N448_FE_LIMBS; i++)
        r->l[i] = a->l[i] + (i == 4 ? four_mask56 - 4 : four_mask56) - b->l[i];
}

/* r = mask ? a : r (inline: table scans call it in their inner loop) */
static inline void n448_fe_cmov(n448_fe *r, const n448_fe *a, uint64_t mask)
{
    mask = ct_barrier(mask);
    for (int i = 0; i < N448_FE_LIMBS; i++)
        r->l[i] ^= mask & (r->l[i] ^ a->l[i]);
}
/* r = mask ? -r : r */
void n448_fe_cneg(n448_fe *r, uint64_t mask);

/*
 * r = a^((p-3)/4), so r^2 * a = 1 exactly when a is a non-zero square.
 * Returns all-ones in that case, else zero.
 */
uint64_t n448_fe_isr(n448_fe *r, const n448_fe *a);
/*
 * The same for a[0] and a[1] at once (two points decoded together): bit i
 * of the result is set when a[i] is a non-zero square.  On the ifma path
 * both chains run in the lanes of one 4-way chain (accel.h's isr_pair).
 */
unsigned n448_fe_isr_pair(n448_fe r[2], const n448_fe a[2]);

/*
 * a^((p-3)/4) by one addition chain, written once for every field
 * representation (here and fe4_ifma.h, which link separately: see
 * ../cpu.cmake).  (p-3)/4 = 2^446 - 2^222 - 1: with e(n) = a^(2^n - 1) the
 * result is e(223)^(2^223) e(222), e(222) from the doubling chain
 * 1, 2, 3, 6, 12, 24, 48, 96, 192 plus e(30).  Value 0 is a, and step i
 * makes value i + 1 as (value from)^(2^squarings) times (value times).
 * fe_sq_n(r, a, n) and fe_mul(r, a, b) take pointers.  Data-independent time.
 */
struct n448_chain_step {
    uint8_t from, squarings, times;
};

#define N448_DEFINE_ISR_CHAIN(name, fe_type, fe_sq_n, fe_mul)                          \
    void name(fe_type *r, const fe_type *a)                                            \
    {                                                                                  \
        static const struct n448_chain_step chain[] = {                                \
            { 0, 1, 0 },     /* e(2) */                                                \
            { 1, 1, 0 },     /* e(3) */                                                \
            { 2, 3, 2 },     /* e(6) */                                                \
            { 3, 6, 3 },     /* e(12) */                                               \
            { 4, 12, 4 },    /* e(24) */                                               \
            { 5, 6, 3 },     /* e(30) */                                               \
            { 5, 24, 5 },    /* e(48) */                                               \
            { 7, 48, 7 },    /* e(96) */                                               \
            { 8, 96, 8 },    /* e(192) */                                              \
            { 9, 30, 6 },    /* e(222) */                                              \
            { 10, 1, 0 },    /* e(223) */                                              \
            { 11, 223, 10 }, /* e(223)^(2^223) e(222) */                               \
        };                                                                             \
        enum { STEPS = sizeof(chain) / sizeof(chain[0]) };                             \
        fe_type v[STEPS + 1], t;                                                       \
                                                                                       \
        v[0] = *a;                                                                     \
        for (unsigned i = 0; i < STEPS; i++) {                                         \
            fe_sq_n(&t, &v[chain[i].from], chain[i].squarings);                        \
            fe_mul(&v[i + 1], &t, &v[chain[i].times]);                                 \
        }                                                                              \
        *r = v[STEPS];                                                                 \
    }
/* r = 1/a (0 for a = 0). */
void n448_fe_invert(n448_fe *r, const n448_fe *a);
/* The same in variable time, for public values only. */
void n448_fe_invert_vartime(n448_fe *r, const n448_fe *a);
/*
 * out[i] = 1/in[i] for i < n (n >= 1; out and in distinct, every in[i]
 * non-zero) with one inversion: prefix products, one inverse, then peeled
 * off backwards (Montgomery's trick).
 */
void n448_fe_batch_invert(n448_fe *out, const n448_fe *in, size_t n);

#endif
