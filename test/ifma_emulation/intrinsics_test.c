/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tests ifma_intrinsics.h, the test-only emulation of the AVX-512
 * intrinsics edfast uses.  Standalone: no project headers.
 *
 *   intrinsics_test                 every emulated intrinsic against the real
 *                                   instruction on random and edge inputs;
 *                                   exit 77 (skipped) without AVX-512 IFMA
 *   intrinsics_test emulation-only  every emulated intrinsic against
 *                                   hand-computed values; runs on any CPU,
 *                                   under qemu and under valgrind
 *
 * Built with -DHAVE_MEMCHECK, the emulation-only mode also marks the inputs
 * undefined for valgrind memcheck (and the results defined again before
 * comparing them), so that valgrind reports any branch or memory index of
 * the emulation that depends on the data: the constant-time check.
 *
 * Exit status 0 pass, 1 fail, 77 skipped.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#define HAVE_X86 1
#include <immintrin.h>
#else
#define HAVE_X86 0
#endif

#include "ifma_intrinsics.h"

#ifdef HAVE_MEMCHECK
#include <valgrind/memcheck.h>
#endif

#define MAX_REPORTED 20
#define MASK52 ((UINT64_C(1) << 52) - 1)
#define ALL1 (~UINT64_C(0))

static unsigned long n_checks, n_failures;
/* what the emulation is compared with: the instruction or a hand-computed value */
static const char *reference = "real";

struct input {
    const char *name;
    const uint64_t *v;
    int lanes;
};

static void print_lanes(const char *label, const uint64_t *v, int lanes)
{
    printf("  %-4s", label);
    for (int i = 0; i < lanes; i++)
        printf(" %016llx", (unsigned long long)v[i]);
    printf("\n");
}

/* Counts one check; reports the first mismatches with their inputs (imm < 0: none). */
static void check(const char *fn, int imm, const struct input *in, int nin,
                  const uint64_t *emu, const uint64_t *want, int lanes)
{
    n_checks++;
    if (memcmp(emu, want, (size_t)lanes * 8) == 0)
        return;
    if (n_failures++ >= MAX_REPORTED)
        return;
    printf("MISMATCH %s", fn);
    if (imm >= 0)
        printf(" imm=%d", imm);
    printf("\n");
    for (int i = 0; i < nin; i++)
        print_lanes(in[i].name, in[i].v, in[i].lanes);
    print_lanes("emu", emu, lanes);
    print_lanes(reference, want, lanes);
}

static int summary(void)
{
    printf("ifma_intrinsics: %lu checks, %lu failures\n", n_checks, n_failures);
    return n_failures == 0 ? 0 : 1;
}

/* ==== against the real instructions ==== */

#if HAVE_X86

#define REAL __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define ROUNDS 100000

static uint64_t prng = UINT64_C(0x9e3779b97f4a7c15);

/* xorshift64 (13, 7, 17), fixed seed: failures reproduce. */
static uint64_t xorshift(void)
{
    prng ^= prng << 13;
    prng ^= prng >> 7;
    prng ^= prng << 17;
    return prng;
}

static const uint64_t edges[] = {
    0, 1, 2, 3, ALL1, ALL1 - 1, MASK52, MASK52 - 1, MASK52 + 1, MASK52 + 2,
    UINT64_C(1) << 51, (UINT64_C(1) << 51) - 1, UINT64_C(1) << 26, (UINT64_C(1) << 26) + 1,
    UINT64_C(1) << 63, (UINT64_C(1) << 63) - 1, ~MASK52, ~MASK52 | 1,
    MASK52 | (UINT64_C(1) << 63), UINT64_C(0x7ffffffffffff),
};

/* A lane value: edge values, 52-bit values, 52-bit values with junk above, any. */
static uint64_t rnd_lane(void)
{
    switch (xorshift() & 7) {
    case 0:
    case 1:
        return edges[xorshift() % (sizeof edges / sizeof edges[0])];
    case 2:
        return xorshift() & MASK52;
    case 3:
        return (xorshift() & MASK52) | (xorshift() & ~MASK52);
    default:
        return xorshift();
    }
}

/* An index lane: half the time 0..15, else with the bits above set too. */
static uint64_t rnd_index(void)
{
    uint64_t r = xorshift();

    return (r & 1) ? (r >> 1) & 15 : xorshift();
}

/*
 * Loads and stores of lanes from and to arrays of uint64_t: ld<bits> and
 * st<bits> for the instructions (through an unaligned load or store),
 * eld<bits> and est<bits> for the emulation.
 */
#define VECTOR_IO(mm, bits) \
    static REAL __m##bits##i ld##bits(const uint64_t *p) \
    { \
        return mm##_loadu_si##bits((const void *)p); \
    } \
    static REAL void st##bits(uint64_t *p, __m##bits##i v) \
    { \
        mm##_storeu_si##bits((void *)p, v); \
    } \
    static emu_m##bits##i eld##bits(const uint64_t *p) \
    { \
        emu_m##bits##i v; \
\
        memcpy(v.lane, p, sizeof v.lane); \
        return v; \
    } \
    static void est##bits(uint64_t *p, emu_m##bits##i v) \
    { \
        memcpy(p, v.lane, sizeof v.lane); \
    }

