/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The twisted curve's doubling and addition (a = -1, d' = -39082; twisted.h)
 * in 4-way form on the ifma path: the point's four coordinates X, Y, Z, T
 * in the lanes of fe4_ifma.h's field, so that each is two 4-way products
 * instead of seven or eight of field.h's.  The formulas are twisted.c's
 * (HWCD with a = -1) arranged for lanes, as Ed25519's point_ifma.c arranges
 * its own.  Data-independent time: every lane choice is a constant.  Used by
 * verification's joint loop (point_ifma.c) and the fixed-base sum
 * (fixed_base_ifma.c).
 */
#ifndef N448_POINT_IFMA_H
#define N448_POINT_IFMA_H

#include "fe4_ifma.h"
#include "twisted.h"

/* Short names for the lane choices, this header only (undefined at its end). */
#define IDX N448_FE4_IDX
#define FROM_B N448_FE4_FROM_B

/*
 * From w = (E, F, G, H) in the lanes to the extended point
 * (X, Y, Z, T) = (E F, G H, F G, E H): one 4-way product.
 */
N448_IFMA_INLINE n448_fe4 finish4(n448_fe4 w)
{
    return n448_fe4_mul(n448_fe4_perm(w, IDX(0, 2, 1, 0)), n448_fe4_perm(w, IDX(1, 3, 2, 3)));
}

/*
 * p + q for p = (X, Y, Z, T) and q as the lanes (Y2 - X2, Y2 + X2, 2 Z2,
 * 2 d' T2): (A, B, D, C) = (Y - X, Y + X, Z, T) q lane-wise, then
 * (E, F, G, H) = (B - A, D - C, D + C, B + A).
 */
N448_IFMA_INLINE n448_fe4 add4(n448_fe4 p, n448_fe4 q)
{
    n448_fe4 swapped = n448_fe4_perm(p, IDX(1, 0, 2, 3)); /* Y, X, Z, T */
    n448_fe4 sum = n448_fe4_add(p, swapped), dif = n448_fe4_sub(swapped, p);
    n448_fe4 s = n448_fe4_blend(n448_fe4_blend(dif, sum, FROM_B(0, 1, 0, 0)), p, FROM_B(0, 0, 1, 1));
    n448_fe4 v = n448_fe4_mul(s, q);                        /* A, B, D, C */
    n448_fe4 v1 = n448_fe4_perm(v, IDX(1, 2, 2, 1));        /* B, D, D, B */
    n448_fe4 v2 = n448_fe4_perm(v, IDX(0, 3, 3, 0));        /* A, C, C, A */

    return finish4(n448_fe4_blend(n448_fe4_sub(v1, v2), n448_fe4_add(v1, v2), FROM_B(0, 0, 1, 1)));
}

/*
 * 2p: (XX, YY, ZZ, SS) = (X, Y, Z, X + Y)^2 lane-wise, then
 * (E, F, G, H) = (SS - H, G - 2 ZZ, YY - XX, -(YY + XX)) up to a common sign,
 * here (SS - H', 2 ZZ - G, G, H') negated as a whole with H' = XX + YY (the
 * same projective point, twisted.c's arrangement).
 */
N448_IFMA_INLINE n448_fe4 dbl4(n448_fe4 p)
{
    n448_fe4 q = n448_fe4_perm(p, IDX(0, 1, 2, 0));         /* X, Y, Z, X */
    n448_fe4 r = n448_fe4_perm(p, IDX(0, 0, 0, 1));         /* ., ., ., Y */
    n448_fe4 s = n448_fe4_blend(q, n448_fe4_add(q, r), FROM_B(0, 0, 0, 1));
    n448_fe4 a = n448_fe4_sq(s);                           /* XX, YY, ZZ, SS */
    n448_fe4 x1 = n448_fe4_perm(a, IDX(1, 1, 2, 3));        /* YY, YY, ZZ, SS */
    n448_fe4 x2 = n448_fe4_perm(a, IDX(0, 0, 2, 3));        /* XX, XX, ZZ, SS */
    /* u = (H', G, 2 ZZ, SS) */
    n448_fe4 u = n448_fe4_blend(n448_fe4_blend(n448_fe4_add(x1, x2), n448_fe4_sub(x1, x2), FROM_B(0, 1, 0, 0)),
                                x1, FROM_B(0, 0, 0, 1));
    n448_fe4 y1 = n448_fe4_perm(u, IDX(3, 2, 1, 0));        /* SS, 2 ZZ, G, H' */

    /* (SS - H', 2 ZZ - G, G, H') = (E, F', G, H') */
    return finish4(n448_fe4_blend(n448_fe4_sub(y1, u), y1, FROM_B(0, 0, 1, 1)));
}

/* The identity (0, 1, 1, 0). */
N448_IFMA_INLINE n448_fe4 identity4(void)
{
    n448_fe c[4] = { { { 0 } }, { { 1 } }, { { 1 } }, { { 0 } } };

    return n448_fe4_from_fe(c);
}

/* The lanes back as a point; T too, which the callers' results do not need but costs nothing here. */
N448_IFMA_INLINE void point4_store(n448_ge_tw *p, n448_fe4 v)
{
    n448_fe out[4];

    n448_fe4_to_fe(out, v);
    p->X = out[0];
    p->Y = out[1];
    p->Z = out[2];
    p->T = out[3];
}

#undef IDX
#undef FROM_B

#endif
