/* SPDX-License-Identifier: Apache-2.0 */
/*
 * 4-way parallel point arithmetic with AVX-512 IFMA (see accel.h), on
 * the field of fe4_ifma.h: the four coordinates of a point in the four lanes.
 * Verification's, so variable time: every digit and point here is public.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "fe4_ifma.h"

/* Short names for fe4_ifma.h's lane choices, this file only. */
#define IDX N25519_FE4_IDX
#define FROM_B N25519_FE4_FROM_B

/*
 * From w = (E, F, G, H) in the lanes to the extended point
 * (X, Y, Z, T) = (E F, G H, F G, E H): one 4-way multiplication.
 */
N25519_IFMA_INLINE n25519_fe4 finish(n25519_fe4 w)
{
    return n25519_fe4_mul(n25519_fe4_perm(w, IDX(0, 2, 1, 0)), n25519_fe4_perm(w, IDX(1, 3, 2, 3)));
}

/*
 * p + q for p = (X, Y, Z, T) and q given as lanes (y-x, y+x, 1, 2dxy) (an
 * affine niels point; projective = 0) or (Y-X, Y+X, 2Z, 2dT) (a cached point;
 * projective = 1):  (A, B, D, C) = (Y-X, Y+X, 2Z or Z, T) * q lane-wise,
 * then (E, F, G, H) = (B-A, D-C, D+C, B+A).
 */
N25519_IFMA_INLINE n25519_fe4 add_core(n25519_fe4 p, n25519_fe4 q, int projective)
{
    n25519_fe4 sw = n25519_fe4_perm(p, IDX(1, 0, 2, 3));       /* Y, X, Z, T */
    n25519_fe4 sum = n25519_fe4_add(p, sw);                    /* X+Y, X+Y, 2Z, 2T */
    n25519_fe4 dif = n25519_fe4_sub(sw, p);                    /* Y-X, ... */
    n25519_fe4 s1 = projective
        ? n25519_fe4_blend(n25519_fe4_blend(dif, sum, FROM_B(0, 1, 0, 0)), p, FROM_B(0, 0, 1, 1))
        : n25519_fe4_blend(n25519_fe4_blend(dif, sum, FROM_B(0, 1, 1, 0)), p, FROM_B(0, 0, 0, 1));
    n25519_fe4 v = n25519_fe4_mul(s1, q);                      /* A, B, D, C */
    n25519_fe4 v1 = n25519_fe4_perm(v, IDX(1, 2, 2, 1));         /* B, D, D, B */
    n25519_fe4 v2 = n25519_fe4_perm(v, IDX(0, 3, 3, 0));         /* A, C, C, A */

    return finish(n25519_fe4_blend(n25519_fe4_sub(v1, v2), n25519_fe4_add(v1, v2), FROM_B(0, 0, 1, 1)));
}

N25519_IFMA_INLINE n25519_fe4 madd4(n25519_fe4 p, n25519_fe4 q)
{
    return add_core(p, q, 0);
}

/*
 * 2p: (XX, YY, ZZ, SS) = (X, Y, Z, X+Y)^2 lane-wise, then
 * (E, F, G, H) = (SS - H, 2ZZ - G, YY - XX, YY + XX).
 */
N25519_IFMA_INLINE n25519_fe4 dbl4(n25519_fe4 p)
{
    n25519_fe4 q = n25519_fe4_perm(p, IDX(0, 1, 2, 0));          /* X, Y, Z, X */
    n25519_fe4 r = n25519_fe4_perm(p, IDX(0, 0, 0, 1));          /* ., ., ., Y */
    n25519_fe4 s = n25519_fe4_blend(q, n25519_fe4_add(q, r), FROM_B(0, 0, 0, 1));
    n25519_fe4 a = n25519_fe4_sq(s);                           /* XX, YY, ZZ, SS */
    n25519_fe4 x1 = n25519_fe4_perm(a, IDX(1, 1, 2, 3));         /* YY, YY, ZZ, SS */
    n25519_fe4 x2 = n25519_fe4_perm(a, IDX(0, 0, 2, 3));         /* XX, XX, ZZ, SS */
    n25519_fe4 u = n25519_fe4_blend(n25519_fe4_blend(n25519_fe4_add(x1, x2), n25519_fe4_sub(x1, x2), FROM_B(0, 1, 0, 0)), x1,
                      FROM_B(0, 0, 0, 1));
    /* u = (H, G, 2ZZ, SS) */
    n25519_fe4 y1 = n25519_fe4_perm(u, IDX(3, 2, 1, 0));         /* SS, 2ZZ, G, H */

    return finish(n25519_fe4_blend(n25519_fe4_sub(y1, u), y1, FROM_B(0, 0, 1, 1)));
}

