/*
 * Scalars modulo the Ed448 group order
 *   l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885
 * as seven 64-bit limbs, little-endian, always fully reduced (< l).
 *
 * Arithmetic on secrets (reduction, muladd, the signed recoding) is constant
 * time; the canonical check and the wNAF recoding are only used on public
 * values (signature S, challenge) and may branch.
 */
#ifndef EDFAST_NATIVE_ED448_SCALAR_H
#define EDFAST_NATIVE_ED448_SCALAR_H

#include <stddef.h>
#include <stdint.h>

#define SC448_LIMBS 7
#define SC448_BYTES 57

typedef struct {
    uint64_t l[SC448_LIMBS];
} sc448;

/* r = the little-endian integer in[0..len) mod l; len <= 114. */
void sc448_from_bytes(sc448 *r, const uint8_t *in, size_t len);
/* 57 bytes, little-endian (the top byte is always zero). */
void sc448_to_bytes(uint8_t out[SC448_BYTES], const sc448 *a);
/* r = a * b + c mod l. */
void sc448_muladd(sc448 *r, const sc448 *a, const sc448 *b, const sc448 *c);
/* r = a + b mod l. */
void sc448_add(sc448 *r, const sc448 *a, const sc448 *b);
/* r = -a mod l. */
void sc448_neg(sc448 *r, const sc448 *a);
/*
 * r = a / 4 mod l.  Then [4 r]P = [a]P for P of order l; for any P,
 * [4 r]P - [a]P lies in the 4-torsion (4 r = a + m l, and [l] is -1 there).
 */
void sc448_div4(sc448 *r, const sc448 *a);
/* 1 when the 57 little-endian bytes are < l (public input; not constant time). */
int sc448_is_canonical(const uint8_t in[SC448_BYTES]);

/*
 * Signed radix-2^w digits, constant time: a = sum d[i] 2^(w i) with
 * -2^(w-1) <= d[i] < 2^(w-1) except the last, which may reach 2^(w-1).
 * Writes ceil(447 / w) digits, the count sc448_signed_digits(w) returns.
 */
unsigned sc448_signed_digits(unsigned w);
void sc448_recode_signed(int8_t *d, const sc448 *a, unsigned w);

/*
 * Width-w NAF of bits [lo, lo + nbits) of a public scalar (nbits <= 120):
 * every digit is zero or odd with |d| < 2^(w-1), and the digits sum to the
 * chunk: sum naf[i] 2^i.  Writes SC448_NAF_LEN digits; returns the index of
 * the highest non-zero digit + 1 (0 for a zero chunk).  Variable time.
 */
#define SC448_NAF_LEN 128
unsigned sc448_wnaf_chunk(int8_t naf[SC448_NAF_LEN], const sc448 *a, unsigned lo,
                          unsigned nbits, unsigned w);

/* The same for the whole scalar: SC448_NAF_FULL digits. */
#define SC448_NAF_FULL 450
unsigned sc448_wnaf(int8_t naf[SC448_NAF_FULL], const sc448 *a, unsigned w);

#endif
