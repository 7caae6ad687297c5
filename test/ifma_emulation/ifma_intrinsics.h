/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable emulation of the x86 intrinsics used by edfast's AVX-512 code
 * (the ifma path's files in backends/native/ed25519 and ed448: *_ifma.*,
 * *_avx512.c), so that those sources can be compiled a second time,
 * unchanged, and run on any CPU: one without AVX-512 IFMA, another
 * architecture, or valgrind, which cannot execute AVX-512 at all.  SIMDe,
 * the usual answer to this, has no AVX512-IFMA (vpmadd52luq / vpmadd52huq)
 * emulation.
 *
 * TEST-ONLY: this header is linked into test programs, never into edfast.so.
 *
 * Every function is named emu + the Intel name without its leading
 * underscore and works on emu_ types, so the emulation can sit beside the
 * real <immintrin.h> (test/ifma_emulation/intrinsics_test.c compares the
 * two).  Only when EDFAST_IFMA_EMULATED is defined, the end of this header
 * maps the Intel names onto the emulation; those builds must not include
 * <immintrin.h>.
 *
 * Vectors are arrays of uint64_t in lane order, and a load or store moves
 * lane i from or to the i-th uint64_t in memory, in host byte order: the
 * callers load and store arrays of uint64_t, which x86 code gets right only
 * because x86 is little-endian; host order keeps that meaning on big-endian
 * hosts.
 *
 * Constant time: the emulated code runs under valgrind memcheck with its
 * secrets marked undefined, which flags any branch or memory address that
 * depends on them, so the emulation itself must not add any.  Lane data
 * never decides a branch or an index: the permutes select their source lane
 * with arithmetic masks over all candidates (the index vectors can be
 * chosen by secret masks), blends likewise.  Branches and indexes below
 * depend only on public values: loop counters, immediates and the mask of
 * the masked load.
 *
 * Needs a compiler with unsigned __int128 (gcc or clang, 64-bit host).
 */
#ifndef EDFAST_TEST_IFMA_INTRINSICS_H
#define EDFAST_TEST_IFMA_INTRINSICS_H

#include <stdint.h>
#include <string.h>

typedef struct {
    uint64_t lane[2];
} emu_m128i;

typedef struct {
    uint64_t lane[4];
} emu_m256i;

typedef struct {
    uint64_t lane[8];
} emu_m512i;

typedef uint8_t emu_mmask8;

__extension__ typedef unsigned __int128 emu_u128;

#define EMU_MASK52 ((UINT64_C(1) << 52) - 1)

/* All ones when bit is 1, zero when it is 0 (bit must be 0 or 1). */
static inline uint64_t emu_bitmask(uint64_t bit)
{
    return 0 - bit;
}

/*
 * m, its value hidden from the optimiser by an empty asm, so that arithmetic
 * on a secret mask stays arithmetic: compilers see through masks, and clang 14
 * -O2 turned "a & eqmask" in the permutes into a compare and a conditional
 * jump, clang 21 a blend under a mask bit into a conditional move.  Not under
 * MemorySanitizer, which checks asm operands as strictly as branch conditions
 * (see backends/native/ct.h).  So valgrind (native*_ct_ifma_emulated in a
 * build without sanitizers) checks the emulation with the barrier, and
 * MemorySanitizer (the same tests in its build) without it, as the
 * optimiser left it.
 */
static inline uint64_t emu_opaque(uint64_t m)
{
#if defined(__has_feature)
#if !__has_feature(memory_sanitizer)
    __asm__("" : "+r"(m));
#endif
#else
    __asm__("" : "+r"(m));
#endif
    return m;
}

/* All ones when x == j, else zero; x and j below 2^63. */
static inline uint64_t emu_eqmask(uint64_t x, uint64_t j)
{
    return emu_opaque(emu_bitmask(((x ^ j) - 1) >> 63));
}

/* All ones when bit i of the mask k is set (k may be secret). */
static inline uint64_t emu_kmask(unsigned k, int i)
{
    return emu_opaque(emu_bitmask((k >> i) & 1));
}

/* vpmadd52luq on one lane: a + low 52 bits of b[51:0] * c[51:0]. */
static inline uint64_t emu_madd52lo_lane(uint64_t a, uint64_t b, uint64_t c)
{
    emu_u128 p = (emu_u128)(b & EMU_MASK52) * (c & EMU_MASK52);

    return a + ((uint64_t)p & EMU_MASK52);
}

/* vpmadd52huq on one lane: a + bits 103:52 of b[51:0] * c[51:0]. */
static inline uint64_t emu_madd52hi_lane(uint64_t a, uint64_t b, uint64_t c)
{
    emu_u128 p = (emu_u128)(b & EMU_MASK52) * (c & EMU_MASK52);

    return a + (uint64_t)(p >> 52);
}