VECTOR_IO(_mm, 128)
VECTOR_IO(_mm256, 256)
VECTOR_IO(_mm512, 512)

/*
 * Every operation under test, real and emulated, behind one signature:
 * r from up to three vectors a, b, c and an immediate (or mask, or count).
 */
typedef void op_fn(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                   int imm);

/*
 * PAIR(fn, real_stmt, emu_stmt) defines the two op_fn of the intrinsic fn:
 * real<fn>, compiled for AVX-512, runs real_stmt; wemu<fn> runs emu_stmt.
 *
 * In either, V(bits, p) is the bits-wide vector whose lanes are at p: ld<bits>
 * in real<fn>, eld<bits> in wemu<fn>, told apart by the type of the local
 * `side`.  So an argument list is written once for both wrappers, and both
 * always get the same inputs: PAIR_RESULT(fn, bits, (args)) puts fn args and
 * emu<fn> args, bits wide, into r; PAIR_STORE(fn, (args)) has both store
 * themselves.
 */
struct real_side {
    int unused;
};
struct emu_side {
    int unused;
};

#define V(bits, p) _Generic(side, struct real_side: ld##bits, struct emu_side: eld##bits)(p)

#define PAIR(fn, real_stmt, emu_stmt) \
    static REAL void real##fn(uint64_t *r, const uint64_t *a, const uint64_t *b, \
                              const uint64_t *c, int imm) \
    { \
        struct real_side side = { 0 }; \
\
        (void)r, (void)a, (void)b, (void)c, (void)imm, (void)side; \
        real_stmt; \
    } \
    static void wemu##fn(uint64_t *r, const uint64_t *a, const uint64_t *b, \
                         const uint64_t *c, int imm) \
    { \
        struct emu_side side = { 0 }; \
\
        (void)r, (void)a, (void)b, (void)c, (void)imm, (void)side; \
        emu_stmt; \
    }

#define PAIR_RESULT(fn, bits, args) PAIR(fn, st##bits(r, fn args), est##bits(r, emu##fn args))
#define PAIR_STORE(fn, args) PAIR(fn, fn args, emu##fn args)

/* The 8 lanes at p copied imm bytes into a buffer: unaligned when imm % 8 != 0. */
static const void *displaced(const uint64_t *p, int imm)
{
    static _Alignas(64) unsigned char buf[64 + 8];

    memcpy(buf + imm, p, 64);
    return buf + imm;
}

/* r filled with the n bytes at b; returns the address imm bytes into r. */
static void *prefilled(uint64_t *r, const uint64_t *b, size_t n, int imm)
{
    memcpy(r, b, n);
    return (unsigned char *)r + imm;
}

PAIR_RESULT(_mm256_add_epi64, 256, (V(256, a), V(256, b)))
PAIR_RESULT(_mm256_sub_epi64, 256, (V(256, a), V(256, b)))
PAIR_RESULT(_mm256_and_si256, 256, (V(256, a), V(256, b)))
PAIR_RESULT(_mm256_or_si256, 256, (V(256, a), V(256, b)))
PAIR_RESULT(_mm256_permutexvar_epi64, 256, (V(256, a), V(256, b)))
PAIR_RESULT(_mm_xor_si128, 128, (V(128, a), V(128, b)))

PAIR_RESULT(_mm256_madd52lo_epu64, 256, (V(256, a), V(256, b), V(256, c)))
PAIR_RESULT(_mm256_madd52hi_epu64, 256, (V(256, a), V(256, b), V(256, c)))
PAIR_RESULT(_mm512_permutex2var_epi64, 512, (V(512, a), V(512, b), V(512, c)))

/* imm a variable, which the real shifts accept */
PAIR_RESULT(_mm256_slli_epi64, 256, (V(256, a), imm))
PAIR_RESULT(_mm256_srli_epi64, 256, (V(256, a), imm))

/* mask_blend(k = imm, a, b) */
PAIR_RESULT(_mm256_mask_blend_epi64, 256, ((uint8_t)imm, V(256, a), V(256, b)))
PAIR_RESULT(_mm512_mask_blend_epi64, 512, ((uint8_t)imm, V(512, a), V(512, b)))

/* b with the lanes of a where bit i of imm is set: equal lanes are rare otherwise */
static const uint64_t *equal_where(const uint64_t *a, const uint64_t *b, int imm)
{
    static uint64_t buf[8];

    for (int i = 0; i < 8; i++)
        buf[i] = ((imm >> i) & 1) ? a[i] : b[i];
    return buf;
}

/* the mask in lane 0 */
PAIR(_mm512_cmpeq_epi64_mask,
     r[0] = _mm512_cmpeq_epi64_mask(V(512, a), V(512, equal_where(a, b, imm))),
     r[0] = emu_mm512_cmpeq_epi64_mask(V(512, a), V(512, equal_where(a, b, imm))))

/* the four lanes of a as the four arguments */
PAIR_RESULT(_mm256_set_epi64x, 256, ((long long)a[3], (long long)a[2], (long long)a[1],
                                     (long long)a[0]))

/* the first argument in lane 6, the next in lane 3, ...: order matters */
PAIR_RESULT(_mm512_set_epi64, 512, ((long long)a[6], (long long)a[3], (long long)a[0],
                                    (long long)a[7], (long long)a[1], (long long)a[5],
                                    (long long)a[2], (long long)a[4]))

