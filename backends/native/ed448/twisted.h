/*
 * The twisted curve -x^2 + y^2 = 1 + (d - 1) x^2 y^2 (d = -39081), which the
 * fixed-base multiplication works on because an addition costs 7
 * multiplications there against 8 on edwards448 (point.h).
 *
 * The two curves are 4-isogenous: phi takes edwards448 to the twisted curve,
 * psi takes it back, and psi(phi(P)) = [4]P.  So [s]B = psi([s/4 mod l] phi(B))
 * for B of order l (Hamburg's Ed448-Goldilocks; OpenSSL's curve448 works the
 * same way).
 *
 * With a = -1 a non-square the addition law is not complete on the whole
 * twisted curve: 1 +- (d - 1) x1 x2 y1 y2 vanishes only when P +- Q is a point
 * at infinity, whose order is even.  Here every point is a multiple of
 * phi(B), of odd order l, so the formulas below never meet such a pair.
 * They are for that subgroup only.
 *
 * Extended coordinates as in point.h: x = X/Z, y = Y/Z, T = X Y / Z.
 */
#ifndef EDFAST_NATIVE_ED448_TWISTED_H
#define EDFAST_NATIVE_ED448_TWISTED_H

#include <stddef.h>
#include <stdint.h>

#include "field.h"
#include "point.h"

typedef struct {
    fe448 X, Y, Z, T;
} ge448t;

/* A point ready to be added, projective: (Y + X, Y - X, Z, 2 (d - 1) T). */
typedef struct {
    fe448 YpX, YmX, Z, T2d;
} ge448t_cached;

/* An affine point ready to be added: (y + x, y - x, 2 (d - 1) x y); Z = 1. */
typedef struct {
    fe448 ypx, ymx, t2d;
} ge448t_niels;

void ge448t_identity(ge448t *p);
/* r = phi(p), p on edwards448.  T is computed. */
void ge448t_from_edwards(ge448t *r, const ge448 *p);
/* r = psi(p) on edwards448, with T: psi(phi(P)) = [4]P. */
void ge448t_to_edwards(ge448 *r, const ge448t *p);

/* r = 2p.  T is only computed when need_t (the next step is an addition). */
void ge448t_dbl(ge448t *r, const ge448t *p, int need_t);
/* p = 2^n p, with T. */
void ge448t_dbl_n(ge448t *p, unsigned n);
void ge448t_to_cached(ge448t_cached *r, const ge448t *p);
void ge448t_add_cached(ge448t *r, const ge448t *p, const ge448t_cached *q);
/* r = p + q with q affine; T is only computed when need_t. */
void ge448t_add_niels(ge448t *r, const ge448t *p, const ge448t_niels *q, int need_t);
/*
 * The entry of (x, y) from its affine coordinates (any limbs a product
 * accepts); the result is canonical.
 */
void ge448t_niels_from_affine(ge448t_niels *r, const fe448 *x, const fe448 *y);
/*
 * The entries of n <= GE448T_BATCH_MAX points, with one inversion for all
 * (the tables' builders).
 */
#define GE448T_BATCH_MAX 128
void ge448t_batch_to_niels(ge448t_niels *out, const ge448t *in, size_t n);
/*
 * Negate an entry (or not) without branching on mask: -(x, y) = (-x, y)
 * swaps y + x with y - x and negates 2 (d - 1) x y.  The result has limbs up
 * to 2^58: fit for ge448t_add_niels only.
 */
void ge448t_niels_cneg(ge448t_niels *q, uint64_t mask);
/* r = -q for public entries (variable time); r and q may not overlap. */
void ge448t_niels_neg(ge448t_niels *r, const ge448t_niels *q);
void ge448t_cached_neg(ge448t_cached *r, const ge448t_cached *q);

/* all-ones when p is the identity. */
uint64_t ge448t_is_identity(const ge448t *p);

#endif
