/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed448's code for the accelerated paths (see ../cpu.h): one instance per
 * path, in accel_x86.c, picked by cpu.c.  A NULL table means the portable
 * code throughout.
 */
#ifndef N448_ACCEL_H
#define N448_ACCEL_H

#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "twisted.h"

/*
 * One digit string of verification's joint multi-scalar loop and the odd
 * multiples it indexes: affine entries (7M additions) or projective ones
 * (8M, for tables made per call where normalising would cost an inversion).
 * Digit d (odd) names entry |d| / 2, subtracted when negative (or, with
 * neg, when positive).
 */
struct n448_naf_term {
    const int8_t *naf;
    unsigned top; /* digits from top up are zero */
    const n448_ge_tw_niels *aff;
    const n448_ge_tw_cached *proj;
    int neg;
};

/* Entry k of a fixed-base sum (constant time in k's secret data), for n448_accel's base_sum. */
typedef void n448_base_lookup_fn(n448_ge_tw_niels *e, unsigned k, void *ctx);

/*
 * A member for Ed448 arithmetic must come with the full differential count
 * on its path (test/native448/diff_test.c's default_cases).
 */
struct n448_accel {
    /* Keccak-f[1600] over nblocks 136-byte blocks (shake256.c's absorption). */
    void (*keccak_blocks)(uint64_t s[25], const uint8_t *in, size_t nblocks);
    /* The fixed-base row scan (base_table.h): e = entry abs - 1 of row, or 0. */
    void (*base_scan)(n448_ge_tw_niels *e, const n448_ge_tw_niels *row, uint64_t abs);
    /*
     * Verification's joint loop (variable time, public data): p = the sum
     * over the terms of their digits' multiples, in Straus order.  T of the
     * result is not computed.
     */
    void (*joint)(n448_ge_tw *p, const struct n448_naf_term *terms, unsigned n);
    /*
     * The fixed-base sum (constant time): p = 2^w (e(0) + ... + e(n_first - 1))
     * + e(n_first) + ... + e(n - 1), for 0 < n_first < n, where lookup(e, k,
     * ctx) gives entry e(k).  T of the result is not computed.
     */
    void (*base_sum)(n448_ge_tw *p, n448_base_lookup_fn *lookup, void *ctx, unsigned n_first, unsigned n,
                     unsigned w);
    /* r[i] = a[i]^((p-3)/4) for both (field.h's n448_fe_isr_pair, without the check). */
    void (*isr_pair)(n448_fe r[2], const n448_fe a[2]);
};

/* The curve's code on the path serving it (cpu.h); NULL: the portable code throughout. */
static inline const struct n448_accel *n448_accel_selected(void)
{
    return edfast_native_cpu()->accel[EDFAST_ED448];
}

#if EDFAST_NATIVE_X86
/* accel_x86.c's tables, which accel.c registers. */
extern const struct n448_accel n448_accel_adx, n448_accel_ifma;
#endif

/* Absorbs nblocks 136-byte blocks into s, permuting after each (AVX-512VL). */
void n448_avx512_keccak_blocks(uint64_t s[25], const uint8_t *in, size_t nblocks);
void n448_avx512_base_scan(n448_ge_tw_niels *e, const n448_ge_tw_niels *row, uint64_t abs);
void n448_ifma_joint(n448_ge_tw *p, const struct n448_naf_term *terms, unsigned n);
void n448_ifma_isr_pair(n448_fe r[2], const n448_fe a[2]);
void n448_ifma_base_sum(n448_ge_tw *p, n448_base_lookup_fn *lookup, void *ctx, unsigned n_first, unsigned n,
                        unsigned w);

#endif
