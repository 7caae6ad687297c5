/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scalar multiplications on edwards448.
 *
 * Fixed base (constant time, for keygen and signing; fixed_base.c): on the
 * twisted curve of twisted.h, [s]B = psi([q] phi(B)) with q = s/4 mod l.
 * Signed radix-2^W digits d[i] of q, tables T[j][m] = (m + 1) 2^(2Wj) phi(B)
 * for m < 2^(W-1):
 *   [q]phi(B) = 2^W (sum over odd i of d[i] 2^(W(i-1)) phi(B)) + sum over even i of d[i] 2^(Wi) phi(B)
 * so only W doublings are needed.  Every lookup scans a whole row.
 *
 * Double scalar (variable time, for verification), on the twisted curve too:
 * [s]B - [h]A from phi(B) and phi(A) (double_scalar.c says why the verdicts are
 * those of edwards448), with each scalar cut into eight 56-bit chunks, so that the loop has ~57 doublings
 * instead of 446: wNAF digits index odd-multiple tables of 2^(56 c) B (made by
 * the build, tables.h) and 2^(56 c) A (built once per public key, ~24 KB).
 * Building A's tables costs about two verifications, so a key's first
 * verification takes the light path instead (../verify_state.h): h is
 * replaced by a half-size pair (c, d) with d h = c mod l, and
 * [d s]B - [c]A - [d]R is computed with A's and R's odd multiples made on the
 * spot (~225 doublings).
 */
#ifndef N448_SCALARMUL_H
#define N448_SCALARMUL_H

#include <stddef.h>
#include "point.h"
#include "scalar.h"
#include "twisted.h"

/* wNAF width for the per-key tables of A: 2^(W-2) odd multiples each. */
#define N448_GE_VAR_WNAF 6
#define N448_GE_VAR_ENTRIES (1u << (N448_GE_VAR_WNAF - 2))

#define N448_GE_VAR_SPLIT 8
#define N448_GE_VAR_CHUNK 56

/* Odd multiples 1, 3, 5, ... of 2^(56 c) phi(A) for c = 0..7, affine (twisted.h). */
typedef struct {
    n448_ge_tw_niels t[N448_GE_VAR_SPLIT][N448_GE_VAR_ENTRIES];
} n448_ge_vartable;

/* r = [s]B in constant time. */
void n448_ge_scalarmult_base(n448_ge *r, const n448_sc *s);

/* Builds the per-key tables for A (public data, variable time); 0 when out of memory. */
int n448_ge_vartable_init(n448_ge_vartable *t, const n448_ge *a);

/*
 * 1 when R, given by its encoding r, decodes and [4]([s]B - [h]A - R) is the
 * identity: the cofactored verification equation, which is what OpenSSL's
 * comparison on the 4-isogenous curve amounts to.  R is never decoded: the
 * point is compared with its encoding up to 4-torsion
 * (n448_ge_equals_encoding_mod_torsion).  Variable time (everything here is
 * public).
 */
int n448_ge_verify(const n448_sc *s, const n448_sc *h,
                              const n448_ge_vartable *a, const uint8_t r[N448_GE_BYTES]);

/* The same verdict on the light path: no per-key tables (~225 doublings). */
int n448_ge_verify_light(const n448_sc *s, const n448_sc *h, const n448_ge *a,
                                    const n448_ge *r);

#endif
