/*
 * Ed25519's scalar multiplications on the adx path (point_adx.c), with the
 * interface of their IFMA counterparts (point_ifma.h, where the arguments are
 * described).  x86-64 only.
 */
#ifndef N25519_POINT_ADX_H
#define N25519_POINT_ADX_H

#include <stdint.h>

#include "point.h"

/* Constant time. */
void n25519_adx_scalarmult_base(n25519_ge_p3 *out, const int8_t *e, int n,
                                const uint64_t (*table)[16][16]);
/* Variable time (verification). */
void n25519_adx_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q);
void n25519_adx_double_scalarmult(n25519_ge_p2 *out, const int8_t (*snaf)[256],
                                  const int8_t (*knaf)[256], int top,
                                  const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES],
                                  const n25519_ge_niels (*atab)[N25519_ATABLE_ENTRIES]);
void n25519_adx_light_scalarmult(n25519_ge_p2 *out, const int8_t (*snaf)[256],
                                 const int8_t (*lnaf)[256], const n25519_ge_lighttable *const *ltab,
                                 int top, const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES]);

#endif