PAIR_RESULT(_mm256_set1_epi64x, 256, ((long long)a[0]))
PAIR_RESULT(_mm512_set1_epi64, 512, ((long long)a[0]))
PAIR_RESULT(_mm256_setzero_si256, 256, ())
PAIR_RESULT(_mm512_setzero_si512, 512, ())
PAIR_RESULT(_mm512_castsi512_si256, 256, (V(512, a)))

/* the real one needs a constant: 0 or 1 */
PAIR(_mm512_extracti64x4_epi64,
     st256(r, imm ? _mm512_extracti64x4_epi64(V(512, a), 1)
                  : _mm512_extracti64x4_epi64(V(512, a), 0)),
     est256(r, emu_mm512_extracti64x4_epi64(V(512, a), imm)))

/* a loaded from imm bytes into a buffer (unaligned when imm % 8 != 0) */
PAIR_RESULT(_mm512_loadu_si512, 512, (displaced(a, imm)))

/* maskz_loadu(k = imm, a) */
PAIR_RESULT(_mm512_maskz_loadu_epi64, 512, ((uint8_t)imm, a))

/* a stored imm bytes into r[0..5], which starts as b: shows what is overwritten */
PAIR_STORE(_mm256_storeu_si256, (prefilled(r, b, 48, imm), V(256, a)))

/* the 8 bytes at imm bytes into a */
PAIR_RESULT(_mm_loadl_epi64, 128, ((const void *)((const unsigned char *)a + imm)))

/* a stored imm bytes into r[0..1], which starts as b */
PAIR_STORE(_mm_storel_epi64, (prefilled(r, b, 16, imm), V(128, a)))

/*
 * The real rol and ternarylogic need constant immediates: one function per
 * immediate 0x00..0xFF, generated, in tables indexed by the immediate.
 */
