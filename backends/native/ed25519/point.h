/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Points of edwards25519 (-x^2 + y^2 = 1 + d x^2 y^2) in the coordinate
 * systems of Hisil-Wong-Carter-Dawson:
 *   p3        extended (X:Y:Z:T), x = X/Z, y = Y/Z, T = XY/Z
 *   p2        projective (X:Y:Z), enough as input to a doubling
 *   completed ((X:Z), (Y:T)), what add and double produce before the final
 *             multiplications, so callers pay only for the form they need
 *   cached    (Y+X, Y-X, 2Z, 2dT), a p3 point prepared as a second addend
 *   niels     (y+x, y-x, 2dxy) affine, the cheapest second addend (tables)
 */
#ifndef N25519_POINT_H
#define N25519_POINT_H

#include <stddef.h>
#include <stdint.h>

#include "field.h"

typedef struct {
    n25519_fe X, Y, Z, T;
} n25519_ge_p3;

typedef struct {
    n25519_fe X, Y, Z;
} n25519_ge_p2;

typedef struct {
    n25519_fe X, Y, Z, T;
} n25519_ge_completed;

typedef struct {
    n25519_fe YplusX, YminusX, Z2, T2d;
} n25519_ge_cached;

typedef struct {
    n25519_fe ypx, ymx, xy2d;
} n25519_ge_niels;

/*
 * Verification splits both scalars into N25519_VERIFY_SPLIT pieces of
 * N25519_VERIFY_PIECE bits, so the double-scalar loop runs only that many
 * doublings; it needs odd multiples of 2^(PIECE k) B (static) and of
 * 2^(PIECE k) (-A) (per key, below).
 */
#define N25519_VERIFY_SPLIT 8
#define N25519_VERIFY_PIECE (256 / N25519_VERIFY_SPLIT)
#define N25519_WNAF_A 5 /* window of the per-key table: odd multiples 1..15 */
#define N25519_WNAF_B 8 /* window of the static table: odd multiples 1..127 */
#define N25519_ATABLE_ENTRIES (1 << (N25519_WNAF_A - 2))
#define N25519_BTABLE_ENTRIES (1 << (N25519_WNAF_B - 2))

/* Odd multiples Q, 3Q, 5Q, ... of 2^(PIECE k) Q for every piece k. */
typedef struct {
    n25519_ge_niels odd[N25519_VERIFY_SPLIT][N25519_ATABLE_ENTRIES];
} n25519_ge_vartable;

void n25519_ge_identity(n25519_ge_p3 *h);
void n25519_ge_base(n25519_ge_p3 *h); /* the RFC 8032 base point B */

void n25519_ge_p3_to_cached(n25519_ge_cached *c, const n25519_ge_p3 *p);

static inline void n25519_ge_p3_to_p2(n25519_ge_p2 *r, const n25519_ge_p3 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
}

void n25519_ge_completed_to_p3(n25519_ge_p3 *r, const n25519_ge_completed *c);
void n25519_ge_completed_to_p2(n25519_ge_p2 *r, const n25519_ge_completed *c);

void n25519_ge_dbl(n25519_ge_completed *r, const n25519_ge_p2 *p);
void n25519_ge_add(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_cached *q);
void n25519_ge_sub(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_cached *q);
void n25519_ge_madd(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_niels *q);
void n25519_ge_msub(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_niels *q);
/* r = p + q and r = 2 p in extended coordinates (convenience, not for hot loops). */
void n25519_ge_p3_add(n25519_ge_p3 *r, const n25519_ge_p3 *p, const n25519_ge_p3 *q);
void n25519_ge_p3_dbl(n25519_ge_p3 *r, const n25519_ge_p3 *p);
void n25519_ge_neg(n25519_ge_p3 *r, const n25519_ge_p3 *p);

/* Canonical 32-byte encoding (y, with the sign of x in bit 255); constant time. */
void n25519_ge_tobytes(uint8_t s[32], const n25519_ge_p3 *p);
/* The same for a public point (verification): variable-time inversion. */
void n25519_ge_p2_tobytes_vartime(uint8_t s[32], const n25519_ge_p2 *p);

/*
 * Decoding with exactly the acceptance of OpenSSL's ge_frombytes_vartime:
 * y is taken mod p even when its encoding is >= p, x = 0 is accepted with
 * either sign bit, and a y with no x on the curve is rejected.  Returns 1 ok,
 * 0 rejected.  Variable time (public keys only).
 */
int n25519_ge_frombytes(n25519_ge_p3 *h, const uint8_t s[32]);
/* The same accepting only what n25519_ge_tobytes writes (y < p, no sign on x = 0): R of a signature. */
int n25519_ge_frombytes_canonical(n25519_ge_p3 *h, const uint8_t s[32]);
/*
 * A public key and an R decoded together, their square roots side by side
 * (field.h: a pair in 1.4x the time of one on the adx path, AMD Zen 3, commit
 * e92ab12).  Bit 0 of the result is set when the
 * key decodes, bit 1 when R does.
 */
unsigned n25519_ge_frombytes_key_and_r(n25519_ge_p3 *a, const uint8_t a_enc[32], n25519_ge_p3 *r,
                                       const uint8_t r_enc[32]);

/* 1 for the neutral element (0 : Z : Z); variable time. */
int n25519_ge_p2_is_identity(const n25519_ge_p2 *p);

/*
 * h = [a]B for a < 2^253 (reduce mod L first).  Constant time: table
 * entries are selected by scanning and masking.
 */
void n25519_ge_scalarmult_base(n25519_ge_p3 *h, const uint8_t a[32]);

/*
 * The cheap first-use table: odd multiples Q .. 15Q in cached form, built
 * with 8 additions and no inversion, for a key that may verify only once.
 */
#define N25519_LIGHT_W 5
#define N25519_LIGHT_ENTRIES (1 << (N25519_LIGHT_W - 2))
typedef struct {
    n25519_ge_cached odd[N25519_LIGHT_ENTRIES];
} n25519_ge_lighttable;

/* Fills the verification table of a point Q (here Q = -A).  Variable time. */
void n25519_ge_vartable_init(n25519_ge_vartable *t, const n25519_ge_p3 *q);

/*
 * Whether [s]B + [k]Q encodes as r_enc byte for byte, Q given by its table;
 * s, k < 2^253.  Variable time, for verification only.
 */
int n25519_ge_verify(const uint8_t s[32], const uint8_t k[32], const n25519_ge_vartable *q,
                     const uint8_t r_enc[32]);

void n25519_ge_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q);

/*
 * The verification of a key's first use, with its light table: whether
 * [s]B + [k]Q is the point r_enc encodes (Q = -A), s, k < 2^253.  R is
 * r_enc decoded (n25519_ge_frombytes_canonical), or NULL to decode it here.
 * The check is made with half-size multipliers (lattice.h): about 128
 * doublings, not 253, and no inversion.  Variable time.
 */
#define N25519_LIGHT_POINTS 2 /* -A and -R */
int n25519_ge_verify_light(const uint8_t s[32], const uint8_t k[32],
                           const n25519_ge_lighttable *neg_a, const uint8_t r_enc[32],
                           const n25519_ge_p3 *R);

#endif
