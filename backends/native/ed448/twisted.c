/*
 * Group law on the twisted curve (a = -1, d' = d - 1 = -39082) and the
 * 4-isogenies to and from edwards448.  Formulas: Hisil-Wong-Carter-Dawson
 * 2008, "add-2008-hwcd-3" and "dbl-2008-hwcd" with a = -1; the isogenies as
 * in Hamburg's Ed448-Goldilocks.
 */
#include "twisted.h"

#define TWO_D_ABS 78164u /* 2 d' = -78164 */

void ge448t_identity(ge448t *p)
{
    fe448_zero(&p->X);
    fe448_one(&p->Y);
    fe448_one(&p->Z);
    fe448_zero(&p->T);
}

/*
 * What the doubling and both isogenies share: S = X^2 + Y^2, U = Y^2 - X^2
 * (reduced, as it may be subtracted again), W = 2XY and Z2 = 2 Z^2.
 */
static void shared_squares(fe448 *s, fe448 *u, fe448 *w, fe448 *z2, const fe448 *x,
                           const fe448 *y, const fe448 *z)
{
    fe448 xx, yy;

    fe448_sqr(&xx, x);
    fe448_sqr(&yy, y);
    fe448_add(s, &xx, &yy);
    fe448_sub(u, &yy, &xx);
    fe448_add(w, x, y);
    fe448_sqr(w, w);
    fe448_sub_nr(w, w, s);
    fe448_sqr(z2, z);
    fe448_add(z2, z2, z2);
}

/*
 * phi(x, y) = (2xy / (y^2 - x^2), (x^2 + y^2) / (2 - x^2 - y^2)), projectively
 * with V = 2 Z^2 - S: X' = W V, Y' = U S, Z' = U V, T' = W S.
 */
void ge448t_from_edwards(ge448t *r, const ge448 *p)
{
    fe448 s, u, w, v;

    shared_squares(&s, &u, &w, &v, &p->X, &p->Y, &p->Z);
    fe448_sub_nr(&v, &v, &s);
    fe448_mul(&r->X, &w, &v);
    fe448_mul(&r->Y, &u, &s);
    fe448_mul(&r->Z, &u, &v);
    fe448_mul(&r->T, &w, &s);
}

/*
 * psi(x, y) = (2xy / (x^2 + y^2), (y^2 - x^2) / (2 - y^2 + x^2)), projectively
 * with V = 2 Z^2 - U: X' = W V, Y' = U S, Z' = S V, T' = W U.
 */
void ge448t_to_edwards(ge448 *r, const ge448t *p)
{
    fe448 s, u, w, v;

    shared_squares(&s, &u, &w, &v, &p->X, &p->Y, &p->Z);
    fe448_sub_nr(&v, &v, &u);
    fe448_mul(&r->X, &w, &v);
    fe448_mul(&r->Y, &u, &s);
    fe448_mul(&r->Z, &s, &v);
    fe448_mul(&r->T, &w, &u);
}

/*
 * dbl-2008-hwcd with a = -1 (A = X^2, B = Y^2; E = 2XY, G = B - A,
 * F = G - 2 Z^2, H = -(A + B)), every output negated, which is the same
 * projective point and needs no negation: with V = 2 Z^2 - U = -F,
 *   X3 = W V, Y3 = U S, Z3 = U V, T3 = W S.
 */
void ge448t_dbl(ge448t *r, const ge448t *p, int need_t)
{
    fe448 s, u, w, v;

    shared_squares(&s, &u, &w, &v, &p->X, &p->Y, &p->Z);
    fe448_sub_nr(&v, &v, &u);
    fe448_mul(&r->X, &w, &v);
    fe448_mul(&r->Y, &u, &s);
    fe448_mul(&r->Z, &u, &v);
    if (need_t)
        fe448_mul(&r->T, &w, &s);
}

void ge448t_dbl_n(ge448t *p, unsigned n)
{
    while (n--)
        ge448t_dbl(p, p, n == 0);
}

/* r = 2 d' a. */
static void mul_2d(fe448 *r, const fe448 *a)
{
    fe448_mul_small(r, a, TWO_D_ABS);
    fe448_neg(r, r);
}

