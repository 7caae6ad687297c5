/* SPDX-License-Identifier: Apache-2.0 */
/*
 * [a]B on the ifma path (accel.h).  Lane j of every vector is a
 * point of its own, the sum of the digits 4g + j over the groups g of the
 * lane table: a mixed addition is seven 4-way products of independent
 * elements with no shuffling between lanes, and as the table has a row per
 * digit no doublings are needed.  Two additions join the four sums.
 *
 * Constant time: every entry of a group is read and blended in under masks
 * made from the digits, and signs are blends too.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include <string.h>

#include <openssl/crypto.h>

#include "accel.h"
#include "fe4_ifma.h"

/* Short name for fe4_ifma.h's lane choice, this file only. */
#define IDX N25519_FE4_IDX

/* Four extended points, point j in lane j of each coordinate. */
typedef struct {
    n25519_fe4 X, Y, Z, T;
} ge_lanes;

/* Four affine niels points (y+x, y-x, 2dxy), point j in lane j. */
typedef struct {
    n25519_fe4 ypx, ymx, xy2d;
} niels_lanes;

/* An element encoded as four little-endian words w0..w3, lane by lane, to radix-2^51 limbs. */
N25519_IFMA_INLINE n25519_fe4 n25519_fe4_from_words(__m256i w0, __m256i w1, __m256i w2, __m256i w3)
{
    const __m256i m = mask51();
    n25519_fe4 r;

    r.l[0] = _mm256_and_si256(w0, m);
    r.l[1] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(w0, 51), _mm256_slli_epi64(w1, 13)), m);
    r.l[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(w1, 38), _mm256_slli_epi64(w2, 26)), m);
    r.l[3] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(w2, 25), _mm256_slli_epi64(w3, 39)), m);
    r.l[4] = _mm256_srli_epi64(w3, 12);
    return r;
}

/*
 * sign(d_j) |d_j| 2^(W (4g + j)) B in lane j, from group g's entries, the
 * identity (1, 1, 0) where d_j = 0.  A 512-bit vector holds two words of a
 * coordinate for all four lanes, so each lane's mask bit appears twice.
 */
N25519_IFMA_INLINE niels_lanes select_lanes(const n25519_base_lanes_entry group[N25519_BASE_ENTRIES],
                                            const int8_t d[4])
{
    static const int64_t twop0 = 0xfffffffffffda, twopi = 0xffffffffffffe;
    uint64_t mag[4], neg[4];
    __m512i mags, acc[6];
    __mmask8 zero, negative;
    __m256i w[12];
    n25519_fe4 ypx, ymx, xy2d;
    niels_lanes q;

    for (int j = 0; j < 4; j++)
        n25519_digit_split(&mag[j], &neg[j], d[j]);
    mags = _mm512_set_epi64((int64_t)mag[3], (int64_t)mag[2], (int64_t)mag[1], (int64_t)mag[0],
                            (int64_t)mag[3], (int64_t)mag[2], (int64_t)mag[1], (int64_t)mag[0]);
    negative = (__mmask8)(neg[0] | neg[1] << 1 | neg[2] << 2 | neg[3] << 3);
    /* word 0 of y+x (vector 0) and of y-x (vector 2) is 1 where the digit is 0 */
    zero = _mm512_cmpeq_epi64_mask(mags, _mm512_setzero_si512()) & 0x0f;
    for (int i = 0; i < 6; i++)
        acc[i] = _mm512_setzero_si512();
    acc[0] = acc[2] = _mm512_mask_blend_epi64(zero, acc[0], _mm512_set1_epi64(1));
    for (int k = 1; k <= N25519_BASE_ENTRIES; k++) {
        const __mmask8 m = _mm512_cmpeq_epi64_mask(mags, _mm512_set1_epi64(k));
        const uint64_t *words = &group[k - 1].w[0][0][0];

        for (int i = 0; i < 6; i++)
            acc[i] = _mm512_mask_blend_epi64(m, acc[i], _mm512_loadu_si512(words + 8 * i));
    }
    for (int i = 0; i < 6; i++) {
        w[2 * i] = _mm512_castsi512_si256(acc[i]);
        w[2 * i + 1] = _mm512_extracti64x4_epi64(acc[i], 1);
    }
    ypx = n25519_fe4_from_words(w[0], w[1], w[2], w[3]);
    ymx = n25519_fe4_from_words(w[4], w[5], w[6], w[7]);
    xy2d = n25519_fe4_from_words(w[8], w[9], w[10], w[11]);
    /* -(x, y) = (-x, y): y+x and y-x trade places and 2dxy changes sign. */
    for (int i = 0; i < 5; i++) {
        const __m256i minus = _mm256_sub_epi64(_mm256_set1_epi64x(i ? twopi : twop0), xy2d.l[i]);

        q.ypx.l[i] = _mm256_mask_blend_epi64(negative, ypx.l[i], ymx.l[i]);
        q.ymx.l[i] = _mm256_mask_blend_epi64(negative, ymx.l[i], ypx.l[i]);
        q.xy2d.l[i] = _mm256_mask_blend_epi64(negative, xy2d.l[i], minus);
    }
    return q;
}

