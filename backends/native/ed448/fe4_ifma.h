/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GF(2^448 - 2^224 - 1) four elements at a time with AVX-512 IFMA, for
 * 4-way point code on the ifma path (x86-64 only).
 *
 * An element is nine limbs of radix 2^50 (450 bits); a vector "n448_fe4"
 * holds limb i of four elements in its four lanes.  vpmadd52 reads 52 bits
 * of each input, so an element is kept "tight", every limb below 2^51: the
 * sum of two tight elements is still a valid multiplier input, and 2a is for
 * the squaring's doubled products.  Radix 2^56 (field.h's) does not fit the
 * 52-bit multiplier, and no radix that does divides 224 into few limbs, so
 * the fold of the upper half is not aligned: 2^450 = 4 * 2^448 = 2^226 + 4
 * (mod p), and 2^226 sits 26 bits into limb 4.
 *
 * A product a_i b_j of weight 2^(50(i+j)) comes back as 52 low bits and 52
 * high bits, the high part weighing 4 * 2^(50(i+j+1)): columns are summed as
 * lo[k] + 4 hi[k-1] (each below 2^58).  Columns 9..17 fold back, highest
 * first, since a fold can land above limb 8 again: column k adds 4 c at
 * k - 9 and c 2^26 at k - 5, split as c mod 2^24 shifted into k - 5 and
 * c / 2^24 into k - 4.  One round of parallel carries then makes the result
 * tight (the carry out of limb 8 folds the same way, into limbs 0 and 4).
 */
#ifndef N448_FE4_IFMA_H
#define N448_FE4_IFMA_H

#include "cpu.h"

#if !EDFAST_NATIVE_X86
#error "fe4_ifma.h is x86-64 only"
#endif

#include "avx512.h"
#include "field.h"

#define N448_IFMA_TARGET EDFAST_AVX512_TARGET("avx512f,avx512vl,avx512ifma")
/*
 * The real and the emulated build differ here in inlining and unrolling
 * only.  Constant time of the real form: MemorySanitizer on AVX-512 IFMA
 * hardware (native448_ct_ifma); of the emulated form: valgrind
 * (native448_ct_ifma_emulated).
 */
#ifdef EDFAST_IFMA_EMULATED
/* Emulated (a test build), an n448_fe4 is memory anyway: forced inlining would
 * only make functions so large that an ASan build spends minutes on them. */
#define N448_IFMA_INLINE static inline
/* Nor unrolled: gcc 12 took minutes a file to compile the unrolled loops of emulated lanes
 * under ASan (docs/performance.md, "Figures from code comments"). */
#define N448_IFMA_UNROLL(n)
#else
#define N448_IFMA_INLINE static inline __attribute__((always_inline)) N448_IFMA_TARGET
#define N448_IFMA_UNROLL(n) _Pragma(#n)
#endif

#define N448_FE4_LIMBS 9
#define N448_FE4_RADIX 50

typedef struct {
    __m256i l[N448_FE4_LIMBS];
} n448_fe4;

N448_IFMA_INLINE __m256i n448_fe4_mask50(void)
{
    return _mm256_set1_epi64x(((long long)1 << N448_FE4_RADIX) - 1);
}

/*
 * One round of parallel carries: limbs below 2^62 in, tight out (each limb
 * below 2^50 + 2^38).  The carry out of limb 8 weighs 2^450 = 2^226 + 4.
 */
N448_IFMA_INLINE n448_fe4 n448_fe4_carry(n448_fe4 a)
{
    const __m256i m = n448_fe4_mask50();
    const __m256i top = _mm256_srli_epi64(a.l[8], N448_FE4_RADIX);
    n448_fe4 r;

    r.l[0] = _mm256_add_epi64(_mm256_and_si256(a.l[0], m), _mm256_slli_epi64(top, 2));
    for (int i = 1; i < N448_FE4_LIMBS; i++)
        r.l[i] = _mm256_add_epi64(_mm256_and_si256(a.l[i], m),
                                  _mm256_srli_epi64(a.l[i - 1], N448_FE4_RADIX));
    r.l[4] = _mm256_add_epi64(r.l[4], _mm256_slli_epi64(top, 26));
    return r;
}

/* Columns c[0..17] (each below 2^59) to a tight element. */
N448_IFMA_INLINE n448_fe4 n448_fe4_fold(__m256i c[2 * N448_FE4_LIMBS])
{
    const __m256i low24 = _mm256_set1_epi64x((1 << 24) - 1);
    n448_fe4 r;

    for (int k = 2 * N448_FE4_LIMBS - 1; k >= N448_FE4_LIMBS; k--) {
        c[k - 9] = _mm256_add_epi64(c[k - 9], _mm256_slli_epi64(c[k], 2));
        c[k - 5] = _mm256_add_epi64(c[k - 5], _mm256_slli_epi64(_mm256_and_si256(c[k], low24), 26));
        c[k - 4] = _mm256_add_epi64(c[k - 4], _mm256_srli_epi64(c[k], 24));
    }
    for (int i = 0; i < N448_FE4_LIMBS; i++)
        r.l[i] = c[i];
    return n448_fe4_carry(r);
}

