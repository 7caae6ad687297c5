/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Arithmetic in GF(2^255 - 19), radix 2^51.
 *
 * An element is five 64-bit limbs, value = sum v[i] * 2^(51 i), not
 * necessarily reduced.  Two bounds are tracked by the callers:
 *   tight: every limb < 2^51 + 2^17  (output of mul, sq, sub, carry, decode)
 *   loose: every limb < 2^52 + 2^18  (sum of two tight values)
 * mul and sq accept any limbs below 2^54 (loose values, or the sum of a
 * loose and a tight one) and produce tight ones; add takes tight and gives
 * loose; sub and neg take loose and give tight.  Keeping add free of carries
 * saves a few percent in the point formulas, which is why the two bounds
 * exist at all.
 *
 * Everything here is constant time, conditions being all-ones / zero masks
 * (../ct.h); the hot operations are static inline so the point formulas can
 * be scheduled across calls.
 */
#ifndef N25519_FIELD_H
#define N25519_FIELD_H

#include <stdint.h>

#include "ct.h"

typedef struct {
    uint64_t v[5];
} n25519_fe;

typedef unsigned __int128 n25519_u128;

#define N25519_MASK51 ((uint64_t)0x7ffffffffffff)

extern const n25519_fe n25519_fe_d;      /* -121665/121666 */
extern const n25519_fe n25519_fe_d2;     /* 2d */
extern const n25519_fe n25519_fe_sqrtm1; /* 2^((p-1)/4), a square root of -1 */

static inline void n25519_fe_zero(n25519_fe *h)
{
    h->v[0] = h->v[1] = h->v[2] = h->v[3] = h->v[4] = 0;
}

static inline void n25519_fe_one(n25519_fe *h)
{
    n25519_fe_zero(h);
    h->v[0] = 1;
}

/* Brings loose (or larger, up to 2^63) limbs back to tight. */
static inline void n25519_fe_carry(n25519_fe *h, const n25519_fe *f)
{
    uint64_t c0 = f->v[0] >> 51, c1 = f->v[1] >> 51, c2 = f->v[2] >> 51;
    uint64_t c3 = f->v[3] >> 51, c4 = f->v[4] >> 51;

    /* All five carries are independent, which keeps the dependency chain short. */
    h->v[0] = (f->v[0] & N25519_MASK51) + c4 * 19;
    h->v[1] = (f->v[1] & N25519_MASK51) + c0;
    h->v[2] = (f->v[2] & N25519_MASK51) + c1;
    h->v[3] = (f->v[3] & N25519_MASK51) + c2;
    h->v[4] = (f->v[4] & N25519_MASK51) + c3;
}

static inline void n25519_fe_add(n25519_fe *h, const n25519_fe *f, const n25519_fe *g)
{
    for (int i = 0; i < 5; i++)
        h->v[i] = f->v[i] + g->v[i];
}

/* f - g computed as f + 4p - g: 4p limb-wise exceeds any loose g, so no limb wraps. */
static inline void n25519_fe_sub(n25519_fe *h, const n25519_fe *f, const n25519_fe *g)
{
    n25519_fe t;

    t.v[0] = (f->v[0] + 0x1fffffffffffb4) - g->v[0];
    t.v[1] = (f->v[1] + 0x1ffffffffffffc) - g->v[1];
    t.v[2] = (f->v[2] + 0x1ffffffffffffc) - g->v[2];
    t.v[3] = (f->v[3] + 0x1ffffffffffffc) - g->v[3];
    t.v[4] = (f->v[4] + 0x1ffffffffffffc) - g->v[4];
    n25519_fe_carry(h, &t);
}

static inline void n25519_fe_neg(n25519_fe *h, const n25519_fe *f)
{
    n25519_fe z;

    n25519_fe_zero(&z);
    n25519_fe_sub(h, &z, f);
}

/*
 * Folds five 128-bit column sums into a tight element.  The carries of all
 * columns are taken at once, twice, instead of rippling through the limbs:
 * the serial chain was the latency bottleneck of squaring runs (inversion,
 * square roots).  Bounds: with inputs below 2^54 every column is < 2^115,
 * so each c >> 51 (and 19 (c4 >> 51), c4 having no wrapped terms) fits in
 * 64 bits; after the second pass the limbs are tight.
 */