#define HEX16(M, h) \
    M(0x##h##0) M(0x##h##1) M(0x##h##2) M(0x##h##3) M(0x##h##4) M(0x##h##5) \
    M(0x##h##6) M(0x##h##7) M(0x##h##8) M(0x##h##9) M(0x##h##A) M(0x##h##B) \
    M(0x##h##C) M(0x##h##D) M(0x##h##E) M(0x##h##F)
#define HEX256(M) \
    HEX16(M, 0) HEX16(M, 1) HEX16(M, 2) HEX16(M, 3) HEX16(M, 4) HEX16(M, 5) \
    HEX16(M, 6) HEX16(M, 7) HEX16(M, 8) HEX16(M, 9) HEX16(M, A) HEX16(M, B) \
    HEX16(M, C) HEX16(M, D) HEX16(M, E) HEX16(M, F)

#define ROL_FN(x) \
    static REAL void rol_##x(uint64_t *r, const uint64_t *a) \
    { \
        st128(r, _mm_rol_epi64(ld128(a), x)); \
    }
#define ROL_PTR(x) rol_##x,
#define TERNLOG_FN(x) \
    static REAL void ternlog_##x(uint64_t *r, const uint64_t *a, const uint64_t *b, \
                                 const uint64_t *c) \
    { \
        st128(r, _mm_ternarylogic_epi64(ld128(a), ld128(b), ld128(c), x)); \
    }
#define TERNLOG_PTR(x) ternlog_##x,

HEX256(ROL_FN)
HEX256(TERNLOG_FN)

static void (*const rol_real[256])(uint64_t *, const uint64_t *) = { HEX256(ROL_PTR) };
static void (*const ternlog_real[256])(uint64_t *, const uint64_t *, const uint64_t *,
                                       const uint64_t *) = { HEX256(TERNLOG_PTR) };

PAIR(_mm_rol_epi64, rol_real[imm](r, a), est128(r, emu_mm_rol_epi64(V(128, a), imm)))
PAIR(_mm_ternarylogic_epi64, ternlog_real[imm](r, a, b, c),
     est128(r, emu_mm_ternarylogic_epi64(V(128, a), V(128, b), V(128, c), imm)))

struct op {
    const char *name;
    op_fn *real, *emu;
    int nin;             /* vector inputs used: a, b, c */
    int in_lanes[3];
    int out_lanes;
    int index_arg;       /* which input is an index vector, or -1 */
    int imm_lo, imm_hi;  /* immediates (masks, counts, offsets) tested, each */
    int imm_shown;       /* whether the immediate is an input worth printing */
};

#define OP(fn) #fn, real##fn, wemu##fn

static const struct op ops[] = {
    { OP(_mm256_add_epi64), 2, { 4, 4 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_sub_epi64), 2, { 4, 4 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_and_si256), 2, { 4, 4 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_or_si256), 2, { 4, 4 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_madd52lo_epu64), 3, { 4, 4, 4 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_madd52hi_epu64), 3, { 4, 4, 4 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_mask_blend_epi64), 2, { 4, 4 }, 4, -1, 0, 255, 1 },
    { OP(_mm256_permutexvar_epi64), 2, { 4, 4 }, 4, 0, 0, 0, 0 },
    { OP(_mm256_set1_epi64x), 1, { 1 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_set_epi64x), 1, { 4 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_setzero_si256), 0, { 0 }, 4, -1, 0, 0, 0 },
    { OP(_mm256_slli_epi64), 1, { 4 }, 4, -1, 0, 70, 1 },
    { OP(_mm256_srli_epi64), 1, { 4 }, 4, -1, 0, 70, 1 },
    { OP(_mm256_storeu_si256), 2, { 4, 6 }, 6, -1, 0, 16, 1 },
    { OP(_mm512_castsi512_si256), 1, { 8 }, 4, -1, 0, 0, 0 },
    { OP(_mm512_cmpeq_epi64_mask), 2, { 8, 8 }, 1, -1, 0, 255, 1 },
    { OP(_mm512_extracti64x4_epi64), 1, { 8 }, 4, -1, 0, 1, 1 },
    { OP(_mm512_loadu_si512), 1, { 8 }, 8, -1, 0, 8, 1 },
    { OP(_mm512_mask_blend_epi64), 2, { 8, 8 }, 8, -1, 0, 255, 1 },
    { OP(_mm512_maskz_loadu_epi64), 1, { 8 }, 8, -1, 0, 255, 1 },
    { OP(_mm512_permutex2var_epi64), 3, { 8, 8, 8 }, 8, 1, 0, 0, 0 },
    { OP(_mm512_set1_epi64), 1, { 1 }, 8, -1, 0, 0, 0 },
    { OP(_mm512_set_epi64), 1, { 8 }, 8, -1, 0, 0, 0 },
    { OP(_mm512_setzero_si512), 0, { 0 }, 8, -1, 0, 0, 0 },
    { OP(_mm_loadl_epi64), 1, { 2 }, 2, -1, 0, 8, 1 },
    { OP(_mm_storel_epi64), 2, { 2, 2 }, 2, -1, 0, 8, 1 },
    { OP(_mm_xor_si128), 2, { 2, 2 }, 2, -1, 0, 0, 0 },
    { OP(_mm_rol_epi64), 1, { 2 }, 2, -1, 0, 255, 1 },
    { OP(_mm_ternarylogic_epi64), 3, { 2, 2, 2 }, 2, -1, 0, 255, 1 },
};

/*
 * ROUNDS random input sets per operation, spread over its immediates; the
 * first 32 rounds of an index input sweep every index 0..15 in every lane,
 * clean and then with random bits above.
 */
static void run_op(const struct op *op)
{
    static const char *const names[3] = { "a", "b", "c" };
    int nimm = op->imm_hi - op->imm_lo + 1;
    long per_imm = ROUNDS / nimm > 1000 ? ROUNDS / nimm : 1000;

    if (op->nin == 0)
        per_imm = 1;
    for (int imm = op->imm_lo; imm <= op->imm_hi; imm++) {
        for (long round = 0; round < per_imm; round++) {
            uint64_t in[3][8] = { { 0 } }, want[8], got[8];
            struct input desc[3];

            for (int k = 0; k < op->nin; k++) {
                for (int i = 0; i < op->in_lanes[k]; i++) {
                    if (k != op->index_arg)
                        in[k][i] = rnd_lane();
                    else if (round < 16)
                        in[k][i] = (uint64_t)round;
                    else if (round < 32)
                        in[k][i] = (uint64_t)(round - 16) | (xorshift() & ~UINT64_C(15));
                    else
                        in[k][i] = rnd_index();
                }
                desc[k].name = names[k];
                desc[k].v = in[k];
                desc[k].lanes = op->in_lanes[k];
            }
            op->real(want, in[0], in[1], in[2], imm);
            op->emu(got, in[0], in[1], in[2], imm);
            check(op->name, op->imm_shown ? imm : -1, desc, op->nin, got, want, op->out_lanes);
        }
    }
}

/* Nothing to compare: only that the no-op is callable where the real one is. */
static REAL void zeroall_both(void)
{
    _mm256_zeroall();
    emu_mm256_zeroall();
}

static int against_real(void)
{
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512vl") ||
        !__builtin_cpu_supports("avx512ifma")) {
        printf("SKIPPED: this CPU lacks AVX-512F/VL/IFMA; "
               "run with emulation-only to test the emulation alone\n");
        return 77;
    }
    zeroall_both();
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        run_op(&ops[i]);
    return summary();
}

#else

static int against_real(void)
{
    printf("SKIPPED: not x86; run with emulation-only to test the emulation alone\n");
    return 77;
}

#endif /* HAVE_X86 */

/* ==== emulation only, against hand-computed values ==== */

/*
 * Marks v undefined for memcheck (the value stays): from here any branch or
 * address computed from it is reported.
 */
static void secret(void *v, size_t n)
{
#ifdef HAVE_MEMCHECK
    VALGRIND_MAKE_MEM_UNDEFINED(v, n);
#else
    (void)v;
    (void)n;
#endif
}

/* Marks a result defined again so that comparing it is no finding. */
static void declassify(void *v, size_t n)
{
#ifdef HAVE_MEMCHECK
    VALGRIND_MAKE_MEM_DEFINED(v, n);
#else
    (void)v;
    (void)n;
#endif
}

/* check() on a result v of an emulated function, after declassifying it */
static void expect(const char *fn, int imm, void *v, const uint64_t *want, int lanes)
{
    uint64_t got[8];

    declassify(v, (size_t)lanes * 8);
    memcpy(got, v, (size_t)lanes * 8);
    check(fn, imm, NULL, 0, got, want, lanes);
}

static emu_m128i v128(uint64_t l0, uint64_t l1)
{
    emu_m128i v = { { l0, l1 } };

    return v;
}

static emu_m256i v256(uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3)
{
    emu_m256i v = { { l0, l1, l2, l3 } };

    return v;
}

static emu_m512i v512(const uint64_t l[8])
{
    emu_m512i v;

    memcpy(v.lane, l, sizeof v.lane);
    return v;
}

static void fixed_madd52(void)
{
    /*
     * (2^52-1)^2 = 2^104 - 2^53 + 1: low 1, high 2^52 - 2.  b = ~0 counts
     * as 2^52-1: 3 (2^52-1) = 2^52 + (2^52 - 3).  a wraps.  The junk above
     * bit 51 of c is ignored: (2^26+1)^2 = 2^52 + 2^27 + 1.
     */
    emu_m256i a = v256(1, 0, ALL1, 5);
    emu_m256i b = v256(MASK52, ALL1, 1, (UINT64_C(1) << 26) + 1);
    emu_m256i c = v256(MASK52, 3, 1, UINT64_C(0xfff0000004000001));
    emu_m256i lo, hi;
    const uint64_t want_lo[4] = { 2, MASK52 - 2, 0, (UINT64_C(1) << 27) + 6 };
    const uint64_t want_hi[4] = { MASK52, 2, ALL1, 6 };

    secret(&a, sizeof a);
    secret(&b, sizeof b);
    secret(&c, sizeof c);
    lo = emu_mm256_madd52lo_epu64(a, b, c);
    hi = emu_mm256_madd52hi_epu64(a, b, c);
    expect("_mm256_madd52lo_epu64", -1, &lo, want_lo, 4);
    expect("_mm256_madd52hi_epu64", -1, &hi, want_hi, 4);

    /*
     * 2^51 2^51 = 2^102; b = 2^52 counts as 0; (2^20-1)^2 = 0xffffe00001;
     * (2^52-1) 2 = 2^52 + (2^52 - 2).
     */
    a = v256(0, 7, 0, UINT64_C(1) << 63);
    b = v256(UINT64_C(1) << 51, UINT64_C(1) << 52, 0xfffff, MASK52);
    c = v256(UINT64_C(1) << 51, 123, 0xfffff, 2);
    secret(&a, sizeof a);
    secret(&b, sizeof b);
    secret(&c, sizeof c);
    lo = emu_mm256_madd52lo_epu64(a, b, c);
    hi = emu_mm256_madd52hi_epu64(a, b, c);
    {
        const uint64_t wl[4] = { 0, 7, UINT64_C(0xffffe00001), (UINT64_C(1) << 63) + MASK52 - 1 };
        const uint64_t wh[4] = { UINT64_C(1) << 50, 7, 0, (UINT64_C(1) << 63) + 1 };

        expect("_mm256_madd52lo_epu64", -1, &lo, wl, 4);
        expect("_mm256_madd52hi_epu64", -1, &hi, wh, 4);
    }
}

static void fixed_arith_logic(void)
{
    emu_m256i a = v256(ALL1, 5, 0, UINT64_C(0xf0f0f0f0f0f0f0f0));
    emu_m256i b = v256(1, 7, 1, UINT64_C(0xcccccccccccccccc));
    emu_m256i r;
    emu_m128i p, q, s;

    secret(&a, sizeof a);
    secret(&b, sizeof b);
    r = emu_mm256_add_epi64(a, b);
    expect("_mm256_add_epi64", -1, &r,
           (const uint64_t[4]){ 0, 12, 1, UINT64_C(0xbdbdbdbdbdbdbdbc) }, 4);
    r = emu_mm256_sub_epi64(a, b);
    expect("_mm256_sub_epi64", -1, &r,
           (const uint64_t[4]){ ALL1 - 1, ALL1 - 1, ALL1, UINT64_C(0x2424242424242424) }, 4);
    r = emu_mm256_and_si256(a, b);
    expect("_mm256_and_si256", -1, &r,
           (const uint64_t[4]){ 1, 5, 0, UINT64_C(0xc0c0c0c0c0c0c0c0) }, 4);
    r = emu_mm256_or_si256(a, b);
    expect("_mm256_or_si256", -1, &r,
           (const uint64_t[4]){ ALL1, 7, 1, UINT64_C(0xfcfcfcfcfcfcfcfc) }, 4);

    p = v128(UINT64_C(0x0123456789abcdef), ALL1);
    q = v128(UINT64_C(0xfedcba9876543210), UINT64_C(0x00ff00ff00ff00ff));
    secret(&p, sizeof p);
    secret(&q, sizeof q);
    s = emu_mm_xor_si128(p, q);
    expect("_mm_xor_si128", -1, &s, (const uint64_t[2]){ ALL1, UINT64_C(0xff00ff00ff00ff00) }, 2);
}

static void fixed_shifts(void)
{
    emu_m256i a = v256(1, UINT64_C(0x8000000000000001), ALL1, UINT64_C(0x0123456789abcdef));
    emu_m256i r;
    const uint64_t zero[4] = { 0, 0, 0, 0 };
    const uint64_t top[4] = { UINT64_C(1) << 63, UINT64_C(1) << 63, UINT64_C(1) << 63,
                              UINT64_C(1) << 63 };

    secret(&a, sizeof a);
    r = emu_mm256_slli_epi64(a, 0);
    expect("_mm256_slli_epi64", 0, &r,
           (const uint64_t[4]){ 1, UINT64_C(0x8000000000000001), ALL1,
                                UINT64_C(0x0123456789abcdef) }, 4);
    r = emu_mm256_slli_epi64(a, 4);
    expect("_mm256_slli_epi64", 4, &r,
           (const uint64_t[4]){ 0x10, 0x10, ALL1 << 4, UINT64_C(0x123456789abcdef0) }, 4);
    r = emu_mm256_slli_epi64(a, 63);
    expect("_mm256_slli_epi64", 63, &r, top, 4);
    r = emu_mm256_srli_epi64(a, 4);
    expect("_mm256_srli_epi64", 4, &r,
           (const uint64_t[4]){ 0, UINT64_C(0x0800000000000000), ALL1 >> 4,
                                UINT64_C(0x00123456789abcde) }, 4);
    r = emu_mm256_srli_epi64(a, 63);
    expect("_mm256_srli_epi64", 63, &r, (const uint64_t[4]){ 0, 1, 1, 0 }, 4);
    for (int n = 64; n <= 70; n++) {
        secret(&a, sizeof a);
        r = emu_mm256_slli_epi64(a, n);
        expect("_mm256_slli_epi64", n, &r, zero, 4);
        r = emu_mm256_srli_epi64(a, n);
        expect("_mm256_srli_epi64", n, &r, zero, 4);
    }
}

static void fixed_set(void)
{
    emu_m256i r;
    emu_m512i z;

    r = emu_mm256_set_epi64x(3, 2, 1, 0);
    expect("_mm256_set_epi64x", -1, &r, (const uint64_t[4]){ 0, 1, 2, 3 }, 4);
    r = emu_mm256_set_epi64x(-1, 0, 0, 0);
    expect("_mm256_set_epi64x", -1, &r, (const uint64_t[4]){ 0, 0, 0, ALL1 }, 4);
    r = emu_mm256_set1_epi64x(-2);
    expect("_mm256_set1_epi64x", -1, &r, (const uint64_t[4]){ ALL1 - 1, ALL1 - 1, ALL1 - 1,
                                                              ALL1 - 1 }, 4);
    r = emu_mm256_setzero_si256();
    expect("_mm256_setzero_si256", -1, &r, (const uint64_t[4]){ 0, 0, 0, 0 }, 4);
    z = emu_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, -1);
    expect("_mm512_set_epi64", -1, &z, (const uint64_t[8]){ ALL1, 1, 2, 3, 4, 5, 6, 7 }, 8);
    z = emu_mm512_set1_epi64(0x7ffffffffffff);
    expect("_mm512_set1_epi64", -1, &z,
           (const uint64_t[8]){ 0x7ffffffffffff, 0x7ffffffffffff, 0x7ffffffffffff,
                                0x7ffffffffffff, 0x7ffffffffffff, 0x7ffffffffffff,
                                0x7ffffffffffff, 0x7ffffffffffff }, 8);
    z = emu_mm512_setzero_si512();
    expect("_mm512_setzero_si512", -1, &z, (const uint64_t[8]){ 0 }, 8);
}

