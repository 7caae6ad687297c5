/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The helper verification's tables are built with: those of phi(B), at
 * build time (gen_tables.c), and each key's.
 */
#include "tables.h"

void n448_ge_tw_odd_multiples(n448_ge_tw *pts, const n448_ge_tw *p, size_t n)
{
    n448_ge_tw p2;
    n448_ge_tw_cached c2;

    pts[0] = *p;
    n448_ge_tw_dbl(&p2, p, 1);
    n448_ge_tw_to_cached(&c2, &p2);
    for (size_t i = 1; i < n; i++)
        n448_ge_tw_add_cached(&pts[i], &pts[i - 1], &c2);
}