/*
 * The lane-wise operations: lane i of the result is expr, computed from lane
 * i of the operands, which expr names a, b (and c).  Macros because add,
 * sub, and, andnot, or, xor, madd52 and the shifts, at every width, are the
 * same loop; only the expression and the vector type (whose size gives the
 * lane count) differ.  The loop bound is public, and expr is straight-line
 * arithmetic: no branch or index on lane data.
 */
#define EMU_LANEWISE2(name, type, expr) \
    static inline type name(type va, type vb) \
    { \
        type r; \
\
        for (size_t i = 0; i < sizeof r.lane / sizeof r.lane[0]; i++) { \
            uint64_t a = va.lane[i], b = vb.lane[i]; \
\
            r.lane[i] = (expr); \
        } \
        return r; \
    }

#define EMU_LANEWISE3(name, type, expr) \
    static inline type name(type va, type vb, type vc) \
    { \
        type r; \
\
        for (size_t i = 0; i < sizeof r.lane / sizeof r.lane[0]; i++) { \
            uint64_t a = va.lane[i], b = vb.lane[i], c = vc.lane[i]; \
\
            r.lane[i] = (expr); \
        } \
        return r; \
    }

/* The same over one vector a and an immediate, which expr names n (unsigned). */
#define EMU_LANEWISE_IMM(name, type, expr) \
    static inline type name(type va, int imm) \
    { \
        unsigned n = (unsigned)imm; \
        type r; \
\
        for (size_t i = 0; i < sizeof r.lane / sizeof r.lane[0]; i++) { \
            uint64_t a = va.lane[i]; \
\
            r.lane[i] = (expr); \
        } \
        return r; \
    }

/* ---- 256-bit ---- */

EMU_LANEWISE2(emu_mm256_add_epi64, emu_m256i, a + b)
EMU_LANEWISE2(emu_mm256_sub_epi64, emu_m256i, a - b)
EMU_LANEWISE2(emu_mm256_and_si256, emu_m256i, a & b)
EMU_LANEWISE2(emu_mm256_or_si256, emu_m256i, a | b)

/* Lane i: a + low 52 bits of b[51:0] * c[51:0]. */
EMU_LANEWISE3(emu_mm256_madd52lo_epu64, emu_m256i, emu_madd52lo_lane(a, b, c))
/* Lane i: a + bits 103:52 of b[51:0] * c[51:0]. */
EMU_LANEWISE3(emu_mm256_madd52hi_epu64, emu_m256i, emu_madd52hi_lane(a, b, c))

/* Lane i: bit i of k ? b : a; the bits of k above 3 are ignored. */
static inline emu_m256i emu_mm256_mask_blend_epi64(emu_mmask8 k, emu_m256i a, emu_m256i b)
{
    emu_m256i r;

    for (int i = 0; i < 4; i++)
        r.lane[i] = a.lane[i] ^ ((a.lane[i] ^ b.lane[i]) & emu_kmask(k, i));
    return r;
}

/* Lane i: a[idx[i] & 3], by masks over all four lanes (idx may be secret). */
static inline emu_m256i emu_mm256_permutexvar_epi64(emu_m256i idx, emu_m256i a)
{
    emu_m256i r;

    for (int i = 0; i < 4; i++) {
        uint64_t x = idx.lane[i] & 3, v = 0;

        for (int j = 0; j < 4; j++)
            v |= a.lane[j] & emu_eqmask(x, (uint64_t)j);
        r.lane[i] = v;
    }
    return r;
}

/* Intel order: the last argument goes to lane 0. */
static inline emu_m256i emu_mm256_set_epi64x(long long e3, long long e2, long long e1,
                                             long long e0)
{
    emu_m256i r = { { (uint64_t)e0, (uint64_t)e1, (uint64_t)e2, (uint64_t)e3 } };

    return r;
}

static inline emu_m256i emu_mm256_set1_epi64x(long long a)
{
    return emu_mm256_set_epi64x(a, a, a, a);
}

static inline emu_m256i emu_mm256_setzero_si256(void)
{
    emu_m256i r = { { 0, 0, 0, 0 } };

    return r;
}

/*
 * Shifts count as an unsigned immediate: 64 and above give 0, as the
 * instruction does (a C shift by >= 64 would be undefined).
 */
EMU_LANEWISE_IMM(emu_mm256_slli_epi64, emu_m256i, (a << (n & 63)) & emu_bitmask(n < 64))
EMU_LANEWISE_IMM(emu_mm256_srli_epi64, emu_m256i, (a >> (n & 63)) & emu_bitmask(n < 64))

