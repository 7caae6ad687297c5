/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The group law on edwards448 itself (a = 1, d = -39081), the tests'
 * reference for the code, which computes on the 4-isogenous twisted curve
 * (../../backends/native/ed448/twisted.h).  These are the complete
 * Hisil-Wong-Carter-Dawson formulas ("add-2008-hwcd", "dbl-2008-hwcd" with
 * a = 1): with d a non-square they hold for every pair of points, small
 * torsion and the identity included, so the tests can build any point.
 */
#ifndef EDFAST_TEST_NATIVE448_EDWARDS_REF_H
#define EDFAST_TEST_NATIVE448_EDWARDS_REF_H

#include "ed448/point.h"

/* A point ready to be added: Z and d T precomputed. */
typedef struct {
    n448_fe X, Y, Z, dT;
} ref448_cached;

static inline void ref448_identity(n448_ge *p)
{
    n448_fe_zero(&p->X);
    n448_fe_one(&p->Y);
    n448_fe_one(&p->Z);
    n448_fe_zero(&p->T);
}

/*
 * With C = X^2, D = Y^2, F = C + D, J = F - 2 Z^2, E = (X + Y)^2 - F = 2XY:
 *   X3 = E J, Y3 = F (C - D), Z3 = F J, T3 = E (C - D).
 */
static inline void ref448_dbl(n448_ge *r, const n448_ge *p)
{
    n448_fe c, d, e, f, j, h, cd;

    n448_fe_sq(&c, &p->X);
    n448_fe_sq(&d, &p->Y);
    n448_fe_add(&e, &p->X, &p->Y);
    n448_fe_sq(&e, &e);
    n448_fe_add(&f, &c, &d);
    n448_fe_sq(&h, &p->Z);
    n448_fe_add(&h, &h, &h);
    n448_fe_sub(&j, &f, &h);
    n448_fe_sub(&e, &e, &f);
    n448_fe_sub(&cd, &c, &d);
    n448_fe_mul(&r->X, &e, &j);
    n448_fe_mul(&r->Y, &f, &cd);
    n448_fe_mul(&r->Z, &f, &j);
    n448_fe_mul(&r->T, &e, &cd);
}

static inline void ref448_to_cached(ref448_cached *r, const n448_ge *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
    n448_fe_mul_small(&r->dT, &p->T, 39081);
    n448_fe_neg(&r->dT, &r->dT);
}

/*
 * A = X1 X2, B = Y1 Y2, C = T1 dT2, D = Z1 Z2, E = (X1 + Y1)(X2 + Y2) - A - B,
 * F = D - C, G = D + C, H = B - A:  X3 = E F, Y3 = G H, Z3 = F G, T3 = E H.
 */
static inline void ref448_add(n448_ge *r, const n448_ge *p, const ref448_cached *q)
{
    n448_fe a, b, c, d, e, f, g, h, s;

    n448_fe_mul(&a, &p->X, &q->X);
    n448_fe_mul(&b, &p->Y, &q->Y);
    n448_fe_mul(&c, &p->T, &q->dT);
    n448_fe_mul(&d, &p->Z, &q->Z);
    n448_fe_add(&e, &p->X, &p->Y);
    n448_fe_add(&s, &q->X, &q->Y);
    n448_fe_mul(&e, &e, &s);
    n448_fe_sub(&e, &e, &a);
    n448_fe_sub(&e, &e, &b);
    n448_fe_sub(&f, &d, &c);
    n448_fe_add(&g, &d, &c);
    n448_fe_sub(&h, &b, &a);
    n448_fe_mul(&r->X, &e, &f);
    n448_fe_mul(&r->Y, &g, &h);
    n448_fe_mul(&r->Z, &f, &g);
    n448_fe_mul(&r->T, &e, &h);
}

static inline void ref448_neg(n448_ge *r, const n448_ge *p)
{
    n448_fe_neg(&r->X, &p->X);
    r->Y = p->Y;
    r->Z = p->Z;
    n448_fe_neg(&r->T, &p->T);
}

/* all-ones when p is the identity. */
static inline uint64_t ref448_is_identity(const n448_ge *p)
{
    return n448_fe_iszero(&p->X) & n448_fe_eq(&p->Y, &p->Z);
}

#endif