static void fixed_permutes(void)
{
    static const uint64_t al[8] = { 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7 };
    static const uint64_t bl[8] = { 0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7 };
    emu_m256i a4 = v256(0xa0, 0xa1, 0xa2, 0xa3), idx4, r;
    emu_m512i a, b, idx, z;

    idx4 = emu_mm256_set_epi64x(0, 1, 2, 3);
    secret(&a4, sizeof a4);
    secret(&idx4, sizeof idx4);
    r = emu_mm256_permutexvar_epi64(idx4, a4);
    expect("_mm256_permutexvar_epi64", -1, &r, (const uint64_t[4]){ 0xa3, 0xa2, 0xa1, 0xa0 }, 4);
    /* only bits 1:0 of an index count */
    idx4 = v256(ALL1 - 2, 4, UINT64_C(0x8000000000000002), 7);
    secret(&idx4, sizeof idx4);
    r = emu_mm256_permutexvar_epi64(idx4, a4);
    expect("_mm256_permutexvar_epi64", -1, &r, (const uint64_t[4]){ 0xa1, 0xa0, 0xa2, 0xa3 }, 4);

    a = v512(al);
    b = v512(bl);
    {
        const uint64_t il[8] = { 15, 0, 8, 7, 0x13, ALL1 - 6, 12, 0x25 };

        idx = v512(il);
    }
    secret(&a, sizeof a);
    secret(&b, sizeof b);
    secret(&idx, sizeof idx);
    z = emu_mm512_permutex2var_epi64(a, idx, b);
    expect("_mm512_permutex2var_epi64", -1, &z,
           (const uint64_t[8]){ 0xb7, 0xa0, 0xb0, 0xa7, 0xa3, 0xb1, 0xb4, 0xa5 }, 8);

    /* every index in every lane, with junk above the index bits */
    for (uint64_t v = 0; v < 16; v++) {
        uint64_t w[8];

        for (int i = 0; i < 8; i++)
            idx.lane[i] = ((v + (uint64_t)i) & 15) | (UINT64_C(0x5a5a5a5a5a5a5a50) << (i & 3));
        for (int i = 0; i < 8; i++)
            w[i] = (((v + (uint64_t)i) & 8) ? bl : al)[(v + (uint64_t)i) & 7];
        secret(&idx, sizeof idx);
        z = emu_mm512_permutex2var_epi64(a, idx, b);
        expect("_mm512_permutex2var_epi64", (int)v, &z, w, 8);

        idx4 = v256(v, v + 1, v + 2, v + 3);
        for (int i = 0; i < 4; i++)
            idx4.lane[i] |= UINT64_C(0xfffffffffffffff0) << i;
        secret(&idx4, sizeof idx4);
        r = emu_mm256_permutexvar_epi64(idx4, a4);
        for (int i = 0; i < 4; i++)
            w[i] = al[(v + (uint64_t)i) & 3];
        expect("_mm256_permutexvar_epi64", (int)v, &r, w, 4);
    }
}

