/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Points of edwards448, x^2 + y^2 = 1 + d x^2 y^2 with d = -39081, as RFC
 * 8032 encodes them: the base point, encoding, decoding and the comparison
 * of a point with an encoding.  The arithmetic happens on the 4-isogenous
 * twisted curve (twisted.h), where an addition costs one multiplication
 * less; points cross with phi and psi.
 *
 * Extended coordinates: x = X/Z, y = Y/Z, T = X Y / Z.
 */
#ifndef N448_POINT_H
#define N448_POINT_H

#include <stdint.h>
#include "field.h"

#define N448_GE_BYTES 57

typedef struct {
    n448_fe X, Y, Z, T;
} n448_ge;

/* The RFC 8032 base point B. */
void n448_ge_base(n448_ge *p);

/* RFC 8032 encoding: y little-endian, sign of x in the top bit of byte 56. */
void n448_ge_tobytes(uint8_t out[N448_GE_BYTES], const n448_ge *p);
/*
 * Decoding with exactly the acceptance rule of OpenSSL's curve448 code:
 * y < p, bits 0..6 of byte 56 zero, and (1 - y^2)(1 - d y^2) a non-zero
 * square (so y = +-1, whose x would be 0, is rejected).  Returns 1 on success.
 * Constant time in the input.
 */
int n448_ge_frombytes(n448_ge *p, const uint8_t in[N448_GE_BYTES]);
/*
 * A public key and a signature's R decoded together, by the same rule, their
 * square roots side by side (n448_fe_isr_pair).  Bit 0 of the result is set
 * when a_enc decodes, bit 1 when r_enc does.
 */
unsigned n448_ge_frombytes_key_and_r(n448_ge *a, const uint8_t a_enc[N448_GE_BYTES], n448_ge *r,
                             const uint8_t r_enc[N448_GE_BYTES]);
/*
 * 1 when in decodes (n448_ge_frombytes's rule) to a point R with p - R in the
 * 4-torsion, without decoding R: no square root, one variable-time
 * inversion.  For public points only.
 */
int n448_ge_equals_encoding_mod_torsion(const n448_ge *p, const uint8_t in[N448_GE_BYTES]);

#endif