static inline void n25519_fe_reduce128(n25519_fe *h, n25519_u128 c0, n25519_u128 c1,
                                       n25519_u128 c2, n25519_u128 c3, n25519_u128 c4)
{
    const uint64_t r0 = ((uint64_t)c0 & N25519_MASK51) + (uint64_t)(c4 >> 51) * 19;
    const uint64_t r1 = ((uint64_t)c1 & N25519_MASK51) + (uint64_t)(c0 >> 51);
    const uint64_t r2 = ((uint64_t)c2 & N25519_MASK51) + (uint64_t)(c1 >> 51);
    const uint64_t r3 = ((uint64_t)c3 & N25519_MASK51) + (uint64_t)(c2 >> 51);
    const uint64_t r4 = ((uint64_t)c4 & N25519_MASK51) + (uint64_t)(c3 >> 51);

    h->v[0] = (r0 & N25519_MASK51) + (r4 >> 51) * 19;
    h->v[1] = (r1 & N25519_MASK51) + (r0 >> 51);
    h->v[2] = (r2 & N25519_MASK51) + (r1 >> 51);
    h->v[3] = (r3 & N25519_MASK51) + (r2 >> 51);
    h->v[4] = (r4 & N25519_MASK51) + (r3 >> 51);
}

static inline void n25519_fe_mul(n25519_fe *h, const n25519_fe *f, const n25519_fe *g)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    /* Limb products that land at 2^255 and above wrap around times 19. */
    const uint64_t g1_19 = g1 * 19, g2_19 = g2 * 19, g3_19 = g3 * 19, g4_19 = g4 * 19;
    n25519_u128 c0, c1, c2, c3, c4;

    c0 = (n25519_u128)f0 * g0 + (n25519_u128)f1 * g4_19 + (n25519_u128)f2 * g3_19
       + (n25519_u128)f3 * g2_19 + (n25519_u128)f4 * g1_19;
    c1 = (n25519_u128)f0 * g1 + (n25519_u128)f1 * g0 + (n25519_u128)f2 * g4_19
       + (n25519_u128)f3 * g3_19 + (n25519_u128)f4 * g2_19;
    c2 = (n25519_u128)f0 * g2 + (n25519_u128)f1 * g1 + (n25519_u128)f2 * g0
       + (n25519_u128)f3 * g4_19 + (n25519_u128)f4 * g3_19;
    c3 = (n25519_u128)f0 * g3 + (n25519_u128)f1 * g2 + (n25519_u128)f2 * g1
       + (n25519_u128)f3 * g0 + (n25519_u128)f4 * g4_19;
    c4 = (n25519_u128)f0 * g4 + (n25519_u128)f1 * g3 + (n25519_u128)f2 * g2
       + (n25519_u128)f3 * g1 + (n25519_u128)f4 * g0;
    n25519_fe_reduce128(h, c0, c1, c2, c3, c4);
}

static inline void n25519_fe_sq(n25519_fe *h, const n25519_fe *f)
{
    const uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    /* Cross terms appear twice, so pre-double one factor of each. */
    const uint64_t f0_2 = f0 * 2, f1_2 = f1 * 2;
    const uint64_t f1_38 = f1 * 38, f2_38 = f2 * 38, f3_38 = f3 * 38;
    const uint64_t f3_19 = f3 * 19, f4_19 = f4 * 19;
    n25519_u128 c0, c1, c2, c3, c4;

    c0 = (n25519_u128)f0 * f0 + (n25519_u128)f1_38 * f4 + (n25519_u128)f2_38 * f3;
    c1 = (n25519_u128)f0_2 * f1 + (n25519_u128)f2_38 * f4 + (n25519_u128)f3_19 * f3;
    c2 = (n25519_u128)f0_2 * f2 + (n25519_u128)f1 * f1 + (n25519_u128)f3_38 * f4;
    c3 = (n25519_u128)f0_2 * f3 + (n25519_u128)f1_2 * f2 + (n25519_u128)f4_19 * f4;
    c4 = (n25519_u128)f0_2 * f4 + (n25519_u128)f1_2 * f3 + (n25519_u128)f2 * f2;
    n25519_fe_reduce128(h, c0, c1, c2, c3, c4);
}

/* h = mask ? g : h */
static inline void n25519_fe_cmov(n25519_fe *h, const n25519_fe *g, uint64_t mask)
{
    mask = ct_barrier(mask);
    for (int i = 0; i < 5; i++)
        h->v[i] ^= (h->v[i] ^ g->v[i]) & mask;
}

/* 255 low bits of s, little endian; the top bit is ignored, values >= p are kept as is. */
void n25519_fe_frombytes(n25519_fe *h, const uint8_t s[32]);
/* Canonical (fully reduced) little-endian encoding. */
void n25519_fe_tobytes(uint8_t s[32], const n25519_fe *f);

