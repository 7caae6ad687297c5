/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Verification's joint loop (accel.h's joint) on the ifma path, the point
 * in 4-way form (point_ifma.h).
 *
 * Variable time: verification's data are public.  Table entries stay in
 * field.h's form and are moved into lanes as they are used.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "point_ifma.h"

/*
 * The lanes of the entry digit d names (odd d): (Y - X, Y + X, 2 Z, 2 d' T)
 * of t's entry |d| / 2, or of its negation, which swaps Y + X with Y - X
 * and negates 2 d' T.
 */
N448_IFMA_INLINE n448_fe4 entry_lanes(const struct n448_naf_term *t, int d)
{
    const int neg = t->neg ^ (d < 0);
    const unsigned idx = (unsigned)(d < 0 ? -d : d) / 2;
    const n448_fe *ypx, *ymx, *t2d;
    n448_fe z2, nt;

    if (t->aff) {
        const n448_ge_tw_niels *e = &t->aff[idx];

        ypx = &e->ypx;
        ymx = &e->ymx;
        t2d = &e->t2d;
        for (int i = 0; i < N448_FE_LIMBS; i++)
            z2.l[i] = 0;
        z2.l[0] = 2;
    } else {
        const n448_ge_tw_cached *e = &t->proj[idx];

        ypx = &e->YpX;
        ymx = &e->YmX;
        t2d = &e->T2d;
        for (int i = 0; i < N448_FE_LIMBS; i++)
            z2.l[i] = 2 * e->Z.l[i];
    }
    if (!neg)
        return n448_fe4_lanes(ymx, ypx, &z2, t2d);
    /* -t2d, uncarried: a product's input */
    n448_fe_sub_nr(&nt, &(const n448_fe){ { 0 } }, t2d);
    return n448_fe4_lanes(ypx, ymx, &z2, &nt);
}

N448_IFMA_TARGET
void n448_ifma_joint(n448_ge_tw *p, const struct n448_naf_term *terms, unsigned n)
{
    unsigned top = 0;
    n448_fe4 acc = identity4();

    for (unsigned t = 0; t < n; t++)
        top = terms[t].top > top ? terms[t].top : top;
    for (unsigned i = top; i-- > 0;) {
        acc = dbl4(acc);
        for (unsigned t = 0; t < n; t++)
            if (terms[t].top > i && terms[t].naf[i])
                acc = add4(acc, entry_lanes(&terms[t], terms[t].naf[i]));
    }
    point4_store(p, acc);
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_point_ifma_unused;

#endif
