/*
 * Verification's multi-scalar multiplications with AVX-512 IFMA: the four
 * coordinates of an extended point live in the four 64-bit lanes of five
 * 256-bit vectors (one per radix-2^51 limb), so each step of the addition and
 * doubling formulas multiplies four field elements at once with
 * vpmadd52{lo,hi}uq.  The ifma path (../cpu.h); x86-64 only.
 */
#ifndef N25519_POINT_IFMA_H
#define N25519_POINT_IFMA_H

#include <stdint.h>

#include "point.h"

/*
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

#endif
