/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Group law on the twisted curve (a = -1, d' = d - 1 = -39082) and the
 * 4-isogenies to and from edwards448.  Formulas: Hisil-Wong-Carter-Dawson
 * 2008, "add-2008-hwcd-3" and "dbl-2008-hwcd" with a = -1; the isogenies as
 * in Hamburg's Ed448-Goldilocks.
 */
#include "twisted.h"

#define TWO_D_ABS 78164u /* 2 d' = -78164 */

void n448_ge_tw_identity(n448_ge_tw *p)
{
    n448_fe_zero(&p->X);
    n448_fe_one(&p->Y);
    n448_fe_one(&p->Z);
    n448_fe_zero(&p->T);
}

/*
 * What the doubling and both isogenies share: S = X^2 + Y^2, U = Y^2 - X^2
 * (reduced, as it may be subtracted again), W = 2XY and Z2 = 2 Z^2.
 */
static void shared_squares(n448_fe *s, n448_fe *u, n448_fe *w, n448_fe *z2, const n448_fe *x,
                           const n448_fe *y, const n448_fe *z)
{
    n448_fe xx, yy;

    n448_fe_sq(&xx, x);
    n448_fe_sq(&yy, y);
    n448_fe_add(s, &xx, &yy);
    n448_fe_sub(u, &yy, &xx);
    n448_fe_add(w, x, y);
    n448_fe_sq(w, w);
    n448_fe_sub_nr(w, w, s);
    n448_fe_sq(z2, z);
    n448_fe_add(z2, z2, z2);
}

/*
 * phi(x, y) = (2xy / (y^2 - x^2), (x^2 + y^2) / (2 - x^2 - y^2)), projectively
 * with V = 2 Z^2 - S: X' = W V, Y' = U S, Z' = U V, T' = W S.
 */
void n448_ge_tw_from_edwards(n448_ge_tw *r, const n448_ge *p)
{
    n448_fe s, u, w, v;

    shared_squares(&s, &u, &w, &v, &p->X, &p->Y, &p->Z);
    n448_fe_sub_nr(&v, &v, &s);
    n448_fe_mul(&r->X, &w, &v);
    n448_fe_mul(&r->Y, &u, &s);
    n448_fe_mul(&r->Z, &u, &v);
    n448_fe_mul(&r->T, &w, &s);
}

/*
 * psi(x, y) = (2xy / (x^2 + y^2), (y^2 - x^2) / (2 - y^2 + x^2)), projectively
 * with V = 2 Z^2 - U: X' = W V, Y' = U S, Z' = S V, T' = W U.
 */
void n448_ge_tw_to_edwards(n448_ge *r, const n448_ge_tw *p)
{
    n448_fe s, u, w, v;

    shared_squares(&s, &u, &w, &v, &p->X, &p->Y, &p->Z);
    n448_fe_sub_nr(&v, &v, &u);
    n448_fe_mul(&r->X, &w, &v);
    n448_fe_mul(&r->Y, &u, &s);
    n448_fe_mul(&r->Z, &s, &v);
    n448_fe_mul(&r->T, &w, &u);
}

/*
 * dbl-2008-hwcd with a = -1 (A = X^2, B = Y^2; E = 2XY, G = B - A,
 * F = G - 2 Z^2, H = -(A + B)), every output negated, which is the same
 * projective point and needs no negation: with V = 2 Z^2 - U = -F,
 *   X3 = W V, Y3 = U S, Z3 = U V, T3 = W S.
 */
void n448_ge_tw_dbl(n448_ge_tw *r, const n448_ge_tw *p, int need_t)
{
    n448_fe s, u, w, v;

    shared_squares(&s, &u, &w, &v, &p->X, &p->Y, &p->Z);
    n448_fe_sub_nr(&v, &v, &u);
    n448_fe_mul(&r->X, &w, &v);
    n448_fe_mul(&r->Y, &u, &s);
    n448_fe_mul(&r->Z, &u, &v);
    if (need_t)
        n448_fe_mul(&r->T, &w, &s);
}

void n448_ge_tw_dbl_n(n448_ge_tw *p, unsigned n)
{
    while (n--)
        n448_ge_tw_dbl(p, p, n == 0);
}

/* r = 2 d' a. */
static void mul_2d(n448_fe *r, const n448_fe *a)
{
    n448_fe_mul_small(r, a, TWO_D_ABS);
    n448_fe_neg(r, r);
}

void n448_ge_tw_to_cached(n448_ge_tw_cached *r, const n448_ge_tw *p)
{
    n448_fe_add(&r->YpX, &p->Y, &p->X);
    n448_fe_sub_nr(&r->YmX, &p->Y, &p->X);
    r->Z = p->Z;
    mul_2d(&r->T2d, &p->T);
}

/*
 * add-2008-hwcd-3: with A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2),
 * C = 2 d' T1 T2, D = 2 Z1 Z2, E = B - A, F = D - C, G = D + C, H = B + A:
 * X3 = E F, Y3 = G H, Z3 = F G, T3 = E H.  z2 is NULL for Z2 = 1.
 */
static void add_core(n448_ge_tw *r, const n448_ge_tw *p, const n448_fe *ypx2, const n448_fe *ymx2,
                     const n448_fe *t2d2, const n448_fe *z2, int need_t)
{
    n448_fe a, b, c, d, e, f, g, h;

    n448_fe_sub_nr(&a, &p->Y, &p->X);
    n448_fe_mul(&a, &a, ymx2);
    n448_fe_add(&b, &p->Y, &p->X);
    n448_fe_mul(&b, &b, ypx2);
    n448_fe_mul(&c, &p->T, t2d2);
    if (z2)
        n448_fe_mul(&d, &p->Z, z2);
    else
        d = p->Z;
    n448_fe_add(&d, &d, &d);
    /* differences feed only products: no carry pass (bounds in field.h) */
    n448_fe_sub_nr(&e, &b, &a);
    n448_fe_sub_nr(&f, &d, &c);
    n448_fe_add(&g, &d, &c);
    n448_fe_add(&h, &b, &a);
    n448_fe_mul(&r->X, &e, &f);
    n448_fe_mul(&r->Y, &g, &h);
    n448_fe_mul(&r->Z, &f, &g);
    if (need_t)
        n448_fe_mul(&r->T, &e, &h);
}

void n448_ge_tw_add_cached(n448_ge_tw *r, const n448_ge_tw *p, const n448_ge_tw_cached *q)
{
    add_core(r, p, &q->YpX, &q->YmX, &q->T2d, &q->Z, 1);
}

void n448_ge_tw_add_niels(n448_ge_tw *r, const n448_ge_tw *p, const n448_ge_tw_niels *q, int need_t)
{
    add_core(r, p, &q->ypx, &q->ymx, &q->t2d, NULL, need_t);
}

void n448_ge_tw_niels_from_affine(n448_ge_tw_niels *r, const n448_fe *x, const n448_fe *y)
{
    n448_fe xy;

    n448_fe_add(&r->ypx, y, x);
    n448_fe_sub(&r->ymx, y, x);
    n448_fe_mul(&xy, x, y);
    mul_2d(&r->t2d, &xy);
    n448_fe_strong_reduce(&r->ypx);
    n448_fe_strong_reduce(&r->ymx);
    n448_fe_strong_reduce(&r->t2d);
}

void n448_ge_tw_niels_cneg(n448_ge_tw_niels *q, uint64_t mask)
{
    n448_fe zero, n, ypx = q->ypx;

    n448_fe_cmov(&q->ypx, &q->ymx, mask);
    n448_fe_cmov(&q->ymx, &ypx, mask);
    n448_fe_zero(&zero);
    n448_fe_sub_nr(&n, &zero, &q->t2d);
    n448_fe_cmov(&q->t2d, &n, mask);
}

void n448_ge_tw_niels_neg(n448_ge_tw_niels *r, const n448_ge_tw_niels *q)
{
    r->ypx = q->ymx;
    r->ymx = q->ypx;
    n448_fe_neg(&r->t2d, &q->t2d);
}

void n448_ge_tw_cached_neg(n448_ge_tw_cached *r, const n448_ge_tw_cached *q)
{
    r->YpX = q->YmX;
    r->YmX = q->YpX;
    r->Z = q->Z;
    n448_fe_neg(&r->T2d, &q->T2d);
}

void n448_ge_tw_batch_to_niels(n448_ge_tw_niels *out, const n448_ge_tw *in, size_t n)
{
    n448_fe z[N448_GE_TW_BATCH_MAX], zi[N448_GE_TW_BATCH_MAX], x, y;

    if (n == 0)
        return;
    for (size_t i = 0; i < n; i++)
        z[i] = in[i].Z;
    n448_fe_batch_invert(zi, z, n);
    for (size_t i = 0; i < n; i++) {
        n448_fe_mul(&x, &in[i].X, &zi[i]);
        n448_fe_mul(&y, &in[i].Y, &zi[i]);
        n448_ge_tw_niels_from_affine(&out[i], &x, &y);
    }
}

uint64_t n448_ge_tw_is_identity(const n448_ge_tw *p)
{
    return n448_fe_iszero(&p->X) & n448_fe_eq(&p->Y, &p->Z);
}