/* a b for multiplier inputs (limbs below 2^52: tight, or a sum of two tight). */
N448_IFMA_INLINE n448_fe4 n448_fe4_mul(n448_fe4 a, n448_fe4 b)
{
    __m256i lo[2 * N448_FE4_LIMBS], hi[2 * N448_FE4_LIMBS];

N448_IFMA_UNROLL(GCC unroll 18)
    for (int k = 0; k < 2 * N448_FE4_LIMBS; k++)
        lo[k] = hi[k] = _mm256_setzero_si256();
N448_IFMA_UNROLL(GCC unroll 9)
    for (int i = 0; i < N448_FE4_LIMBS; i++)
N448_IFMA_UNROLL(GCC unroll 9)
        for (int j = 0; j < N448_FE4_LIMBS; j++) {
            lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], a.l[i], b.l[j]);
            hi[i + j] = _mm256_madd52hi_epu64(hi[i + j], a.l[i], b.l[j]);
        }
    /* column k = lo[k] + 4 hi[k-1] */
    for (int k = 2 * N448_FE4_LIMBS - 1; k > 0; k--)
        lo[k] = _mm256_add_epi64(lo[k], _mm256_slli_epi64(hi[k - 1], 2));
    return n448_fe4_fold(lo);
}

/* a^2 for a tight a: each cross product once, against the doubled limb. */
N448_IFMA_INLINE n448_fe4 n448_fe4_sq(n448_fe4 a)
{
    __m256i lo[2 * N448_FE4_LIMBS], hi[2 * N448_FE4_LIMBS], twice[N448_FE4_LIMBS];

N448_IFMA_UNROLL(GCC unroll 18)
    for (int k = 0; k < 2 * N448_FE4_LIMBS; k++)
        lo[k] = hi[k] = _mm256_setzero_si256();
N448_IFMA_UNROLL(GCC unroll 9)
    for (int i = 0; i < N448_FE4_LIMBS; i++)
        twice[i] = _mm256_add_epi64(a.l[i], a.l[i]);
N448_IFMA_UNROLL(GCC unroll 9)
    for (int i = 0; i < N448_FE4_LIMBS; i++) {
        lo[2 * i] = _mm256_madd52lo_epu64(lo[2 * i], a.l[i], a.l[i]);
        hi[2 * i] = _mm256_madd52hi_epu64(hi[2 * i], a.l[i], a.l[i]);
N448_IFMA_UNROLL(GCC unroll 8)
        for (int j = i + 1; j < N448_FE4_LIMBS; j++) {
            lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], a.l[i], twice[j]);
            hi[i + j] = _mm256_madd52hi_epu64(hi[i + j], a.l[i], twice[j]);
        }
    }
    for (int k = 2 * N448_FE4_LIMBS - 1; k > 0; k--)
        lo[k] = _mm256_add_epi64(lo[k], _mm256_slli_epi64(hi[k - 1], 2));
    return n448_fe4_fold(lo);
}

/* a + b without a carry: a multiplier input only. */
N448_IFMA_INLINE n448_fe4 n448_fe4_add_nc(n448_fe4 a, n448_fe4 b)
{
    n448_fe4 r;

    for (int i = 0; i < N448_FE4_LIMBS; i++)
        r.l[i] = _mm256_add_epi64(a.l[i], b.l[i]);
    return r;
}

N448_IFMA_INLINE n448_fe4 n448_fe4_add(n448_fe4 a, n448_fe4 b)
{
    return n448_fe4_carry(n448_fe4_add_nc(a, b));
}

/*
 * a + 16p - b: 16p written with every limb at least 2^51, so that no lane
 * goes negative for a tight b.
 */
N448_IFMA_INLINE n448_fe4 n448_fe4_sub(n448_fe4 a, n448_fe4 b)
{
    static const long long sixteen_p[N448_FE4_LIMBS] = {
        0x13fffffffffff0, 0x13fffffffffffb, 0x13fffffffffffb, 0x13fffffffffffb, 0x13ffffeffffffb,
        0x13fffffffffffb, 0x13fffffffffffb, 0x13fffffffffffb, 0xffffffffffffb,
    };
    n448_fe4 r;

    for (int i = 0; i < N448_FE4_LIMBS; i++)
        r.l[i] = _mm256_sub_epi64(_mm256_add_epi64(a.l[i], _mm256_set1_epi64x(sixteen_p[i])),
                                  b.l[i]);
    return n448_fe4_carry(r);
}

/*
 * Four field.h elements into the lanes, tight.  Each may have any limbs a
 * field.h product accepts (below 2^60): one carry pass, the fold of the top
 * carry (2^448 = 2^224 + 1) and a second pass leave it below 2^449 in exact
 * 56-bit limbs (the top one may reach 2^56), which are then cut into 50-bit
 * ones.  Self-contained, like the rest of this header: the ifma path's code
 * calls nothing of the portable field.
 */
