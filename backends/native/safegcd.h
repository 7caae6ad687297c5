/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Inversion modulo an odd prime p by Bernstein-Yang "safegcd" divsteps, the
 * parts that do not depend on p: each field gives its modulus as signed
 * 62-bit limbs, its number of divsteps and the size of its own limbs, which
 * the inversions take and return (safegcd_repack).
 *
 * A number is n signed 62-bit limbs (n <= SAFEGCD_MAX_LIMBS): limbs 0..n-2
 * in [0, 2^62) between operations, the top limb signed.  Batches of divsteps
 * run on the low 64 bits of f and g and yield a 2x2 transition matrix scaled
 * by 2^62, applied to (f, g) exactly and to (d, e) modulo p.  Invariants:
 * f = d x, g = e x (mod p); f ends at +-1 (or p when x = 0, with d = 0).
 *
 * Everything is inline so that each field's limb count and modulus are
 * constants where the loops are compiled.
 */
#ifndef EDFAST_NATIVE_SAFEGCD_H
#define EDFAST_NATIVE_SAFEGCD_H

#include <stdint.h>

#include <openssl/crypto.h>

#include "ct.h"

#define SAFEGCD_MAX_LIMBS 8
#define SAFEGCD_M62 ((uint64_t)-1 >> 2)
#define SAFEGCD_HALF_STEPS 30

typedef struct {
    int64_t v[SAFEGCD_MAX_LIMBS];
} safegcd_num;

typedef struct {
    int64_t u, v, q, r;
} safegcd_matrix;

/* A modulus as limbs, with its inverse mod 2^62 and its limb count. */
typedef struct {
    safegcd_num p;
    uint64_t p_inv62; /* p^-1 mod 2^62 */
    int limbs;
} safegcd_modulus;

typedef __int128 safegcd_i128;

/*
 * 30 divsteps on the low bits of f (odd) and g, left in *f and *g with their
 * low 34 bits right (enough for the next 30); every decision is a mask.  A
 * matrix row is one word, (u, v) as u + 2^32 v: it adds, negates and doubles
 * as one number, and stays exact while |u| + |v| <= 2^30, which 30 divsteps
 * from the identity keep.  That is ten instructions a divstep fewer than a
 * word per entry.
 *
 * zeta = -delta - half_delta / 2: with half_delta, the variant whose delta
 * starts at 1/2 (fewer steps, but its bound is known only for the sizes
 * computed, such as 256 bits); without, the original divstep of the paper,
 * whose bound holds for every size (Theorem 11.2).  Both start at zeta = -1.
 */
static inline int64_t safegcd_divsteps_30(int64_t zeta, uint64_t *fp, uint64_t *gp,
                                          safegcd_matrix *t, int half_delta)
{
    uint64_t f = *fp, g = *gp, uv = 1, qr = (uint64_t)1 << 32;

#pragma GCC unroll 30
    for (int i = 0; i < SAFEGCD_HALF_STEPS; i++) {
        /* c1: zeta < 0 (delta > 0); c2: g odd */
        uint64_t c1 = (uint64_t)(zeta >> 63), c2 = (uint64_t)0 - (g & 1);
        /* g += (zeta < 0 ? -f : f) when g is odd, the matrix rows alike */
        uint64_t x = (f ^ c1) - c1, y = (uv ^ c1) - c1;

        g += x & c2;
        qr += y & c2;
        /* swap case: f takes the old g, zeta = -zeta - 1 - half_delta; otherwise zeta - 1 */
        c1 &= c2;
        zeta = (zeta ^ (int64_t)c1) - 1;
        if (!half_delta)
            zeta -= (int64_t)c1;
        f += g & c1;
        uv += qr & c1;
        g >>= 1;
        uv <<= 1;
    }
    *fp = f;
    *gp = g;
    /* The low half sign-extended, then the high half exactly. */
    t->u = (int32_t)(uint32_t)uv;
    t->v = (int64_t)(uv - (uint64_t)t->u) >> 32;
    t->q = (int32_t)(uint32_t)qr;
    t->r = (int64_t)(qr - (uint64_t)t->q) >> 32;
    return zeta;
}

/*
 * 60 divsteps on the low 64 bits of f and g as two halves: the matrix of
 * both, the second half's times the first's (entries below 2^60), times 4 to
 * come out scaled by 2^62.
 */
static inline int64_t safegcd_divsteps_60(int64_t zeta, const safegcd_num *fn,
                                          const safegcd_num *gn, safegcd_matrix *t,
                                          int half_delta)
{
    uint64_t f = (uint64_t)fn->v[0] | ((uint64_t)fn->v[1] << 62);
    uint64_t g = (uint64_t)gn->v[0] | ((uint64_t)gn->v[1] << 62);
    safegcd_matrix a, b;

    zeta = safegcd_divsteps_30(zeta, &f, &g, &a, half_delta);
    zeta = safegcd_divsteps_30(zeta, &f, &g, &b, half_delta);
    t->u = 4 * (b.u * a.u + b.v * a.q);
    t->v = 4 * (b.u * a.v + b.v * a.r);
    t->q = 4 * (b.q * a.u + b.r * a.q);
    t->r = 4 * (b.q * a.v + b.r * a.r);
    return zeta;
}