/*
 * A niels point given as 16 words (ypx = 0..4, ymx = 5..9, xy2d = 10..14,
 * 15 = 0) in two 512-bit vectors, as the addend lanes (y-x, y+x, 1, 2dxy) of
 * madd4, or those of its negative (y+x and y-x trade places, 2dxy becomes
 * 2p - 2dxy).  Two limbs are gathered per 512-bit permutation.
 */
N25519_IFMA_INLINE n25519_fe4 lanes_from_words(__m512i lo, __m512i hi, int neg)
{
    static const int64_t twop0 = 0xfffffffffffda, twopi = 0xffffffffffffe;
    const __m512i idx_a = neg ? _mm512_set_epi64(11, 15, 6, 1, 10, 15, 5, 0)
                              : _mm512_set_epi64(11, 15, 1, 6, 10, 15, 0, 5);
    const __m512i idx_b = neg ? _mm512_set_epi64(13, 15, 8, 3, 12, 15, 7, 2)
                              : _mm512_set_epi64(13, 15, 3, 8, 12, 15, 2, 7);
    const __m512i idx_c = neg ? _mm512_set_epi64(15, 15, 15, 15, 14, 15, 9, 4)
                              : _mm512_set_epi64(15, 15, 15, 15, 14, 15, 4, 9);
    const __m512i za = _mm512_permutex2var_epi64(lo, idx_a, hi);
    const __m512i zb = _mm512_permutex2var_epi64(lo, idx_b, hi);
    const __m512i zc = _mm512_permutex2var_epi64(lo, idx_c, hi);
    n25519_fe4 q;

    q.l[0] = _mm512_castsi512_si256(za);
    q.l[1] = _mm512_extracti64x4_epi64(za, 1);
    q.l[2] = _mm512_castsi512_si256(zb);
    q.l[3] = _mm512_extracti64x4_epi64(zb, 1);
    q.l[4] = _mm512_castsi512_si256(zc);
    /* the constant 1 in lane 2 (limb 0 only) */
    q.l[0] = _mm256_or_si256(q.l[0], _mm256_set_epi64x(0, 1, 0, 0));
    if (neg)
        for (int i = 0; i < 5; i++)
            q.l[i] = _mm256_mask_blend_epi64(FROM_B(0, 0, 0, 1), q.l[i],
                                             _mm256_sub_epi64(_mm256_set1_epi64x(i ? twopi : twop0),
                                                              q.l[i]));
    return q;
}

/* The identity (X, Y, Z, T) = (0, 1, 1, 0) in the lanes. */
N25519_IFMA_INLINE n25519_fe4 identity4(void)
{
    n25519_fe4 p;

    p.l[0] = _mm256_set_epi64x(0, 1, 1, 0);
    for (int i = 1; i < 5; i++)
        p.l[i] = _mm256_setzero_si256();
    return p;
}

/* A table entry as madd4 lanes, negated for a negative digit (public data). */
N25519_IFMA_INLINE n25519_fe4 load_niels4(const n25519_ge_niels *n, int neg)
{
    const uint64_t *w = (const uint64_t *)n;
    /* 15 words: the masked load stops before the next entry. */
    const __m512i lo = _mm512_loadu_si512(w);
    const __m512i hi = _mm512_maskz_loadu_epi64(0x7f, w + 8);

    return lanes_from_words(lo, hi, neg);
}

N25519_IFMA_INLINE n25519_fe4 add_digit4(n25519_fe4 p, const n25519_ge_niels *tab, int8_t d)
{
    return madd4(p, d > 0 ? load_niels4(&tab[d / 2], 0) : load_niels4(&tab[-d / 2], 1));
}

/* Lane j of p to field element to[j], for each j with to[j] not NULL. */
N25519_IFMA_INLINE void store_lanes(n25519_fe *const to[4], n25519_fe4 p)
{
    uint64_t out[5][4];

    n25519_fe4_store(out, p);
    for (int j = 0; j < 4; j++)
        if (to[j] != NULL)
            for (int i = 0; i < 5; i++)
                to[j]->v[i] = out[i][j];
}

N25519_IFMA_INLINE void store_p2(n25519_ge_p2 *r, n25519_fe4 p)
{
    n25519_fe *const to[4] = { &r->X, &r->Y, &r->Z, NULL };

    store_lanes(to, p);
}

N25519_IFMA_TARGET
void n25519_ifma_double_scalarmult(n25519_ge_p2 *r, const int8_t (*snaf)[256],
                                   const int8_t (*knaf)[256], int top,
                                   const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES],
                                   const n25519_ge_niels (*atab)[N25519_ATABLE_ENTRIES])
{
    n25519_fe4 p = identity4();

    for (int i = top; i >= 0; i--) {
        p = dbl4(p);
        for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
            if (snaf[j][i])
                p = add_digit4(p, btab[j], snaf[j][i]);
            if (knaf[j][i])
                p = add_digit4(p, atab[j], knaf[j][i]);
        }
    }
    store_p2(r, p);
}

