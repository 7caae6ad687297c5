/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Half-size multipliers for verification (Pornin, "Optimized Lattice Basis
 * Reduction In Dimension 2, and Fast Schnorr and EdDSA Signature
 * Verification", 2020), as in ed25519/lattice.h: a key's first verification
 * checks [h]A through [d]-scaled equations with half as many doublings
 * (double_scalar.c).
 */
#ifndef N448_LATTICE_H
#define N448_LATTICE_H

#include "scalar.h"

/*
 * Half-size representation of a public scalar h (Pornin 2020, by a partial
 * extended Euclid on (l, h)): c and |d| below 2^224 with d h = c (mod l),
 * d = -|d| when *d_neg.  Lets [h]A be checked through [d]-scaled equations
 * with half as many doublings.  Variable time.
 */
void n448_lattice_split(const n448_sc *h, n448_sc *c, n448_sc *d_abs, int *d_neg);

#endif