static void fixed_blend_cast_extract(void)
{
    const uint64_t l[8] = { 10, 11, 12, 13, 14, 15, 16, 17 };
    emu_m256i a = v256(0xa0, 0xa1, 0xa2, 0xa3), b = v256(0xb0, 0xb1, 0xb2, 0xb3), r;
    emu_m512i z = v512(l);

    for (int k = 0; k < 256; k++) {
        uint64_t w[4];

        for (int i = 0; i < 4; i++)
            w[i] = ((k >> i) & 1) ? b.lane[i] : a.lane[i];
        secret(&a, sizeof a);
        secret(&b, sizeof b);
        r = emu_mm256_mask_blend_epi64((emu_mmask8)k, a, b);
        declassify(&a, sizeof a);
        declassify(&b, sizeof b);
        expect("_mm256_mask_blend_epi64", k, &r, w, 4);
    }
    for (int k = 0; k < 256; k++) {
        const uint64_t m[8] = { 20, 11, 22, 13, 24, 15, 26, 17 };
        emu_m512i y = v512(m), x = z;
        uint64_t w[8], eq;

        for (int i = 0; i < 8; i++)
            w[i] = ((k >> i) & 1) ? m[i] : l[i];
        secret(&x, sizeof x);
        secret(&y, sizeof y);
        {
            const emu_m512i blended = emu_mm512_mask_blend_epi64((emu_mmask8)k, x, y);

            expect("_mm512_mask_blend_epi64", k, (void *)&blended, w, 8);
        }
        /* lanes 1, 3, 5, 7 equal; lane i of y is also made equal where bit i of k is set */
        for (int i = 0; i < 8; i++)
            y.lane[i] = ((k >> i) & 1) ? x.lane[i] : y.lane[i];
        eq = emu_mm512_cmpeq_epi64_mask(x, y);
        expect("_mm512_cmpeq_epi64_mask", k, &eq, (const uint64_t[1]){ (uint64_t)(k | 0xaa) }, 1);
    }
    secret(&z, sizeof z);
    r = emu_mm512_castsi512_si256(z);
    expect("_mm512_castsi512_si256", -1, &r, l, 4);
    r = emu_mm512_extracti64x4_epi64(z, 0);
    expect("_mm512_extracti64x4_epi64", 0, &r, l, 4);
    r = emu_mm512_extracti64x4_epi64(z, 1);
    expect("_mm512_extracti64x4_epi64", 1, &r, l + 4, 4);
}