/* Unaligned, like vmovdqu; p need not point to an emu_m256i. */
static inline void emu_mm256_storeu_si256(void *p, emu_m256i a)
{
    memcpy(p, a.lane, sizeof a.lane);
}

/* Only clears upper register state on x86, of which there is none here. */
static inline void emu_mm256_zeroall(void)
{
}

/* ---- 512-bit ---- */

/* Bit i: whether lanes i of a and b are equal; without a comparison (lanes may be secret). */
static inline emu_mmask8 emu_mm512_cmpeq_epi64_mask(emu_m512i a, emu_m512i b)
{
    unsigned k = 0;

    for (int i = 0; i < 8; i++) {
        const uint64_t d = a.lane[i] ^ b.lane[i];

        k |= (unsigned)emu_opaque(((d | (0 - d)) >> 63) ^ 1) << i;
    }
    return (emu_mmask8)k;
}

/* Lane i: bit i of k ? b : a. */
static inline emu_m512i emu_mm512_mask_blend_epi64(emu_mmask8 k, emu_m512i a, emu_m512i b)
{
    emu_m512i r;

    for (int i = 0; i < 8; i++)
        r.lane[i] = a.lane[i] ^ ((a.lane[i] ^ b.lane[i]) & emu_kmask(k, i));
    return r;
}


/* Lanes 0..3. */
static inline emu_m256i emu_mm512_castsi512_si256(emu_m512i a)
{
    emu_m256i r;

    memcpy(r.lane, a.lane, sizeof r.lane);
    return r;
}

/* Lanes 4 imm .. 4 imm + 3; only bit 0 of imm counts, as in vextracti64x4. */
static inline emu_m256i emu_mm512_extracti64x4_epi64(emu_m512i a, int imm)
{
    emu_m256i r;

    memcpy(r.lane, a.lane + 4 * (imm & 1), sizeof r.lane);
    return r;
}

/* Unaligned, like vmovdqu64. */
static inline emu_m512i emu_mm512_loadu_si512(const void *p)
{
    emu_m512i r;

    memcpy(r.lane, p, sizeof r.lane);
    return r;
}

/*
 * Lane i: the i-th uint64_t at p if bit i of k is set, else 0.  Masked-off
 * lanes are not read at all: the real instruction does not fault on them,
 * and callers rely on it (point_ifma.c loads 7 words through a 0x7f mask),
 * so reading them would be an out-of-bounds read under ASan or valgrind.
 * That takes a branch on k, which is public: an immediate in every caller.
 */
static inline emu_m512i emu_mm512_maskz_loadu_epi64(emu_mmask8 k, const void *p)
{
    emu_m512i r;

    for (int i = 0; i < 8; i++) {
        r.lane[i] = 0;
        if ((k >> i) & 1)
            memcpy(&r.lane[i], (const unsigned char *)p + 8 * i, 8);
    }
    return r;
}

/*
 * Lane i: (idx[i] & 8 ? b : a)[idx[i] & 7], by masks over all sixteen
 * candidates (idx may be secret).
 */
static inline emu_m512i emu_mm512_permutex2var_epi64(emu_m512i a, emu_m512i idx, emu_m512i b)
{
    emu_m512i r;

    for (int i = 0; i < 8; i++) {
        uint64_t x = idx.lane[i] & 15, v = 0;

        for (int j = 0; j < 8; j++)
            v |= (a.lane[j] & emu_eqmask(x, (uint64_t)j)) |
                 (b.lane[j] & emu_eqmask(x, (uint64_t)(j + 8)));
        r.lane[i] = v;
    }
    return r;
}

/* Intel order: the last argument goes to lane 0. */
static inline emu_m512i emu_mm512_set_epi64(long long e7, long long e6, long long e5,
                                            long long e4, long long e3, long long e2,
                                            long long e1, long long e0)
{
    emu_m512i r = { { (uint64_t)e0, (uint64_t)e1, (uint64_t)e2, (uint64_t)e3,
                      (uint64_t)e4, (uint64_t)e5, (uint64_t)e6, (uint64_t)e7 } };

    return r;
}

static inline emu_m512i emu_mm512_set1_epi64(long long a)
{
    return emu_mm512_set_epi64(a, a, a, a, a, a, a, a);
}

static inline emu_m512i emu_mm512_setzero_si512(void)
{
    emu_m512i r = { { 0, 0, 0, 0, 0, 0, 0, 0 } };

    return r;
}

/* ---- 128-bit, for the Keccak permutation ---- */

/* Lane 0 from the uint64_t at p (unaligned), lane 1 zero, like vmovq. */
static inline emu_m128i emu_mm_loadl_epi64(const void *p)
{
    emu_m128i r = { { 0, 0 } };

    memcpy(&r.lane[0], p, 8);
    return r;
}

