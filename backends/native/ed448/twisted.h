/* SPDX-License-Identifier: Apache-2.0 */
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
#ifndef N448_TWISTED_H
#define N448_TWISTED_H

#include <stddef.h>
#include <stdint.h>

#include "field.h"
#include "point.h"

typedef struct {
    n448_fe X, Y, Z, T;
} n448_ge_tw;

/* A point ready to be added, projective: (Y + X, Y - X, Z, 2 (d - 1) T). */
typedef struct {
    n448_fe YpX, YmX, Z, T2d;
} n448_ge_tw_cached;

/* An affine point ready to be added: (y + x, y - x, 2 (d - 1) x y); Z = 1. */
typedef struct {
    n448_fe ypx, ymx, t2d;
} n448_ge_tw_niels;

void n448_ge_tw_identity(n448_ge_tw *p);
/* r = phi(p), p on edwards448.  T is computed. */
void n448_ge_tw_from_edwards(n448_ge_tw *r, const n448_ge *p);
/* r = psi(p) on edwards448, with T: psi(phi(P)) = [4]P. */
void n448_ge_tw_to_edwards(n448_ge *r, const n448_ge_tw *p);

/* r = 2p.  T is only computed when need_t (the next step is an addition). */
void n448_ge_tw_dbl(n448_ge_tw *r, const n448_ge_tw *p, int need_t);
/* p = 2^n p, with T. */
void n448_ge_tw_dbl_n(n448_ge_tw *p, unsigned n);
void n448_ge_tw_to_cached(n448_ge_tw_cached *r, const n448_ge_tw *p);
void n448_ge_tw_add_cached(n448_ge_tw *r, const n448_ge_tw *p, const n448_ge_tw_cached *q);
/* r = p + q with q affine; T is only computed when need_t. */
void n448_ge_tw_add_niels(n448_ge_tw *r, const n448_ge_tw *p, const n448_ge_tw_niels *q, int need_t);
/*
 * The entry of (x, y) from its affine coordinates (any limbs a product
 * accepts); the result is canonical.
 */
void n448_ge_tw_niels_from_affine(n448_ge_tw_niels *r, const n448_fe *x, const n448_fe *y);
/*
 * The entries of n <= N448_GE_TW_BATCH_MAX points, with one inversion for all
 * (the tables' builders).
 */
#define N448_GE_TW_BATCH_MAX 128
void n448_ge_tw_batch_to_niels(n448_ge_tw_niels *out, const n448_ge_tw *in, size_t n);
/*
 * Negate an entry (or not) without branching on mask: -(x, y) = (-x, y)
 * swaps y + x with y - x and negates 2 (d - 1) x y.  The result has limbs up
 * to 2^58: fit for n448_ge_tw_add_niels only.
 */
void n448_ge_tw_niels_cneg(n448_ge_tw_niels *q, uint64_t mask);
/* r = -q for public entries (variable time); r and q may not overlap. */
void n448_ge_tw_niels_neg(n448_ge_tw_niels *r, const n448_ge_tw_niels *q);
void n448_ge_tw_cached_neg(n448_ge_tw_cached *r, const n448_ge_tw_cached *q);

/* all-ones when p is the identity. */
uint64_t n448_ge_tw_is_identity(const n448_ge_tw *p);

#endif
