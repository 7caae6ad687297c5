/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] with AVX-512VL, for shake256.c on the ifma path (../cpu.h),
 * whose CPUs all have AVX-512F and AVX-512VL.  Same algorithm as the portable
 * code, but each of the 25 lanes lives in the low quadword of its own xmm
 * register: with AVX-512 there are 32 of them, so the whole state and the
 * round's temporaries stay in registers, and the EVEX instructions do in one
 * operation what takes several in general-purpose registers:
 *
 *   vpternlogq 0x96   three-way XOR (theta: 2 per column sum, 1 per lane)
 *   vpternlogq 0xd2   a ^ (~b & c)  (chi: 1 per lane, no NOT needed)
 *   vprolq            64-bit rotation by an immediate (theta and rho)
 *
 * 128-bit operations keep the core out of the 512-bit frequency licence and
 * can issue on three vector ports.  No table lookups, no data-dependent
 * branches.
 */
#include <stddef.h>
#include <stdint.h>

#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "avx512.h"
#include "ct.h"
#include "shake256_rounds.h"

#if defined(CT_MSAN) && !defined(EDFAST_IFMA_EMULATED)
/*
 * The two ternary operations.  In a MemorySanitizer build on the real
 * instructions (native448_ct_ifma) they are the SSE2 operations they stand
 * for: MemorySanitizer (clang 14 and 19 at least) has no shadow rule for
 * the vpternlogq intrinsic and checks its operands as strictly as a branch
 * condition, which would report every hash of a secret, whereas it follows
 * XOR and AND-NOT bit by bit, and so still tracks the secret state through
 * every round (clang 14's and 19's back ends fuse them into vpternlogq
 * again after the instrumentation).  The rest of the function is the same
 * in both forms.  Which tool checks which:
 *   this form    MemorySanitizer on AVX-512 hardware (native448_ct_ifma);
 *   vpternlogq   (edfast.so, every other build) a bitwise instruction, with
 *                no branch or address for a secret to reach: its output is
 *                checked against OpenSSL's SHAKE256 by native448_shake256_ifma,
 *                and the same source on emulated intrinsics (each imm8 as
 *                its minterms, matched against the instruction for all 256
 *                by ifma_intrinsics) runs under valgrind in
 *                native448_ct_ifma_emulated.
 */
#define XOR3(x, y, z) _mm_xor_si128(_mm_xor_si128((x), (y)), (z))
#define CHI(x, y, z) _mm_xor_si128((x), _mm_andnot_si128((y), (z)))
#else
#define XOR3(x, y, z) _mm_ternarylogic_epi64((x), (y), (z), 0x96)
#define CHI(x, y, z) _mm_ternarylogic_epi64((x), (y), (z), 0xd2)
#endif

/*
 * One round from A0..A24 (lane x + 5y) to E0..E24: theta's column sums c and
 * r[x] = rotl(c[x + 1], 1), so that theta on a lane of column x is a single
 * vpternlogq a ^ c[x - 1] ^ r[x]; then plane by plane of the output, theta,
 * rho and pi for its five lanes (b at (X, Y) comes from lane (X + 3Y, X)),
 * chi, and iota on lane 0.  90 vector operations per round.
 */
