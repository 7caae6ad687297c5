/*
 * Points of edwards448, x^2 + y^2 = 1 + d x^2 y^2 with d = -39081, worked on
 * directly (not on the 4-isogenous twisted curve).
 *
 * Why untwisted: with d a non-square the HWCD extended-coordinate formulas
 * below are complete on the whole curve, so no input (small torsion, the
 * identity, P + (-P)) needs a special case, and points map to RFC 8032
 * encodings with no isogeny bookkeeping.  The price is one field
 * multiplication per addition compared with a = -1 curves.
 *
 * Extended coordinates: x = X/Z, y = Y/Z, T = X Y / Z.
 */
#ifndef EDFAST_NATIVE_ED448_POINT_H
#define EDFAST_NATIVE_ED448_POINT_H

#include <stdint.h>
#include "field.h"

#define GE448_BYTES 57

typedef struct {
    fe448 X, Y, Z, T;
} ge448;

/* A point ready to be added: Z and d*T precomputed (projective). */
typedef struct {
    fe448 X, Y, Z, dT;
} ge448_cached;

/* An affine point ready to be added: (x, y, d x y); Z = 1. */
typedef struct {
    fe448 x, y, dt;
} ge448_affine;

void ge448_identity(ge448 *p);
/* The RFC 8032 base point B. */
void ge448_base(ge448 *p);

/* r = 2p.  T is only computed when need_t (the next step is an addition). */
void ge448_dbl(ge448 *r, const ge448 *p, int need_t);
/* r = p + q (complete). */
void ge448_add_cached(ge448 *r, const ge448 *p, const ge448_cached *q);
/* r = p + q with q affine; T is only computed when need_t. */
void ge448_add_affine(ge448 *r, const ge448 *p, const ge448_affine *q, int need_t);
void ge448_neg(ge448 *r, const ge448 *p);
void ge448_to_cached(ge448_cached *r, const ge448 *p);
/*
 * Negate an affine entry (or not) without branching on mask.  The result has
 * limbs up to 2^58: fit for ge448_add_affine only.
 */
void ge448_affine_cneg(ge448_affine *q, uint64_t mask);

/* RFC 8032 encoding: y little-endian, sign of x in the top bit of byte 56. */
void ge448_encode(uint8_t out[GE448_BYTES], const ge448 *p);
/*
 * Decoding with exactly the acceptance rule of OpenSSL's curve448 code:
 * y < p, bits 0..6 of byte 56 zero, and (1 - y^2)(1 - d y^2) a non-zero
 * square (so y = +-1, whose x would be 0, is rejected).  Returns 1 on success.
 * Constant time in the input.
 */
int ge448_decode(ge448 *p, const uint8_t in[GE448_BYTES]);
/*
 * 1 when in decodes (ge448_decode's rule) to a point R with p - R in the
 * 4-torsion, without decoding R: no square root, one variable-time
 * inversion.  For public points only.
 */
int ge448_equals_encoding_mod_torsion(const ge448 *p, const uint8_t in[GE448_BYTES]);

/* all-ones when p is the identity. */
uint64_t ge448_is_identity(const ge448 *p);

#endif
