/*
 * Verification's joint loop (accel.h's joint) on the ifma path: the point
 * in 4-way form, its four coordinates X, Y, Z, T in the lanes of
 * fe4_ifma.h's field, so that each doubling and addition of the twisted
 * curve (a = -1, d' = -39082; twisted.h) is two 4-way products instead of
 * seven or eight of field.h's.  The formulas are twisted.c's (HWCD with
 * a = -1) arranged for lanes, as Ed25519's point_ifma.c arranges its own.
 *
 * Variable time: verification's data are public.  Table entries stay in
 * field.h's form and are moved into lanes as they are used.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "fe4_ifma.h"

#define IDX FE4_448_IDX
#define FROM_B FE4_448_FROM_B

/*
 * From w = (E, F, G, H) in the lanes to the extended point
 * (X, Y, Z, T) = (E F, G H, F G, E H): one 4-way product.
 */
N448_IFMA_INLINE fe4_448 finish(fe4_448 w)
{
    return fe4_448_mul(fe4_448_perm(w, IDX(0, 2, 1, 0)), fe4_448_perm(w, IDX(1, 3, 2, 3)));
}

/*
 * p + q for p = (X, Y, Z, T) and q as the lanes (Y2 - X2, Y2 + X2, 2 Z2,
 * 2 d' T2): (A, B, D, C) = (Y - X, Y + X, Z, T) q lane-wise, then
 * (E, F, G, H) = (B - A, D - C, D + C, B + A).
 */
N448_IFMA_INLINE fe4_448 add4(fe4_448 p, fe4_448 q)
{
    fe4_448 swapped = fe4_448_perm(p, IDX(1, 0, 2, 3)); /* Y, X, Z, T */
    fe4_448 sum = fe4_448_add(p, swapped), dif = fe4_448_sub(swapped, p);
    fe4_448 s = fe4_448_blend(fe4_448_blend(dif, sum, FROM_B(0, 1, 0, 0)), p, FROM_B(0, 0, 1, 1));
    fe4_448 v = fe4_448_mul(s, q);                        /* A, B, D, C */
    fe4_448 v1 = fe4_448_perm(v, IDX(1, 2, 2, 1));        /* B, D, D, B */
    fe4_448 v2 = fe4_448_perm(v, IDX(0, 3, 3, 0));        /* A, C, C, A */

    return finish(fe4_448_blend(fe4_448_sub(v1, v2), fe4_448_add(v1, v2), FROM_B(0, 0, 1, 1)));
}

/*
 * 2p: (XX, YY, ZZ, SS) = (X, Y, Z, X + Y)^2 lane-wise, then
 * (E, F, G, H) = (SS - H, G - 2 ZZ, YY - XX, -(YY + XX)) up to a common sign,
 * here (SS - H', 2 ZZ - G, G, H') negated as a whole with H' = XX + YY (the
 * same projective point, twisted.c's arrangement).
 */
N448_IFMA_INLINE fe4_448 dbl4(fe4_448 p)
{
    fe4_448 q = fe4_448_perm(p, IDX(0, 1, 2, 0));         /* X, Y, Z, X */
    fe4_448 r = fe4_448_perm(p, IDX(0, 0, 0, 1));         /* ., ., ., Y */
    fe4_448 s = fe4_448_blend(q, fe4_448_add(q, r), FROM_B(0, 0, 0, 1));
    fe4_448 a = fe4_448_sqr(s);                           /* XX, YY, ZZ, SS */
    fe4_448 x1 = fe4_448_perm(a, IDX(1, 1, 2, 3));        /* YY, YY, ZZ, SS */
    fe4_448 x2 = fe4_448_perm(a, IDX(0, 0, 2, 3));        /* XX, XX, ZZ, SS */
    /* u = (H', G, 2 ZZ, SS) */
    fe4_448 u = fe4_448_blend(fe4_448_blend(fe4_448_add(x1, x2), fe4_448_sub(x1, x2), FROM_B(0, 1, 0, 0)),
                              x1, FROM_B(0, 0, 0, 1));
    fe4_448 y1 = fe4_448_perm(u, IDX(3, 2, 1, 0));        /* SS, 2 ZZ, G, H' */

    /* (SS - H', 2 ZZ - G, G, H') = (E, F', G, H') */
    return finish(fe4_448_blend(fe4_448_sub(y1, u), y1, FROM_B(0, 0, 1, 1)));
}

/*
 * The lanes of the entry digit d names (odd d): (Y - X, Y + X, 2 Z, 2 d' T)
 * of t's entry |d| / 2, or of its negation, which swaps Y + X with Y - X
 * and negates 2 d' T.
 */
N448_IFMA_INLINE fe4_448 entry_lanes(const struct n448_naf_term *t, int d)
{
    const int neg = t->neg ^ (d < 0);
    const unsigned idx = (unsigned)(d < 0 ? -d : d) / 2;
    const fe448 *ypx, *ymx, *t2d;
    fe448 z2, nt;

    if (t->aff) {
        const ge448t_niels *e = &t->aff[idx];

        ypx = &e->ypx;
        ymx = &e->ymx;
        t2d = &e->t2d;
        for (int i = 0; i < FE448_LIMBS; i++)
            z2.l[i] = 0;
        z2.l[0] = 2;
    } else {
        const ge448t_cached *e = &t->proj[idx];

        ypx = &e->YpX;
        ymx = &e->YmX;
        t2d = &e->T2d;
        for (int i = 0; i < FE448_LIMBS; i++)
            z2.l[i] = 2 * e->Z.l[i];
    }
    if (!neg)
        return fe4_448_lanes(ymx, ypx, &z2, t2d);
    /* -t2d, uncarried: a product's input */
    fe448_sub_nr(&nt, &(const fe448){ { 0 } }, t2d);
    return fe4_448_lanes(ypx, ymx, &z2, &nt);
}

N448_IFMA_TARGET
void n448_joint_ifma(ge448t *p, const struct n448_naf_term *terms, unsigned n)
{
    unsigned top = 0;
    fe448 out[4];
    fe4_448 acc;

    for (unsigned t = 0; t < n; t++)
        top = terms[t].top > top ? terms[t].top : top;
    for (int i = 0; i < FE448_LIMBS; i++)
        out[0].l[i] = out[1].l[i] = out[2].l[i] = out[3].l[i] = 0;
    out[1].l[0] = out[2].l[0] = 1;
    acc = fe4_448_from_fe448(out); /* the identity (0, 1, 1, 0) */
    for (unsigned i = top; i-- > 0;) {
        acc = dbl4(acc);
        for (unsigned t = 0; t < n; t++)
            if (terms[t].top > i && terms[t].naf[i])
                acc = add4(acc, entry_lanes(&terms[t], terms[t].naf[i]));
    }
    fe4_448_to_fe448(out, acc);
    p->X = out[0];
    p->Y = out[1];
    p->Z = out[2];
    p->T = out[3];
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_joint_ifma_unused;

#endif
