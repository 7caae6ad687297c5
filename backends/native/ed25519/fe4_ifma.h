/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GF(2^255 - 19) four elements at a time with AVX-512 IFMA, for the ifma
 * path's 4-way code (point_ifma.c, fixed_base_ifma.c, field_ifma.c; x86-64
 * only).
 *
 * Field elements are radix 2^51 as in field.h; a vector "n25519_fe4" holds limb i of
 * four elements in its four lanes.  Every n25519_fe4 is kept tight (limbs < 2^52)
 * because vpmadd52 reads only 52 bits of each input.  A product a_i b_j of
 * weight 2^(51(i+j)) comes back as 52 low bits and 52 high bits, the high
 * part weighing 2^(51(i+j+1)) * 2: columns are summed as lo[k] + 2 hi[k-1],
 * then the columns from 2^255 up fold back times 19, then one round of
 * parallel carries makes the result tight again (columns stay below 2^56).
 */
#ifndef N25519_FE4_IFMA_H
#define N25519_FE4_IFMA_H

#include <stdint.h>

#include "cpu.h"

#if !EDFAST_NATIVE_X86
#error "fe4_ifma.h is x86-64 only"
#endif

#include "avx512.h"

#define N25519_IFMA_TARGET EDFAST_AVX512_TARGET("avx512f,avx512vl,avx512ifma")
/*
 * The real and the emulated build differ here in inlining only.  Constant
 * time of the real form: MemorySanitizer on AVX-512 IFMA hardware
 * (native25519_ct_ifma); of the emulated form: valgrind
 * (native25519_ct_ifma_emulated).
 */
#ifdef EDFAST_IFMA_EMULATED
/* Emulated (a test build), an n25519_fe4 is memory anyway: forced inlining would only
 * make functions so large that an ASan build spends minutes compiling them. */
#define N25519_IFMA_INLINE static inline
#else
/* Everything below is small and hot: inline it so no n25519_fe4 goes through memory. */
#define N25519_IFMA_INLINE static inline __attribute__((always_inline)) N25519_IFMA_TARGET
#endif

typedef struct {
    __m256i l[5];
} n25519_fe4;

N25519_IFMA_INLINE __m256i mask51(void)
{
    return _mm256_set1_epi64x(0x7ffffffffffff);
}

/* x * 19 with shifts: vpmullq is slow and the factor is tiny. */
N25519_IFMA_INLINE __m256i times19(__m256i x)
{
    return _mm256_add_epi64(_mm256_add_epi64(x, _mm256_slli_epi64(x, 1)),
                            _mm256_slli_epi64(x, 4));
}

/* One round of parallel carries: limbs below 2^63 in, tight out. */
N25519_IFMA_INLINE n25519_fe4 n25519_fe4_carry(n25519_fe4 a)
{
    const __m256i m = mask51();
    n25519_fe4 r;

    r.l[0] = _mm256_add_epi64(_mm256_and_si256(a.l[0], m),
                              times19(_mm256_srli_epi64(a.l[4], 51)));
    for (int i = 1; i < 5; i++)
        r.l[i] = _mm256_add_epi64(_mm256_and_si256(a.l[i], m), _mm256_srli_epi64(a.l[i - 1], 51));
    return r;
}

/* Columns start at zero; the product x y adds its low and high 52 bits to column k. */
N25519_IFMA_INLINE void columns_clear(__m256i lo[10], __m256i hi[10])
{
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++)
        lo[k] = hi[k] = _mm256_setzero_si256();
}

N25519_IFMA_INLINE void columns_madd(__m256i lo[10], __m256i hi[10], int k, __m256i x, __m256i y)
{
    lo[k] = _mm256_madd52lo_epu64(lo[k], x, y);
    hi[k] = _mm256_madd52hi_epu64(hi[k], x, y);
}

/*
 * The product from its columns' 52-bit halves: column k = lo[k] + 2 hi[k-1];
 * columns 5..9 wrap around times 19.  Columns are < 2^56, so the sums are
 * < 2^61 and one carry round makes them tight.
 */