static void fixed_rol_ternarylogic(void)
{
    emu_m128i a = v128(UINT64_C(0x8000000000000001), UINT64_C(0x0123456789abcdef)), r;
    emu_m128i x, y, z;

    secret(&a, sizeof a);
    r = emu_mm_rol_epi64(a, 0);
    expect("_mm_rol_epi64", 0, &r,
           (const uint64_t[2]){ UINT64_C(0x8000000000000001), UINT64_C(0x0123456789abcdef) }, 2);
    r = emu_mm_rol_epi64(a, 1);
    expect("_mm_rol_epi64", 1, &r, (const uint64_t[2]){ 3, UINT64_C(0x02468acf13579bde) }, 2);
    r = emu_mm_rol_epi64(a, 44);
    expect("_mm_rol_epi64", 44, &r,
           (const uint64_t[2]){ UINT64_C(0x0000180000000000), UINT64_C(0xbcdef0123456789a) }, 2);
    r = emu_mm_rol_epi64(a, 63);
    expect("_mm_rol_epi64", 63, &r,
           (const uint64_t[2]){ UINT64_C(0xc000000000000000), UINT64_C(0x8091a2b3c4d5e6f7) }, 2);
    r = emu_mm_rol_epi64(a, 65);
    expect("_mm_rol_epi64", 65, &r, (const uint64_t[2]){ 3, UINT64_C(0x02468acf13579bde) }, 2);

    /* 0x96: a ^ b ^ c (theta); 0xd2: a ^ (~b & c) (chi) */
    x = v128(UINT64_C(0x0123456789abcdef), 0);
    y = v128(UINT64_C(0xfedcba9876543210), ALL1);
    z = v128(UINT64_C(0x00ff00ff00ff00ff), ALL1);
    secret(&x, sizeof x);
    secret(&y, sizeof y);
    secret(&z, sizeof z);
    r = emu_mm_ternarylogic_epi64(x, y, z, 0x96);
    expect("_mm_ternarylogic_epi64", 0x96, &r,
           (const uint64_t[2]){ UINT64_C(0xff00ff00ff00ff00), 0 }, 2);
    r = emu_mm_ternarylogic_epi64(x, y, z, 0xd2);
    expect("_mm_ternarylogic_epi64", 0xd2, &r,
           (const uint64_t[2]){ UINT64_C(0x010045008900cd00), 0 }, 2);

    /*
     * With a = 0xf0.., b = 0xcc.., c = 0xaa.. bit j of each byte sees the
     * inputs (a, b, c) = minterm j, so every byte of the result is imm; with
     * the inputs complemented it sees minterm 7 - j: imm bit-reversed.
     */
    x = v128(UINT64_C(0xf0f0f0f0f0f0f0f0), UINT64_C(0x0f0f0f0f0f0f0f0f));
    y = v128(UINT64_C(0xcccccccccccccccc), UINT64_C(0x3333333333333333));
    z = v128(UINT64_C(0xaaaaaaaaaaaaaaaa), UINT64_C(0x5555555555555555));
    for (int imm = 0; imm < 256; imm++) {
        unsigned rev = 0;

        for (int j = 0; j < 8; j++)
            rev |= (unsigned)((imm >> j) & 1) << (7 - j);
        secret(&x, sizeof x);
        secret(&y, sizeof y);
        secret(&z, sizeof z);
        r = emu_mm_ternarylogic_epi64(x, y, z, imm);
        declassify(&x, sizeof x);
        declassify(&y, sizeof y);
        declassify(&z, sizeof z);
        expect("_mm_ternarylogic_epi64", imm, &r,
               (const uint64_t[2]){ UINT64_C(0x0101010101010101) * (uint64_t)imm,
                                    UINT64_C(0x0101010101010101) * rev }, 2);
    }
}

