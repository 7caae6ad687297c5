/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scalars modulo the Ed448 group order
 *   l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885
 * as seven 64-bit limbs, little-endian, always fully reduced (< l).
 *
 * Arithmetic on secrets (reduction, muladd, the signed recoding) is constant
 * time; the canonical check and the wNAF recoding are only used on public
 * values (signature S, challenge) and may branch.
 */
#ifndef N448_SCALAR_H
#define N448_SCALAR_H

#include <stddef.h>
#include <stdint.h>

#define N448_SC_LIMBS 7

/* l, the group order, little-endian limbs. */
extern const uint64_t n448_sc_order[N448_SC_LIMBS];
#define N448_SC_BYTES 57

typedef struct {
    uint64_t l[N448_SC_LIMBS];
} n448_sc;

/* r = the little-endian integer in[0..len) mod l; len <= 114. */
void n448_sc_frombytes(n448_sc *r, const uint8_t *in, size_t len);
/* 57 bytes, little-endian (the top byte is always zero). */
void n448_sc_tobytes(uint8_t out[N448_SC_BYTES], const n448_sc *a);
/* r = a * b + c mod l. */
void n448_sc_muladd(n448_sc *r, const n448_sc *a, const n448_sc *b, const n448_sc *c);
/* r = a + b mod l. */
void n448_sc_add(n448_sc *r, const n448_sc *a, const n448_sc *b);
/* r = -a mod l. */
void n448_sc_neg(n448_sc *r, const n448_sc *a);
/*
 * r = a / 4 mod l.  Then [4 r]P = [a]P for P of order l; for any P,
 * [4 r]P - [a]P lies in the 4-torsion (4 r = a + m l, and [l] is -1 there).
 */
void n448_sc_div4(n448_sc *r, const n448_sc *a);
/* 1 when the 57 little-endian bytes are < l (public input; not constant time). */
int n448_sc_is_canonical(const uint8_t in[N448_SC_BYTES]);

/*
 * Signed radix-2^w digits, constant time: a = sum d[i] 2^(w i) with
 * -2^(w-1) <= d[i] < 2^(w-1) except the last, which may reach 2^(w-1).
 * Writes ceil(447 / w) digits, the count n448_sc_signed_radix_digits(w) returns.
 */
unsigned n448_sc_signed_radix_digits(unsigned w);
void n448_sc_signed_radix(int8_t *d, const n448_sc *a, unsigned w);

/*
 * Width-w NAF of bits [lo, lo + nbits) of a public scalar (nbits <= 120):
 * every digit is zero or odd with |d| < 2^(w-1), and the digits sum to the
 * chunk: sum naf[i] 2^i.  Writes N448_SC_NAF_LEN digits; returns the index of
 * the highest non-zero digit + 1 (0 for a zero chunk).  Variable time.
 */
#define N448_SC_NAF_LEN 128
unsigned n448_sc_wnaf_chunk(int8_t naf[N448_SC_NAF_LEN], const n448_sc *a, unsigned lo,
                            unsigned nbits, unsigned w);

/* The same for the whole scalar: N448_SC_NAF_FULL digits. */
#define N448_SC_NAF_FULL 450
unsigned n448_sc_wnaf(int8_t naf[N448_SC_NAF_FULL], const n448_sc *a, unsigned w);

#endif