/* (E, F, G, H) = (B - A, D - C, D + C, B + A), then (X, Y, Z, T) = (E F, G H, F G, E H). */
N25519_IFMA_INLINE ge_lanes add_finish(n25519_fe4 a, n25519_fe4 b, n25519_fe4 c, n25519_fe4 d)
{
    const n25519_fe4 e = n25519_fe4_sub(b, a), f = n25519_fe4_sub(d, c), g = n25519_fe4_add(d, c), h = n25519_fe4_add(b, a);
    ge_lanes r;

    r.X = n25519_fe4_mul(e, f);
    r.Y = n25519_fe4_mul(g, h);
    r.Z = n25519_fe4_mul(f, g);
    r.T = n25519_fe4_mul(e, h);
    return r;
}

/* p + q: A = (Y - X)(y - x), B = (Y + X)(y + x), C = T 2dxy, D = 2Z. */
N25519_IFMA_INLINE ge_lanes madd_lanes(ge_lanes p, niels_lanes q)
{
    const n25519_fe4 a = n25519_fe4_mul(n25519_fe4_sub(p.Y, p.X), q.ymx);
    const n25519_fe4 b = n25519_fe4_mul(n25519_fe4_add(p.Y, p.X), q.ypx);
    const n25519_fe4 c = n25519_fe4_mul(p.T, q.xy2d);

    return add_finish(a, b, c, n25519_fe4_add(p.Z, p.Z));
}

/* 2d, field.c's n25519_fe_d2 (the two libraries link apart: ../cpu.cmake). */
static const int64_t d2_limbs[5] = { 0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052,
                                     0x6738cc7407977, 0x2406d9dc56dff };

/* p + q of extended points: C = T 2d T', D = Z 2Z'. */
N25519_IFMA_INLINE ge_lanes add_lanes(ge_lanes p, ge_lanes q)
{
    n25519_fe4 d2;

    for (int i = 0; i < 5; i++)
        d2.l[i] = _mm256_set1_epi64x(d2_limbs[i]);
    const n25519_fe4 a = n25519_fe4_mul(n25519_fe4_sub(p.Y, p.X), n25519_fe4_sub(q.Y, q.X));
    const n25519_fe4 b = n25519_fe4_mul(n25519_fe4_add(p.Y, p.X), n25519_fe4_add(q.Y, q.X));
    const n25519_fe4 c = n25519_fe4_mul(p.T, n25519_fe4_mul(q.T, d2));

    return add_finish(a, b, c, n25519_fe4_mul(p.Z, n25519_fe4_add(q.Z, q.Z)));
}

/* Lane k of the result is lane s_k of p (IDX). */
N25519_IFMA_INLINE ge_lanes perm_lanes(ge_lanes p, __m256i idx)
{
    ge_lanes r;

    r.X = n25519_fe4_perm(p.X, idx);
    r.Y = n25519_fe4_perm(p.Y, idx);
    r.Z = n25519_fe4_perm(p.Z, idx);
    r.T = n25519_fe4_perm(p.T, idx);
    return r;
}

N25519_IFMA_TARGET
void n25519_ifma_scalarmult_base(n25519_ge_p3 *h, const int8_t *e,
                                 const n25519_base_lanes_group *table)
{
    int8_t d[4 * N25519_BASE_GROUPS] = { 0 };
    uint64_t out[4][5][4];
    ge_lanes p;

    memcpy(d, e, N25519_BASE_DIGITS);
    /* the identity (0, 1, 1, 0) in every lane */
    for (int i = 0; i < 5; i++) {
        p.X.l[i] = p.T.l[i] = _mm256_setzero_si256();
        p.Y.l[i] = p.Z.l[i] = _mm256_set1_epi64x(i == 0);
    }
    for (int g = 0; g < N25519_BASE_GROUPS; g++)
        p = madd_lanes(p, select_lanes(table[g], d + 4 * g));
    p = add_lanes(p, perm_lanes(p, IDX(2, 3, 0, 1))); /* lanes 0, 1: P0 + P2, P1 + P3 */
    p = add_lanes(p, perm_lanes(p, IDX(1, 0, 3, 2))); /* lane 0: the whole sum */
    n25519_fe4_store(out[0], p.X);
    n25519_fe4_store(out[1], p.Y);
    n25519_fe4_store(out[2], p.Z);
    n25519_fe4_store(out[3], p.T);
    for (int i = 0; i < 5; i++) {
        h->X.v[i] = out[0][i][0];
        h->Y.v[i] = out[1][i][0];
        h->Z.v[i] = out[2][i][0];
        h->T.v[i] = out[3][i][0];
    }
    OPENSSL_cleanse(d, sizeof(d));
    OPENSSL_cleanse(out, sizeof(out));
    OPENSSL_cleanse(&p, sizeof(p));
    /* The compiler keeps the lanes in registers; clear the upper halves too. */
    _mm256_zeroall();
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n25519_fixed_base_ifma_unused;

#endif