N448_IFMA_INLINE n448_fe4 n448_fe4_lanes(const n448_fe *e0, const n448_fe *e1, const n448_fe *e2,
                                         const n448_fe *e3)
{
    const n448_fe *e[4] = { e0, e1, e2, e3 };
    const uint64_t m56 = ((uint64_t)1 << 56) - 1, m50 = ((uint64_t)1 << N448_FE4_RADIX) - 1;
    uint64_t limb[4][N448_FE4_LIMBS];
    n448_fe4 r;

    for (int j = 0; j < 4; j++) {
        uint64_t t[N448_FE_LIMBS], top;

        for (int i = 0; i < N448_FE_LIMBS; i++)
            t[i] = e[j]->l[i];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < N448_FE_LIMBS - 1; i++) {
                t[i + 1] += t[i] >> 56;
                t[i] &= m56;
            }
            if (pass == 0) {
                top = t[7] >> 56;
                t[7] &= m56;
                t[0] += top;
                t[4] += top;
            }
        }
        for (int i = 0; i < N448_FE4_LIMBS; i++) {
            unsigned pos = N448_FE4_RADIX * (unsigned)i, w = pos / 56, off = pos % 56;
            uint64_t v = t[w] >> off;

            if (off > 6 && w + 1 < N448_FE_LIMBS)
                v |= t[w + 1] << (56 - off);
            limb[j][i] = i + 1 < N448_FE4_LIMBS ? v & m50 : v;
        }
    }
    for (int i = 0; i < N448_FE4_LIMBS; i++)
        r.l[i] = _mm256_set_epi64x((long long)limb[3][i], (long long)limb[2][i],
                                   (long long)limb[1][i], (long long)limb[0][i]);
    return r;
}

N448_IFMA_INLINE n448_fe4 n448_fe4_from_fe(const n448_fe a[4])
{
    return n448_fe4_lanes(&a[0], &a[1], &a[2], &a[3]);
}

/*
 * The lanes back as field.h elements, reduced in field.h's sense (limbs below
 * 2^56 + 2^4), not canonical.
 */
N448_IFMA_INLINE void n448_fe4_to_fe(n448_fe out[4], n448_fe4 a)
{
    const uint64_t m56 = ((uint64_t)1 << 56) - 1, m50 = ((uint64_t)1 << N448_FE4_RADIX) - 1;
    uint64_t lane[N448_FE4_LIMBS][4];

    for (int i = 0; i < N448_FE4_LIMBS; i++)
        _mm256_storeu_si256((__m256i *)(void *)lane[i], a.l[i]);
    for (int j = 0; j < 4; j++) {
        uint64_t l50[N448_FE4_LIMBS], carry = 0, top;

        /* limbs below 2^50 except the top one, which keeps the carry (< 2^52) */
        for (int i = 0; i < N448_FE4_LIMBS; i++) {
            l50[i] = lane[i][j] + carry;
            carry = l50[i] >> N448_FE4_RADIX;
            if (i + 1 < N448_FE4_LIMBS)
                l50[i] &= m50;
        }
        for (int k = 0; k < N448_FE_LIMBS; k++) {
            unsigned pos = 56 * (unsigned)k, w = pos / N448_FE4_RADIX, off = pos % N448_FE4_RADIX;
            uint64_t v = l50[w] >> off;

            if (w + 1 < N448_FE4_LIMBS)
                v |= l50[w + 1] << (N448_FE4_RADIX - off);
            if (off > 44 && w + 2 < N448_FE4_LIMBS)
                v |= l50[w + 2] << (2 * N448_FE4_RADIX - off);
            out[j].l[k] = k + 1 < N448_FE_LIMBS ? v & m56 : v;
        }
        /* the value is below 2^452: fold the top limb's carry, 2^448 = 2^224 + 1 */
        top = out[j].l[7] >> 56;
        out[j].l[7] &= m56;
        out[j].l[0] += top;
        out[j].l[4] += top;
    }
}

/* Lane k of the result is lane sk of a (vpermq with an index vector). */
#define N448_FE4_IDX(s0, s1, s2, s3) _mm256_set_epi64x(s3, s2, s1, s0)
/* Lanes taken from b in n448_fe4_blend. */
#define N448_FE4_FROM_B(l0, l1, l2, l3) ((__mmask8)((l0) | (l1) << 1 | (l2) << 2 | (l3) << 3))

N448_IFMA_INLINE n448_fe4 n448_fe4_perm(n448_fe4 a, __m256i idx)
{
    n448_fe4 r;

    for (int i = 0; i < N448_FE4_LIMBS; i++)
        r.l[i] = _mm256_permutexvar_epi64(idx, a.l[i]);
    return r;
}

N448_IFMA_INLINE n448_fe4 n448_fe4_blend(n448_fe4 a, n448_fe4 b, __mmask8 from_b)
{
    n448_fe4 r;

    for (int i = 0; i < N448_FE4_LIMBS; i++)
        r.l[i] = _mm256_mask_blend_epi64(from_b, a.l[i], b.l[i]);
    return r;
}

#endif