/*
 * A cached point (Y+X, Y-X, 2Z, 2dT; tight limbs) as add_core lanes
 * (Y-X, Y+X, 2Z, 2dT), or those of its negative (Y+X, Y-X, 2Z, 2p - 2dT).
 */
N25519_IFMA_INLINE n25519_fe4 load_cached4(const n25519_ge_cached *c, int neg)
{
    static const int64_t twop0 = 0xfffffffffffda, twopi = 0xffffffffffffe;
    const n25519_fe *first = neg ? &c->YplusX : &c->YminusX;
    const n25519_fe *second = neg ? &c->YminusX : &c->YplusX;
    n25519_fe4 q;

    for (int i = 0; i < 5; i++) {
        const uint64_t t = neg ? (uint64_t)(i ? twopi : twop0) - c->T2d.v[i] : c->T2d.v[i];

        q.l[i] = _mm256_set_epi64x((int64_t)t, (int64_t)c->Z2.v[i], (int64_t)second->v[i],
                                   (int64_t)first->v[i]);
    }
    return q;
}

N25519_IFMA_INLINE n25519_fe4 add_cached_digit4(n25519_fe4 p, const n25519_ge_cached *tab, int8_t d)
{
    return add_core(p, d > 0 ? load_cached4(&tab[d / 2], 0) : load_cached4(&tab[-d / 2], 1), 1);
}

/* A point (X, Y, Z, T) as lanes, tight (field.h allows limbs a little above 2^52). */
N25519_IFMA_INLINE n25519_fe4 lanes_from_p3(const n25519_ge_p3 *p)
{
    n25519_fe4 r;

    for (int i = 0; i < 5; i++)
        r.l[i] = _mm256_set_epi64x((int64_t)p->T.v[i], (int64_t)p->Z.v[i], (int64_t)p->Y.v[i],
                                   (int64_t)p->X.v[i]);
    return n25519_fe4_carry(r);
}

/*
 * An extended point p as add_core's cached lanes (Y-X, Y+X, 2Z, 2dT), given
 * the lanes (1, 1, 1, d) as factors.
 */
N25519_IFMA_INLINE n25519_fe4 cached_lanes(n25519_fe4 p, n25519_fe4 factors)
{
    n25519_fe4 sw = n25519_fe4_perm(p, IDX(1, 0, 2, 3)); /* Y, X, Z, T */
    n25519_fe4 sum = n25519_fe4_add(p, sw);              /* X+Y, X+Y, 2Z, 2T */
    n25519_fe4 dif = n25519_fe4_sub(sw, p);              /* Y-X, ... */

    return n25519_fe4_mul(n25519_fe4_blend(sum, dif, FROM_B(1, 0, 0, 0)), factors);
}

/* Cached lanes (Y-X, Y+X, 2Z, 2dT) to the table's layout, tight as they are. */
N25519_IFMA_INLINE void store_cached(n25519_ge_cached *c, n25519_fe4 lanes)
{
    n25519_fe *const to[4] = { &c->YminusX, &c->YplusX, &c->Z2, &c->T2d };

    store_lanes(to, lanes);
}

N25519_IFMA_TARGET
void n25519_ifma_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q)
{
    n25519_fe4 factors, odd = lanes_from_p3(q), twice;

    for (int i = 0; i < 5; i++)
        factors.l[i] = _mm256_set_epi64x((int64_t)n25519_fe_d.v[i], !i, !i, !i);
    twice = cached_lanes(dbl4(odd), factors);
    for (int i = 0; i < N25519_LIGHT_ENTRIES; i++) {
        if (i > 0)
            odd = add_core(odd, twice, 1);
        store_cached(&t->odd[i], cached_lanes(odd, factors));
    }
}

N25519_IFMA_TARGET
void n25519_ifma_light_scalarmult(n25519_ge_p2 *r, const int8_t (*snaf)[256],
                                  const int8_t (*lnaf)[256],
                                  const n25519_ge_lighttable *const *ltab, int top,
                                  const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES])
{
    n25519_fe4 p = identity4();

    for (int i = top; i >= 0; i--) {
        p = dbl4(p);
        for (int j = 0; j < N25519_LIGHT_POINTS; j++)
            if (lnaf[j][i])
                p = add_cached_digit4(p, ltab[j]->odd, lnaf[j][i]);
        /* The pieces of s only reach PIECE + 1 digits: the last stretch of the loop. */
        if (i <= N25519_VERIFY_PIECE)
            for (int j = 0; j < N25519_VERIFY_SPLIT; j++)
                if (snaf[j][i])
                    p = add_digit4(p, btab[j], snaf[j][i]);
    }
    store_p2(r, p);
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n25519_point_ifma_unused;

#endif