/* Lane 0 only: the 8 bytes after it are left alone. */
static inline void emu_mm_storel_epi64(void *p, emu_m128i a)
{
    memcpy(p, &a.lane[0], 8);
}

EMU_LANEWISE2(emu_mm_xor_si128, emu_m128i, a ^ b)

/*
 * Rotates each lane left by imm mod 64 (vprolq uses the low 6 bits); the
 * right shift is masked too so that imm = 0 shifts by 0, not 64.
 */
EMU_LANEWISE_IMM(emu_mm_rol_epi64, emu_m128i, (a << (n & 63)) | (a >> ((64 - n) & 63)))

/*
 * Bitwise: each result bit is bit (a << 2 | b << 1 | c) of imm, for any of
 * the 256 imm.  Written as the OR of imm's minterms, each an AND of a, b, c
 * or their complements, so only the public imm selects anything.
 */
static inline emu_m128i emu_mm_ternarylogic_epi64(emu_m128i a, emu_m128i b, emu_m128i c,
                                                 int imm)
{
    emu_m128i r;

    for (int i = 0; i < 2; i++) {
        uint64_t v = 0;

        for (unsigned m = 0; m < 8; m++) {
            /* x ^ ~bitmask(bit) is x where the minterm wants x, ~x where it wants ~x */
            uint64_t ta = a.lane[i] ^ ~emu_bitmask((m >> 2) & 1);
            uint64_t tb = b.lane[i] ^ ~emu_bitmask((m >> 1) & 1);
            uint64_t tc = c.lane[i] ^ ~emu_bitmask(m & 1);

            v |= ta & tb & tc & emu_bitmask(((unsigned)imm >> m) & 1);
        }
        r.lane[i] = v;
    }
    return r;
}

/*
 * The Intel names, for the IFMA sources compiled against the emulation
 * (which then must not include <immintrin.h>).  These names are reserved
 * to the implementation; defining them is what lets the sources compile
 * unchanged, and <immintrin.h> is absent from such builds.
 */
#ifdef EDFAST_IFMA_EMULATED
#define __m128i emu_m128i
#define __m256i emu_m256i
#define __m512i emu_m512i
#define __mmask8 emu_mmask8

#define _mm256_add_epi64 emu_mm256_add_epi64
#define _mm256_and_si256 emu_mm256_and_si256
#define _mm256_madd52hi_epu64 emu_mm256_madd52hi_epu64
#define _mm256_madd52lo_epu64 emu_mm256_madd52lo_epu64
#define _mm256_mask_blend_epi64 emu_mm256_mask_blend_epi64
#define _mm256_or_si256 emu_mm256_or_si256
#define _mm256_permutexvar_epi64 emu_mm256_permutexvar_epi64
#define _mm256_set1_epi64x emu_mm256_set1_epi64x
#define _mm256_set_epi64x emu_mm256_set_epi64x
#define _mm256_setzero_si256 emu_mm256_setzero_si256
#define _mm256_slli_epi64 emu_mm256_slli_epi64
#define _mm256_srli_epi64 emu_mm256_srli_epi64
#define _mm256_storeu_si256 emu_mm256_storeu_si256
#define _mm256_sub_epi64 emu_mm256_sub_epi64
#define _mm256_zeroall emu_mm256_zeroall

#define _mm512_castsi512_si256 emu_mm512_castsi512_si256
#define _mm512_cmpeq_epi64_mask emu_mm512_cmpeq_epi64_mask
#define _mm512_extracti64x4_epi64 emu_mm512_extracti64x4_epi64
#define _mm512_loadu_si512 emu_mm512_loadu_si512
#define _mm512_mask_blend_epi64 emu_mm512_mask_blend_epi64
#define _mm512_maskz_loadu_epi64 emu_mm512_maskz_loadu_epi64
#define _mm512_permutex2var_epi64 emu_mm512_permutex2var_epi64
#define _mm512_set1_epi64 emu_mm512_set1_epi64
#define _mm512_set_epi64 emu_mm512_set_epi64
#define _mm512_setzero_si512 emu_mm512_setzero_si512

#define _mm_loadl_epi64 emu_mm_loadl_epi64
#define _mm_storel_epi64 emu_mm_storel_epi64
#define _mm_xor_si128 emu_mm_xor_si128
#define _mm_rol_epi64 emu_mm_rol_epi64
#define _mm_ternarylogic_epi64 emu_mm_ternarylogic_epi64
#endif /* EDFAST_IFMA_EMULATED */

#endif /* EDFAST_TEST_IFMA_INTRINSICS_H */