#define KECCAK_ROUND_512(A, E, rc) do { \
    __m128i c0, c1, c2, c3, c4, r0, r1, r2, r3, r4, b0, b1, b2, b3, b4; \
    c0 = XOR3(XOR3(A##0, A##5, A##10), A##15, A##20); \
    c1 = XOR3(XOR3(A##1, A##6, A##11), A##16, A##21); \
    c2 = XOR3(XOR3(A##2, A##7, A##12), A##17, A##22); \
    c3 = XOR3(XOR3(A##3, A##8, A##13), A##18, A##23); \
    c4 = XOR3(XOR3(A##4, A##9, A##14), A##19, A##24); \
    r0 = _mm_rol_epi64(c1, 1); \
    r1 = _mm_rol_epi64(c2, 1); \
    r2 = _mm_rol_epi64(c3, 1); \
    r3 = _mm_rol_epi64(c4, 1); \
    r4 = _mm_rol_epi64(c0, 1); \
    b0 = XOR3(A##0, c4, r0); \
    b1 = _mm_rol_epi64(XOR3(A##6, c0, r1), 44); \
    b2 = _mm_rol_epi64(XOR3(A##12, c1, r2), 43); \
    b3 = _mm_rol_epi64(XOR3(A##18, c2, r3), 21); \
    b4 = _mm_rol_epi64(XOR3(A##24, c3, r4), 14); \
    E##0 = _mm_xor_si128(CHI(b0, b1, b2), (rc)); \
    E##1 = CHI(b1, b2, b3); \
    E##2 = CHI(b2, b3, b4); \
    E##3 = CHI(b3, b4, b0); \
    E##4 = CHI(b4, b0, b1); \
    b0 = _mm_rol_epi64(XOR3(A##3, c2, r3), 28); \
    b1 = _mm_rol_epi64(XOR3(A##9, c3, r4), 20); \
    b2 = _mm_rol_epi64(XOR3(A##10, c4, r0), 3); \
    b3 = _mm_rol_epi64(XOR3(A##16, c0, r1), 45); \
    b4 = _mm_rol_epi64(XOR3(A##22, c1, r2), 61); \
    E##5 = CHI(b0, b1, b2); \
    E##6 = CHI(b1, b2, b3); \
    E##7 = CHI(b2, b3, b4); \
    E##8 = CHI(b3, b4, b0); \
    E##9 = CHI(b4, b0, b1); \
    b0 = _mm_rol_epi64(XOR3(A##1, c0, r1), 1); \
    b1 = _mm_rol_epi64(XOR3(A##7, c1, r2), 6); \
    b2 = _mm_rol_epi64(XOR3(A##13, c2, r3), 25); \
    b3 = _mm_rol_epi64(XOR3(A##19, c3, r4), 8); \
    b4 = _mm_rol_epi64(XOR3(A##20, c4, r0), 18); \
    E##10 = CHI(b0, b1, b2); \
    E##11 = CHI(b1, b2, b3); \
    E##12 = CHI(b2, b3, b4); \
    E##13 = CHI(b3, b4, b0); \
    E##14 = CHI(b4, b0, b1); \
    b0 = _mm_rol_epi64(XOR3(A##4, c3, r4), 27); \
    b1 = _mm_rol_epi64(XOR3(A##5, c4, r0), 36); \
    b2 = _mm_rol_epi64(XOR3(A##11, c0, r1), 10); \
    b3 = _mm_rol_epi64(XOR3(A##17, c1, r2), 15); \
    b4 = _mm_rol_epi64(XOR3(A##23, c2, r3), 56); \
    E##15 = CHI(b0, b1, b2); \
    E##16 = CHI(b1, b2, b3); \
    E##17 = CHI(b2, b3, b4); \
    E##18 = CHI(b3, b4, b0); \
    E##19 = CHI(b4, b0, b1); \
    b0 = _mm_rol_epi64(XOR3(A##2, c1, r2), 62); \
    b1 = _mm_rol_epi64(XOR3(A##8, c2, r3), 55); \
    b2 = _mm_rol_epi64(XOR3(A##14, c3, r4), 39); \
    b3 = _mm_rol_epi64(XOR3(A##15, c4, r0), 41); \
    b4 = _mm_rol_epi64(XOR3(A##21, c0, r1), 2); \
    E##20 = CHI(b0, b1, b2); \
    E##21 = CHI(b1, b2, b3); \
    E##22 = CHI(b2, b3, b4); \
    E##23 = CHI(b3, b4, b0); \
    E##24 = CHI(b4, b0, b1); \
} while (0)

/* an unaligned 8-byte load or store (vmovq), little-endian as x86 is */
#define LOAD_LANE(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
#define STORE_LANE(p, v) _mm_storel_epi64((__m128i *)(void *)(p), (v))
#define XOR_LANE(i) a##i = _mm_xor_si128(a##i, LOAD_LANE(in + 8 * (i)))

/*
 * Permutes s nblocks times (nblocks >= 1); before each permutation, when in
 * is not NULL, XORs the next 136-byte block of in into the rate.
 */
EDFAST_AVX512_TARGET("avx512f,avx512vl")
void n448_avx512_keccak_blocks(uint64_t s[25], const uint8_t *in, size_t nblocks)
{
    __m128i a0 = LOAD_LANE(s + 0), a1 = LOAD_LANE(s + 1), a2 = LOAD_LANE(s + 2);
    __m128i a3 = LOAD_LANE(s + 3), a4 = LOAD_LANE(s + 4), a5 = LOAD_LANE(s + 5);
    __m128i a6 = LOAD_LANE(s + 6), a7 = LOAD_LANE(s + 7), a8 = LOAD_LANE(s + 8);
    __m128i a9 = LOAD_LANE(s + 9), a10 = LOAD_LANE(s + 10), a11 = LOAD_LANE(s + 11);
    __m128i a12 = LOAD_LANE(s + 12), a13 = LOAD_LANE(s + 13), a14 = LOAD_LANE(s + 14);
    __m128i a15 = LOAD_LANE(s + 15), a16 = LOAD_LANE(s + 16), a17 = LOAD_LANE(s + 17);
    __m128i a18 = LOAD_LANE(s + 18), a19 = LOAD_LANE(s + 19), a20 = LOAD_LANE(s + 20);
    __m128i a21 = LOAD_LANE(s + 21), a22 = LOAD_LANE(s + 22), a23 = LOAD_LANE(s + 23);
    __m128i a24 = LOAD_LANE(s + 24);
    __m128i e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12;
    __m128i e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;

    do {
        if (in != NULL) {
            XOR_LANE(0); XOR_LANE(1); XOR_LANE(2); XOR_LANE(3); XOR_LANE(4);
            XOR_LANE(5); XOR_LANE(6); XOR_LANE(7); XOR_LANE(8); XOR_LANE(9);
            XOR_LANE(10); XOR_LANE(11); XOR_LANE(12); XOR_LANE(13); XOR_LANE(14);
            XOR_LANE(15); XOR_LANE(16);
            in += 136;
        }
        for (int r = 0; r < 24; r += 2) {
            KECCAK_ROUND_512(a, e, LOAD_LANE(n448_keccak_round_constants + r));
            KECCAK_ROUND_512(e, a, LOAD_LANE(n448_keccak_round_constants + r + 1));
        }
    } while (--nblocks > 0);

    STORE_LANE(s + 0, a0); STORE_LANE(s + 1, a1); STORE_LANE(s + 2, a2);
    STORE_LANE(s + 3, a3); STORE_LANE(s + 4, a4); STORE_LANE(s + 5, a5);
    STORE_LANE(s + 6, a6); STORE_LANE(s + 7, a7); STORE_LANE(s + 8, a8);
    STORE_LANE(s + 9, a9); STORE_LANE(s + 10, a10); STORE_LANE(s + 11, a11);
    STORE_LANE(s + 12, a12); STORE_LANE(s + 13, a13); STORE_LANE(s + 14, a14);
    STORE_LANE(s + 15, a15); STORE_LANE(s + 16, a16); STORE_LANE(s + 17, a17);
    STORE_LANE(s + 18, a18); STORE_LANE(s + 19, a19); STORE_LANE(s + 20, a20);
    STORE_LANE(s + 21, a21); STORE_LANE(s + 22, a22); STORE_LANE(s + 23, a23);
    STORE_LANE(s + 24, a24);
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_shake256_avx512_unused;

#endif
