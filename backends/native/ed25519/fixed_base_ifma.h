/*
 * The ifma path's fixed-base multiplication (../cpu.h; x86-64 only): four
 * points, one per 64-bit lane, each summing a quarter of the digits.
 */
#ifndef N25519_FIXED_BASE_IFMA_H
#define N25519_FIXED_BASE_IFMA_H

#include <stdint.h>

#include "base_table.h"
#include "point.h"

/*
 * h = sum e[i] 2^(W i) B in constant time, from the N25519_BASE_DIGITS signed
 * digits e (|e[i]| <= 2^(W-1)) and the lane table (base_table.h).
 */
void n25519_ifma_scalarmult_base(n25519_ge_p3 *h, const int8_t *e,
                                 const n25519_base_lanes_group *table);

#endif
