/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed25519's code for the accelerated paths (see ../cpu.h): one instance per
 * path, in accel_x86.c, picked by cpu.c.  A NULL table means the portable
 * code throughout.
 */
#ifndef N25519_ACCEL_H
#define N25519_ACCEL_H

#include <stddef.h>
#include <stdint.h>

#include "base_table.h"
#include "cpu.h"
#include "point.h"

struct n25519_accel {
    /* SHA-512 compression of nblocks 128-byte blocks. */
    void (*sha512_blocks)(uint64_t state[8], const uint8_t *blocks, size_t nblocks);
    /* The exponentiation of square roots (decoding). */
    n25519_fe_pow_fn *pow22523;
    /* The light table of a key's first verification (point.h). */
    void (*lighttable_init)(n25519_ge_lighttable *t, const n25519_ge_p3 *q);
    /*
     * The path's own fixed-base multiplication, of the N25519_BASE_DIGITS
     * signed digits e: the four-limb one (point_adx.c) reads its radix-2^64
     * copy of the row table (point_adx.h), the four-lane one
     * (fixed_base_ifma.c) the lane table (tables.h).  A path sets one of the
     * two.
     */
    void (*scalarmult_base)(n25519_ge_p3 *h, const int8_t *e, int n);
    void (*scalarmult_base_lanes)(n25519_ge_p3 *h, const int8_t *e,
                                  const n25519_base_lanes_group *table);
    /*
     * The path's own double-scalar multiplications (the four-limb ones of
     * point_adx.c, the 4-way IFMA ones of point_ifma.c; declared below).
     */
    void (*double_scalarmult)(n25519_ge_p2 *r, const int8_t (*snaf)[256],
                              const int8_t (*knaf)[256], int top,
                              const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES],
                              const n25519_ge_niels (*atab)[N25519_ATABLE_ENTRIES]);
    /*
     * A key's first verification (point.h's n25519_ge_verify_light): r = the
     * pieces of snaf against btab plus lnaf[j] against ltab[j].
     */
    void (*light_scalarmult)(n25519_ge_p2 *r, const int8_t (*snaf)[256], const int8_t (*lnaf)[256],
                             const n25519_ge_lighttable *const *ltab, int top,
                             const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES]);
};

/* The curve's code on the path serving it (cpu.h); NULL: the portable code throughout. */
static inline const struct n25519_accel *n25519_accel_selected(void)
{
    return edfast_native_cpu()->accel[EDFAST_ED25519];
}

#if EDFAST_NATIVE_X86
/* accel_x86.c's tables, which accel.c registers. */
extern const struct n25519_accel n25519_accel_adx, n25519_accel_ifma;
#endif

/*
 * The functions accel_x86.c puts in the tables, one x86-64 file each (like
 * ed448/accel.h); they compile to nothing on other CPUs.
 */

/*
 * The adx path's scalar multiplications (point_adx.c), over the four-limb
 * field of field_adx.h, with the interface of their ifma counterparts below,
 * where the arguments are described.  Constant time: scalarmult_base.
 * Variable time (verification): the others.
 */
void n25519_adx_scalarmult_base(n25519_ge_p3 *out, const int8_t *e, int n);
void n25519_adx_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q);
void n25519_adx_double_scalarmult(n25519_ge_p2 *out, const int8_t (*snaf)[256],
                                  const int8_t (*knaf)[256], int top,
                                  const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES],
                                  const n25519_ge_niels (*atab)[N25519_ATABLE_ENTRIES]);
void n25519_adx_light_scalarmult(n25519_ge_p2 *out, const int8_t (*snaf)[256],
                                 const int8_t (*lnaf)[256], const n25519_ge_lighttable *const *ltab,
                                 int top, const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES]);

/*
 * The ifma path's square-root exponentiation (field_ifma.c): the n <=
 * N25519_POW_WAYS elements in the lanes of one 4-way chain of fe4_ifma.h,
 * whose length is one element's (a first verification's A and R together).
 * Constant time.
 */
n25519_fe_pow_fn n25519_ifma_pow22523;

/*
 * The ifma path's fixed base (fixed_base_ifma.c): four points, one per
 * 64-bit lane, each summing a quarter of the digits.  h = sum e[i] 2^(W i) B
 * in constant time, from the N25519_BASE_DIGITS signed digits e
 * (|e[i]| <= 2^(W-1)) and the lane table (base_table.h).
 */
void n25519_ifma_scalarmult_base(n25519_ge_p3 *h, const int8_t *e,
                                 const n25519_base_lanes_group *table);

/*
 * Verification's multi-scalar multiplications on the ifma path
 * (point_ifma.c): the four coordinates of an extended point live in the four
 * 64-bit lanes of five 256-bit vectors (one per radix-2^51 limb), so each
 * step of the addition and doubling formulas multiplies four field elements
 * at once with vpmadd52{lo,hi}uq.
 *
 * r = sum over pieces j and positions i of (snaf[j][i] 2^i) B_j + (knaf[j][i] 2^i) Q_j
 * with the odd-multiple tables of B_j = 2^(PIECE j) B and Q_j; digits at or
 * below top.  Variable time (verification).
 */
void n25519_ifma_double_scalarmult(n25519_ge_p2 *r, const int8_t (*snaf)[256],
                                   const int8_t (*knaf)[256], int top,
                                   const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES],
                                   const n25519_ge_niels (*atab)[N25519_ATABLE_ENTRIES]);

/*
 * A key's first verification (point.h's n25519_ge_verify_light): r = the
 * pieces of snaf against btab plus lnaf[j] against the cached odd multiples
 * ltab[j] (-A and -R), digits at or below top.  Variable time.
 */
void n25519_ifma_light_scalarmult(n25519_ge_p2 *r, const int8_t (*snaf)[256],
                                  const int8_t (*lnaf)[256],
                                  const n25519_ge_lighttable *const *ltab, int top,
                                  const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES]);

/* A key's light table (point.h), its additions in 4-way IFMA arithmetic. */
void n25519_ifma_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q);

/* The selected path's square-root exponentiation, or the portable one. */
static inline n25519_fe_pow_fn *n25519_accel_pow22523(void)
{
    const struct n25519_accel *accel = n25519_accel_selected();

    return accel != NULL && accel->pow22523 != NULL ? accel->pow22523 : n25519_fe_pow22523;
}

#endif
