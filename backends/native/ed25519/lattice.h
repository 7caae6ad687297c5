/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Half-size multipliers for verification (Pornin, "Optimized Lattice Basis
 * Reduction In Dimension 2, and Fast Schnorr and EdDSA Signature
 * Verification", 2020).  A signature is good when D = [S]B - [k]A - R is the
 * identity.  For c1 odd, [c1]D is the identity only when D is (the group has
 * order 8L and 0 < c1 < L), and with c0 = c1 k (mod 8L)
 *
 *     [c1]D = [c1 S mod L]B - [c0]A - [c1]R,
 *
 * where c0 and c1 are about 128 bits: half the doublings of [S]B - [k]A.
 * The modulus is 8L rather than L so that the equation holds for an A with a
 * small-order component too, as OpenSSL's cofactorless check needs.
 */
#ifndef N25519_LATTICE_H
#define N25519_LATTICE_H

#include <stdint.h>

/*
 * Finds c0, c1 with c0 = c1 k (mod 8L), c1 odd and positive, as short as
 * the reduced basis of that lattice gives (about 2^128 each; never longer
 * than (k, 1), which is the answer when nothing shorter has an odd c1).
 * Writes |c0| and c1 as 32-byte little-endian numbers below 2^253 and
 * returns 1 when c0 is negative.  k < 2^253.  Variable time: k is public.
 */
int n25519_lattice_split(uint8_t c0[32], uint8_t c1[32], const uint8_t k[32]);

#endif
