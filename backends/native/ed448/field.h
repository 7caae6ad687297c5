/*
 * Arithmetic modulo p = 2^448 - 2^224 - 1 (the Ed448 field).
 *
 * An element is eight 56-bit limbs, little-endian, value = sum l[i] * 2^(56 i).
 * Limbs are allowed to exceed 56 bits between operations so that additions
 * need no carries; the bounds below are what every function relies on.
 *
 *   "reduced": every limb < 2^56 + 2^18 (what mul, sqr, sub, weak_reduce give)
 *   mul/sqr inputs: every limb < 2^60 (so up to ~8 reduced values may be added)
 *   sub input b: every limb <= 2^58 - 8 (the subtraction adds 4p as a bias)
 *
 * Everything here is constant time: no branch or memory index depends on a
 * field value.  Conditions are all-ones / zero masks (../ct.h).
 */
#ifndef EDFAST_NATIVE_ED448_FIELD_H
#define EDFAST_NATIVE_ED448_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "ct.h"

#define FE448_LIMBS 8
#define FE448_BYTES 56

typedef struct {
    uint64_t l[FE448_LIMBS];
} fe448;

void fe448_zero(fe448 *r);
void fe448_one(fe448 *r);
void fe448_add(fe448 *r, const fe448 *a, const fe448 *b); /* no carry: limbs grow */
void fe448_sub(fe448 *r, const fe448 *a, const fe448 *b); /* reduced output */
/*
 * a - b without the carry pass, for results that only feed mul/sqr:
 * a limbs < 2^59 and b limbs <= 2^58 - 8 give limbs < 2^60.
 */
void fe448_sub_nr(fe448 *r, const fe448 *a, const fe448 *b);
void fe448_neg(fe448 *r, const fe448 *a);                  /* reduced output */
void fe448_weak_reduce(fe448 *a);
void fe448_mul(fe448 *r, const fe448 *a, const fe448 *b);
void fe448_sqr(fe448 *r, const fe448 *a);
void fe448_sqrn(fe448 *r, const fe448 *a, unsigned n);
void fe448_mul_small(fe448 *r, const fe448 *a, uint32_t w); /* w < 2^20 */
void fe448_strong_reduce(fe448 *a); /* canonical limbs, value < p */

/* Little-endian 56 bytes, canonical. */
void fe448_tobytes(uint8_t out[FE448_BYTES], const fe448 *a);
/* Reads 56 bytes; returns all-ones when the value is < p, else zero (and r holds the value mod 2^448). */
uint64_t fe448_frombytes(fe448 *r, const uint8_t in[FE448_BYTES]);

uint64_t fe448_iszero(const fe448 *a);              /* all-ones when a == 0 mod p */
uint64_t fe448_eq(const fe448 *a, const fe448 *b);  /* all-ones when equal mod p */
uint64_t fe448_isnegative(const fe448 *a);          /* all-ones when the canonical value is odd */

/* r = mask ? a : r (inline: table scans call it in their inner loop) */
static inline void fe448_cmov(fe448 *r, const fe448 *a, uint64_t mask)
{
    mask = ct_barrier(mask);
    for (int i = 0; i < FE448_LIMBS; i++)
        r->l[i] ^= mask & (r->l[i] ^ a->l[i]);
}
/* r = mask ? -r : r */
void fe448_cneg(fe448 *r, uint64_t mask);

/*
 * r = a^((p-3)/4), so r^2 * a = 1 exactly when a is a non-zero square.
 * Returns all-ones in that case, else zero.
 */
uint64_t fe448_isr(fe448 *r, const fe448 *a);
/* r = 1/a (0 for a = 0). */
void fe448_inv(fe448 *r, const fe448 *a);
/* The same in variable time, for public values only. */
void fe448_inv_vartime(fe448 *r, const fe448 *a);
/*
 * out[i] = 1/in[i] for i < n (n >= 1; out and in distinct, every in[i]
 * non-zero) with one inversion: prefix products, one inverse, then peeled
 * off backwards (Montgomery's trick).
 */
void fe448_batch_inv(fe448 *out, const fe448 *in, size_t n);

#endif
