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
    fe448 X, Y, Z, dT;
} ref448_cached;

static inline void ref448_identity(ge448 *p)
{
    fe448_zero(&p->X);
    fe448_one(&p->Y);
    fe448_one(&p->Z);
    fe448_zero(&p->T);
}

/*
 * With C = X^2, D = Y^2, F = C + D, J = F - 2 Z^2, E = (X + Y)^2 - F = 2XY:
 *   X3 = E J, Y3 = F (C - D), Z3 = F J, T3 = E (C - D).
 */
static inline void ref448_dbl(ge448 *r, const ge448 *p)
{
    fe448 c, d, e, f, j, h, cd;

    fe448_sqr(&c, &p->X);
    fe448_sqr(&d, &p->Y);
    fe448_add(&e, &p->X, &p->Y);
    fe448_sqr(&e, &e);
    fe448_add(&f, &c, &d);
    fe448_sqr(&h, &p->Z);
    fe448_add(&h, &h, &h);
    fe448_sub(&j, &f, &h);
    fe448_sub(&e, &e, &f);
    fe448_sub(&cd, &c, &d);
    fe448_mul(&r->X, &e, &j);
    fe448_mul(&r->Y, &f, &cd);
    fe448_mul(&r->Z, &f, &j);
    fe448_mul(&r->T, &e, &cd);
}

static inline void ref448_to_cached(ref448_cached *r, const ge448 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
    fe448_mul_small(&r->dT, &p->T, 39081);
    fe448_neg(&r->dT, &r->dT);
}

/*
 * A = X1 X2, B = Y1 Y2, C = T1 dT2, D = Z1 Z2, E = (X1 + Y1)(X2 + Y2) - A - B,
 * F = D - C, G = D + C, H = B - A:  X3 = E F, Y3 = G H, Z3 = F G, T3 = E H.
 */
static inline void ref448_add(ge448 *r, const ge448 *p, const ref448_cached *q)
{
    fe448 a, b, c, d, e, f, g, h, s;

    fe448_mul(&a, &p->X, &q->X);
    fe448_mul(&b, &p->Y, &q->Y);
    fe448_mul(&c, &p->T, &q->dT);
    fe448_mul(&d, &p->Z, &q->Z);
    fe448_add(&e, &p->X, &p->Y);
    fe448_add(&s, &q->X, &q->Y);
    fe448_mul(&e, &e, &s);
    fe448_sub(&e, &e, &a);
    fe448_sub(&e, &e, &b);
    fe448_sub(&f, &d, &c);
    fe448_add(&g, &d, &c);
    fe448_sub(&h, &b, &a);
    fe448_mul(&r->X, &e, &f);
    fe448_mul(&r->Y, &g, &h);
    fe448_mul(&r->Z, &f, &g);
    fe448_mul(&r->T, &e, &h);
}

static inline void ref448_neg(ge448 *r, const ge448 *p)
{
    fe448_neg(&r->X, &p->X);
    r->Y = p->Y;
    r->Z = p->Z;
    fe448_neg(&r->T, &p->T);
}

/* all-ones when p is the identity. */
static inline uint64_t ref448_is_identity(const ge448 *p)
{
    return fe448_iszero(&p->X) & fe448_eq(&p->Y, &p->Z);
}

#endif