N25519_IFMA_INLINE n25519_fe4 columns_fold(__m256i lo[10], const __m256i hi[10])
{
    n25519_fe4 r;

    for (int k = 9; k > 0; k--)
        lo[k] = _mm256_add_epi64(lo[k], _mm256_slli_epi64(hi[k - 1], 1));
    for (int k = 0; k < 5; k++)
        r.l[k] = _mm256_add_epi64(lo[k], times19(lo[k + 5]));
    return n25519_fe4_carry(r);
}

N25519_IFMA_INLINE n25519_fe4 n25519_fe4_mul(n25519_fe4 a, n25519_fe4 b)
{
    __m256i lo[10], hi[10];

    columns_clear(lo, hi);
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
#pragma GCC unroll 5
        for (int j = 0; j < 5; j++)
            columns_madd(lo, hi, i + j, a.l[i], b.l[j]);
    return columns_fold(lo, hi);
}

/*
 * a^2 lane-wise: the ten cross products once, their columns doubled, then
 * the five squares: 30 multiplications instead of 50, and a shorter chain
 * (columns stay below n25519_fe4_mul's bound).
 */
N25519_IFMA_INLINE n25519_fe4 n25519_fe4_sq(n25519_fe4 a)
{
    __m256i lo[10], hi[10];

    columns_clear(lo, hi);
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
#pragma GCC unroll 4
        for (int j = i + 1; j < 5; j++)
            columns_madd(lo, hi, i + j, a.l[i], a.l[j]);
    for (int k = 1; k < 8; k++) {
        lo[k] = _mm256_slli_epi64(lo[k], 1);
        hi[k] = _mm256_slli_epi64(hi[k], 1);
    }
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        columns_madd(lo, hi, 2 * i, a.l[i], a.l[i]);
    return columns_fold(lo, hi);
}

N25519_IFMA_INLINE n25519_fe4 n25519_fe4_add(n25519_fe4 a, n25519_fe4 b)
{
    n25519_fe4 r;

    for (int i = 0; i < 5; i++)
        r.l[i] = _mm256_add_epi64(a.l[i], b.l[i]);
    return n25519_fe4_carry(r);
}

/* a + 4p - b: no lane wraps for tight b. */
N25519_IFMA_INLINE n25519_fe4 n25519_fe4_sub(n25519_fe4 a, n25519_fe4 b)
{
    const __m256i p0 = _mm256_set1_epi64x(0x1fffffffffffb4), pi = _mm256_set1_epi64x(0x1ffffffffffffc);
    n25519_fe4 r;

    for (int i = 0; i < 5; i++)
        r.l[i] = _mm256_sub_epi64(_mm256_add_epi64(a.l[i], i ? pi : p0), b.l[i]);
    return n25519_fe4_carry(r);
}

/* Limb i of the four lanes to out[i][0..3]. */
N25519_IFMA_INLINE void n25519_fe4_store(uint64_t out[5][4], n25519_fe4 a)
{
    for (int i = 0; i < 5; i++)
        _mm256_storeu_si256((__m256i *)out[i], a.l[i]);
}

/* Lane k of the result is lane sk of a (vpermq with an index vector). */
#define N25519_FE4_IDX(s0, s1, s2, s3) _mm256_set_epi64x(s3, s2, s1, s0)
/* Lanes taken from b in n25519_fe4_blend. */
#define N25519_FE4_FROM_B(l0, l1, l2, l3) ((__mmask8)((l0) | (l1) << 1 | (l2) << 2 | (l3) << 3))

N25519_IFMA_INLINE n25519_fe4 n25519_fe4_perm(n25519_fe4 a, __m256i idx)
{
    n25519_fe4 r;

    for (int i = 0; i < 5; i++)
        r.l[i] = _mm256_permutexvar_epi64(idx, a.l[i]);
    return r;
}

N25519_IFMA_INLINE n25519_fe4 n25519_fe4_blend(n25519_fe4 a, n25519_fe4 b, __mmask8 from_b)
{
    n25519_fe4 r;

    for (int i = 0; i < 5; i++)
        r.l[i] = _mm256_mask_blend_epi64(from_b, a.l[i], b.l[i]);
    return r;
}

#endif
