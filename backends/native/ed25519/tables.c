/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The helpers every table of points is built with: those of B, at build
 * time (gen_tables.c), and each key's.
 */
#include "tables.h"

void n25519_ge_batch_to_niels(n25519_ge_niels *out, const n25519_ge_p3 *in, size_t n,
                              n25519_fe *scratch)
{
    n25519_fe acc, inv, zinv, x, y, t;

    /* scratch[i] = Z_0 ... Z_{i-1} */
    n25519_fe_one(&acc);
    for (size_t i = 0; i < n; i++) {
        scratch[i] = acc;
        n25519_fe_mul(&acc, &acc, &in[i].Z);
    }
    n25519_fe_invert_vartime(&inv, &acc);
    for (size_t i = n; i-- > 0;) {
        n25519_fe_mul(&zinv, &inv, &scratch[i]);
        n25519_fe_mul(&inv, &inv, &in[i].Z);
        n25519_fe_mul(&x, &in[i].X, &zinv);
        n25519_fe_mul(&y, &in[i].Y, &zinv);
        n25519_fe_add(&t, &y, &x);
        n25519_fe_carry(&out[i].ypx, &t);
        n25519_fe_sub(&out[i].ymx, &y, &x);
        n25519_fe_mul(&t, &x, &y);
        n25519_fe_mul(&out[i].xy2d, &t, &n25519_fe_d2);
    }
}

void n25519_ge_odd_multiples(n25519_ge_p3 *odd, const n25519_ge_p3 *q, size_t n)
{
    n25519_ge_p3 q2;
    n25519_ge_cached c2;
    n25519_ge_completed t;

    n25519_ge_p3_dbl(&q2, q);
    n25519_ge_p3_to_cached(&c2, &q2);
    odd[0] = *q;
    for (size_t i = 1; i < n; i++) {
        n25519_ge_add(&t, &odd[i - 1], &c2);
        n25519_ge_completed_to_p3(&odd[i], &t);
    }
}

void n25519_ge_p3_dbl_n(n25519_ge_p3 *r, const n25519_ge_p3 *p, int n)
{
    *r = *p;
    while (n-- > 0)
        n25519_ge_p3_dbl(r, r);
}