void ge448t_to_cached(ge448t_cached *r, const ge448t *p)
{
    fe448_add(&r->YpX, &p->Y, &p->X);
    fe448_sub_nr(&r->YmX, &p->Y, &p->X);
    r->Z = p->Z;
    mul_2d(&r->T2d, &p->T);
}

/*
 * add-2008-hwcd-3: with A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2),
 * C = 2 d' T1 T2, D = 2 Z1 Z2, E = B - A, F = D - C, G = D + C, H = B + A:
 * X3 = E F, Y3 = G H, Z3 = F G, T3 = E H.  z2 is NULL for Z2 = 1.
 */
static void add_core(ge448t *r, const ge448t *p, const fe448 *ypx2, const fe448 *ymx2,
                     const fe448 *t2d2, const fe448 *z2, int need_t)
{
    fe448 a, b, c, d, e, f, g, h;

    fe448_sub_nr(&a, &p->Y, &p->X);
    fe448_mul(&a, &a, ymx2);
    fe448_add(&b, &p->Y, &p->X);
    fe448_mul(&b, &b, ypx2);
    fe448_mul(&c, &p->T, t2d2);
    if (z2)
        fe448_mul(&d, &p->Z, z2);
    else
        d = p->Z;
    fe448_add(&d, &d, &d);
    /* differences feed only products: no carry pass (bounds in field.h) */
    fe448_sub_nr(&e, &b, &a);
    fe448_sub_nr(&f, &d, &c);
    fe448_add(&g, &d, &c);
    fe448_add(&h, &b, &a);
    fe448_mul(&r->X, &e, &f);
    fe448_mul(&r->Y, &g, &h);
    fe448_mul(&r->Z, &f, &g);
    if (need_t)
        fe448_mul(&r->T, &e, &h);
}

void ge448t_add_cached(ge448t *r, const ge448t *p, const ge448t_cached *q)
{
    add_core(r, p, &q->YpX, &q->YmX, &q->T2d, &q->Z, 1);
}

void ge448t_add_niels(ge448t *r, const ge448t *p, const ge448t_niels *q, int need_t)
{
    add_core(r, p, &q->ypx, &q->ymx, &q->t2d, NULL, need_t);
}

void ge448t_niels_from_affine(ge448t_niels *r, const fe448 *x, const fe448 *y)
{
    fe448 xy;

    fe448_add(&r->ypx, y, x);
    fe448_sub(&r->ymx, y, x);
    fe448_mul(&xy, x, y);
    mul_2d(&r->t2d, &xy);
    fe448_strong_reduce(&r->ypx);
    fe448_strong_reduce(&r->ymx);
    fe448_strong_reduce(&r->t2d);
}

void ge448t_niels_cneg(ge448t_niels *q, uint64_t mask)
{
    fe448 zero, n, ypx = q->ypx;

    fe448_cmov(&q->ypx, &q->ymx, mask);
    fe448_cmov(&q->ymx, &ypx, mask);
    fe448_zero(&zero);
    fe448_sub_nr(&n, &zero, &q->t2d);
    fe448_cmov(&q->t2d, &n, mask);
}

void ge448t_niels_neg(ge448t_niels *r, const ge448t_niels *q)
{
    r->ypx = q->ymx;
    r->ymx = q->ypx;
    fe448_neg(&r->t2d, &q->t2d);
}

void ge448t_cached_neg(ge448t_cached *r, const ge448t_cached *q)
{
    r->YpX = q->YmX;
    r->YmX = q->YpX;
    r->Z = q->Z;
    fe448_neg(&r->T2d, &q->T2d);
}

void ge448t_batch_to_niels(ge448t_niels *out, const ge448t *in, size_t n)
{
    fe448 z[GE448T_BATCH_MAX], zi[GE448T_BATCH_MAX], x, y;

    if (n == 0)
        return;
    for (size_t i = 0; i < n; i++)
        z[i] = in[i].Z;
    fe448_batch_inv(zi, z, n);
    for (size_t i = 0; i < n; i++) {
        fe448_mul(&x, &in[i].X, &zi[i]);
        fe448_mul(&y, &in[i].Y, &zi[i]);
        ge448t_niels_from_affine(&out[i], &x, &y);
    }
}

uint64_t ge448t_is_identity(const ge448t *p)
{
    return fe448_iszero(&p->X) & fe448_eq(&p->Y, &p->Z);
}