/*
 * The variable-time counterpart for public inputs (original divsteps): runs
 * of zero bits of g are skipped at once, and the caller stops as soon as
 * g = 0.  eta = -delta.  Returns the new eta.
 */
static inline int64_t safegcd_divsteps_62_var(int64_t eta, const safegcd_num *fn,
                                              const safegcd_num *gn, safegcd_matrix *t)
{
    uint64_t f = (uint64_t)fn->v[0] | ((uint64_t)fn->v[1] << 62);
    uint64_t g = (uint64_t)gn->v[0] | ((uint64_t)gn->v[1] << 62);
    uint64_t u = 1, v = 0, q = 0, r = 1;
    int i = 62;

    for (;;) {
        /* Halvings of an even g; bounded by the steps left in this batch. */
        int zeros = __builtin_ctzll(g | (~(uint64_t)0 << i));

        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros;
        i -= zeros;
        if (i == 0)
            break;
        /* g is odd: swap when delta > 0, then cancel the low bit of g with f. */
        if (eta < 0) {
            uint64_t tmp;

            eta = -eta;
            tmp = f;
            f = g;
            g = 0 - tmp;
            tmp = u;
            u = q;
            q = 0 - tmp;
            tmp = v;
            v = r;
            r = 0 - tmp;
        }
        g += f;
        q += u;
        r += v;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return eta;
}

/* (f, g) = M (f, g) / 2^62, exactly: the low 62 bits cancel by construction. */
static inline void safegcd_update_fg(safegcd_num *f, safegcd_num *g, const safegcd_matrix *t,
                                     int n)
{
    safegcd_i128 cf = (safegcd_i128)t->u * f->v[0] + (safegcd_i128)t->v * g->v[0];
    safegcd_i128 cg = (safegcd_i128)t->q * f->v[0] + (safegcd_i128)t->r * g->v[0];

    cf >>= 62;
    cg >>= 62;
    for (int i = 1; i < n; i++) {
        cf += (safegcd_i128)t->u * f->v[i] + (safegcd_i128)t->v * g->v[i];
        cg += (safegcd_i128)t->q * f->v[i] + (safegcd_i128)t->r * g->v[i];
        f->v[i - 1] = (int64_t)((uint64_t)cf & SAFEGCD_M62);
        g->v[i - 1] = (int64_t)((uint64_t)cg & SAFEGCD_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[n - 1] = (int64_t)cf;
    g->v[n - 1] = (int64_t)cg;
}

/*
 * (d, e) = M (d, e) / 2^62 mod p, adding the multiple of p that clears the
 * low 62 bits.  d, e stay in (-2p, p): the correction starts from the terms
 * that a negative d or e would push out of range (|u| + |v| <= 2^62 keeps it
 * in 64 bits).
 */
static inline void safegcd_update_de(safegcd_num *d, safegcd_num *e, const safegcd_matrix *t,
                                     const safegcd_modulus *m)
{
    const int n = m->limbs;
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    const int64_t sd = d->v[n - 1] >> 63, se = e->v[n - 1] >> 63;
    int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    safegcd_i128 cd = (safegcd_i128)u * d->v[0] + (safegcd_i128)v * e->v[0];
    safegcd_i128 ce = (safegcd_i128)q * d->v[0] + (safegcd_i128)r * e->v[0];

    md -= (int64_t)((m->p_inv62 * (uint64_t)cd + (uint64_t)md) & SAFEGCD_M62);
    me -= (int64_t)((m->p_inv62 * (uint64_t)ce + (uint64_t)me) & SAFEGCD_M62);
    cd += (safegcd_i128)m->p.v[0] * md;
    ce += (safegcd_i128)m->p.v[0] * me;
    cd >>= 62;
    ce >>= 62;
    for (int i = 1; i < n; i++) {
        cd += (safegcd_i128)u * d->v[i] + (safegcd_i128)v * e->v[i] + (safegcd_i128)m->p.v[i] * md;
        ce += (safegcd_i128)q * d->v[i] + (safegcd_i128)r * e->v[i] + (safegcd_i128)m->p.v[i] * me;
        d->v[i - 1] = (int64_t)((uint64_t)cd & SAFEGCD_M62);
        e->v[i - 1] = (int64_t)((uint64_t)ce & SAFEGCD_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d->v[n - 1] = (int64_t)cd;
    e->v[n - 1] = (int64_t)ce;
}

/* Propagates carries so that limbs 0..n-2 are in [0, 2^62) again. */
static inline void safegcd_carry(safegcd_num *a, int n)
{
    for (int i = 0; i < n - 1; i++) {
        a->v[i + 1] += a->v[i] >> 62;
        a->v[i] = (int64_t)((uint64_t)a->v[i] & SAFEGCD_M62);
    }
}

/* a += p when a < 0; constant time. */
static inline void safegcd_add_p_if_negative(safegcd_num *a, const safegcd_modulus *m)
{
    const int64_t neg = (int64_t)ct_barrier((uint64_t)(a->v[m->limbs - 1] >> 63));

    for (int i = 0; i < m->limbs; i++)
        a->v[i] += m->p.v[i] & neg;
    safegcd_carry(a, m->limbs);
}

/*
 * out[i] = bits [out_bits i, out_bits (i + 1)) of the value
 * sum in[j] 2^(in_bits j), each in[j] below 2^in_bits, for i < out_n: the
 * conversion between a field's limbs (Ed25519's 51 bits, Ed448's 56) and
 * the 62-bit limbs here, both ways.  Constant time: which limbs meet where
 * depends on the sizes alone, constants where it is inlined, so the loops
 * unroll into shifts and ors.
 */
static inline void safegcd_repack(uint64_t *out, int out_n, int out_bits, const uint64_t *in,
                                  int in_n, int in_bits)
{
    const uint64_t mask = out_bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << out_bits) - 1;

    for (int i = 0; i < out_n; i++) {
        const int lo = out_bits * i;
        uint64_t limb = 0;

        /* the limbs of in that reach into bits [lo, lo + out_bits) */
        for (int j = lo / in_bits; j < in_n && in_bits * j < lo + out_bits; j++) {
            const int sh = in_bits * j - lo;

            limb |= sh >= 0 ? in[j] << sh : in[j] >> -sh;
        }
        out[i] = limb & mask;
    }
}

/* The inverse from the final state, sign(f) d reduced into [0, p); constant time. */
static inline void safegcd_finish(safegcd_num *d, const safegcd_num *f, const safegcd_modulus *m)
{
    const int n = m->limbs;
    int64_t fneg;

    safegcd_add_p_if_negative(d, m);
    safegcd_add_p_if_negative(d, m);
    fneg = (int64_t)ct_barrier((uint64_t)(f->v[n - 1] >> 63));
    for (int i = 0; i < n; i++)
        d->v[i] = (d->v[i] ^ fneg) - fneg;
    safegcd_carry(d, n);
    safegcd_add_p_if_negative(d, m);
}

/*
 * out = 1/in mod p (0 for 0), both the field's nl limbs of limb_bits bits,
 * in canonical (< p, every limb below 2^limb_bits), out so too; in constant
 * time, with batches of 60 divsteps (enough for the modulus: the caller's
 * bound).  out may be in.  The copies of the input are wiped: it may be
 * secret.
 */
static inline void safegcd_invert(uint64_t *out, const uint64_t *in, int nl, int limb_bits,
                                  const safegcd_modulus *m, int batches, int half_delta)
{
    safegcd_num f = m->p, g, d = { { 0 } }, e = { { 1 } };
    safegcd_matrix t;
    int64_t zeta = -1;

    safegcd_repack((uint64_t *)g.v, m->limbs, 62, in, nl, limb_bits);
    for (int i = 0; i < batches; i++) {
        zeta = safegcd_divsteps_60(zeta, &f, &g, &t, half_delta);
        safegcd_update_de(&d, &e, &t, m);
        safegcd_update_fg(&f, &g, &t, m->limbs);
    }
    safegcd_finish(&d, &f, m);
    safegcd_repack(out, nl, limb_bits, (const uint64_t *)d.v, m->limbs, 62);
    OPENSSL_cleanse(&f, sizeof(f));
    OPENSSL_cleanse(&g, sizeof(g));
    OPENSSL_cleanse(&d, sizeof(d));
    OPENSSL_cleanse(&e, sizeof(e));
}

/*
 * out = 1/in mod p for a public input, in variable time, as safegcd_invert;
 * at most max_batches batches of 62 divsteps (g = 0 ends it early, after
 * far fewer).
 */
static inline void safegcd_invert_vartime(uint64_t *out, const uint64_t *in, int nl,
                                          int limb_bits, const safegcd_modulus *m,
                                          int max_batches)
{
    safegcd_num f = m->p, g, d = { { 0 } }, e = { { 1 } };
    safegcd_matrix t;
    int64_t eta = -1;

    safegcd_repack((uint64_t *)g.v, m->limbs, 62, in, nl, limb_bits);
    for (int b = 0; b < max_batches; b++) {
        uint64_t any = 0;

        for (int i = 0; i < m->limbs; i++)
            any |= (uint64_t)g.v[i];
        if (any == 0)
            break;
        eta = safegcd_divsteps_62_var(eta, &f, &g, &t);
        safegcd_update_de(&d, &e, &t, m);
        safegcd_update_fg(&f, &g, &t, m->limbs);
    }
    safegcd_finish(&d, &f, m);
    safegcd_repack(out, nl, limb_bits, (const uint64_t *)d.v, m->limbs, 62);
}

#endif