/* All ones when f = 0 mod p. */
uint64_t n25519_fe_iszero(const n25519_fe *f);
/* All ones when the canonical value is odd ("negative" in RFC 8032 terms). */
uint64_t n25519_fe_isnegative(const n25519_fe *f);

/* h = 1/f (0 maps to 0); constant time. */
void n25519_fe_invert(n25519_fe *h, const n25519_fe *f);
/* The same in variable time, for public values only (verification, tables). */
void n25519_fe_invert_vartime(n25519_fe *h, const n25519_fe *f);
/*
 * f^((p-5)/8) = f^(2^252 - 3), the core of the square root, by the usual
 * chain for 2^255 - 19, written once for every field representation (here
 * and field_adx.h, which link separately: see ../cpu.cmake).  Value 0 is f,
 * and step i makes value i + 1 as (value from)^(2^squarings) times (value
 * times); the exponents of the values are on the right.  The function made
 * raises n <= N25519_POW_WAYS elements at once, step by step: a chain of
 * squarings is one long dependency, and two side by side overlap: on AMD Zen 3
 * the four-limb pair takes 1.4x the time of one (radix 2^51, already
 * limited by throughput, 2x; commit e92ab12).  Data-independent time.
 */
struct n25519_chain_step {
    uint8_t from, squarings, times;
};

#define N25519_POW_WAYS 2

#define N25519_DEFINE_POW22523(name, fe_type, fe_sq, fe_mul)                               \
    void name(fe_type *h, const fe_type *f, int n)                                         \
    {                                                                                      \
        static const struct n25519_chain_step chain[] = {                                  \
            { 0, 0, 0 },   /* 2 */                                                         \
            { 1, 2, 0 },   /* 9 */                                                         \
            { 2, 0, 1 },   /* 11 */                                                        \
            { 3, 1, 2 },   /* 31 = 2^5 - 1 */                                              \
            { 4, 5, 4 },   /* 2^10 - 1 */                                                  \
            { 5, 10, 5 },  /* 2^20 - 1 */                                                  \
            { 6, 20, 6 },  /* 2^40 - 1 */                                                  \
            { 7, 10, 5 },  /* 2^50 - 1 */                                                  \
            { 8, 50, 8 },  /* 2^100 - 1 */                                                 \
            { 9, 100, 9 }, /* 2^200 - 1 */                                                 \
            { 10, 50, 8 }, /* 2^250 - 1 */                                                 \
            { 11, 2, 0 },  /* 2^252 - 3 */                                                 \
        };                                                                                 \
        enum { STEPS = sizeof(chain) / sizeof(chain[0]) };                                 \
        fe_type value[STEPS + 1][N25519_POW_WAYS], t[N25519_POW_WAYS];                     \
                                                                                           \
        for (int j = 0; j < n; j++)                                                        \
            value[0][j] = f[j];                                                            \
        for (int i = 0; i < STEPS; i++) {                                                  \
            for (int j = 0; j < n; j++)                                                    \
                t[j] = value[chain[i].from][j];                                            \
            for (int k = 0; k < chain[i].squarings; k++)                                   \
                for (int j = 0; j < n; j++)                                                \
                    fe_sq(&t[j], &t[j]);                                                   \
            for (int j = 0; j < n; j++)                                                    \
                fe_mul(&value[i + 1][j], &t[j], &value[chain[i].times][j]);                \
        }                                                                                  \
        for (int j = 0; j < n; j++)                                                        \
            h[j] = value[STEPS][j];                                                        \
    }

/* h[j] = f[j]^((p-5)/8) for j < n <= N25519_POW_WAYS; constant time. */
typedef void n25519_fe_pow_fn(n25519_fe *h, const n25519_fe *f, int n);
n25519_fe_pow_fn n25519_fe_pow22523;

/*
 * Square roots of ratios, n <= N25519_POW_WAYS at once: for each j, finds
 * x[j] with v[j] x[j]^2 = u[j] when u[j]/v[j] is a square (then bit j of the
 * result is set), otherwise sets x[j] to sqrt(-1) times a root of -u/v or
 * garbage.  x is chosen with either sign; callers fix it.  v[j] must be
 * nonzero.  pow22523 is n25519_fe_pow22523 or a faster path's (accel.h).
 */
unsigned n25519_fe_sqrt_ratio(n25519_fe *x, const n25519_fe *u, const n25519_fe *v, int n,
                              n25519_fe_pow_fn *pow22523);

#endif