static void fixed_memory(void)
{
    const uint64_t l[8] = { 10, 11, 12, ALL1, 14, 15, 16, UINT64_C(1) << 63 };
    uint64_t mem[8], out[6];
    uint64_t *buf = malloc(8 * sizeof *buf), *seven = malloc(7 * sizeof *seven);
    emu_m512i z;
    emu_m128i p;

    if (buf == NULL || seven == NULL) {
        printf("out of memory\n");
        exit(1);
    }
    memcpy(mem, l, sizeof mem);
    secret(mem, sizeof mem);
    z = emu_mm512_loadu_si512(mem);
    expect("_mm512_loadu_si512", -1, &z, l, 8);

    /*
     * Masked-off words are made inaccessible: valgrind reports the
     * out-of-bounds read if the emulation touches one.
     */
    for (int k = 0; k < 256; k++) {
        uint64_t w[8];

        for (int i = 0; i < 8; i++)
            w[i] = ((k >> i) & 1) ? l[i] : 0;
        memcpy(buf, l, 8 * sizeof *buf);
        for (int i = 0; i < 8; i++) {
#ifdef HAVE_MEMCHECK
            if (!((k >> i) & 1))
                VALGRIND_MAKE_MEM_NOACCESS(buf + i, 8);
            else
#endif
                secret(buf + i, 8);
        }
        z = emu_mm512_maskz_loadu_epi64((emu_mmask8)k, buf);
        declassify(buf, 8 * sizeof *buf);
        expect("_mm512_maskz_loadu_epi64", k, &z, w, 8);
    }
    /* as point_ifma.c does: 7 words allocated, the 8th masked off */
    memcpy(seven, l, 7 * sizeof *seven);
    z = emu_mm512_maskz_loadu_epi64(0x7f, seven);
    expect("_mm512_maskz_loadu_epi64", 0x7f, &z, (const uint64_t[8]){ 10, 11, 12, ALL1, 14, 15,
                                                                      16, 0 }, 8);

    /* the store writes words 1..4 exactly */
    for (int i = 0; i < 6; i++)
        out[i] = UINT64_C(0x5555555555555555);
    emu_mm256_storeu_si256(out + 1, v256(1, 2, 3, 4));
    expect("_mm256_storeu_si256", -1, out,
           (const uint64_t[6]){ UINT64_C(0x5555555555555555), 1, 2, 3, 4,
                                UINT64_C(0x5555555555555555) }, 6);

    p = emu_mm_loadl_epi64(l + 3);
    expect("_mm_loadl_epi64", -1, &p, (const uint64_t[2]){ ALL1, 0 }, 2);
    out[0] = out[1] = out[2] = 7;
    emu_mm_storel_epi64(out + 1, v128(UINT64_C(0x0123456789abcdef), 99));
    expect("_mm_storel_epi64", -1, out, (const uint64_t[3]){ 7, UINT64_C(0x0123456789abcdef), 7 },
           3);

    emu_mm256_zeroall();
    free(buf);
    free(seven);
}

static int emulation_only(void)
{
    reference = "want";
    fixed_madd52();
    fixed_arith_logic();
    fixed_shifts();
    fixed_set();
    fixed_permutes();
    fixed_blend_cast_extract();
    fixed_rol_ternarylogic();
    fixed_memory();
    return summary();
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "emulation-only") == 0)
        return emulation_only();
    if (argc > 1) {
        fprintf(stderr, "usage: %s [emulation-only]\n", argv[0]);
        return 1;
    }
    return against_real();
}
